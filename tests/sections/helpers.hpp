// Building sections positions by hand for scenario tests.
#pragma once

#include <catch2/catch.hpp>

#include <initializer_list>
#include <map>
#include <string>

#include "core/game.hpp"
#include "games/sections/sections.hpp"

namespace nf::sections::test {

inline SectionsGame make_game(int players, std::map<std::string, std::string> config = {}) {
  config["players"] = std::to_string(players);
  return SectionsGame(ParamSet(SectionsGame::config_schema(), config, "test"));
}

// An empty board in the movement phase (reds placed, nothing in hand), `to_move` to move.
inline State movement_position(const SectionsGame& game, int to_move) {
  State s = game.initial_state(1);
  s.in_hand = {};
  s.red_sections = (1u << kSections) - 1;
  s.phase = Phase::Movement;
  s.to_move = uint8_t(to_move);
  return s;
}

inline void put(State& s, const char* cell, uint8_t owner) {
  const int c = parse_cell(cell);
  REQUIRE(c >= 0);
  put_counter(s, c, owner);
}

inline void fill_slot(State& s, const char* slot, uint8_t seat) {
  const int index = parse_slot(slot);
  REQUIRE(index >= 0);
  for (auto& mask : s.slots_of) mask &= ~slot_bit(index);
  s.slots_of[seat] |= slot_bit(index);
}

inline void fill_slots(State& s, std::initializer_list<const char*> slots, uint8_t seat) {
  for (const char* slot : slots) fill_slot(s, slot, seat);
}

// A 2-player placement position: the nine reds on `reds`, seat 0's and seat 1's counters in
// the given slots, the rest of the counters in hand (shared equally) and seat 0 to place.
inline State placement_position(const SectionsGame& game, std::initializer_list<const char*> reds,
                                std::initializer_list<const char*> seat0,
                                std::initializer_list<const char*> seat1) {
  REQUIRE(seat0.size() == seat1.size());
  State s = game.initial_state(1);
  for (const char* cell : reds) put(s, cell, kRed);
  s.red_sections = (1u << kSections) - 1;
  fill_slots(s, seat0, 0);
  fill_slots(s, seat1, 1);
  const int placed = int(seat0.size() + seat1.size());
  s.in_hand = {uint8_t((kSlots - placed) / 2), uint8_t((kSlots - placed) / 2)};
  s.phase = Phase::Placement;
  s.turn = uint16_t(int(reds.size()) + placed);
  return s;
}

inline uint8_t at(const State& s, const char* cell) { return s.board[size_t(parse_cell(cell))]; }

// Applies the legal action whose text is `text`; fails the test when there is none.
inline void play(const SectionsGame& game, State& s, const std::string& text) {
  Action a{};
  INFO("action " << text << " in\n" << game.render(s));
  REQUIRE(find_action_by_text(game, s, text, a));
  game.apply(s, a);
}

inline std::vector<std::string> legal_texts(const SectionsGame& game, const State& s) {
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::vector<std::string> out;
  for (const Action a : actions) out.push_back(game.action_to_string(s, a));
  return out;
}

}  // namespace nf::sections::test
