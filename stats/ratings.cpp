#include "stats/ratings.hpp"

#include <Eigen/Dense>

#include <cmath>

namespace nf {

namespace {
constexpr double kEloPerNatural = 400.0 / 2.302585092994046;  // 400 / ln(10)

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
}  // namespace

Ratings fit_bradley_terry(const ResultMatrix& input, double virtual_draws) {
  ResultMatrix matrix = input;
  for (auto& row : matrix)
    for (PairResults& r : row)
      if (r.games > 0) r.points += 0.5 * virtual_draws, r.games += virtual_draws;
  const int n = int(matrix.size());
  Ratings out;
  out.elo.resize(size_t(n));
  if (n == 0) return out;
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd information(n, n);
  // The likelihood is invariant to adding a constant to every theta: a tiny ridge pins the
  // level (the result is centred anyway) and keeps the Hessian negative definite.
  constexpr double prior = 1e-9;
  for (out.iterations = 1; out.iterations <= 100; ++out.iterations) {
    Eigen::VectorXd gradient = -prior * theta;
    information = prior * Eigen::MatrixXd::Identity(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j || matrix[size_t(i)][size_t(j)].games <= 0) continue;
        const PairResults& r = matrix[size_t(i)][size_t(j)];
        const double p = sigmoid(theta[i] - theta[j]);
        // Each unordered pair is seen from both sides: half its weight from each.
        gradient[i] += 0.5 * (r.points - r.games * p);
        gradient[j] -= 0.5 * (r.points - r.games * p);
        const double w = 0.5 * r.games * p * (1 - p);
        information(i, i) += w, information(j, j) += w;
        information(i, j) -= w, information(j, i) -= w;
      }
    const Eigen::VectorXd step = information.ldlt().solve(gradient);
    theta += step;
    if (step.cwiseAbs().maxCoeff() < 1e-10) {
      out.converged = true;
      break;
    }
  }
  theta.array() -= theta.mean();
  // Covariance of the centred ratings: P I^-1 P with P the centring projection.
  const Eigen::MatrixXd centre =
      Eigen::MatrixXd::Identity(n, n) - Eigen::MatrixXd::Constant(n, n, 1.0 / n);
  const Eigen::MatrixXd covariance = centre * information.inverse() * centre;
  for (int i = 0; i < n; ++i) {
    const double half = kZ95 * std::sqrt(std::max(0.0, covariance(i, i)));
    out.elo[size_t(i)] = {kEloPerNatural * theta[i], kEloPerNatural * (theta[i] - half),
                          kEloPerNatural * (theta[i] + half)};
  }
  return out;
}

std::vector<Cycle> find_intransitive_cycles(const std::vector<std::vector<Interval>>& score) {
  std::vector<Cycle> cycles;
  const int n = int(score.size());
  auto beats = [&](int i, int j) { return score[size_t(i)][size_t(j)].estimate > 0.5; };
  auto clearly = [&](int i, int j) { return score[size_t(i)][size_t(j)].low > 0.5; };
  // Each cycle once: a is its smallest index.
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int c = a + 1; c < n; ++c) {
        if (b == c || !beats(a, b) || !beats(b, c) || !beats(c, a)) continue;
        cycles.push_back({a, b, c, clearly(a, b) && clearly(b, c) && clearly(c, a)});
      }
  return cycles;
}

}  // namespace nf
