// The HTML report of a sweep summary (experiments/report/sweep_report.hpp).
#include "experiments/report/sweep_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/stats.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/html_parts.hpp"

namespace nf {
namespace html {
namespace {

// The sweep table, then each value's own balance report.
std::string sweep_sections(const json& s) {
  Table table;
  table.header.push_back("measure");
  for (const json& v : s["values"])
    table.header.push_back(fmt::format("{}={}", str(s["key"]), str(v)));
  table.rows.push_back({"games"});
  for (const json& setting : s["settings"]) table.rows.back().push_back(str(setting["games"]));
  for (const json& row : s["table"]) {
    table.rows.push_back({escape(str(row["measure"]))});
    for (const json& v : row["values"])
      table.rows.back().push_back(v.is_null() ? "-" : escape(format_interval(v)));
  }
  std::string out = "<h2>Side by side</h2>\n" + table.html();
  for (size_t i = 0; i < s["settings"].size(); ++i)
    out += fmt::format("<h2>{}</h2>\n",
                       escape(fmt::format("{}={}", str(s["key"]), str(s["values"][i])))) +
           balance_sections(s["settings"][i]);
  return out;
}

}  // namespace
}  // namespace html

std::string sweep_html(const nlohmann::json& s) {
  using namespace html;
  return page(fmt::format("sweep of {} over {}", str(s["game"]), str(s["key"])), sweep_sections(s),
              s);
}

}  // namespace nf
