// What a balance run reports: summary.json (everything), CSV tables and a short text table.
// Non-template: it sees only the game-independent summary model.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/summary.hpp"
#include "experiments/tournament.hpp"

namespace nf {

struct BalanceReport {
  std::string game;
  nlohmann::json config;  // resolved config, key -> value text
  std::vector<std::string> agents;  // canonical specs, by lineup index
  uint64_t seed = 0;
  uint64_t deals = 0;
  bool paired = true;
  double seconds = 0;
  int threads = 0;
  std::vector<std::string> end_reason_names;
  std::optional<ElementSchema> elements;
  BalanceAccumulator totals;
  std::optional<MatchTally> tournament;  // with --tournament
  int decisiveness_playouts = 0;
};

nlohmann::json balance_summary_json(const BalanceReport& report);
// summary.json, seats.csv, agents.csv, game_length.csv, end_reasons.csv, <label>s.csv.
void write_balance_outputs(const BalanceReport& report, const std::string& out_dir);
void print_balance_table(const BalanceReport& report, std::FILE* out);

// "0.512 [0.509, 0.515]"
std::string format_interval(const Interval& i, int digits = 3);

}  // namespace nf
