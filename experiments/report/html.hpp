// The end of a command: its summary JSON in the result folder and, with `--report FILE.html`, one
// self-contained page (inline SVG plots and CSS, no scripts, no network) that the result type
// draws itself (balance_html, variant_html, ladder_html, ...: experiments/report/html_*.cpp).
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace nf {

// `summary` with its "provenance" (core/provenance.hpp): the program, and the game, config, data
// files and seed the summary names.
nlohmann::json with_provenance(const nlohmann::json& summary);

// A result type's page, drawn from its summary JSON.
using HtmlPage = std::string (*)(const nlohmann::json& summary);

// The end of a command: `summary` as DIR/<file_name> (when out_dir is given) and the HTML
// report (when report_path is), each announced on stdout. The folder is written all or
// nothing (experiments/report/result_folder.hpp); `more_files(folder)` adds the command's tables.
void publish_summary(const nlohmann::json& summary, const std::string& out_dir,
                     const std::string& file_name, const std::string& report_path, HtmlPage page,
                     const std::function<void(const std::filesystem::path&)>& more_files = {});

}  // namespace nf
