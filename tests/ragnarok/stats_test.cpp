// The balance rows Ragnarok Rising reads from a finished game.
#include <algorithm>

#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

int row(const ElementSchema& schema, const std::string& name) {
  const auto it = std::find(schema.elements.begin(), schema.elements.end(), name);
  REQUIRE(it != schema.elements.end());
  return int(it - schema.elements.begin());
}

int metric(const ElementSchema& schema, const std::string& name) {
  for (size_t m = 0; m < schema.metrics.size(); ++m)
    if (schema.metrics[m].name == name) return int(m);
  FAIL("no metric " << name);
  return -1;
}

}  // namespace

TEST_CASE("ragnarok stats: an RR card left unclaimed or claimed counts how the game ended") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);            // glory 10
  sc.rr("Heimdall's Horn", RrZone::Claimed0);  // glory 7
  sc.rr("Surtr", RrZone::Claimed1);            // the loser's Glory
  sc.s.phase = Phase::Over;
  sc.s.winner = 0;
  sc.s.end_reason = EndReason::Death;
  const ElementSchema schema = sc.game.element_schema();
  ElementStats stats(schema);
  sc.game.collect_elements(sc.s, stats);
  const int garm = row(schema, "rr:Garm"), horn = row(schema, "rr:Heimdall's Horn");
  const int surtr_glory = sc.game.rr(sc.rr_id("Surtr")).glory;
  // Garm stayed unclaimed in a game that ended by death.
  CHECK(stats.rate(garm, metric(schema, "death_unclaimed")).hits == 1);
  CHECK(stats.rate(garm, metric(schema, "death_unclaimed")).trials == 1);
  CHECK(stats.rate(garm, metric(schema, "death_claimed")).trials == 0);
  CHECK(stats.mean(garm, metric(schema, "glory_unclaimed")).sum == 7 + surtr_glory);
  // The Horn was claimed: its own Glory is left out of the Glory the others brought.
  CHECK(stats.rate(horn, metric(schema, "death_claimed")).hits == 1);
  CHECK(stats.rate(horn, metric(schema, "death_unclaimed")).trials == 0);
  CHECK(stats.mean(horn, metric(schema, "glory_claimed")).sum == surtr_glory);
  CHECK(stats.mean(horn, metric(schema, "glory_unclaimed")).n == 0);
}

TEST_CASE("ragnarok stats: a game decided on Glory is not a death") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);
  sc.s.phase = Phase::Over;
  sc.s.winner = -1;
  sc.s.end_reason = EndReason::Draw;
  const ElementSchema schema = sc.game.element_schema();
  ElementStats stats(schema);
  sc.game.collect_elements(sc.s, stats);
  const auto& death = stats.rate(row(schema, "rr:Garm"), metric(schema, "death_unclaimed"));
  CHECK(death.trials == 1);
  CHECK(death.hits == 0);
}
