// The HTML report of a fit summary (experiments/tuning/fit.hpp).
#include "experiments/tuning/fit.hpp"

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

std::string fit_sections(const json& s) {
  std::vector<LinePoint> trajectory;
  for (const auto& r : s["rounds"]) {
    double lo = 1e300, hi = -1e300;
    for (const auto& c : r["candidates"])
      lo = std::min(lo, c["objective"].get<double>()),
      hi = std::max(hi, c["objective"].get<double>());
    trajectory.push_back({r["round"].get<double>(), r["best_so_far"].get<double>(), lo, hi});
  }
  Table params{{"parameter", "range", "original", "fitted"}, {}};
  for (const auto& p : s["free"])
    params.rows.push_back({escape(str(p["name"])),
                           escape(fmt::format("{}..{}", str(p["range"][0]), str(p["range"][1]))),
                           escape(str(p["original"])), escape(str(p["fitted"]))});
  const auto& c = s["confirmation"];
  std::string out = section(
      "Fit",
      paragraph(fmt::format("{} searched {} candidate designs ({} games; {}). Objective: {}.",
                            str(s["method"]), str(s["evaluations"]), str(s["search_games"]),
                            str(s["common_random_numbers"]), str(s["objective"]))) +
          params.html() +
          paragraph(fmt::format("Confirmation on fresh deals ({}): objective {:.3g} for the "
                                "original, {:.3g} for the fit. Reproduce with: ninefold balance "
                                "--game {} {}",
                                str(c["deals"]), c["objective"]["original"].get<double>(),
                                c["objective"]["fitted"].get<double>(), str(s["game"]),
                                str(s["best"]["config_line"]))) +
          line_plot(trajectory, "objective: best so far, and each round's range", "round",
                    "objective (lower is better)", {{0.0, "on target"}}));
  for (const auto& level : c["levels"]) {
    std::vector<ForestRow> rows;
    Table targets{{"measure", "target", "original", "fitted"}, {}};
    for (const auto& t : level["targets"]) {
      rows.push_back({"original: " + str(t["measure"]), interval_from_json(t["original"]), false});
      rows.push_back({"fitted: " + str(t["measure"]), interval_from_json(t["fitted"]), true});
      targets.rows.push_back({escape(str(t["measure"])), escape(str(t["target"])),
                              format_interval(t["original"]), format_interval(t["fitted"])});
    }
    Table moved{{"statistic", "original", "fitted", "difference (95% CI)", "q-value"}, {}};
    for (const auto& d : level["differences"])
      if (d["significant"].get<bool>())
        moved.rows.push_back({escape(str(d["statistic"])), format_interval(d["base"]),
                              format_interval(d["variant"]), format_interval(d["difference"]),
                              escape(format_p(d["q_value"].get<double>()))});
    const std::optional<double> reference =
        s["targets"].size() == 1 ? std::optional<double>(s["targets"][0]["value"].get<double>())
                                 : std::nullopt;
    out += section(
        "Agents " + str(level["agents"]) +
            (str(level["setting"]).empty() ? "" : ", setting " + str(level["setting"])) +
            ": before and after",
        forest_plot(rows, "target measures, original and fitted (95% intervals)", reference) +
            targets.html() +
            paragraph("What else moved: statistics whose difference is significant after "
                      "Benjamini-Hochberg correction.") +
            (moved.rows.empty() ? paragraph("Nothing else moved significantly.") : moved.html()));
  }
  return out;
}

}  // namespace
}  // namespace html

std::string fit_html(const nlohmann::json& s) {
  using namespace html;
  return page("fit of " + str(s["game"]), fit_sections(s), s);
}

}  // namespace nf
