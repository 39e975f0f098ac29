// Tic-tac-toe with OpenSpiel's rules: a 3x3 board, x (seat 0) moves first, three in a row
// wins +1/-1, a full board is a draw. Actions are cells 0..8, row-major. Rules as
// implemented: docs/games/reference.md.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

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
  static constexpr int8_t kEmpty = -1;

  using Action = uint8_t;  // cell index, row * 3 + column
  struct State {
    std::array<int8_t, 9> board{kEmpty, kEmpty, kEmpty, kEmpty, kEmpty,
                                kEmpty, kEmpty, kEmpty, kEmpty};  // seat or kEmpty
    uint8_t to_move = 0;
    uint8_t moves = 0;
    int8_t winner = -1;  // the seat with three in a row, -1 for none (yet)
    Rng rng;             // unused by the rules; kept so every game state carries one
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
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    out.clear();
    if (is_terminal(s)) return;
    for (uint8_t cell = 0; cell < 9; ++cell)
      if (s.board[cell] == kEmpty) out.push_back(cell);
  }
  void apply(State& s, Action cell) const;
  // Nothing is hidden; only the (unused) rng is reseeded.
  void determinize(State& s, int, Rng& rng) const { s.rng.reseed(rng.next()); }

  std::string action_to_string(const State& s, Action cell) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int) const { return render(s); }
  uint64_t hash(const State& s) const;

  // Parses a board written as 9 characters of "xo." (row-major); x moves first, so the
  // player to move follows from the counts. For tests and set positions.
  State from_text(std::string_view board) const;
};

static_assert(Game<TicTacToeGame>);

}  // namespace nf::reference
