// Matches for `ninefold balance --tournament`: a game that defines match points
// (`game.match_points(final_state, seat)`) can be played as matches. A match is one deal
// played once in every rotation of the lineup over the seats (so every agent plays every
// seat once); each agent's match points are summed over those games; the highest sum wins
// the match and agents tied for it draw.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/stats.hpp"

namespace nf {

struct MatchTally {
  std::vector<WinDrawLoss> by_agent;
  std::vector<IntMoments> points_by_agent;  // match points per match

  MatchTally() = default;
  explicit MatchTally(size_t lineup) : by_agent(lineup), points_by_agent(lineup) {}
  // One match: the summed match points of each agent of the lineup.
  void add(std::span<const int64_t> points);
  void merge(const MatchTally& o);
  uint64_t matches() const { return by_agent.empty() ? 0 : by_agent[0].games(); }
  nlohmann::json to_json(const std::vector<std::string>& agents, int games_per_match) const;
  void print(std::FILE* out, const std::vector<std::string>& agents, int games_per_match) const;
};

}  // namespace nf
