#include "experiments/run/match_points.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "experiments/report/format.hpp"

namespace nf {

void MatchTally::add(std::span<const int64_t> points) {
  const int64_t best = *std::max_element(points.begin(), points.end());
  const auto at_best = std::count(points.begin(), points.end(), best);
  for (size_t a = 0; a < points.size(); ++a) {
    points_by_agent[a].add(points[a]);
    WinDrawLoss& wdl = by_agent[a];
    if (points[a] != best)
      ++wdl.losses;
    else if (at_best == 1)
      ++wdl.wins;
    else
      ++wdl.draws;
  }
}

void MatchTally::merge(const MatchTally& o) {
  for (size_t a = 0; a < by_agent.size() && a < o.by_agent.size(); ++a) {
    by_agent[a].merge(o.by_agent[a]);
    points_by_agent[a].merge(o.points_by_agent[a]);
  }
}

nlohmann::json MatchTally::to_json(const std::vector<std::string>& agents,
                                   int games_per_match) const {
  nlohmann::json rows = nlohmann::json::array();
  for (size_t a = 0; a < by_agent.size(); ++a) {
    nlohmann::json row = by_agent[a].to_json();
    row["agent"] = a;
    row["spec"] = agents[a];
    row["match_points"] = points_by_agent[a].to_json();
    rows.push_back(row);
  }
  return {{"matches", matches()},
          {"games_per_match", games_per_match},
          {"rule",
           "each deal is played once in every seat rotation; an agent's match points are summed "
           "over those games; the highest sum wins the match, a shared highest sum is a draw"},
          {"by_agent", rows}};
}

void MatchTally::print(std::FILE* out, const std::vector<std::string>& agents,
                       int games_per_match) const {
  fmt::print(out,
             "\ntournament: {} matches of {} games (every agent in every seat, points summed)\n",
             matches(), games_per_match);
  fmt::print(out, "{:<34} {:<22} {:<22} {:<22} {}\n", "agent", "match win", "match draw",
             "match score", "points per match");
  for (size_t a = 0; a < by_agent.size(); ++a) {
    const WinDrawLoss& w = by_agent[a];
    fmt::print(out, "{:<34} {:<22} {:<22} {:<22} {:.2f} (sd {:.2f})\n",
               fmt::format("{} {}", a, agents[a]), format_interval(w.win_rate()),
               format_interval(w.draw_rate()), format_interval(w.score()),
               points_by_agent[a].mean(), points_by_agent[a].sd());
  }
}

}  // namespace nf
