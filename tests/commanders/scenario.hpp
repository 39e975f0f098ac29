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

// Commanders on the table: seat 0's face-down card while seat 1 chooses, both in a battle.
inline std::array<int, kCommanderTypes> on_table(const State& s, int seat) {
  std::array<int, kCommanderTypes> out{};
  const bool shown =
      s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && seat < s.to_move);
  if (shown) ++out[s.choice[seat]];
  return out;
}

// Everything a reachable state keeps, whatever was played: "" when all hold, else the
// first broken one.
inline std::string broken_invariant(const CommandersGame& game, const State& s) {
  for (int seat = 0; seat < 2; ++seat) {
    const Side& side = s.sides[seat];
    const std::string who = "seat " + std::to_string(seat) + ": ";
    std::array<int, 11> troops{};  // index 0 counts values outside 2..10
    auto count = [&](uint8_t v) { ++troops[v >= 2 && v <= 10 ? v : 0]; };
    for (uint8_t v : side.deck) count(v);
    for (uint8_t v : side.used) count(v);
    for (uint8_t v : side.battle) count(v);
    if (side.deck.size() + side.used.size() + side.battle.size() != size_t(kTroopCards))
      return who + "troop cards are not 18 across deck, used pile and battle";
    for (int v = 0; v <= 10; ++v)
      if (troops[v] != (v >= 2 ? 2 : 0)) return who + "troop cards are not two of each 2..10";
    std::array<int, kCommanderTypes> commanders = on_table(s, seat);
    for (int c = 0; c < kCommanderTypes; ++c) commanders[c] += side.castle[c];
    for (uint8_t c : side.graveyard) {
      if (c >= kCommanderTypes) return who + "a graveyard holds no commander";
      ++commanders[c];
    }
    for (int c = 0; c < kCommanderTypes; ++c)
      if (commanders[c] != kStartingCastle[c])
        return who + "castle, graveyard and table do not hold " +
               std::to_string(kStartingCastle[c]) + " " + std::string(commander_name(Commander(c)));
    if ((s.phase == Phase::QueenRedraw) == side.battle.empty())
      return who + "troop cards are on the table exactly when a battle is undecided";
    if (side.battle.size() > size_t(1 + game.queen_redraws()))
      return who + "more troop cards in a battle than a Queen may draw";
    if (side.redraws_left > 0 && s.choice[seat] != Queen && s.phase == Phase::QueenRedraw)
      return who + "redraws left for a commander that is not a Queen";
  }
  if (s.round < 1 || s.round > game.round_cap()) return "round outside 1..round_cap";
  FixedVector<Action, CommandersGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  if (game.is_terminal(s)) {
    if (!actions.empty()) return "legal actions in a finished game";
    if (game.current_player(s) != -1) return "a player to move in a finished game";
    const auto r = game.returns(s);
    const bool empty0 = s.sides[0].castle_size() == 0, empty1 = s.sides[1].castle_size() == 0;
    switch (s.end_reason) {
      case EndReason::CastleEmptied:
        if (empty0 == empty1) return "castle emptied, but not exactly one castle is empty";
        if (s.winner != (empty0 ? 1 : 0)) return "the winner is not the side with commanders";
        break;
      case EndReason::BothCastlesEmptied:
        if (!empty0 || !empty1 || s.winner != -1) return "both castles emptied, but not a draw";
        break;
      case EndReason::RoundCap:
        if (empty0 || empty1 || s.winner != -1 || s.round != game.round_cap())
          return "round cap, but not a draw at the cap with both castles manned";
        break;
      default:
        return "a finished game without an end reason";
    }
    const Returns<2> expected = s.winner < 0    ? Returns<2>{0, 0}
                                : s.winner == 0 ? Returns<2>{1, -1}
                                                : Returns<2>{-1, 1};
    if (r != expected) return "returns do not match the winner";
    return "";
  }
  if (s.end_reason != EndReason::None || s.winner != -1) return "a result before the end";
  if (actions.empty()) return "no legal action for the player to move";
  if (game.current_player(s) != s.to_move || s.to_move > 1) return "bad player to move";
  if (s.phase == Phase::QueenRedraw) {
    const Side& mover = s.sides[s.to_move];
    if (s.choice[s.to_move] != Queen || mover.redraws_left == 0 || mover.stopped)
      return "a redraw decision for a side that may not redraw";
  }
  return "";
}

}  // namespace nf::commanders::test
