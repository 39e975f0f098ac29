// The default `ismcts` of a game, read from the hooks the game has: a search that knows the
// game's heuristic and evaluation uses them without being told. Measured against each game's
// heuristic in docs/agents.md ("Against each game's heuristic").
#pragma once

#include "agents/game_hooks.hpp"
#include "agents/search/config.hpp"

namespace nf::search {

// The iterations a game declares (kSearchIterations, agents/game_hooks.hpp). With a heuristic:
// heuristic rollouts with a tenth of the moves random (so rollouts do not all follow one line), and
// a progressive bias toward the heuristic's move in selection. With an evaluation as well: rollouts
// cut after 8 moves, since heuristic moves cost far more than random ones and the evaluation scores
// the rest.
template <Game G>
Defaults game_defaults() {
  Defaults d;
  d.iterations = default_search_iterations<G>();
  if constexpr (HasHeuristic<G>) {
    d.rollout = "heuristic";
    d.epsilon = 0.1;
    d.prior = 5;
    if constexpr (HasEvaluation<G>) d.depth = 8;
  }
  return d;
}

}  // namespace nf::search
