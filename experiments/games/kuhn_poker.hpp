// kuhn_poker as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/reference/kuhn_poker.hpp"

namespace nf {

struct kuhn_poker_listing {
  using Game = reference::KuhnPokerGame;
  static constexpr std::string_view players = "2-10";
  static constexpr uint64_t default_games = 700'000'000;
};

}  // namespace nf
