// The HTML report of a ladder summary (experiments/run/ladder.hpp).
#include "experiments/run/ladder.hpp"

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

std::string ladder_sections(const json& s) {
  std::vector<LinePoint> points;
  std::vector<std::string> names;
  Table t{{"rung", s["parameter"].get<std::string>(), "agent", "Elo over rung 0",
           "score against the previous rung", "even deals"},
          {}};
  for (size_t k = 0; k < s["rungs"].size(); ++k) {
    const auto& r = s["rungs"][k];
    const Interval e = interval_from_json(r["elo"]);
    points.push_back({double(k), e.estimate, e.low, e.high});
    names.push_back(r["value"].get<std::string>());
    t.rows.push_back({fmt::format("{}", k), escape(r["value"].get<std::string>()),
                      escape(r["agent"].get<std::string>()), format_interval(r["elo"], 1),
                      k ? format_interval(s["steps"][k - 1]["score"]) : "-",
                      k ? format_interval(s["steps"][k - 1]["even_deals"]) : "-"});
  }
  return section("Skill ladder",
                 line_plot(points, "ladder curve", s["parameter"].get<std::string>(),
                           "Elo over rung 0", {{0.0, "rung 0"}}, names) +
                     t.html()) +
         section("Luck versus skill",
                 paragraph(s["luck_versus_skill"]["summary"].get<std::string>()));
}

}  // namespace
}  // namespace html

std::string ladder_html(const nlohmann::json& s) {
  using namespace html;
  return page("skill ladder in " + str(s["game"]), ladder_sections(s), s);
}

}  // namespace nf
