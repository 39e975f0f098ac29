#include <catch2/catch.hpp>

#include <cmath>

#include "stats/ratings.hpp"
#include "stats/sprt.hpp"

using namespace nf;

namespace {
// A complete result matrix from `games` games per pair whose points are exactly the
// Bradley-Terry expectations of the given Elo ratings.
ResultMatrix expected_matrix(const std::vector<double>& elo, double games) {
  ResultMatrix m(elo.size(), std::vector<PairResults>(elo.size()));
  for (size_t i = 0; i < elo.size(); ++i)
    for (size_t j = 0; j < elo.size(); ++j)
      if (i != j) m[i][j] = {games * elo_to_score(elo[i] - elo[j]), games};
  return m;
}
}  // namespace

TEST_CASE("Bradley-Terry: two agents, 75 points of 100") {
  ResultMatrix m(2, std::vector<PairResults>(2));
  m[0][1] = {75, 100};
  m[1][0] = {25, 100};
  const Ratings r = fit_bradley_terry(m);
  REQUIRE(r.converged);
  const double gap = 400 * std::log10(3.0);  // 190.85 Elo
  CHECK(r.elo[0].estimate == Approx(gap / 2).epsilon(1e-4));
  CHECK(r.elo[1].estimate == Approx(-gap / 2).epsilon(1e-4));
  // Standard error of the gap: 1 / sqrt(n p (1 - p)) in natural units; each centred rating
  // carries half of it.
  const double se = 0.5 / std::sqrt(100 * 0.75 * 0.25) * 400 / std::log(10.0);
  CHECK(r.elo[0].high - r.elo[0].estimate == Approx(1.959964 * se).epsilon(1e-3));
}

TEST_CASE("Bradley-Terry recovers planted ratings from a hand-made matrix") {
  const std::vector<double> planted = {-150, 0, 50, 100};  // mean 0
  const Ratings r = fit_bradley_terry(expected_matrix(planted, 400));
  REQUIRE(r.converged);
  for (size_t i = 0; i < planted.size(); ++i) {
    CHECK(r.elo[i].estimate == Approx(planted[i]).margin(1e-3));
    CHECK(r.elo[i].low < planted[i]);
    CHECK(r.elo[i].high > planted[i]);
  }
  // Ten times the games: intervals about sqrt(10) narrower.
  const Ratings more = fit_bradley_terry(expected_matrix(planted, 4000));
  const double ratio = (r.elo[0].high - r.elo[0].low) / (more.elo[0].high - more.elo[0].low);
  CHECK(ratio == Approx(std::sqrt(10.0)).epsilon(1e-3));
}

TEST_CASE("Bradley-Terry on a small hand-made round robin") {
  // A beats B 30-10, B beats C 25-15, A beats C 35-5 (40 games each).
  ResultMatrix m(3, std::vector<PairResults>(3));
  auto set = [&](int i, int j, double points) {
    m[size_t(i)][size_t(j)] = {points, 40};
    m[size_t(j)][size_t(i)] = {40 - points, 40};
  };
  set(0, 1, 30), set(1, 2, 25), set(0, 2, 35);
  const Ratings r = fit_bradley_terry(m);
  REQUIRE(r.converged);
  CHECK(r.elo[0].estimate > r.elo[1].estimate);
  CHECK(r.elo[1].estimate > r.elo[2].estimate);
  CHECK(r.elo[0].estimate + r.elo[1].estimate + r.elo[2].estimate == Approx(0).margin(1e-9));
  // At the maximum, each agent's expected points equal its actual points.
  for (int i = 0; i < 3; ++i) {
    double actual = 0, expected = 0;
    for (int j = 0; j < 3; ++j) {
      if (i == j) continue;
      actual += m[size_t(i)][size_t(j)].points;
      expected += 40 * elo_to_score(r.elo[size_t(i)].estimate - r.elo[size_t(j)].estimate);
    }
    CHECK(expected == Approx(actual).epsilon(1e-6));
  }
}

TEST_CASE("Bradley-Terry with virtual draws keeps an unbeaten agent finite") {
  ResultMatrix m(2, std::vector<PairResults>(2));
  m[0][1] = {40, 40};
  m[1][0] = {0, 40};
  const Ratings r = fit_bradley_terry(m, 1.0);
  REQUIRE(r.converged);
  // 40.5 points of 41 games: the gap of that score.
  const double gap = 400 * std::log10(40.5 / 0.5);
  CHECK(r.elo[0].estimate - r.elo[1].estimate == Approx(gap).epsilon(1e-4));
  CHECK(r.elo[0].low > 0);  // clearly the stronger, with a finite interval
  CHECK(r.elo[0].high < 2000);
}

TEST_CASE("intransitive cycles are found, and marked significant only when clear") {
  auto matrix = [](double edge, double spread) {
    std::vector<std::vector<Interval>> s(3, std::vector<Interval>(3, {0.5, 0.4, 0.6}));
    auto set = [&](int i, int j) {
      s[size_t(i)][size_t(j)] = {edge, edge - spread, edge + spread};
      s[size_t(j)][size_t(i)] = {1 - edge, 1 - edge - spread, 1 - edge + spread};
    };
    set(0, 1), set(1, 2), set(2, 0);  // rock, paper, scissors
    return s;
  };
  const auto clear = find_intransitive_cycles(matrix(0.7, 0.05));
  REQUIRE(clear.size() == 1);
  CHECK(clear[0].significant);
  const auto vague = find_intransitive_cycles(matrix(0.55, 0.1));
  REQUIRE(vague.size() == 1);
  CHECK_FALSE(vague[0].significant);
  // A transitive order has no cycle.
  std::vector<std::vector<Interval>> order(3, std::vector<Interval>(3));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) order[size_t(i)][size_t(j)] = {i < j ? 0.7 : 0.3, 0, 1};
  CHECK(find_intransitive_cycles(order).empty());
}
