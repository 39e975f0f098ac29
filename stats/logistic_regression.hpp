// L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
// squares) with Eigen, with approximate 95% intervals from the inverse of the penalised
// Hessian at the optimum. Outcomes may be fractional (a draw as 1/2: a quasi-likelihood fit).
#pragma once

#include <Eigen/Dense>

#include <vector>

#include "core/stats.hpp"

namespace nf {

struct LogisticFit {
  Eigen::VectorXd coefficients;  // log-odds, one per column of the design
  Eigen::MatrixXd covariance;    // inverse penalised Hessian
  int iterations = 0;
  bool converged = false;
  // Coefficient k with its 95% interval (normal approximation).
  Interval coefficient(Eigen::Index k) const;
};

// x: one row per observation; y: outcomes in [0, 1]. `l2` penalises the squared size of every
// coefficient except those whose index is in `unpenalised` (an intercept, say). Throws
// nf::Error when the sizes disagree, an outcome is outside [0, 1] or there are no rows.
LogisticFit fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, double l2,
                         const std::vector<Eigen::Index>& unpenalised = {0},
                         int max_iterations = 50, double tolerance = 1e-9);

}  // namespace nf
