// A lane of a tree-parallel search (parallel=tree, TreeParallelSearch): one of the iterations
// in flight over trees that every lane shares. It exists so that one search can use several
// threads and stay reproducible: its iterations are cut into steps, which alternate between
// work on the shared trees, run by one thread in a fixed order (a step of the descent:
// selection and expansion; or the backup), and work off them, run by any thread (applying the
// step's move and asking the heuristic for the next step's prior; or the rollout and the next
// iteration's world). While its iteration is in flight, its path carries a virtual loss so that
// the other lanes' descents spread over other moves.
#pragma once

#include <array>
#include <cstdint>

#include "agents/search/search_steps.hpp"

namespace nf::search {

template <Game G>
class Lane {
 public:
  using Steps = SearchSteps<G, Trees::SharedByLanes>;
  using State = typename G::State;
  using Action = typename G::Action;
  using TreeType = typename Steps::TreeType;

  Lane(const G& game, const Config& config) : steps_(game, config) {}

  // This lane works on `first`'s trees from now on.
  void share_trees_of(const Lane& first) { steps_.share_trees_of(first.steps_); }
  // Empties the trees before a search; done once, before the lanes start.
  void reset_trees() { steps_.reset_trees(); }

  // Seeds the lane for a search from `root` for the player to move, `seat`; its first work is
  // off the trees.
  void start(const State& root, int seat, uint64_t seed) {
    steps_.begin(seat, seed);
    root_ = &root;
    iterations_ = 0;
    phase_ = Phase::Starting;
    for (size_t t = 0; t < Steps::kMaxTrees; ++t) steps_.path(t).clear();
  }

  // The work off the trees: the world of its first iteration; or the move of its last step
  // applied, then the next step prepared or, where the descent ends, the rollout played and
  // the next iteration's world sampled and its first step prepared (the backup of this one
  // needs nothing more from the world).
  void work_off_trees() {
    with_view(steps_.config().variant, [&]<class View>(View) {
      if (phase_ != Phase::Starting) {
        steps_.game().apply(world_, step_move_);
        if (!descent_.expanded && !steps_.game().is_terminal(world_)) {
          prepared_ = steps_.template prepare_step<View>(world_, descent_);
          return;
        }
        result_ = steps_.play_out(world_);
      }
      phase_ = phase_ == Phase::Starting ? Phase::Descending : Phase::RolledOut;
      world_ = steps_.template sample_world<View>(*root_);
      descent_ = {};
      prepared_ = steps_.template prepare_step<View>(world_, descent_);
    });
  }

  // Whether the lane's next work on the trees is a backup (its iteration ends).
  bool backs_up_next() const { return phase_ == Phase::RolledOut; }
  void back_up() {
    with_view(steps_.config().variant, [&]<class View>(View) {
      refind_moved_paths<View>();
      steps_.template back_up<View>(result_);
      note_moved_blocks<View>();
    });
    ++iterations_;
    phase_ = Phase::Descending;
  }

  // The next step of the descent, on the trees. A path's first step gives it a virtual loss
  // for the iterations in flight meanwhile. Other lanes' work on the trees since the last step
  // may have grown a node of the path past its block, which then moved: the path is found
  // again from the root.
  void step_on_trees() {
    with_view(steps_.config().variant, [&]<class View>(View) {
      refind_moved_paths<View>();
      if (steps_.path(0).empty()) steps_.begin_path_with_virtual_loss();
      for (size_t t = 0; t < steps_.template walked_trees<View>(); ++t)
        descent_.at[t] = steps_.path(t).empty() ? TreeType::kRoot : steps_.path(t).back().child;
      step_move_ = steps_.template take_step<View>(world_, prepared_, descent_);
      note_moved_blocks<View>();
    });
  }

  const TreeType& root_tree() const { return steps_.root_tree(); }
  uint64_t iterations() const { return iterations_; }
  uint64_t slots() const { return steps_.slots(); }

 private:
  template <class View>
  void refind_moved_paths() {
    for (size_t t = 0; t < steps_.template walked_trees<View>(); ++t)
      if (steps_.tree(t).moved_blocks() != moved_blocks_seen_[t]) refind_path(t);
  }
  template <class View>
  void note_moved_blocks() {
    for (size_t t = 0; t < steps_.template walked_trees<View>(); ++t)
      moved_blocks_seen_[t] = steps_.tree(t).moved_blocks();
  }

  // Tree `t`'s path walked again from the root by the places of its steps (a moved block
  // keeps its children in order).
  void refind_path(size_t t) {
    const TreeType& tr = steps_.tree(t);
    uint32_t node = TreeType::kRoot;
    for (auto& step : steps_.path(t)) {
      step.parent = step.run_place == Steps::kNoRun ? node : tr[node].first_child + step.run_place;
      step.child = tr[step.parent].first_child + step.place;
      node = step.child;
    }
  }

  // Where the lane is: before its first world, descending, or rolled out (backup next).
  enum class Phase : uint8_t { Starting, Descending, RolledOut };

  Steps steps_;
  const State* root_ = nullptr;
  Phase phase_ = Phase::Starting;
  // The current iteration's world (from the sampled root to the leaf), descent, prepared step
  // and the move of its last step, and the rollout's returns to back up.
  State world_{};
  typename Steps::Descent descent_{};
  typename Steps::Prepared prepared_{};
  Action step_move_{};
  typename Steps::Result result_{};
  std::array<uint64_t, Steps::kMaxTrees> moved_blocks_seen_{};  // each tree's, after the descent
  uint64_t iterations_ = 0;
};

}  // namespace nf::search
