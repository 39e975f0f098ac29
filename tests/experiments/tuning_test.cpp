#include <catch2/catch.hpp>

#include <cmath>

#include "core/error.hpp"
#include "experiments/tuning/tuners.hpp"

using namespace nf;

namespace {

// A noisy objective with a planted optimum: a bump of height 0.3 at `peak` on a base of 0.5,
// observed like a score over `games` games (binomial noise), with a deal-batch effect shared
// by every point of a round (what common random numbers cancel).
struct PlantedObjective {
  std::vector<double> peak;
  double width = 0.3;
  int games = 400;
  uint64_t calls = 0;

  double truth(const std::vector<double>& x) const {
    double d2 = 0;
    for (size_t i = 0; i < x.size(); ++i) d2 += (x[i] - peak[i]) * (x[i] - peak[i]);
    return 0.5 + 0.3 * std::exp(-d2 / (width * width));
  }
  std::vector<double> operator()(const std::vector<std::vector<double>>& points, uint64_t round) {
    Rng batch(derive_seed(99, round, Stream::Deal));
    const double batch_effect = (batch.uniform() - 0.5) * 0.2;
    std::vector<double> out;
    for (size_t k = 0; k < points.size(); ++k) {
      Rng noise(derive_seed(99, round, Stream::Misc, k));
      const double p = std::clamp(truth(points[k]) + batch_effect, 0.0, 1.0);
      int wins = 0;
      for (int g = 0; g < games; ++g) wins += noise.chance(p);
      out.push_back(double(wins) / games);
      ++calls;
    }
    return out;
  }
};

double distance(const std::vector<double>& a, const std::vector<double>& b) {
  double d2 = 0;
  for (size_t i = 0; i < a.size(); ++i) d2 += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(d2);
}

}  // namespace

TEST_CASE("CMA-ES finds a planted optimum under noise") {
  PlantedObjective f{{0.75, 0.2}};
  RoundObjective objective = std::ref(f);
  const TuneResult r = cma_es(2, {0.3, 0.7}, objective, {300, 0, 1});
  CHECK(r.method == "cma-es");
  CHECK(f.calls <= 300);
  CHECK(distance(r.best, f.peak) < 0.1);
  // The start was far: the search really moved.
  CHECK(distance({0.3, 0.7}, f.peak) > 0.5);
}

TEST_CASE("SPSA climbs to a planted optimum") {
  PlantedObjective f{{0.7, 0.3}, 0.45};
  RoundObjective objective = std::ref(f);
  const TuneResult r = spsa(2, {0.35, 0.6}, objective, {600, 0, 3});
  CHECK(r.method == "spsa");
  CHECK(f.calls == 600);
  CHECK(distance(r.best, f.peak) < 0.15);
}

TEST_CASE("NTBEA finds the planted optimum of a discrete grid") {
  // 9 x 9 grid on [0,1]^2; the peak sits on grid point (6, 2).
  const std::vector<double> peak = {6 / 8.0, 2 / 8.0};
  PlantedObjective f{peak, 0.25};
  RoundObjective on_grid = [&](const std::vector<std::vector<double>>& points, uint64_t round) {
    std::vector<std::vector<double>> scaled;
    for (const auto& p : points) scaled.push_back({p[0] / 8.0, p[1] / 8.0});
    return f(scaled, round);
  };
  const TuneResult r = ntbea({9, 9}, {0, 8}, on_grid, {240, 4, 5});
  CHECK(r.method == "ntbea");
  CHECK(f.calls <= 240);
  REQUIRE(r.best.size() == 2);
  CHECK(std::abs(r.best[0] - 6) <= 1);
  CHECK(std::abs(r.best[1] - 2) <= 1);
}

TEST_CASE("tuners are deterministic for a seed") {
  PlantedObjective f1{{0.6, 0.4}}, f2{{0.6, 0.4}};
  RoundObjective o1 = std::ref(f1), o2 = std::ref(f2);
  CHECK(cma_es(2, {0.5, 0.5}, o1, {80, 0, 7}).best == cma_es(2, {0.5, 0.5}, o2, {80, 0, 7}).best);
}

TEST_CASE("tuning specs: ranges, grids and fixed values are checked against the schema") {
  const ParamSchema schema = {
      ParamSpec::real("king", 3, 0, 20, ""), ParamSpec::real("aggression", 0.5, 0, 1, ""),
      ParamSpec::integer("depth", 2, 1, 9, ""), ParamSpec::real("temperature", 0, 0, 10, "")};
  const TuneSpace space = parse_tune_space(
      "heuristic(king=[0,6],aggression=[0,1],depth=[1,2,4],temperature=0.5)", schema);
  REQUIRE(space.params.size() == 3);
  CHECK(space.fixed.at("temperature") == "0.5");
  CHECK_FALSE(space.all_ranges());
  // Parameters in name order: aggression, depth, king.
  CHECK(space.params[1].grid());
  CHECK(space.spec({0.5, 2, 1.0}) == "heuristic(aggression=0.5,depth=4,king=6,temperature=0.5)");
  CHECK(space.start_spec() == "heuristic(temperature=0.5)");
  const std::vector<double> start = space.start_point(schema);
  CHECK(start[0] == Approx(0.5));
  CHECK(start[1] == Approx(1));  // depth default 2 is the grid's second value
  CHECK(start[2] == Approx(0.5));
  TuneSpace grid = space;
  grid.discretize(5);
  CHECK(grid.all_grids());
  CHECK(grid.params[2].values == std::vector<std::string>{"0", "1.5", "3", "4.5", "6"});
  CHECK_THROWS_AS(parse_tune_space("heuristic(king=[0,30])", schema), Error);
  CHECK_THROWS_AS(parse_tune_space("heuristic(kings=[0,3])", schema), Error);
  CHECK_THROWS_AS(parse_tune_space("heuristic(depth=[1,2,40])", schema), Error);
  CHECK_THROWS_AS(parse_tune_space("heuristic(king=2)", schema), Error);
}
