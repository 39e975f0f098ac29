// Counterfactual regret minimisation on an enumerated game tree (Zinkevich et al. 2007), with
// alternating updates: each iteration walks the tree once per seat, updating that seat's regrets
// from counterfactual values and its average strategy from its own reach. CFR+ (Tammelin 2014)
// keeps regrets non-negative and weights iteration t by t in the average; it converges much
// faster and is the default. The average policy is what approaches an equilibrium (in two-player
// zero-sum games; with more players it is a reference, not a guarantee).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "agents/exact/game_tree.hpp"
#include "core/error.hpp"

namespace nf::exact {

class CfrSolver {
 public:
  static constexpr uint32_t kMaxActions = 64;

  CfrSolver(const GameTree& tree, bool plus) : tree_(tree), plus_(plus) {
    for (const auto& set : tree.infosets) {
      if (set.actions > kMaxActions)
        throw Error(fmt::format("cfr: an information set has {} moves (at most {})", set.actions,
                                kMaxActions));
      regret_.emplace_back(set.actions, 0.0);
      average_.emplace_back(set.actions, 0.0);
    }
  }

  // `after_each` (optional) is told the number of iterations done after each one.
  void run(uint64_t iterations, const std::function<void(uint64_t)>& after_each = nullptr) {
    for (uint64_t i = 0; i < iterations; ++i) {
      ++iteration_;
      for (int seat = 0; seat < tree_.players; ++seat) walk(0, seat, 1.0, 1.0);
      if (after_each) after_each(i + 1);
    }
  }
  uint64_t iterations() const { return iteration_; }

  // The average strategy at every information set (uniform where it was never reached).
  TabularPolicy average_policy() const {
    TabularPolicy policy;
    for (const auto& sum : average_) {
      double total = 0;
      for (double w : sum) total += w;
      auto& row = policy.emplace_back(sum.size(), 1.0 / double(sum.size()));
      if (total > 0)
        for (size_t k = 0; k < sum.size(); ++k) row[k] = sum[k] / total;
    }
    return policy;
  }

 private:
  // Regret matching: play each action in proportion to its positive regret.
  void current_strategy(uint32_t set, double* out) const {
    const auto& regret = regret_[set];
    double total = 0;
    for (double r : regret) total += std::max(r, 0.0);
    for (size_t k = 0; k < regret.size(); ++k)
      out[k] = total > 0 ? std::max(regret[k], 0.0) / total : 1.0 / double(regret.size());
  }

  // The seat's expected return below `at`; `own` is the seat's probability of reaching it,
  // `others` chance's and the other seats'.
  double walk(uint32_t at, int seat, double own, double others) {
    const TreeNode& node = tree_.nodes[at];
    if (node.player == TreeNode::kTerminal) return tree_.terminal_return(node, seat);
    if (node.player == TreeNode::kChance) {
      double v = 0;
      const double p = 1.0 / node.children;
      for (uint32_t k = 0; k < node.children; ++k)
        v += walk(node.first_child + k, seat, own, others * p);
      return v * p;
    }
    std::array<double, kMaxActions> sigma{};
    current_strategy(node.index, sigma.data());
    if (own == 0 && others == 0) return 0;  // nothing below is reached by anyone
    if (node.player != seat) {
      // Branches the others never take are still walked: the seat's average strategy counts
      // every history of its sets once per iteration, whatever the others play.
      double v = 0;
      for (uint32_t k = 0; k < node.children; ++k)
        v += sigma[k] * walk(node.first_child + k, seat, own, others * sigma[k]);
      return v;
    }
    std::array<double, kMaxActions> values{};
    double v = 0;
    for (uint32_t k = 0; k < node.children; ++k) {
      values[k] = walk(node.first_child + k, seat, own * sigma[k], others);
      v += sigma[k] * values[k];
    }
    auto& regret = regret_[node.index];
    auto& average = average_[node.index];
    const double weight = plus_ ? double(iteration_) : 1.0;
    for (uint32_t k = 0; k < node.children; ++k) {
      regret[k] += others * (values[k] - v);
      if (plus_) regret[k] = std::max(regret[k], 0.0);
      average[k] += weight * own * sigma[k];
    }
    return v;
  }

  const GameTree& tree_;
  bool plus_;
  uint64_t iteration_ = 0;
  std::vector<std::vector<double>> regret_, average_;
};

}  // namespace nf::exact
