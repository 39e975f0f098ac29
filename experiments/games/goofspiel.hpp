// goofspiel as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/reference/goofspiel.hpp"

namespace nf {

struct goofspiel_listing {
  using Game = reference::GoofspielGame;
  static constexpr std::string_view players = "2-10";
  static constexpr uint64_t default_games = 120'000'000;
};

}  // namespace nf
