#include "stats/adjusted_values.hpp"

#include <cmath>
#include <cstdlib>

#include "stats/logistic_regression.hpp"

namespace nf {
namespace {
double logistic(double x) { return 1 / (1 + std::exp(-x)); }
}  // namespace

nlohmann::json adjusted_values_json(const ElementSchema& schema, const ElementStats& stats,
                                    double l2) {
  if (schema.covariates.empty() || stats.rows() == 0) return nullptr;
  const auto k = Eigen::Index(schema.covariates.size());
  const auto n = Eigen::Index(stats.rows());
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(n, k + 1);  // column 0: the intercept
  Eigen::VectorXd y(n);
  std::vector<uint64_t> present(size_t(k), 0);
  for (Eigen::Index r = 0; r < n; ++r) {
    x(r, 0) = 1;
    const auto [begin, end] = stats.row(size_t(r));
    for (const int16_t* c = begin; c != end; ++c) {
      const int index = std::abs(*c) - 1;
      x(r, index + 1) += *c > 0 ? 1 : -1;
      ++present[size_t(index)];
    }
    y(r) = stats.row_result(size_t(r)) / 2.0;
  }
  const LogisticFit fit = fit_logistic(x, y, l2);
  nlohmann::json rows = nlohmann::json::array();
  for (Eigen::Index c = 0; c < k; ++c) {
    if (present[size_t(c)] == 0) continue;
    const Interval b = fit.coefficient(c + 1);
    rows.push_back({{"name", schema.covariates[size_t(c)]},
                    {"n", present[size_t(c)]},
                    {"log_odds", interval_to_json(b)},
                    {"even_game_win",
                     interval_to_json({logistic(b.estimate), logistic(b.low), logistic(b.high)})}});
  }
  return {{"rows", stats.rows()},
          {"l2", l2},
          {"converged", fit.converged},
          {"about", schema.regression_help},
          {"seat0", interval_to_json(fit.coefficient(0))},
          {"covariates", rows}};
}

}  // namespace nf
