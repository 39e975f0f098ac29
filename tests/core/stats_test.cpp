#include <catch2/catch.hpp>

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "stats/adjusted_values.hpp"
#include "stats/summary.hpp"

using namespace nf;

TEST_CASE("Wilson intervals match published values") {
  // 81 successes in 263 trials: Wilson 95% interval [0.2553, 0.3662] (Newcombe 1998 style check).
  const Interval i = wilson(81, 263);
  CHECK(i.estimate == Approx(0.30798).epsilon(1e-4));
  CHECK(i.low == Approx(0.2553).margin(5e-4));
  CHECK(i.high == Approx(0.3662).margin(5e-4));
  // Zero successes: the interval starts at 0 and stays informative.
  const Interval z = wilson(0, 10);
  CHECK(z.low == 0.0);
  CHECK(z.high == Approx(0.2775).margin(5e-4));
  const Interval all = wilson(10, 10);
  CHECK(all.high == Approx(1.0));
  CHECK(all.low == Approx(0.7225).margin(5e-4));
}

TEST_CASE("integer moments are exact and merge in any grouping") {
  IntMoments a, b, whole;
  for (int x = 1; x <= 10; ++x) {
    (x <= 4 ? a : b).add(x);
    whole.add(x);
  }
  IntMoments merged = a;
  merged.merge(b);
  CHECK(merged.n == whole.n);
  CHECK(merged.sum == whole.sum);
  CHECK(merged.sum_squares == whole.sum_squares);
  CHECK(whole.mean() == Approx(5.5));
  CHECK(whole.variance() == Approx(9.1666667));
}

TEST_CASE("histogram quantiles") {
  IntHistogram h;
  for (int v : {1, 2, 2, 3, 3, 3, 10}) h.add(v);
  CHECK(h.quantile(0.0) == 1);
  CHECK(h.quantile(0.5) == 3);
  CHECK(h.quantile(1.0) == 10);
  CHECK(h.total() == 7);
}

TEST_CASE("seat results: unique best wins, ties draw") {
  const auto r = seat_results(std::array<double, 3>{1, 1, 0}, 3);
  CHECK(r[0] == SeatResult::Draw);
  CHECK(r[1] == SeatResult::Draw);
  CHECK(r[2] == SeatResult::Loss);
  const auto w = seat_results(std::array<double, 2>{-1, 1}, 2);
  CHECK(w[0] == SeatResult::Loss);
  CHECK(w[1] == SeatResult::Win);
}

TEST_CASE("score interval and pentanomial score") {
  WinDrawLoss wdl{60, 20, 20};
  CHECK(wdl.score().estimate == Approx(0.7));
  CHECK(wdl.score().low < 0.7);
  CHECK(wdl.score().high > 0.7);
  // Every pair split 1-1: the paired score is one half, but 50 pairs are not certainty.
  const Interval even = pentanomial_score({0, 0, 50, 0, 0});
  CHECK(even.estimate == Approx(0.5));
  CHECK(even.low < 0.5);
  CHECK(even.high > 0.5);
  CHECK(even.high - even.low < 0.2);
  const Interval strong = pentanomial_score({0, 0, 10, 20, 70});
  CHECK(strong.estimate == Approx((10 * 0.5 + 20 * 0.75 + 70 * 1.0) / 100));
}

TEST_CASE("regression rows keep the experiment's first rows however it is split") {
  ElementSchema schema;
  schema.label = "card";
  schema.metrics = {{"win", MetricKind::Rate, "", +1}};
  schema.elements = {"a", "b"};
  schema.covariates = {"a", "b"};
  schema.regression_rows = 5;
  auto row_of = [](int i) { return std::vector<int16_t>{int16_t(i % 2 ? 1 : -2)}; };
  ElementStats whole(schema), first(schema), second(schema);
  for (int i = 0; i < 8; ++i) {
    whole.add_row(row_of(i), i % 3);
    (i < 3 ? first : second).add_row(row_of(i), i % 3);
  }
  REQUIRE(whole.rows() == 5);
  ElementStats merged(schema);
  merged.merge(first);
  merged.merge(second);
  ElementStats restored(schema);
  restored.merge_counts_json(merged.counts_json());
  for (const ElementStats* s : {&merged, &restored}) {
    REQUIRE(s->rows() == 5);
    for (size_t r = 0; r < 5; ++r) {
      CHECK(s->row_result(r) == whole.row_result(r));
      CHECK(*s->row(r).first == *whole.row(r).first);
    }
  }
}

TEST_CASE("adjusted values recover a planted covariate effect from the rows") {
  ElementSchema schema;
  schema.label = "card";
  schema.metrics = {{"win", MetricKind::Rate, "", +1}};
  schema.elements = {"strong", "neutral"};
  schema.covariates = {"strong", "neutral"};
  schema.regression_rows = 100'000;
  ElementStats stats(schema);
  Rng rng(11);
  for (int g = 0; g < 40'000; ++g) {
    std::vector<int16_t> row;
    const int strong = int(rng.below(3)) - 1, neutral = int(rng.below(3)) - 1;
    if (strong) row.push_back(int16_t(strong));
    if (neutral) row.push_back(int16_t(2 * neutral));
    const double p = 1 / (1 + std::exp(-0.6 * strong));
    stats.add_row(row, rng.uniform() < p ? 2 : 0);
  }
  const nlohmann::json a = adjusted_values_json(schema, stats);
  REQUIRE(a["converged"].get<bool>());
  const Interval strong = interval_from_json(a["covariates"][0]["log_odds"]);
  const Interval neutral = interval_from_json(a["covariates"][1]["log_odds"]);
  CHECK(strong.low < 0.6);
  CHECK(strong.high > 0.6);
  CHECK(neutral.low < 0);
  CHECK(neutral.high > 0);
  CHECK(a["rows"].get<uint64_t>() == 40'000);
  ElementSchema without = schema;
  without.covariates.clear();
  CHECK(adjusted_values_json(without, ElementStats(without)).is_null());
}
