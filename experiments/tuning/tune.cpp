#include "experiments/tuning/tune.hpp"

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
      {"engine", kEngineVersion},
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

}  // namespace nf
