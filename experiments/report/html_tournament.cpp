// The HTML report of a tournament summary (experiments/run/tournament.hpp).
#include "experiments/run/tournament.hpp"

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
                 paragraph(m["verdict"].get<std::string>() + ".") +
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

}  // namespace
}  // namespace html

std::string tournament_html(const nlohmann::json& s) {
  using namespace html;
  return page("tournament in " + str(s["game"]), tournament_sections(s), s);
}

}  // namespace nf
