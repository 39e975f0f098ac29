#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "stats/sprt.hpp"

using namespace nf;

TEST_CASE("SPRT bounds are Wald's: +-2.944 for alpha = beta = 0.05") {
  const SprtParams p = parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.05");
  CHECK(p.lower() == Approx(-2.944).margin(5e-4));
  CHECK(p.upper() == Approx(2.944).margin(5e-4));
  const SprtParams q = parse_sprt("alpha=0.01,beta=0.1");
  CHECK(q.upper() == Approx(std::log(0.9 / 0.01)));
  CHECK(q.lower() == Approx(std::log(0.1 / 0.99)));
  CHECK(sprt_decision(3.0, p) == SprtDecision::AcceptH1);
  CHECK(sprt_decision(-3.0, p) == SprtDecision::AcceptH0);
  CHECK(sprt_decision(0.5, p) == SprtDecision::Continue);
}

TEST_CASE("SPRT options are validated") {
  CHECK_THROWS_AS(parse_sprt("elo0=10,elo1=0"), Error);
  CHECK_THROWS_AS(parse_sprt("alpha=0.7"), Error);
  CHECK_THROWS_AS(parse_sprt("gamma=1"), Error);
  CHECK_THROWS_AS(parse_sprt("elo1=ten"), Error);
}

TEST_CASE("Elo and expected score convert both ways") {
  CHECK(elo_to_score(0) == Approx(0.5));
  CHECK(elo_to_score(400) == Approx(10.0 / 11.0));
  CHECK(score_to_elo(0.75) == Approx(400 * std::log10(3.0)));
  CHECK(score_to_elo(elo_to_score(-123.4)) == Approx(-123.4));
}

TEST_CASE("pentanomial LLR matches an independent implementation of fishtest's GSPRT") {
  // Reference values from a separate Python implementation of fishtest's LLR_logistic
  // (maximum-likelihood pentanomial distributions under each hypothesis, counts floored at 1e-3).
  CHECK(pentanomial_llr({100, 400, 1000, 450, 120}, 0, 10) ==
        Approx(2.0971690274395915).epsilon(1e-9));
  CHECK(pentanomial_llr({10, 80, 200, 90, 20}, 0, 5) == Approx(0.9715984338306828).epsilon(1e-9));
  CHECK(pentanomial_llr({500, 2000, 5000, 2300, 600}, 0, 10) ==
        Approx(13.818427777651204).epsilon(1e-9));
  // Symmetric results between symmetric hypotheses carry no evidence either way.
  CHECK(pentanomial_llr({0, 3, 10, 3, 0}, -5, 5) == Approx(0.0).margin(1e-9));
  // Swapping the agents mirrors the counts and the hypotheses.
  CHECK(pentanomial_llr({120, 450, 1000, 400, 100}, -10, 0) ==
        Approx(-pentanomial_llr({100, 400, 1000, 450, 120}, 0, 10)).epsilon(1e-9));
}

TEST_CASE("LLR is close to the normal approximation for large samples") {
  const Pentanomial pairs = {500, 2000, 5000, 2300, 600};
  double n = 0, sum = 0, sum_squares = 0;
  for (int k = 0; k < 5; ++k) {
    n += double(pairs[size_t(k)]);
    sum += double(pairs[size_t(k)]) * k / 4.0;
    sum_squares += double(pairs[size_t(k)]) * (k / 4.0) * (k / 4.0);
  }
  const double mean = sum / n, variance = sum_squares / n - mean * mean;
  const double s0 = elo_to_score(0), s1 = elo_to_score(10);
  const double approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  CHECK(pentanomial_llr(pairs, 0, 10) == Approx(approx).epsilon(0.02));
}

TEST_CASE("pair counts give an Elo estimate and a p-value") {
  const Interval even = pentanomial_elo({10, 20, 40, 20, 10});
  CHECK(even.estimate == Approx(0.0).margin(1e-9));
  CHECK(even.low < 0);
  CHECK(even.high > 0);
  CHECK(pentanomial_p_value({10, 20, 40, 20, 10}) == Approx(1.0));
  // Agent A sweeps most pairs: a clear positive Elo and a tiny p-value.
  const Interval strong = pentanomial_elo({1, 2, 10, 30, 57});
  CHECK(strong.low > 100);
  CHECK(pentanomial_p_value({1, 2, 10, 30, 57}) < 1e-6);
}
