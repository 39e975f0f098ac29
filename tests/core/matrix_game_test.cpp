#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "stats/matrix_game.hpp"

using namespace nf;

TEST_CASE("rock-paper-scissors: the equilibrium is uniform with value 0") {
  const PayoffMatrix rps = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
  const MatrixGameSolution s = solve_zero_sum(rps, 1e-6);
  REQUIRE(s.converged);
  CHECK(s.exploitability <= 1e-6);
  for (int i = 0; i < 3; ++i) {
    CHECK(s.row[size_t(i)] == Approx(1.0 / 3).margin(1e-4));
    CHECK(s.column[size_t(i)] == Approx(1.0 / 3).margin(1e-4));
  }
  CHECK(s.value == Approx(0).margin(1e-6));
}

TEST_CASE("a biased rock-paper-scissors has a non-uniform equilibrium") {
  // Rock beats scissors by 2: the equilibrium is (1/4, 1/2, 1/4) for both players.
  const PayoffMatrix rps = {{0, -1, 2}, {1, 0, -1}, {-2, 1, 0}};
  const MatrixGameSolution s = solve_zero_sum(rps, 1e-7);
  REQUIRE(s.converged);
  CHECK(s.row[0] == Approx(0.25).margin(1e-3));
  CHECK(s.row[1] == Approx(0.5).margin(1e-3));
  CHECK(s.row[2] == Approx(0.25).margin(1e-3));
}

TEST_CASE("a strictly dominant strategy is the whole equilibrium") {
  // Row 1 beats every other row against every column (a symmetric game: deck 1 is dominant).
  const PayoffMatrix dominant = {{0, -0.2, 0.1}, {0.2, 0, 0.3}, {-0.1, -0.3, 0}};
  const MatrixGameSolution s = solve_zero_sum(dominant, 1e-9);
  REQUIRE(s.converged);
  CHECK(s.row[1] == Approx(1).margin(1e-6));
  CHECK(s.column[1] == Approx(1).margin(1e-6));
  CHECK(s.value == Approx(0).margin(1e-9));
  CHECK(best_responses(dominant, {1.0 / 3, 1.0 / 3, 1.0 / 3}) == std::vector<int>{1});
}

TEST_CASE("a 2x2 game without a saddle point has the textbook mixed equilibrium") {
  // Row mixes 3/7 on the first row, column 2/7 on the first column, value 1/7.
  const PayoffMatrix a = {{3, -1}, {-2, 1}};
  const MatrixGameSolution s = solve_zero_sum(a, 1e-8);
  REQUIRE(s.converged);
  CHECK(s.row[0] == Approx(3.0 / 7).margin(1e-5));
  CHECK(s.column[0] == Approx(2.0 / 7).margin(1e-5));
  CHECK(s.value == Approx(1.0 / 7).margin(1e-6));
}

TEST_CASE("an iteration budget too small is reported as not converged") {
  const PayoffMatrix rps = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
  const PayoffMatrix skewed = {{0, -1, 3}, {1, 0, -1}, {-3, 1, 0}};
  const MatrixGameSolution s = solve_zero_sum(skewed, 1e-12, 0);
  CHECK_FALSE(s.converged);
  CHECK(s.exploitability > 1e-12);
  CHECK(s.iterations == 0);
  CHECK(s.row == std::vector<double>(3, 1.0 / 3));
  CHECK_THROWS_AS(solve_zero_sum({}), Error);
  CHECK_THROWS_AS(solve_zero_sum({{1, 2}, {3}}), Error);
  CHECK_THROWS_AS(best_responses(rps, {0.5, 0.5}), Error);
}
