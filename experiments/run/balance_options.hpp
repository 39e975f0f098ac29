// What a `balance` run is asked to do, and the per-deal outcome paired comparisons read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiments/run/shards.hpp"

namespace nf {

struct BalanceOptions {
  std::vector<std::string> agents;
  std::map<std::string, std::string> config;
  uint64_t games = 0;
  uint64_t seed = 1;
  int threads = 0;  // 0: all hardware threads
  std::string out_dir;
  bool paired = true;
  std::string record_path;
  uint64_t record_every = 1;
  bool quiet = false;
  bool tournament = false;  // also score matches (experiments/run/match_points.hpp)
  // Decisiveness (stats/ludii_metrics.hpp): about this many games, spread evenly, have every
  // state valued by this many random playouts; unset, as many as fit in about a tenth of the
  // run's time (decisiveness_sample_size), 0 skips the metric.
  std::optional<uint64_t> decisiveness_games;
  int decisiveness_playouts = 32;
  // Scale (experiments/run/shards.hpp): one contiguous part of the deals, a resumable checkpoint.
  ShardSpec shard;
  std::string checkpoint_path;
  double checkpoint_seconds = 30;
  bool rotate_one_agent = false;  // rotate even one agent: head-to-head needs both halves
  bool deal_outcomes = false;     // keep every deal's outcome (paired variant differences)
  std::string report_path;        // self-contained HTML report
  // Other modes of `balance` (experiments/run/variant.hpp, ladder.hpp, sweep.hpp).
  std::vector<std::string> variants;
  std::string ladder;
  std::string sweep;                       // "players=1..5": one balance run per value
  std::vector<std::string> robust_levels;  // other players for the same deals
  // Causal element values (experiments/run/causal_values.hpp): replacement games to play
  // (unset: the game's default share of the run, 0: none); --detect: the minimum detectable
  // effect the run's games are chosen to reach (0: the games asked for).
  std::optional<uint64_t> causal_games;
  std::vector<std::string> causal_groups;  // the groups to value (empty: every group)
  double detect = 0;
};

// One deal over all its seat orders, for paired comparisons between two runs on the same deals.
struct DealOutcome {
  int agent0_half_points = 0;  // lineup agent 0's points, in half points
  int seat0_half_points = 0;   // seat 0's points, in half points
  int64_t decisions = 0;
};

}  // namespace nf
