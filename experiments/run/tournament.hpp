// `ninefold tournament`: every pair of agents plays on the same paired deals (every seat
// order); the score matrix with intervals, Bradley-Terry ratings on the Elo scale, and a note
// when the results go round in circles.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/html.hpp"
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

template <Game G>
RoundRobin play_round_robin(const G& game, const ParamSet& config,
                            const std::vector<std::string>& agents, const HeadToHeadSetup& setup) {
  RoundRobin rr;
  for (const auto& a : agents) rr.specs.push_back(make_agent(game, a)->spec());
  rr.pairs.resize(agents.size(), std::vector<HeadToHead>(agents.size()));
  for (size_t i = 0; i < agents.size(); ++i)
    for (size_t j = i + 1; j < agents.size(); ++j) {
      if (!setup.quiet && stderr_is_terminal())
        std::fprintf(stderr, "\r\033[K%s vs %s...", rr.specs[i].c_str(), rr.specs[j].c_str());
      rr.pairs[i][j] = play_head_to_head(game, config, agents[i], agents[j], setup);
      rr.seconds += rr.pairs[i][j].seconds;
    }
  if (!setup.quiet && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
  return rr;
}

// Score, ratings and cycles of a round robin, as JSON (the tournament's summary.json).
nlohmann::json round_robin_json(const RoundRobin& rr);
void print_round_robin(const nlohmann::json& summary, std::FILE* out);
// matrix.csv and ratings.csv.
void write_round_robin_tables(const nlohmann::json& summary, const std::string& out_dir);

template <Game G>
int tournament_command(const TournamentOptions& options) {
  if (options.agents.size() < 2)
    throw Error("tournament: give at least two agents (--agents A,B,...)");
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  require_two_seats(game, "tournament");
  const HeadToHeadSetup setup{options.games, options.seed, options.threads, options.quiet};
  const RoundRobin rr = play_round_robin(game, config, options.agents, setup);
  nlohmann::json summary = round_robin_json(rr);
  describe_run(summary, G::kId, config, options.seed);
  summary["games_per_pair"] = rr.pairs[0][1].a_results.games();
  summary["seconds"] = rr.seconds;
  print_round_robin(summary, stdout);
  publish_summary(summary, options.out_dir, "tournament.json", options.report_path,
                  [&](const std::filesystem::path& folder) {
                    write_round_robin_tables(summary, folder.string());
                  });
  return 0;
}

}  // namespace nf
