#include <catch2/catch.hpp>

#include <array>
#include <nlohmann/json.hpp>

#include "stats/ludii_metrics.hpp"
#include "stats/summary.hpp"

using namespace nf;

namespace {
constexpr SeatResult W = SeatResult::Win, D = SeatResult::Draw, L = SeatResult::Loss;

int rank2(std::initializer_list<SeatResult> results, int seat) {
  const std::vector<SeatResult> v(results);
  return doubled_rank(v, seat);
}
}  // namespace

TEST_CASE("ranks from win/draw/loss share tied places as in Ludii") {
  CHECK(rank2({W, L}, 0) == 2);        // rank 1
  CHECK(rank2({W, L}, 1) == 4);        // rank 2
  CHECK(rank2({D, D}, 0) == 3);        // both 1.5
  CHECK(rank2({L, W, L, L}, 0) == 6);  // losers share ranks 2..4: 3
  CHECK(rank2({D, L, D}, 2) == 3);     // drawers share 1..2
  CHECK(rank2({D, L, D}, 1) == 6);     // rank 3
}

TEST_CASE("AdvantageP1 is seat 0's mean rank utility mapped to [0, 1]") {
  SECTION("two players: win 1, draw 1/2, loss 0") {
    LudiiCounts c(2, 0);
    for (int i = 0; i < 6; ++i) c.add_game(std::array{W, L}, -1);
    for (int i = 0; i < 2; ++i) c.add_game(std::array{D, D}, -1);
    for (int i = 0; i < 2; ++i) c.add_game(std::array{L, W}, -1);
    const LudiiMetrics m = ludii_metrics(c, 10, {}, {});
    CHECK(m.advantage_p1.estimate == Approx(0.7));
    CHECK(m.advantage_p1.low < 0.7);
    CHECK(m.advantage_p1.high > 0.7);
    CHECK(m.drawishness.estimate == Approx(0.2));
  }
  SECTION("three players: a loss to a single winner is worth 1/4, so a fair game gives 1/2") {
    LudiiCounts c(3, 0);
    c.add_game(std::array{W, L, L}, -1);
    c.add_game(std::array{L, W, L}, -1);
    c.add_game(std::array{L, L, W}, -1);
    CHECK(ludii_metrics(c, 3, {}, {}).advantage_p1.estimate == Approx(0.5));
    LudiiCounts lost(3, 0);
    lost.add_game(std::array{L, W, L}, -1);
    CHECK(ludii_metrics(lost, 1, {}, {}).advantage_p1.estimate == Approx(0.25));
  }
}

TEST_CASE("Drawishness leaves out games ended by a cap, which are Timeouts") {
  const std::vector<std::string> names = {"none", "castle emptied", "both castles emptied",
                                          "round cap"};
  BalanceAccumulator acc(2, 2, names.size(), nullptr);
  const int agents[2] = {0, 1};
  for (int i = 0; i < 5; ++i) acc.add_game(std::array{W, L}, agents, 10, 1);
  for (int i = 0; i < 2; ++i) acc.add_game(std::array{D, D}, agents, 10, 2);  // natural draws
  for (int i = 0; i < 3; ++i) acc.add_game(std::array{D, D}, agents, 10, 3);  // capped draws
  const LudiiMetrics m = ludii_metrics(acc.ludii, acc.games, acc.end_reasons, names);
  CHECK(m.drawishness.estimate == Approx(0.2));
  CHECK(m.timeouts.estimate == Approx(0.3));
  CHECK(m.advantage_p1.estimate == Approx((5 + 0.5 * 5) / 10));
  // Merging splits gives the same counts.
  BalanceAccumulator a(2, 2, names.size(), nullptr), b(2, 2, names.size(), nullptr);
  for (int i = 0; i < 5; ++i) a.add_game(std::array{W, L}, agents, 10, 1);
  for (int i = 0; i < 2; ++i) b.add_game(std::array{D, D}, agents, 10, 2);
  for (int i = 0; i < 3; ++i) b.add_game(std::array{D, D}, agents, 10, 3);
  a.merge(b);
  CHECK(a.ludii.counts_json() == acc.ludii.counts_json());
}

TEST_CASE("cap end reasons are recognised by the word 'cap'") {
  CHECK(is_cap_end_reason("round cap"));
  CHECK(is_cap_end_reason("turn cap, tie rule"));
  CHECK(is_cap_end_reason("cap"));
  CHECK_FALSE(is_cap_end_reason("ruler captured"));
  CHECK_FALSE(is_cap_end_reason("handicap"));
  CHECK_FALSE(is_cap_end_reason("most sections"));
}

TEST_CASE("Decisiveness: the share of moves before the winner passed every loser's best value") {
  // Two seats, seat 0 wins; five states before moves. Seat 1's best value is 0.6.
  const std::vector<double> values = {0.5, 0.5,  //
                                      0.4, 0.6,  //
                                      0.6, 0.4,  // equal to the threshold: not above it
                                      0.7, 0.3,  // first above: state 3 of 5
                                      0.9, 0.1};
  const GameDecisiveness d = game_decisiveness(values, 2, std::array{W, L});
  CHECK(d.threshold == Approx(0.6));
  CHECK(d.moves == Approx(3.0 / 5));
  // The same values with seat 1 winning: seat 0 reached 0.9, seat 1 never passes it.
  const GameDecisiveness late = game_decisiveness(values, 2, std::array{L, W});
  CHECK(late.threshold == Approx(0.9));
  CHECK(late.moves == 1.0);
  // Everyone drew: no seat to beat, decided from the start.
  const GameDecisiveness drawn = game_decisiveness(values, 2, std::array{D, D});
  CHECK(drawn.threshold == -1);
  CHECK(drawn.moves == 0.0);
  // Averaged over games in fixed point.
  LudiiCounts c(2, 0);
  c.add_decisiveness(d);
  c.add_decisiveness(late);
  const LudiiMetrics m = ludii_metrics(c, 2, {}, {});
  CHECK(m.decisiveness_games == 2);
  CHECK(m.decisiveness.estimate == Approx(0.8));
  CHECK(m.decisiveness_threshold.estimate == Approx(0.75));
}
