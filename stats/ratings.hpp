// Bradley-Terry ratings on the Elo scale from a round robin's score matrix, fitted by Newton's
// method with Eigen, with 95% intervals from the observed information; and the cycles that
// make a set of results intransitive.
#pragma once

#include <string>
#include <vector>

#include "core/stats.hpp"

namespace nf {

struct PairResults {
  double points = 0;  // points of the row agent against the column agent (draw = 1/2)
  double games = 0;
};

// matrix[i][j]: agent i's results against agent j (only i != j is read; matrix[j][i] should
// hold the complementary points over the same games).
using ResultMatrix = std::vector<std::vector<PairResults>>;

struct Ratings {
  // Elo relative to the field's average (ratings sum to zero), with 95% intervals.
  std::vector<Interval> elo;
  int iterations = 0;
  bool converged = false;
};

// `virtual_draws` adds that many drawn games to every pair that played (BayesElo's prior):
// ratings stay finite, with honest intervals, when an agent won or lost every game, at the
// price of a slight pull towards equality. 0 fits the plain maximum-likelihood model (a tiny
// ridge only pins the common level).
Ratings fit_bradley_terry(const ResultMatrix& matrix, double virtual_draws = 0);

// A 3-cycle i beats j beats k beats i (scores above 1/2); `significant` when each of the
// three scores' 95% intervals lies above 1/2.
struct Cycle {
  int a = 0, b = 0, c = 0;
  bool significant = false;
};
// score[i][j]: agent i's score against j with its interval.
std::vector<Cycle> find_intransitive_cycles(const std::vector<std::vector<Interval>>& score);

}  // namespace nf
