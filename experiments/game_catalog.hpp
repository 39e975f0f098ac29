// Every game the commands know, as data: its id, description, seats, config options, agents,
// the configs `check --all` covers, and how to build it from a config. Built once from the
// generated list of games (experiments/game_types.hpp.in: one listing per file of
// experiments/games/); each entry's game-typed code is compiled once, in its own unit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/causal.hpp"
#include "core/params.hpp"
#include "experiments/loaded_game.hpp"

namespace nf {

struct AgentListing {
  std::string name, description;
  ParamSchema schema;
};

using ConfigValues = std::map<std::string, std::string>;

struct GameInfo {
  std::string id;
  std::string description;
  std::string players;     // "2" or "2-4"
  uint64_t default_games;  // `balance` without --games: about a minute on two cores
  ParamSchema config_schema;
  std::vector<AgentListing> agents;
  // Conformance (experiments/run/check.hpp) runs on the default config and each of these.
  std::vector<ConfigValues> check_configs;
  std::function<std::unique_ptr<LoadedGame>(const ParamSet&)> load_config;
  // The text of a data file the game ships (`fit --free` on a shipped name); unset when the
  // game ships none.
  std::function<std::string(std::string_view option, const std::string& name)> shipped_data;
  // `check --planted` (experiments/run/planted.hpp); unset when the game has no such check.
  std::function<PlantedImbalance(const std::filesystem::path& folder)> plant_imbalance;

  // The game built from `config`; errors in the config are named "game '<id>' <what>".
  std::unique_ptr<LoadedGame> load(const ConfigValues& config,
                                   const std::string& what = "config") const;
  // The game's heuristic when it has one, otherwise random play.
  std::string default_agent() const;
  // The listing of agent `name`; nf::Error naming the known agents otherwise.
  const AgentListing& agent(std::string_view name) const;
};

// Every game, in the order `ninefold games` lists them (file-name order of experiments/games/).
const std::vector<GameInfo>& game_catalog();
// nf::Error listing the known ids when `id` is not one of them.
const GameInfo& find_game(std::string_view id);

// Defined once per game, in the unit generated for it (experiments/game_unit.cpp.in).
template <class Listing>
GameInfo describe_game();

}  // namespace nf
