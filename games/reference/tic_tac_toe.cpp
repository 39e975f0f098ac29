// Tic-tac-toe rules and text forms.
#include "games/reference/tic_tac_toe.hpp"

#include <fmt/format.h>

#include <bit>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace nf::reference {
namespace {

char mark(int8_t seat) { return seat == TicTacToeGame::kEmpty ? '.' : (seat == 0 ? 'x' : 'o'); }

}  // namespace

std::string TicTacToeGame::action_to_string(const State& s, Action cell) const {
  return fmt::format("{}({},{})", s.to_move == 0 ? 'x' : 'o', cell / 3, cell % 3);
}

std::string TicTacToeGame::render(const State& s) const {
  std::string out;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) out += mark(s.at(row * 3 + col));
    out += '\n';
  }
  return out;
}

uint64_t TicTacToeGame::hash(const State& s) const {
  // Hashes the board cell by cell as seat or kEmpty, as it always has, so recorded hashes
  // stay valid whatever the in-memory layout.
  std::array<int8_t, 9> board;
  for (int cell = 0; cell < 9; ++cell) board[size_t(cell)] = s.at(cell);
  Hasher h;
  h.add_range(board).add(s.to_move).add(s.moves).add(s.winner).add(s.rng.fingerprint());
  return h.value();
}

TicTacToeGame::State TicTacToeGame::from_text(std::string_view board) const {
  if (board.size() != 9)
    throw Error(fmt::format("a board has 9 cells, '{}' has {}", board, board.size()));
  State s = initial_state(0);
  for (size_t i = 0; i < 9; ++i) {
    const char c = board[i];
    if (c == 'x' || c == 'o')
      s.marks[c == 'x' ? 0 : 1] |= static_cast<uint16_t>(1u << i);
    else if (c != '.')
      throw Error(fmt::format("board '{}': cell {} is '{}', not x, o or .", board, i, c));
  }
  const int x = std::popcount(s.marks[0]), o = std::popcount(s.marks[1]);
  if (x != o && x != o + 1)
    throw Error(fmt::format("board '{}': x moves first, so x = o or o + 1", board));
  s.moves = static_cast<uint8_t>(x + o);
  s.to_move = static_cast<uint8_t>(x == o ? 0 : 1);
  // In an impossible position with lines of both seats, the last line in kLines decides.
  for (unsigned line : kLines)
    for (int seat = 0; seat < 2; ++seat)
      if ((s.marks[size_t(seat)] & line) == line) s.winner = static_cast<int8_t>(seat);
  return s;
}

std::string TicTacToeGame::broken_invariant(const State& s) const {
  const int x = std::popcount(s.marks[0]), o = std::popcount(s.marks[1]);
  if ((s.marks[0] & s.marks[1]) != 0) return "a cell holds both marks";
  if (x + o != s.moves) return fmt::format("{} marks after {} moves", x + o, s.moves);
  if (x != o && x != o + 1) return fmt::format("{} x marks and {} o marks", x, o);
  if (s.to_move != x - o) return fmt::format("seat {} to move after {} moves", s.to_move, s.moves);
  if (s.winner >= 0 && !contains_line(s.marks[size_t(s.winner)]))
    return fmt::format("seat {} won without three in a row", s.winner);
  return "";
}

}  // namespace nf::reference
