// The HTML report of a tune summary (experiments/tuning/tune.hpp).
#include "experiments/tuning/tune.hpp"

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

std::string tune_sections(const json& s) {
  std::vector<LinePoint> points;
  for (const auto& r : s["rounds"]) {
    double lo = 1, hi = 0;
    for (const auto& c : r["candidates"])
      lo = std::min(lo, c["score"].get<double>()), hi = std::max(hi, c["score"].get<double>());
    points.push_back({r["round"].get<double>(), r["mean_score"].get<double>(), lo, hi});
  }
  std::string out =
      section("Tuning",
              paragraph(fmt::format(
                  "{} tuned {} against {} ({} candidates of {} games; {}). Best: {}.",
                  str(s["method"]), str(s["agent"]), str(s["against"]), str(s["evaluations"]),
                  str(s["games_per_candidate"]), str(s["common_random_numbers"]), str(s["best"]))) +
                  line_plot(points, "score per round", "round", "score against the opponent",
                            {{0.5, "even"}}));
  if (s.contains("confirmation")) out += match_sections(s["confirmation"]);
  return out;
}

}  // namespace
}  // namespace html

std::string tune_html(const nlohmann::json& s) {
  using namespace html;
  return page("tuning in " + str(s["game"]), tune_sections(s), s);
}

}  // namespace nf
