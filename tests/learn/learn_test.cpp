// The learned value model: the fit, its file, and search with eval=learned.
#include <tbb/global_control.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "agents/registry.hpp"
#include "agents/search/learned_evaluation.hpp"
#include "core/error.hpp"
#include "experiments/tuning/learn.hpp"
#include "games/commanders/commanders.hpp"
#include "games/realms/realms.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "stats/value_model.hpp"
#include "tests/agents/helpers.hpp"

namespace nf {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("the value model fit recovers known weights from synthetic positions") {
  const std::array<double, 3> truth = {1.5, -2.0, 0.5};
  const double intercept = 0.3;
  LearnRows rows;
  rows.features = 3;
  Rng rng(7);
  for (int r = 0; r < 40000; ++r) {
    double z = intercept;
    for (double w : truth) {
      const float x = float(2 * rng.uniform() - 1);
      rows.x.push_back(x);
      z += w * x;
    }
    rows.y.push_back(rng.uniform() < 1 / (1 + std::exp(-z)) ? 1.0 : 0.0);
    rows.evaluation.push_back(std::nan(""));
    rows.game.push_back(uint32_t(r));
    rows.held_out.push_back(r % 5 == 0);
  }
  const ValueModel m = fit_value_model(rows, {"a", "b", "c"}, 0.0);
  for (size_t k = 0; k < truth.size(); ++k) CHECK(m.weights[k] == Approx(truth[k]).margin(0.08));
  CHECK(m.intercept == Approx(intercept).margin(0.05));
  CHECK(m.positions == 32000);
  CHECK(m.held_out.positions == 8000);
  CHECK(m.held_out.model.log_loss < m.held_out.constant.log_loss);
  CHECK_FALSE(m.held_out.has_evaluation);
}

TEST_CASE("learn's positions and fit are the same on 1 and 2 threads") {
  const realms::RealmsGame game;
  LearnOptions options;
  options.games = 24;
  options.seed = 3;
  options.every = 3;
  auto run = [&](int threads) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    return play_learning_games(game, {"heuristic", "heuristic"}, options);
  };
  const LearnRows one = run(1), two = run(2);
  REQUIRE(one.rows() > 100);
  CHECK(one.x == two.x);
  CHECK(one.y == two.y);
  CHECK(one.game == two.game);
  CHECK(one.held_out == two.held_out);
  const auto names = realms::RealmsGame::feature_names();
  const std::vector<std::string> n(names.begin(), names.end());
  CHECK(value_model_toml(fit_value_model(one, n, 1.0)) ==
        value_model_toml(fit_value_model(two, n, 1.0)));
  // Every row is labelled with its seat's result, and both seats' rows come in pairs.
  for (size_t r = 0; r + 1 < one.rows(); r += 2) CHECK(one.y[r] + one.y[r + 1] == 1.0);
}

TEST_CASE("a value model file round-trips and bad files are refused with their place") {
  ValueModel m;
  m.game = "realms";
  m.config = "map=vigridr";
  m.agent = "heuristic";
  m.games = 10;
  m.seed = 4;
  m.positions = 99;
  m.l2 = 0.5;
  m.intercept = -0.125;
  m.names = {"x", "y"};
  m.weights = {1.25, -3.5};
  m.held_out.positions = 20;
  m.held_out.model = {0.5, 0.75};
  m.held_out.constant = {0.69, 0.5};
  m.held_out.has_evaluation = true;
  m.held_out.evaluation = {0.6, 0.625};
  const ValueModel back = parse_value_model(value_model_toml(m), "m.toml");
  CHECK(back.game == m.game);
  CHECK(back.config == m.config);
  CHECK(back.games == 10);
  CHECK(back.intercept == m.intercept);
  CHECK(back.names == m.names);
  CHECK(back.weights == m.weights);
  CHECK(back.held_out.evaluation.accuracy == 0.625);
  CHECK(back.lines.size() == 2);

  CHECK_THAT(error_of([] {
               parse_value_model("game = 'realms'\nintercept = 0\n[[feature]]\nname = 'a'\n", "f");
             }),
             Catch::Contains("f:3: feature[1].weight: is missing"));
  CHECK_THAT(error_of([] {
               parse_value_model(
                   "game = 'realms'\nintercept = 0\n[[feature]]\nname = 'a'\nweight = 'big'\n",
                   "f");
             }),
             Catch::Contains("f:5: feature[1].weight: must be a number"));
  CHECK_THAT(error_of([] { parse_value_model("game = 'realms'\nintercpt = 0\n", "f"); }),
             Catch::Contains("f:2: intercpt: unknown field"));
  const std::array<std::string_view, 2> names = {"x", "z"};
  CHECK_THAT(error_of([&] { weights_for_features(back, "m.toml", "realms", names); }),
             Catch::Contains("m.toml:") && Catch::Contains("'y' is not a feature of realms"));
  CHECK_THAT(error_of([&] { weights_for_features(back, "m.toml", "commanders", names); }),
             Catch::Contains("m.toml: game: the weights are for 'realms', not 'commanders'"));
  const std::array<std::string_view, 3> more = {"x", "y", "w"};
  CHECK_THAT(error_of([&] { weights_for_features(back, "m.toml", "realms", more); }),
             Catch::Contains("feature 'w' of realms has no weight"));
}

TEST_CASE("search with eval=learned: shipped and file weights, refusals, determinism") {
  const realms::RealmsGame realms;
  // The shipped model matches the game's features.
  const search::LearnedEvaluation<realms::RealmsGame> shipped("shipped");
  const auto s = realms.initial_state(2);
  const double p0 = shipped.win_probability(realms, s, 0);
  CHECK(p0 > 0.0);
  CHECK(p0 < 1.0);
  const auto r = shipped.evaluate(realms, s);
  CHECK(r[0] == Approx(-r[1]));

  // Same seed, same decision and the same statistics.
  const std::string spec = "ismcts(iterations=200,eval=learned)";
  auto a = make_agent(realms, spec), b = make_agent(realms, spec);
  Rng ra(11), rb(11);
  CHECK(a->act(s, ra) == b->act(s, rb));
  CHECK(testing::root_visits(realms, *a, s) == testing::root_visits(realms, *b, s));

  // A weights file of the other game, a missing file, a game without features.
  const commanders::CommandersGame commanders;
  const std::string realms_file =
      write_temp("nf_learn_test_realms.toml", std::string(realms::RealmsGame::value_model_text()));
  CHECK_THAT(error_of([&] {
               make_agent(commanders, "ismcts(eval=learned,depth=4,weights=" + realms_file + ")");
             }),
             Catch::Contains("the weights are for 'realms', not 'commanders'"));
  CHECK_THAT(error_of([&] { make_agent(commanders, "ismcts(eval=learned)"); }),
             Catch::Contains("ships no value model: give weights=FILE"));
  CHECK_THAT(error_of([&] { make_agent(realms, "ismcts(eval=learned,weights=/no/such.toml)"); }),
             Catch::Contains("/no/such.toml"));
  const reference::TicTacToeGame ttt;
  CHECK_THAT(error_of([&] { make_agent(ttt, "ismcts(eval=learned)"); }),
             Catch::Contains("game 'tic_tac_toe' has no features"));
  CHECK_THAT(error_of([&] { make_agent(commanders, "ismcts(depth=4)"); }),
             Catch::Contains("eval=learned scores them"));
  std::filesystem::remove(realms_file);
}

}  // namespace nf
