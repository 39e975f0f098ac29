// Tree parallelism (parallel=tree): one search over one set of trees on several threads,
// reproducible. The search keeps `lanes` iterations in flight, each on a lane (lane.hpp) that
// alternates between work on the trees (a step of its descent, or its
// backup) and work off them (applying the step's move and asking the heuristic for the next
// step's prior; or the rollout and the next iteration's world). One thread, the sequencer,
// does all the work on the trees, visiting the lanes in turn in a fixed order; the work off
// the trees is done by whichever thread is free, the sequencer included when it reaches a
// lane whose work no thread has taken. So the trees see the same operations in the same order
// whatever the threads do: a seed gives the same search on any machine, and the same lanes
// give the same search on any number of threads, even when the search's other threads never
// get a core. While iterations are in flight their paths carry a virtual loss
// (Lane::step_on_trees), so that the other lanes' descents spread over other moves.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>

#include <tbb/task_arena.h>

#include "agents/search/budget.hpp"
#include "agents/search/lane.hpp"

namespace nf::search {

template <Game G>
class TreeParallelSearch {
 public:
  using State = typename G::State;
  static constexpr size_t kMaxLanes = SearchBudget::kMaxThreads;
  // The lanes a search keeps by default for each thread. The sequencer takes the lanes in a
  // fixed order, so a lane whose rollout is long holds up the lanes behind it; with more lanes
  // the other threads keep finding work. On two threads (ninefold_bench's searches): 4 lanes
  // gave 1.1x to 1.5x one thread's iterations/s, 16 lanes 1.45x (ninth-world) to 1.9x, with
  // no loss of strength at equal iterations on commanders and realms (docs/agents.md).
  static constexpr size_t kLanesPerThread = 8;

  // `lanes` share the first one's trees (Lane::share_trees_of).
  explicit TreeParallelSearch(std::span<const std::unique_ptr<Lane<G>>> lanes) : lanes_(lanes) {}

  // Runs `budget` from `root` for the player to move, `seat`, on `threads` threads of `arena`.
  void run(const State& root, int seat, const SearchBudget& budget, size_t threads,
           tbb::task_arena& arena) {
    lanes_[0]->reset_trees();
    for (size_t i = 0; i < lanes_.size(); ++i) {
      lanes_[i]->start(root, seat, budget.seed(i));
      status_[i].store(kOnTrees, std::memory_order_relaxed);
    }
    finished_.store(false, std::memory_order_relaxed);
    sequencing_.store(false, std::memory_order_relaxed);
    // The first thread to start sequences: a thread never waits for a sequencer that has not
    // started, even when the threads' tasks run one after another on one thread.
    SearchBudget::run(arena, threads, [&](size_t) {
      if (!sequencing_.exchange(true, std::memory_order_acq_rel))
        sequence(budget);
      else
        work_off_trees_while_sequencing();
    });
  }

 private:
  // A lane's work off the trees: waiting for a thread, being done, done (then the lane waits
  // for the sequencer).
  enum : uint8_t { kOffTrees, kTaken, kOnTrees };

  // The sequencer: the lanes in turn, each lane's work on the trees once its work off them is
  // done. An iteration begins (the lane's first step) while the budget allows another.
  void sequence(const SearchBudget& budget) {
    const size_t lanes = lanes_.size();
    std::array<bool, kMaxLanes> active{};
    uint64_t begun = 0;
    size_t remaining = 0;
    for (size_t lane = 0; lane < lanes; ++lane) {
      active[lane] = budget.allows(begun);
      if (!active[lane]) break;
      ++begun;
      ++remaining;
      release(lane);  // its first world and step, off the trees
    }
    for (size_t lane = 0; remaining > 0; lane = lane + 1 == lanes ? 0 : lane + 1) {
      if (!active[lane]) continue;
      finish_off_trees(lane);
      Lane<G>& current = *lanes_[lane];
      if (current.backs_up_next()) {
        current.back_up();
        if (!budget.allows(begun)) {
          active[lane] = false;
          --remaining;
          continue;
        }
        ++begun;
      }
      current.step_on_trees();
      release(lane);
    }
    finished_.store(true, std::memory_order_release);
  }

  // Hands `lane`'s work off the trees to whichever thread takes it first.
  void release(size_t lane) { status_[lane].store(kOffTrees, std::memory_order_release); }

  // Waits until `lane`'s work off the trees is done, doing it here if no thread has taken it,
  // and meanwhile the work of the lanes due next, so that the sequencer does not idle while
  // there is work.
  void finish_off_trees(size_t lane) {
    due_.store(lane, std::memory_order_relaxed);
    if (take(lane)) return;
    for (int spins = 0; status_[lane].load(std::memory_order_acquire) != kOnTrees;)
      if (take_next_due(lane))
        spins = 0;
      else
        wait(spins);
  }

  // The other threads: the work of the lanes the sequencer reaches soonest, until it is done.
  void work_off_trees_while_sequencing() {
    for (int spins = 0; !finished_.load(std::memory_order_acquire);)
      if (take_next_due(due_.load(std::memory_order_relaxed)))
        spins = 0;
      else
        wait(spins);
  }

  // Does the work of the first lane after `lane` (in the sequencer's order) that waits for a
  // thread, if any.
  bool take_next_due(size_t lane) {
    const size_t lanes = lanes_.size();
    for (size_t i = 1; i < lanes; ++i)
      if (take(lane + i < lanes ? lane + i : lane + i - lanes)) return true;
    return false;
  }

  // Does `lane`'s work off the trees if it waits for a thread and no other has taken it.
  bool take(size_t lane) {
    if (status_[lane].load(std::memory_order_relaxed) != kOffTrees) return false;
    uint8_t waiting = kOffTrees;
    if (!status_[lane].compare_exchange_strong(waiting, kTaken, std::memory_order_acquire))
      return false;
    lanes_[lane]->work_off_trees();
    status_[lane].store(kOnTrees, std::memory_order_release);
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

  std::span<const std::unique_ptr<Lane<G>>> lanes_;
  std::array<std::atomic<uint8_t>, kMaxLanes> status_{};
  std::atomic<bool> sequencing_{false};  // a thread has taken the sequencer's part
  std::atomic<bool> finished_{false};    // the sequencer has backed up every iteration
  std::atomic<size_t> due_{0};           // the lane the sequencer waits for or works on
};

}  // namespace nf::search
