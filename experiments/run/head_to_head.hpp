// Two agents on paired deals: the building block of tournament, match, ladder and tune. Every
// deal is played twice with the seats swapped; the result keeps the first agent's
// win/draw/loss, the pentanomial pair counts and the whole balance accumulator.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/loaded_game.hpp"
#include "experiments/report/balance_report.hpp"
#include "stats/sprt.hpp"

namespace nf {

struct HeadToHead {
  std::string a, b;  // canonical specs
  WinDrawLoss a_results;
  Pentanomial pairs{};
  BalanceAccumulator totals;
  double seconds = 0;

  Interval score() const { return pentanomial_score(pairs); }
  Interval elo() const { return pentanomial_elo(pairs); }
};

struct HeadToHeadSetup {
  uint64_t games = 0;  // rounded up to whole pairs
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = true;
};

BalanceOptions head_to_head_options(const std::string& a, const std::string& b,
                                    const HeadToHeadSetup& setup);
HeadToHead head_to_head_result(const BalanceReport& report);
// Plays `a` against `b` on setup.games games (whole pairs) in parallel.
HeadToHead play_head_to_head(const LoadedGame& game, const std::string& a, const std::string& b,
                             const HeadToHeadSetup& setup);

// The fields every head-to-head summary starts with.
inline void describe_run(nlohmann::json& summary, const LoadedGame& game, uint64_t seed) {
  summary["game"] = std::string(game.id());
  summary["config"] = game.config().to_json();
  summary["seed"] = seed;
}

// "+12.3 [-4.0, +28.7]"
inline std::string format_elo(const Interval& elo) {
  return fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", elo.estimate, elo.low, elo.high);
}

}  // namespace nf
