// What the lanes of one search share under tree parallelism (parallel=tree): the trees and the
// range of returns seen so far. Under root parallelism each worker has its own. Only
// TreeParallelSearch's sequencer thread reads or writes them, so they need no lock.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include "agents/search/tree.hpp"

namespace nf::search {

template <class Action>
struct SharedTrees {
  std::vector<Tree<Action>> trees;
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
