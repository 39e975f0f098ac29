// The tree search agent (mcts and ismcts): one worker per thread, each on its own trees, root
// statistics merged in thread order (root parallelism, worker.hpp), or one set of trees
// searched by lanes on every thread (tree parallelism, lane.hpp and TreeParallelSearch).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include <tbb/task_arena.h>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/search/budget.hpp"
#include "agents/search/config.hpp"
#include "agents/search/lane.hpp"
#include "agents/search/report.hpp"
#include "agents/search/tree_parallel_search.hpp"
#include "agents/search/worker.hpp"
#include "core/error.hpp"

namespace nf::search {

template <Game G>
class TreeSearchAgent final : public Agent<G> {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  TreeSearchAgent(const G& game, const Config& config, std::string spec)
      : Agent<G>(std::move(spec)), game_(&game), config_(config) {
    if (config.variant == Variant::Mcts && !is_perfect_information<G>() && !config.see_hidden)
      throw Error(fmt::format(
          "agent 'mcts' searches the true state, but game '{}' hides information: use ismcts, "
          "or mcts(see_hidden=true) for a cheating upper bound",
          G::kId));
    if (tree_parallel()) {
      for (size_t i = 0; i < lanes(); ++i) {
        lanes_.push_back(std::make_unique<Lane<G>>(game, config));
        if (i > 0) lanes_[i]->share_trees_of(*lanes_[0]);
      }
    } else {
      for (int i = 0; i < config.threads; ++i)
        workers_.push_back(std::make_unique<Worker<G>>(game, config));
    }
  }

  Action act(const State& state, Rng& rng) override {
    const int seat = game_->current_player(state);
    ActionList<G> legal;
    game_->legal_actions(state, legal);
    report_ = {};
    if (legal.size() == 1) return legal[0];
    for (const Action& a : legal) report_.root.push_back({a, 0, 0.0});
    if (tree_parallel()) {
      const SearchBudget budget(config_, lanes_.size(), rng);
      TreeParallelSearch<G>(lanes_).run(state, seat, budget, size_t(config_.threads), arena_);
      // Every lane searched the first one's trees.
      for (const auto& lane : lanes_) report_.iterations += lane->iterations();
      add_root(*lanes_[0], seat);
    } else {
      const SearchBudget budget(config_, workers_.size(), rng);
      budget.run(arena_, [&](size_t i) { workers_[i]->search(state, seat, budget, i); });
      for (const auto& worker : workers_) {
        report_.iterations += worker->iterations();
        add_root(*worker, seat);
      }
    }
    return pick_final(rng);
  }

  const SearchReport<G>& last_search() const { return report_; }
  // The searching seat's tree of the last search (the first thread's), for tests and tools.
  const Tree<Action>& last_tree() const {
    return tree_parallel() ? lanes_[0]->root_tree() : workers_[0]->root_tree();
  }
  int threads() const override { return config_.threads; }

 private:
  bool tree_parallel() const {
    return config_.tree_parallel && (config_.threads > 1 || lanes() > 1);
  }
  // Tree parallelism's iterations in flight: by default kLanesPerThread per thread, so that
  // while the sequencer descends or backs up, every other thread has work off the trees (one
  // thread alone is the sequential search).
  size_t lanes() const {
    if (config_.lanes > 0) return size_t(config_.lanes);
    if (config_.threads == 1) return 1;
    return std::min(TreeParallelSearch<G>::kLanesPerThread * size_t(config_.threads),
                    TreeParallelSearch<G>::kMaxLanes);
  }

  // Adds the statistics of the seat's moves at the root of `searcher`'s tree (a Worker's, or
  // the lanes' shared one) to the report, and its tree's size.
  template <class Searcher>
  void add_root(const Searcher& searcher, int seat) {
    const auto& tree = searcher.root_tree();
    const auto add_arm = [&](const auto& arm) {
      for (auto& stat : report_.root)
        if (arm.action == stat.action) {
          stat.visits += arm.visits;
          stat.reward += arm.reward_sum();
        }
    };
    // The seat's moves at the root: its children in mcts, the children of its run (one: the
    // searching seat observes the same root in every world) in ismcts.
    const auto& root = tree[Tree<Action>::kRoot];
    for (uint32_t c = root.first_child; c < root.first_child + root.children; ++c) {
      if (tree[c].mover != seat || tree[c].hidden) continue;
      if (!tree[c].run) {
        add_arm(tree[c]);
        continue;
      }
      for (uint32_t m = tree[c].first_child; m < tree[c].first_child + tree[c].children; ++m)
        add_arm(tree[m]);
    }
    report_.nodes += searcher.slots();
  }

  Action pick_final(Rng& rng) const {
    const auto& root = report_.root;
    size_t best = 0;
    if (config_.final_move == FinalMove::VisitProportional) {
      uint64_t total = 0;
      for (const auto& s : root) total += s.visits;
      if (total > 0) {
        uint64_t pick = rng.next() % total;  // bias below 2^-40 for any real visit total
        for (size_t i = 0; i < root.size(); ++i) {
          if (pick < root[i].visits) return root[i].action;
          pick -= root[i].visits;
        }
      }
    }
    for (size_t i = 1; i < root.size(); ++i) {
      const auto& a = root[i];
      const auto& b = root[best];
      const bool better =
          config_.final_move == FinalMove::HighestMean
              ? (a.visits > 0 && (b.visits == 0 || a.mean() > b.mean()))
              : (a.visits > b.visits || (a.visits == b.visits && a.mean() > b.mean()));
      if (better) best = i;
    }
    return root[best].action;
  }

  const G* game_;
  Config config_;
  tbb::task_arena arena_{config_.threads};           // the search's threads (see SearchBudget::run)
  std::vector<std::unique_ptr<Worker<G>>> workers_;  // root parallelism: one a thread
  std::vector<std::unique_ptr<Lane<G>>> lanes_;      // tree parallelism
  SearchReport<G> report_;
};

}  // namespace nf::search
