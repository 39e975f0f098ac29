#include "experiments/tuning/learn.hpp"

#include <Eigen/Dense>

#include <unistd.h>

#include <map>
#include <set>

#include "experiments/report/atomic_file.hpp"
#include "stats/logistic_regression.hpp"

namespace nf {

std::string self_play_agents(const std::vector<std::string>& specs) {
  const bool same =
      std::all_of(specs.begin(), specs.end(), [&](const std::string& s) { return s == specs[0]; });
  return same ? specs[0] : fmt::format("{}", fmt::join(specs, ","));
}

void check_learn_options(const LearnOptions& options) {
  if (options.games < 2) throw Error("learn: --games must be at least 2");
  if (options.every < 1) throw Error("learn: --every must be at least 1");
  if (!(options.held_out > 0 && options.held_out < 1))
    throw Error(
        fmt::format("learn: --held-out {} must lie strictly between 0 and 1", options.held_out));
  if (!(options.l2 >= 0) || !std::isfinite(options.l2))
    throw Error(fmt::format("learn: --l2 {} must be a finite number, 0 or more", options.l2));
  if (!(options.max_memory_gb >= 0) || !std::isfinite(options.max_memory_gb))
    throw Error(fmt::format("learn: --max-memory {} must be a finite number of GB, 0 or more",
                            options.max_memory_gb));
  if (options.out.empty()) throw Error("learn: --out FILE is required");
  const std::filesystem::path parent = std::filesystem::path(options.out).parent_path();
  std::error_code error;
  if (!parent.empty() && !std::filesystem::is_directory(parent, error))
    throw Error(fmt::format("learn: --out '{}': the directory '{}' does not exist", options.out,
                            parent.string()));
  if (std::filesystem::is_directory(options.out, error))
    throw Error(fmt::format("learn: --out '{}' is a directory, not a file", options.out));
}

double learn_memory_limit(const LearnOptions& options) {
  if (options.max_memory_gb > 0) return options.max_memory_gb * 1e9;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? 0.8 * double(pages) * double(page) : 8e9;
}

void check_learn_memory(const LearnOptions& options, uint64_t played, size_t rows, int features,
                        int players, double limit) {
  if (played == 0 || rows == 0) return;
  // A row is held as float features, its result, evaluation, game and held-out flag; the fit
  // copies it as doubles. Growing the rows' vectors may briefly need twice what they hold.
  const double held = 4.0 * features + 21, fitted = 8.0 * (features + 1) + 8;
  const double per_row = std::max(2 * held, held + fitted);
  const double expected_rows = double(rows) * double(options.games) / double(played);
  const double need = expected_rows * per_row;
  if (need <= limit) return;
  const auto gb = [](double bytes) {
    return bytes >= 1e8 ? fmt::format("{:.1f} GB", bytes / 1e9)
                        : fmt::format("{:.3g} GB", bytes / 1e9);
  };
  // Sampling less often helps while a game still has a sampled decision to give.
  const double decisions = double(rows) / double(played) / players * options.every;
  const uint64_t every = uint64_t(std::ceil(double(options.every) * need / limit));
  const uint64_t games = uint64_t(double(options.games) * limit / need);
  const std::string less_often =
      double(every) <= decisions ? fmt::format("sample less often (--every {}), ", every) : "";
  throw Error(fmt::format(
      "learn: {} games sampled every {} decisions make about {:.0f} positions ({} rows so far "
      "from {} games), about {} to hold and fit, more than the {} allowed (--max-memory): {}play "
      "fewer games (--games {}), or allow more",
      options.games, options.every, expected_rows, rows, played, gb(need), gb(limit), less_often,
      games));
}

ValueModel fit_value_model(const LearnRows& rows, const std::vector<std::string>& names,
                           double l2) {
  const Eigen::Index k = rows.features;
  size_t train = 0;
  for (uint8_t h : rows.held_out) train += h == 0;
  const size_t test = rows.rows() - train;
  if (train == 0 || test == 0)
    throw Error(fmt::format(
        "learn: {} positions to fit and {} held out: play more games (--games) or sample more "
        "often (--every)",
        train, test));
  // Column 0 is the intercept (not penalised).
  Eigen::MatrixXd x(static_cast<Eigen::Index>(train), k + 1);
  Eigen::VectorXd y(static_cast<Eigen::Index>(train));
  double mean = 0;
  for (size_t r = 0, i = 0; r < rows.rows(); ++r) {
    if (rows.held_out[r]) continue;
    x(Eigen::Index(i), 0) = 1;
    for (Eigen::Index c = 0; c < k; ++c)
      x(Eigen::Index(i), c + 1) = rows.x[r * size_t(k) + size_t(c)];
    y(Eigen::Index(i)) = rows.y[r];
    mean += rows.y[r];
    ++i;
  }
  mean /= double(train);
  const LogisticFit fit = fit_logistic(x, y, l2, {0});
  if (!fit.converged) throw Error("learn: the logistic fit did not converge");
  ValueModel model;
  model.l2 = l2;
  model.positions = train;
  model.intercept = fit.coefficients(0);
  model.names = names;
  for (Eigen::Index c = 0; c < k; ++c) model.weights.push_back(fit.coefficients(c + 1));
  // Held out: the model, the training share of wins as a constant, and the game's evaluation.
  std::vector<double> p_model, p_constant, p_evaluation, outcome;
  bool has_evaluation = true;
  for (size_t r = 0; r < rows.rows(); ++r) {
    if (!rows.held_out[r]) continue;
    double z = model.intercept;
    for (Eigen::Index c = 0; c < k; ++c)
      z += model.weights[size_t(c)] * rows.x[r * size_t(k) + size_t(c)];
    p_model.push_back(1 / (1 + std::exp(-z)));
    p_constant.push_back(mean);
    p_evaluation.push_back(rows.evaluation[r]);
    has_evaluation = has_evaluation && !std::isnan(rows.evaluation[r]);
    outcome.push_back(rows.y[r]);
  }
  HeldOutMetrics& h = model.held_out;
  h.positions = test;
  h.model = score_predictions(p_model, outcome);
  h.constant = score_predictions(p_constant, outcome);
  h.has_evaluation = has_evaluation;
  if (has_evaluation) h.evaluation = score_predictions(p_evaluation, outcome);
  return model;
}

namespace {

// The mean of `values` over positions, with a 95% interval from the game-clustered (ratio)
// standard error: games are the independent samples.
Interval clustered_mean(const std::vector<double>& values, const std::vector<uint32_t>& games) {
  std::map<uint32_t, std::pair<double, double>> per_game;  // sum, positions
  double total = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    auto& [sum, n] = per_game[games[i]];
    sum += values[i];
    n += 1;
    total += values[i];
  }
  const double positions = double(values.size()), mean = total / positions;
  const double clusters = double(per_game.size());
  double spread = 0;
  for (const auto& [game, sn] : per_game) spread += std::pow(sn.first - mean * sn.second, 2);
  const double se = clusters > 1 ? std::sqrt(clusters / (clusters - 1) * spread) / positions : 0.0;
  return {mean, mean - kZ95 * se, mean + kZ95 * se};
}

std::string interval_text(const Interval& i) {
  return fmt::format("{:.4f} [{:.4f}, {:.4f}]", i.estimate, i.low, i.high);
}

}  // namespace

void print_value_model(const ValueModel& m, const LearnRows& rows, double seconds) {
  fmt::print("{}: {} self-play games of {}, seed {}, {:.1f} s\nconfig: {}\n", m.game, m.games,
             m.agent, m.seed, seconds, m.config);
  fmt::print("fitted on {} positions (every seat's view), l2 {}; intercept {:+.4f}\n\n",
             m.positions, m.l2, m.intercept);
  fmt::print("{:<24} {:>9}\n", "feature", "weight");
  for (size_t i = 0; i < m.names.size(); ++i)
    fmt::print("{:<24} {:>+9.4f}\n", m.names[i], m.weights[i]);
  // Per held-out position: each predictor's loss and whether it called the result.
  const size_t k = size_t(rows.features);
  std::vector<uint32_t> games;
  std::array<std::vector<double>, 3> loss, right;  // model, constant, evaluate()
  std::vector<double> gain;                        // evaluate()'s loss minus the model's
  double mean = 0, train = 0;
  for (size_t r = 0; r < rows.rows(); ++r)
    if (!rows.held_out[r]) mean += rows.y[r], train += 1;
  mean /= std::max(1.0, train);
  for (size_t r = 0; r < rows.rows(); ++r) {
    if (!rows.held_out[r]) continue;
    double z = m.intercept;
    for (size_t c = 0; c < k; ++c) z += m.weights[c] * rows.x[r * k + c];
    const std::array<double, 3> p = {1 / (1 + std::exp(-z)), mean, rows.evaluation[r]};
    std::array<double, 3> l{};
    for (size_t i = 0; i < 3; ++i) {
      const PredictionScore one = score_predictions(std::span(&p[i], 1), std::span(&rows.y[r], 1));
      l[i] = one.log_loss;
      loss[i].push_back(one.log_loss);
      right[i].push_back(one.accuracy);
    }
    gain.push_back(l[2] - l[0]);
    games.push_back(rows.game[r]);
  }
  std::set<uint32_t> distinct(games.begin(), games.end());
  fmt::print("\nheld out: {} positions of {} games not fitted on (intervals: 95%, by game)\n",
             m.held_out.positions, distinct.size());
  fmt::print("{:<26} {:<27} {:<27}\n", "predictor", "log-loss", "accuracy");
  const std::array<std::string_view, 3> names = {"value model", "constant (share of wins)",
                                                 "the game's evaluate()"};
  for (size_t i = 0; i < (m.held_out.has_evaluation ? 3u : 2u); ++i)
    fmt::print("{:<26} {:<27} {:<27}\n", names[i], interval_text(clustered_mean(loss[i], games)),
               interval_text(clustered_mean(right[i], games)));
  if (m.held_out.has_evaluation)
    fmt::print("log-loss of evaluate() minus the model's: {}\n",
               interval_text(clustered_mean(gain, games)));
}

void write_value_model(const ValueModel& model, const std::string& path) {
  write_file_atomically(path, value_model_toml(model));
}

}  // namespace nf
