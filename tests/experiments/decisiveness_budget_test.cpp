// The Decisiveness side metric's default sample: a small, deterministic share of the run.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "experiments/run/balance_run_of.hpp"
#include "games/reference/tic_tac_toe.hpp"

using namespace nf;
using reference::TicTacToeGame;

namespace {

// Mean length of random tic-tac-toe games: the unit of the cost model.
double random_game_length(const TicTacToeGame& game) {
  const RandomPolicy<TicTacToeGame> random(game);
  Rng rng(3);
  uint64_t decisions = 0;
  constexpr int kGames = 2000;
  for (int g = 0; g < kGames; ++g) {
    auto s = game.initial_state(uint64_t(g));
    decisions += playout(game, s, random, rng);
  }
  return double(decisions) / kGames;
}

BalanceReport run_balance(uint64_t games, int threads) {
  const TicTacToeGame game;
  BalanceOptions options;
  options.agents = {"random"};
  options.games = games;
  options.threads = threads;
  options.quiet = true;
  const ParamSet config(TicTacToeGame::config_schema(), {}, "test");
  BalanceRunOf<TicTacToeGame> run(game, config, options);
  return run.run();
}

}  // namespace

TEST_CASE("decisiveness budget: by default about a tenth of the run, at least 10 games") {
  const TicTacToeGame game;
  const double length = random_game_length(game);
  constexpr int kPlayouts = 32;
  for (uint64_t games : {uint64_t{20'000}, uint64_t{200'000}, uint64_t{2'000'000}}) {
    const uint64_t sample = decisiveness_sample_size(game, 1, games, kPlayouts);
    // Playout moves of the sample (each of a game's states played out to the end) against
    // the run's own moves: about a tenth.
    const double share =
        double(sample) * length * kPlayouts * (length / 2) / (double(games) * length);
    INFO("games " << games << ", sample " << sample << ", share " << share);
    CHECK(share <= 0.12);
    CHECK(share >= 0.07);
    CHECK(decisiveness_sample_size(game, 1, games, kPlayouts) == sample);  // no timing in it
  }
  CHECK(decisiveness_sample_size(game, 1, 500, kPlayouts) == 10);  // a short run: 10 games
  CHECK(decisiveness_sample_size(game, 1, 4, kPlayouts) == 4);     // never more than the run
}

TEST_CASE("decisiveness budget: the default sample is the same on any thread count") {
  const BalanceReport one = run_balance(40'000, 1), two = run_balance(40'000, 2);
  const uint64_t expected = decisiveness_sample_size(TicTacToeGame(), 1, 40'000, 32);
  CHECK(one.identity["decisiveness"][0] == expected);
  CHECK(one.totals.ludii.decisiveness_moves.n == two.totals.ludii.decisiveness_moves.n);
  CHECK(one.totals.counts_json() == two.totals.counts_json());
  // The stride spreads it over the run: about the sample, never the whole run.
  CHECK(one.totals.ludii.decisiveness_moves.n >= expected);
  CHECK(one.totals.ludii.decisiveness_moves.n <= expected + 2);
}
