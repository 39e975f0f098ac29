// One thread's search over its own trees: the whole search on one thread, or one of root
// parallelism's threads (TreeSearchAgent merges their roots). Its iterations run start to
// end, one after another: FixedArmIteration for mcts on a game without chance, `iterate` for
// every other search. (Tree parallelism's threads share one set of trees: lane.hpp.)
#pragma once

#include <cstdint>

#include "agents/search/budget.hpp"
#include "agents/search/fixed_arm_iteration.hpp"
#include "agents/search/iteration.hpp"
#include "agents/search/search_steps.hpp"

namespace nf::search {

template <Game G>
class Worker {
 public:
  using Steps = SearchSteps<G, Trees::Own>;
  using State = typename G::State;
  using TreeType = typename Steps::TreeType;

  Worker(const G& game, const Config& config) : steps_(game, config) {}

  // Runs this thread's share of `budget` from `root` for the player to move, `seat`.
  void search(const State& root, int seat, const SearchBudget& budget, size_t thread) {
    steps_.begin(seat, budget.seed(thread));
    steps_.reset_trees();
    iterations_ = 0;
    with_view(steps_.config().variant, [&]<class View>(View) {
      if constexpr (View::template fixed_arms<G>())
        for (; budget.more(thread, iterations_); ++iterations_) fixed_arms_.run(steps_, root);
      else
        for (; budget.more(thread, iterations_); ++iterations_) iterate<View>(steps_, root);
    });
  }

  const TreeType& root_tree() const { return steps_.root_tree(); }
  uint64_t iterations() const { return iterations_; }
  uint64_t slots() const { return steps_.slots(); }

 private:
  Steps steps_;
  FixedArmIteration<G> fixed_arms_;
  uint64_t iterations_ = 0;
};

}  // namespace nf::search
