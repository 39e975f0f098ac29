// Tic-tac-toe with OpenSpiel's rules: a 3x3 board, x (seat 0) moves first, three in a row
// wins +1/-1, a full board is a draw. Actions are cells 0..8, row-major. Rules as
// implemented: docs/games/reference.md.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace nf::reference {

class TicTacToeGame {
 public:
  static constexpr std::string_view kId = "tic_tac_toe";
  static constexpr std::string_view kDescription =
      "Tic-tac-toe (OpenSpiel rules): 2 players, perfect information";
  static constexpr int kMaxPlayers = 2;
  static constexpr int kMaxActions = 9;
  static constexpr bool kPerfectInformation = true;
  static constexpr bool kDeterministic = true;  // the rules never draw from the rng
  static constexpr int8_t kEmpty = -1;
  static constexpr uint16_t kAllCells = 0x1ff;

  using Action = uint8_t;  // cell index, row * 3 + column
  // The board as one 9-bit mask per seat (bit = cell): legal moves and lines are a few bit
  // operations, which is what makes random playouts cheap.
  struct State {
    std::array<uint16_t, 2> marks{};  // marks[seat], bit c set: the seat's mark on cell c
    uint8_t to_move = 0;
    uint8_t moves = 0;
    int8_t winner = -1;  // the seat with three in a row, -1 for none (yet)
    Rng rng;             // unused by the rules; kept so every game state carries one

    // The seat whose mark is on `cell`, or kEmpty.
    int8_t at(int cell) const {
      return (marks[0] >> cell & 1) ? 0 : ((marks[1] >> cell & 1) ? 1 : kEmpty);
    }
    uint16_t empty_cells() const {
      return static_cast<uint16_t>(~(marks[0] | marks[1]) & kAllCells);
    }
  };

  static ParamSchema config_schema() { return {}; }
  explicit TicTacToeGame(const ParamSet& = {}) {}

  int num_players() const { return 2; }
  State initial_state(uint64_t seed) const {
    State s;
    s.rng.reseed(seed);
    return s;
  }
  bool is_terminal(const State& s) const { return s.winner >= 0 || s.moves == 9; }
  int current_player(const State& s) const { return is_terminal(s) ? -1 : s.to_move; }
  Returns<2> returns(const State& s) const {
    if (s.winner < 0) return {0.0, 0.0};
    return s.winner == 0 ? Returns<2>{1.0, -1.0} : Returns<2>{-1.0, 1.0};
  }
  // One table row copied whole: search lists the moves at every tree node.
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    const bool over = is_terminal(s);
    std::memcpy(out.begin(), kCellLists[over ? 0 : s.empty_cells()].data(), kMaxActions);
    out.resize(over ? 0 : size_t(9 - s.moves));
  }
  // The cell legal_actions + rng.below would pick; the empty cells number 9 - moves.
  Action random_action(const State& s, Rng& rng) const {
    return kCellLists[s.empty_cells()][rng.below(9u - s.moves)];
  }
  void apply(State& s, Action cell) const {
    assert(cell < 9 && s.at(cell) == kEmpty && !is_terminal(s));
    const unsigned mine = s.marks[s.to_move] | 1u << cell;
    s.marks[s.to_move] = static_cast<uint16_t>(mine);
    ++s.moves;
    if (contains_line(mine)) s.winner = static_cast<int8_t>(s.to_move);
    s.to_move ^= 1;
  }
  // Nothing is hidden; only the (unused) rng is reseeded.
  void determinize(State& s, int, Rng& rng) const { s.rng.reseed(rng.next()); }

  // Learning hooks (agents/observation_tensor.hpp, agents/action_space.hpp): the board as
  // OpenSpiel's three 3x3 planes (empty, x, o) and the nine cells as the action space.
  std::vector<int> observation_shape() const { return {3, 3, 3}; }
  void observation_tensor(const State& s, int, std::span<float> out) const {
    for (int cell = 0; cell < 9; ++cell) out[size_t((s.at(cell) + 1) * 9 + cell)] = 1.0f;
  }
  int action_space() const { return 9; }
  int action_index(Action cell) const { return cell; }

  std::string action_to_string(const State& s, Action cell) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int) const { return render(s); }
  uint64_t hash(const State& s) const;
  // What every reachable board keeps (`ninefold check` calls it after every step): one mark a
  // move, x moving first so the marks differ by at most one, and x to move after an even count.
  std::string broken_invariant(const State& s) const;

  // Parses a board written as 9 characters of "xo." (row-major); x moves first, so the
  // player to move follows from the counts. For tests and set positions.
  State from_text(std::string_view board) const;

 private:
  // The 8 lines as cell masks: rows, columns, diagonals. In octal each digit is a row (the
  // lowest digit row 0).
  static constexpr std::array<uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                     0222, 0444, 0421, 0124};
  // kHasLine bit m: the set of cells m (a 9-bit mask) contains a line. One lookup replaces
  // testing the 8 lines on every move.
  static constexpr std::array<uint64_t, 8> kHasLine = [] {
    std::array<uint64_t, 8> table{};
    for (unsigned m = 0; m <= kAllCells; ++m)
      for (unsigned line : kLines)
        if ((m & line) == line) table[m >> 6] |= uint64_t{1} << (m & 63);
    return table;
  }();
  // kCellLists[m]: the cells of the 9-bit mask m in increasing order (the rest zero).
  static constexpr std::array<std::array<Action, kMaxActions>, kAllCells + 1> kCellLists = [] {
    std::array<std::array<Action, kMaxActions>, kAllCells + 1> table{};
    for (unsigned m = 0; m <= kAllCells; ++m)
      for (unsigned left = m, n = 0; left != 0; left &= left - 1)
        table[m][n++] = static_cast<Action>(std::countr_zero(left));
    return table;
  }();
  static bool contains_line(unsigned cells) { return kHasLine[cells >> 6] >> (cells & 63) & 1; }
};

static_assert(Game<TicTacToeGame>);

}  // namespace nf::reference
