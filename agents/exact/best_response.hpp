// Exact best responses to a tabular policy on an enumerated game tree, and the policy's
// exploitability as research on equilibrium-finding reports it (OpenSpiel's convention):
// NashConv is the sum over seats of what a best response gains over the policy's own value,
// exploitability is NashConv divided by the number of players (half of it for two).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "agents/exact/game_tree.hpp"

namespace nf::exact {

struct Exploitability {
  std::vector<double> policy_value;   // each seat's expected return when everyone plays the policy
  std::vector<double> best_response;  // each seat's return when it alone best-responds
  double nash_conv = 0;
  double exploitability = 0;  // nash_conv / players
};

// Each seat's expected return when every seat plays `policy`.
inline std::vector<double> policy_values(const GameTree& tree, const TabularPolicy& policy) {
  std::vector<double> values(size_t(tree.players), 0.0);
  // Depth-first with the probability of reaching each node.
  std::vector<std::pair<uint32_t, double>> stack = {{0, 1.0}};
  while (!stack.empty()) {
    const auto [at, reach] = stack.back();
    stack.pop_back();
    const TreeNode& node = tree.nodes[at];
    if (node.player == TreeNode::kTerminal) {
      for (int p = 0; p < tree.players; ++p)
        values[size_t(p)] += reach * tree.terminal_return(node, p);
      continue;
    }
    for (uint32_t k = 0; k < node.children; ++k) {
      const double p =
          node.player == TreeNode::kChance ? 1.0 / node.children : policy[node.index][k];
      if (p > 0) stack.emplace_back(node.first_child + k, reach * p);
    }
  }
  return values;
}

// The best response of one seat: at each of its information sets the action maximising the sum
// over the set's histories of (the others' and chance's reach) x (the value below), with the
// seat best-responding below too. Values are memoised per node, so every node is valued once.
class BestResponse {
 public:
  BestResponse(const GameTree& tree, const TabularPolicy& policy, int seat)
      : tree_(tree),
        policy_(policy),
        seat_(seat),
        reach_(tree.nodes.size(), 0.0),
        value_(tree.nodes.size(), 0.0),
        valued_(tree.nodes.size(), false),
        choice_(tree.infosets.size(), -1) {
    reach_[0] = 1.0;
    // Parents come before children in the node array, so one forward pass sets every reach.
    for (uint32_t at = 0; at < tree.nodes.size(); ++at) {
      const TreeNode& node = tree.nodes[at];
      for (uint32_t k = 0; k < node.children; ++k) {
        double p = 1.0;
        if (node.player == TreeNode::kChance)
          p = 1.0 / node.children;
        else if (node.player != seat_)
          p = policy_[node.index][k];
        reach_[node.first_child + k] = reach_[at] * p;
      }
    }
  }

  // The seat's expected return when it best-responds.
  double value() { return value_of(0); }
  // The best response's action at each of the seat's information sets (-1 elsewhere).
  const std::vector<int>& choices() {
    for (uint32_t s = 0; s < tree_.infosets.size(); ++s)
      if (tree_.infosets[s].player == seat_) choose(s);
    return choice_;
  }

 private:
  double value_of(uint32_t at) {
    if (valued_[at]) return value_[at];
    const TreeNode& node = tree_.nodes[at];
    double v = 0;
    if (node.player == TreeNode::kTerminal) {
      v = tree_.terminal_return(node, seat_);
    } else if (node.player == TreeNode::kChance) {
      for (uint32_t k = 0; k < node.children; ++k) v += value_of(node.first_child + k);
      v /= node.children;
    } else if (node.player == seat_) {
      v = value_of(node.first_child + uint32_t(choose(node.index)));
    } else {
      for (uint32_t k = 0; k < node.children; ++k)
        if (const double p = policy_[node.index][k]; p > 0) v += p * value_of(node.first_child + k);
    }
    valued_[at] = true;
    return value_[at] = v;
  }

  // Perfect recall: every history of the set lies above the histories of its later sets, so the
  // recursion ends.
  int choose(uint32_t set) {
    if (choice_[set] >= 0) return choice_[set];
    const InfoSet& info = tree_.infosets[set];
    std::vector<double> q(info.actions, 0.0);
    for (uint32_t at : info.nodes) {
      if (reach_[at] == 0) continue;
      const TreeNode& node = tree_.nodes[at];
      for (uint32_t k = 0; k < info.actions; ++k)
        q[k] += reach_[at] * value_of(node.first_child + k);
    }
    return choice_[set] = int(std::max_element(q.begin(), q.end()) - q.begin());
  }

  const GameTree& tree_;
  const TabularPolicy& policy_;
  int seat_;
  std::vector<double> reach_;  // chance's and the other seats' probability of reaching a node
  std::vector<double> value_;
  std::vector<bool> valued_;
  std::vector<int> choice_;
};

inline Exploitability exploitability(const GameTree& tree, const TabularPolicy& policy) {
  Exploitability out;
  out.policy_value = policy_values(tree, policy);
  for (int seat = 0; seat < tree.players; ++seat) {
    out.best_response.push_back(BestResponse(tree, policy, seat).value());
    out.nash_conv += out.best_response.back() - out.policy_value[size_t(seat)];
  }
  out.exploitability = out.nash_conv / tree.players;
  return out;
}

}  // namespace nf::exact
