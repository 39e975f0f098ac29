// Balance statistics of realms: realms, figures and Fate cards are separate groups, and a
// figure is measured by what happened to it, not by its realm's result.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

int metric_index(const ElementSchema& schema, const std::string& name) {
  for (size_t m = 0; m < schema.metrics.size(); ++m)
    if (schema.metrics[m].name == name) return int(m);
  FAIL("no metric " << name);
  return -1;
}

}  // namespace

TEST_CASE("realms balance statistics: realms, figures and Fate cards are compared apart") {
  const ElementSchema schema = RealmsGame::element_schema();
  REQUIRE(schema.group_count() == 3);
  CHECK(schema.group_name(schema.group(0)) == "realm");
  CHECK(schema.group_name(schema.group(1)) == "realm");
  CHECK(schema.group_name(schema.group(2)) == "figure");
  CHECK(schema.group_name(schema.group(schema.elements.size() - 1)) == "Fate card");
  CHECK(schema.group_elements(0).size() == 2);
  CHECK(schema.group_elements(1).size() == size_t(kFigureKinds));
  CHECK(schema.group_elements(2).size() == size_t(kFateKinds));
  const int win = metric_index(schema, "win");
  const int moving_first = metric_index(schema, "win_moving_first");
  const int survival = metric_index(schema, "survival");
  const int played = metric_index(schema, "played_per_game");
  for (int e : schema.group_elements(1)) {  // figures: their own fate, not their realm's win
    CHECK_FALSE(schema.applies(size_t(e), size_t(win)));
    CHECK_FALSE(schema.applies(size_t(e), size_t(moving_first)));
    CHECK(schema.applies(size_t(e), size_t(survival)));
  }
  for (int e : schema.group_elements(2)) {
    CHECK_FALSE(schema.applies(size_t(e), size_t(win)));
    CHECK(schema.applies(size_t(e), size_t(metric_index(schema, "win_when_played"))));
    CHECK_FALSE(schema.applies(size_t(e), size_t(moving_first)));
    CHECK(schema.applies(size_t(e), size_t(played)));
  }
  CHECK(schema.metrics[size_t(win)].strength == 1);

  // Random games: every realm row counts each game once, no figure row counts a realm win.
  const RealmsGame game = make_game();
  const RandomPolicy<RealmsGame> random(game);
  Rng rng(5);
  ElementStats stats(schema);
  constexpr int kGames = 20;
  for (uint64_t seed = 0; seed < kGames; ++seed) {
    State s = game.initial_state(seed);
    playout(game, s, random, rng);
    game.collect_elements(s, stats);
  }
  CHECK(stats.rate(0, win).trials == kGames);
  CHECK(stats.rate(1, win).trials == kGames);
  for (int e : schema.group_elements(1)) {
    CHECK(stats.rate(e, win).trials == 0);
    CHECK(stats.rate(e, survival).trials > 0);
  }
}
