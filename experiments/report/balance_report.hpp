// What a balance run reports: summary.json (everything), CSV tables and a short text table.
// Non-template: it sees only the game-independent summary model.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/format.hpp"
#include "experiments/run/match_points.hpp"
#include "experiments/run/shards.hpp"
#include "stats/summary.hpp"

namespace nf {

struct BalanceReport {
  std::string game;
  nlohmann::json config;            // resolved config, key -> value text
  std::vector<std::string> agents;  // canonical specs, by lineup index
  uint64_t seed = 0;
  uint64_t deals = 0;
  bool paired = true;
  // Every seat plays on one team and shares its result (HasTeamPlay): the tables report the
  // team, and measures that compare seats are left out.
  bool one_team = false;
  std::string pairing_note;  // why a run asked to pair deals did not
  double seconds = 0;
  int threads = 0;
  std::vector<std::string> end_reason_names;
  std::optional<ElementSchema> elements;
  BalanceAccumulator totals;
  ShardSpec shard;                       // the part of the deals these totals cover
  nlohmann::json identity;               // what shards and checkpoints of this run must agree on
  std::optional<MatchTally> tournament;  // with --tournament
  int decisiveness_playouts = 0;
  // Causal element values (experiments/run/causal_values.hpp), null when not measured.
  nlohmann::json causal;
};

nlohmann::json balance_summary_json(const BalanceReport& report);
// summary.json, seats.csv, agents.csv, game_length.csv, end_reasons.csv, <label>s.csv.
void write_balance_outputs(const BalanceReport& report, const std::string& out_dir);
void print_balance_table(const BalanceReport& report, std::FILE* out);
// The end of every balance run: files in `out_dir` (if any), the table on stdout and the HTML
// report (if a path is given).
void publish_balance(const BalanceReport& report, const std::string& out_dir,
                     const std::string& report_path);

// The HTML report of a balance summary (experiments/report/html_balance.cpp).
std::string balance_html(const nlohmann::json& summary);

}  // namespace nf
