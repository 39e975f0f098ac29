// tic_tac_toe as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/reference/tic_tac_toe.hpp"

namespace nf {

struct tic_tac_toe_listing {
  using Game = reference::TicTacToeGame;
  static constexpr std::string_view players = "2";
  static constexpr uint64_t default_games = 600'000'000;
};

}  // namespace nf
