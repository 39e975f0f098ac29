#include "experiments/report/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/stats.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/causal_values.hpp"

namespace nf {
namespace {

using json = nlohmann::json;

// ---- text ----------------------------------------------------------------------------------

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string str(const json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // cells already escaped
  std::string html() const {
    std::string out = "<table><thead><tr>";
    for (const auto& h : header) out += "<th>" + escape(h) + "</th>";
    out += "</tr></thead><tbody>";
    for (const auto& row : rows) {
      out += "<tr>";
      for (const auto& cell : row) out += "<td>" + cell + "</td>";
      out += "</tr>";
    }
    return out + "</tbody></table>\n";
  }
};

// ---- plots (inline SVG) --------------------------------------------------------------------

constexpr int kPlotWidth = 760;

struct Scale {
  double lo, hi, x0, x1;
  double operator()(double v) const { return x0 + (v - lo) / (hi - lo) * (x1 - x0); }
};

// Round numbers for an axis between lo and hi.
std::vector<double> ticks(double lo, double hi, int target = 5) {
  const double raw = (hi - lo) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * magnitude >= raw) {
      step = m * magnitude;
      break;
    }
  std::vector<double> out;
  for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step)
    out.push_back(std::abs(t) < 1e-12 ? 0 : t);
  return out;
}

std::string svg_open(int height, const std::string& label) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} "
      "{1}\" "
      "role=\"img\" aria-label=\"{2}\">",
      kPlotWidth, height, escape(label));
}

std::string axis_x(const Scale& x, double y, double y_top) {
  std::string out =
      fmt::format("<line class=\"axis\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>",
                  x.x0, y, x.x1, y);
  for (double t : ticks(x.lo, x.hi)) {
    out += fmt::format(
        "<line class=\"grid\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>", x(t),
        y_top, y);
    out += fmt::format(
        "<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>", x(t),
        y + 14, fmt::format("{:g}", t));
  }
  return out;
}

struct ForestRow {
  std::string label;
  Interval interval;
  bool highlight = false;
};

// Intervals as horizontal bars with a point estimate; `reference` draws a dashed line.
std::string forest_plot(const std::vector<ForestRow>& rows, const std::string& title,
                        std::optional<double> reference,
                        std::optional<std::pair<double, double>> domain = {}) {
  if (rows.empty()) return "";
  double lo = 1e300, hi = -1e300;
  for (const auto& r : rows) lo = std::min(lo, r.interval.low), hi = std::max(hi, r.interval.high);
  if (reference) lo = std::min(lo, *reference), hi = std::max(hi, *reference);
  if (domain) lo = domain->first, hi = domain->second;
  if (!(hi > lo)) lo -= 0.5, hi += 0.5;
  const double pad = (hi - lo) * 0.05;
  const Scale x{lo - pad, hi + pad, 250, double(kPlotWidth - 20)};
  const int row_height = 22, top = 10;
  const int height = top + int(rows.size()) * row_height + 30;
  std::string out = svg_open(height, title);
  const double axis_y = top + double(rows.size()) * row_height + 4;
  out += axis_x(x, axis_y, top);
  if (reference)
    out += fmt::format(
        "<line class=\"reference\" x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>",
        x(*reference), top, axis_y);
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    const double y = top + double(i) * row_height + row_height / 2.0;
    out += fmt::format("<text class=\"label\" x=\"240\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>",
                       y + 4, escape(r.label.size() > 40 ? r.label.substr(0, 39) + "…" : r.label));
    const char* cls = r.highlight ? "bar flagged" : "bar";
    out += fmt::format(
        "<line class=\"{}\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>", cls,
        x(std::max(r.interval.low, x.lo)), y, x(std::min(r.interval.high, x.hi)), y);
    out += fmt::format(
        "<circle class=\"{}\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\"><title>{}: {:.4g} [{:.4g}, "
        "{:.4g}]</title></circle>",
        r.highlight ? "point flagged" : "point", x(r.interval.estimate), y, escape(r.label),
        r.interval.estimate, r.interval.low, r.interval.high);
  }
  return out + "</svg>\n";
}

// Vertical bars of counts by integer value (a histogram).
std::string histogram(const std::vector<std::pair<double, double>>& bins, const std::string& title,
                      const std::string& x_label) {
  if (bins.empty()) return "";
  double lo = bins.front().first, hi = bins.front().first, top_count = 0;
  for (const auto& [v, c] : bins)
    lo = std::min(lo, v), hi = std::max(hi, v), top_count = std::max(top_count, c);
  const Scale x{lo - 0.5, hi + 0.5, 60, double(kPlotWidth - 20)};
  const int height = 240;
  const double base = height - 40, plot_top = 10;
  std::string out = svg_open(height, title);
  out += axis_x(x, base, plot_top);
  const double width = std::max(1.0, x(lo + 1) - x(lo) - 1);
  for (const auto& [v, c] : bins) {
    const double h = (base - plot_top) * c / top_count;
    out += fmt::format(
        "<rect class=\"hist\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" "
        "height=\"{:.1f}\"><title>{:g}: {:g}</title></rect>",
        x(v) - width / 2, base - h, width, h, v, c);
  }
  out += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                     kPlotWidth / 2, height - 6, escape(x_label));
  return out + "</svg>\n";
}

struct LinePoint {
  double x, y, low, high;
};

// A line through points with optional error bars and horizontal reference lines.
std::string line_plot(const std::vector<LinePoint>& points, const std::string& title,
                      const std::string& x_label, const std::string& y_label,
                      const std::vector<std::pair<double, std::string>>& levels = {},
                      const std::vector<std::string>& x_names = {}) {
  if (points.empty()) return "";
  double x_lo = points.front().x, x_hi = x_lo, y_lo = points.front().low,
         y_hi = points.front().high;
  for (const auto& p : points)
    x_lo = std::min(x_lo, p.x), x_hi = std::max(x_hi, p.x), y_lo = std::min(y_lo, p.low),
    y_hi = std::max(y_hi, p.high);
  for (const auto& [v, name] : levels) y_lo = std::min(y_lo, v), y_hi = std::max(y_hi, v);
  if (!(x_hi > x_lo)) x_lo -= 1, x_hi += 1;
  if (!(y_hi > y_lo)) y_lo -= 1, y_hi += 1;
  const double pad = (y_hi - y_lo) * 0.08;
  const int height = 280;
  const double plot_top = 10, base = height - 44;
  const Scale x{x_lo, x_hi, 70, double(kPlotWidth - 30)};
  const Scale y{y_lo - pad, y_hi + pad, base, plot_top};
  std::string out = svg_open(height, title);
  if (x_names.empty()) {
    out += axis_x(x, base, plot_top);
  } else {
    out += fmt::format(
        "<line class=\"axis\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>", x.x0,
        base, x.x1, base);
    for (size_t i = 0; i < x_names.size() && i < points.size(); ++i)
      out += fmt::format(
          "<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>",
          x(points[i].x), base + 14, escape(x_names[i]));
  }
  for (double t : ticks(y.lo, y.hi)) {
    out += fmt::format(
        "<line class=\"grid\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>", x.x0,
        y(t), x.x1, y(t));
    out += fmt::format(
        "<text class=\"tick\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{:g}</text>", x.x0 - 4,
        y(t) + 4, t);
  }
  for (const auto& [v, name] : levels)
    out += fmt::format(
        "<line class=\"reference\" x1=\"{0:.1f}\" y1=\"{2:.1f}\" x2=\"{1:.1f}\" y2=\"{2:.1f}\"/>"
        "<text class=\"tick\" x=\"{1:.1f}\" y=\"{3:.1f}\" text-anchor=\"end\">{4}</text>",
        x.x0, x.x1, y(v), y(v) - 3, escape(name));
  std::string path;
  for (const auto& p : points) {
    path += fmt::format("{}{:.1f},{:.1f}", path.empty() ? "M" : " L", x(p.x), y(p.y));
    if (p.high > p.low)
      out += fmt::format(
          "<line class=\"bar\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\"/>",
          x(p.x), y(p.low), y(p.high));
  }
  out += fmt::format("<path class=\"line\" d=\"{}\"/>", path);
  if (points.size() <= 60)
    for (const auto& p : points)
      out += fmt::format(
          "<circle class=\"point\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\"><title>{:g}: "
          "{:.4g}</title></circle>",
          x(p.x), y(p.y), p.x, p.y);
  out += fmt::format("<text class=\"tick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                     kPlotWidth / 2, height - 8, escape(x_label));
  out += fmt::format(
      "<text class=\"tick\" x=\"14\" y=\"{:.1f}\" transform=\"rotate(-90 14 {:.1f})\" "
      "text-anchor=\"middle\">{}</text>",
      (plot_top + base) / 2, (plot_top + base) / 2, escape(y_label));
  return out + "</svg>\n";
}

// Score matrix: each cell coloured from red (0) through white (1/2) to blue (1).
std::string heatmap(const json& matrix, const std::vector<std::string>& names) {
  const size_t n = names.size();
  const int cell = std::min(90, (kPlotWidth - 200) / std::max<int>(1, int(n)));
  const int left = 190, top = 30;
  const int height = top + int(n) * cell + 10;
  std::string out = svg_open(height, "score matrix");
  for (size_t j = 0; j < n; ++j)
    out += fmt::format("<text class=\"tick\" x=\"{}\" y=\"20\" text-anchor=\"middle\">[{}]</text>",
                       left + int(j) * cell + cell / 2, j);
  for (size_t i = 0; i < n; ++i) {
    const std::string name = names[i].size() > 26 ? names[i].substr(0, 25) + "…" : names[i];
    out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">[{}] {}</text>",
                       left - 6, top + int(i) * cell + cell / 2 + 4, i, escape(name));
    for (size_t j = 0; j < n; ++j) {
      const json& c = matrix[i][j];
      const int x = left + int(j) * cell, y = top + int(i) * cell;
      if (c.is_null()) {
        out +=
            fmt::format("<rect class=\"diagonal\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                        x, y, cell - 2, cell - 2);
        continue;
      }
      const double s = c["score"]["estimate"].get<double>();
      const int r = s < 0.5 ? 255 : int(255 - (s - 0.5) * 2 * 200),
                b = s > 0.5 ? 255 : int(255 - (0.5 - s) * 2 * 200);
      const int g = int(255 - std::abs(s - 0.5) * 2 * 170);
      out += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
          "fill=\"rgb({},{},{})\"><title>{}</title></rect>",
          x, y, cell - 2, cell - 2, r, g, b, escape(format_interval(c["score"])));
      out +=
          fmt::format("<text class=\"cell\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.2f}</text>",
                      x + cell / 2 - 1, y + cell / 2 + 4, s);
    }
  }
  return out + "</svg>\n";
}

// ---- sections ------------------------------------------------------------------------------

std::string section(const std::string& title, const std::string& body) {
  return "<section><h2>" + escape(title) + "</h2>\n" + body + "</section>\n";
}
std::string paragraph(const std::string& text) { return "<p>" + escape(text) + "</p>\n"; }

std::string config_text(const json& config) {
  std::vector<std::string> parts;
  for (auto it = config.begin(); it != config.end(); ++it)
    parts.push_back(it.key() + "=" + str(it.value()));
  return fmt::format("{}", fmt::join(parts, " "));
}

std::string wdl_section(const json& rows, const std::string& title, const std::string& key,
                        double fair) {
  Table t{{key, "games", "win rate (95% CI)", "draw rate", "score"}, {}};
  std::vector<ForestRow> bars;
  for (const auto& r : rows) {
    const std::string name =
        r.contains("spec") ? fmt::format("{} {}", r[key].get<int>(), r["spec"].get<std::string>())
                           : fmt::format("{} {}", key, r[key].get<int>());
    t.rows.push_back({escape(name), fmt::format("{}", r["games"].get<uint64_t>()),
                      format_interval(r["win_rate"]), format_interval(r["draw_rate"]),
                      format_interval(r["score"])});
    bars.push_back({name, interval_from_json(r["win_rate"]), false});
  }
  return section(title, forest_plot(bars, title, fair) + t.html());
}

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
      add(fmt::format("{} in seat {}", s["agents"][r["agent"].get<size_t>()].get<std::string>(),
                      r["seat"].get<int>()),
          r);
  return section("Team results", forest_plot(bars, "team win rate", 0.5) + t.html() +
                                     paragraph(team["note"].get<std::string>()));
}

// The causal element values (experiments/run/causal_values.hpp): the verdict in words, then a
// forest plot of each group's values per context, the dashed line at the group's median.
std::string causal_section(const json& c) {
  std::string verdict;
  const std::string context = c["context_label"].get<std::string>();
  if (c["verdict"].empty()) {
    verdict = paragraph(fmt::format(
        "No element's causal value is significantly off its group (this run detects differences "
        "of about {:.3f} at 80% power).",
        causal_table_mde(c)));
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
  return section("Verdict", verdict) + section("Causal element values", body);
}

std::string balance_sections(const json& s) {
  std::string out;
  if (s.contains("causal_values")) out += causal_section(s["causal_values"]);
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
                              escape(p_clause(adv["p_value"].get<double>())))));
    out += seat;
  }
  if (s.contains("paired_comparison")) {
    const auto& p = s["paired_comparison"];
    out += section(
        "Paired comparison",
        paragraph(fmt::format("{} scores {} against {} over deals played in both seat orders ({}).",
                              s["agents"][0].get<std::string>(), format_interval(p["score"]),
                              s["agents"][1].get<std::string>(),
                              escape(p_clause(p["p_value"].get<double>())))));
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
                        escape(format_p(d["q_value"].get<double>())) + (significant ? " *" : "")});
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

// The metagame of a round robin: Nash mixture, field scores and the dominance verdict.
std::string metagame_section(const json& m) {
  Table t{{"entrant", "Nash probability", "score against a uniform field"}, {}};
  for (size_t i = 0; i < m["nash"].size(); ++i)
    t.rows.push_back({escape(str(m["nash"][i]["agent"])),
                      fmt::format("{:.3f}", m["nash"][i]["probability"].get<double>()),
                      fmt::format("{:.3f}", m["uniform_field"][i]["score"].get<double>())});
  std::vector<std::string> best;
  for (const auto& b : m["best_response_to_uniform"]) best.push_back(b.get<std::string>());
  return section("Metagame",
                 paragraph(escape(m["verdict"].get<std::string>()) + ".") +
                     paragraph(fmt::format(
                         "{}. Exploitability of the mixture {:.1e}. Best response to a "
                         "uniform field: {}.",
                         escape(m["model"].get<std::string>()), m["exploitability"].get<double>(),
                         escape(fmt::format("{}", fmt::join(best, ", "))))) +
                     t.html());
}

std::string tournament_sections(const json& s) {
  const auto names = s["agents"].get<std::vector<std::string>>();
  std::vector<ForestRow> ratings;
  for (const auto& r : s["ratings"]["agents"])
    ratings.push_back({r["agent"].get<std::string>(), interval_from_json(r["elo"]), false});
  Table t{{"row", "column", "games", "wins", "draws", "losses", "score (95% CI)", "win rate"}, {}};
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = 0; j < names.size(); ++j) {
      const auto& c = s["matrix"][i][j];
      if (c.is_null()) continue;
      t.rows.push_back({escape(names[i]), escape(names[j]), str(c["games"]), str(c["wins"]),
                        str(c["draws"]), str(c["losses"]), format_interval(c["score"]),
                        format_interval(c["win_rate"])});
    }
  std::string cycles;
  for (const auto& c : s["cycles"])
    cycles += paragraph(
        fmt::format("Cycle: {} beats {} beats {} beats {}{}.", str(c["agents"][0]),
                    str(c["agents"][1]), str(c["agents"][2]), str(c["agents"][0]),
                    c["significant"].get<bool>() ? " (every score's interval above 1/2)" : ""));
  return section("Tournament matrix",
                 paragraph(fmt::format(
                     "{} games per pair on the same paired deals, seed {}. Each cell is the row "
                     "agent's score against the column agent (blue: row stronger).",
                     s["games_per_pair"].get<uint64_t>(), s["seed"].get<uint64_t>())) +
                     heatmap(s["matrix"], names) + t.html()) +
         section("Ratings", paragraph(s["ratings"]["model"].get<std::string>()) +
                                forest_plot(ratings, "Elo ratings", 0.0)) +
         section("Transitivity", paragraph(s["note"].get<std::string>()) + cycles) +
         metagame_section(s["metagame"]);
}

std::string match_sections(const json& s) {
  std::string out = paragraph(fmt::format(
      "{} scores {} against {} over {} games ({} seat-swapped pairs): Elo {}, {}.",
      str(s["agents"][0]), format_interval(s["score"]), str(s["agents"][1]), str(s["games"]),
      str(s["pairs"]), format_interval(s["elo"], 1), escape(p_clause(s["p_value"].get<double>()))));
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

std::string exploitability_sections(const json& s) {
  Table t{{"seat", "policy value", "best-response value", "gain"}, {}};
  for (size_t seat = 0; seat < s["best_response"].size(); ++seat) {
    const double policy = s["policy_value"][seat].get<double>();
    const double best = s["best_response"][seat].get<double>();
    t.rows.push_back({std::to_string(seat), fmt::format("{:+.6f}", policy),
                      fmt::format("{:+.6f}", best), fmt::format("{:.6f}", best - policy)});
  }
  return section(
      "Exploitability",
      paragraph(fmt::format("{} ({} policy, seed {}) on the whole tree: {} nodes, {} information "
                            "sets. NashConv {:.6f}, exploitability {:.6f} (NashConv / players).",
                            str(s["agent"]), str(s["policy"]), str(s["seed"]), str(s["nodes"]),
                            str(s["infosets"]), s["nash_conv"].get<double>(),
                            s["exploitability"].get<double>())) +
          t.html());
}

const char* kStyle =
    R"(body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1000px;color:#222;background:#fff;padding:0 1em}
h1{font-size:1.6em;border-bottom:3px solid #2b6cb0;padding-bottom:.3em}h2{font-size:1.25em;margin-top:1.8em;color:#2b6cb0}h3{font-size:1em;margin-bottom:.2em}
table{border-collapse:collapse;margin:.8em 0;font-size:.85em}th,td{border:1px solid #ccd;padding:.25em .6em;text-align:left}th{background:#edf2f7}
tbody tr:nth-child(even){background:#f7fafc}svg{display:block;margin:.5em 0;max-width:100%;height:auto}
.axis{stroke:#555;stroke-width:1}.grid{stroke:#e2e8f0;stroke-width:1}.tick{font-size:11px;fill:#444}.label{font-size:12px;fill:#222}
.reference{stroke:#999;stroke-width:1.5;stroke-dasharray:5 4}.bar{stroke:#2b6cb0;stroke-width:3}.point{fill:#1a365d}
.bar.flagged{stroke:#c53030}.point.flagged{fill:#c53030}.hist{fill:#4299e1}.line{fill:none;stroke:#2b6cb0;stroke-width:2}
.diagonal{fill:#e2e8f0}.cell{font-size:12px;fill:#111}footer{margin-top:3em;font-size:.8em;color:#666})";

}  // namespace

std::string html_report(const json& s) {
  const std::string command = s.value("command", "");
  std::string title, body;
  if (command == "balance") {
    title = "balance of " + str(s["game"]);
    body = balance_sections(s);
  } else if (command == "variant") {
    title = "rule variants of " + str(s["game"]);
    body = variant_sections(s);
  } else if (command == "robust") {
    title = "verdicts of " + str(s["game"]) + " across player levels";
    body = robust_sections(s);
  } else if (command == "sweep") {
    title = fmt::format("sweep of {} over {}", str(s["game"]), str(s["key"]));
    body = sweep_sections(s);
  } else if (command == "ladder") {
    title = "skill ladder in " + str(s["game"]);
    body = ladder_sections(s);
  } else if (command == "tournament") {
    title = "tournament in " + str(s["game"]);
    body = tournament_sections(s);
  } else if (command == "match") {
    title = "match in " + str(s["game"]);
    body = match_sections(s);
  } else if (command == "fit") {
    title = "fit of " + str(s["game"]);
    body = fit_sections(s);
  } else if (command == "exploitability") {
    title = "exploitability in " + str(s["game"]);
    body = exploitability_sections(s);
  } else if (command == "tune") {
    title = "tuning in " + str(s["game"]);
    body = tune_sections(s);
  } else {
    throw Error(fmt::format("no HTML report for a '{}' summary", command));
  }
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta "
      "name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\"/>\n<title>ninefold: "
      "{0}</title>\n<style>\n{1}\n</style>\n</head>\n"
      "<body>\n<h1>ninefold: {0}</h1>\n{2}<footer>{3}. Every interval is 95%. This page is "
      "self-contained: no scripts, no "
      "network.</footer>\n</body>\n</html>\n",
      escape(title), kStyle, body, escape(str(s.value("engine", json("ninefold")))));
}

void write_html_report(const std::string& path, const json& summary) {
  write_file_atomically(path, html_report(summary));
}

void publish_summary(const json& summary, const std::string& out_dir, const std::string& file_name,
                     const std::string& report_path,
                     const std::function<void(const std::filesystem::path&)>& more_files) {
  publish_outputs(
      out_dir,
      [&](const std::filesystem::path& staging) {
        if (more_files) more_files(staging);
        write_file_atomically(staging / file_name, summary.dump(2) + "\n");
      },
      report_path, [&] { return html_report(summary); });
  if (!out_dir.empty()) fmt::print("\nwrote {}/{}\n", out_dir, file_name);
  if (!report_path.empty()) fmt::print("wrote {}\n", report_path);
}

}  // namespace nf
