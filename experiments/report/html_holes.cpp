// The HTML report of a holes summary (experiments/run/holes_tally.hpp).
#include <fmt/format.h>

#include <string>

#include <nlohmann/json.hpp>

#include "experiments/report/format.hpp"
#include "experiments/report/html_parts.hpp"
#include "experiments/run/holes_tally.hpp"

namespace nf {
namespace html {
namespace {

std::string kinds_table(const json& rows, bool pair) {
  Table t{{pair ? "player -> search" : "the player's move", "decisions", "same move",
           "regret per game", "per decision", "share", "left out"},
          {}};
  if (pair) t.header.erase(t.header.begin() + 2);
  std::vector<ForestRow> forest;
  for (const json& k : rows) {
    std::vector<std::string> row = {escape(str(k["kind"])), str(k["decisions"])};
    if (!pair) row.push_back(format_interval(k["agreement"]));
    row.push_back(format_interval(k["regret_per_game"]));
    row.push_back(fmt::format("{:+.4f}", k["regret_per_decision"].get<double>()));
    row.push_back(fmt::format("{:.2f}", k["share"].get<double>()));
    row.push_back(str(k["unmeasured"]));
    t.rows.push_back(row);
    if (forest.size() < 20)
      forest.push_back({str(k["kind"]), interval_from_json(k["regret_per_game"]),
                        k["regret_per_game"]["low"].get<double>() > 0});
  }
  return forest_plot(forest, "regret per game", 0.0) + t.html();
}

}  // namespace

std::string holes_sections(const json& s) {
  const std::string sample = s["value"] == "search" ? "visits" : "continuations";
  const std::string value_column = fmt::format("value ({})", sample);
  Table t{
      {"seed", "decision", "seat", "played", value_column, "the search", value_column, "regret"},
      {}};
  for (const json& d : s["worst"])
    t.rows.push_back(
        {str(d["seed"]), fmt::format("#{}", str(d["decision"])), str(d["seat"]),
         escape(str(d["player_move"])),
         fmt::format("{:+.3f} ({})", d["player_value"].get<double>(), str(d["player_visits"])),
         escape(str(d["search_move"])),
         fmt::format("{:+.3f} ({})", d["search_value"].get<double>(), str(d["search_visits"])),
         fmt::format("{:+.3f}", d["regret"].get<double>())});
  return section("Where the player and the search differ",
                 paragraph(fmt::format(
                     "{} plays every seat of {} ({}); {} searches each of its {} decisions with "
                     "a choice and chose the same move in {}. Regret per game {}, in the game's "
                     "return units, {}: a screen for where to look, checked by playing a rule "
                     "written from it.",
                     escape(str(s["player"])), escape(str(s["game"])), config_text(s["config"]),
                     escape(str(s["search"])), str(s["decisions"]),
                     fmt::format("{:.3f}", s["agreement"]["estimate"].get<double>()),
                     format_interval(s["regret_per_game"]),
                     s["value"] == "search"
                         ? "valued by a second search's root values"
                         : fmt::format("each move followed by {} paired continuations of the "
                                       "player's own play",
                                       str(s["continuations"])))) +
                     kinds_table(s["kinds"], false)) +
         section("By the kinds of the two moves", kinds_table(s["pairs"], true)) +
         section(
             "The costliest decisions",
             paragraph(fmt::format("Watch one with <code>{} SEED</code>, at its decision number.",
                                   escape(str(s["replay"])))) +
                 t.html());
}

}  // namespace html

std::string holes_html(const nlohmann::json& s) {
  using namespace html;
  return page(fmt::format("holes of {} in {}", str(s["player"]), str(s["game"])), holes_sections(s),
              s);
}

}  // namespace nf
