#include <catch2/catch.hpp>

#include <cmath>

#include "core/score_intervals.hpp"
#include "stats/sprt.hpp"

using namespace nf;

TEST_CASE("five won pairs do not claim a score of exactly 1") {
  const Interval s = pair_score_interval({0, 0, 0, 0, 5});
  CHECK(s.estimate == 1.0);
  CHECK(s.high == 1.0);
  CHECK(s.low < 0.7);  // Wilson's interval for 5 of 5 starts at 0.57
  CHECK(s.low > 0.5);
  const Interval elo = pentanomial_elo({0, 0, 0, 0, 5});
  CHECK(elo.low < 200);
}

TEST_CASE("a single outcome repeated keeps an interval of positive width") {
  for (uint64_t n : {1u, 2u, 10u, 100u}) {
    const Interval drawn = pair_score_interval({0, 0, n, 0, 0});
    CHECK(drawn.estimate == 0.5);
    CHECK(drawn.high - drawn.low > 0);
    const WinDrawLoss all_won{n, 0, 0};
    CHECK(all_won.score().low < 1.0);
  }
}

TEST_CASE("on a large sample the interval is the pentanomial normal interval") {
  const std::array<uint64_t, 5> pairs = {1000, 4000, 10000, 4500, 1200};
  double n = 0, sum = 0, squares = 0;
  for (int k = 0; k < 5; ++k) {
    const double x = k / 4.0;
    n += double(pairs[k]), sum += double(pairs[k]) * x, squares += double(pairs[k]) * x * x;
  }
  const double mean = sum / n;
  const double half = kZ95 * std::sqrt((squares / n - mean * mean) / n);
  const Interval s = pair_score_interval(pairs);
  CHECK(s.estimate == Approx(mean));
  CHECK(s.low == Approx(mean - half).epsilon(1e-3));
  CHECK(s.high == Approx(mean + half).epsilon(1e-3));
}

TEST_CASE("the sign-flip test is exact on small samples and never 0") {
  // Five decisive pairs all won: 2 * (1/2)^5.
  CHECK(pair_sign_flip_p({0, 0, 0, 0, 5}) == Approx(0.0625));
  CHECK(pentanomial_p_value({0, 0, 0, 0, 5}) == Approx(0.0625));
  // Only draws: no evidence either way.
  CHECK(pair_sign_flip_p({0, 0, 7, 0, 0}) == 1.0);
  // Symmetric counts: p = 1.
  CHECK(pair_sign_flip_p({3, 5, 9, 5, 3}) == Approx(1.0));
  // Many won pairs: tiny but positive.
  const double p = pair_sign_flip_p({0, 0, 0, 0, 60});
  CHECK(p > 0);
  CHECK(p == Approx(2 * std::pow(0.5, 60)));
  // The large-sample branch agrees with a normal test on the sign-flip variance.
  CHECK(pair_sign_flip_p({1000, 1500, 2000, 1600, 1100}) ==
        Approx(std::erfc((100.0 + 2 * 100.0) / std::sqrt(3100.0 + 4 * 2100.0) / std::sqrt(2.0)))
            .epsilon(1e-6));
}
