// Everything a reachable sections state keeps, whatever was played (`ninefold check` and the
// soak test call it after every step).
#include <algorithm>
#include <bit>
#include <string>

#include "games/sections/sections.hpp"

namespace nf::sections {
namespace {

int count_of(const auto& cells, uint8_t who) {
  return int(std::count(cells.begin(), cells.end(), who));
}

}  // namespace

std::string SectionsGame::broken_invariant(const State& s) const {
  const int players = num_players();
  // Counter conservation: every counter is in hand, in a slot or on the board.
  for (int p = 0; p < kMaxSeats; ++p) {
    const int total =
        s.in_hand[size_t(p)] + std::popcount(s.slots_of[size_t(p)]) + count_of(s.board, uint8_t(p));
    if (total != (p < players ? counters_per_seat() : 0))
      return "seat " + std::to_string(p) + ": counters are not all in hand, slots and board";
  }
  // Reds: one per marked section, never on an edge cell.
  std::array<int, kSections> reds{};
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t owner = s.board[size_t(cell)];
    if (!(owner == kNone || owner == kRed || owner < players))
      return "cell " + std::to_string(cell) + " holds no counter of a seat in the game";
    if (owner != kRed) continue;
    if (is_edge(cell)) return "a red counter on an edge cell";
    ++reds[size_t(section_of(cell))];
  }
  for (int section = 0; section < kSections; ++section)
    if (reds[size_t(section)] != int(s.red_sections >> section & 1u))
      return "section " + std::to_string(section) + ": red counters and red mark disagree";
  const int on_board = kCells - count_of(s.board, kNone) - std::popcount(unsigned(s.red_sections));
  // A slot holds one counter at most, and it is blocked exactly when its entry cell is taken.
  for (int p = 0; p < kMaxSeats; ++p)
    for (int q = p + 1; q < kMaxSeats; ++q)
      if ((s.slots_of[size_t(p)] & s.slots_of[size_t(q)]) != 0) return "two counters in a slot";
  for (int slot = 0; slot < kSlots; ++slot)
    if (bool(s.blocked & slot_bit(slot)) != (s.board[size_t(entry_cell(slot))] != kNone))
      return "slot " + std::to_string(slot) + ": blocked but its entry cell is free, or not";
  const int in_slots = std::popcount(filled_slots(s));
  int in_hand = 0;
  for (auto n : s.in_hand) in_hand += n;
  const bool capped =
      s.end_reason == EndReason::CapMostSections || s.end_reason == EndReason::CapTieRule;
  switch (s.phase) {
    case Phase::Setup:
      if (on_board != 0 || in_slots != 0 || in_hand != kCountersTotal)
        return "setup with counters out of hand";
      break;
    case Phase::Placement:
      if (s.red_sections != (1u << kSections) - 1) return "placement before every red is down";
      if (on_board != 0 || in_slots + in_hand != kCountersTotal)
        return "placement with counters on the board";
      break;
    case Phase::Movement:
      if (in_hand != 0 || on_board + in_slots != kCountersTotal)
        return "movement with counters in hand";
      if (!can_enter(s, s.to_move)) return "movement: the seat to move cannot enter";
      break;
    case Phase::Over:
      if (s.end_reason == EndReason::None) return "a finished game without an end reason";
      if (!capped)  // the game ends when nobody can move
        for (int p = 0; p < players; ++p)
          if (can_enter(s, p)) return "over while a seat can still enter";
      break;
  }
  FixedVector<Action, kMaxActions> actions;
  legal_actions(s, actions);
  if (actions.empty() != is_terminal(s)) return "no legal action exactly when the game is over";
  if (!is_terminal(s)) {
    if (current_player(s) != s.to_move || s.to_move >= players) return "the wrong seat to move";
    return "";
  }
  std::array<uint8_t, kMaxSeats> scores{};
  for (int section = 0; section < kSections; ++section) {
    const int owner = section_owner(s, section);
    if (owner >= 0) ++scores[size_t(owner)];
  }
  if (scores != s.scores) return "scores are not the sections owned";
  bool tied = false;
  if (s.winner != winner_of(scores, players, true, tied)) return "the winner is not the scores'";
  if ((s.end_reason == EndReason::TieRule || s.end_reason == EndReason::CapTieRule) != tied)
    return "the tie rule decided exactly when scores tied";
  double sum = 0;
  for (int p = 0; p < players; ++p) sum += returns(s)[size_t(p)];
  if (sum > 1e-12 || sum < -1e-12) return "returns do not sum to zero";
  return "";
}

}  // namespace nf::sections
