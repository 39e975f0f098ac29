// What the threads of one search share under tree parallelism (parallel=tree): the trees, the
// range of returns seen so far, and the lock that guards both. Under root parallelism each
// worker has its own and never locks.
#pragma once

#include <algorithm>
#include <atomic>
#include <limits>
#include <thread>
#include <vector>

#include "agents/search/tree.hpp"

namespace nf::search {

// The trees' lock. It is held for a descent step or a backup, well under a microsecond, so a
// waiting thread spins instead of sleeping (waking a sleeper costs more than the wait); a
// thread that has spun a while yields its core, in case the holder is waiting for one.
class SpinLock {
 public:
  void lock() {
    for (int spins = 0; locked_.exchange(true, std::memory_order_acquire);)
      while (locked_.load(std::memory_order_relaxed)) {
        if (++spins < kSpinsBeforeYield)
          pause();
        else
          std::this_thread::yield();
      }
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  static constexpr int kSpinsBeforeYield = 256;
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  std::atomic<bool> locked_{false};
};

template <class Action>
struct SharedTrees {
  std::vector<Tree<Action>> trees;
  SpinLock lock;
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
