// What the last search of an agent found at the root, for tests, benchmarks and tools.
#pragma once

#include <cstdint>

#include "core/fixed_vector.hpp"
#include "core/game.hpp"

namespace nf::search {

// What the last search found at the root, summed over the threads' trees.
template <class Action>
struct RootStat {
  Action action{};
  uint64_t visits = 0;
  double reward = 0;
  double mean() const { return visits ? reward / double(visits) : 0.0; }
};

template <Game G>
struct SearchReport {
  FixedVector<RootStat<typename G::Action>, G::kMaxActions> root;
  uint64_t iterations = 0;
  uint64_t nodes = 0;  // tree slots in use, over every tree of every thread
};

}  // namespace nf::search
