// `ninefold tune`: tunes an agent's parameters against a fixed opponent. Candidates of a round
// are played in parallel (oneTBB) on the same deals (common random numbers: the round's deals
// and agent seeds are shared), NTBEA searches grids, CMA-ES or SPSA continuous ranges. The
// best parameters are written as an agent spec and confirmed by a fresh SPRT match against
// the starting parameters, on deals the tuning never saw.
#pragma once

#include <fmt/format.h>
#include <tbb/parallel_for.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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

template <Game G>
int tune_command(const TuneOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  require_two_seats(game, "tune");
  const AgentSpec parsed = parse_agent_spec(options.agent);
  const auto catalog = agent_catalog<G>();
  const auto info = std::find_if(catalog.begin(), catalog.end(),
                                 [&](const auto& a) { return a.name == parsed.name; });
  if (info == catalog.end())
    make_agent(game, parsed.name);  // throws the usual "unknown agent" message
  TuneSpace space = parse_tune_space(options.agent, info->schema);
  const std::string method = tune_method(options.method, space, options.grid);
  const std::vector<double> start = space.start_point(info->schema);
  make_agent(game, space.start_spec());
  make_agent(game, options.against);
  const uint64_t per_candidate = std::max<uint64_t>(2, options.games_per_candidate);

  const int threads = options.threads > 0 ? options.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  uint64_t games_played = 0;
  RoundObjective objective = [&](const std::vector<std::vector<double>>& points, uint64_t round) {
    std::vector<double> scores(points.size());
    // Round r's deals and agent seeds: the same for every candidate of the round.
    const HeadToHeadSetup setup{per_candidate, derive_seed(options.seed, round, Stream::Misc),
                                threads, true};
    tbb::parallel_for(size_t{0}, points.size(), [&](size_t k) {
      BalanceOptions candidate =
          head_to_head_options<G>(space.spec(points[k]), options.against, setup);
      // A candidate's score is all tuning reads: Ludii's Decisiveness (at least ten games of
      // 32 random playouts per position, a balance statistic) would cost more than the
      // candidate's own games.
      candidate.decisiveness_games = 0;
      BalanceRun<G> run(game, config, candidate);
      BalanceAccumulator totals = run.empty_accumulator();
      run.run_chunks(0, run.chunk_count(), [&](uint64_t, auto& chunk) {
        totals.merge(chunk.totals);
        return true;
      });
      scores[k] = totals.by_agent[0].score().estimate;
    });
    games_played += points.size() * ((per_candidate + 1) / 2 * 2);
    if (!options.quiet && stderr_is_terminal())
      std::fprintf(stderr, "\r\033[Kround %llu: %llu games, best of round %.3f",
                   static_cast<unsigned long long>(round),
                   static_cast<unsigned long long>(games_played),
                   *std::max_element(scores.begin(), scores.end()));
    return scores;
  };
  const TunerSettings settings{std::max<uint64_t>(1, options.budget / per_candidate),
                               options.population, derive_seed(options.seed, 0, Stream::Search)};
  const int dimensions = int(space.params.size());
  const TuneResult result = method == "ntbea"
                                ? ntbea(space.grid_sizes(), start, objective, settings)
                            : method == "cmaes" ? cma_es(dimensions, start, objective, settings)
                                                : spsa(dimensions, start, objective, settings);
  if (!options.quiet && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
  const std::string best = make_agent(game, space.spec(result.best))->spec();

  std::optional<MatchResult> confirmation;
  if (options.confirm_match) {
    // Fresh deals: a seed stream the search never used.
    const HeadToHeadSetup setup{options.confirm_games,
                                derive_seed(options.seed, 1, Stream::Misc, 1), options.threads,
                                true};
    confirmation = play_match(game, config, best, space.start_spec(), options.confirm, setup,
                              options.confirm_games);
  }
  nlohmann::json summary = tune_json(options, space, result, best, confirmation);
  describe_run(summary, G::kId, config, options.seed);
  summary["search_games"] = games_played;
  print_tune(summary, stdout);
  publish_summary(summary, options.out_dir, "tune.json", options.report_path,
                  [&](const std::filesystem::path& folder) {
                    write_file_atomically(folder / "best_agent.txt", best + "\n");
                  });
  return 0;
}

}  // namespace nf
