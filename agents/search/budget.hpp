// How much one decision may search, and on how many threads.
#pragma once

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <array>
#include <chrono>
#include <cstdint>

#include "agents/search/config.hpp"
#include "core/cancel.hpp"
#include "core/rng.hpp"

namespace nf::search {

// One decision's budget split over threads (or over the lanes of a tree-parallel search): a
// seed per thread drawn in order from the agent's rng, an equal share of the iterations, or a
// common deadline.
class SearchBudget {
 public:
  static constexpr size_t kMaxThreads = 64;

  SearchBudget(const Config& config, size_t threads, Rng& rng)
      : threads_(threads),
        iterations_(config.iterations),
        timed_(config.ms > 0),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::microseconds(int64_t(config.ms * 1000))) {
    for (size_t i = 0; i < threads; ++i) seeds_[i] = rng.next();
  }

  uint64_t seed(size_t thread) const { return seeds_[thread]; }
  // Whether thread `thread` should run its `done`-th iteration. A cancelled run begins no more
  // (its caller throws Cancelled once the search has wound down).
  bool more(size_t thread, uint64_t done) const {
    if (cancel_requested()) return false;
    if (timed_) return allows(done);
    return done < iterations_ / threads_ + (thread < iterations_ % threads_);
  }
  // Whether the search as a whole should run its `done`-th iteration.
  bool allows(uint64_t done) const {
    if (cancel_requested()) return false;
    if (!timed_) return done < iterations_;
    return (done & 15) != 0 || std::chrono::steady_clock::now() < deadline_;
  }
  // Runs `work(thread)` for every thread, in parallel in `arena` (the agent's own, with a
  // slot per search thread) when there are several: the search gets its threads even when the
  // run plays its games in an arena of one. Isolated: a thread waiting here must not pick up
  // an outer task (another game of a balance run) that would re-enter this very agent.
  template <class Work>
  void run(tbb::task_arena& arena, const Work& work) const {
    run(arena, threads_, work);
  }
  // The same for `threads` threads, whatever the split.
  template <class Work>
  static void run(tbb::task_arena& arena, size_t threads, const Work& work) {
    if (threads == 1)
      work(size_t{0});
    else
      arena.execute([&] {
        tbb::this_task_arena::isolate([&] { tbb::parallel_for(size_t{0}, threads, work); });
      });
  }

 private:
  size_t threads_;
  uint64_t iterations_;
  bool timed_;
  std::chrono::steady_clock::time_point deadline_;
  std::array<uint64_t, kMaxThreads> seeds_{};
};

}  // namespace nf::search
