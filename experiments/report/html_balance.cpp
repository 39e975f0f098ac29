// The HTML report of a balance summary (experiments/report/balance_report.hpp), and its
// sections, which the robust and sweep reports embed per level and value.
#include "experiments/report/balance_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/stats.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/html_parts.hpp"
#include "experiments/run/causal_tally.hpp"

namespace nf {
namespace html {
namespace {

// A game whose seats form one team: the team's record, by the agent in each seat when the
// team mixes agents.
std::string team_section(const json& s) {
  const json& team = s["team"];
  Table t{{"team", "games", "win rate (95% CI)", "draw rate", "score"}, {}};
  std::vector<ForestRow> bars;
  auto add = [&](const std::string& name, const json& r) {
    t.rows.push_back({escape(name), fmt::format("{}", r["games"].get<uint64_t>()),
                      format_interval(r["win_rate"]), format_interval(r["draw_rate"]),
                      format_interval(r["score"])});
    bars.push_back({name, interval_from_json(r["win_rate"]), false});
  };
  add(fmt::format("{} seats", s["players"].get<int>()), team);
  if (s.contains("team_by_agent_and_seat"))
    for (const auto& r : s["team_by_agent_and_seat"])
      add(fmt::format("{} {} in seat {}", r["agent"].get<size_t>(),
                      s["agents"][r["agent"].get<size_t>()].get<std::string>(),
                      r["seat"].get<int>()),
          r);
  return section("Team results", forest_plot(bars, "team win rate", 0.5) + t.html() +
                                     paragraph(team["note"].get<std::string>()));
}

// The causal element values (experiments/run/causal_values.hpp): the verdict in words, then a
// forest plot of each group's values per context, the dashed line at the group's median.
std::string causal_section(const json& c, const json& rest_on) {
  std::string verdict;
  const std::string context = c["context_label"].get<std::string>();
  if (c["verdict"].empty()) {
    verdict = paragraph(
        fmt::format("No element's causal value is significantly off its group (this run {}).",
                    causal_detects_text(causal_table_mde(c))));
  } else {
    verdict = "<ul>\n";
    for (const auto& f : c["verdict"]) {
      const Interval v = interval_from_json(f["value"]);
      const std::string text =
          f["kind"] == "element"
              ? fmt::format(
                    "{} {} in {} {} is {}: value {:+.3f} [{:+.3f}, {:+.3f}] against {} "
                    "(group median {:+.3f}, q {}).",
                    f["group"].get<std::string>(), f["element"].get<std::string>(), context,
                    f["context"].get<std::string>(), f["verdict"].get<std::string>(), v.estimate,
                    v.low, v.high, f["reference"].get<std::string>(),
                    f["group_median"].get<double>(), format_p(f["q_value"].get<double>()))
              : fmt::format(
                    "{} {} is {}: score {:+.3f} [{:+.3f}, {:+.3f}] against the field "
                    "(q {}).",
                    f["group"].get<std::string>(), f["element"].get<std::string>(),
                    f["verdict"].get<std::string>(), v.estimate, v.low, v.high,
                    format_p(f["q_value"].get<double>()));
      verdict += "<li>" + escape(text) + "</li>\n";
    }
    verdict += "</ul>\n";
  }
  std::string body =
      paragraph(c["method"].get<std::string>()) +
      paragraph(fmt::format("{} deals; {} base games shared by {} replacement "
                            "games.",
                            str(c["deals"]), str(c["base_games"]), str(c["replacement_games"])));
  for (const auto& g : c["groups"]) {
    std::vector<ForestRow> rows;
    for (const auto& r : g["values"])
      if (!r["value"].is_null())
        rows.push_back(
            {r["element"].get<std::string>() + " (" + r["context"].get<std::string>() + ")",
             interval_from_json(r["value"]), !r["verdict"].get<std::string>().empty()});
    if (rows.empty()) continue;
    body +=
        "<h3>" +
        escape(g["group"].get<std::string>() + " against " + g["reference"].get<std::string>()) +
        "</h3>\n" +
        paragraph(fmt::format("Red: significantly off the group's median {:+.3f} (dashed). "
                              "Minimum detectable effect at 80% power: {:.3f}.",
                              g["median_value"].get<double>(),
                              g["minimum_detectable_effect"].get<double>())) +
        forest_plot(rows, g["group"].get<std::string>() + " values",
                    g["median_value"].get<double>());
  }
  if (c.contains("contexts")) {
    std::vector<ForestRow> rows;
    for (const auto& r : c["contexts"]["values"])
      rows.push_back({r["context"].get<std::string>(), interval_from_json(r["value"]),
                      !r["verdict"].get<std::string>().empty()});
    body += "<h3>" + escape(context + "s against the field") + "</h3>\n" +
            paragraph(c["contexts"]["method"].get<std::string>()) +
            forest_plot(rows, context + " values", 0.0);
  }
  if (rest_on.is_string()) verdict += paragraph("(" + rest_on.get<std::string>() + ")");
  return section("Verdict", verdict) + section("Causal element values", body);
}

}  // namespace

std::string balance_sections(const json& s) {
  std::string out;
  if (s.contains("causal_values"))
    out += causal_section(s["causal_values"], s.value("verdicts_rest_on", json()));
  const int players = s["players"].get<int>();
  out += paragraph(fmt::format("{} games on {} {}deals, seed {}, {} players. Config: {}.",
                               s["games"].get<uint64_t>(), s["deals"].get<uint64_t>(),
                               s["paired"].get<bool>() ? "paired " : "", s["seed"].get<uint64_t>(),
                               players, config_text(s["config"])));
  if (s.value("one_team", false)) {
    out += team_section(s);
  } else {
    out += wdl_section(s["by_agent"], "Win rates by agent", "agent", 1.0 / players);
    std::string seat = wdl_section(s["by_seat"], "Seat advantage", "seat", 1.0 / players);
    const auto& adv = s["first_seat_advantage"];
    seat.insert(
        seat.size() - std::string("</section>\n").size(),
        paragraph(fmt::format("Seat 0 scores {} against a fair share of {:.3f} (two-sided {}); "
                              "the dashed line is the fair share.",
                              format_interval(adv["seat0_score"]), adv["fair_share"].get<double>(),
                              p_clause(adv["p_value"].get<double>()))));
    out += seat;
  }
  if (s.contains("paired_comparison")) {
    const auto& p = s["paired_comparison"];
    out += section("Paired comparison",
                   paragraph(fmt::format(
                       "{} scores {} against {} over deals played in both seat orders ({}).",
                       s["agents"][0].get<std::string>(), format_interval(p["score"]),
                       s["agents"][1].get<std::string>(), p_clause(p["p_value"].get<double>()))));
  }
  std::vector<std::pair<double, double>> bins;
  for (const auto& b : s["game_length"]["distribution"]["bins"])
    bins.emplace_back(b[0].get<double>(), b[1].get<double>());
  const auto& m = s["game_length"]["moments"];
  out += section(
      "Game length",
      histogram(bins, "game length histogram", "decisions per game") +
          paragraph(fmt::format("Mean {:.1f} decisions (sd {:.1f}); median {}, 5% {}, 95% {}.",
                                m["mean"].get<double>(), m["sd"].get<double>(),
                                str(s["game_length"]["distribution"]["median"]),
                                str(s["game_length"]["distribution"]["p05"]),
                                str(s["game_length"]["distribution"]["p95"]))));
  if (!s["end_reasons"].empty()) {
    std::vector<ForestRow> rows;
    for (const auto& e : s["end_reasons"])
      rows.push_back({e["reason"].get<std::string>(), interval_from_json(e["rate"]), false});
    out += section("How games end",
                   forest_plot(rows, "end reasons", std::nullopt, std::make_pair(0.0, 1.0)));
  }
  if (s.contains("elements")) {
    const auto& el = s["elements"];
    const std::string label = el["label"].get<std::string>();
    std::string body = paragraph(fmt::format(
        "{2}Each {0}'s statistics with 95% intervals, one group of like {0}s at a time, each on "
        "its "
        "own axis; the dashed line is the group's median. Red marks a {0} flagged as different "
        "from the others of its group after Benjamini-Hochberg correction (false discovery rate "
        "{1}).",
        label, s["element_flags"]["false_discovery_rate"].get<double>(),
        s["element_flags"].contains("note")
            ? "Raw rates, descriptive only: " + s["element_flags"]["note"].get<std::string>() + ". "
            : std::string()));
    // Summaries written before elements had groups: one group of everything.
    json groups = el.value("groups", json::array());
    if (groups.empty()) {
      json names = json::array(), members = json::array();
      for (const auto& metric : el["metrics"]) names.push_back(metric["name"]);
      for (const auto& row : el["rows"]) members.push_back(row[label]);
      groups.push_back({{"name", label}, {"metrics", names}, {"elements", members}});
    }
    for (const auto& group : groups) {
      const std::string group_name = group["name"].get<std::string>();
      if (groups.size() > 1) body += "<h3>" + escape(group_name) + "</h3>\n";
      for (const auto& metric : el["metrics"]) {
        const std::string name = metric["name"].get<std::string>();
        if (std::find(group["metrics"].begin(), group["metrics"].end(), name) ==
            group["metrics"].end())
          continue;
        std::vector<ForestRow> rows;
        std::vector<double> estimates;
        for (const auto& row : el["rows"]) {
          // Only this group's elements, and only where the metric applies to them.
          if (!row.contains(name) || std::find(group["elements"].begin(), group["elements"].end(),
                                               row[label]) == group["elements"].end())
            continue;
          const json& v = row[name];
          const Interval i = metric["kind"] == "rate"
                                 ? interval_from_json(v)
                                 : Interval{v["mean"].get<double>(), v["low"].get<double>(),
                                            v["high"].get<double>()};
          bool flagged = false;
          for (const auto& f : s["element_flags"]["flags"])
            flagged |= f["metric"] == name && f[label] == row[label];
          rows.push_back({row[label].get<std::string>(), i, flagged});
          estimates.push_back(i.estimate);
        }
        if (rows.empty()) continue;
        std::sort(estimates.begin(), estimates.end());
        const double median = estimates[estimates.size() / 2];
        body += "<h4>" + escape(group_name + ": " + name) + "</h4>\n" +
                paragraph(metric["help"].get<std::string>()) +
                forest_plot(rows, group_name + " " + name, median);
      }
    }
    Table flags{{"group", label, "metric", "verdict", "value", "median of the others", "q-value"},
                {}};
    for (const auto& f : s["element_flags"]["flags"])
      flags.rows.push_back({escape(f.value("group", label)), escape(f[label].get<std::string>()),
                            escape(f["metric"].get<std::string>()),
                            escape(f["verdict"].get<std::string>()),
                            fmt::format("{:.4g}", f["value"].get<double>()),
                            fmt::format("{:.4g}", f["others"].get<double>()),
                            escape(format_p(f["q_value"].get<double>()))});
    body += "<h3>Flags</h3>\n" +
            (flags.rows.empty() ? paragraph("No " + label + " is flagged.") : flags.html());
    out += section("Per-" + label + " statistics", body);
  }
  if (s.contains("adjusted_values") && s["adjusted_values"].contains("withdrawn")) {
    out += section("Regression-adjusted values",
                   paragraph("Withdrawn: " + s["adjusted_values"]["withdrawn"].get<std::string>()));
  } else if (s.contains("adjusted_values")) {
    const auto& a = s["adjusted_values"];
    std::vector<ForestRow> rows;
    for (const auto& c : a["covariates"])
      rows.push_back({c["name"].get<std::string>() + " (n " + str(c["n"]) + ")",
                      interval_from_json(c["log_odds"]), false});
    out += section("Regression-adjusted values",
                   paragraph(fmt::format("{} ({} games; the first seat's log-odds {}); 95% "
                                         "intervals from the inverse penalised Hessian.",
                                         a["about"].get<std::string>(), str(a["rows"]),
                                         format_interval(a["seat0"]))) +
                       forest_plot(rows, "log-odds", 0.0));
  }
  return out;
}

}  // namespace html

std::string balance_html(const nlohmann::json& s) {
  using namespace html;
  return page("balance of " + str(s["game"]), balance_sections(s), s);
}

}  // namespace nf
