// Strength with statistics on commanders. Each match plays paired deals (every deal in both
// seat orders) in parallel and compares the two agents' win rates by their 95% Wilson
// intervals; self-play on a seat-symmetric game checks that a search plays both seats alike.
// The default cases are light; the heavy ones carry the [.strength] tag and run with
// `test_agents "[.strength]"`.
#include <tbb/parallel_for.h>
#include <catch2/catch.hpp>

#include "core/stats.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/reference/goofspiel.hpp"
#include "tests/agents/helpers.hpp"

namespace {

using nf::commanders::CommandersGame;

struct Match {
  nf::Interval first, second;  // win rates of the two agents
};

Match match(const std::string& first, const std::string& second, int deals, uint64_t seed) {
  const CommandersGame game;
  std::vector<std::array<int, 2>> wins(static_cast<size_t>(deals));
  tbb::parallel_for(0, deals, [&](int d) {
    auto a = nf::make_agent(game, first);
    auto b = nf::make_agent(game, second);
    for (int order = 0; order < 2; ++order) {
      std::vector<nf::Agent<CommandersGame>*> seats = {a.get(), b.get()};
      if (order == 1) std::swap(seats[0], seats[1]);
      const auto r = nf::testing::play<CommandersGame>(
          game, seats, nf::derive_seed(seed, uint64_t(d), nf::Stream::Misc));
      // Same deal both ways: play() derives the deal from the seed alone.
      const int first_seat = order == 0 ? 0 : 1;
      if (r[size_t(first_seat)] > r[size_t(1 - first_seat)]) ++wins[size_t(d)][0];
      if (r[size_t(first_seat)] < r[size_t(1 - first_seat)]) ++wins[size_t(d)][1];
    }
  });
  double first_wins = 0, second_wins = 0;
  for (const auto& w : wins) first_wins += w[0], second_wins += w[1];
  const double games = 2.0 * deals;
  Match m{nf::wilson(first_wins, games), nf::wilson(second_wins, games)};
  UNSCOPED_INFO(first << " wins " << m.first.estimate << " [" << m.first.low << ", " << m.first.high
                      << "], " << second << " wins " << m.second.estimate << " [" << m.second.low
                      << ", " << m.second.high << "] over " << games << " games");
  return m;
}

// Seat 0's score (a win 1, a draw 1/2) when `agent` plays every seat of `games` deals of a
// two-player game, with its 95% Wilson interval.
template <nf::Game G>
nf::Interval seat_zero_score(const G& game, const std::string& agent, int games, uint64_t seed) {
  std::vector<double> points(static_cast<size_t>(games));
  tbb::parallel_for(0, games, [&](int g) {
    auto a = nf::make_agent(game, agent);
    auto b = nf::make_agent(game, agent);
    const auto r = nf::testing::play<G>(game, {a.get(), b.get()},
                                        nf::derive_seed(seed, uint64_t(g), nf::Stream::Misc));
    points[size_t(g)] = r[0] > r[1] ? 1.0 : r[0] == r[1] ? 0.5 : 0.0;
  });
  double total = 0;
  for (double p : points) total += p;
  const nf::Interval score = nf::wilson(total, games);
  UNSCOPED_INFO(G::kId << ": " << agent << " in both seats, seat 0 scores " << score.estimate
                       << " [" << score.low << ", " << score.high << "] over " << games
                       << " games");
  return score;
}

}  // namespace

TEST_CASE("strength: on commanders the heuristic beats random play, intervals apart") {
  const Match m = match("heuristic", "random", 300, 1);
  CHECK(m.first.low > m.second.high);
}

TEST_CASE(
    "strength: on commanders ismcts(300, random rollouts) beats random play, intervals apart") {
  const Match m = match("ismcts(iterations=300,rollout=random,prior=0)", "random", 60, 2);
  CHECK(m.first.low > m.second.high);
}

TEST_CASE("strength: on commanders ismcts(1000, heuristic rollouts) beats the heuristic",
          "[.strength]") {
  const Match m = match("ismcts(iterations=1000,rollout=heuristic)", "heuristic", 200, 3);
  CHECK(m.first.low > m.second.high);
}

TEST_CASE("strength: on commanders the default ismcts beats the fixed heuristic it models",
          "[.strength]") {
  const Match m = match("ismcts", "heuristic(mix=false)", 200, 6);
  CHECK(m.first.low > m.second.high);
}

// The default heuristic mixes its choices (the equilibrium of each battle), which the search
// does not model: it still wins more, by less (docs/games/commanders.md).
TEST_CASE("strength: on commanders the default ismcts beats the mixed heuristic", "[.strength]") {
  const Match m = match("ismcts", "heuristic", 500, 6);
  CHECK(m.first.low > 0.5);
}

TEST_CASE("strength: on commanders more iterations are not weaker (100/400/1600)", "[.strength]") {
  // "Not weaker": the larger budget's win rate is not significantly below the smaller's.
  // On commanders more search gains little, so the point estimates of 300 games may fall
  // either way; only a significant loss fails.
  const Match low = match("ismcts(iterations=400,rollout=random,prior=0)",
                          "ismcts(iterations=100,rollout=random,prior=0)", 150, 4);
  CHECK(low.first.high >= low.second.low);
  const Match high = match("ismcts(iterations=1600,rollout=random,prior=0)",
                           "ismcts(iterations=400,rollout=random,prior=0)", 150, 5);
  CHECK(high.first.high >= high.second.low);
}

// Both games are seat-symmetric (commanders: random and heuristic self-play score 0.50 in
// seat 0 over millions of games), so a search that treats both seats alike scores 0.5 in seat 0
// against itself. The seat that chooses second must model the hidden first choice as the seat
// that chooses first models the reply: before it did (a uniform guess), the default ismcts
// scored 0.541 [0.510, 0.572] in seat 0 on commanders.
TEST_CASE("strength: the default ismcts against itself has no seat advantage", "[.strength]") {
  SECTION("commanders") {
    const nf::Interval score = seat_zero_score(CommandersGame(), "ismcts", 1000, 7);
    CHECK(score.low <= 0.5);
    CHECK(score.high >= 0.5);
  }
  SECTION("goofspiel") {
    const nf::Interval score = seat_zero_score(nf::reference::GoofspielGame(), "ismcts", 2000, 8);
    CHECK(score.low <= 0.5);
    CHECK(score.high >= 0.5);
  }
}
