#include "experiments/tuning/tuners.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "core/error.hpp"

namespace nf {

// ---- the search space ----------------------------------------------------------------------

namespace {

double parse_number(const std::string& text, const std::string& context) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  throw Error(fmt::format("{}: '{}' is not a number", context, text));
}

std::string format_value(ParamKind kind, double v) {
  if (kind == ParamKind::Int) return fmt::format("{}", static_cast<long long>(std::llround(v)));
  return fmt::format("{:.4g}", v);
}

}  // namespace

TuneSpace parse_tune_space(const std::string& text, const ParamSchema& schema) {
  const AgentSpec spec = parse_agent_spec(text);
  TuneSpace space;
  space.agent = spec.name;
  for (const auto& [key, value] : spec.args) {
    // A named capture: clang 14 (the fuzz build) cannot capture a structured binding.
    const auto it = std::find_if(schema.begin(), schema.end(),
                                 [&name = key](const ParamSpec& p) { return p.name == name; });
    if (it == schema.end()) {
      std::vector<std::string> names;
      for (const auto& p : schema) names.push_back(p.name);
      throw Error(fmt::format("--agent '{}': unknown parameter '{}' (known: {})", text, key,
                              names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
    const std::string context = fmt::format("--agent '{}': {}", text, key);
    const auto list = bracketed_list(value, context);
    if (!list) {
      space.fixed[key] = value;
      continue;
    }
    const std::vector<std::string>& items = *list;
    if (items.size() < 2) throw Error(context + ": give a range [low,high] or a list of values");
    TunableParam p;
    p.name = key;
    p.kind = it->kind;
    const bool numeric = it->kind == ParamKind::Int || it->kind == ParamKind::Real;
    if (numeric && items.size() == 2) {
      p.low = parse_number(items[0], context);
      p.high = parse_number(items[1], context);
      if (!(p.low < p.high)) throw Error(context + ": a range needs low < high");
      if (p.low < it->min || p.high > it->max)
        throw Error(fmt::format("{}: [{}, {}] leaves the parameter's range ({})", context, items[0],
                                items[1], it->describe_range()));
    } else {
      p.values = items;
      // Each value must be valid on its own: ParamSet checks kind and bounds.
      for (const std::string& v : items) ParamSet(schema, {{key, v}}, context);
    }
    space.params.push_back(p);
  }
  if (space.params.empty())
    throw Error(fmt::format(
        "--agent '{}': no parameter to tune; give ranges like 'heuristic(aggression=[0,1])'",
        text));
  return space;
}

bool TuneSpace::all_ranges() const {
  return std::none_of(params.begin(), params.end(), [](const TunableParam& p) { return p.grid(); });
}
bool TuneSpace::all_grids() const {
  return std::all_of(params.begin(), params.end(), [](const TunableParam& p) { return p.grid(); });
}

void TuneSpace::discretize(int points) {
  for (TunableParam& p : params) {
    if (p.grid()) continue;
    std::vector<std::string> values;
    for (int i = 0; i < points; ++i) {
      const std::string v = format_value(p.kind, p.low + (p.high - p.low) * i / (points - 1));
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    }
    p.values = values;
  }
}

std::vector<int> TuneSpace::grid_sizes() const {
  std::vector<int> sizes;
  for (const TunableParam& p : params) sizes.push_back(int(p.values.size()));
  return sizes;
}

std::string TuneSpace::spec(const std::vector<double>& point) const {
  std::map<std::string, std::string> args = fixed;
  for (size_t i = 0; i < params.size(); ++i) {
    const TunableParam& p = params[i];
    if (p.grid()) {
      const auto index =
          size_t(std::clamp<long long>(std::llround(point[i]), 0, (long long)p.values.size() - 1));
      args[p.name] = p.values[index];
    } else {
      args[p.name] =
          format_value(p.kind, p.low + (p.high - p.low) * std::clamp(point[i], 0.0, 1.0));
    }
  }
  std::vector<std::string> parts;
  for (const auto& [k, v] : args) parts.push_back(k + "=" + v);
  return fmt::format("{}({})", agent, fmt::join(parts, ","));
}

std::string TuneSpace::start_spec() const {
  if (fixed.empty()) return agent;
  std::vector<std::string> parts;
  for (const auto& [k, v] : fixed) parts.push_back(k + "=" + v);
  return fmt::format("{}({})", agent, fmt::join(parts, ","));
}

std::vector<double> TuneSpace::start_point(const ParamSchema& schema) const {
  std::vector<double> point;
  for (const TunableParam& p : params) {
    const auto it = std::find_if(schema.begin(), schema.end(),
                                 [&](const ParamSpec& s) { return s.name == p.name; });
    const std::string def = it->default_value;
    if (p.grid()) {
      const auto at = std::find(p.values.begin(), p.values.end(), def);
      point.push_back(at == p.values.end() ? double(p.values.size() / 2)
                                           : double(at - p.values.begin()));
    } else {
      double v = 0.5 * (p.low + p.high);
      try {
        v = std::stod(def);
      } catch (const std::exception&) {
      }
      point.push_back(std::clamp((v - p.low) / (p.high - p.low), 0.0, 1.0));
    }
  }
  return point;
}

// ---- NTBEA ---------------------------------------------------------------------------------

namespace {

// The N-tuple model: running means of the score for every value combination of each tuple of
// dimensions (all 1-tuples, all 2-tuples when there are few dimensions, and the full tuple).
class TupleModel {
 public:
  explicit TupleModel(int dimensions) {
    for (int i = 0; i < dimensions; ++i) tuples_.push_back({i});
    if (dimensions <= 8)
      for (int i = 0; i < dimensions; ++i)
        for (int j = i + 1; j < dimensions; ++j) tuples_.push_back({i, j});
    if (dimensions > 2) {
      std::vector<int> all(static_cast<size_t>(dimensions));
      std::iota(all.begin(), all.end(), 0);
      tuples_.push_back(all);
    }
    stats_.resize(tuples_.size());
  }

  void add(const std::vector<int>& point, double score) {
    ++evaluations_;
    for (size_t t = 0; t < tuples_.size(); ++t) {
      Cell& c = stats_[t][key(t, point)];
      ++c.n, c.sum += score;
    }
  }

  // Mean over the tuples of (mean + k * exploration bonus); unseen tuples count as very
  // promising so that every value gets tried.
  double ucb(const std::vector<int>& point, double k) const {
    double total = 0;
    for (size_t t = 0; t < tuples_.size(); ++t) {
      const auto it = stats_[t].find(key(t, point));
      const double n = it == stats_[t].end() ? 0 : it->second.n;
      const double mean = n > 0 ? it->second.sum / n : 0.5;
      total += mean + k * std::sqrt(std::log(double(evaluations_) + 1) / (n + 1e-3));
    }
    return total / double(tuples_.size());
  }
  double mean(const std::vector<int>& point) const { return ucb(point, 0.0); }

 private:
  struct Cell {
    double n = 0, sum = 0;
  };
  std::vector<int> key(size_t t, const std::vector<int>& point) const {
    std::vector<int> k;
    for (int d : tuples_[t]) k.push_back(point[size_t(d)]);
    return k;
  }
  std::vector<std::vector<int>> tuples_;
  std::vector<std::map<std::vector<int>, Cell>> stats_;
  uint64_t evaluations_ = 0;
};

std::vector<double> as_doubles(const std::vector<int>& v) { return {v.begin(), v.end()}; }

}  // namespace

TuneResult ntbea(const std::vector<int>& sizes, const std::vector<double>& start,
                 const RoundObjective& objective, const TunerSettings& settings) {
  const int d = int(sizes.size());
  TuneResult result;
  result.method = "ntbea";
  TupleModel model(d);
  Rng rng(derive_seed(settings.seed, 0, Stream::Search));
  const int population = settings.population > 0 ? settings.population : 4;
  constexpr int kNeighbours = 50;
  constexpr double kExploration = 0.5;  // scores are in [0, 1]
  std::vector<int> current;
  for (int i = 0; i < d; ++i)
    current.push_back(std::clamp(int(std::lround(start[size_t(i)])), 0, sizes[size_t(i)] - 1));
  std::set<std::vector<int>> evaluated;
  for (uint64_t round = 0; result.evaluations < settings.evaluations; ++round) {
    // Candidates: the current point first (until it has been tried), then the neighbours with
    // the highest upper confidence bounds.
    std::vector<std::vector<int>> neighbours;
    for (int k = 0; k < kNeighbours; ++k) {
      std::vector<int> x = current;
      const int forced = int(rng.below(uint32_t(d)));
      for (int i = 0; i < d; ++i)
        if ((i == forced || rng.chance(1.0 / d)) && sizes[size_t(i)] > 1) {
          int v = int(rng.below(uint32_t(sizes[size_t(i)] - 1)));
          x[size_t(i)] = v >= x[size_t(i)] ? v + 1 : v;  // a different value
        }
      neighbours.push_back(x);
    }
    std::stable_sort(neighbours.begin(), neighbours.end(), [&](const auto& a, const auto& b) {
      return model.ucb(a, kExploration) > model.ucb(b, kExploration);
    });
    std::vector<std::vector<int>> chosen;
    if (!evaluated.count(current)) chosen.push_back(current);
    for (const auto& x : neighbours) {
      if (int(chosen.size()) >= population ||
          result.evaluations + chosen.size() >= settings.evaluations)
        break;
      if (std::find(chosen.begin(), chosen.end(), x) == chosen.end()) chosen.push_back(x);
    }
    TuneRound r;
    r.round = round;
    for (const auto& x : chosen) r.points.push_back(as_doubles(x));
    r.scores = objective(r.points, round);
    for (size_t i = 0; i < chosen.size(); ++i) {
      model.add(chosen[i], r.scores[i]);
      evaluated.insert(chosen[i]);
    }
    result.evaluations += chosen.size();
    // Move to the most promising neighbour under the updated model (NTBEA's step).
    current =
        *std::max_element(neighbours.begin(), neighbours.end(), [&](const auto& a, const auto& b) {
          return model.ucb(a, kExploration) < model.ucb(b, kExploration);
        });
    // The recommendation: the evaluated point the model rates best.
    std::vector<int> best = *evaluated.begin();
    for (const auto& x : evaluated)
      if (model.mean(x) > model.mean(best)) best = x;
    r.incumbent = as_doubles(best);
    result.best = r.incumbent;
    result.rounds.push_back(std::move(r));
  }
  return result;
}

// ---- CMA-ES --------------------------------------------------------------------------------

namespace {
double normal(Rng& rng) {
  // Box-Muller from the portable uniform.
  const double u1 = 1.0 - rng.uniform(), u2 = rng.uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}
std::vector<double> to_vector(const Eigen::VectorXd& v) { return {v.data(), v.data() + v.size()}; }
}  // namespace

TuneResult cma_es(int n, const std::vector<double>& start, const RoundObjective& objective,
                  const TunerSettings& settings) {
  // (mu/mu_w, lambda)-CMA-ES with rank-one and rank-mu updates (Hansen's tutorial, 2016).
  TuneResult result;
  result.method = "cma-es";
  Rng rng(derive_seed(settings.seed, 0, Stream::Search));
  const int lambda = settings.population > 0 ? std::max(settings.population, 4)
                                             : 4 + int(std::floor(3 * std::log(double(n))));
  const int mu = lambda / 2;
  Eigen::VectorXd weights(mu);
  for (int i = 0; i < mu; ++i) weights[i] = std::log((lambda + 1) / 2.0) - std::log(i + 1.0);
  weights /= weights.sum();
  const double mu_eff = 1.0 / weights.squaredNorm();
  const double cc = (4 + mu_eff / n) / (n + 4 + 2 * mu_eff / n);
  const double cs = (mu_eff + 2) / (n + mu_eff + 5);
  const double c1 = 2 / ((n + 1.3) * (n + 1.3) + mu_eff);
  const double cmu = std::min(1 - c1, 2 * (mu_eff - 2 + 1 / mu_eff) / ((n + 2) * (n + 2) + mu_eff));
  const double damps = 1 + 2 * std::max(0.0, std::sqrt((mu_eff - 1) / (n + 1)) - 1) + cs;
  const double chi_n = std::sqrt(double(n)) * (1 - 1.0 / (4 * n) + 1.0 / (21.0 * n * n));

  Eigen::VectorXd mean = Eigen::Map<const Eigen::VectorXd>(start.data(), n);
  double sigma = 0.3;
  Eigen::VectorXd pc = Eigen::VectorXd::Zero(n), ps = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd C = Eigen::MatrixXd::Identity(n, n), B = C;
  Eigen::VectorXd D = Eigen::VectorXd::Ones(n);
  for (uint64_t round = 0;
       result.evaluations + uint64_t(lambda) <= std::max<uint64_t>(settings.evaluations, lambda);
       ++round) {
    std::vector<Eigen::VectorXd> z(static_cast<size_t>(lambda)), x(static_cast<size_t>(lambda));
    TuneRound r;
    r.round = round;
    for (int k = 0; k < lambda; ++k) {
      z[size_t(k)] = Eigen::VectorXd(n);
      for (int i = 0; i < n; ++i) z[size_t(k)][i] = normal(rng);
      // Points outside the box are repaired onto it; the update uses the repaired point.
      x[size_t(k)] =
          (mean + sigma * (B * D.asDiagonal() * z[size_t(k)])).cwiseMax(0.0).cwiseMin(1.0);
      r.points.push_back(to_vector(x[size_t(k)]));
    }
    r.scores = objective(r.points, round);
    result.evaluations += uint64_t(lambda);
    std::vector<int> order(static_cast<size_t>(lambda));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return r.scores[size_t(a)] > r.scores[size_t(b)]; });
    const Eigen::VectorXd old_mean = mean;
    mean.setZero();
    for (int i = 0; i < mu; ++i) mean += weights[i] * x[size_t(order[size_t(i)])];
    const Eigen::VectorXd step = (mean - old_mean) / sigma;
    const Eigen::MatrixXd inv_sqrt_c = B * D.cwiseInverse().asDiagonal() * B.transpose();
    ps = (1 - cs) * ps + std::sqrt(cs * (2 - cs) * mu_eff) * inv_sqrt_c * step;
    const double generation = double(round + 1);
    const bool hsig =
        ps.norm() / std::sqrt(1 - std::pow(1 - cs, 2 * generation)) / chi_n < 1.4 + 2.0 / (n + 1);
    pc = (1 - cc) * pc + (hsig ? std::sqrt(cc * (2 - cc) * mu_eff) : 0.0) * step;
    Eigen::MatrixXd rank_mu = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < mu; ++i) {
      const Eigen::VectorXd y = (x[size_t(order[size_t(i)])] - old_mean) / sigma;
      rank_mu += weights[i] * y * y.transpose();
    }
    C = (1 - c1 - cmu) * C + c1 * (pc * pc.transpose() + (hsig ? 0.0 : cc * (2 - cc)) * C) +
        cmu * rank_mu;
    sigma *= std::exp((cs / damps) * (ps.norm() / chi_n - 1));
    sigma = std::clamp(sigma, 1e-4, 1.0);
    C = 0.5 * (C + C.transpose());
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(C);
    B = eig.eigenvectors();
    D = eig.eigenvalues().cwiseMax(1e-20).cwiseSqrt();
    mean = mean.cwiseMax(0.0).cwiseMin(1.0);
    r.incumbent = to_vector(mean);
    result.best = r.incumbent;
    result.rounds.push_back(std::move(r));
  }
  if (result.best.empty()) result.best = start;
  return result;
}

// ---- SPSA ----------------------------------------------------------------------------------

TuneResult spsa(int n, const std::vector<double>& start, const RoundObjective& objective,
                const TunerSettings& settings) {
  // Spall's simultaneous perturbation: both sides of each perturbation on the same deals.
  TuneResult result;
  result.method = "spsa";
  Rng rng(derive_seed(settings.seed, 0, Stream::Search));
  const uint64_t iterations = std::max<uint64_t>(1, settings.evaluations / 2);
  const double big_a = 0.1 * double(iterations), alpha = 0.602, gamma = 0.101;
  const double c = 0.1;
  // A first step of about 0.1 in normalised units for a score difference of 0.05.
  const double a = 0.1 * std::pow(big_a + 1, alpha) / (0.05 / (2 * c));
  std::vector<double> theta = start;
  for (uint64_t k = 0; k < iterations; ++k) {
    const double ak = a / std::pow(double(k) + 1 + big_a, alpha);
    const double ck = c / std::pow(double(k) + 1, gamma);
    std::vector<double> delta(static_cast<size_t>(n)), plus = theta, minus = theta;
    for (int i = 0; i < n; ++i) {
      delta[size_t(i)] = rng.below(2) ? 1.0 : -1.0;
      plus[size_t(i)] = std::clamp(theta[size_t(i)] + ck * delta[size_t(i)], 0.0, 1.0);
      minus[size_t(i)] = std::clamp(theta[size_t(i)] - ck * delta[size_t(i)], 0.0, 1.0);
    }
    TuneRound r;
    r.round = k;
    r.points = {plus, minus};
    r.scores = objective(r.points, k);
    result.evaluations += 2;
    for (int i = 0; i < n; ++i) {
      const double gradient = (r.scores[0] - r.scores[1]) / (2 * ck * delta[size_t(i)]);
      theta[size_t(i)] = std::clamp(theta[size_t(i)] + ak * gradient, 0.0, 1.0);
    }
    r.incumbent = theta;
    result.rounds.push_back(std::move(r));
  }
  result.best = theta;
  return result;
}

}  // namespace nf
