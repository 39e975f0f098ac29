// A logistic value model of a game: the probability that a seat wins from a position, as the
// logistic of a weighted sum of the game's features (the feature hook, agents/game_hooks.hpp).
// `ninefold learn` fits one and writes it as TOML; search reads it to score cut-off rollouts.
//
//   game = "realms"                 the game whose features the weights belong to
//   config = "map=vigridr,..."      the config the positions came from
//   agent = "heuristic"             the self-play agent
//   games = 20000, seed = 1, positions = 512000, l2 = 1.0
//   intercept = 0.02
//   [[feature]]                     one per feature, in the game's order
//   name = "own_blood"
//   weight = 2.31
//   [held_out]                      metrics on the held-out games (optional when read)
//   positions, log_loss, accuracy, constant_log_loss, constant_accuracy,
//   evaluation_log_loss, evaluation_accuracy (the game's hand-written evaluation, if any)
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nf {

// Log-loss (mean negative log-likelihood) and accuracy (share of positions whose predicted
// side, p above or below 1/2, won; a draw counts as half right) of a predictor on held-out data.
struct PredictionScore {
  double log_loss = 0, accuracy = 0;
};

struct HeldOutMetrics {
  uint64_t positions = 0;
  PredictionScore model, constant;
  bool has_evaluation = false;  // the game has a hand-written evaluation to compare with
  PredictionScore evaluation;
};

struct ValueModel {
  std::string game, config, agent;
  uint64_t games = 0, seed = 0, positions = 0;
  double l2 = 0;
  double intercept = 0;
  std::vector<std::string> names;
  std::vector<double> weights;  // one per name
  std::vector<int> lines;       // where each feature's entry starts in the file read (0: unknown)
  HeldOutMetrics held_out;
};

// Scores predicted probabilities `p` against outcomes `y` in [0, 1].
PredictionScore score_predictions(std::span<const double> p, std::span<const double> y);

// The file's text (the format above).
std::string value_model_toml(const ValueModel& model);

// Reads a value model; every defect is one nf::Error naming `source`, the line and the field.
ValueModel parse_value_model(std::string_view text, const std::string& source);

// The weights in the order of `names` (the game's features): nf::Error naming `source` and the
// feature when the model is of another game, or a feature is missing, unknown or repeated.
std::vector<double> weights_for_features(const ValueModel& model, const std::string& source,
                                         std::string_view game,
                                         std::span<const std::string_view> names);

}  // namespace nf
