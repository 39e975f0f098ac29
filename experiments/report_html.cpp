#include "experiments/report_html.hpp"

#include <nlohmann/json.hpp>

#include "experiments/output.hpp"

namespace nf {

std::string html_report(const nlohmann::json& summary) { return summary.dump(); }

void write_html_report(const std::string& path, const nlohmann::json& summary) {
  write_file_atomically(path, html_report(summary));
}

}  // namespace nf
