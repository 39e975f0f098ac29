#include <catch2/catch.hpp>

#include <cmath>

#include "stats/multiple_testing.hpp"

using namespace nf;

TEST_CASE("Benjamini-Hochberg on the 15 p-values of the original paper") {
  // Benjamini & Hochberg (1995), section 4: at q = 0.05 the first four are rejected.
  const std::vector<double> p = {0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344,
                                 0.0459, 0.3240, 0.4262, 0.5719, 0.6528, 0.7590, 1.0000};
  const std::vector<double> q = benjamini_hochberg(p);
  int rejected = 0;
  for (double x : q) rejected += x <= 0.05;
  CHECK(rejected == 4);
  // Adjusted values as R's p.adjust(p, "BH") gives them.
  CHECK(q[0] == Approx(0.0015));
  CHECK(q[1] == Approx(0.0030));
  CHECK(q[2] == Approx(0.0095));
  CHECK(q[3] == Approx(0.035625));
  CHECK(q[4] == Approx(0.0603));
  CHECK(q[8] == Approx(0.0765));
  CHECK(q[14] == Approx(1.0));
}

TEST_CASE("Benjamini-Hochberg keeps input order, is monotone and skips NaN") {
  const double nan = std::nan("");
  const std::vector<double> q = benjamini_hochberg({0.04, nan, 0.01, 0.03});
  REQUIRE(q.size() == 4);
  CHECK(std::isnan(q[1]));
  // m = 3: 0.01 -> 0.03, 0.03 -> 0.04 (step-up minimum), 0.04 -> 0.04.
  CHECK(q[2] == Approx(0.03));
  CHECK(q[3] == Approx(0.04));
  CHECK(q[0] == Approx(0.04));
}

TEST_CASE("elements flagged only when they stand out after correction") {
  ElementSchema schema{
      "card",
      {"a", "b", "c", "d", "e", "f", "g", "h"},
      {{"win_rate", MetricKind::Rate, "", 1}, {"damage", MetricKind::Mean, "", 0}}};
  ElementStats stats(schema);
  for (int e = 0; e < 8; ++e) {
    // Card 'a' wins 65% of 2000 games; the others 50% (+- a little).
    const uint64_t hits = e == 0 ? 1300 : 1000 + uint64_t(e) * 3;
    stats.add_rate_counts(e, 0, hits, 2000);
    for (int i = 0; i < 200; ++i) stats.add_value(e, 1, (e == 7 ? 1 : 5) + i % 3);
  }
  const auto flags = flag_elements(schema, stats, 0.05);
  REQUIRE(flags.size() == 2);
  CHECK(flags[0].element == 0);
  CHECK(flags[0].verdict == "too strong");
  CHECK(flags[0].q <= 0.05);
  CHECK(flags[1].element == 7);
  CHECK(flags[1].metric == 1);
  CHECK(flags[1].verdict == "below the others");
  // A weak element in a strength metric is "too weak".
  ElementStats weak(schema);
  for (int e = 0; e < 8; ++e) weak.add_rate_counts(e, 0, e == 3 ? 800 : 1000, 2000);
  const auto weak_flags = flag_elements(schema, weak, 0.05);
  REQUIRE(weak_flags.size() == 1);
  CHECK(weak_flags[0].element == 3);
  CHECK(weak_flags[0].verdict == "too weak");
}
