// What the threads of one search share under tree parallelism (parallel=tree): the trees, the
// range of returns seen so far, and the lock that guards both. Under root parallelism each
// worker has its own and never locks.
#pragma once

#include <algorithm>
#include <limits>
#include <mutex>
#include <vector>

#include "agents/search/tree.hpp"

namespace nf::search {

template <class Action>
struct SharedTrees {
  std::vector<Tree<Action>> trees;
  std::mutex mutex;
  double low = 0, high = 0;  // the lowest and highest return backed up in this search

  explicit SharedTrees(size_t count) : trees(count) {}

  // Empties every tree (keeping the arenas) and forgets the returns seen.
  void reset() {
    for (auto& tree : trees) tree.reset();
    low = std::numeric_limits<double>::infinity();
    high = -low;
  }
  void note_return(double r) {
    low = std::min(low, r);
    high = std::max(high, r);
  }
};

}  // namespace nf::search
