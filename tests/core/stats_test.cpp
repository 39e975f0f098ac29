#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/stats.hpp"
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
