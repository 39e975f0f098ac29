// The rules of "9": the setup of the red counters, the placement of the counters in the
// slots, the sliding moves, passes, the end of the game and its scoring.
#include <algorithm>
#include <bit>
#include <cassert>

#include "games/sections/sections.hpp"

namespace nf::sections {

ParamSchema SectionsGame::config_schema() {
  return {
      ParamSpec::integer("players", 2, 2, 4, "number of players (18, 12 or 9 counters each)"),
      ParamSpec::integer("turn_cap", 100, 1, 1000,
                         "decisions after which the game ends and is scored as it stands (a "
                         "full game takes at most 81)"),
      ParamSpec::choice("tie_rule", "last", {"last", "draw"},
                        "a tie for the highest score: the last tied seat wins (the rulebook) "
                        "or the tied seats draw"),
  };
}

SectionsGame::SectionsGame(const ParamSet& config)
    : players_(static_cast<int>(config.get_int("players"))),
      turn_cap_(static_cast<int>(config.get_int("turn_cap"))),
      last_wins_ties_(config.get_choice("tie_rule") == "last") {}

State SectionsGame::initial_state(uint64_t seed) const {
  State s;
  s.board.fill(kNone);
  for (int p = 0; p < players_; ++p) s.in_hand[size_t(p)] = uint8_t(counters_per_seat());
  s.rng.reseed(seed);
  return s;
}

int SectionsGame::landing_cell(const State& s, int slot) {
  if (s.blocked & slot_bit(slot)) return -1;
  int step = 0;
  while (step + 1 < kSize && s.board[size_t(path_cell(slot, step + 1))] == kNone) ++step;
  return path_cell(slot, step);
}

void SectionsGame::legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  out.clear();
  switch (s.phase) {
    case Phase::Setup:
      for (const uint8_t cell : kInnerCells)
        if (!(s.red_sections >> section_of(cell) & 1u)) out.push_back(place_red(cell));
      break;
    case Phase::Placement:
      for (uint64_t free = ~filled_slots(s) & kAllSlots; free; free &= free - 1)
        out.push_back(place_counter(std::countr_zero(free)));
      break;
    case Phase::Movement:
      for (uint64_t open = s.slots_of[s.to_move] & ~s.blocked; open; open &= open - 1)
        out.push_back(enter(std::countr_zero(open)));
      break;
    case Phase::Over:
      break;
  }
}

int SectionsGame::next_mover(const State& s, int after) const {
  // A seat that cannot move passes. Moves only ever fill cells, so once nobody can move the
  // game is over for good.
  for (int k = 1; k <= players_; ++k) {
    const int seat = (after + k) % players_;
    if (can_enter(s, seat)) return seat;
  }
  return -1;
}

void SectionsGame::apply(State& s, Action a) const {
  assert(s.phase != Phase::Over);
  const int seat = s.to_move;
  bool nobody_can_move = false;
  switch (s.phase) {
    case Phase::Setup: {
      assert(a.kind == ActionKind::PlaceRed && !is_edge(a.target));
      const int section = section_of(a.target);
      assert(!(s.red_sections >> section & 1u) && s.board[a.target] == kNone);
      put_counter(s, a.target, kRed);
      s.red_sections = uint16_t(s.red_sections | (1u << section));
      take_turns(s, s.red_sections == (1u << kSections) - 1, Phase::Placement);
      break;
    }
    case Phase::Placement: {
      assert(a.kind == ActionKind::PlaceCounter && !(filled_slots(s) & slot_bit(a.target)));
      assert(s.in_hand[size_t(seat)] > 0);
      s.slots_of[size_t(seat)] |= slot_bit(a.target);
      --s.in_hand[size_t(seat)];
      // Every entry cell is free then (reds are never on an edge), so seat 0 can start.
      take_turns(s, filled_slots(s) == kAllSlots, Phase::Movement);
      break;
    }
    case Phase::Movement: {
      assert(a.kind == ActionKind::Enter && (s.slots_of[size_t(seat)] & slot_bit(a.target)));
      const int cell = landing_cell(s, a.target);
      assert(cell >= 0);
      put_counter(s, cell, uint8_t(seat));
      s.slots_of[size_t(seat)] &= ~slot_bit(a.target);
      const int next = next_mover(s, seat);
      nobody_can_move = next < 0;
      if (!nobody_can_move) s.to_move = uint8_t(next);
      break;
    }
    case Phase::Over:
      return;
  }
  ++s.turn;
  if (nobody_can_move)
    finish(s, false);
  else if (s.turn >= turn_cap_)
    finish(s, true);
}

// Setup and placement: the seats in turn; the next phase starts with seat 0.
void SectionsGame::take_turns(State& s, bool phase_over, Phase next_phase) const {
  if (phase_over) {
    s.phase = next_phase;
    s.to_move = 0;
  } else {
    s.to_move = uint8_t((s.to_move + 1) % players_);
  }
}

int SectionsGame::section_owner(const State& s, int section) const {
  std::array<int, kMaxSeats> counts{};
  const int top = (section / 3) * 3, left = (section % 3) * 3;
  for (int r = top; r < top + 3; ++r)
    for (int c = left; c < left + 3; ++c) {
      const uint8_t owner = s.board[size_t(cell_at(r, c))];
      if (owner < kMaxSeats) ++counts[owner];  // reds and empty cells count for nobody
    }
  return majority_holder(counts, players_);
}

int winner_of(const std::array<uint8_t, kMaxSeats>& scores, int players, bool last_wins_ties,
              bool& tied) {
  int best = 0;
  for (int p = 1; p < players; ++p)
    if (scores[size_t(p)] >= scores[size_t(best)]) best = p;  // ">=": the last tied seat
  int at_best = 0;
  for (int p = 0; p < players; ++p) at_best += scores[size_t(p)] == scores[size_t(best)];
  tied = at_best > 1;
  return tied && !last_wins_ties ? -1 : best;
}

void SectionsGame::finish(State& s, bool capped) const {
  s.scores = {};
  for (int section = 0; section < kSections; ++section) {
    const int owner = section_owner(s, section);
    if (owner >= 0) ++s.scores[size_t(owner)];
  }
  bool tied = false;
  s.winner = int8_t(winner_of(s.scores, players_, last_wins_ties_, tied));
  if (capped)
    s.end_reason = tied ? EndReason::CapTieRule : EndReason::CapMostSections;
  else
    s.end_reason = tied ? EndReason::TieRule : EndReason::MostSections;
  s.phase = Phase::Over;
}

Returns<kMaxSeats> SectionsGame::returns(const State& s) const {
  Returns<kMaxSeats> out{};
  if (s.phase != Phase::Over) return out;
  const double n = players_;
  if (s.winner >= 0) {
    for (int p = 0; p < players_; ++p) out[size_t(p)] = p == s.winner ? 1.0 : -1.0 / (n - 1);
    return out;
  }
  // A shared win (tie_rule=draw): the tied seats split what the others lose.
  int best = 0, tied = 0;
  for (int p = 0; p < players_; ++p) best = std::max(best, int(s.scores[size_t(p)]));
  for (int p = 0; p < players_; ++p) tied += s.scores[size_t(p)] == best;
  const double loss = -1.0 / (n - 1), share = (n - tied) / (tied * (n - 1));
  for (int p = 0; p < players_; ++p) out[size_t(p)] = s.scores[size_t(p)] == best ? share : loss;
  return out;
}

void SectionsGame::determinize(State& s, int, Rng& rng) const { s.rng.reseed(rng.next()); }

}  // namespace nf::sections
