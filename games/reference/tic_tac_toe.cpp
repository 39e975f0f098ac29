// Tic-tac-toe rules and text forms.
#include "games/reference/tic_tac_toe.hpp"

#include <fmt/format.h>

#include <cassert>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace nf::reference {
namespace {

constexpr std::array<std::array<uint8_t, 3>, 8> kLines = {
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

char mark(int8_t cell) { return cell == TicTacToeGame::kEmpty ? '.' : (cell == 0 ? 'x' : 'o'); }

}  // namespace

void TicTacToeGame::apply(State& s, Action cell) const {
  assert(cell < 9 && s.board[cell] == kEmpty && !is_terminal(s));
  s.board[cell] = static_cast<int8_t>(s.to_move);
  ++s.moves;
  // Only the lines through the new mark can have been completed.
  const int row = cell / 3 * 3, col = cell % 3;
  const int8_t me = static_cast<int8_t>(s.to_move);
  const auto& b = s.board;
  const bool won = (b[size_t(row)] == me && b[size_t(row + 1)] == me && b[size_t(row + 2)] == me) ||
                   (b[size_t(col)] == me && b[size_t(col + 3)] == me && b[size_t(col + 6)] == me) ||
                   (b[0] == me && b[4] == me && b[8] == me) ||
                   (b[2] == me && b[4] == me && b[6] == me);
  if (won) s.winner = me;
  s.to_move = static_cast<uint8_t>(1 - s.to_move);
}

std::string TicTacToeGame::action_to_string(const State& s, Action cell) const {
  return fmt::format("{}({},{})", s.to_move == 0 ? 'x' : 'o', cell / 3, cell % 3);
}

std::string TicTacToeGame::render(const State& s) const {
  std::string out;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) out += mark(s.board[size_t(row * 3 + col)]);
    out += '\n';
  }
  return out;
}

uint64_t TicTacToeGame::hash(const State& s) const {
  Hasher h;
  h.add_range(s.board).add(s.to_move).add(s.moves).add(s.winner).add(s.rng.fingerprint());
  return h.value();
}

TicTacToeGame::State TicTacToeGame::from_text(std::string_view board) const {
  if (board.size() != 9)
    throw Error(fmt::format("a board has 9 cells, '{}' has {}", board, board.size()));
  State s = initial_state(0);
  int x = 0, o = 0;
  for (size_t i = 0; i < 9; ++i) {
    const char c = board[i];
    if (c == 'x')
      s.board[i] = 0, ++x;
    else if (c == 'o')
      s.board[i] = 1, ++o;
    else if (c != '.')
      throw Error(fmt::format("board '{}': cell {} is '{}', not x, o or .", board, i, c));
  }
  if (x != o && x != o + 1)
    throw Error(fmt::format("board '{}': x moves first, so x = o or o + 1", board));
  s.moves = static_cast<uint8_t>(x + o);
  s.to_move = static_cast<uint8_t>(x == o ? 0 : 1);
  for (const auto& line : kLines)
    if (s.board[line[0]] != kEmpty && s.board[line[0]] == s.board[line[1]] &&
        s.board[line[1]] == s.board[line[2]])
      s.winner = s.board[line[0]];
  return s;
}

}  // namespace nf::reference
