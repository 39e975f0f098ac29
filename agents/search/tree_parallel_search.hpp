// Tree parallelism (parallel=tree): one search over one set of trees on several threads,
// reproducible. Every iteration runs on a lane (a Worker sharing the trees) in three parts:
// the descent and the backup, which read and grow the trees, and the rollout, which does not.
// The descents and backups run on one thread, the sequencer (the first to start), in a fixed order: the first
// `lanes` descents, then, for every further iteration, the backup of the oldest in flight and
// the next descent. The rollouts in between are played by whichever thread is free, the
// sequencer included. So the trees see the same operations in the same order whatever the
// threads do, and a seed gives the same search on any machine, even when the search's other
// threads never get a core (the sequencer then plays every rollout itself). While iterations
// are in flight their paths carry a virtual loss (Worker::descend), so that the next descents
// spread over other moves.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>

#include <tbb/task_arena.h>

#include "agents/search/budget.hpp"
#include "agents/search/worker.hpp"

namespace nf::search {

template <Game G>
class TreeParallelSearch {
 public:
  using State = typename G::State;
  static constexpr size_t kMaxLanes = SearchBudget::kMaxThreads;

  // `lanes` share the first one's trees (Worker::share_trees_of).
  explicit TreeParallelSearch(std::span<const std::unique_ptr<Worker<G>>> lanes) : lanes_(lanes) {}

  // Runs `budget` from `root` for the player to move, `seat`, on `threads` threads of `arena`.
  void run(const State& root, int seat, const SearchBudget& budget, size_t threads,
           tbb::task_arena& arena) {
    lanes_[0]->reset_trees();
    for (size_t i = 0; i < lanes_.size(); ++i) {
      lanes_[i]->start(root, seat, budget.seed(i));
      status_[i].store(kIdle, std::memory_order_relaxed);
    }
    finished_.store(false, std::memory_order_relaxed);
    sequencing_.store(false, std::memory_order_relaxed);
    // The first thread to start sequences: a thread never waits for a sequencer that has not
    // started, even when the threads' tasks run one after another on one thread.
    SearchBudget::run(arena, threads, [&](size_t) {
      if (!sequencing_.exchange(true, std::memory_order_acq_rel))
        sequence(budget);
      else
        play_rollouts();
    });
  }

 private:
  enum : uint8_t { kIdle, kReady, kRolling, kRolledOut };

  // The descents and backups in their fixed order; the rollouts no other thread has taken.
  void sequence(const SearchBudget& budget) {
    const uint64_t lanes = lanes_.size();
    uint64_t started = 0, backed_up = 0;
    for (;;) {
      const bool more = budget.allows(started);
      if (started - backed_up == lanes || (!more && backed_up < started)) {
        back_up(size_t(backed_up++ % lanes));
        continue;
      }
      if (!more) break;
      const size_t lane = size_t(started++ % lanes);
      lanes_[lane]->descend();
      status_[lane].store(kReady, std::memory_order_release);
    }
    finished_.store(true, std::memory_order_release);
  }

  // Backs up `lane`'s iteration once its rollout is played, playing it here if no thread has
  // taken it, else waiting for the thread that has.
  void back_up(size_t lane) {
    if (!take(lane)) {
      for (int spins = 0; status_[lane].load(std::memory_order_acquire) != kRolledOut;) wait(spins);
    }
    lanes_[lane]->back_up();
    status_[lane].store(kIdle, std::memory_order_relaxed);
  }

  // The other threads: any ready rollout, until the sequencer is done.
  void play_rollouts() {
    for (int spins = 0; !finished_.load(std::memory_order_acquire);) {
      bool played = false;
      for (size_t lane = 0; lane < lanes_.size(); ++lane) played = take(lane) || played;
      if (played)
        spins = 0;
      else
        wait(spins);
    }
  }

  // Plays `lane`'s rollout if it is ready and no other thread has taken it.
  bool take(size_t lane) {
    if (status_[lane].load(std::memory_order_relaxed) != kReady) return false;
    uint8_t ready = kReady;
    if (!status_[lane].compare_exchange_strong(ready, kRolling, std::memory_order_acquire))
      return false;
    lanes_[lane]->play_out();
    status_[lane].store(kRolledOut, std::memory_order_release);
    return true;
  }

  // A wait of well under a microsecond at first; after a while the core is yielded, in case
  // the thread waited for is waiting for it.
  static void wait(int& spins) {
    if (++spins < kSpinsBeforeYield) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    } else {
      std::this_thread::yield();
    }
  }
  static constexpr int kSpinsBeforeYield = 256;

  std::span<const std::unique_ptr<Worker<G>>> lanes_;
  std::array<std::atomic<uint8_t>, kMaxLanes> status_{};
  std::atomic<bool> sequencing_{false};  // a thread has taken the sequencer's part
  std::atomic<bool> finished_{false};    // the sequencer has backed up every iteration
};

}  // namespace nf::search
