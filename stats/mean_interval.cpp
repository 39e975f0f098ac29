#include "stats/mean_interval.hpp"

#include <array>
#include <cmath>

#include "core/error.hpp"

namespace nf {

double student_t95(int df) {
  if (df < 1) throw Error("student_t95: degrees of freedom must be at least 1");
  static constexpr std::array<double, 30> kTable = {
      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
      2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df <= 30) return kTable[size_t(df - 1)];
  // Beyond the table, the Cornish-Fisher expansion about the normal quantile (error < 1e-3).
  const double z = kZ95, n = double(df);
  return z + (z * z * z + z) / (4 * n) +
         (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n);
}

Interval mean_t_interval(std::span<const double> values) {
  if (values.empty()) throw Error("mean_t_interval: no values");
  double sum = 0;
  for (double v : values) sum += v;
  const double n = double(values.size()), mean = sum / n;
  if (values.size() < 2) return {mean, -INFINITY, INFINITY};
  double squares = 0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double se = std::sqrt(squares / (n - 1) / n);
  return normal_interval(mean, se, student_t95(int(values.size()) - 1));
}

}  // namespace nf
