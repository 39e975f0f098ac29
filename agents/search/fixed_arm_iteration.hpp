// The mcts iteration where every node's arms are fixed (SeesEverything::fixed_arms: a game
// without chance) and the tree is the thread's own: the fast form of `iterate` for the searches
// whose iterations are cheapest (tic-tac-toe's is about a thousand instructions). The descent
// keeps only the nodes it passes, chooses at a node without the general `choose`, and the
// backup copies their statistics into the columns UCT scores (SearchSteps::columns, UctColumns),
// so that UCT reads a node's arms side by side. The picks are those of `iterate`.
#pragma once

#include <cstdint>
#include <vector>

#include "agents/search/search_steps.hpp"

namespace nf::search {

template <Game G>
class FixedArmIteration {
 public:
  using Steps = SearchSteps<G, Trees::Own>;
  using State = typename G::State;
  using TreeType = typename Steps::TreeType;

  FixedArmIteration() { path_.reserve(256); }

  void run(Steps& steps, const State& root) {
    static_assert(SeesEverything::fixed_arms<G>());
    TreeType& t = steps.tree(0);
    State s = steps.template sample_world<SeesEverything>(root);
    path_.clear();
    typename Steps::Step step{TreeType::kRoot, kNoNode, 0.0};
    bool expanded = false;
    while (!expanded && !steps.game().is_terminal(s)) {
      steps.ask_prior(s);
      const typename G::Action action = steps.fixed_step(s, t, step, expanded);
      path_.push_back(step.child);
      step.parent = step.child;
      steps.game().apply(s, action);
    }
    const typename Steps::Result result = steps.play_out(s);
    UctColumns& columns = steps.columns();
    for (const uint32_t i : path_) {
      auto& n = t[i];
      n.add(result[size_t(n.mover)]);
      columns.record(i, n.mean, n.visits);
    }
  }

 private:
  std::vector<uint32_t> path_;  // the nodes below the root the descent passed
};

}  // namespace nf::search
