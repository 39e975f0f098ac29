// The search of `ninefold fit`: the existing tuners (experiments/tuning/tuners.hpp) over the free
// parameters' values, minimising an objective measured a round at a time (every candidate of a
// round on the same deals). Integer parameters only ever take integer values.
//
// Resuming: a checkpoint holds every finished round's candidates and objectives. The tuners
// are pure functions of their seed and the objectives they are given, so a resumed search
// replays the saved rounds without playing them and continues exactly where it stopped.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/tuning/fit_space.hpp"

namespace nf {

// Objectives (lower is better) of candidates given by their parameter values, on round `round`.
using FitObjective = std::function<std::vector<double>(
    const std::vector<std::vector<double>>& candidates, uint64_t round)>;

struct FitSearchSettings {
  std::string method = "auto";  // auto (NTBEA), ntbea, cmaes or spsa
  int grid = 9;                 // NTBEA: at most this many values per parameter
  int population = 0;           // candidates per round; 0: the method's default
  uint64_t evaluations = 100;   // candidates in all
  uint64_t seed = 1;
  std::string checkpoint_path;  // empty: none
  nlohmann::json identity;      // what a checkpoint must agree on to be resumed
  bool progress = false;        // a progress line on stderr
};

struct FitRound {
  uint64_t round = 0;
  std::vector<std::vector<double>> candidates;  // parameter values
  std::vector<double> objectives;
  std::vector<double> recommendation;  // the method's choice after the round
  bool selection = false;              // a round of the final selection among the finalists
};

struct FitSearchResult {
  std::string method;
  std::vector<double> best;  // parameter values: the finalist with the lowest mean objective
  std::vector<FitRound> rounds;
  uint64_t evaluations = 0;
  uint64_t resumed_rounds = 0;  // rounds read from the checkpoint
  // A candidate's mean objective over its evaluations in the search (NaN if none), and in
  // `times` how many there were.
  double mean_objective(const std::vector<double>& values, int* times = nullptr) const;
  double best_seen_after(size_t round) const;  // lowest objective seen up to `round`
};

// nf::Error when the method does not exist or a checkpoint belongs to another fit.
FitSearchResult fit_search(const std::vector<FreeParam>& params, const FitObjective& objective,
                           const FitSearchSettings& settings);

}  // namespace nf
