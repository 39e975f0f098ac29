// ninth_world as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/ninth_world/heuristic.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf {

struct ninth_world_listing {
  using Game = ninth_world::NinthWorldGame;
  static constexpr std::string_view players = "1-5";
  static constexpr uint64_t default_games = 20'000;
};

}  // namespace nf
