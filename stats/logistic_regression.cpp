#include "stats/logistic_regression.hpp"

#include <cmath>

#include "core/error.hpp"

namespace nf {

Interval LogisticFit::coefficient(Eigen::Index k) const {
  const double b = coefficients(k), se = std::sqrt(std::max(0.0, covariance(k, k)));
  return {b, b - kZ95 * se, b + kZ95 * se};
}

LogisticFit fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, double l2,
                         const std::vector<Eigen::Index>& unpenalised, int max_iterations,
                         double tolerance) {
  if (x.rows() == 0) throw Error("logistic regression: no observations");
  if (y.size() != x.rows())
    throw Error("logistic regression: the outcomes and the design have different lengths");
  if ((y.array() < 0).any() || (y.array() > 1).any())
    throw Error("logistic regression: every outcome must lie in [0, 1]");
  const Eigen::Index k = x.cols();
  Eigen::VectorXd penalty = Eigen::VectorXd::Constant(k, l2);
  for (Eigen::Index u : unpenalised)
    if (u >= 0 && u < k) penalty(u) = 0;
  LogisticFit fit;
  fit.coefficients = Eigen::VectorXd::Zero(k);
  Eigen::MatrixXd hessian(k, k);
  for (fit.iterations = 1; fit.iterations <= max_iterations; ++fit.iterations) {
    const Eigen::ArrayXd p = 1.0 / (1.0 + (-(x * fit.coefficients)).array().exp());
    const Eigen::VectorXd gradient =
        x.transpose() * (y.array() - p).matrix() - penalty.cwiseProduct(fit.coefficients);
    const Eigen::VectorXd w = (p * (1 - p)).max(1e-12).matrix();
    hessian = x.transpose() * w.asDiagonal() * x;
    hessian.diagonal() += penalty;
    const Eigen::VectorXd step = hessian.ldlt().solve(gradient);
    fit.coefficients += step;
    if (step.cwiseAbs().maxCoeff() < tolerance) {
      fit.converged = true;
      break;
    }
  }
  // The curvature at the final coefficients.
  const Eigen::ArrayXd p = 1.0 / (1.0 + (-(x * fit.coefficients)).array().exp());
  hessian = x.transpose() * (p * (1 - p)).max(1e-12).matrix().asDiagonal() * x;
  hessian.diagonal() += penalty;
  fit.covariance = hessian.ldlt().solve(Eigen::MatrixXd::Identity(k, k));
  fit.iterations = std::min(fit.iterations, max_iterations);
  return fit;
}

}  // namespace nf
