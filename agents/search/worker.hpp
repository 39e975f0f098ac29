// One thread's search of the MCTS family: UCT MCTS for perfect-information games and
// Information Set MCTS after Cowling, Powley & Whitehouse (2012) with one tree (SO) or one
// tree per seat (MO). Game-generic: any nf::Game gets it.
//
// Every iteration starts from a fresh determinization of the root from the searching seat's
// view (G::determinize resamples what it cannot see and reseeds the state's rng), so the
// search never reads hidden data or future chance (a game with neither is just copied). Tree
// nodes are keyed by the moves as the tree's owner sees them (agents/game_hooks.hpp:
// sees_action): a move the owner does not see is one edge for all of them. Chance inside
// `apply` is not a node: a node's statistics average over the chance outcomes below it (open
// loop).
//
// Determinism: the search draws only from the seed its budget hands it, iterates in a fixed
// order and breaks ties by child order, so a seed gives the same visit counts on every run.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/search/bandits.hpp"
#include "agents/search/budget.hpp"
#include "agents/search/config.hpp"
#include "agents/search/rollout.hpp"
#include "agents/search/shared_trees.hpp"
#include "agents/search/tree.hpp"
#include "agents/search/uct_columns.hpp"
#include "core/rng.hpp"

namespace nf::search {

// One thread's search: its trees, its scratch buffers and its rollout policies.
template <Game G>
class Worker {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using TreeType = Tree<Action>;

  Worker(const G& game, const Config& config)
      : game_(&game),
        config_(config),
        rollout_(game, config),
        shared_(std::make_shared<SharedTrees<Action>>(
            config.variant == Variant::MultipleObserver ? size_t(game.num_players()) : 1)) {
    if (config.prior > 0) prior_ = make_heuristic(game, fmt::format("prior={}", config.prior));
    guided_ = prior_ || config.widen > 0;
    for (auto& path : paths_) path.reserve(256);
    fixed_path_.reserve(256);
  }

  // Tree parallelism: this worker is a lane of `first`'s trees from now on (TreeParallelSearch).
  void share_trees_of(Worker& first) {
    shared_ = first.shared_;
    shared_trees_ = first.shared_trees_ = true;
  }
  // Empties the trees before a search; a tree-parallel search does it once, before its lanes
  // start.
  void reset_trees() { shared_->reset(); }

  // Runs this thread's share of `budget` from `root` for the player to move, `seat`.
  void search(const State& root, int seat, const SearchBudget& budget, size_t thread) {
    rng_.reseed(budget.seed(thread));
    root_seat_ = seat;
    if (!shared_trees_) reset_trees();
    iterations_ = 0;
    while (budget.more(thread, iterations_)) {
      if (config_.variant == Variant::Mcts && fixed_arms<true>() && !shared_trees_)
        iterate_fixed(root);
      else if (config_.variant == Variant::Mcts)
        iterate<true>(root);
      else
        iterate<false>(root);
      ++iterations_;
    }
  }

  // A lane of a tree-parallel search (TreeParallelSearch). Its iterations alternate between
  // work on the shared trees, run by one thread in a fixed order (a step of the descent:
  // selection and expansion; or the backup), and work off them, run by any thread: applying
  // the step's move and asking the heuristic for the next step's prior, or the rollout and the
  // next iteration's world. `start` seeds the lane; its first work is off the trees.
  void start(const State& root, int seat, uint64_t seed) {
    rng_.reseed(seed);
    root_ = &root;
    root_seat_ = seat;
    iterations_ = 0;
    lane_ = LanePhase::Starting;
    for (auto& path : paths_) path.clear();
  }
  void work_off_trees() {
    if (config_.variant == Variant::Mcts)
      work_off_trees<true>();
    else
      work_off_trees<false>();
  }
  // Whether the lane's next work on the trees is a backup (its iteration ends).
  bool backs_up_next() const { return lane_ == LanePhase::RolledOut; }
  void back_up() {
    if (config_.variant == Variant::Mcts)
      back_up<true>(result_);
    else
      back_up<false>(result_);
    ++iterations_;
    lane_ = LanePhase::Descending;
  }
  void step_on_trees() {
    if (config_.variant == Variant::Mcts)
      step_on_trees<true>();
    else
      step_on_trees<false>();
  }

  // The root decision's tree: the searching seat's own.
  const TreeType& root_tree() const {
    return shared_->trees[config_.variant == Variant::MultipleObserver ? size_t(root_seat_) : 0];
  }
  uint64_t iterations() const { return iterations_; }
  uint64_t slots() const {
    uint64_t n = 0;
    for (const auto& tree : shared_->trees) n += tree.slots();
    return n;
  }

 private:
  static constexpr uint16_t kNoRun = std::numeric_limits<uint16_t>::max();
  struct Step {
    uint32_t parent, child;
    double probability;  // of the chosen arm, under the regret-matching/EXP3 rule (else 0)
    // Tree-parallel only: where the step is below the node it leaves, so that it can be found
    // again after another lane's descent moved a block of the path (Tree::moved_blocks): the place
    // of the run `parent` among that node's children (kNoRun when `parent` is the node itself) and
    // the place of `child` among `parent`'s children.
    uint16_t run_place = kNoRun, place = 0;
  };
  static constexpr size_t kMaxArms = size_t(G::kMaxActions);
  static constexpr size_t kMaxTrees = size_t(G::kMaxPlayers);

  // Where one iteration is in every tree on its way down.
  struct Descent {
    std::array<uint32_t, kMaxTrees> at{};       // each tree's current node
    std::array<bool, kMaxTrees> missed_last{};  // whether each seat did not see the last move
    bool expanded = false;                      // a node was reached for the first time
  };

  TreeType& tree(size_t i) { return shared_->trees[i]; }
  // The hot path is compiled once for mcts (kMcts: one tree that sees everything) and once
  // for ismcts, so that mcts pays for no information-set test.
  template <bool kMcts>
  size_t tree_count() const {
    return kMcts ? 1 : shared_->trees.size();
  }
  // The tree in which the player to move chooses: the mover's own in MO, else the only one.
  size_t selection_tree(int mover) const {
    return config_.variant == Variant::MultipleObserver ? size_t(mover) : 0;
  }
  int owner_of(size_t tree_index) const {
    return config_.variant == Variant::MultipleObserver ? int(tree_index) : root_seat_;
  }

  // Whether tree `owner` keys the move `a` of `mover` as unseen.
  template <bool kMcts>
  bool unseen(const State& s, const Action& a, int mover, int owner) const {
    if (kMcts || owner == mover) return false;
    return !sees_action(*game_, s, a, owner);
  }
  // What the tree's owner observes where a move is made; mcts needs no key (it sees all).
  template <bool kMcts>
  uint32_t key_for(const State& s, int owner) const {
    return kMcts ? 0 : folded_key(observation_key(*game_, s, owner));
  }

  // One iteration: a world the searching seat cannot tell from the root; descent, each move
  // chosen in the tree of its mover and followed by every other tree, until a node is reached
  // for the first time; a rollout from there; its returns backed up every tree's path.
  template <bool kMcts>
  void iterate(const State& root) {
    State s = sample_world<kMcts>(root);
    Descent d;
    for (size_t t = 0; t < tree_count<kMcts>(); ++t) paths_[t].clear();
    while (!d.expanded && !game_->is_terminal(s)) {
      const Prepared prepared = prepare_step<kMcts>(s, d);
      game_->apply(s, take_step<kMcts>(s, prepared, d));
    }
    back_up<kMcts>(rollout_.play(s, rng_, legal_));
  }

  // The lane's work off the trees: the world of its first iteration; or the move of its last
  // step applied, then the next step prepared or, where the descent ends, the rollout played
  // and the next iteration's world sampled and its first step prepared (the backup of this
  // one needs nothing more from the world).
  template <bool kMcts>
  void work_off_trees() {
    if (lane_ != LanePhase::Starting) {
      game_->apply(world_, step_move_);
      if (!descent_.expanded && !game_->is_terminal(world_)) {
        prepared_ = prepare_step<kMcts>(world_, descent_);
        return;
      }
      result_ = rollout_.play(world_, rng_, legal_);
    }
    lane_ = lane_ == LanePhase::Starting ? LanePhase::Descending : LanePhase::RolledOut;
    world_ = sample_world<kMcts>(*root_);
    descent_ = {};
    prepared_ = prepare_step<kMcts>(world_, descent_);
  }

  // The lane's next step of its descent, on the trees. A path's first step gives it a virtual
  // loss for the iterations in flight meanwhile (Chaslot, Winands & van den Herik 2008): a
  // visit with the lowest return seen so far (0 before any). Other lanes' work on the trees
  // since the last step may have grown a node of the path past its block, which then moved:
  // the path is found again from the root.
  template <bool kMcts>
  void step_on_trees() {
    refind_moved_paths<kMcts>();
    if (paths_[0].empty()) virtual_loss_ = shared_->low <= shared_->high ? shared_->low : 0.0;
    for (size_t t = 0; t < tree_count<kMcts>(); ++t)
      descent_.at[t] = paths_[t].empty() ? TreeType::kRoot : paths_[t].back().child;
    step_move_ = take_step<kMcts>(world_, prepared_, descent_);
    note_moved_blocks<kMcts>();
  }

  // iterate<true> where every node's arms are fixed (fixed_arms) and the tree is this worker's
  // own: the descent keeps only the nodes it passes, and the backup copies their statistics
  // into the columns UCT scores (uct_).
  void iterate_fixed(const State& root) {
    TreeType& t = tree(0);
    State s = sample_world<true>(root);
    fixed_path_.clear();
    Step step{TreeType::kRoot, kNoNode, 0.0};
    bool expanded = false;
    while (!expanded && !game_->is_terminal(s)) {
      if (prior_) prior_move_ = prior_->choose(s, rng_);
      const Action action = fixed_step(s, t, step, expanded);
      fixed_path_.push_back(step.child);
      step.parent = step.child;
      game_->apply(s, action);
    }
    const Returns<G::kMaxPlayers> result = rollout_.play(s, rng_, legal_);
    for (const uint32_t i : fixed_path_) {
      auto& n = t[i];
      n.add(result[size_t(n.mover)]);
      uct_.record(i, n.mean, n.visits);
    }
  }

  // `result` backed up the paths, which are then cleared for the next iteration.
  template <bool kMcts>
  void back_up(const Returns<G::kMaxPlayers>& result) {
    if (shared_trees_) refind_moved_paths<kMcts>();
    backpropagate<kMcts>(result);
    for (size_t t = 0; t < tree_count<kMcts>(); ++t) paths_[t].clear();
    if (shared_trees_) note_moved_blocks<kMcts>();
  }

  template <bool kMcts>
  void refind_moved_paths() {
    for (size_t t = 0; t < tree_count<kMcts>(); ++t)
      if (tree(t).moved_blocks() != moved_blocks_seen_[t]) refind_path(t);
  }
  template <bool kMcts>
  void note_moved_blocks() {
    for (size_t t = 0; t < tree_count<kMcts>(); ++t) moved_blocks_seen_[t] = tree(t).moved_blocks();
  }

  // Tree `t`'s path walked again from the root by the places of its steps (a moved block
  // keeps its children in order).
  void refind_path(size_t t) {
    const TreeType& tr = tree(t);
    uint32_t node = TreeType::kRoot;
    for (Step& step : paths_[t]) {
      step.parent = step.run_place == kNoRun ? node : tr[node].first_child + step.run_place;
      step.child = tr[step.parent].first_child + step.place;
      node = step.child;
    }
  }
  // Records `step` on tree `t`'s path; with shared trees, with its place (refind_path) and a
  // virtual loss on its edge.
  [[gnu::always_inline]] void push_step(size_t t, Step step) {
    if (shared_trees_) {
      step.place = static_cast<uint16_t>(step.child - tree(t)[step.parent].first_child);
      tree(t)[step.child].add(virtual_loss_);
    }
    paths_[t].push_back(step);
  }

  // The root with what the searching seat cannot see resampled; mcts(see_hidden) resamples
  // only future chance. A game with nothing hidden and no chance needs neither: the copy is it.
  template <bool kMcts>
  State sample_world(const State& root) {
    State s = root;
    if constexpr (!is_perfect_information<G>() || !is_deterministic<G>()) {
      if (kMcts && config_.see_hidden)
        reseed_chance<G>(s, rng_);
      else
        game_->determinize(s, root_seat_, rng_);
    }
    return s;
  }

  // What a step of the descent needs before it reads the trees: the mover, the tree it
  // chooses in, the legal moves and the heuristic's move for the prior, or the rollout
  // policy's move where the tree does not choose (modelled).
  struct Prepared {
    int mover = 0;
    size_t chooser = 0;
    bool modelled = false;
    Action modelled_move{};
  };
  template <bool kMcts>
  Prepared prepare_step(const State& s, const Descent& d) {
    Prepared p;
    p.mover = game_->current_player(s);
    p.chooser = kMcts ? 0 : selection_tree(p.mover);
    const int owner = kMcts ? root_seat_ : owner_of(p.chooser);
    if (!fixed_arms<kMcts>()) game_->legal_actions(s, legal_);
    // A single tree holds the searching seat's view only: an opponent's move that view
    // does not see, or that the opponent makes without seeing the move before it (a
    // simultaneous reply), is not chosen from statistics the opponent could not have; the
    // rollout policy plays it from the opponent's own view instead.
    p.modelled = !kMcts && config_.variant == Variant::SingleObserver && p.mover != owner &&
                 (d.missed_last[size_t(p.mover)] || unseen<false>(s, legal_[0], p.mover, owner));
    if (p.modelled)
      p.modelled_move = rollout_.move(s, legal_, rng_);
    else if (prior_)
      prior_move_ = prior_->choose(s, rng_);
    return p;
  }

  // The prepared step's move at the mover's node of its tree, recorded on that tree's path
  // and followed by the other trees.
  template <bool kMcts>
  Action take_step(const State& s, const Prepared& p, Descent& d) {
    const int owner = kMcts ? root_seat_ : owner_of(p.chooser);
    TreeType& own = tree(p.chooser);
    Step step{d.at[p.chooser], kNoNode, 0.0};
    Action action;
    if (fixed_arms<kMcts>())
      action = fixed_step(s, own, step, d.expanded);
    else if (p.modelled)
      action = policy_move(s, own, step, p.mover, owner, p.modelled_move, d.expanded);
    else
      action = choose<kMcts>(s, own, step, p.mover, owner, d.expanded);
    if constexpr (!kMcts) note_unseen(s, action, p.mover, owner, own[step.parent], d);
    d.at[p.chooser] = step.child;
    push_step(p.chooser, step);
    follow<kMcts>(s, action, p.mover, p.chooser, d);
    return action;
  }

  // Which seats do not see `action`, for the decision after it. The owner's own move that
  // another seat does not see makes the owner's decisions at its node simultaneous.
  void note_unseen(const State& s, const Action& action, int mover, int owner,
                   typename TreeType::NodeType& node, Descent& d) const {
    bool unseen_by_another = false;
    for (int p = 0; p < game_->num_players(); ++p) {
      d.missed_last[size_t(p)] = p != mover && !sees_action(*game_, s, action, p);
      unseen_by_another = unseen_by_another || d.missed_last[size_t(p)];
    }
    if (mover == owner && unseen_by_another) node.simultaneous = true;
  }

  // Every tree but the chooser's (MO's other seats) follows the move as its owner sees it,
  // keyed by the state the move is made in (so before applying it).
  template <bool kMcts>
  void follow(const State& s, const Action& action, int mover, size_t chooser, Descent& d) {
    for (size_t t = 0; t < tree_count<kMcts>(); ++t) {
      if (t == chooser) continue;
      const bool hidden = unseen<kMcts>(s, action, mover, owner_of(t));
      const uint32_t key = key_for<kMcts>(s, owner_of(t));
      uint32_t child = tree(t).find_child(d.at[t], mover, hidden, action, key);
      if (child == kNoNode) child = tree(t).add_child(d.at[t], mover, hidden, action, key, 2);
      if (tree(t)[child].visits == 0) d.expanded = true;
      push_step(t, {d.at[t], child, 0.0});
      d.at[t] = child;
    }
  }

  // An opponent's move in a single-observer tree, `action` played by the rollout policy, keyed
  // as the tree's owner sees it.
  Action policy_move(const State& s, TreeType& t, Step& step, int mover, int owner, Action action,
                     bool& expanded) {
    const bool hidden = unseen<false>(s, action, mover, owner);
    const uint32_t key = key_for<false>(s, owner);
    step.child = t.find_child(step.parent, mover, hidden, action, key);
    if (step.child == kNoNode)
      step.child = t.add_child(step.parent, mover, hidden, action, key, hidden ? 1 : legal_.size());
    if (t[step.child].visits == 0) expanded = true;
    return action;
  }

  // Picks the move at tree `t`'s node `step.parent`, in the mover's own tree (every move is
  // seen there): an untried arm if there is one (and then the iteration stops descending),
  // else by UCB with availability counts or, at a simultaneous node, by regret matching or
  // EXP3. A node's moves are added all at once, untried, in the order of the legal moves
  // when it is first reached, so while its move list stays the same the arms are its
  // children in order. (Nodes of fixed arms are chosen at by choose_fixed and expand_fixed.)
  template <bool kMcts>
  Action choose(const State& s, TreeType& t, Step& step, int mover, int owner, bool& expanded) {
    const uint32_t node = step.parent;
    const uint32_t key = key_for<kMcts>(s, owner);
    const std::span<const Action> legal = legal_.span();
    // The arms' parent: the node itself in mcts (one observation, everything seen), else the
    // node's run for what the owner observes (Tree::find_run).
    uint32_t parent = node, first = kNoNode;
    if constexpr (kMcts) {
      first = t.find_first_move(node, mover);
    } else {
      parent = t.find_run(node, mover, key);
      if (parent == kNoNode) parent = t.add_run(node, mover, key);
      if (t[parent].children > 0) first = t[parent].first_child;
      step.parent = parent;
      if (shared_trees_) step.run_place = static_cast<uint16_t>(parent - t[node].first_child);
    }
    if (first == kNoNode) first = t.add_children(parent, mover, key, legal);
    // mcts: every move is available at every selection, so UCT's parent count is the
    // node's own selection count.
    double exploration = 0;
    if constexpr (kMcts) exploration = config_.c * sqrt_log(t[node].available++);
    // Availability counts the selections in which a tried move (or the one now tried) was
    // legal: counted for the tried arms as they are scored (UCB reads the count before);
    // mcts has every move available and counts the parent's selections instead.
    uint32_t untried = 0, visited = 0;
    uint64_t pulls = 0;  // visits of the tried arms, for progressive widening
    const size_t favoured = favoured_arm(legal);
    Ucb<kMcts> ucb = biased_ucb<kMcts>(exploration, favoured);
    const auto visit = [&](size_t i, typename TreeType::NodeType& n) {
      untried += n.visits == 0;
      pulls += n.visits;
      ucb.add(i, n);
      if constexpr (!kMcts) n.available += n.visits > 0;
      ++visited;
    };
    if (t.template children_are<kMcts>(parent, first, mover, key, legal, visit)) {
      arms_first_ = first;
    } else {
      // The block is not the legal moves in order (rare): undo and look each move up.
      if constexpr (!kMcts)
        for (uint32_t i = 0; i < visited; ++i) t[first + i].available -= t[first + i].visits > 0;
      arms_first_ = kNoNode;
      untried = 0;
      pulls = 0;
      ucb = biased_ucb<kMcts>(exploration, favoured);
      for (size_t i = 0; i < legal.size(); ++i) {
        arm_children_[i] = t.find_child(parent, mover, false, legal[i], key);
        if (arm_children_[i] == kNoNode)
          ++untried;
        else
          visit(i, t[arm_children_[i]]);
      }
    }
    size_t pick;
    if (untried > 0 && widens(legal.size() - untried, pulls)) {
      pick = is_untried(t, favoured) ? favoured : nth_untried(t, rng_.below(untried));
      if (arm(pick) == kNoNode) add_arm(t, parent, pick, mover, key);
      if constexpr (!kMcts) ++t[arm(pick)].available;
      expanded = true;
    } else if (untried == 0 && t[parent].simultaneous &&
               config_.simultaneous != SimultaneousRule::Ucb) {
      pick = pick_mixed(t, step);
    } else {
      pick = ucb.best;
    }
    step.child = arm(pick);
    return legal[pick];
  }

  // Whether a node's children always are its legal moves in order: mcts on a game without
  // chance reaches a node by one path and so in one state, the one its children were listed
  // in. Such nodes then need neither the move list nor the check that it still matches.
  template <bool kMcts>
  static constexpr bool fixed_arms() {
    return kMcts && is_deterministic<G>();
  }

  // choose() at a node of fixed arms: among its children once it has them, else adding them.
  [[gnu::always_inline]] Action fixed_step(const State& s, TreeType& t, Step& step,
                                           bool& expanded) {
    return t[step.parent].children > 0 ? choose_fixed(t, step, expanded)
                                       : expand_fixed(s, t, step, expanded);
  }

  // choose() at a node that has its fixed arms (its children). Unguided (no prior, no
  // widening) each selection at such a node tries one untried arm while there are any (the
  // arm is visited, or given its virtual loss, before the next selection), so the node's count
  // of selections says how many are tried, and they are the first of its block: the arm tried
  // is drawn from the rest and swapped to the front of them (untried arms differ only in their
  // moves). UCB is scored only once every arm has been tried.
  // Inlined: it is most of a tiny game's iteration, and a call would save and restore most
  // of the registers its loop keeps.
  [[gnu::always_inline]] Action choose_fixed(TreeType& t, Step& step, bool& expanded) {
    auto& node = t[step.parent];
    const uint32_t first = node.first_child, k = node.children;
    const uint32_t selections = node.available++;
    arms_first_ = first;
    size_t pick;
    if (guided_) [[unlikely]] {
      pick = guided_fixed_arm(t, first, k, selections, expanded);
    } else if (selections < k) {
      assert(std::all_of(&t[first], &t[first] + selections, [](auto& a) { return a.visits > 0; }));
      assert(std::none_of(&t[first + selections], &t[first] + k, [](auto& a) { return a.visits; }));
      pick = selections;
      std::swap(t[first + selections].action,
                t[first + selections + rng_.below(k - selections)].action);
      expanded = true;
    } else {
      // A worker's own tree keeps the arms' statistics in columns too (iterate_fixed); lanes
      // that share a tree change them without the columns, so they read the nodes.
      const auto exploration = static_cast<float>(config_.c * sqrt_log(selections));
      pick = shared_trees_ ? best_uct_arm(&t[first], k, exploration)
                           : uct_.template best<kMaxArms>(first, k, exploration);
    }
    step.child = first + uint32_t(pick);
    return t[step.child].action;
  }

  // choose() at a node of fixed arms that has none yet: they are added, untried, in the order
  // of the legal moves, and one is tried: the heuristic's move with a prior, else a random one
  // (unguided, swapped to the front: see choose_fixed).
  Action expand_fixed(const State& s, TreeType& t, Step& step, bool& expanded) {
    game_->legal_actions(s, legal_);
    const uint32_t first = t.add_children(step.parent, game_->current_player(s), 0, legal_.span());
    ++t[step.parent].available;
    if (!shared_trees_) uct_.fit(t.slots());  // lanes sharing a tree score UCT on its nodes
    const size_t favoured = favoured_arm(legal_.span());
    size_t pick = favoured != kNoArm ? favoured : rng_.below(static_cast<uint32_t>(legal_.size()));
    if (!guided_) {
      std::swap(t[first].action, t[first + uint32_t(pick)].action);
      pick = 0;
    }
    step.child = first + uint32_t(pick);
    expanded = true;
    return t[step.child].action;
  }

  // choose_fixed's arm when the heuristic's move is favoured (prior) or arms wait their turn
  // (widening), the k arms at `first` having been chosen among `selections` times before.
  [[gnu::noinline]] size_t guided_fixed_arm(const TreeType& t, uint32_t first, uint32_t k,
                                            uint32_t selections, bool& expanded) {
    const auto* arms = &t[first];
    size_t favoured = kNoArm;
    if (prior_)
      for (uint32_t i = 0; i < k && favoured == kNoArm; ++i)
        if (arms[i].action == prior_move_) favoured = i;
    uint32_t untried = selections < k ? k - selections : 0;
    bool expand = untried > 0;
    if (config_.widen > 0) {  // widening leaves arms untried: count them
      untried = 0;
      uint64_t pulls = 0;
      for (uint32_t i = 0; i < k; ++i) untried += arms[i].visits == 0, pulls += arms[i].visits;
      expand = untried > 0 && widens(k - untried, pulls);
    }
    if (expand) {
      expanded = true;
      return is_untried(t, favoured) ? favoured : nth_untried(t, rng_.below(untried));
    }
    if (favoured == kNoArm && config_.widen <= 0)
      return best_uct_arm(arms, k, static_cast<float>(config_.c * sqrt_log(selections)));
    Ucb<true> ucb = biased_ucb<true>(config_.c * sqrt_log(selections), favoured);
    for (uint32_t i = 0; i < k; ++i) ucb.add(i, arms[i]);
    return ucb.best;
  }

  // Whether a node that has tried `tried` moves, visited `pulls` times in all, tries another
  // (progressive widening, Coulom 2007; Chaslot et al. 2008): always without widening, else
  // while tried < pulls^widen, so a node of many moves spends its few visits on few of them.
  bool widens(size_t tried, uint64_t pulls) const {
    return config_.widen <= 0 || tried == 0 ||
           double(tried) < std::pow(double(pulls), config_.widen);
  }

  // The child of arm i (of legal_[i]) at the node being chosen at, kNoNode while the node has
  // not had that move: first + i when the node's children are the legal moves in order, else
  // looked up.
  uint32_t arm(size_t i) const {
    return arms_first_ != kNoNode ? arms_first_ + uint32_t(i) : arm_children_[i];
  }

  static constexpr size_t kNoArm = std::numeric_limits<size_t>::max();

  // The arm of the heuristic's move (ask_prior) among `legal` when selection is biased toward
  // it (prior > 0), else kNoArm.
  size_t favoured_arm(std::span<const Action> legal) const {
    if (!prior_) return kNoArm;
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i] == prior_move_) return i;
    return kNoArm;
  }
  template <bool kSharedExploration>
  Ucb<kSharedExploration> biased_ucb(double exploration, size_t favoured) const {
    Ucb<kSharedExploration> ucb(config_.c, exploration);
    ucb.favoured = favoured;
    ucb.bias = config_.prior;
    return ucb;
  }
  bool is_untried(const TreeType& t, size_t i) const {
    return i != kNoArm && (arm(i) == kNoNode || t[arm(i)].visits == 0);
  }

  // The index of the n-th untried arm, in the order of the legal moves.
  size_t nth_untried(const TreeType& t, uint32_t n) const {
    for (size_t i = 0;; ++i)
      if (arm(i) == kNoNode || t[arm(i)].visits == 0)
        if (n-- == 0) return i;
  }

  // Adds the child of a legal move the node has not had before (its move list changed).
  void add_arm(TreeType& t, uint32_t node, size_t index, int mover, uint32_t key) {
    const uint32_t old_first = t[node].first_child;
    arm_children_[index] = t.add_child(node, mover, false, legal_[index], key, legal_.size());
    // Adding may have moved the node's children to a larger block, in the same order.
    const uint32_t shift = t[node].first_child - old_first;
    if (shift != 0)
      for (size_t i = 0; i < legal_.size(); ++i)
        if (i != index && arm_children_[i] != kNoNode) arm_children_[i] += shift;
  }

  // An arm at a simultaneous node, by regret matching or EXP3.
  size_t pick_mixed(const TreeType& t, Step& step) {
    return search::pick_mixed<kMaxArms>(
        config_.simultaneous, config_.gamma, legal_.size(),
        [&](size_t i) { return double(t[arm(i)].regret); }, rng_, step.probability);
  }

  // mcts has no simultaneous nodes, so no mixed-rule updates and no range of returns to keep.
  template <bool kMcts>
  void backpropagate(const Returns<G::kMaxPlayers>& result) {
    if (!kMcts || shared_trees_)
      for (int p = 0; p < game_->num_players(); ++p) shared_->note_return(result[size_t(p)]);
    for (size_t t = 0; t < tree_count<kMcts>(); ++t) {
      TreeType& tr = tree(t);
      for (const Step& step : paths_[t]) {
        auto& n = tr[step.child];
        const double r = result[size_t(n.mover)];
        if (shared_trees_)
          n.replace(virtual_loss_, r);
        else
          n.add(r);
        if (!kMcts && step.probability > 0)
          update_mixed(config_.simultaneous, tr, step.parent, step.child, n.mover, step.probability,
                       scaled(r));
      }
    }
  }

  // A return scaled to [0, 1] by the range of returns seen so far in this search.
  double scaled(double r) const {
    const double low = shared_->low, high = shared_->high;
    return high > low ? (r - low) / (high - low) : 0.5;
  }

  const G* game_;
  Config config_;
  RolloutPolicy<G> rollout_;
  std::unique_ptr<typename HeuristicPolicy<G>::type> prior_;  // when prior > 0
  bool guided_ = false;  // selection favours the prior's move or widens progressively
  std::shared_ptr<SharedTrees<Action>> shared_;          // this worker's own, or the first worker's
  bool shared_trees_ = false;                            // a lane of a tree-parallel search
  double virtual_loss_ = 0;                              // the return the current path was given
  std::array<uint64_t, kMaxTrees> moved_blocks_seen_{};  // each tree's, after the descent
  Action prior_move_{};  // the heuristic's move where selection is biased toward it (prior > 0)
  // A lane's (start): its root, where it is, the current iteration's world (from the sampled
  // root to the leaf), descent, prepared step and the move of its last step, and the rollout's
  // returns to back up.
  enum class LanePhase : uint8_t { Starting, Descending, RolledOut };
  const State* root_ = nullptr;
  LanePhase lane_ = LanePhase::Starting;
  State world_{};
  Descent descent_{};
  Prepared prepared_{};
  Action step_move_{};
  Returns<G::kMaxPlayers> result_{};
  std::array<std::vector<Step>, kMaxTrees> paths_;
  std::vector<uint32_t> fixed_path_;  // iterate_fixed's nodes below the root
  UctColumns uct_;                    // iterate_fixed's statistics of the nodes side by side
  ActionList<G> legal_;
  uint32_t arms_first_ = kNoNode;  // see arm()
  std::array<uint32_t, kMaxArms> arm_children_{};
  Rng rng_;
  int root_seat_ = 0;
  uint64_t iterations_ = 0;
};

}  // namespace nf::search
