// "9" by nestorgames (ninefold id `sections`): 2 to 4 players enter counters from the 36 slots
// around a 9x9 board and slide them along rows and columns to win majorities in the board's
// nine 3x3 sections. Rules as implemented: docs/games/sections.md.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/fixed_vector.hpp"
#include "core/game.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "core/tensor_writer.hpp"

namespace nf::sections {

inline constexpr int kSize = 9;  // rows and columns
inline constexpr int kCells = kSize * kSize;
inline constexpr int kSections = 9;
inline constexpr int kSlots = 4 * kSize;
inline constexpr int kMaxSeats = 4;
inline constexpr int kCountersTotal = kSlots;  // every slot gets exactly one counter

// What a cell or a slot holds: nothing, a seat's counter (0..3), or a neutral red counter.
inline constexpr uint8_t kNone = 0xFF;
inline constexpr uint8_t kRed = 4;

constexpr int row_of(int cell) { return cell / kSize; }
constexpr int col_of(int cell) { return cell % kSize; }
constexpr int cell_at(int row, int col) { return row * kSize + col; }
constexpr int section_of(int cell) { return (row_of(cell) / 3) * 3 + col_of(cell) / 3; }
constexpr bool is_edge(int cell) {
  return row_of(cell) == 0 || row_of(cell) == kSize - 1 || col_of(cell) == 0 ||
         col_of(cell) == kSize - 1;
}

// Slots: 0-8 above the top row (by column, entering downwards), 9-17 below the bottom row
// (by column, upwards), 18-26 left of the left column (by row, rightwards), 27-35 right of
// the right column (by row, leftwards). Each slot feeds one line of nine cells; the first is
// its entry cell (a corner cell is the entry cell of two slots).
enum class Side : uint8_t { Top, Bottom, Left, Right };
constexpr Side side_of(int slot) { return static_cast<Side>(slot / kSize); }
constexpr int line_of(int slot) { return slot % kSize; }  // column (top/bottom) or row
constexpr int path_cell(int slot, int step) {  // step 0 is the entry cell, 8 the far edge
  const int line = line_of(slot);
  switch (side_of(slot)) {
    case Side::Top:
      return cell_at(step, line);
    case Side::Bottom:
      return cell_at(kSize - 1 - step, line);
    case Side::Left:
      return cell_at(line, step);
    case Side::Right:
      return cell_at(line, kSize - 1 - step);
  }
  return 0;
}
constexpr int entry_cell(int slot) { return path_cell(slot, 0); }
// The slot at the other end of the same line (top and bottom, left and right).
constexpr int opposite_slot(int slot) {
  return int(side_of(slot)) % 2 == 0 ? slot + kSize : slot - kSize;
}

inline constexpr uint64_t kAllSlots = (uint64_t{1} << kSlots) - 1;
constexpr uint64_t slot_bit(int slot) { return uint64_t{1} << slot; }
// The slots whose entry cell each cell is: one per edge cell, two per corner, none inside.
inline constexpr std::array<uint64_t, kCells> kSlotsEnteringAt = [] {
  std::array<uint64_t, kCells> table{};
  for (int slot = 0; slot < kSlots; ++slot) table[size_t(entry_cell(slot))] |= slot_bit(slot);
  return table;
}();
// The 49 cells off the edge, where reds may go, in cell order.
inline constexpr std::array<uint8_t, 49> kInnerCells = [] {
  std::array<uint8_t, 49> cells{};
  size_t n = 0;
  for (int cell = 0; cell < kCells; ++cell)
    if (!is_edge(cell)) cells[n++] = uint8_t(cell);
  return cells;
}();

// Text names: cells "a1".."i9" (column a-i from the left, row 1-9 from the top); slots
// "Ta".."Ti" and "Ba".."Bi" (top and bottom, by column), "L1".."L9" and "R1".."R9".
std::string cell_name(int cell);
std::string slot_name(int slot);
int parse_cell(std::string_view text);       // -1 when not a cell name
int parse_slot(std::string_view text);       // -1 when not a slot name
std::string_view section_name(int section);  // "top-left", "top", ..., "bottom-right"
char seat_letter(int seat);                  // Y, B, O, G as the rulebook's colours; R for red

enum class Phase : uint8_t { Setup, Placement, Movement, Over };

// How a game ended: the last mover left nobody a move, or the turn cap cut it short; and
// whether the winner had the highest score alone or won a tie by being last in seat order.
enum class EndReason : uint8_t { None, MostSections, TieRule, CapMostSections, CapTieRule };

enum class ActionKind : uint8_t { PlaceRed, PlaceCounter, Enter };
struct Action {
  ActionKind kind = ActionKind::PlaceRed;
  uint8_t target = 0;  // a cell (PlaceRed) or a slot (PlaceCounter, Enter)
  friend constexpr bool operator==(const Action&, const Action&) = default;
};
constexpr Action place_red(int cell) { return {ActionKind::PlaceRed, uint8_t(cell)}; }
constexpr Action place_counter(int slot) { return {ActionKind::PlaceCounter, uint8_t(slot)}; }
constexpr Action enter(int slot) { return {ActionKind::Enter, uint8_t(slot)}; }

struct State {
  std::array<uint8_t, kCells> board{};         // kNone, a seat or kRed
  std::array<uint64_t, kMaxSeats> slots_of{};  // bit i: the seat's counter waits in slot i
  uint64_t blocked = 0;  // bit i: slot i's entry cell is occupied (follows from the board)
  std::array<uint8_t, kMaxSeats> in_hand{};  // counters a seat has still to place
  std::array<uint8_t, kMaxSeats> scores{};   // sections conquered; final once the game is over
  uint16_t red_sections = 0;                 // bit s: section s has its red counter
  uint16_t turn = 0;                         // decisions taken so far
  Phase phase = Phase::Setup;
  uint8_t to_move = 0;
  int8_t winner = -1;
  EndReason end_reason = EndReason::None;
  Rng rng;  // the game has no chance; kept so every game carries its own stream
};

// The seat with strictly more counters than every other seat, or -1 (a tie or no counter):
// who conquers a section with these counts.
inline int majority_holder(const std::array<int, kMaxSeats>& counts, int players) {
  int best = -1, best_count = 0;
  bool shared = false;
  for (int p = 0; p < players; ++p) {
    if (counts[size_t(p)] > best_count)
      best = p, best_count = counts[size_t(p)], shared = false;
    else if (counts[size_t(p)] == best_count && best_count > 0)
      shared = true;
  }
  return shared ? -1 : best;
}

// The seat whose counter waits in `slot`, or kNone.
inline uint8_t slot_owner(const State& s, int slot) {
  for (int p = 0; p < kMaxSeats; ++p)
    if (s.slots_of[size_t(p)] & slot_bit(slot)) return uint8_t(p);
  return kNone;
}
inline uint64_t filled_slots(const State& s) {
  return s.slots_of[0] | s.slots_of[1] | s.slots_of[2] | s.slots_of[3];
}
// Puts a counter (a seat's or a red) on an empty cell, blocking the slots that enter there.
inline void put_counter(State& s, int cell, uint8_t owner) {
  s.board[size_t(cell)] = owner;
  s.blocked |= kSlotsEnteringAt[size_t(cell)];
}

// Winner of a score table: the highest score; among tied seats the last in seat order when
// `last_wins_ties`, otherwise -1 (a shared win). `tied` tells whether several seats had it.
int winner_of(const std::array<uint8_t, kMaxSeats>& scores, int players, bool last_wins_ties,
              bool& tied);

class Heuristic;

class SectionsGame {
 public:
  using State = sections::State;
  using Action = sections::Action;
  static constexpr std::string_view kId = "sections";
  static constexpr std::string_view kDescription =
      "\"9\" by nestorgames: 2-4 players slide counters onto a 9x9 board for section majorities";
  static constexpr int kMaxPlayers = kMaxSeats;
  static constexpr int kMaxActions = 49;  // the 7x7 inner cells when the first red is placed
  static constexpr bool kPerfectInformation = true;  // no hidden data, no chance after the deal
  static constexpr bool kDeterministic = true;
  // The default mcts searches 4000 iterations a decision (about 13 ms): its random rollouts
  // model nobody, so the tree does the work, and every doubling from 1000 to 8000 still won
  // (docs/agents.md, the budget ladder).
  static constexpr uint64_t kMctsIterations = 4000;

  static ParamSchema config_schema();
  // `ninefold check`, the golden playthroughs and the benchmarks cover every player count.
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"players", "3"}}, {{"players", "4"}}};
  }
  explicit SectionsGame(const ParamSet& config);
  SectionsGame() : SectionsGame(ParamSet(config_schema(), {}, "sections")) {}

  int num_players() const { return players_; }
  int counters_per_seat() const { return kCountersTotal / players_; }  // 18, 12 or 9
  int turn_cap() const { return turn_cap_; }
  bool last_wins_ties() const { return last_wins_ties_; }

  State initial_state(uint64_t seed) const;
  int current_player(const State& s) const { return s.phase == Phase::Over ? -1 : s.to_move; }
  bool is_terminal(const State& s) const { return s.phase == Phase::Over; }
  // Zero-sum: +1 to the winner and -1/(n-1) to every other seat. With tie_rule=draw the
  // seats sharing the highest score split what the others lose.
  Returns<kMaxSeats> returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  void apply(State& s, Action a) const;
  // Perfect information and no chance: only the state's rng is reseeded.
  void determinize(State& s, int observer, Rng& rng) const;

  std::string action_to_string(const State& s, Action a) const;
  // What is wrong with a state the rules can reach; empty when nothing is (invariants.cpp).
  std::string broken_invariant(const State& s) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  // The state from `seat`'s side as a fixed-size tensor (observation_tensor.cpp).
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  uint64_t hash(const State& s) const;

  // The cell a counter entering from `slot` would stop on, or -1 when the entry cell is taken.
  static int landing_cell(const State& s, int slot);
  // Whether `seat` has a counter in a slot whose entry cell is free.
  static bool can_enter(const State& s, int seat) {
    return (s.slots_of[size_t(seat)] & ~s.blocked) != 0;
  }
  // The seat with strictly more own counters in `section` than every other seat, or -1.
  int section_owner(const State& s, int section) const;

  // Balance statistics: one row per section (conquered, by the winner, by each seat), one
  // for the tie rule and one per score value (the score distribution of each seat).
  ElementSchema element_schema() const;
  void collect_elements(const State& final_state, ElementStats& stats) const;
  static std::vector<std::string> end_reasons();
  int end_reason(const State& s) const { return static_cast<int>(s.end_reason); }
  // A match (`ninefold balance --tournament`) sums each seat's sections over the games.
  int64_t match_points(const State& final_state, int seat) const {
    return final_state.scores[size_t(seat)];
  }

  using Heuristic = sections::Heuristic;

 private:
  void write_observation(const State& s, int seat, TensorWriter& w) const;
  int next_mover(const State& s, int after) const;
  void take_turns(State& s, bool phase_over, Phase next_phase) const;
  void finish(State& s, bool capped) const;

  int players_;
  int turn_cap_;
  bool last_wins_ties_;
};

static_assert(nf::Game<SectionsGame>);

}  // namespace nf::sections

// The heuristic completes the game type: every file that sees the game sees the same agents.
#include "games/sections/heuristic.hpp"  // IWYU pragma: export
