// sections as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/sections/heuristic.hpp"
#include "games/sections/sections.hpp"

namespace nf {

struct sections_listing {
  using Game = sections::SectionsGame;
  static constexpr std::string_view players = "2-4";
  static constexpr uint64_t default_games = 70'000;
};

}  // namespace nf
