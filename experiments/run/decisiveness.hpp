// The state evaluation behind the balance command's Decisiveness metric (core/ludii_metrics):
// each state of a played game is valued for every seat by random playouts from it (win 1,
// draw 1/2, loss 0), each from a determinization for the player to move, so no playout
// reuses the game's own future chance draws.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "agents/agent.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "stats/ludii_metrics.hpp"

namespace nf {

template <Game G>
GameDecisiveness measure_decisiveness(const G& game, std::span<const typename G::State> states,
                                      std::span<const SeatResult> results, int playouts, Rng& rng) {
  const int players = game.num_players();
  const RandomPolicy<G> random(game);
  std::vector<double> values(states.size() * size_t(players), 0.0);
  for (size_t i = 0; i < states.size(); ++i) {
    double* value = &values[i * size_t(players)];
    for (int k = 0; k < playouts; ++k) {
      typename G::State s = states[i];
      game.determinize(s, game.current_player(s), rng);
      playout(game, s, random, rng);
      const auto outcome = game_results(game, game.returns(s));
      for (int p = 0; p < players; ++p)
        value[p] += outcome[size_t(p)] == SeatResult::Win    ? 1.0
                    : outcome[size_t(p)] == SeatResult::Draw ? 0.5
                                                             : 0.0;
    }
    for (int p = 0; p < players; ++p) value[p] /= playouts;
  }
  return game_decisiveness(values, players, results);
}

// The Decisiveness sample a balance run takes unless told otherwise: as many games as fit in
// at most about a tenth of the main run's time, and at least 10 (a short run may spend more).
// A measured game values each of its ~L states with `playouts` random playouts of ~L/2 steps,
// while a main game costs at least its L decisions, so the share is at most
// games_measured * playouts * L / 2 over games * L. L is the mean length of random games from
// the first deals: a pure function of (game, seed), so the sample, and every result, is the
// same whatever the thread, shard or process count.
template <Game G>
uint64_t decisiveness_sample_size(const G& game, uint64_t seed, uint64_t games, int playouts) {
  constexpr uint64_t kPilotGames = 16;
  constexpr double kShareOfRun = 0.1;
  constexpr uint64_t kFewestGames = 10;
  const RandomPolicy<G> random(game);
  Rng rng(derive_seed(seed, 0, Stream::Misc, 1));
  uint64_t decisions = 0;
  for (uint64_t deal = 0; deal < kPilotGames; ++deal) {
    typename G::State s = game.initial_state(derive_seed(seed, deal, Stream::Deal));
    decisions += playout(game, s, random, rng);
  }
  const double length = std::max(1.0, double(decisions) / double(kPilotGames));
  const double sample = kShareOfRun * double(games) * 2 / (double(playouts) * length);
  return std::min(std::max(uint64_t(sample), kFewestGames), games);
}

}  // namespace nf
