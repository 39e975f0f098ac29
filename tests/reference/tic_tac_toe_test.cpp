#include <catch2/catch.hpp>

#include "games/reference/tic_tac_toe.hpp"
#include "tests/conformance.hpp"

using nf::reference::TicTacToeGame;

namespace {

struct Tally {
  long games = 0, x_wins = 0, o_wins = 0, draws = 0;
};

// Every complete game of tic-tac-toe, counted by result.
void enumerate(const TicTacToeGame& game, const TicTacToeGame::State& s, Tally& tally) {
  if (game.is_terminal(s)) {
    ++tally.games;
    const auto r = game.returns(s);
    (r[0] > 0 ? tally.x_wins : r[1] > 0 ? tally.o_wins : tally.draws)++;
    return;
  }
  nf::ActionList<TicTacToeGame> actions;
  game.legal_actions(s, actions);
  for (auto a : actions) {
    auto next = s;
    game.apply(next, a);
    enumerate(game, next, tally);
  }
}

}  // namespace

TEST_CASE("tic_tac_toe: the complete game tree has the known counts of games and results") {
  const TicTacToeGame game;
  Tally tally;
  enumerate(game, game.initial_state(1), tally);
  CHECK(tally.games == 255168);
  CHECK(tally.x_wins == 131184);
  CHECK(tally.o_wins == 77904);
  CHECK(tally.draws == 46080);
}

TEST_CASE("tic_tac_toe: rows, columns and diagonals win - a full board without a line draws") {
  const TicTacToeGame game;
  CHECK(game.returns(game.from_text("xxxoo....")) == nf::Returns<2>{1.0, -1.0});
  CHECK(game.returns(game.from_text("xxo.xo..o")) == nf::Returns<2>{-1.0, 1.0});
  CHECK(game.returns(game.from_text("x.ox..xo.")) == nf::Returns<2>{1.0, -1.0});
  CHECK(game.returns(game.from_text("oxxxo.x.o")) == nf::Returns<2>{-1.0, 1.0});
  const auto draw = game.from_text("xoxxoxoxo");
  CHECK(game.is_terminal(draw));
  CHECK(game.returns(draw) == nf::Returns<2>{0.0, 0.0});
  const auto open = game.from_text("xo.......");
  CHECK(!game.is_terminal(open));
  CHECK(game.current_player(open) == 0);
  CHECK_THROWS_WITH(game.from_text("xx......."), Catch::Contains("x moves first"));
}

TEST_CASE("tic_tac_toe: moves alternate x then o and are named by row and column") {
  const TicTacToeGame game;
  auto s = game.initial_state(3);
  CHECK(game.action_to_string(s, 4) == "x(1,1)");
  game.apply(s, 4);
  CHECK(game.current_player(s) == 1);
  CHECK(game.action_to_string(s, 2) == "o(0,2)");
  game.apply(s, 2);
  CHECK(game.render(s) == "..o\n.x.\n...\n");
  nf::ActionList<TicTacToeGame> actions;
  game.legal_actions(s, actions);
  CHECK(actions.size() == 7);
  CHECK(!actions.contains(4));
}

TEST_CASE("tic_tac_toe: random games pass the conformance suite, the board's invariants too") {
  nf::testing::require_conformance<TicTacToeGame>({}, 5000);
}

TEST_CASE("tic_tac_toe invariants: a board the rules cannot reach is named") {
  const TicTacToeGame game;
  const auto reached = game.from_text("xo.x.o...");
  REQUIRE(game.broken_invariant(reached) == "");
  auto broken = [&](auto&& corrupt) {
    auto s = reached;
    corrupt(s);
    return game.broken_invariant(s);
  };
  CHECK_THAT(broken([](auto& s) { s.marks[0] |= 1u << 2; }), Catch::Contains("5 marks after 4"));
  CHECK_THAT(broken([](auto& s) { s.marks[1] |= 1u; }), Catch::Contains("both marks"));
  CHECK_THAT(broken([](auto& s) { s.marks[0] |= 1u << 8, s.marks[0] |= 1u << 7, s.moves += 2; }),
             Catch::Contains("4 x marks and 2 o marks"));
  CHECK_THAT(broken([](auto& s) { s.to_move = 1; }), Catch::Contains("seat 1 to move"));
  CHECK_THAT(broken([](auto& s) { s.winner = 1; }), Catch::Contains("without three in a row"));
}
