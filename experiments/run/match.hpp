// `ninefold match`: two agents on paired deals. With --sprt it plays until the sequential
// probability ratio test decides (fishtest's pentanomial GSPRT), printing the running
// log-likelihood ratio; without, it plays --games games and tests "equal strength".
//
// Deals are played in fixed chunks and the test is evaluated after each chunk in chunk order,
// so where a match stops does not depend on the thread count.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/head_to_head.hpp"

namespace nf {

struct MatchOptions {
  std::vector<std::string> agents;
  std::map<std::string, std::string> config;
  std::optional<SprtParams> sprt;
  uint64_t games = 0;  // fixed mode: the games; SPRT: the most games before giving up
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  uint64_t print_every = 2000;  // games between two lines of the running LLR
  std::string out_dir, report_path;
};

inline constexpr uint64_t kDefaultMatchGames = 20000, kDefaultSprtMaxGames = 1000000;

struct MatchResult {
  HeadToHead result;
  std::optional<SprtParams> sprt;
  double llr = 0;
  SprtDecision decision = SprtDecision::Continue;
  std::vector<std::pair<uint64_t, double>> trace;  // (games, LLR) after every chunk
};

// Plays until the SPRT decides or `max_games` have been played (all of them without an
// SPRT); `on_line` receives each running line.
MatchResult play_match(const LoadedGame& game, const std::string& a, const std::string& b,
                       const std::optional<SprtParams>& sprt, const HeadToHeadSetup& setup,
                       uint64_t print_every,
                       const std::function<void(const std::string&)>& on_line = {});

nlohmann::json match_json(const MatchResult& m);
void print_match_verdict(const nlohmann::json& summary, std::FILE* out);

// What `ninefold match` writes as match.json: the match played on `game` (loaded from
// options.config) and described. `on_line` receives each running line.
nlohmann::json match_summary(const LoadedGame& game, const MatchOptions& options,
                             const std::function<void(const std::string&)>& on_line = {});

int run_match(const GameInfo& game, const MatchOptions& options);

// The HTML report of a match summary (experiments/report/html_match.cpp).
std::string match_html(const nlohmann::json& summary);

}  // namespace nf
