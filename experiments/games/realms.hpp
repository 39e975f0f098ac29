// realms as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/realms/heuristic.hpp"
#include "games/realms/realms.hpp"

namespace nf {

struct realms_listing {
  using Game = realms::RealmsGame;
  static constexpr std::string_view players = "2";
  static constexpr uint64_t default_games = 12'000;
};

}  // namespace nf
