// commanders as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"

namespace nf {

struct commanders_listing {
  using Game = commanders::CommandersGame;
  static constexpr std::string_view players = "2";
  static constexpr uint64_t default_games = 6'000'000;
};

}  // namespace nf
