// The pieces every HTML report is drawn with: escaping, tables, inline SVG plots (forest plots,
// histograms, line plots, heatmaps), sections and the page around them. Each result type draws
// its own page from these (experiments/report/html_<result>.cpp).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/stats.hpp"

namespace nf::html {

using json = nlohmann::json;

std::string escape(const std::string& text);
// A JSON value as text: a string as itself, anything else as JSON.
std::string str(const json& j);

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

struct ForestRow {
  std::string label;
  Interval interval;
  bool highlight = false;
};

// Intervals as horizontal bars with a point estimate; `reference` draws a dashed line.
std::string forest_plot(const std::vector<ForestRow>& rows, const std::string& title,
                        std::optional<double> reference,
                        std::optional<std::pair<double, double>> domain = {});
// Vertical bars of counts by integer value (a histogram).
std::string histogram(const std::vector<std::pair<double, double>>& bins, const std::string& title,
                      const std::string& x_label);

struct LinePoint {
  double x, y, low, high;
};

// A line through points with optional error bars and horizontal reference lines.
std::string line_plot(const std::vector<LinePoint>& points, const std::string& title,
                      const std::string& x_label, const std::string& y_label,
                      const std::vector<std::pair<double, std::string>>& levels = {},
                      const std::vector<std::string>& x_names = {});
// Score matrix: each cell coloured from red (0) through white (1/2) to blue (1).
std::string heatmap(const json& matrix, const std::vector<std::string>& names);

std::string section(const std::string& title, const std::string& body);
std::string paragraph(const std::string& text);
// "key=value, ..." of a config object.
std::string config_text(const json& config);
// A table of win/draw/loss rows keyed by `key`, scores compared with `fair`.
std::string wdl_section(const json& rows, const std::string& title, const std::string& key,
                        double fair);

// A balance summary's sections; the robust, sweep and variant pages embed them.
std::string balance_sections(const json& summary);
// A match summary's sections; the tune page embeds its confirmation match.
std::string match_sections(const json& summary);

// The whole page: title, the sections, and a footer naming the program that wrote `summary`.
std::string page(const std::string& title, const std::string& body, const json& summary);

}  // namespace nf::html
