// What `balance --robust` reports: whether each balance verdict of a run holds when the players
// change. Read from each player level's balance summary (experiments/run/robust.hpp runs
// them on the same deals).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nf {

// {"command": "robust", "game", "levels": [agent specs by seat], "settings": [balance summary
// per level], "verdicts": [{"measure", "group", "element", "metric", "values": [interval per
// level], "verdicts": [per level], "holds": "holds" | "depends on the player" | "reverses",
// "intervals_overlap": bool}]}. A verdict is the seat's or element's flag at that level
// ("favoured", "too strong", ... or "none").
nlohmann::json robust_summary_json(const std::vector<std::vector<std::string>>& levels,
                                   std::vector<nlohmann::json> summaries);
void print_robust_table(const nlohmann::json& summary, std::FILE* out);
// robust.csv: one row per verdict and level.
void write_robust_table(const nlohmann::json& summary, const std::string& out_dir);

// The HTML report of a robust summary (experiments/report/html_robust.cpp).
std::string robust_html(const nlohmann::json& summary);

}  // namespace nf
