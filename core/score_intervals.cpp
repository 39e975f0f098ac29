#include "core/score_intervals.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace nf {

Interval outcome_score_interval(std::span<const uint64_t> counts, std::span<const double> values,
                                double z) {
  constexpr double kPrior = 0.5;  // pseudo-count per outcome
  double n = 0, sum = 0, prior_n = 0, prior_sum = 0, prior_squares = 0;
  for (size_t k = 0; k < counts.size(); ++k) {
    const double c = double(counts[k]), a = c + kPrior, v = values[k];
    n += c, sum += c * v;
    prior_n += a, prior_sum += a * v, prior_squares += a * v * v;
  }
  if (n == 0) return {0.5, 0, 1};
  const double mean = sum / n;
  const double posterior_mean = prior_sum / prior_n;
  const double spread = std::max(0.0, prior_squares / prior_n - posterior_mean * posterior_mean);
  const double half = z * std::sqrt(spread / (prior_n + 1));
  return {mean, std::clamp(std::min(mean, posterior_mean - half), 0.0, 1.0),
          std::clamp(std::max(mean, posterior_mean + half), 0.0, 1.0)};
}

Interval pair_score_interval(const std::array<uint64_t, 5>& pairs) {
  static constexpr std::array<double, 5> kPairScore = {0, 0.25, 0.5, 0.75, 1};
  return outcome_score_interval(pairs, kPairScore);
}

namespace {
// log of C(n, k) / 2^n.
double log_half_binomial(uint64_t n, uint64_t k) {
  return std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1) -
         double(n) * std::log(2.0);
}
}  // namespace

double pair_sign_flip_p(const std::array<uint64_t, 5>& pairs) {
  // A pair's deviation from 1/2, in quarter points: +-1 for 3 or 1 half points, +-2 for 4 or 0.
  const uint64_t n1 = pairs[1] + pairs[3], n2 = pairs[0] + pairs[4];
  const int64_t observed =
      (int64_t(pairs[3]) - int64_t(pairs[1])) + 2 * (int64_t(pairs[4]) - int64_t(pairs[0]));
  if (n1 + n2 == 0) return 1;
  constexpr uint64_t kExactUpTo = 3000;
  if (n1 + n2 > kExactUpTo) {
    // The sign-flip variance is the sum of the squared deviations.
    const double z = double(observed) / std::sqrt(double(n1) + 4 * double(n2));
    return two_sided_p(z);
  }
  // Under the null each deviation's sign is a fair coin: S = (2a - n1) + 2 (2b - n2) with a
  // and b binomial(n, 1/2). P(|S| >= |observed|), summed over the (a, b) grid.
  std::vector<double> pa(n1 + 1), pb(n2 + 1);
  for (uint64_t a = 0; a <= n1; ++a) pa[a] = std::exp(log_half_binomial(n1, a));
  for (uint64_t b = 0; b <= n2; ++b) pb[b] = std::exp(log_half_binomial(n2, b));
  const int64_t threshold = observed < 0 ? -observed : observed;
  double p = 0;
  for (uint64_t a = 0; a <= n1; ++a)
    for (uint64_t b = 0; b <= n2; ++b) {
      const int64_t s = (2 * int64_t(a) - int64_t(n1)) + 2 * (2 * int64_t(b) - int64_t(n2));
      if ((s < 0 ? -s : s) >= threshold) p += pa[a] * pb[b];
    }
  return std::min(1.0, p);
}

}  // namespace nf
