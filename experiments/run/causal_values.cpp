#include "experiments/run/causal_tally.hpp"
#include "experiments/run/planted.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "stats/multiple_testing.hpp"

namespace nf {
namespace {

constexpr double kZPower = 0.8416212335729143;  // the 80th percentile of the normal

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A value and its standard error, in score units (half points / 2). A cell whose games never
// differed gets at least the standard error of one differing game in n, never a zero width.
struct Estimate {
  double value = 0, se = 0;
};
Estimate cell_estimate(const IntMoments& m) {
  const double n = double(m.n);
  return {m.mean() / 2, std::max(m.standard_error() / 2, 1.0 / n)};
}

std::string signed3(double v) { return fmt::format("{:+.3f}", v); }
std::string signed_interval(const nlohmann::json& i) {
  return fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", i["estimate"].get<double>(),
                     i["low"].get<double>(), i["high"].get<double>());
}

}  // namespace

double ClusterMoments::standard_error() const {
  if (games < 2 || sm <= 0) return 0;
  const double r = mean();
  const double residual = std::max(0.0, syy - 2 * r * sym + r * r * smm);
  return std::sqrt(double(games) / double(games - 1) * residual) / sm;
}

void CausalTally::merge(const CausalTally& o) {
  for (size_t i = 0; i < cells.size() && i < o.cells.size(); ++i) {
    cells[i].merge(o.cells[i]);
    present[i] += o.present[i];
  }
  for (size_t c = 0; c < field.size() && c < o.field.size(); ++c) field[c].merge(o.field[c]);
  deals += o.deals, base_games += o.base_games, replacement_games += o.replacement_games;
}

double minimum_detectable_effect(double se) { return (kZ95 + kZPower) * se; }

std::string causal_detects_text(double mde) {
  return mde > 0 ? fmt::format("detects {:.3f} at 80% power", mde)
                 : fmt::format("detects nothing: no row has the {} paired games a value needs",
                               kCausalMinGames);
}

std::vector<std::string> causal_group_names(const CausalSchema& schema) {
  std::vector<std::string> names;
  for (const CausalGroup& g : schema.groups) names.push_back(g.name);
  return names;
}

std::vector<char> causal_groups_measured(const std::vector<std::string>& groups,
                                         const std::vector<std::string>& asked,
                                         std::string_view game) {
  std::vector<char> measured(groups.size(), asked.empty() ? 1 : 0);
  for (size_t i = 0; i < asked.size(); ++i) {
    const std::string& name = asked[i];
    if (name.empty())
      throw Error(fmt::format("--causal-groups: an empty group name (its groups: {})",
                              fmt::join(groups, ", ")));
    if (std::find(asked.begin(), asked.begin() + long(i), name) != asked.begin() + long(i))
      throw Error(fmt::format("--causal-groups: group '{}' is given twice", name));
    const auto it = std::find(groups.begin(), groups.end(), name);
    if (it == groups.end())
      throw Error(fmt::format("--causal-groups: game '{}' has no group '{}' (its groups: {})", game,
                              name, fmt::join(groups, ", ")));
    measured[size_t(it - groups.begin())] = 1;
  }
  return measured;
}

uint64_t causal_pilot_deals(const std::vector<uint32_t>& slots, uint64_t budget) {
  uint64_t full = 0;
  for (uint32_t n : slots) full += n;
  if (full <= budget) return slots.size();
  uint64_t deals = 0, cost = 0;
  while (deals < slots.size() && cost + slots[deals] <= budget / 2) cost += slots[deals++];
  return std::max<uint64_t>(deals, 1);
}

std::vector<char> causal_plan(const CausalTally& t, uint64_t done, uint64_t total, uint64_t block,
                              double left) {
  const size_t n = t.cells.size();
  if (left <= 0) return std::vector<char>(n, 0);
  if (done == 0) return std::vector<char>(n, 1);
  // Cost of a cell per deal: how often it is in play.
  std::vector<double> rate(n);
  double full = 0;
  for (size_t c = 0; c < n; ++c) {
    rate[c] = double(t.present[c]) / double(done);
    full += rate[c];
  }
  const double remaining = double(total - done);
  if (full * remaining <= left) return std::vector<char>(n, 1);
  // Widest intervals first: the standard error with a floor at a tenth of the pooled variance,
  // so a cell that happened never to differ is not starved.
  double pooled = 0, weight = 0;
  for (size_t c = 0; c < n; ++c)
    if (t.cells[c].n >= 2)
      pooled += t.cells[c].variance() * double(t.cells[c].n), weight += double(t.cells[c].n);
  pooled = weight > 0 ? pooled / weight : 1;
  std::vector<std::pair<double, size_t>> order;
  for (size_t c = 0; c < n; ++c) {
    if (t.present[c] == 0) continue;
    const IntMoments& m = t.cells[c];
    const double se = m.n < 2 ? std::numeric_limits<double>::infinity()
                              : std::sqrt(std::max(m.variance(), pooled / 10) / double(m.n));
    order.push_back({se, c});
  }
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.first > b.first || (a.first == b.first && a.second < b.second);
  });
  const double share = left * double(block) / remaining;
  std::vector<char> plan(n, 0);
  double cost = 0;
  for (const auto& [se, c] : order) {
    const double add = rate[c] * double(block);
    if (cost + add > share) continue;
    plan[c] = 1;
    cost += add;
  }
  return plan;
}

nlohmann::json causal_values_json(const CausalSchema& schema, const CausalTally& t,
                                  const CausalRunInfo& info) {
  nlohmann::json out;
  out["method"] =
      "each element a seat holds is replaced, on that seat only, by its group's neutral "
      "reference, on the same deal and agent seeds; its value is the seat's mean score with the "
      "element minus with the reference (paired, 95% normal interval). Verdicts compare each "
      "value with the median value of its group (Benjamini-Hochberg over the group).";
  out["deals"] = t.deals;
  out["base_games"] = t.base_games;
  out["replacement_games"] = t.replacement_games;
  out["replacement_budget"] = info.budget;
  out["every_element_every_deal"] = info.full_coverage;
  // --causal-groups: the groups valued, when not every group was.
  nlohmann::json only = nlohmann::json::array();
  for (size_t g = 0; g < info.groups_measured.size(); ++g)
    if (info.groups_measured[g]) only.push_back(schema.groups[g].name);
  if (only.size() < schema.groups.size() && !info.groups_measured.empty())
    out["only_groups"] = only;
  out["seconds"] = info.seconds;
  out["false_discovery_rate"] = kCausalFdr;
  out["power"] = kCausalPower;
  out["context_label"] = schema.context_label;
  nlohmann::json verdicts = nlohmann::json::array();
  nlohmann::json groups = nlohmann::json::array();
  for (size_t g = 0; g < schema.groups.size(); ++g) {
    if (!info.groups_measured.empty() && !info.groups_measured[g]) continue;
    const CausalGroup& group = schema.groups[g];
    struct Cell {
      int element, context;
      uint64_t n;
      Estimate e;
    };
    std::vector<Cell> cells;
    for (size_t e = 0; e < schema.elements.size(); ++e) {
      if (schema.group_of[e] != int(g)) continue;
      for (size_t c = 0; c < schema.contexts.size(); ++c) {
        const size_t i = t.cell(int(e), int(c));
        if (t.present[i] == 0) continue;
        cells.push_back({int(e), int(c), t.cells[i].n, cell_estimate(t.cells[i])});
      }
    }
    std::vector<double> values, ses, mdes;
    for (const Cell& c : cells)
      if (c.n >= kCausalMinGames) {
        values.push_back(c.e.value);
        ses.push_back(c.e.se);
        mdes.push_back(minimum_detectable_effect(c.e.se));
      }
    const double med = median(values);
    const double se_med =
        values.empty() ? 0 : 1.2533 * median(ses) / std::sqrt(double(values.size()));
    std::vector<double> p;
    for (const Cell& c : cells)
      if (c.n >= kCausalMinGames)
        p.push_back(two_sided_p((c.e.value - med) / std::hypot(c.e.se, se_med)));
    const std::vector<double> q = benjamini_hochberg(p);
    nlohmann::json rows = nlohmann::json::array();
    size_t k = 0;
    for (const Cell& c : cells) {
      nlohmann::json row = {{"element", schema.elements[size_t(c.element)]},
                            {"context", schema.contexts[size_t(c.context)]},
                            {"deals_in_play", t.present[t.cell(c.element, c.context)]},
                            {"games", c.n}};
      if (c.n < kCausalMinGames) {
        row["value"] = nullptr;
        row["verdict"] = "too few games";
      } else {
        const double d = c.e.value - med;
        row["value"] = interval_to_json(normal_interval(c.e.value, c.e.se));
        row["standard_error"] = c.e.se;
        row["minimum_detectable_effect"] = minimum_detectable_effect(c.e.se);
        row["against_median"] = interval_to_json(normal_interval(d, std::hypot(c.e.se, se_med)));
        row["p_value"] = p[k];
        row["q_value"] = q[k];
        const bool flagged = q[k] <= kCausalFdr;
        row["verdict"] = !flagged ? "" : d > 0 ? "too strong" : "too weak";
        if (flagged)
          verdicts.push_back({{"kind", "element"},
                              {"group", group.name},
                              {"reference", group.reference},
                              {"element", row["element"]},
                              {"context", row["context"]},
                              {"verdict", row["verdict"]},
                              {"value", row["value"]},
                              {"group_median", med},
                              {"q_value", q[k]}});
        ++k;
      }
      rows.push_back(row);
    }
    groups.push_back({{"group", group.name},
                      {"reference", group.reference},
                      {"reference_about", group.about},
                      {"median_value", med},
                      {"minimum_detectable_effect", median(mdes)},
                      {"values", rows}});
  }
  out["groups"] = groups;
  if (info.contexts_randomized && !schema.context_label.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    std::vector<double> p, mdes;
    std::vector<size_t> index;
    for (size_t c = 0; c < schema.contexts.size(); ++c) {
      const ClusterMoments& m = t.field[c];
      if (m.games < kCausalMinGames) continue;
      const double v = m.mean() / 2, se = std::max(m.standard_error() / 2, 1.0 / m.sm);
      p.push_back(two_sided_p(v / se));
      mdes.push_back(minimum_detectable_effect(se));
      rows.push_back({{"context", schema.contexts[c]},
                      {"seat_games", uint64_t(m.sm)},
                      {"value", interval_to_json(normal_interval(v, se))},
                      {"standard_error", se},
                      {"minimum_detectable_effect", minimum_detectable_effect(se)}});
    }
    const std::vector<double> q = benjamini_hochberg(p);
    for (size_t i = 0; i < rows.size(); ++i) {
      rows[i]["p_value"] = p[i];
      rows[i]["q_value"] = q[i];
      const bool flagged = q[i] <= kCausalFdr;
      const double v = rows[i]["value"]["estimate"].get<double>();
      rows[i]["verdict"] = !flagged ? "" : v > 0 ? "too strong" : "too weak";
      if (flagged)
        verdicts.push_back({{"kind", "context"},
                            {"group", schema.context_label},
                            {"reference", "the field"},
                            {"element", rows[i]["context"]},
                            {"verdict", rows[i]["verdict"]},
                            {"value", rows[i]["value"]},
                            {"q_value", q[i]}});
    }
    out["contexts"] = {
        {"label", schema.context_label},
        {"method",
         fmt::format("each {0} is drawn at random by the deal: its value is the mean score of "
                     "a seat holding it minus the fair share, against the field of {0}s it "
                     "meets (games clustered by deal; Benjamini-Hochberg over the {0}s)",
                     schema.context_label)},
        {"minimum_detectable_effect", median(mdes)},
        {"values", rows}};
  }
  out["verdict"] = verdicts;
  return out;
}

double causal_table_mde(const nlohmann::json& causal) {
  double worst = 0;
  for (const auto& g : causal["groups"])
    if (!g["values"].empty()) worst = std::max(worst, g["minimum_detectable_effect"].get<double>());
  return worst;
}

void print_causal_verdict(const nlohmann::json& c, std::FILE* out) {
  const auto& v = c["verdict"];
  fmt::print(out,
             "verdict: causal values (each element against its group's neutral reference on the "
             "same deals; Benjamini-Hochberg, false discovery rate {}):\n",
             c["false_discovery_rate"].get<double>());
  if (v.empty()) {
    fmt::print(out, "  no element's value is significantly off its group; this run {}\n",
               causal_detects_text(causal_table_mde(c)));
    return;
  }
  for (const auto& f : v) {
    const std::string verdict = f["verdict"].get<std::string>();
    if (f["kind"] == "element")
      fmt::print(out, "  {}: {} {} in {} {}: value {} against {} (group median {})\n", verdict,
                 f["group"].get<std::string>(), f["element"].get<std::string>(),
                 c["context_label"].get<std::string>(), f["context"].get<std::string>(),
                 signed_interval(f["value"]), f["reference"].get<std::string>(),
                 signed3(f["group_median"].get<double>()));
    else
      fmt::print(out, "  {}: {} {}: score {} against the field\n", verdict,
                 f["group"].get<std::string>(), f["element"].get<std::string>(),
                 signed_interval(f["value"]));
  }
}

void print_causal_tables(const nlohmann::json& c, std::FILE* out) {
  fmt::print(out,
             "\ncausal values: {} deals, {} base games shared by {} replacement games{}{} ({:.1f} "
             "s)\n",
             c["deals"].get<uint64_t>(), c["base_games"].get<uint64_t>(),
             c["replacement_games"].get<uint64_t>(),
             c["every_element_every_deal"].get<bool>() ? ", every element of every deal"
                                                       : ", spread where intervals were widest",
             c.contains("only_groups")
                 ? fmt::format(" (groups {} only)",
                               fmt::join(c["only_groups"].get<std::vector<std::string>>(), ", "))
                 : "",
             c["seconds"].get<double>());
  const std::string context = c["context_label"].get<std::string>();
  for (const auto& g : c["groups"]) {
    if (g["values"].empty()) continue;
    fmt::print(out,
               "\n{} values against {} (seat's score with it minus with {}; group median {}; "
               "{})\n",
               g["group"].get<std::string>(), g["reference"].get<std::string>(),
               g["reference"].get<std::string>(), signed3(g["median_value"].get<double>()),
               causal_detects_text(g["minimum_detectable_effect"].get<double>()));
    fmt::print(out, "{:<22} {:<10} {:>7}  {:<26} {:>6} {:>8}  {}\n", g["group"].get<std::string>(),
               context, "games", "value (95% CI)", "mde", "q", "verdict");
    for (const auto& r : g["values"]) {
      if (r["value"].is_null()) {
        fmt::print(out, "{:<22} {:<10} {:>7}  {:<26}\n", r["element"].get<std::string>(),
                   r["context"].get<std::string>(), r["games"].get<uint64_t>(), "-");
        continue;
      }
      fmt::print(out, "{:<22} {:<10} {:>7}  {:<26} {:>6.3f} {:>8}  {}\n",
                 r["element"].get<std::string>(), r["context"].get<std::string>(),
                 r["games"].get<uint64_t>(), signed_interval(r["value"]),
                 r["minimum_detectable_effect"].get<double>(), format_p(r["q_value"].get<double>()),
                 r["verdict"].get<std::string>());
    }
  }
  if (c.contains("contexts")) {
    const auto& x = c["contexts"];
    fmt::print(out, "\n{} values against the field (score minus the fair share; {})\n", context,
               causal_detects_text(x["minimum_detectable_effect"].get<double>()));
    for (const auto& r : x["values"])
      fmt::print(out, "{:<22} {:>7}  {:<26} {:>6.3f} {:>8}  {}\n", r["context"].get<std::string>(),
                 r["seat_games"].get<uint64_t>(), signed_interval(r["value"]),
                 r["minimum_detectable_effect"].get<double>(), format_p(r["q_value"].get<double>()),
                 r["verdict"].get<std::string>());
  }
}

std::string causal_values_csv(const nlohmann::json& c) {
  std::string csv =
      "group,reference,element,context,games,value,value_low,value_high,standard_error,"
      "minimum_detectable_effect,against_median,p_value,q_value,verdict\n";
  auto number = [](const nlohmann::json& row, const char* key) {
    return row.contains(key) ? fmt::format("{:.6g}", row[key].get<double>()) : std::string();
  };
  for (const auto& g : c["groups"])
    for (const auto& r : g["values"]) {
      const bool has = !r["value"].is_null();
      csv += fmt::format(
          "\"{}\",\"{}\",\"{}\",\"{}\",{},{},{},{},{},{},{},{},{},\"{}\"\n",
          g["group"].get<std::string>(), g["reference"].get<std::string>(),
          r["element"].get<std::string>(), r["context"].get<std::string>(),
          r["games"].get<uint64_t>(),
          has ? fmt::format("{:.6f}", r["value"]["estimate"].get<double>()) : "",
          has ? fmt::format("{:.6f}", r["value"]["low"].get<double>()) : "",
          has ? fmt::format("{:.6f}", r["value"]["high"].get<double>()) : "",
          number(r, "standard_error"), number(r, "minimum_detectable_effect"),
          has ? fmt::format("{:.6f}", r["against_median"]["estimate"].get<double>()) : "",
          number(r, "p_value"), number(r, "q_value"), r["verdict"].get<std::string>());
    }
  if (c.contains("contexts"))
    for (const auto& r : c["contexts"]["values"])
      csv += fmt::format(
          "\"{}\",\"the field\",\"{}\",\"\",{},{:.6f},{:.6f},{:.6f},{},{},,{},{},\"{}\"\n",
          c["context_label"].get<std::string>(), r["context"].get<std::string>(),
          r["seat_games"].get<uint64_t>(), r["value"]["estimate"].get<double>(),
          r["value"]["low"].get<double>(), r["value"]["high"].get<double>(),
          number(r, "standard_error"), number(r, "minimum_detectable_effect"), number(r, "p_value"),
          number(r, "q_value"), r["verdict"].get<std::string>());
  return csv;
}

bool planted_verdicts_hold(const nlohmann::json& causal, const std::string& strong,
                           const std::string& dead, std::string& why) {
  if (causal.is_null()) {
    why = "no causal values were measured";
    return false;
  }
  bool strong_found = false, dead_found = false;
  std::vector<std::string> wrong;
  for (const auto& v : causal["verdict"]) {
    if (v["kind"] != "element") continue;
    const std::string element = v["element"], verdict = v["verdict"];
    const std::string where = fmt::format("{} in {}", element, v["context"].get<std::string>());
    if (element == strong) {
      if (verdict == "too strong")
        strong_found = true;
      else
        wrong.push_back(where + " called " + verdict);
    }
    if (element == dead) {
      if (verdict == "too weak")
        dead_found = true;
      else
        wrong.push_back(where + " called " + verdict);
    }
  }
  if (!strong_found) wrong.push_back(strong + " (made much stronger) not called too strong");
  if (!dead_found) wrong.push_back(dead + " (made dead) not called too weak");
  why = fmt::format("{}", fmt::join(wrong, "; "));
  return wrong.empty();
}

}  // namespace nf
