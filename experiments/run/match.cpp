#include "experiments/run/match.hpp"
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/html.hpp"
#include "experiments/run/entrant.hpp"

#include "core/record.hpp"
#include "experiments/report/balance_report.hpp"

namespace nf {

nlohmann::json match_json(const MatchResult& m) {
  const HeadToHead& h = m.result;
  uint64_t pairs = 0;
  for (uint64_t c : h.pairs) pairs += c;
  nlohmann::json j = {{"command", "match"},
                      {"agents", {h.a, h.b}},
                      {"games", h.a_results.games()},
                      {"pairs", pairs},
                      {"pentanomial", h.pairs},
                      {"a_results", h.a_results.to_json()},
                      {"score", interval_to_json(h.score())},
                      {"elo", interval_to_json(h.elo())},
                      {"p_value", pentanomial_p_value(h.pairs)},
                      {"seconds", h.seconds}};
  nlohmann::json trace = nlohmann::json::array();
  for (const auto& [games, llr] : m.trace) trace.push_back({games, llr});
  if (m.sprt) {
    j["sprt"] = {{"elo0", m.sprt->elo0},
                 {"elo1", m.sprt->elo1},
                 {"alpha", m.sprt->alpha},
                 {"beta", m.sprt->beta},
                 {"lower_bound", m.sprt->lower()},
                 {"upper_bound", m.sprt->upper()},
                 {"llr", m.llr},
                 {"decision", to_string(m.decision)},
                 {"model", "pentanomial GSPRT on seat-swapped pairs, logistic Elo (as fishtest)"},
                 {"trace", trace}};
  }
  return j;
}

void print_match_verdict(const nlohmann::json& s, std::FILE* out) {
  const auto agents = s["agents"].get<std::vector<std::string>>();
  const Interval elo = interval_from_json(s["elo"]);
  const double p = s["p_value"].get<double>();
  fmt::print(out, "\n{} scores {} against {} over {} games ({} pairs): Elo {}\n", agents[0],
             format_interval(interval_from_json(s["score"])), agents[1], s["games"].get<uint64_t>(),
             s["pairs"].get<uint64_t>(), format_elo(elo));
  if (s.contains("sprt")) {
    const auto& t = s["sprt"];
    const std::string decision = t["decision"].get<std::string>();
    fmt::print(out, "SPRT: LLR {:+.3f} with bounds [{:+.3f}, {:+.3f}]: {}", t["llr"].get<double>(),
               t["lower_bound"].get<double>(), t["upper_bound"].get<double>(), decision);
    if (decision == "H1 accepted")
      fmt::print(out, " ({} is at least {} Elo stronger, error rate {})\n", agents[0],
                 t["elo1"].get<double>(), t["alpha"].get<double>());
    else if (decision == "H0 accepted")
      fmt::print(out, " ({} is not {} Elo stronger than {}, error rate {})\n", agents[0],
                 t["elo1"].get<double>(), agents[1], t["beta"].get<double>());
    else
      fmt::print(out, " (the game limit came first: raise --games)\n");
  } else {
    fmt::print(out, "test of equal strength (two-sided sign-flip test on the pairs): {}: {}\n",
               p_clause(p),
               p < 0.05 ? fmt::format("{} is significantly {} at the 5% level", agents[0],
                                      elo.estimate > 0 ? "stronger" : "weaker")
                        : std::string("no significant difference at the 5% level"));
    fmt::print(out, "\n");
  }
}

MatchResult play_match(const LoadedGame& game, const std::string& a, const std::string& b,
                       const std::optional<SprtParams>& sprt, const HeadToHeadSetup& setup,
                       uint64_t print_every,
                       const std::function<void(const std::string&)>& on_line) {
  const BalanceOptions options = head_to_head_options(a, b, setup);
  const auto run = game.balance_run(options);
  const int threads = setup.threads > 0 ? setup.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  MatchResult m;
  m.sprt = sprt;
  BalanceAccumulator totals = run->empty_accumulator();
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
  run->run_chunks(0, run->chunk_count(), [&](uint64_t, BalanceChunk& chunk) {
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
  BalanceReport report = run->report();
  report.totals = totals;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.result = head_to_head_result(report);
  return m;
}

namespace {
uint64_t match_games(const MatchOptions& options) {
  return options.games ? options.games : (options.sprt ? kDefaultSprtMaxGames : kDefaultMatchGames);
}
}  // namespace

nlohmann::json match_summary(const LoadedGame& game, const MatchOptions& options,
                             const std::function<void(const std::string&)>& on_line) {
  if (options.agents.size() != 2) throw Error("match: give exactly two agents (--agents A,B)");
  require_two_seats(game, "match");
  const HeadToHeadSetup setup{match_games(options), options.seed, options.threads, options.quiet};
  const MatchResult m = play_match(game, options.agents[0], options.agents[1], options.sprt, setup,
                                   options.print_every, on_line);
  nlohmann::json summary = match_json(m);
  describe_run(summary, game, options.seed);
  return summary;
}

int run_match(const GameInfo& info, const MatchOptions& options) {
  if (options.agents.size() != 2) throw Error("match: give exactly two agents (--agents A,B)");
  const auto game = info.load(options.config);
  require_two_seats(*game, "match");
  const uint64_t games = match_games(options);
  // An entrant may carry seat options (heuristic@deck=aggro, experiments/run/entrant.hpp).
  const auto label = [&](const std::string& spec) {
    const Entrant entrant = parse_entrant(spec);
    return entrant_label(game->agent_spec(entrant.agent), entrant);
  };
  fmt::print("{}: {} vs {}, {}\n", info.id, label(options.agents[0]), label(options.agents[1]),
             options.sprt ? fmt::format("SPRT elo0={} elo1={} alpha={} beta={} (at most {} games)",
                                        options.sprt->elo0, options.sprt->elo1, options.sprt->alpha,
                                        options.sprt->beta, games)
                          : fmt::format("{} games", games));
  std::fflush(stdout);
  const nlohmann::json summary = match_summary(*game, options, [](const std::string& line) {
    fmt::print("{}\n", line);
    std::fflush(stdout);
  });
  print_match_verdict(summary, stdout);
  publish_summary(summary, options.out_dir, "match.json", options.report_path, match_html);
  return 0;
}

}  // namespace nf
