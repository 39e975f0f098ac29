// The commander statistics `ninefold balance` reports, from a scripted game.
#include <catch2/catch.hpp>

#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;
using namespace nf::commanders::test;

namespace {

int metric_index(const ElementSchema& schema, const std::string& name) {
  for (size_t m = 0; m < schema.metrics.size(); ++m)
    if (schema.metrics[m].name == name) return int(m);
  FAIL("no metric " << name);
  return -1;
}

}  // namespace

TEST_CASE("commanders balance statistics: one row per commander, counted from the game") {
  const CommandersGame game;
  // Round 1: seat 0's Ace assassinates seat 1's Joker (the only other card); round 2: seat
  // 0's King (6, worth 12) kills seat 1's last commander, a Jack (5).
  State s = make_state(make_side("K A", "", {6}), make_side("J Joker", "", {5}));
  play_round(game, s, Ace, Jack);
  play_round(game, s, King, Jack);
  REQUIRE(s.winner == 0);

  const ElementSchema schema = CommandersGame::element_schema();
  CHECK(schema.label == "commander");
  CHECK(schema.elements == std::vector<std::string>{"K", "Q", "J", "A", "Joker"});
  ElementStats stats(schema);
  game.collect_elements(s, stats);
  auto rate = [&](Commander c, const char* metric) {
    const RateCounter& r = stats.rate(c, metric_index(schema, metric));
    return std::pair<uint64_t, uint64_t>{r.hits, r.trials};
  };
  auto mean = [&](Commander c, const char* metric) {
    return stats.mean(c, metric_index(schema, metric));
  };
  using Count = std::pair<uint64_t, uint64_t>;
  CHECK(rate(King, "play_share") == Count{1, 4});  // seat 0: A, K; seat 1: J, J
  CHECK(rate(Jack, "play_share") == Count{2, 4});
  CHECK(mean(Jack, "plays_per_game").sum == 2);
  CHECK(mean(Jack, "plays_per_game").n == 2);  // one value per side
  CHECK(rate(Ace, "kill_rate") == Count{1, 1});
  CHECK(rate(King, "kill_rate") == Count{1, 1});
  CHECK(rate(Jack, "kill_rate") == Count{0, 2});
  CHECK(rate(Jack, "death_rate") == Count{1, 2});
  CHECK(rate(Ace, "death_rate") == Count{0, 1});
  CHECK(mean(Joker, "assassinated_per_game").sum == 1);
  CHECK(mean(King, "revived_per_game").sum == 0);
  // Seat 1 lost its Jack and its Joker and the game; seat 0 lost nothing.
  CHECK(rate(Jack, "win_when_lost") == Count{0, 1});
  CHECK(rate(Joker, "win_when_lost") == Count{0, 1});
  CHECK(rate(King, "win_when_lost") == Count{0, 0});
  // A side that never lost one: seat 0 (the winner) for every commander, seat 1 for K, Q, A.
  CHECK(rate(King, "win_when_never_lost") == Count{1, 2});
  CHECK(rate(Ace, "win_when_never_lost") == Count{1, 2});
  CHECK(rate(Jack, "win_when_never_lost") == Count{1, 1});
  CHECK(rate(Joker, "win_when_never_lost") == Count{1, 1});
  // Battle commanders are compared among themselves, the Ace and the Joker among themselves.
  CHECK(schema.group_name(schema.group(King)) == "battle commander");
  CHECK(schema.group(Queen) == schema.group(King));
  CHECK(schema.group(Jack) == schema.group(King));
  CHECK(schema.group_name(schema.group(Ace)) == "special commander");
  CHECK(schema.group(Joker) == schema.group(Ace));
}

TEST_CASE("commanders balance statistics: end reasons name every EndReason") {
  const auto reasons = CommandersGame::end_reasons();
  REQUIRE(reasons.size() == 4);
  CHECK(reasons[int(EndReason::CastleEmptied)] == "castle emptied");
  CHECK(reasons[int(EndReason::BothCastlesEmptied)] == "both castles emptied");
  CHECK(reasons[int(EndReason::RoundCap)] == "round cap");
}
