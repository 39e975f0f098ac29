#include "experiments/registry.hpp"

#include <fmt/format.h>

namespace nf {

const GameEntry& find_game(std::string_view id) {
  std::vector<std::string> ids;
  for (const GameEntry& entry : game_registry()) {
    if (entry.id == id) return entry;
    ids.push_back(entry.id);
  }
  throw Error(fmt::format("unknown game '{}' (known: {})", id, fmt::join(ids, ", ")));
}

std::vector<std::string> lineup_for_players(const std::vector<std::string>& agents, int players,
                                            std::string_view game) {
  if (agents.size() == 1) return std::vector<std::string>(size_t(players), agents[0]);
  if (agents.size() != size_t(players))
    throw Error(
        fmt::format("game '{}' has {} seats but {} agents were given; give one agent for "
                    "every seat or a single agent for all",
                    game, players, agents.size()));
  return agents;
}

}  // namespace nf
