// `ninefold match`: two agents on paired deals. With --sprt it plays until the sequential
// probability ratio test decides (fishtest's pentanomial GSPRT), printing the running
// log-likelihood ratio; without, it plays --games games and tests "equal strength".
//
// Deals are played in fixed chunks and the test is evaluated after each chunk in chunk order,
// so where a match stops does not depend on the thread count.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/html.hpp"
#include "experiments/run/entrant.hpp"
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
template <Game G>
MatchResult play_match(const G& game, const ParamSet& config, const std::string& a,
                       const std::string& b, const std::optional<SprtParams>& sprt,
                       const HeadToHeadSetup& setup, uint64_t print_every,
                       const std::function<void(const std::string&)>& on_line = {}) {
  const BalanceOptions options = head_to_head_options<G>(a, b, setup);
  BalanceRun<G> run(game, config, options);
  const int threads = setup.threads > 0 ? setup.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  MatchResult m;
  m.sprt = sprt;
  BalanceAccumulator totals = run.empty_accumulator();
  uint64_t next_line = print_every;
  auto line = [&] {
    uint64_t pairs = 0;
    for (uint64_t c : totals.pair_points) pairs += c;
    std::string text = fmt::format("games {:>8}  pairs {:>7}  score {}  elo {}", totals.games,
                                   pairs, format_interval(pentanomial_score(totals.pair_points)),
                                   format_elo(pentanomial_elo(totals.pair_points)));
    if (sprt)
      text += fmt::format("  LLR {:+.3f} [{:+.3f}, {:+.3f}]", m.llr, sprt->lower(), sprt->upper());
    if (on_line) on_line(text);
  };
  const auto start = std::chrono::steady_clock::now();
  run.run_chunks(0, run.chunk_count(), [&](uint64_t, auto& chunk) {
    totals.merge(chunk.totals);
    if (sprt) {
      m.llr = pentanomial_llr(totals.pair_points, sprt->elo0, sprt->elo1);
      m.decision = sprt_decision(m.llr, *sprt);
    }
    m.trace.emplace_back(totals.games, m.llr);
    const bool done = m.decision != SprtDecision::Continue;
    if (totals.games >= next_line || done || totals.games >= options.games) {
      line();
      while (next_line <= totals.games) next_line += print_every;
    }
    return !done;
  });
  BalanceReport report = run.report();
  report.totals = totals;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.result = head_to_head_result<G>(report);
  return m;
}

nlohmann::json match_json(const MatchResult& m);
void print_match_verdict(const nlohmann::json& summary, std::FILE* out);

template <Game G>
int match_command(const MatchOptions& options) {
  if (options.agents.size() != 2) throw Error("match: give exactly two agents (--agents A,B)");
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  require_two_seats(game, "match");
  const uint64_t games =
      options.games ? options.games : (options.sprt ? kDefaultSprtMaxGames : kDefaultMatchGames);
  const HeadToHeadSetup setup{games, options.seed, options.threads, options.quiet};
  // An entrant may carry seat options (heuristic@deck=aggro, experiments/run/entrant.hpp).
  const auto label = [&](const std::string& spec) {
    const Entrant entrant = parse_entrant(spec);
    return entrant_label(make_agent(game, entrant.agent)->spec(), entrant);
  };
  fmt::print("{}: {} vs {}, {}\n", G::kId, label(options.agents[0]), label(options.agents[1]),
             options.sprt ? fmt::format("SPRT elo0={} elo1={} alpha={} beta={} (at most {} games)",
                                        options.sprt->elo0, options.sprt->elo1, options.sprt->alpha,
                                        options.sprt->beta, games)
                          : fmt::format("{} games", games));
  std::fflush(stdout);
  const MatchResult m = play_match(game, config, options.agents[0], options.agents[1], options.sprt,
                                   setup, options.print_every, [](const std::string& line) {
                                     fmt::print("{}\n", line);
                                     std::fflush(stdout);
                                   });
  nlohmann::json summary = match_json(m);
  describe_run(summary, G::kId, config, options.seed);
  print_match_verdict(summary, stdout);
  publish_summary(summary, options.out_dir, "match.json", options.report_path);
  return 0;
}

}  // namespace nf
