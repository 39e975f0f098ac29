// The default `ismcts` of a game, read from the hooks the game has: a search that knows the
// game's heuristic and evaluation uses them without being told. Measured against each game's
// heuristic in docs/agents.md ("Against each game's heuristic").
#pragma once

#include <string>

#include "agents/game_hooks.hpp"
#include "agents/search/config.hpp"

namespace nf::search {

// The iterations a game declares (kSearchIterations, agents/game_hooks.hpp). With a heuristic:
// heuristic rollouts with a tenth of the moves random (so rollouts do not all follow one line), and
// a progressive bias toward the heuristic's move in selection. With an evaluation or a shipped
// value model as well: rollouts cut after kSearchDepth moves (8 unless the game says), since
// heuristic moves cost far more than random ones and the evaluation scores the rest; a shipped
// value model (eval=learned) is preferred to the hand-written evaluation, as it is fitted to
// predict results.
template <Game G>
Defaults game_defaults() {
  Defaults d;
  d.iterations = default_search_iterations<G>();
  if constexpr (HasHeuristic<G>) {
    d.rollout = std::string(default_search_rollout<G>());
    d.epsilon = 0.1;
    d.prior = 5;
    if constexpr (HasEvaluation<G> || HasShippedValueModel<G>) d.depth = default_search_depth<G>();
    if constexpr (HasShippedValueModel<G>) d.eval = "learned";
  }
  return d;
}

// The default `mcts` of a game: random rollouts (it searches the true state of a
// perfect-information game, and needs no model of anyone) and the iterations the game declares
// (kMctsIterations).
template <Game G>
Defaults mcts_defaults() {
  Defaults d;
  d.iterations = default_mcts_iterations<G>();
  return d;
}

}  // namespace nf::search
