// The steps every search iteration of the MCTS family takes on the trees, whichever execution
// strategy runs them (iteration.hpp, fixed_arm_iteration.hpp, lane.hpp): sampling
// a world, a step of the descent (selection or expansion in the mover's tree, the other trees
// following the move) and the backup. UCT MCTS for perfect-information games and Information
// Set MCTS after Cowling, Powley & Whitehouse (2012) with one tree (SO) or one tree per seat
// (MO); a member template taking a view (tree_view.hpp) is compiled once per search. Game-
// generic: any nf::Game gets it.
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
#include "agents/search/config.hpp"
#include "agents/search/rollout.hpp"
#include "agents/search/shared_trees.hpp"
#include "agents/search/tree.hpp"
#include "agents/search/tree_view.hpp"
#include "agents/search/uct_columns.hpp"
#include "core/rng.hpp"

namespace nf::search {

// Whose trees the steps work on: their own (a search on one thread, or one of root
// parallelism's), or a set shared by the lanes of a tree-parallel search, where a step marks
// its edge with a virtual loss and records its place so that the path can be found again after
// another lane's descent moved a block of it (lane.hpp).
enum class Trees : uint8_t { Own, SharedByLanes };

template <Game G, Trees kTrees>
class SearchSteps {
  static constexpr bool kLanes = kTrees == Trees::SharedByLanes;

 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using TreeType = Tree<Action>;
  using Result = Returns<G::kMaxPlayers>;
  static constexpr size_t kMaxTrees = size_t(G::kMaxPlayers);

  static constexpr uint16_t kNoRun = std::numeric_limits<uint16_t>::max();
  struct Step {
    uint32_t parent, child;
    double probability;  // of the chosen arm, under the regret-matching/EXP3 rule (else 0)
    // Lanes only: where the step is below the node it leaves, so that it can be found again
    // after another lane's descent moved a block of the path (Tree::moved_blocks): the place of
    // the run `parent` among that node's children (kNoRun when `parent` is the node itself) and
    // the place of `child` among `parent`'s children.
    uint16_t run_place = kNoRun, place = 0;
  };

  // Where one iteration is in every tree on its way down.
  struct Descent {
    std::array<uint32_t, kMaxTrees> at{};       // each tree's current node
    std::array<bool, kMaxTrees> missed_last{};  // whether each seat did not see the last move
    bool expanded = false;                      // a node was reached for the first time
  };

  // What a step of the descent needs before it reads the trees: the mover, the tree it
  // chooses in, the legal moves and the heuristic's move for the prior, or the rollout
  // policy's move where the tree does not choose (modelled).
  struct Prepared {
    int mover = 0;
    size_t chooser = 0;
    bool modelled = false;
    Action modelled_move{};
  };

  SearchSteps(const G& game, const Config& config)
      : game_(&game),
        config_(config),
        rollout_(game, config),
        shared_(std::make_shared<SharedTrees<Action>>(
            config.variant == Variant::MultipleObserver ? size_t(game.num_players()) : 1)) {
    if (config.prior > 0)
      prior_ = make_heuristic(game, config, fmt::format("prior={}", config.prior));
    guided_ = prior_ || config.widen > 0;
    for (auto& path : paths_) path.reserve(256);
  }

  // Lanes: these steps work on `first`'s trees from now on.
  void share_trees_of(const SearchSteps& first) requires kLanes { shared_ = first.shared_; }
  // Empties the trees before a search.
  void reset_trees() { shared_->reset(); }
  // Starts a search for the player to move, `seat`, drawing from `seed`.
  void begin(int seat, uint64_t seed) {
    rng_.reseed(seed);
    root_seat_ = seat;
  }

  const G& game() const { return *game_; }
  const Config& config() const { return config_; }
  TreeType& tree(size_t i) { return shared_->trees[i]; }
  // The root decision's tree: the searching seat's own.
  const TreeType& root_tree() const {
    return shared_->trees[config_.variant == Variant::MultipleObserver ? size_t(root_seat_) : 0];
  }
  uint64_t slots() const {
    uint64_t n = 0;
    for (const auto& tree : shared_->trees) n += tree.slots();
    return n;
  }
  // Tree `t`'s path of the current iteration.
  std::vector<Step>& path(size_t t) { return paths_[t]; }
  template <class View>
  void clear_paths() {
    for (size_t t = 0; t < walked_trees<View>(); ++t) paths_[t].clear();
  }
  template <class View>
  size_t walked_trees() const {
    return View::walked_trees(shared_->trees.size());
  }

  // Lanes: the return each edge of the path about to begin is given while its iteration is in
  // flight (Chaslot, Winands & van den Herik 2008), a visit with the lowest return seen so far
  // (0 before any).
  void begin_path_with_virtual_loss() requires kLanes {
    virtual_loss_ = shared_->low <= shared_->high ? shared_->low : 0.0;
  }

  // The root with what the searching seat cannot see resampled; mcts(see_hidden) resamples
  // only future chance. A game with nothing hidden and no chance needs neither: the copy is it.
  template <class View>
  State sample_world(const State& root) {
    State s = root;
    if constexpr (!is_perfect_information<G>() || !is_deterministic<G>()) {
      if (View::resamples_only_chance(config_))
        reseed_chance<G>(s, rng_);
      else
        determinize(s);
    }
    return s;
  }

  template <class View>
  Prepared prepare_step(const State& s, const Descent& d) {
    Prepared p;
    p.mover = game_->current_player(s);
    p.chooser = View::chooser_tree(config_, p.mover);
    const int owner = View::owner(config_, p.chooser, root_seat_);
    if (!View::template fixed_arms<G>()) game_->legal_actions(s, legal_);
    p.modelled =
        View::models_opponents(config_) && p.mover != owner &&
        (d.missed_last[size_t(p.mover)] || View::unseen(*game_, s, legal_[0], p.mover, owner));
    if (p.modelled)
      p.modelled_move = rollout_.move(s, legal_, rng_);
    else
      ask_prior(s);
    return p;
  }

  // The heuristic's move where selection is biased toward it (prior > 0).
  void ask_prior(const State& s) {
    if (prior_) prior_move_ = prior_->choose(s, rng_);
  }

  // The prepared step's move at the mover's node of its tree, recorded on that tree's path
  // and followed by the other trees.
  template <class View>
  Action take_step(const State& s, const Prepared& p, Descent& d) {
    const int owner = View::owner(config_, p.chooser, root_seat_);
    TreeType& own = tree(p.chooser);
    Step step{d.at[p.chooser], kNoNode, 0.0};
    Action action;
    if (View::template fixed_arms<G>())
      action = fixed_step(s, own, step, d.expanded);
    else if (p.modelled)
      action = policy_move<View>(s, own, step, p.mover, owner, p.modelled_move, d.expanded);
    else
      action = choose<View>(s, own, step, p.mover, owner, d.expanded);
    if constexpr (View::kSimultaneousNodes)
      note_unseen(s, action, p.mover, owner, own[step.parent], d);
    d.at[p.chooser] = step.child;
    push_step(p.chooser, step);
    follow<View>(s, action, p.mover, p.chooser, d);
    return action;
  }

  // The returns of the iteration's end, `s` played out by the rollout policy.
  Result play_out(State& s) { return rollout_.play(s, rng_, legal_); }

  // `result` backed up the paths, which are then cleared for the next iteration. Lanes
  // replace the virtual loss their edges were given. Only simultaneous nodes (their mixed
  // rules scale returns) and virtual losses need the range of returns seen.
  template <class View>
  void back_up(const Result& result) {
    if (View::kSimultaneousNodes || kLanes)
      for (int p = 0; p < game_->num_players(); ++p) shared_->note_return(result[size_t(p)]);
    for (size_t t = 0; t < walked_trees<View>(); ++t) {
      TreeType& tr = tree(t);
      for (const Step& step : paths_[t]) {
        auto& n = tr[step.child];
        const double r = result[size_t(n.mover)];
        if constexpr (kLanes)
          n.replace(virtual_loss_, r);
        else
          n.add(r);
        if (View::kSimultaneousNodes && step.probability > 0)
          update_mixed(config_.simultaneous, tr, step.parent, step.child, n.mover, step.probability,
                       scaled(r));
      }
    }
    clear_paths<View>();
  }

  // choose() at a node of fixed arms (SeesEverything::fixed_arms): among its children once it
  // has them, else adding them.
  [[gnu::always_inline]] Action fixed_step(const State& s, TreeType& t, Step& step,
                                           bool& expanded) {
    return t[step.parent].children > 0 ? choose_fixed(t, step, expanded)
                                       : expand_fixed(s, t, step, expanded);
  }

  // Own trees: the columns UCT scores at nodes of fixed arms (fixed_arm_iteration.hpp keeps
  // them up to date). Lanes change the nodes without them, so they read the nodes instead.
  UctColumns& columns() requires(!kLanes) { return uct_; }

 private:
  static constexpr size_t kMaxArms = size_t(G::kMaxActions);

  // `s` resampled from the searching seat's view. An opponent's move made just before the
  // root without that seat seeing it is drawn again by the rollout policy, the opponent model
  // of the trees: a seat that chooses second then meets the opponent a seat that chooses first
  // meets in its replies, not the determinization's uniform guess.
  void determinize(State& s) {
    game_->determinize(s, root_seat_, rng_);
    if (!take_back_unseen_move(*game_, s, root_seat_)) return;
    game_->legal_actions(s, legal_);
    game_->apply(s, rollout_.move(s, legal_, rng_));
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
  template <class View>
  void follow(const State& s, const Action& action, int mover, size_t chooser, Descent& d) {
    for (size_t t = 0; t < walked_trees<View>(); ++t) {
      if (t == chooser) continue;
      const int owner = View::owner(config_, t, root_seat_);
      const bool hidden = View::unseen(*game_, s, action, mover, owner);
      const uint32_t key = View::key(*game_, s, owner);
      uint32_t child = tree(t).find_child(d.at[t], mover, hidden, action, key);
      if (child == kNoNode) child = tree(t).add_child(d.at[t], mover, hidden, action, key, 2);
      if (tree(t)[child].visits == 0) d.expanded = true;
      push_step(t, {d.at[t], child, 0.0});
      d.at[t] = child;
    }
  }

  // Records `step` on tree `t`'s path; lanes record its place (Lane::refind_path) and give
  // its edge a virtual loss.
  [[gnu::always_inline]] void push_step(size_t t, Step step) {
    if constexpr (kLanes) {
      step.place = static_cast<uint16_t>(step.child - tree(t)[step.parent].first_child);
      tree(t)[step.child].add(virtual_loss_);
    }
    paths_[t].push_back(step);
  }

  // An opponent's move in a single-observer tree, `action` played by the rollout policy, keyed
  // as the tree's owner sees it.
  template <class View>
  Action policy_move(const State& s, TreeType& t, Step& step, int mover, int owner, Action action,
                     bool& expanded) {
    const bool hidden = View::unseen(*game_, s, action, mover, owner);
    const uint32_t key = View::key(*game_, s, owner);
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
  template <class View>
  Action choose(const State& s, TreeType& t, Step& step, int mover, int owner, bool& expanded) {
    const uint32_t node = step.parent;
    const uint32_t key = View::key(*game_, s, owner);
    const std::span<const Action> legal = legal_.span();
    // The arms' parent: the node itself in mcts, else the node's run for what the owner
    // observes (Tree::find_run).
    const uint32_t parent = View::arms_parent(t, node, mover, key);
    uint32_t first = View::first_arm(t, parent, mover);
    if (parent != node) {
      step.parent = parent;
      if constexpr (kLanes) step.run_place = static_cast<uint16_t>(parent - t[node].first_child);
    }
    if (first == kNoNode) first = t.add_children(parent, mover, key, legal);
    const double exploration = View::shared_exploration(config_.c, t[node]);
    uint32_t untried = 0, visited = 0;
    uint64_t pulls = 0;  // visits of the tried arms, for progressive widening
    const size_t favoured = favoured_arm(legal);
    Ucb<View::kEveryMoveAvailable> ucb =
        biased_ucb<View::kEveryMoveAvailable>(exploration, favoured);
    const auto visit = [&](size_t i, typename TreeType::NodeType& n) {
      untried += n.visits == 0;
      pulls += n.visits;
      ucb.add(i, n);
      View::count_available(n);
      ++visited;
    };
    if (t.template children_are<View::kUnkeyed>(parent, first, mover, key, legal, visit)) {
      arms_first_ = first;
    } else {
      // The block is not the legal moves in order (rare): undo and look each move up.
      for (uint32_t i = 0; i < visited; ++i) View::uncount_available(t[first + i]);
      arms_first_ = kNoNode;
      untried = 0;
      pulls = 0;
      ucb = biased_ucb<View::kEveryMoveAvailable>(exploration, favoured);
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
      View::count_tried(t[arm(pick)]);
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
      // Own trees keep the arms' statistics in columns too (columns()); lanes change them
      // without the columns, so they read the nodes.
      const auto exploration = static_cast<float>(config_.c * sqrt_log(selections));
      if constexpr (kLanes)
        pick = best_uct_arm(&t[first], k, exploration);
      else
        pick = uct_.template best<kMaxArms>(first, k, exploration);
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
    if constexpr (!kLanes) uct_.fit(t.slots());
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
  std::shared_ptr<SharedTrees<Action>> shared_;  // these steps' own, or the first lane's
  double virtual_loss_ = 0;                      // lanes: the return the current path was given
  Action prior_move_{};  // the heuristic's move where selection is biased toward it (prior > 0)
  std::array<std::vector<Step>, kMaxTrees> paths_;
  UctColumns uct_;  // own trees: the statistics of nodes of fixed arms side by side
  ActionList<G> legal_;
  uint32_t arms_first_ = kNoNode;  // see arm()
  std::array<uint32_t, kMaxArms> arm_children_{};
  Rng rng_;
  int root_seat_ = 0;
};

}  // namespace nf::search
