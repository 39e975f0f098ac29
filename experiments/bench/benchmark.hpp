// The benchmark program's building blocks: timed measurements printed as JSON rows. Every
// registered game is measured the same way (experiments/bench/benchmark_game.hpp), so a new game
// needs no benchmark code of its own.
#pragma once

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/agent.hpp"

namespace nf::bench {

struct Options {
  double seconds = 1.0;  // time per measurement
  int threads = 0;       // "all threads" measurements; 0 = every core
  std::string filter;    // only measurements whose name contains this
};

class Context {
 public:
  explicit Context(Options options);
  const Options& options() const { return options_; }
  bool selected(const std::string& name) const;
  int all_threads() const;
  // Runs `batch` (which does `units_per_batch` units of work, e.g. playouts) repeatedly on one
  // thread for the configured time and records units/s under `name`.
  void measure(const std::string& name, const std::string& unit, uint64_t units_per_batch,
               const std::function<void(uint64_t batch_index)>& batch, nlohmann::json extra = {});
  // The same on every thread at once (each batch index runs exactly once).
  void measure_parallel(const std::string& name, const std::string& unit, uint64_t units_per_batch,
                        const std::function<void(uint64_t batch_index)>& batch,
                        nlohmann::json extra = {});
  // A fixed fact (bytes per node, state size...).
  void fact(const std::string& name, nlohmann::json value);
  const nlohmann::json& results() const { return results_; }

 private:
  Options options_;
  nlohmann::json results_ = nlohmann::json::array();
};

// Publishes a result of measured work so the optimizer cannot drop that work: a playout
// inlined into a loop that ignores its result is otherwise dead code.
inline void keep(uint64_t result) {
  static std::atomic<uint64_t> sink{0};
  sink.fetch_add(result, std::memory_order_relaxed);
}

// A batch function for Context::measure: `count` playouts with `policy` in every seat, game i
// of batch b dealt from seed b * count + i. `game` and `policy` must outlive it.
template <class G, class P>
std::function<void(uint64_t)> playout_batches(const G& game, const P& policy, uint64_t count) {
  return [&game, &policy, count](uint64_t batch) {
    Rng rng(batch);
    uint64_t decisions = 0;
    for (uint64_t i = 0; i < count; ++i) {
      auto state = game.initial_state(batch * count + i);
      decisions += playout(game, state, policy, rng);
    }
    keep(decisions);
  };
}

}  // namespace nf::bench
