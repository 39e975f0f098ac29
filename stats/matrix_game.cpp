#include "stats/matrix_game.hpp"

#include <Eigen/Dense>

#include <algorithm>

#include "core/error.hpp"

namespace nf {
namespace {

Eigen::MatrixXd to_matrix(const PayoffMatrix& payoff) {
  if (payoff.empty() || payoff[0].empty()) throw Error("matrix game: the payoff matrix is empty");
  Eigen::MatrixXd a(Eigen::Index(payoff.size()), Eigen::Index(payoff[0].size()));
  for (size_t i = 0; i < payoff.size(); ++i) {
    if (payoff[i].size() != payoff[0].size())
      throw Error("matrix game: every row of the payoff matrix needs the same length");
    for (size_t j = 0; j < payoff[i].size(); ++j)
      a(Eigen::Index(i), Eigen::Index(j)) = payoff[i][j];
  }
  return a;
}

// Regret matching: play in proportion to the positive regrets, uniformly when there are none.
Eigen::VectorXd strategy(const Eigen::VectorXd& regret) {
  const double total = regret.sum();  // regrets are kept non-negative (RM+)
  if (total <= 0) return Eigen::VectorXd::Constant(regret.size(), 1.0 / double(regret.size()));
  return regret / total;
}

double gap(const Eigen::MatrixXd& a, const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  return (a * y).maxCoeff() - (a.transpose() * x).minCoeff();
}

std::vector<double> to_vector(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }

// The strategy on `support` that makes the opponent indifferent between its `answers` (the
// equilibrium's equalising equations, solved in the least-squares sense), or `near` when
// that has no solution that is a strategy. a: the payoff seen from the player choosing rows.
Eigen::VectorXd equalise(const Eigen::MatrixXd& a, const std::vector<Eigen::Index>& support,
                         const std::vector<Eigen::Index>& answers, const Eigen::VectorXd& near) {
  const auto s = Eigen::Index(support.size()), t = Eigen::Index(answers.size());
  // Unknowns: the probabilities on the support, then the common payoff.
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(t + 1, s + 1);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(t + 1);
  for (Eigen::Index j = 0; j < t; ++j) {
    for (Eigen::Index i = 0; i < s; ++i) m(j, i) = a(support[size_t(i)], answers[size_t(j)]);
    m(j, s) = -1;
  }
  m.row(t).head(s).setOnes();
  rhs(t) = 1;
  const Eigen::VectorXd solved = m.completeOrthogonalDecomposition().solve(rhs);
  Eigen::VectorXd out = Eigen::VectorXd::Zero(a.rows());
  for (Eigen::Index i = 0; i < s; ++i) out(support[size_t(i)]) = std::max(0.0, solved(i));
  return out.sum() > 0 ? Eigen::VectorXd(out / out.sum()) : near;
}

std::vector<Eigen::Index> support_of(const Eigen::VectorXd& p) {
  std::vector<Eigen::Index> s;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 1e-3 * p.maxCoeff()) s.push_back(i);
  return s;
}

}  // namespace

MatrixGameSolution solve_zero_sum(const PayoffMatrix& payoff, double tolerance,
                                  int max_iterations) {
  const Eigen::MatrixXd a = to_matrix(payoff);
  Eigen::VectorXd row_regret = Eigen::VectorXd::Zero(a.rows());
  Eigen::VectorXd column_regret = Eigen::VectorXd::Zero(a.cols());
  Eigen::VectorXd row_sum = Eigen::VectorXd::Zero(a.rows());
  Eigen::VectorXd column_sum = Eigen::VectorXd::Zero(a.cols());
  Eigen::VectorXd x = strategy(row_regret), y = strategy(column_regret);
  MatrixGameSolution best;
  best.exploitability = gap(a, x, y);
  auto keep = [&](const Eigen::VectorXd& rx, const Eigen::VectorXd& cy, int iterations) {
    const double g = gap(a, rx, cy);
    if (g < best.exploitability || best.row.empty()) {
      best.row = to_vector(rx);
      best.column = to_vector(cy);
      best.value = rx.dot(a * cy);
      best.exploitability = g;
    }
    best.iterations = iterations;
    return best.exploitability <= tolerance;
  };
  if (keep(x, y, 0)) {
    best.converged = true;
    return best;
  }
  for (int t = 1; t <= max_iterations; ++t) {
    // Alternating updates: the row player answers y, then the column player the new x.
    const Eigen::VectorXd row_payoff = a * y;
    row_regret = (row_regret.array() + row_payoff.array() - x.dot(row_payoff)).max(0.0);
    x = strategy(row_regret);
    const Eigen::VectorXd column_loss = a.transpose() * x;
    column_regret = (column_regret.array() + y.dot(column_loss) - column_loss.array()).max(0.0);
    y = strategy(column_regret);
    row_sum += double(t) * x;
    column_sum += double(t) * y;
    if (t % 16 == 0 || t == max_iterations) {
      const Eigen::VectorXd ax = row_sum / row_sum.sum(), ay = column_sum / column_sum.sum();
      // Regret matching converges slowly near the end; the supports it has found are
      // usually right, and on them the equilibrium solves a small linear system.
      const auto rows = support_of(ax), columns = support_of(ay);
      const Eigen::VectorXd px = equalise(a, rows, columns, ax);
      const Eigen::VectorXd py = equalise(-a.transpose(), columns, rows, ay);
      if (keep(x, y, t) || keep(ax, ay, t) || keep(px, py, t)) {
        best.converged = true;
        return best;
      }
    }
  }
  return best;
}

std::vector<int> best_responses(const PayoffMatrix& payoff, const std::vector<double>& column,
                                double tie) {
  const Eigen::MatrixXd a = to_matrix(payoff);
  if (column.size() != size_t(a.cols()))
    throw Error("matrix game: the column strategy does not match the payoff matrix");
  const Eigen::VectorXd earned =
      a * Eigen::Map<const Eigen::VectorXd>(column.data(), Eigen::Index(column.size()));
  const double top = earned.maxCoeff();
  std::vector<int> rows;
  for (Eigen::Index i = 0; i < earned.size(); ++i)
    if (earned(i) >= top - tie) rows.push_back(int(i));
  return rows;
}

}  // namespace nf
