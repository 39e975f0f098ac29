// The selection rules at a tree node, each a bandit over the node's arms (its moves): UCB1
// with availability counts, and the mixed rules of simultaneous nodes, regret matching and
// EXP3 (Lanctot, Lisý et al.). Free of trees and games: a worker hands them the arms.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "agents/search/config.hpp"
#include "agents/search/tree.hpp"
#include "core/rng.hpp"

namespace nf::search {

// UCB1 with the availability count in place of the parent's visits (subset-armed bandit):
// mean + c * sqrt(ln(available) / visits), maximised over the arms handed to add() in
// order. kSharedExploration (mcts, where every move is always available): one
// `exploration` for all arms, plain UCT. Progressive bias (Chaslot et al. 2008): the arm
// `favoured` (the heuristic's move) gets `bias / (visits + 1)` more, a pull that fades as
// the statistics grow.
template <bool kSharedExploration>
struct Ucb {
  double c;
  float exploration;  // float like the nodes' statistics: the sum is taken in single precision
  size_t favoured = std::numeric_limits<size_t>::max();
  double bias = 0;
  size_t best = 0;
  float best_value = -std::numeric_limits<float>::infinity();
  uint32_t last_available = 0;

  Ucb(double c_, double exploration_) : c(c_), exploration(static_cast<float>(exploration_)) {}
  // An untried arm (no visits) is not scored: it is chosen as untried or not at all.
  template <class Node>
  void add(size_t i, const Node& n) {
    if (n.visits == 0) return;
    if (!kSharedExploration && n.available != last_available) {
      last_available = n.available;  // neighbours often share it
      exploration = static_cast<float>(c * sqrt_log(n.available));
    }
    float value = n.mean + exploration * inverse_sqrt(n.visits);
    if (i == favoured) value += static_cast<float>(bias / (double(n.visits) + 1));
    if (value > best_value) best_value = value, best = i;
  }
};

// The first of arms 0..k-1 with the highest value(i). The hot loop of a search whose rollouts
// are cheap: one comparison chain, selected without branches.
template <class Value>
size_t first_best_arm(uint32_t k, const Value& value) {
  size_t best = 0;
  float best_value = value(0);
  for (uint32_t i = 1; i < k; ++i) {
    const float v = value(i);
    best = v > best_value ? i : best;
    best_value = v > best_value ? v : best_value;
  }
  return best;
}

// UCT at an mcts node whose arms have all been tried, with no arm favoured: the first arm of
// the highest mean + exploration / sqrt(visits), what Ucb<true> chooses, without its per-arm
// tests for untried and favoured arms.
template <class Node>
size_t best_uct_arm(const Node* arms, uint32_t k, float exploration) {
  return first_best_arm(
      k, [&](uint32_t i) { return arms[i].mean + exploration * inverse_sqrt(arms[i].visits); });
}

// best_uct_arm over statistics laid out side by side (UctColumns): arm i's mean means[i] and
// 1/sqrt(visits) weights[i], the same sums without a table lookup per arm.
inline size_t best_uct_arm(const float* means, const float* weights, uint32_t k,
                           float exploration) {
  return first_best_arm(k, [&](uint32_t i) { return means[i] + exploration * weights[i]; });
}

// An arm drawn from `k` arms by regret matching or EXP3, mixed with gamma exploration;
// `regret(i)` is arm i's cumulative regret (regret matching) or reward estimate (EXP3).
// Sets `probability` to the drawn arm's probability, which its update needs.
template <size_t kMaxArms, class Regret>
size_t pick_mixed(SimultaneousRule rule, double gamma, size_t k, const Regret& regret, Rng& rng,
                  double& probability) {
  std::array<double, kMaxArms> p{};
  double total = 0;
  if (rule == SimultaneousRule::RegretMatching) {
    for (size_t i = 0; i < k; ++i) total += p[i] = std::max(0.0, regret(i));
    if (total <= 0) std::fill_n(p.begin(), k, 1.0), total = double(k);
  } else {
    const double eta = gamma / double(k);
    double top = -std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < k; ++i) top = std::max(top, regret(i));
    for (size_t i = 0; i < k; ++i) total += p[i] = std::exp(eta * (regret(i) - top));
  }
  double u = rng.uniform(), cumulative = 0;
  size_t pick = k - 1;
  for (size_t i = 0; i < k; ++i) {
    p[i] = (1 - gamma) * p[i] / total + gamma / double(k);
    cumulative += p[i];
    if (u < cumulative) {
      pick = i;
      u = 2;  // found; keep normalising the rest
    }
  }
  probability = p[pick];
  return pick;
}

// The sampled-outcome update of Lanctot et al. after arm `child` of `parent` (a move of
// `mover`) was drawn with `probability` and earned `u`, scaled to [0, 1]: regret matching
// adds to each sibling (moves of the same seat) x_i - u, with x the importance-weighted
// reward of the drawn move; EXP3 adds the importance-weighted reward to the drawn move.
template <class TreeType>
void update_mixed(SimultaneousRule rule, TreeType& tree, uint32_t parent, uint32_t child, int mover,
                  double probability, double u) {
  const double estimate = u / probability;
  if (rule == SimultaneousRule::Exp3) {
    tree[child].regret += static_cast<float>(estimate);
    return;
  }
  const auto& p = tree[parent];
  // Untried siblings are not counted: their statistics start when they are first tried.
  for (uint32_t i = p.first_child; i < p.first_child + p.children; ++i)
    if (tree[i].mover == mover && tree[i].key == tree[child].key && tree[i].visits > 0)
      tree[i].regret += static_cast<float>((i == child ? estimate : 0.0) - u);
}

}  // namespace nf::search
