#include "experiments/game_catalog.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "experiments/game_types.hpp"

namespace nf {
namespace {

template <class... Listings>
std::vector<GameInfo> describe_all(GameList<Listings...>) {
  std::vector<GameInfo> games;
  (games.push_back(describe_game<Listings>()), ...);
  return games;
}

}  // namespace

const std::vector<GameInfo>& game_catalog() {
  static const std::vector<GameInfo> games = describe_all(GameListings{});
  return games;
}

const GameInfo& find_game(std::string_view id) {
  std::vector<std::string> ids;
  for (const GameInfo& game : game_catalog()) {
    if (game.id == id) return game;
    ids.push_back(game.id);
  }
  throw Error(fmt::format("unknown game '{}' (known: {})", id, fmt::join(ids, ", ")));
}

std::unique_ptr<LoadedGame> GameInfo::load(const ConfigValues& config,
                                           const std::string& what) const {
  return load_config(ParamSet(config_schema, config, fmt::format("game '{}' {}", id, what)));
}

std::string GameInfo::default_agent() const {
  for (const AgentListing& agent : agents)
    if (agent.name == "heuristic") return agent.name;
  return "random";
}

const AgentListing& GameInfo::agent(std::string_view name) const {
  std::vector<std::string> names;
  for (const AgentListing& a : agents) {
    if (a.name == name) return a;
    names.push_back(a.name);
  }
  throw Error(fmt::format("unknown agent '{}' for game '{}' (known: {})", name, id,
                          fmt::join(names, ", ")));
}

void require_two_seats(const LoadedGame& game, std::string_view command) {
  if (game.num_players() != 2)
    throw Error(
        fmt::format("{} plays two agents head to head and needs a two-seat game; game "
                    "'{}' is set up for {} seats",
                    command, game.id(), game.num_players()));
  if (game.one_team())
    throw Error(fmt::format(
        "{} plays two agents head to head, but in this config of game '{}' both seats play "
        "on one team and share its result; compare teams with `balance --robust` instead",
        command, game.id()));
}

}  // namespace nf
