#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>

#include "games/reference/goofspiel.hpp"
#include "tests/reference/game_checks.hpp"

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

TEST_CASE("goofspiel: soak, determinism and determinize, open and hidden bids") {
  for (const char* imp : {"false", "true"})
    for (const char* n : {"2", "3"}) {
      const auto game = make({{"num_cards", "9"}, {"imp_info", imp}, {"players", n}});
      const int players = game.num_players();
      nf::testing::soak(game, 2000, size_t(9 * players), [&](const GoofspielGame::State& s) {
        int total = 0;
        for (int p = 0; p < players; ++p) total += s.points[size_t(p)];
        int won = 0;
        for (size_t t = 0; t < s.winners.size(); ++t)
          if (s.winners[t] >= 0) won += s.point_cards[t] + 1;
        REQUIRE(total == won);
        for (int p = 0; p < players; ++p)
          REQUIRE(std::popcount(s.hand[size_t(p)]) ==
                  9 - s.turn - (!s.over && p < s.to_move ? 1 : 0));
      });
      nf::testing::check_determinism(game);
      nf::testing::check_determinize(game, [&](const GoofspielGame::State& s, int observer) {
        uint64_t h = 0;  // every bid the observer did not make
        for (int t = 0; t <= std::min<int>(s.turn, 8); ++t)
          for (int p = 0; p < players; ++p)
            if (p != observer) h = nf::mix_seed(h, s.bids[size_t(t)][size_t(p)]);
        return h;
      });
    }
}
