// `ninefold learn`: fits a logistic value model of a game (stats/value_model.hpp) from self-play.
//
// Game g of a run is dealt from derive_seed(seed, g, Deal) and its seats' agents draw from
// derive_seed(seed, g, Agent, seat), as in `balance`. Every `every`-th decision of a game (from
// the first) is a sampled position; each seat's features of it form one row, labelled with that
// seat's result (win 1, draw 1/2, loss 0). Games whose index falls in the held-out share (by
// index, so whole games) are kept out of the fit and score it. Rows are assembled in game order,
// so the fit and the file depend on the seed only, never on the thread count.
//
// Every row is held in memory for the fit. Games are played in chunks, and after each the run's
// memory is estimated from the positions so far: a run that would need more than its
// `max_memory` stops there with the estimate and what to change, instead of being killed by
// the system hours later.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "experiments/run/lineup.hpp"
#include "experiments/run/runner.hpp"
#include "stats/value_model.hpp"

namespace nf {

struct LearnOptions {
  std::map<std::string, std::string> config;
  std::vector<std::string> agents;  // by seat, or one for every seat; empty: the game's default
  uint64_t games = 2000;
  uint64_t seed = 1;
  int threads = 0;
  int every = 4;             // sample every k-th decision
  double held_out = 0.2;     // share of the games kept out of the fit
  double l2 = 1.0;           // penalty on the squared weights (not the intercept)
  double max_memory_gb = 0;  // the most the rows and their fit may take; 0: 80% of the memory
  std::string out;           // the weights file
  bool quiet = false;
};

// The sampled positions of a run: row r has `features` values at x[r * features ...].
struct LearnRows {
  int features = 0;
  std::vector<float> x;
  std::vector<double> y;           // the seat's result: 1, 1/2 or 0
  std::vector<double> evaluation;  // the game's evaluate() as a probability, or NaN
  std::vector<uint32_t> game;      // the game each row came from
  std::vector<uint8_t> held_out;   // 1: a held-out game's row
  size_t rows() const { return y.size(); }
};

// Whether game `index` of a run with master seed `seed` is held out: drawn from the game's own
// seed stream, so the choice does not depend on the run's length or its threads.
inline bool held_out_game(uint64_t seed, uint64_t index, double share) {
  return double(derive_seed(seed, index, Stream::Misc) % 1'000'000) < share * 1e6;
}

// The memory a run may use (LearnOptions::max_memory_gb, or 80% of the machine's), in bytes.
double learn_memory_limit(const LearnOptions& options);

// Refuses a run whose `played` games of `options.games` made `rows` rows of `features`
// values (one per seat of `players` per sampled decision), when all its games would need more
// than `limit` bytes to hold and fit.
void check_learn_memory(const LearnOptions& options, uint64_t played, size_t rows, int features,
                        int players, double limit);

// Fits the model on the rows that are not held out and scores it on those that are. The caller
// fills in the run's description (game, config, agent, ...).
ValueModel fit_value_model(const LearnRows& rows, const std::vector<std::string>& names, double l2);

// Prints the fit's weights and its held-out metrics, each with a 95% interval that counts a
// held-out game, not a position, as one sample (a game's positions share its result).
void print_value_model(const ValueModel& model, const LearnRows& rows, double seconds);

// Writes the model atomically; throws nf::Error when it cannot.
void write_value_model(const ValueModel& model, const std::string& path);

// The self-play lineup as one text: the spec alone when every seat plays it.
std::string self_play_agents(const std::vector<std::string>& specs);

// Refuses bad options (before any game is played) with one message naming the option.
void check_learn_options(const LearnOptions& options);

template <Game G>
LearnRows play_learning_games(const G& game, const std::vector<std::string>& lineup,
                              const LearnOptions& options) {
  constexpr int kFeatures = feature_count<G>();
  const int players = game.num_players();
  struct GameRows {
    std::vector<float> x;
    std::vector<double> y, evaluation;
  };
  tbb::enumerable_thread_specific<std::vector<std::unique_ptr<Agent<G>>>> agents([&] {
    std::vector<std::unique_ptr<Agent<G>>> set;
    for (const std::string& spec : lineup) set.push_back(make_agent(game, spec));
    return set;
  });
  const auto play = [&](uint64_t g, GameRows& rows) {
    auto& set = agents.local();
    std::vector<Agent<G>*> seats;
    std::vector<Rng> rngs;
    for (int seat = 0; seat < players; ++seat) {
      seats.push_back(set[size_t(seat)].get());
      rngs.emplace_back(derive_seed(options.seed, g, Stream::Agent, uint64_t(seat)));
    }
    uint64_t decision = 0;
    std::vector<float> x(static_cast<size_t>(kFeatures));
    const PlayedGame<G> played = play_game<G>(
        game, seats, derive_seed(options.seed, g, Stream::Deal), rngs, nullptr,
        [&](const typename G::State& before, typename G::Action, const typename G::State&) {
          if (decision++ % uint64_t(options.every) != 0) return;
          if constexpr (HasFeatures<G>) {
            for (int seat = 0; seat < players; ++seat) {
              game.features(before, seat, std::span<float>(x));
              rows.x.insert(rows.x.end(), x.begin(), x.end());
              double p = std::numeric_limits<double>::quiet_NaN();
              if constexpr (HasEvaluation<G>) p = (game.evaluate(before)[size_t(seat)] + 1) / 2;
              rows.evaluation.push_back(p);
            }
          }
        });
    const auto results = game_results(game, played.returns);
    const size_t positions = rows.evaluation.size() / size_t(players);
    for (size_t i = 0; i < positions; ++i)
      for (int seat = 0; seat < players; ++seat)
        rows.y.push_back(results[size_t(seat)] == SeatResult::Win    ? 1.0
                         : results[size_t(seat)] == SeatResult::Draw ? 0.5
                                                                     : 0.0);
  };
  LearnRows out;
  out.features = kFeatures;
  const double memory_limit = learn_memory_limit(options);
  // A first chunk of a few hundred games is enough to estimate the run's memory.
  for (uint64_t begin = 0, chunk = 256; begin < options.games; begin += chunk, chunk = 4096) {
    const uint64_t end = std::min(options.games, begin + chunk);
    std::vector<GameRows> per_game(end - begin);
    tbb::parallel_for(begin, end, [&](uint64_t g) { play(g, per_game[size_t(g - begin)]); });
    for (uint64_t g = begin; g < end; ++g) {
      GameRows& rows = per_game[size_t(g - begin)];
      out.x.insert(out.x.end(), rows.x.begin(), rows.x.end());
      out.y.insert(out.y.end(), rows.y.begin(), rows.y.end());
      out.evaluation.insert(out.evaluation.end(), rows.evaluation.begin(), rows.evaluation.end());
      out.game.insert(out.game.end(), rows.y.size(), uint32_t(g));
      out.held_out.insert(out.held_out.end(), rows.y.size(),
                          uint8_t(held_out_game(options.seed, g, options.held_out)));
      rows = {};
    }
    check_learn_memory(options, end, out.rows(), kFeatures, players, memory_limit);
  }
  return out;
}

template <Game G>
int run_learn(const LearnOptions& options) {
  if constexpr (!HasFeatures<G>) {
    throw Error(fmt::format(
        "learn: game '{}' has no features to learn from (a game opts in with the features hook, "
        "agents/game_hooks.hpp)",
        G::kId));
  } else {
    check_learn_options(options);
    const ParamSet config(G::config_schema(), options.config,
                          fmt::format("game '{}' config", G::kId));
    const G game(config);
    std::vector<std::string> specs = options.agents;
    if (specs.empty()) specs = {HasHeuristic<G> ? "heuristic" : "random"};
    const std::vector<std::string> lineup = lineup_for_players(specs, game.num_players(), G::kId);
    std::vector<std::string> canonical;
    for (const std::string& spec : lineup) canonical.push_back(make_agent(game, spec)->spec());
    const int threads = options.threads > 0
                            ? options.threads
                            : int(std::max(1u, std::thread::hardware_concurrency()));
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    if (!options.quiet)
      fmt::print(stderr, "learn: {} games of {} ({}), sampling every {} decisions\n", options.games,
                 G::kId, self_play_agents(canonical), options.every);
    const auto start = std::chrono::steady_clock::now();
    const LearnRows rows = play_learning_games(game, lineup, options);
    const auto names = G::feature_names();
    ValueModel model =
        fit_value_model(rows, std::vector<std::string>(names.begin(), names.end()), options.l2);
    model.game = std::string(G::kId);
    model.config = config.to_string();
    model.agent = self_play_agents(canonical);
    model.games = options.games;
    model.seed = options.seed;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print_value_model(model, rows, seconds);
    write_value_model(model, options.out);
    fmt::print("wrote {}\n", options.out);
    return 0;
  }
}

}  // namespace nf
