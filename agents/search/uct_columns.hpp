// The UCT statistics of an mcts tree's nodes as two columns indexed like the tree's slots: a
// node's mean and 1/sqrt(visits). A node's arms are one block of slots, so their statistics
// lie side by side and UCT reads two floats an arm (best_uct_arm over columns) instead of
// picking them out of 32-byte nodes and looking each arm's visits up in a table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "agents/search/bandits.hpp"
#include "agents/search/tree.hpp"

namespace nf::search {

class UctColumns {
 public:
  // Room for a tree of `slots` slots.
  void fit(size_t slots) {
    if (means_.size() < slots) {
      means_.resize(slots);
      weights_.resize(slots);
    }
  }
  // Copies node i's statistics after its visit. Read only once every arm of a block has been
  // visited, so nothing needs clearing between searches.
  void record(uint32_t i, float mean, uint32_t visits) {
    means_[i] = mean;
    weights_[i] = inverse_sqrt(visits);
  }
  // The arm best_uct_arm(arms, k, exploration) picks among the block of k arms at `first`.
  size_t best(uint32_t first, uint32_t k, float exploration) const {
    return best_uct_arm(&means_[first], &weights_[first], k, exploration);
  }

 private:
  std::vector<float> means_, weights_;
};

}  // namespace nf::search
