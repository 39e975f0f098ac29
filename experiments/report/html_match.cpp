// The HTML report of a match summary (experiments/run/match.hpp).
#include "experiments/run/match.hpp"

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

std::string match_sections(const json& s) {
  std::string out = paragraph(fmt::format(
      "{} scores {} against {} over {} games ({} seat-swapped pairs): Elo {}, {}.",
      str(s["agents"][0]), format_interval(s["score"]), str(s["agents"][1]), str(s["games"]),
      str(s["pairs"]), format_interval(s["elo"], 1), p_clause(s["p_value"].get<double>())));
  if (s.contains("sprt")) {
    const auto& t = s["sprt"];
    std::vector<LinePoint> points{{0, 0, 0, 0}};
    for (const auto& p : t["trace"])
      points.push_back(
          {p[0].get<double>(), p[1].get<double>(), p[1].get<double>(), p[1].get<double>()});
    out += paragraph(fmt::format("SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.3f}, {}.",
                                 str(t["elo0"]), str(t["elo1"]), str(t["alpha"]), str(t["beta"]),
                                 t["llr"].get<double>(), str(t["decision"]))) +
           line_plot(points, "running LLR", "games", "log-likelihood ratio",
                     {{t["lower_bound"].get<double>(), "accept H0"},
                      {t["upper_bound"].get<double>(), "accept H1"}});
  }
  return section("Match", out);
}

}  // namespace html

std::string match_html(const nlohmann::json& s) {
  using namespace html;
  return page("match in " + str(s["game"]), match_sections(s), s);
}

}  // namespace nf
