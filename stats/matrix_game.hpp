// Two-player zero-sum matrix games: a Nash equilibrium by regret matching+ (alternating
// updates, linearly weighted averages), whose supports are then solved exactly (the
// equalising linear equations); iterations stop when the exploitability of the returned
// strategies is within a stated tolerance. Used for the metagame of a tournament's entrants.
#pragma once

#include <vector>

namespace nf {

// payoff[i][j]: what the row player gains (and the column player loses) when row i meets
// column j.
using PayoffMatrix = std::vector<std::vector<double>>;

struct MatrixGameSolution {
  std::vector<double> row, column;  // mixed strategies (probabilities summing to 1)
  double value = 0;                 // the row player's expected payoff under (row, column)
  // max over rows of the row player's payoff against `column` minus min over columns of the
  // payoff of `row`: 0 at an exact equilibrium; the game's value lies within it.
  double exploitability = 0;
  int iterations = 0;
  bool converged = false;  // exploitability <= tolerance
};

// Stops at the first check (every 16 iterations) where the averaged, the current or the
// support-solved strategies are within `tolerance`, or after `max_iterations`. Throws nf::Error on
// an empty or ragged matrix.
MatrixGameSolution solve_zero_sum(const PayoffMatrix& payoff, double tolerance = 1e-6,
                                  int max_iterations = 2'000'000);

// The rows that earn the most against the column player's mixed strategy `column` (ties
// within `tie` all returned, in index order).
std::vector<int> best_responses(const PayoffMatrix& payoff, const std::vector<double>& column,
                                double tie = 1e-12);

}  // namespace nf
