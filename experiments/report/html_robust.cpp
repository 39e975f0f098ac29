// The HTML report of a robust summary (experiments/report/robust_report.hpp).
#include "experiments/report/robust_report.hpp"

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

// Each verdict across the levels, then each level's own balance report.
std::string robust_sections(const json& s) {
  Table table;
  table.header = {"measure"};
  for (size_t i = 0; i < s["levels"].size(); ++i)
    table.header.push_back(fmt::format(
        "level {}: {}", i + 1, fmt::join(s["levels"][i].get<std::vector<std::string>>(), ",")));
  table.header.push_back("verdict");
  for (const json& r : s["verdicts"]) {
    table.rows.push_back({escape(str(r["measure"]))});
    for (size_t i = 0; i < r["values"].size(); ++i) {
      const json& v = r["values"][i];
      const std::string flag = r["verdicts"][i];
      table.rows.back().push_back(escape((v.is_null() ? std::string("-") : format_interval(v)) +
                                         (flag == "none" ? "" : " " + flag)));
    }
    table.rows.back().push_back(
        escape(str(r["holds"]) + (r["intervals_overlap"].get<bool>() ? "" : ", intervals shift")));
  }
  std::string out =
      "<h2>Verdicts across player levels</h2>\n<p>The same deals played by each level; "
      "a verdict holds when every level gives it.</p>\n" +
      table.html();
  for (size_t i = 0; i < s["settings"].size(); ++i)
    out += fmt::format("<h2>level {}</h2>\n", i + 1) + balance_sections(s["settings"][i]);
  return out;
}

}  // namespace
}  // namespace html

std::string robust_html(const nlohmann::json& s) {
  using namespace html;
  return page("verdicts of " + str(s["game"]) + " across player levels", robust_sections(s), s);
}

}  // namespace nf
