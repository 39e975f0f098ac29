#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "experiments/run/holes.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "stats/mean_interval.hpp"

using namespace nf;
using reference::TicTacToeGame;

TEST_CASE("a decision's kind is the first word of the move, in lower case") {
  CHECK(move_kind("bid scout 1 [0]") == "bid");
  CHECK(move_kind("  End turn") == "end");
  CHECK(move_kind("Joker") == "joker");
  CHECK(move_kind("") == "(empty)");
}

TEST_CASE("the t interval is wider than the normal one for few values, and equal in the limit") {
  CHECK(student_t95(1) == Approx(12.706));
  CHECK(student_t95(30) == Approx(2.042));
  CHECK(student_t95(31) == Approx(2.040).margin(0.002));
  CHECK(student_t95(100) == Approx(1.984).margin(0.001));
  CHECK(student_t95(1000) == Approx(1.962).margin(0.001));
  CHECK_THROWS(student_t95(0));
  const std::vector<double> two = {0.0, 2.0};  // mean 1, standard error 1
  const Interval i = mean_t_interval(two);
  CHECK(i.estimate == Approx(1.0));
  CHECK(i.low == Approx(1.0 - 12.706));
  CHECK(i.high == Approx(1.0 + 12.706));
  const std::vector<double> one = {0.5};
  CHECK(std::isinf(mean_t_interval(one).high));
  CHECK_THROWS(mean_t_interval(std::vector<double>{}));
}

namespace {

// Plays the first empty cell: blind to the win one move away.
struct FirstCell {
  TicTacToeGame::Action choose(const TicTacToeGame::State& s, Rng&) const {
    ActionList<TicTacToeGame> legal;
    TicTacToeGame{}.legal_actions(s, legal);
    return legal[0];
  }
};

}  // namespace

TEST_CASE("holes: a missed win that hands the opponent one costs about two results") {
  const TicTacToeGame game;
  // x on 6 and 7, o on 3 and 4: x to move wins at 8; the first empty cell, 0, lets o win at 5.
  TicTacToeGame::State s = game.initial_state(1);
  for (TicTacToeGame::Action a : {6, 3, 7, 4}) game.apply(s, a);
  HolesOptions options;
  options.search = "mcts(iterations=3000)";
  options.continuations = 8;
  uint64_t decision = 0;
  GameHoles out;
  // The blind player continues on both seats: after x(0,0) it lets o complete its row (x
  // plays 2, o 5); after x(2,2) the game is over.
  PolicyAgent<TicTacToeGame, FirstCell> blind("first-cell", FirstCell{});
  const std::vector<Agent<TicTacToeGame>*> continuation = {&blind, &blind};
  holes_detail::ShadowedAgent<TicTacToeGame> shadow(
      game, std::make_unique<PolicyAgent<TicTacToeGame, FirstCell>>("first-cell", FirstCell{}),
      continuation, options, 0, 0, decision, out);
  Rng rng(7);
  CHECK(shadow.act(s, rng) == 0);  // the shadow plays its player's move
  CHECK(decision == 1);
  REQUIRE(out.decisions == 1);
  REQUIRE(out.differences.size() == 1);
  const HoleDecision& d = out.differences[0];
  CHECK(d.player_move == "x(0,0)");
  CHECK(d.search_move == "x(2,2)");
  CHECK(d.measured);
  CHECK(d.search_value == 1.0);
  CHECK(d.player_value == -1.0);
  CHECK(d.regret() == 2.0);
  CHECK(d.player_visits == 8);
  CHECK(out.by_kind.at("x(0,0)").agreements == 0);
  CHECK(out.by_pair.at("x(0,0) -> x(2,2)").regret == Approx(d.regret()));

  // A forced move is no decision: nothing is searched or counted.
  TicTacToeGame::State last = game.initial_state(1);
  for (TicTacToeGame::Action a : {0, 1, 2, 4, 3, 5, 7, 6}) game.apply(last, a);
  REQUIRE(!game.is_terminal(last));
  shadow.act(last, rng);
  CHECK(decision == 2);
  CHECK(out.decisions == 1);

  // Valued by a second search instead: its root values, and the player's move, which it
  // barely tries, left out below min_visits.
  options.value = ValueBy::Search;
  GameHoles searched;
  holes_detail::ShadowedAgent<TicTacToeGame> judged(
      game, std::make_unique<PolicyAgent<TicTacToeGame, FirstCell>>("first-cell", FirstCell{}),
      continuation, options, 0, 0, decision, searched);
  judged.act(s, rng);
  REQUIRE(searched.differences.size() == 1);
  const HoleDecision& e = searched.differences[0];
  CHECK(e.search_value == Approx(1.0));
  CHECK(e.search_visits > 1000);
  CHECK(e.measured == (e.player_visits >= options.min_visits));
  CHECK(searched.by_kind.at("x(0,0)").unmeasured == (e.measured ? 0 : 1));
}
