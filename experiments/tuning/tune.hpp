// `ninefold tune`: tunes an agent's parameters against a fixed opponent. Candidates of a round
// are played in parallel (oneTBB) on the same deals (common random numbers: the round's deals
// and agent seeds are shared), NTBEA searches grids, CMA-ES or SPSA continuous ranges. The
// best parameters are written as an agent spec and confirmed by a fresh SPRT match against
// the starting parameters, on deals the tuning never saw.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/match.hpp"
#include "experiments/tuning/tuners.hpp"

namespace nf {

struct TuneOptions {
  std::string agent;  // spec with ranges: "heuristic(king=[0,6],aggression=[0,1])"
  std::string against = "heuristic";
  std::map<std::string, std::string> config;
  uint64_t budget = 40000;  // games for the search (not counting the confirmation)
  uint64_t games_per_candidate = 400;
  std::string method = "auto";  // auto, ntbea, cmaes, spsa
  int grid = 9;                 // NTBEA: values per continuous range
  int population = 0;           // points per round; 0: the method's default
  SprtParams confirm{0, 10, 0.05, 0.05};
  uint64_t confirm_games = 40000;  // the most games of the confirmation match
  bool confirm_match = true;
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  std::string out_dir, report_path;
};

nlohmann::json tune_json(const TuneOptions& options, const TuneSpace& space,
                         const TuneResult& result, const std::string& best_spec,
                         const std::optional<MatchResult>& confirmation);
void print_tune(const nlohmann::json& summary, std::FILE* out);
// Resolves "auto" and checks that the method fits the space (NTBEA discretises ranges).
std::string tune_method(const std::string& requested, TuneSpace& space, int grid);

int run_tune(const GameInfo& game, const TuneOptions& options);

// The HTML report of a tune summary (experiments/report/html_tune.cpp).
std::string tune_html(const nlohmann::json& summary);

}  // namespace nf
