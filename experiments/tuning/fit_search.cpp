#include "experiments/tuning/fit_search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/error.hpp"
#include "experiments/tuning/fit_checkpoint.hpp"
#include "experiments/tuning/tuners.hpp"

namespace nf {
namespace {

// The tuners maximise a score: the root of the objective keeps it in the units of the measures
// (a distance in win rate, say), a scale the tuners' exploration constants were made for.
double score_of(double objective) { return 1.0 - std::sqrt(std::max(0.0, objective)); }

// The parameters' values a tuner's point stands for.
class PointMap {
 public:
  PointMap(const std::vector<FreeParam>& params, const std::string& method, int grid)
      : params_(params), grid_(method == "ntbea") {
    if (!grid_) return;
    for (const FreeParam& p : params) {
      TuneSpace space;
      space.params.push_back({p.name, p.integer ? ParamKind::Int : ParamKind::Real, p.low, p.high});
      space.discretize(grid);
      std::vector<double> values;
      for (const std::string& v : space.params[0].values) values.push_back(std::stod(v));
      values_.push_back(values);
    }
  }

  std::vector<double> values(const std::vector<double>& point) const {
    std::vector<double> out;
    for (size_t i = 0; i < params_.size(); ++i) {
      if (grid_) {
        const auto& v = values_[i];
        out.push_back(
            v[size_t(std::clamp<long long>(std::llround(point[i]), 0, (long long)v.size() - 1))]);
      } else {
        const FreeParam& p = params_[i];
        out.push_back(p.snap(p.low + (p.high - p.low) * std::clamp(point[i], 0.0, 1.0)));
      }
    }
    return out;
  }

  // The point closest to the original design.
  std::vector<double> start() const {
    std::vector<double> out;
    for (size_t i = 0; i < params_.size(); ++i) {
      const FreeParam& p = params_[i];
      const double original = p.snap(p.original);
      if (grid_) {
        size_t best = 0;
        for (size_t k = 1; k < values_[i].size(); ++k)
          if (std::abs(values_[i][k] - original) < std::abs(values_[i][best] - original)) best = k;
        out.push_back(double(best));
      } else {
        out.push_back((original - p.low) / (p.high - p.low));
      }
    }
    return out;
  }

  std::vector<int> grid_sizes() const {
    std::vector<int> sizes;
    for (const auto& v : values_) sizes.push_back(int(v.size()));
    return sizes;
  }

 private:
  const std::vector<FreeParam>& params_;
  bool grid_;
  std::vector<std::vector<double>> values_;
};

constexpr uint64_t kSelectionRounds = 2;

}  // namespace

double FitSearchResult::mean_objective(const std::vector<double>& values, int* times) const {
  double sum = 0;
  int n = 0;
  for (const FitRound& r : rounds)
    for (size_t k = 0; k < r.candidates.size(); ++k)
      if (r.candidates[k] == values) sum += r.objectives[k], ++n;
  if (times) *times = n;
  return n > 0 ? sum / n : std::numeric_limits<double>::quiet_NaN();
}

double FitSearchResult::best_seen_after(size_t round) const {
  double best_seen = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i <= round && i < rounds.size(); ++i)
    for (double o : rounds[i].objectives) best_seen = std::min(best_seen, o);
  return best_seen;
}

FitSearchResult fit_search(const std::vector<FreeParam>& params, const FitObjective& objective,
                           const FitSearchSettings& settings) {
  std::string method = settings.method == "auto" ? "ntbea" : settings.method;
  if (method != "ntbea" && method != "cmaes" && method != "spsa")
    throw Error(fmt::format("--method '{}': known methods are auto (NTBEA), ntbea, cmaes and spsa",
                            settings.method));
  if (method == "ntbea" && settings.grid < 2) throw Error("--grid must be at least 2");
  const PointMap map(params, method, settings.grid);
  FitCheckpoint checkpoint{settings.checkpoint_path, settings.identity, {}};
  checkpoint.load();

  FitSearchResult result;
  double best_seen = std::numeric_limits<double>::infinity();
  std::vector<double> best_seen_values;
  // Objectives of round `round`: played, or read back from the checkpoint.
  const auto evaluate = [&](const std::vector<std::vector<double>>& candidates, uint64_t round) {
    std::vector<double> objectives;
    if (round < checkpoint.rounds.size()) {
      const nlohmann::json& saved = checkpoint.rounds[size_t(round)];
      if (saved.at("candidates") != nlohmann::json(candidates))
        throw Error(fmt::format("checkpoint '{}': round {} does not match this search; remove it",
                                checkpoint.path, round));
      objectives = saved.at("objectives").get<std::vector<double>>();
      ++result.resumed_rounds;
    } else {
      objectives = objective(candidates, round);
      checkpoint.rounds.push_back({{"candidates", candidates}, {"objectives", objectives}});
      checkpoint.save();
    }
    for (size_t k = 0; k < objectives.size(); ++k)
      if (objectives[k] < best_seen) best_seen = objectives[k], best_seen_values = candidates[k];
    if (settings.progress)
      std::fprintf(stderr, "\r\033[Kround %llu: best objective so far %.5f at %s",
                   static_cast<unsigned long long>(round), best_seen,
                   values_text(params, best_seen_values).c_str());
    return objectives;
  };
  std::vector<std::vector<double>> objectives_by_round;
  const RoundObjective scores = [&](const std::vector<std::vector<double>>& points,
                                    uint64_t round) {
    std::vector<std::vector<double>> candidates;
    for (const auto& p : points) candidates.push_back(map.values(p));
    objectives_by_round.push_back(evaluate(candidates, round));
    std::vector<double> out;
    for (double o : objectives_by_round.back()) out.push_back(score_of(o));
    return out;
  };

  // Part of the budget goes to a final selection (below).
  const uint64_t finalists =
      settings.evaluations >= 24 ? std::min<uint64_t>(6, settings.evaluations / 12) : 0;
  const TunerSettings tuner{settings.evaluations - finalists * kSelectionRounds,
                            settings.population, settings.seed};
  const int dimensions = int(params.size());
  const TuneResult tuned = method == "ntbea"   ? ntbea(map.grid_sizes(), map.start(), scores, tuner)
                           : method == "cmaes" ? cma_es(dimensions, map.start(), scores, tuner)
                                               : spsa(dimensions, map.start(), scores, tuner);
  result.method = tuned.method;
  result.evaluations = tuned.evaluations;
  result.best = map.values(tuned.best.empty() ? map.start() : tuned.best);
  for (size_t i = 0; i < tuned.rounds.size(); ++i) {
    const TuneRound& t = tuned.rounds[i];
    FitRound r;
    r.round = t.round;
    for (const auto& p : t.points) r.candidates.push_back(map.values(p));
    r.objectives = objectives_by_round[i];
    r.recommendation = map.values(t.incumbent);
    result.rounds.push_back(std::move(r));
  }

  // Selection: a tuner's recommendation rests on its model (NTBEA's averages over value
  // tuples favour what is good on average, not the best design), and the lowest single
  // objective is the luckiest batch of deals. So the recommendation, the original design and
  // the candidates with the lowest mean objective play again on fresh rounds of their own, and
  // the lowest mean over those rounds is the fit.
  if (finalists > 0) {
    std::vector<std::vector<double>> finals = {result.best, map.values(map.start())};
    std::vector<std::pair<double, std::vector<double>>> ranked;
    for (const FitRound& r : result.rounds)
      for (const auto& c : r.candidates)
        if (std::none_of(ranked.begin(), ranked.end(),
                         [&](const auto& x) { return x.second == c; }))
          ranked.push_back({0.0, c});
    for (auto& [mean, c] : ranked) mean = result.mean_objective(c);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [mean, c] : ranked) {
      if (finals.size() >= finalists) break;
      if (std::find(finals.begin(), finals.end(), c) == finals.end()) finals.push_back(c);
    }
    if (finals[1] == finals[0]) finals.erase(finals.begin() + 1);
    std::vector<double> totals(finals.size(), 0.0);
    for (uint64_t s = 0; s < kSelectionRounds; ++s) {
      FitRound r;
      r.round = tuned.rounds.size() + s;
      r.selection = true;
      r.candidates = finals;
      r.objectives = evaluate(finals, r.round);
      for (size_t k = 0; k < finals.size(); ++k) totals[k] += r.objectives[k];
      result.evaluations += finals.size();
      result.rounds.push_back(std::move(r));
    }
    const size_t chosen = size_t(std::min_element(totals.begin(), totals.end()) - totals.begin());
    result.best = finals[chosen];
    for (size_t s = 0; s < kSelectionRounds; ++s)
      result.rounds[result.rounds.size() - 1 - s].recommendation = result.best;
  }
  if (settings.progress) std::fprintf(stderr, "\r\033[K");
  return result;
}

}  // namespace nf
