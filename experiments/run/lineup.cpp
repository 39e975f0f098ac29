#include "experiments/run/lineup.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace nf {

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
