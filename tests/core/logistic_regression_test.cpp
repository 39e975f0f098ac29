#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "stats/logistic_regression.hpp"

using namespace nf;

namespace {
double logit(double p) { return std::log(p / (1 - p)); }
}  // namespace

TEST_CASE("unpenalised, one binary covariate gives each group's observed log-odds") {
  // Group 0: 30 of 100 won; group 1: 60 of 80 won.
  Eigen::MatrixXd x(180, 2);
  Eigen::VectorXd y(180);
  for (int r = 0; r < 180; ++r) {
    const bool group1 = r >= 100;
    x(r, 0) = 1;
    x(r, 1) = group1;
    y(r) = group1 ? (r - 100 < 60) : (r < 30);
  }
  const LogisticFit fit = fit_logistic(x, y, 0.0);
  REQUIRE(fit.converged);
  CHECK(fit.coefficients(0) == Approx(logit(0.3)).epsilon(1e-8));
  CHECK(fit.coefficients(1) == Approx(logit(0.75) - logit(0.3)).epsilon(1e-8));
  // The slope's standard error is the textbook sqrt(1/a + 1/b + 1/c + 1/d).
  const double se = std::sqrt(1.0 / 30 + 1.0 / 70 + 1.0 / 60 + 1.0 / 20);
  const Interval slope = fit.coefficient(1);
  CHECK((slope.high - slope.low) / (2 * kZ95) == Approx(se).epsilon(1e-6));
}

TEST_CASE("simulated data: the fit recovers the planted coefficients within their intervals") {
  const double truth[3] = {-0.4, 0.8, -0.5};
  const int n = 20000;
  Eigen::MatrixXd x(n, 3);
  Eigen::VectorXd y(n);
  Rng rng(7);
  for (int r = 0; r < n; ++r) {
    x(r, 0) = 1;
    x(r, 1) = rng.below(2);
    x(r, 2) = rng.below(2);
    const double eta = truth[0] + truth[1] * x(r, 1) + truth[2] * x(r, 2);
    y(r) = rng.uniform() < 1 / (1 + std::exp(-eta));
  }
  const LogisticFit fit = fit_logistic(x, y, 1.0);
  REQUIRE(fit.converged);
  for (int k = 0; k < 3; ++k) {
    const Interval c = fit.coefficient(k);
    CHECK(c.low < truth[k]);
    CHECK(c.high > truth[k]);
    CHECK(c.high - c.low < 0.15);
  }
}

TEST_CASE("the penalty keeps a perfectly separating covariate finite and shrinks it") {
  Eigen::MatrixXd x(40, 2);
  Eigen::VectorXd y(40);
  for (int r = 0; r < 40; ++r) x(r, 0) = 1, x(r, 1) = r % 2, y(r) = r % 2;
  // Every coefficient penalised: unpenalised, the intercept alone would also run off.
  const LogisticFit weak = fit_logistic(x, y, 0.1, {}), strong = fit_logistic(x, y, 10.0, {});
  REQUIRE(weak.converged);
  REQUIRE(strong.converged);
  CHECK(std::isfinite(weak.coefficients(1)));
  CHECK(weak.coefficients(1) > strong.coefficients(1));
  CHECK(strong.coefficients(1) > 0);
}

TEST_CASE("bad regression input is refused") {
  Eigen::MatrixXd x(2, 1);
  x << 1, 1;
  CHECK_THROWS_AS(fit_logistic(x, Eigen::VectorXd::Constant(3, 0.5), 1), Error);
  CHECK_THROWS_AS(fit_logistic(x, Eigen::VectorXd::Constant(2, 1.5), 1), Error);
  CHECK_THROWS_AS(fit_logistic(Eigen::MatrixXd(0, 1), Eigen::VectorXd(0), 1), Error);
}
