// `ninefold tournament`: every pair of agents plays on the same paired deals (every seat
// order); the score matrix with intervals, Bradley-Terry ratings on the Elo scale, and a note
// when the results go round in circles.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/head_to_head.hpp"
#include "stats/ratings.hpp"

namespace nf {

struct TournamentOptions {
  std::vector<std::string> agents;
  std::map<std::string, std::string> config;
  uint64_t games = 2000;  // per pair of agents
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  std::string out_dir, report_path;
};

// The results of a round robin between `specs` (every pair on the same deals).
struct RoundRobin {
  std::vector<std::string> specs;
  std::vector<std::vector<HeadToHead>> pairs;  // [i][j] for i < j
  double seconds = 0;
  const HeadToHead& between(size_t i, size_t j) const {
    return pairs[std::min(i, j)][std::max(i, j)];
  }
};

// Every pair of `agents` on the same deals.
RoundRobin play_round_robin(const LoadedGame& game, const std::vector<std::string>& agents,
                            const HeadToHeadSetup& setup);

// Score, ratings and cycles of a round robin, as JSON (the tournament's summary.json).
nlohmann::json round_robin_json(const RoundRobin& rr);
void print_round_robin(const nlohmann::json& summary, std::FILE* out);
// matrix.csv and ratings.csv.
void write_round_robin_tables(const nlohmann::json& summary, const std::string& out_dir);

// What `ninefold tournament` writes as tournament.json: the round robin played on `game`
// (loaded from options.config) and described.
nlohmann::json tournament_summary(const LoadedGame& game, const TournamentOptions& options);

int run_tournament(const GameInfo& game, const TournamentOptions& options);

// The HTML report of a tournament summary (experiments/report/html_tournament.cpp).
std::string tournament_html(const nlohmann::json& summary);

}  // namespace nf
