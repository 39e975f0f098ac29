// `--report FILE.html`: one self-contained page (inline SVG plots and CSS, no scripts, no
// network) drawn from a command's summary JSON: balance (with element flags), variant
// comparisons, skill ladders, tournaments, matches and tuning runs.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace nf {

// The page for a summary (its "command" says which kind).
std::string html_report(const nlohmann::json& summary);
// Writes it atomically; nf::Error naming the file when it cannot.
void write_html_report(const std::string& path, const nlohmann::json& summary);

// The end of a command: `summary` as DIR/<file_name> (when out_dir is given) and the HTML
// report (when report_path is), each announced on stdout. The folder is written all or
// nothing (experiments/report/result_folder.hpp); `more_files(folder)` adds the command's tables.
void publish_summary(const nlohmann::json& summary, const std::string& out_dir,
                     const std::string& file_name, const std::string& report_path,
                     const std::function<void(const std::filesystem::path&)>& more_files = {});

}  // namespace nf
