// The pieces every HTML report is drawn with (experiments/report/html_parts.hpp).
#include "experiments/report/html_parts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <optional>

#include "core/stats.hpp"
#include "experiments/report/format.hpp"

namespace nf::html {

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

// ---- plots (inline SVG) --------------------------------------------------------------------

namespace {

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

// A forest plot's label: at most 40 characters, a longer one cut to 39 and an ellipsis
// (formatted, since GCC 12 takes an inlined `substr(...) + "…"` here for an overflow).
std::string shortened_label(std::string_view label) {
  return label.size() <= 40 ? std::string(label) : fmt::format("{}…", label.substr(0, 39));
}

}  // namespace

// Intervals as horizontal bars with a point estimate; `reference` draws a dashed line.
std::string forest_plot(const std::vector<ForestRow>& rows, const std::string& title,
                        std::optional<double> reference,
                        std::optional<std::pair<double, double>> domain) {
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
                       y + 4, escape(shortened_label(r.label)));
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

// A line through points with optional error bars and horizontal reference lines.
std::string line_plot(const std::vector<LinePoint>& points, const std::string& title,
                      const std::string& x_label, const std::string& y_label,
                      const std::vector<std::pair<double, std::string>>& levels,
                      const std::vector<std::string>& x_names) {
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

namespace {

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

std::string page(const std::string& title, const std::string& body, const json& summary) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<meta "
      "name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\"/>\n<title>ninefold: "
      "{0}</title>\n<style>\n{1}\n</style>\n</head>\n"
      "<body>\n<h1>ninefold: {0}</h1>\n{2}<footer>{3}. Every interval is 95%. This page is "
      "self-contained: no scripts, no "
      "network.</footer>\n</body>\n</html>\n",
      escape(title), kStyle, body,
      escape(summary.contains("provenance")
                 ? fmt::format("{} (revision {})", str(summary["provenance"]["version"]),
                               str(summary["provenance"]["revision"]))
                 : std::string("ninefold")));
}

}  // namespace nf::html
