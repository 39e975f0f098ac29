// The general search iteration, run start to end on one thread over the thread's own trees:
// a world the searching seat cannot tell from the root; a descent, each move chosen in the
// tree of its mover and followed by every other tree, until a node is reached for the first
// time; a rollout from there; its returns backed up every tree's path. Worker runs it for
// every search but mcts on a game without chance, which FixedArmIteration runs faster.
#pragma once

#include "agents/search/search_steps.hpp"

namespace nf::search {

template <class View, Game G>
void iterate(SearchSteps<G, Trees::Own>& steps, const typename G::State& root) {
  using Steps = SearchSteps<G, Trees::Own>;
  typename G::State s = steps.template sample_world<View>(root);
  typename Steps::Descent d;
  steps.template clear_paths<View>();
  while (!d.expanded && !steps.game().is_terminal(s)) {
    const typename Steps::Prepared prepared = steps.template prepare_step<View>(s, d);
    steps.game().apply(s, steps.template take_step<View>(s, prepared, d));
  }
  steps.template back_up<View>(steps.play_out(s));
}

}  // namespace nf::search
