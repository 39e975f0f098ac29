#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>

#include "games/reference/goofspiel.hpp"
#include "tests/conformance.hpp"

using nf::reference::GoofspielGame;

namespace {

GoofspielGame make(std::map<std::string, std::string> config) {
  return GoofspielGame(nf::ParamSet(GoofspielGame::config_schema(), config, "goofspiel"));
}

// Bids given as card values (1-based), seat by seat, turn by turn.
GoofspielGame::State play(const GoofspielGame& game, std::initializer_list<int> bids,
                          uint64_t seed = 1) {
  auto s = game.initial_state(seed);
  for (int value : bids) {
    REQUIRE(!game.is_terminal(s));
    game.apply(s, static_cast<uint8_t>(value - 1));
  }
  return s;
}

}  // namespace

TEST_CASE("goofspiel: the highest bid takes the point card and the last turn plays itself") {
  const auto game = make({{"num_cards", "3"}, {"points_order", "ascending"}});
  auto s = game.initial_state(1);
  CHECK(s.point_cards.back() == 0);  // point card 1 first
  CHECK(game.action_to_string(s, 2) == "[P0]Bid: 3");
  s = play(game, {3, 1, 1, 2});
  // Turn 1: 3 beats 1 for 1 point; turn 2: 2 beats 1 for 2 points; turn 3 (automatic): the
  // last cards, 2 against 3, give seat 1 the 3 points.
  REQUIRE(game.is_terminal(s));
  CHECK(s.points[0] == 1);
  CHECK(s.points[1] == 5);
  CHECK(s.winners == nf::FixedVector<int8_t, 16>{0, 1, 1});
  CHECK(game.returns(s)[0] == -1);
  CHECK(game.returns(s)[1] == 1);
  CHECK(
      make(
          {{"num_cards", "3"}, {"points_order", "ascending"}, {"returns_type", "point_difference"}})
          .returns(s)[1] == 2);
  CHECK(make({{"num_cards", "3"}, {"points_order", "ascending"}, {"returns_type", "total_points"}})
            .returns(s)[0] == 1);
}

TEST_CASE("goofspiel: a tie at the top discards the point card - equal points draw") {
  const auto game = make({{"num_cards", "3"}, {"points_order", "descending"}});
  CHECK(game.initial_state(1).point_cards.back() == 2);  // point card 3 first
  const auto s = play(game, {2, 2, 3, 1});
  REQUIRE(game.is_terminal(s));
  CHECK(s.winners[0] == GoofspielGame::kNoWinner);
  // Turn 2 (2 points) to seat 0; turn 3 (1 point): seat 0's 1 against seat 1's 3.
  CHECK(s.points[0] == 2);
  CHECK(s.points[1] == 1);
  const auto draw = play(game, {1, 1, 2, 2});
  CHECK(draw.points[0] == 0);
  CHECK(draw.points[1] == 0);
  CHECK(game.returns(draw) == nf::Returns<10>{});
}

TEST_CASE("goofspiel: with three players a tie at the top discards even above a lower bid") {
  const auto game = make({{"num_cards", "4"}, {"players", "3"}, {"points_order", "ascending"}});
  auto s = play(game, {4, 4, 1});
  CHECK(s.winners[0] == GoofspielGame::kNoWinner);
  s = play(game,
           {4, 4, 1, 1, 2, 4, 2, 3, 3});  // turn 2: seat 2 bids 4 (2 points); turn 3: 2, 3, 3 ties
  REQUIRE(game.is_terminal(s));           // turn 4 played itself: 3, 1, 2 -> seat 0 takes 4 points
  CHECK(s.points[0] == 4);
  CHECK(s.points[2] == 2);
  // One winner among three: +1 to it, -1/2 to each of the others.
  CHECK(game.returns(s)[0] == 1);
  CHECK(game.returns(s)[1] == -0.5);
}

TEST_CASE("goofspiel: random point order turns a permutation of the point cards") {
  const auto game = make({{"num_cards", "9"}});
  for (uint64_t seed = 0; seed < 200; ++seed) {
    auto s = game.initial_state(seed);
    nf::Rng rng(seed);
    const nf::RandomPolicy<GoofspielGame> random(game);
    while (!game.is_terminal(s)) game.apply(s, random.choose(s, rng));
    std::vector<int> cards(s.point_cards.begin(), s.point_cards.end());
    std::sort(cards.begin(), cards.end());
    REQUIRE(cards == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8});
  }
}

TEST_CASE("goofspiel: bids of the turn in progress are hidden, with imp_info all other bids") {
  const auto open = make({{"num_cards", "5"}, {"points_order", "ascending"}});
  auto s = play(open, {5});
  CHECK(open.observation(s, 1) == open.observation(play(open, {2}), 1));  // seat 0's bid unseen
  CHECK(open.observation(s, 0) != open.observation(play(open, {2}), 0));
  CHECK(!open.sees_action(play(open, {}), 0, 1));
  CHECK(open.sees_action(s, 0, 0));  // seat 0 sees seat 1's bid (revealed as the turn ends)
  // After the turn, bids are public without imp_info ...
  CHECK(open.observation(play(open, {5, 1}), 1) != open.observation(play(open, {4, 1}), 1));
  // ... and with imp_info only who won is.
  const auto hidden =
      make({{"num_cards", "5"}, {"points_order", "ascending"}, {"imp_info", "true"}});
  CHECK(hidden.observation(play(hidden, {5, 1}), 1) == hidden.observation(play(hidden, {4, 1}), 1));
  CHECK(hidden.observation(play(hidden, {5, 1}), 1) != hidden.observation(play(hidden, {1, 2}), 1));
  CHECK(!hidden.sees_action(s, 0, 0));
}

TEST_CASE("goofspiel: 9 cards, open and hidden bids, 2 and 3 players pass the conformance suite") {
  for (const char* imp : {"false", "true"})
    for (const char* n : {"2", "3"})
      nf::testing::require_conformance<GoofspielGame>(
          {{"num_cards", "9"}, {"imp_info", imp}, {"players", n}}, 2000);
}

TEST_CASE("goofspiel invariants: lost points, a missing bid card or unbalanced returns are named") {
  const auto game = make({{"num_cards", "5"}, {"points_order", "ascending"}});
  const auto reached = play(game, {5, 1, 2, 4});
  REQUIRE(game.broken_invariant(reached) == "");
  auto points = reached;
  points.points[0] += 1;
  CHECK_THAT(game.broken_invariant(points), Catch::Contains("turns they won are worth"));
  auto card = reached;
  card.hand[1] &= uint16_t(card.hand[1] - 1);  // a bid card vanishes from seat 1's hand
  CHECK_THAT(game.broken_invariant(card), Catch::Contains("seat 1 holds 2 bid cards"));
  auto over = play(game, {5, 1, 4, 2, 3, 3, 2, 4});
  REQUIRE(game.is_terminal(over));
  REQUIRE(game.broken_invariant(over) == "");
  const auto totals = make({{"num_cards", "5"}, {"returns_type", "total_points"}});
  CHECK(totals.broken_invariant(over) == "");  // total points are not zero-sum
}
