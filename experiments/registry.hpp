// Game ids to instantiations: the one place where the command line meets the game types.
// Each command is a template instantiated per game (static dispatch inside); the registry
// holds plain function pointers to those instantiations.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/params.hpp"
#include "core/record.hpp"
#include "experiments/balance.hpp"
#include "experiments/fit.hpp"
#include "experiments/ladder.hpp"
#include "experiments/match.hpp"
#include "experiments/merge.hpp"
#include "experiments/play.hpp"
#include "experiments/replay.hpp"
#include "experiments/round_robin.hpp"
#include "experiments/tune.hpp"
#include "experiments/variant.hpp"

namespace nf {

struct AgentListing {
  std::string name, description;
  ParamSchema schema;
};

struct GameEntry {
  std::string id;
  std::string description;
  std::string players;     // "2" or "2-4"
  uint64_t default_games;  // `balance` without --games: about a minute on two cores
  ParamSchema config_schema;
  int (*balance)(const BalanceOptions&);
  int (*play)(const PlayOptions&);
  int (*replay)(const ReplayOptions&, const GameRecord&);
  std::vector<AgentListing> (*agents)();
  // Experiments at scale (experiments/scale_cli.cpp).
  int (*variant)(const BalanceOptions&);
  int (*ladder)(const BalanceOptions&);
  int (*merge)(const MergeOptions&);
  int (*tournament)(const TournamentOptions&);
  int (*match)(const MatchOptions&);
  int (*tune)(const TuneOptions&);
  int (*fit)(const FitOptions&);
};

template <Game G>
std::vector<AgentListing> agent_listing() {
  std::vector<AgentListing> out;
  for (const auto& info : agent_catalog<G>())
    out.push_back({info.name, info.description, info.schema});
  return out;
}

template <Game G>
GameEntry make_game_entry(std::string players, uint64_t default_games) {
  return {std::string(G::kId),    std::string(G::kDescription),
          std::move(players),     default_games,
          G::config_schema(),     &balance_command<G>,
          &play_command<G>,       &replay_command<G>,
          &agent_listing<G>,      &variant_command<G>,
          &ladder_command<G>,     &merge_command<G>,
          &tournament_command<G>, &match_command<G>,
          &tune_command<G>,       &fit_command<G>};
}

// Every game, in the order `ninefold games` lists them.
const std::vector<GameEntry>& game_registry();
// Throws nf::Error listing the known ids when `id` is not one of them.
const GameEntry& find_game(std::string_view id);

}  // namespace nf
