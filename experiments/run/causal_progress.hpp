// Where a causal-values run stands, as a balance checkpoint keeps it (experiments/run/
// checkpoint.hpp): the deals of the finished blocks, how many chunks of the current block are
// merged and the plan they were played with, and the exact counts so far. Blocks and chunks are
// fixed by the deals and the budget alone and the counts add up in chunk order, so a run resumed
// from its progress ends with exactly the values of an uninterrupted one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/run/causal_tally.hpp"

namespace nf {

struct CausalProgress {
  // What the run was asked; a run asked otherwise does not resume from it.
  uint64_t budget = 0;
  std::vector<char> groups_measured;
  uint64_t block_start = 0;   // deals of the finished blocks
  uint64_t chunks_done = 0;   // chunks of the current block merged into `total`
  std::vector<char> plan;     // the current block's plan; empty when no chunk of it is merged
  bool full_coverage = true;  // CausalRunInfo::full_coverage so far
  double seconds = 0;         // run time before the save
  CausalTally total;
};

// The exact counts: integers as integers, the field's sums as doubles (JSON writes the shortest
// text that reads back to the same double).
nlohmann::json causal_tally_json(const CausalTally& tally);
// Reads counts written by causal_tally_json into `tally`, which has the run's shape; nf::Error
// when the shape or a value's kind differs.
void read_causal_tally(const nlohmann::json& j, CausalTally& tally);

nlohmann::json causal_progress_json(const CausalProgress& progress);
// The progress saved in `j`, for a run whose counts have the shape of `empty`. Calls
// `fail(field, problem)` (which must throw) for a field that is missing or of the wrong kind
// or shape.
CausalProgress read_causal_progress(
    const nlohmann::json& j, const CausalTally& empty,
    const std::function<void(const std::string& field, const std::string& problem)>& fail);

}  // namespace nf
