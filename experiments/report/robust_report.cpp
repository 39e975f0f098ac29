#include "experiments/report/robust_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

#include "core/record.hpp"
#include "core/revision.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/text_table.hpp"

namespace nf {
namespace {

using nlohmann::json;

// Groups this small have every element's headline metric compared, flagged or not (realms,
// commanders, decks, heroes); in larger ones (cards) only what some level flags.
constexpr size_t kHeadlineGroupSize = 20;

json as_interval(const json& v) {
  if (v.contains("mean")) return {{"estimate", v["mean"]}, {"low", v["low"]}, {"high", v["high"]}};
  return {{"estimate", v["estimate"]}, {"low", v["low"]}, {"high", v["high"]}};
}

// "favoured" / "disfavoured" when seat 0's score interval excludes its fair share.
std::string seat_verdict(const json& s) {
  const json& a = s["first_seat_advantage"];
  const double fair = a["fair_share"], low = a["seat0_score"]["low"],
               high = a["seat0_score"]["high"];
  return low > fair ? "favoured" : high < fair ? "disfavoured" : "none";
}

bool opposite(const std::string& a, const std::string& b) {
  static const std::set<std::pair<std::string, std::string>> pairs = {
      {"favoured", "disfavoured"},
      {"too strong", "too weak"},
      {"above the others", "below the others"}};
  return pairs.count({a, b}) || pairs.count({b, a});
}

// The verdicts of one measure across levels, with how they agree.
json compare(json row, const std::vector<std::string>& verdicts, const json& values) {
  std::string holds = "holds";
  for (const std::string& v : verdicts)
    if (v != verdicts[0]) holds = "depends on the player";
  for (const std::string& a : verdicts)
    for (const std::string& b : verdicts)
      if (opposite(a, b)) holds = "reverses";
  double low = -1e300, high = 1e300;
  for (const json& v : values)
    if (!v.is_null())
      low = std::max(low, v["low"].get<double>()), high = std::min(high, v["high"].get<double>());
  row["values"] = values;
  row["verdicts"] = verdicts;
  row["holds"] = holds;
  row["intervals_overlap"] = low <= high;
  return row;
}

// The element's metric at one level: its interval and its flag.
std::pair<json, std::string> element_at(const json& s, const std::string& element,
                                        const std::string& metric) {
  const std::string label = s["elements"].value("label", "element");
  json value = nullptr;
  for (const json& row : s["elements"]["rows"])
    if (row.value(label, "") == element && row.contains(metric)) value = as_interval(row[metric]);
  std::string verdict = "none";
  for (const json& f : s["element_flags"]["flags"])
    if (f.value(label, "") == element && f["metric"] == metric) verdict = f["verdict"];
  return {value, verdict};
}

// One level's row of an element in a context, or of a context against the field (no context).
const json* causal_row(const json& c, const std::string& group, const std::string& element,
                       const std::string& context) {
  if (context.empty()) {
    if (!c.contains("contexts")) return nullptr;
    for (const json& row : c["contexts"]["values"])
      if (row["context"] == element) return &row;
    return nullptr;
  }
  for (const json& g : c["groups"])
    for (const json& row : g["values"])
      if (g["group"] == group && row["element"] == element && row["context"] == context)
        return &row;
  return nullptr;
}

// The causal values (experiments/run/causal_values.hpp) at every level: each value some level
// calls off, and every value of a small group. A value's verdict is "too strong", "too weak"
// or none (not significant, or too few games at that level). Every level has causal values.
void add_causal_rows(const std::vector<json>& summaries, json& rows) {
  using Key = std::tuple<std::string, std::string, std::string>;  // group, element, context
  std::vector<Key> wanted;
  auto want = [&](Key key) {
    if (std::find(wanted.begin(), wanted.end(), key) == wanted.end()) wanted.push_back(key);
  };
  auto flagged = [](const json& row) {
    const std::string v = row.value("verdict", "");
    return v == "too strong" || v == "too weak";
  };
  for (const json& s : summaries) {
    const json& c = s["causal_values"];
    for (const json& g : c["groups"])
      for (const json& row : g["values"])
        if (g["values"].size() <= kHeadlineGroupSize || flagged(row))
          want({g["group"], row["element"], row["context"]});
    if (c.contains("contexts"))
      for (const json& row : c["contexts"]["values"])
        want({c["contexts"]["label"], row["context"], ""});
  }
  for (const auto& [group, element, context] : wanted) {
    std::vector<std::string> verdicts;
    json values = json::array();
    for (const json& s : summaries) {
      json value = nullptr;
      std::string verdict = "none";
      if (const json* row = causal_row(s["causal_values"], group, element, context)) {
        if (!(*row)["value"].is_null()) value = as_interval((*row)["value"]);
        if (flagged(*row)) verdict = (*row)["verdict"];
      }
      values.push_back(value);
      verdicts.push_back(verdict);
    }
    const std::string measure =
        context.empty() ? fmt::format("{} {} against the field", group, element)
                        : fmt::format("{} {} in {}: causal value", group, element, context);
    rows.push_back(compare({{"measure", measure},
                            {"group", group},
                            {"element", element},
                            {"context", context},
                            {"metric", "causal value"}},
                           verdicts, values));
  }
}

// Games without causal values: the headline raw-rate metric of every element of a small group,
// and every metric some level flags.
void add_raw_rate_rows(const std::vector<json>& summaries, json& rows) {
  std::vector<std::tuple<std::string, std::string, std::string>> wanted;  // group, element, metric
  auto want = [&](const std::string& group, const std::string& element, const std::string& metric) {
    const auto key = std::make_tuple(group, element, metric);
    if (std::find(wanted.begin(), wanted.end(), key) == wanted.end()) wanted.push_back(key);
  };
  for (const json& s : summaries) {
    if (!s.contains("elements")) continue;
    for (const json& g : s["elements"]["groups"])
      if (g["elements"].size() > 1 && g["elements"].size() <= kHeadlineGroupSize)
        for (const json& e : g["elements"]) want(g["name"], e, g["metrics"][0]);
  }
  for (const json& s : summaries) {
    if (!s.contains("element_flags")) continue;
    const std::string label = s["elements"].value("label", "element");
    for (const json& f : s["element_flags"]["flags"])
      want(f.value("group", ""), f.value(label, ""), f["metric"]);
  }
  for (const auto& [group, element, metric] : wanted) {
    std::vector<std::string> verdicts;
    json values = json::array();
    for (const json& s : summaries) {
      auto [value, verdict] = s.contains("elements")
                                  ? element_at(s, element, metric)
                                  : std::pair<json, std::string>{nullptr, "none"};
      values.push_back(value);
      verdicts.push_back(verdict);
    }
    rows.push_back(compare({{"measure", fmt::format("{} {}", element, metric)},
                            {"group", group},
                            {"element", element},
                            {"metric", metric}},
                           verdicts, values));
  }
}

}  // namespace

json robust_summary_json(const std::vector<std::vector<std::string>>& levels,
                         std::vector<json> summaries) {
  json rows = json::array();
  if (!summaries.empty() && summaries[0].contains("team")) {
    // Seats that form one team: the team's win rate at each level (no seat verdict).
    json values = json::array();
    for (const json& s : summaries) values.push_back(s["team"]["win_rate"]);
    rows.push_back(compare({{"measure", "team win"}},
                           std::vector<std::string>(summaries.size(), "none"), values));
  } else {
    std::vector<std::string> verdicts;
    json values = json::array();
    for (const json& s : summaries) {
      verdicts.push_back(seat_verdict(s));
      values.push_back(s["first_seat_advantage"]["seat0_score"]);
    }
    rows.push_back(compare({{"measure", "seat 0 score"}}, verdicts, values));
  }
  // With causal values they are the element verdicts; the raw rates only describe.
  bool causal = !summaries.empty();
  for (const json& s : summaries) causal = causal && s.contains("causal_values");
  if (causal)
    add_causal_rows(summaries, rows);
  else
    add_raw_rate_rows(summaries, rows);
  json out = {{"command", "robust"},
              {"game", summaries.empty() ? json("") : summaries[0]["game"]},
              {"levels", levels},
              {"verdicts", rows},
              {"settings", std::move(summaries)}};
  if (causal) out["element_verdicts"] = "causal values (raw rates are descriptive: see each level)";
  return out;
}

void print_robust_table(const json& s, std::FILE* out) {
  const size_t n = s["levels"].size();
  fmt::print(out, "\nverdicts of {} across {} player levels, on the same deals:\n",
             s["game"].get<std::string>(), n);
  for (size_t i = 0; i < n; ++i)
    fmt::print(out, "  level {}: {}\n", i + 1,
               fmt::join(s["levels"][i].get<std::vector<std::string>>(), ","));
  std::vector<std::vector<std::string>> rows = {{"measure"}};
  for (size_t i = 0; i < n; ++i) rows[0].push_back(fmt::format("level {}", i + 1));
  rows[0].push_back("verdict");
  for (const json& r : s["verdicts"]) {
    rows.push_back({r["measure"].get<std::string>()});
    for (size_t i = 0; i < n; ++i) {
      const json& v = r["values"][i];
      const std::string flag = r["verdicts"][i];
      rows.back().push_back((v.is_null() ? std::string("-") : format_interval(v)) +
                            (flag == "none" ? "" : " " + flag));
    }
    rows.back().push_back(r["holds"].get<std::string>() +
                          (r["intervals_overlap"].get<bool>() ? "" : ", intervals shift"));
  }
  print_columns(rows, out);
}

void write_robust_table(const json& s, const std::string& out_dir) {
  std::string csv = "measure,level,agents,estimate,low,high,verdict,holds,intervals_overlap\n";
  for (const json& r : s["verdicts"])
    for (size_t i = 0; i < r["values"].size(); ++i) {
      const json& v = r["values"][i];
      if (v.is_null()) continue;
      csv += fmt::format("\"{}\",{},\"{}\",{:.6f},{:.6f},{:.6f},{},{},{}\n",
                         r["measure"].get<std::string>(), i + 1,
                         fmt::join(s["levels"][i].get<std::vector<std::string>>(), ","),
                         v["estimate"].get<double>(), v["low"].get<double>(),
                         v["high"].get<double>(), r["verdicts"][i].get<std::string>(),
                         r["holds"].get<std::string>(), r["intervals_overlap"].get<bool>());
    }
  write_file_atomically(std::filesystem::path(out_dir) / "robust.csv", csv);
}

}  // namespace nf
