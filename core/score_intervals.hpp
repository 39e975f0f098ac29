// Intervals and tests for mean scores that stay honest on small samples. A normal interval
// from the sample variance collapses to zero width when every game (or every seat-swapped
// pair) ends the same way: five won pairs would claim a score of exactly 1. Here:
//   the interval is that of the mean under a Dirichlet posterior with half a pseudo-count per
//   possible outcome (Jeffreys' prior), normal approximation, widened to hold the sample
//   mean: never zero width on a finite sample, and the usual interval on a large one;
//   the test of equal strength on pairs is the exact sign-flip test of the pair scores about
//   1/2 (its normal approximation above a few thousand decisive pairs).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "core/stats.hpp"

namespace nf {

// Mean of outcomes worth values[k], seen counts[k] times: the sample mean and its interval.
Interval outcome_score_interval(std::span<const uint64_t> counts, std::span<const double> values,
                                double z = kZ95);

// Pair counts by the first agent's half points over a seat-swapped pair (0..4): its mean
// score per game with the interval above.
Interval pair_score_interval(const std::array<uint64_t, 5>& pairs);

// Two-sided p-value of "the pair scores are symmetric about 1/2" (equal strength).
double pair_sign_flip_p(const std::array<uint64_t, 5>& pairs);

}  // namespace nf
