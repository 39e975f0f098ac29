// What `balance --sweep` reports: the whole-game measures of every value side by side, read
// from each value's balance summary (experiments/run/sweep.hpp runs them).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nf {

struct SweepSpec {
  std::string key;
  std::vector<std::string> values;
};

// {"command": "sweep", "game", "key", "values", "settings": [balance summary per value],
// "table": [{"measure", "values": [interval or number, or null where it does not apply]}]}.
nlohmann::json sweep_summary_json(const SweepSpec& sweep, std::vector<nlohmann::json> summaries);
void print_sweep_table(const nlohmann::json& summary, std::FILE* out);
// sweep.csv: one row per measure and value, with its interval.
void write_sweep_table(const nlohmann::json& summary, const std::string& out_dir);

// The HTML report of a sweep summary (experiments/report/html_sweep.cpp).
std::string sweep_html(const nlohmann::json& summary);

}  // namespace nf
