// ragnarok as the commands list it: its seats and the games `balance` plays by default (about
// a minute on two cores).
#pragma once

#include <cstdint>
#include <string_view>

#include "games/ragnarok/ragnarok.hpp"

namespace nf {

struct ragnarok_listing {
  using Game = ragnarok::RagnarokGame;
  static constexpr std::string_view players = "2";
  static constexpr uint64_t default_games = 12'000;
};

}  // namespace nf
