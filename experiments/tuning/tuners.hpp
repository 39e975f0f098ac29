// Parameter tuning under noise: NTBEA for discrete grids, CMA-ES and SPSA for continuous
// ranges. The algorithms see only points in normalised coordinates ([0,1] per continuous
// parameter, a value index per discrete one) and a noisy objective to maximise, evaluated a
// round at a time: every point of a round is scored on the same batch of deals (common random
// numbers), so the differences between them are not drowned by the deals' own variance.
// Everything is a pure function of the seed: the same run on any thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "core/rng.hpp"

namespace nf {

// A tunable parameter: a continuous or integer range, or a list of values (a grid).
struct TunableParam {
  std::string name;
  ParamKind kind = ParamKind::Real;
  double low = 0, high = 0;         // ranges
  std::vector<std::string> values;  // grids (empty for ranges)
  bool grid() const { return !values.empty(); }
};

// "heuristic(king=[0,6],aggression=[0,1],jack=[1,1.5,2],temperature=0)": [a,b] is a range
// (an integer range for integer parameters), [a,b,c,...] (three or more values, or any list for
// a boolean or choice parameter) a grid; plain values stay fixed. Checked against the agent's
// schema (names, kinds, bounds).
struct TuneSpace {
  std::string agent;
  std::map<std::string, std::string> fixed;
  std::vector<TunableParam> params;

  // The agent spec of a point (normalised coordinates, see above).
  std::string spec(const std::vector<double>& point) const;
  // The agent's starting point: its defaults (and fixed values), clamped into the ranges.
  std::string start_spec() const;
  std::vector<double> start_point(const ParamSchema& schema) const;
  bool all_ranges() const;
  bool all_grids() const;
  // Replaces every range by a grid of `points` evenly spaced values (NTBEA on ranges).
  void discretize(int points);
  std::vector<int> grid_sizes() const;
};
TuneSpace parse_tune_space(const std::string& text, const ParamSchema& schema);

// Scores (higher is better) of `points`, all on deal batch `round`.
using RoundObjective = std::function<std::vector<double>(
    const std::vector<std::vector<double>>& points, uint64_t round)>;

struct TuneRound {
  uint64_t round = 0;
  std::vector<std::vector<double>> points;
  std::vector<double> scores;
  std::vector<double> incumbent;  // the algorithm's current recommendation after the round
};

struct TuneResult {
  std::string method;
  std::vector<double> best;  // the recommendation
  std::vector<TuneRound> rounds;
  uint64_t evaluations = 0;
};

struct TunerSettings {
  uint64_t evaluations = 100;  // objective evaluations in all
  int population = 0;          // points per round; 0: the method's default
  uint64_t seed = 1;
};

// grid_sizes[i]: number of values of parameter i (NTBEA's points are value indices).
TuneResult ntbea(const std::vector<int>& grid_sizes, const std::vector<double>& start,
                 const RoundObjective& objective, const TunerSettings& settings);
// Points in [0,1]^d.
TuneResult cma_es(int dimensions, const std::vector<double>& start, const RoundObjective& objective,
                  const TunerSettings& settings);
TuneResult spsa(int dimensions, const std::vector<double>& start, const RoundObjective& objective,
                const TunerSettings& settings);

}  // namespace nf
