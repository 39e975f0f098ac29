// Builders for explicit commanders positions, and the invariants every reachable state keeps.
// Commanders are written as in action text ("K Q J A Joker"); troop draws are listed in the
// order they will be drawn (the deck's top is its back()).
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "agents/game_hooks.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"

namespace nf::commanders::test {

inline CommandersGame game_with(const std::map<std::string, std::string>& config) {
  return CommandersGame(ParamSet(CommandersGame::config_schema(), config, "commanders"));
}

inline Heuristic heuristic_with(const CommandersGame& game,
                                const std::map<std::string, std::string>& params) {
  return Heuristic(game, ParamSet(Heuristic::schema(), params, "heuristic"));
}

inline Commander commander_named(std::string_view name) {
  for (int c = 0; c < kCommanderTypes; ++c)
    if (commander_name(Commander(c)) == name) return Commander(c);
  FAIL("unknown commander '" << std::string(name) << "'");
  return King;
}

// "K Q Q" -> {K, Q, Q}
inline std::vector<Commander> commanders_in(std::string_view text) {
  std::vector<Commander> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start) out.push_back(commander_named(text.substr(start, end - start)));
    start = end + 1;
  }
  return out;
}

inline std::array<uint8_t, kCommanderTypes> castle_of(std::string_view text) {
  std::array<uint8_t, kCommanderTypes> castle{};
  for (Commander c : commanders_in(text)) ++castle[c];
  return castle;
}

// A side holding `castle`; every other of its nine commanders lies in the graveyard, with
// `graveyard_top` (listed bottom to top) on top of the rest. Its troop deck is stacked so
// that `draws` come first, in that order, above the remaining troop cards (ascending from
// the top down); its used pile is empty.
inline Side make_side(std::string_view castle, std::string_view graveyard_top = "",
                      std::initializer_list<int> draws = {}) {
  Side side;
  side.castle = castle_of(castle);
  std::array<int, kCommanderTypes> dead{};
  for (int c = 0; c < kCommanderTypes; ++c) dead[c] = kStartingCastle[c] - side.castle[c];
  const std::vector<Commander> top = commanders_in(graveyard_top);
  for (Commander c : top) --dead[c];
  for (int c = 0; c < kCommanderTypes; ++c) {
    REQUIRE(dead[c] >= 0);  // more commanders than a side owns
    for (int k = 0; k < dead[c]; ++k) side.graveyard.push_back(uint8_t(c));
  }
  for (Commander c : top) side.graveyard.push_back(c);

  std::array<int, 11> left{};
  for (int v = 2; v <= 10; ++v) left[v] = 2;
  for (int v : draws) {  // troop cards are two of each value 2..10
    REQUIRE((v >= 2 && v <= 10));
    REQUIRE(left[v] > 0);
    --left[v];
  }
  for (int v = 10; v >= 2; --v)  // the rest below them, largest deepest
    for (int k = 0; k < left[v]; ++k) side.deck.push_back(uint8_t(v));
  std::vector<int> order(draws);
  std::reverse(order.begin(), order.end());
  for (int v : order) side.deck.push_back(uint8_t(v));
  return side;
}

// A position at the start of a round (seat 0 to choose).
inline State make_state(const Side& seat0, const Side& seat1, uint64_t seed = 1,
                        uint16_t round = 1) {
  State s;
  s.sides = {seat0, seat1};
  s.round = round;
  s.rng.reseed(seed);
  return s;
}

inline std::vector<Commander> graveyard_of(const Side& side) {
  std::vector<Commander> out;
  for (uint8_t c : side.graveyard) out.push_back(Commander(c));
  return out;
}

inline std::vector<int> cards_of(std::span<const uint8_t> cards) {
  return std::vector<int>(cards.begin(), cards.end());
}

// Applies the legal action whose text is `text`.
inline void act(const CommandersGame& game, State& s, std::string_view text) {
  Action a{};
  INFO("action '" << std::string(text) << "' in\n" << game.render(s));
  REQUIRE(find_action_by_text(game, s, text, a));
  game.apply(s, a);
}

// Seat 0 plays `first`, seat 1 plays `second`.
inline void play_round(const CommandersGame& game, State& s, Commander first, Commander second) {
  REQUIRE(s.phase == Phase::Choose);
  REQUIRE(s.to_move == 0);
  act(game, s, commander_name(first));
  act(game, s, commander_name(second));
}

inline std::vector<std::string> action_texts(const CommandersGame& game, const State& s) {
  FixedVector<Action, CommandersGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::vector<std::string> out;
  for (Action a : actions) out.push_back(game.action_to_string(s, a));
  return out;
}

}  // namespace nf::commanders::test
