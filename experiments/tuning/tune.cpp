#include "experiments/tuning/tune.hpp"
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include "core/error.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/html.hpp"

#include "core/record.hpp"

namespace nf {

std::string tune_method(const std::string& requested, TuneSpace& space, int grid) {
  std::string method = requested;
  if (method == "auto") method = space.all_ranges() ? "cmaes" : "ntbea";
  if (method == "ntbea") {
    if (grid < 2) throw Error("--grid must be at least 2");
    space.discretize(grid);
  } else if (method == "cmaes" || method == "spsa") {
    if (!space.all_ranges())
      throw Error(
          fmt::format("--method {} tunes continuous ranges [low,high]; lists of values need "
                      "--method ntbea",
                      method));
  } else {
    throw Error(
        fmt::format("--method '{}': known methods are auto, ntbea, cmaes and spsa", requested));
  }
  return method;
}

nlohmann::json tune_json(const TuneOptions& options, const TuneSpace& space,
                         const TuneResult& result, const std::string& best_spec,
                         const std::optional<MatchResult>& confirmation) {
  nlohmann::json params = nlohmann::json::array();
  for (const TunableParam& p : space.params) {
    nlohmann::json j = {{"name", p.name}};
    if (p.grid())
      j["values"] = p.values;
    else
      j["range"] = {p.low, p.high};
    params.push_back(j);
  }
  nlohmann::json rounds = nlohmann::json::array();
  for (const TuneRound& r : result.rounds) {
    nlohmann::json candidates = nlohmann::json::array();
    for (size_t k = 0; k < r.points.size(); ++k)
      candidates.push_back({{"agent", space.spec(r.points[k])}, {"score", r.scores[k]}});
    rounds.push_back(
        {{"round", r.round},
         {"candidates", candidates},
         {"mean_score", r.scores.empty() ? 0.0
                                         : std::accumulate(r.scores.begin(), r.scores.end(), 0.0) /
                                               double(r.scores.size())},
         {"incumbent", space.spec(r.incumbent)}});
  }
  nlohmann::json j = {
      {"command", "tune"},
      {"agent", options.agent},
      {"against", options.against},
      {"method", result.method},
      {"parameters", params},
      {"start", space.start_spec()},
      {"best", best_spec},
      {"evaluations", result.evaluations},
      {"games_per_candidate", options.games_per_candidate},
      {"seed", options.seed},
      {"common_random_numbers",
       "every candidate of a round plays the round's deals with the round's agent seeds"},
      {"rounds", rounds}};
  if (confirmation) {
    nlohmann::json c = match_json(*confirmation);
    c["note"] = "best against start on fresh deals";
    j["confirmation"] = c;
  }
  return j;
}

void print_tune(const nlohmann::json& s, std::FILE* out) {
  fmt::print(out,
             "{}: tuned {} against {} with {}: {} candidates of {} games ({} games), seed {}\n",
             s["game"].get<std::string>(), s["agent"].get<std::string>(),
             s["against"].get<std::string>(), s["method"].get<std::string>(),
             s["evaluations"].get<uint64_t>(), s["games_per_candidate"].get<uint64_t>(),
             s["search_games"].get<uint64_t>(), s["seed"].get<uint64_t>());
  const auto& rounds = s["rounds"];
  const size_t shown = std::min<size_t>(rounds.size(), 8);
  fmt::print(out, "\n{:<7} {:<12} {}\n", "round", "mean score", "recommendation after the round");
  for (size_t i = 0; i < shown; ++i) {
    const size_t r = shown == rounds.size() ? i : i * (rounds.size() - 1) / (shown - 1);
    fmt::print(out, "{:<7} {:<12.3f} {}\n", rounds[r]["round"].get<uint64_t>(),
               rounds[r]["mean_score"].get<double>(), rounds[r]["incumbent"].get<std::string>());
  }
  fmt::print(out, "\nbest: {}\n", s["best"].get<std::string>());
  if (s.contains("confirmation")) {
    fmt::print(out, "\nconfirmation on fresh deals, best against the start ({}):",
               s["start"].get<std::string>());
    print_match_verdict(s["confirmation"], out);
  }
}

int run_tune(const GameInfo& info, const TuneOptions& options) {
  const auto game = info.load(options.config);
  require_two_seats(*game, "tune");
  const AgentListing& agent = info.agent(parse_agent_spec(options.agent).name);
  TuneSpace space = parse_tune_space(options.agent, agent.schema);
  const std::string method = tune_method(options.method, space, options.grid);
  const std::vector<double> start = space.start_point(agent.schema);
  game->agent_spec(space.start_spec());
  game->agent_spec(options.against);
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
          head_to_head_options(space.spec(points[k]), options.against, setup);
      // A candidate's score is all tuning reads: Ludii's Decisiveness (at least ten games of
      // 32 random playouts per position, a balance statistic) would cost more than the
      // candidate's own games.
      candidate.decisiveness_games = 0;
      const auto run = game->balance_run(candidate);
      BalanceAccumulator totals = run->empty_accumulator();
      run->run_chunks(0, run->chunk_count(), [&](uint64_t, BalanceChunk& chunk) {
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
  const std::string best = game->agent_spec(space.spec(result.best));

  std::optional<MatchResult> confirmation;
  if (options.confirm_match) {
    // Fresh deals: a seed stream the search never used.
    const HeadToHeadSetup setup{options.confirm_games,
                                derive_seed(options.seed, 1, Stream::Misc, 1), options.threads,
                                true};
    confirmation =
        play_match(*game, best, space.start_spec(), options.confirm, setup, options.confirm_games);
  }
  nlohmann::json summary = tune_json(options, space, result, best, confirmation);
  describe_run(summary, *game, options.seed);
  summary["search_games"] = games_played;
  print_tune(summary, stdout);
  publish_summary(summary, options.out_dir, "tune.json", options.report_path, tune_html,
                  [&](const std::filesystem::path& folder) {
                    write_file_atomically(folder / "best_agent.txt", best + "\n");
                  });
  return 0;
}

}  // namespace nf
