// A balance run as the commands see it: the plan of deals, seat orders and chunks, the loop
// that hands chunk results on in chunk order, checkpoints and progress. Compiled once; the games
// themselves are played by BalanceRunOf<G> (experiments/run/balance_run_of.hpp), the one part
// typed by the game.
//
// Reproducibility: deal d is dealt from derive_seed(seed, d, Deal); with pairing it is played
// once per rotation of the lineup over the seats (game g = d * orders + rotation). Deals are
// grouped into fixed chunks whose exact-count accumulators are merged in chunk order, so the
// result does not depend on the thread count.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/balance_report.hpp"
#include "experiments/run/balance_options.hpp"
#include "experiments/run/checkpoint.hpp"
#include "experiments/run/match_points.hpp"
#include "stats/summary.hpp"

namespace nf {

// One chunk's exact counts, its records and (if asked) its per-deal outcomes.
struct BalanceChunk {
  BalanceAccumulator totals;
  MatchTally matches;
  std::vector<std::string> records;
  std::vector<DealOutcome> deals;
};

class BalanceRun {
 public:
  virtual ~BalanceRun() = default;

  // Runs every deal of this shard (all of them by default), resuming from and saving to the
  // checkpoint when one is given; records (if asked) are written in game order.
  const BalanceReport& run();

  // Receives each chunk's result in chunk order; returns false to stop.
  using ConsumeChunk = std::function<bool(uint64_t chunk, BalanceChunk& result)>;
  // Plays chunks [first, end) in parallel waves and hands each result to `consume` in chunk
  // order; when `consume` stops, later chunks of that wave are discarded, so what is consumed
  // never depends on the thread count. The caller limits the threads (run() does).
  void run_chunks(uint64_t first, uint64_t end, const ConsumeChunk& consume);

  uint64_t chunk_count() const { return (deals_ + chunk_deals_ - 1) / chunk_deals_; }
  const BalanceReport& report() const { return report_; }
  // The checkpoint run() saved to and resumed from, which the run's causal values continue
  // (experiments/run/causal_values.hpp); null without --checkpoint or before run().
  CheckpointWriter* checkpoint() {
    return checkpoint_ && !options_.checkpoint_path.empty() ? &*checkpoint_ : nullptr;
  }
  BalanceAccumulator empty_accumulator() const;
  // What a checkpoint or a shard must agree on to be combined with this run.
  nlohmann::json checkpoint_identity() const;
  // What the totals of chunks [first, next) add up to.
  ExpectedCounts expected_counts(uint64_t first, uint64_t next) const;

  // Deals per chunk: 64, or fewer so that a run has at least 64 chunks (or one deal in
  // each): a short run of slow (search) games then still spreads over every thread. It depends on
  // the deals alone, never on threads, shards or processes, and chunks add exact counts, so the
  // totals are the same for any chunking.
  static uint64_t chunk_deals_for(uint64_t deals);
  // Whether each deal is played in every rotation of the lineup (`specs`: one per seat). With
  // the same agent in every seat a rotation would replay the deal with the same players: the
  // copies would count as independent games and shrink every interval, so such a run plays
  // each deal once (a tournament still needs every rotation).
  static bool pairs_deals(const BalanceOptions& options, const std::vector<std::string>& specs);

 protected:
  explicit BalanceRun(const BalanceOptions& options) : options_(options) {}
  // The plan, once the game-typed constructor has set players_, lineup_, specs_, the report's
  // game fields and data_hashes_: pairing, deals, chunks and the decisiveness sample
  // (`sample_size(games)`: how many of the run's games to measure when the options leave it
  // to the run).
  void plan(const std::function<uint64_t(uint64_t games)>& sample_size);
  // Plays chunks [first, first + count) into `results` (sized `count`), in parallel.
  virtual void play_chunks(uint64_t first, uint64_t count, std::vector<BalanceChunk>& results) = 0;

  int thread_count() const;
  static int half_points(SeatResult r) {
    return r == SeatResult::Win ? 2 : r == SeatResult::Draw ? 1 : 0;
  }

  const BalanceOptions options_;  // a copy: runs are often built from temporaries
  int players_ = 0;
  std::vector<std::string> lineup_, specs_;
  bool paired_ = true;  // every deal in every rotation of the lineup
  uint64_t orders_ = 1, deals_ = 0, chunk_deals_ = 64;
  uint64_t decisiveness_games_ = 0;   // the sample asked for or sized to the run
  uint64_t decisiveness_stride_ = 0;  // 0: not measured
  nlohmann::json data_hashes_;        // the config's data files, by content
  BalanceReport report_;

 private:
  std::optional<CheckpointWriter> checkpoint_;
  // `in_place`: redrawn over the last line (a terminal); otherwise a line of its own (a log).
  void show_progress(std::chrono::steady_clock::time_point start, uint64_t chunks_done,
                     uint64_t chunks, bool in_place) const;
};

}  // namespace nf
