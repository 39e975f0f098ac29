// The HTML report of a variant summary (experiments/run/variant.hpp).
#include "experiments/run/variant.hpp"

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

std::string variant_sections(const json& s) {
  std::string out =
      paragraph(fmt::format("{} games per rule set on the same {} deals (seed {}). Method: {}.",
                            s["games"].get<uint64_t>(), s["deals"].get<uint64_t>(),
                            s["seed"].get<uint64_t>(), s["method"].get<std::string>()));
  for (const auto& v : s["variants"]) {
    std::vector<ForestRow> rates, means;
    Table t{{"statistic", "base", "variant", "difference (95% CI)", "q-value"}, {}};
    for (const auto& d : v["differences"]) {
      const bool significant = d["significant"].get<bool>();
      if (d["group"] == "elements" && !significant) continue;
      (d["unit"] == "mean" ? means : rates)
          .push_back({d["statistic"].get<std::string>(), interval_from_json(d["difference"]),
                      significant});
      t.rows.push_back({escape(d["statistic"].get<std::string>()), format_interval(d["base"]),
                        format_interval(d["variant"]), format_interval(d["difference"]),
                        escape(variant_q_text(d))});
    }
    out +=
        section("Variant " + v["name"].get<std::string>() + ": differences from the base rules",
                paragraph("Variant minus base with 95% intervals, rates and scores in the first "
                          "plot, means (in their own units) in the second; red marks a difference "
                          "significant after Benjamini-Hochberg correction. Element statistics "
                          "are shown only when significant.") +
                    forest_plot(rates, "variant deltas of rates and scores", 0.0) +
                    forest_plot(means, "variant deltas of means", 0.0) + t.html());
  }
  return out +
         section("The base rules",
                 paragraph("The base rules' own statistics, as balance reports them.")) +
         balance_sections(s["base"]);
}

}  // namespace
}  // namespace html

std::string variant_html(const nlohmann::json& s) {
  using namespace html;
  return page("rule variants of " + str(s["game"]), variant_sections(s), s);
}

}  // namespace nf
