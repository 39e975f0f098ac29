// The state evaluation behind the balance command's Decisiveness metric (core/ludii_metrics):
// each state of a played game is valued for every seat by random playouts from it (win 1,
// draw 1/2, loss 0), each from a determinization for the player to move, so no playout
// reuses the game's own future chance draws.
#pragma once

#include <span>
#include <vector>

#include "agents/agent.hpp"
#include "core/game.hpp"
#include "core/ludii_metrics.hpp"
#include "core/rng.hpp"

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
      const auto outcome = seat_results(game.returns(s), players);
      for (int p = 0; p < players; ++p)
        value[p] += outcome[size_t(p)] == SeatResult::Win    ? 1.0
                    : outcome[size_t(p)] == SeatResult::Draw ? 0.5
                                                             : 0.0;
    }
    for (int p = 0; p < players; ++p) value[p] /= playouts;
  }
  return game_decisiveness(values, players, results);
}

}  // namespace nf
