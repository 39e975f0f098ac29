// `--report FILE.html`: one self-contained page (inline SVG plots and CSS, no scripts, no
// network) drawn from a command's summary JSON: balance (with element flags), variant
// comparisons, skill ladders, tournaments, matches and tuning runs.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace nf {

// The page for a summary (its "command" says which kind).
std::string html_report(const nlohmann::json& summary);
// Writes it atomically; nf::Error naming the file when it cannot.
void write_html_report(const std::string& path, const nlohmann::json& summary);

}  // namespace nf
