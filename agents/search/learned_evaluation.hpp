// eval=learned: a logistic value model (stats/value_model.hpp) over the game's features
// (agents/game_hooks.hpp) scores a cut-off rollout instead of the game's hand-written evaluate.
#pragma once

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <string>

#include "agents/game_hooks.hpp"
#include "core/error.hpp"
#include "core/toml_data.hpp"
#include "stats/value_model.hpp"

namespace nf::search {

template <Game G>
class LearnedEvaluation {
 public:
  static constexpr int kFeatures = feature_count<G>();

  // `weights`: "shipped" (the game's own value model) or the path of a weights file.
  explicit LearnedEvaluation(const std::string& weights) {
    if constexpr (!HasFeatures<G>) {
      throw Error(fmt::format("eval=learned: game '{}' has no features to learn from", G::kId));
    } else {
      std::string text, source;
      if (weights == "shipped") {
        if constexpr (HasShippedValueModel<G>) {
          text = std::string(G::value_model_text());
          source = fmt::format("games/{}/data/value.toml", G::kId);
        } else {
          throw Error(fmt::format(
              "eval=learned: game '{}' ships no value model: give weights=FILE (`ninefold learn` "
              "writes one)",
              G::kId));
        }
      } else {
        text = toml_data::read_file(weights, "value model");
        source = weights;
      }
      const auto names = G::feature_names();
      const ValueModel model = parse_value_model(text, source);
      const std::vector<double> w = weights_for_features(model, source, G::kId, names);
      for (int k = 0; k < kFeatures; ++k) weights_[size_t(k)] = float(w[size_t(k)]);
      intercept_ = float(model.intercept);
    }
  }

  // The model's probability that `seat` wins from `s`.
  double win_probability(const G& game, const typename G::State& s, int seat) const {
    if constexpr (HasFeatures<G>) {
      std::array<float, size_t(kFeatures)> x;
      game.features(s, seat, x);
      float z = intercept_;
      for (int k = 0; k < kFeatures; ++k) z += weights_[size_t(k)] * x[size_t(k)];
      return 1.0 / (1.0 + std::exp(-double(z)));
    } else {
      return 0.5;
    }
  }

  // Returns of a non-terminal state: with two players p0 - p1, where p_i is the probability
  // seat i wins from its own view (2p - 1 when the two views agree, and zero-sum either way);
  // with more, 2 p_i - 1 for each seat.
  Returns<G::kMaxPlayers> evaluate(const G& game, const typename G::State& s) const {
    Returns<G::kMaxPlayers> r{};
    const int n = game.num_players();
    if (n == 2) {
      const double p0 = win_probability(game, s, 0), p1 = win_probability(game, s, 1);
      r[0] = p0 - p1;
      r[1] = p1 - p0;
      return r;
    }
    for (int i = 0; i < n; ++i) r[size_t(i)] = 2 * win_probability(game, s, i) - 1;
    return r;
  }

 private:
  std::array<float, size_t(kFeatures)> weights_{};
  float intercept_ = 0;
};

}  // namespace nf::search
