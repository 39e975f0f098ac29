// The counts of a causal-values run and what is made of them: values with intervals,
// Benjamini-Hochberg verdicts, tables, CSV and the replacement plan (experiments/run/
// causal_values.cpp). Compiled once; CausalRun<G> (experiments/run/causal_values.hpp) fills
// the counts.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/causal.hpp"
#include "core/stats.hpp"

namespace nf {

// A mean of per-game sums over a variable number of observations (a context held by zero, one
// or both seats of a game): the ratio estimate and its cluster-robust standard error.
struct ClusterMoments {
  uint64_t games = 0;
  double sy = 0, sm = 0, syy = 0, smm = 0, sym = 0;
  void add(double y, double m) {
    ++games, sy += y, sm += m, syy += y * y, smm += m * m, sym += y * m;
  }
  void merge(const ClusterMoments& o) {
    games += o.games, sy += o.sy, sm += o.sm, syy += o.syy, smm += o.smm, sym += o.sym;
  }
  double mean() const { return sm > 0 ? sy / sm : 0; }
  double standard_error() const;
};

// What the runs of a chunk of deals add up: per (element, context) cell the paired differences
// in half points (base minus replaced, -2..2), per context its field score.
struct CausalTally {
  size_t elements = 0, contexts = 0;
  std::vector<IntMoments> cells;      // element * contexts + context
  std::vector<uint64_t> present;      // deals where the cell was in play (played or not)
  std::vector<ClusterMoments> field;  // per context: half points minus the fair share
  uint64_t deals = 0, base_games = 0, replacement_games = 0;

  CausalTally() = default;
  CausalTally(size_t n_elements, size_t n_contexts)
      : elements(n_elements),
        contexts(n_contexts),
        cells(n_elements * n_contexts),
        present(n_elements * n_contexts),
        field(n_contexts) {}
  size_t cell(int element, int context) const {
    return size_t(element) * contexts + size_t(context);
  }
  void merge(const CausalTally& o);
};

struct CausalRunInfo {
  std::string note;  // why there are no values, when there are none
  double seconds = 0;
  uint64_t budget = 0;
  bool full_coverage = true;
  bool contexts_randomized = false;
  std::vector<char> groups_measured;  // per group of the schema; empty: every group
};

inline constexpr double kCausalFdr = 0.05;
inline constexpr double kCausalPower = 0.80;
inline constexpr uint64_t kCausalMinGames = 20;  // fewer paired games: no value, no verdict

// The report of a causal run (summary.json "causal_values"), its verdict lines, tables and CSV.
nlohmann::json causal_values_json(const CausalSchema& schema, const CausalTally& tally,
                                  const CausalRunInfo& info);
void print_causal_verdict(const nlohmann::json& causal, std::FILE* out);
void print_causal_tables(const nlohmann::json& causal, std::FILE* out);
std::string causal_values_csv(const nlohmann::json& causal);
// The largest minimum detectable effect of an element table (the median row of each group).
double causal_table_mde(const nlohmann::json& causal);
// Minimum detectable effect at 80% power, two-sided 5% test, for a standard error.
double minimum_detectable_effect(double se);
// "detects 0.020 at 80% power" for a table's minimum detectable effect, or, when no row had
// the kCausalMinGames paired games a value needs (the effect is then 0), that it detects nothing.
std::string causal_detects_text(double mde);

// How many leading deals the first block plays with every element replaced, given how many
// elements each of the first deals has in play (`slots`, one entry a deal, up to a whole
// block): all of them when their replacements fit in the budget, else the longest prefix that
// costs at most half of it (at least one deal), so that a short run of an expensive player
// keeps to its budget and still leaves half of it to the widest intervals.
uint64_t causal_pilot_deals(const std::vector<uint32_t>& slots, uint64_t budget);

// Under MPI: chunk c of a block is played by rank c mod ranks; this sends every chunk's counts
// to every rank (experiments/run/causal_chunks.cpp). Each entry of `chunks` must already have
// the run's shape (elements and contexts); a world of one process returns at once.
void share_causal_chunks(std::vector<CausalTally>& chunks, int rank, int ranks);

// Which of a game's groups (`groups`, by name) a run values: every group when `asked` is empty,
// else the ones named; nf::Error naming an unknown, empty or repeated group and the game's groups.
std::vector<char> causal_groups_measured(const std::vector<std::string>& groups,
                                         const std::vector<std::string>& asked,
                                         std::string_view game);
std::vector<std::string> causal_group_names(const CausalSchema& schema);

// Which cells a block of deals replaces (experiments/run/causal_values.cpp).
std::vector<char> causal_plan(const CausalTally& tally, uint64_t deals_done, uint64_t deals_total,
                              uint64_t block_deals, double budget_left);

}  // namespace nf
