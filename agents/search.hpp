// The search agents: UCT MCTS for perfect-information games, Information Set MCTS after
// Cowling, Powley & Whitehouse (2012) with one tree (SO) or one tree per seat (MO), and flat
// Monte Carlo. Game-generic: any nf::Game gets them.
//
// Every iteration starts from a fresh determinization of the root from the searching seat's
// view (G::determinize resamples what it cannot see and reseeds the state's rng), so the
// search never reads hidden data or future chance (a game with neither is just copied). Tree nodes
// are keyed by the moves as the tree's owner sees them (agents/game_hooks.hpp: sees_action): a move
// the owner does not see is one edge for all of them. Chance inside `apply` is not a node: a node's
// statistics average over the chance outcomes below it (open loop).
//
// Determinism: the search draws only from the rng handed to act() (the experiment derives
// it), iterates in a fixed order and breaks ties by child order, so a seed and a thread
// count give the same decision and visit counts on every run. A time budget (`ms`) is the
// one exception and is documented as such.
#pragma once

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/search_tree.hpp"
#include "core/error.hpp"
#include "core/params.hpp"

namespace nf::search {

enum class Variant : uint8_t { Mcts, SingleObserver, MultipleObserver };
enum class Rollout : uint8_t { Random, Heuristic };
enum class FinalMove : uint8_t { MostVisited, HighestMean, VisitProportional };
enum class SimultaneousRule : uint8_t { Ucb, RegretMatching, Exp3 };

struct Config {
  Variant variant = Variant::SingleObserver;
  uint64_t iterations = 1000;
  double ms = 0;  // > 0: a time budget instead of `iterations` (not reproducible)
  double c = 0.7;
  Rollout rollout = Rollout::Random;
  int depth = 0;  // > 0: rollouts stop after this many moves and the game's evaluation scores them
  FinalMove final_move = FinalMove::MostVisited;
  SimultaneousRule simultaneous = SimultaneousRule::Ucb;
  double gamma = 0.1;  // exploration mixed into regret matching and EXP3
  int threads = 1;
  bool see_hidden = false;  // mcts only: search the true state (a cheating upper bound)
};

// What the last search found at the root, summed over the threads' trees.
template <class Action>
struct RootStat {
  Action action{};
  uint64_t visits = 0;
  double reward = 0;
  double mean() const { return visits ? reward / double(visits) : 0.0; }
};

template <Game G>
struct SearchReport {
  FixedVector<RootStat<typename G::Action>, G::kMaxActions> root;
  uint64_t iterations = 0;
  uint64_t nodes = 0;  // tree slots in use, over every tree of every thread
};

// The rollout policy type of "rollout=heuristic": the game's heuristic when it has one.
template <class G>
struct HeuristicPolicy {
  using type = RandomPolicy<G>;
};
template <HasHeuristic G>
struct HeuristicPolicy<G> {
  using type = typename G::Heuristic;
};

// The policy that plays rollouts (and, in single-observer trees, modelled opponent moves):
// random or the game's heuristic, optionally cut after `depth` moves and scored by the
// game's evaluation. Construction rejects options the game cannot support.
template <Game G>
class RolloutPolicy {
 public:
  using State = typename G::State;

  RolloutPolicy(const G& game, const Config& config) : game_(&game), depth_(config.depth) {
    if (config.rollout == Rollout::Heuristic) {
      if constexpr (HasHeuristic<G>)
        heuristic_ = std::make_unique<typename HeuristicPolicy<G>::type>(
            game, ParamSet(G::Heuristic::schema(), {}, "heuristic"));
      else
        throw Error(fmt::format("rollout=heuristic: game '{}' has no heuristic policy", G::kId));
    }
    if (config.depth > 0 && !HasEvaluation<G>)
      throw Error(fmt::format("depth={}: game '{}' has no evaluation to score cut-off rollouts",
                              config.depth, G::kId));
  }

  // The move at `s`, whose legal moves are `legal`. The random policy draws exactly as
  // RandomPolicy does, from the caller's list: a list made per move would be zeroed each time.
  typename G::Action move(const State& s, const ActionList<G>& legal, Rng& rng) const {
    if (heuristic_) return heuristic_->choose(s, rng);
    return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  }

  // Plays `s` out; `scratch` holds each position's legal moves when the game has no
  // random_action hook (which draws the same move without listing them).
  Returns<G::kMaxPlayers> play(State& s, Rng& rng, ActionList<G>& scratch) const {
    for (int moves = 0; !game_->is_terminal(s); ++moves) {
      if constexpr (HasEvaluation<G>)
        if (depth_ > 0 && moves >= depth_) return game_->evaluate(s);
      if (heuristic_) {
        game_->apply(s, heuristic_->choose(s, rng));
      } else if constexpr (HasRandomAction<G>) {
        game_->apply(s, game_->random_action(s, rng));
      } else {
        game_->legal_actions(s, scratch);
        game_->apply(s, move(s, scratch, rng));
      }
    }
    return game_->returns(s);
  }

 private:
  const G* game_;
  int depth_;
  std::unique_ptr<typename HeuristicPolicy<G>::type> heuristic_;
};

// One decision's budget split over threads: a seed per thread drawn in order from the
// agent's rng, an equal share of the iterations, or a common deadline.
class SearchBudget {
 public:
  static constexpr size_t kMaxThreads = 64;

  SearchBudget(const Config& config, size_t threads, Rng& rng)
      : threads_(threads),
        iterations_(config.iterations),
        timed_(config.ms > 0),
        deadline_(std::chrono::steady_clock::now() +
                  std::chrono::microseconds(int64_t(config.ms * 1000))) {
    for (size_t i = 0; i < threads; ++i) seeds_[i] = rng.next();
  }

  uint64_t seed(size_t thread) const { return seeds_[thread]; }
  // Whether thread `thread` should run its `done`-th iteration.
  bool more(size_t thread, uint64_t done) const {
    if (!timed_) return done < iterations_ / threads_ + (thread < iterations_ % threads_);
    return (done & 15) != 0 || std::chrono::steady_clock::now() < deadline_;
  }
  // Runs `work(thread)` for every thread, in parallel when there are several. Isolated: a
  // thread waiting here must not pick up an outer task (another game of a balance run) that
  // would re-enter this very agent.
  template <class Work>
  void run(const Work& work) const {
    if (threads_ == 1)
      work(size_t{0});
    else
      tbb::this_task_arena::isolate([&] { tbb::parallel_for(size_t{0}, threads_, work); });
  }

 private:
  size_t threads_;
  uint64_t iterations_;
  bool timed_;
  std::chrono::steady_clock::time_point deadline_;
  std::array<uint64_t, kMaxThreads> seeds_{};
};

// One thread's search: its trees, its scratch buffers and its rollout policies.
template <Game G>
class Worker {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  using TreeType = Tree<Action>;

  Worker(const G& game, const Config& config)
      : game_(&game), config_(config), rollout_(game, config) {
    trees_.resize(config.variant == Variant::MultipleObserver ? size_t(game.num_players()) : 1);
    for (auto& path : paths_) path.reserve(256);
  }

  // Runs this thread's share of `budget` from `root` for the player to move, `seat`.
  void search(const State& root, int seat, const SearchBudget& budget, size_t thread) {
    rng_.reseed(budget.seed(thread));
    root_seat_ = seat;
    for (auto& tree : trees_) tree.reset();
    low_ = std::numeric_limits<double>::infinity();
    high_ = -low_;
    iterations_ = 0;
    while (budget.more(thread, iterations_)) {
      if (config_.variant == Variant::Mcts)
        iterate<true>(root);
      else
        iterate<false>(root);
      ++iterations_;
    }
  }

  // The root decision's tree: the searching seat's own.
  const TreeType& root_tree() const {
    return trees_[config_.variant == Variant::MultipleObserver ? size_t(root_seat_) : 0];
  }
  uint64_t iterations() const { return iterations_; }
  uint64_t slots() const {
    uint64_t n = 0;
    for (const auto& tree : trees_) n += tree.slots();
    return n;
  }

 private:
  struct Step {
    uint32_t parent, child;
    double probability;  // of the chosen arm, under the regret-matching/EXP3 rule (else 0)
  };
  static constexpr size_t kMaxArms = size_t(G::kMaxActions);
  static constexpr size_t kMaxTrees = size_t(G::kMaxPlayers);

  TreeType& tree(size_t i) { return trees_[i]; }

  // The tree in which the player to move chooses.
  size_t selection_tree(int mover) const {
    return config_.variant == Variant::MultipleObserver ? size_t(mover) : 0;
  }
  // The hot path is compiled once for mcts (kMcts: one tree that sees everything) and once
  // for ismcts, so that mcts pays for no information-set test.

  // Whether tree `owner` keys the move `a` of `mover` as unseen.
  template <bool kMcts>
  bool unseen(const State& s, const Action& a, int mover, int owner) const {
    if (kMcts || owner == mover) return false;
    return !sees_action(*game_, s, a, owner);
  }
  // What the tree's owner observes where a move is made; mcts needs no key (it sees all).
  template <bool kMcts>
  uint64_t key_for(const State& s, int owner) const {
    return kMcts ? 0 : observation_key(*game_, s, owner);
  }
  int owner_of(size_t tree_index) const {
    return config_.variant == Variant::MultipleObserver ? int(tree_index) : root_seat_;
  }

  template <bool kMcts>
  void iterate(const State& root) {
    State s = root;
    // A game with nothing hidden and no chance needs no determinization: the copy is it.
    if constexpr (!is_perfect_information<G>() || !is_deterministic<G>()) {
      if (kMcts && config_.see_hidden)
        reseed_chance<G>(s, rng_);
      else
        game_->determinize(s, root_seat_, rng_);
    }
    const size_t trees = kMcts ? 1 : trees_.size();
    std::array<uint32_t, kMaxTrees> at{};
    for (size_t t = 0; t < trees; ++t) paths_[t].clear();
    bool expanded = false;
    std::array<bool, kMaxTrees> missed_last{};  // whether each seat did not see the last move
    while (!expanded && !game_->is_terminal(s)) {
      const int mover = game_->current_player(s);
      const size_t owner_tree = kMcts ? 0 : selection_tree(mover);
      const int owner = kMcts ? root_seat_ : owner_of(owner_tree);
      TreeType& own = tree(owner_tree);
      if (!fixed_arms<kMcts>() || own[at[owner_tree]].children == 0)
        game_->legal_actions(s, legal_);
      Step step{at[owner_tree], kNoNode, 0.0};
      // A single tree holds the searching seat's view only: an opponent's move that view
      // does not see, or that the opponent makes without seeing the move before it (a
      // simultaneous reply), is not chosen from statistics the opponent could not have; the
      // rollout policy plays it from the opponent's own view instead.
      const bool modelled =
          !kMcts && config_.variant == Variant::SingleObserver && mover != owner &&
          (missed_last[size_t(mover)] || unseen<false>(s, legal_[0], mover, owner));
      const Action action = modelled ? policy_move(s, own, step, mover, owner, expanded)
                                     : choose<kMcts>(s, own, step, mover, owner, expanded);
      if constexpr (!kMcts) {
        bool unseen_by_another = false;
        for (int p = 0; p < game_->num_players(); ++p) {
          missed_last[size_t(p)] = p != mover && !sees_action(*game_, s, action, p);
          unseen_by_another = unseen_by_another || missed_last[size_t(p)];
        }
        // The owner's own move that another seat does not see makes the owner's decisions
        // at this node simultaneous.
        if (mover == owner && unseen_by_another) own[step.parent].simultaneous = true;
      }
      at[owner_tree] = step.child;
      paths_[owner_tree].push_back(step);
      // Every other tree follows the move as its owner sees it, keyed by the state the move
      // is made in (so before applying it).
      for (size_t t = 0; t < trees; ++t) {
        if (t == owner_tree) continue;
        const bool hidden = unseen<kMcts>(s, action, mover, owner_of(t));
        const uint64_t key = key_for<kMcts>(s, owner_of(t));
        uint32_t child = tree(t).find_child(at[t], mover, hidden, action, key);
        if (child == kNoNode) child = tree(t).add_child(at[t], mover, hidden, action, key, 2);
        if (tree(t)[child].visits == 0) expanded = true;
        paths_[t].push_back({at[t], child, 0.0});
        at[t] = child;
      }
      game_->apply(s, action);
    }
    const Returns<G::kMaxPlayers> result = rollout_.play(s, rng_, legal_);
    backpropagate<kMcts>(result);
  }

  // An opponent's move in a single-observer tree, played by the rollout policy and keyed as
  // the tree's owner sees it.
  Action policy_move(const State& s, TreeType& t, Step& step, int mover, int owner,
                     bool& expanded) {
    const Action action = rollout_.move(s, legal_, rng_);
    const bool hidden = unseen<false>(s, action, mover, owner);
    const uint64_t key = key_for<false>(s, owner);
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
  // children in order.
  template <bool kMcts>
  Action choose(const State& s, TreeType& t, Step& step, int mover, int owner, bool& expanded) {
    const uint32_t node = step.parent;
    if constexpr (fixed_arms<kMcts>())
      if (t[node].children > 0) return choose_fixed(t, step, expanded);
    const uint64_t key = key_for<kMcts>(s, owner);
    const std::span<const Action> legal = legal_.span();
    uint32_t first = t.template find_first_seen<kMcts>(node, mover, key);
    if (first == kNoNode) first = t.add_children(node, mover, key, legal);
    // mcts: every move is available at every selection, so UCT's parent count is the
    // node's own selection count.
    double exploration = 0;
    if constexpr (kMcts) exploration = config_.c * sqrt_log(t[node].available++);
    // Availability counts the selections in which a tried move (or the one now tried) was
    // legal: counted for the tried arms as they are scored (UCB reads the count before);
    // mcts has every move available and counts the parent's selections instead.
    uint32_t untried = 0, visited = 0;
    Ucb<kMcts> ucb(config_.c, exploration);
    const auto visit = [&](size_t i, typename TreeType::NodeType& n) {
      untried += n.visits == 0;
      ucb.add(i, n);
      if constexpr (!kMcts) n.available += n.visits > 0;
      ++visited;
    };
    if (t.template children_are<kMcts>(node, first, mover, key, legal, visit)) {
      arms_first_ = first;
    } else {
      // The block is not the legal moves in order (rare): undo and look each move up.
      if constexpr (!kMcts)
        for (uint32_t i = 0; i < visited; ++i) t[first + i].available -= t[first + i].visits > 0;
      arms_first_ = kNoNode;
      untried = 0;
      ucb = Ucb<kMcts>(config_.c, exploration);
      for (size_t i = 0; i < legal.size(); ++i) {
        arm_children_[i] = t.find_child(node, mover, false, legal[i], key);
        if (arm_children_[i] == kNoNode)
          ++untried;
        else
          visit(i, t[arm_children_[i]]);
      }
    }
    size_t pick;
    if (untried > 0) {
      pick = nth_untried(t, rng_.below(untried));
      if (arm(pick) == kNoNode) add_arm(t, node, pick, mover, key);
      if constexpr (!kMcts) ++t[arm(pick)].available;
      expanded = true;
    } else if (t[node].simultaneous && config_.simultaneous != SimultaneousRule::Ucb) {
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

  // choose() at a node that has its fixed arms (its children).
  Action choose_fixed(TreeType& t, Step& step, bool& expanded) {
    const uint32_t node = step.parent, first = t[node].first_child, k = t[node].children;
    Ucb<true> ucb(config_.c, config_.c * sqrt_log(t[node].available++));
    uint32_t untried = 0;
    const auto* arms = &t[first];
    for (uint32_t i = 0; i < k; ++i) {
      untried += arms[i].visits == 0;
      ucb.add(i, arms[i]);
    }
    arms_first_ = first;
    size_t pick = ucb.best;
    if (untried > 0) {
      pick = nth_untried(t, rng_.below(untried));
      expanded = true;
    }
    step.child = first + uint32_t(pick);
    return t[step.child].action;
  }

  // The child of arm i (of legal_[i]) at the node being chosen at, kNoNode while the node has
  // not had that move: first + i when the node's children are the legal moves in order, else
  // looked up.
  uint32_t arm(size_t i) const {
    return arms_first_ != kNoNode ? arms_first_ + uint32_t(i) : arm_children_[i];
  }

  // The index of the n-th untried arm, in the order of the legal moves.
  size_t nth_untried(const TreeType& t, uint32_t n) const {
    for (size_t i = 0;; ++i)
      if (arm(i) == kNoNode || t[arm(i)].visits == 0)
        if (n-- == 0) return i;
  }

  // Adds the child of a legal move the node has not had before (its move list changed).
  void add_arm(TreeType& t, uint32_t node, size_t index, int mover, uint64_t key) {
    const uint32_t old_first = t[node].first_child;
    arm_children_[index] = t.add_child(node, mover, false, legal_[index], key, legal_.size());
    // Adding may have moved the node's children to a larger block, in the same order.
    const uint32_t shift = t[node].first_child - old_first;
    if (shift != 0)
      for (size_t i = 0; i < legal_.size(); ++i)
        if (i != index && arm_children_[i] != kNoNode) arm_children_[i] += shift;
  }

  // UCB1 with the availability count in place of the parent's visits (subset-armed
  // bandit): mean + c * sqrt(ln(available) / visits), maximised over the arms handed to
  // add() in order. mcts has one `exploration` for all arms: plain UCT.
  template <bool kMcts>
  struct Ucb {
    double c, exploration;
    size_t best = 0;
    double best_value = -std::numeric_limits<double>::infinity();
    uint32_t last_available = 0;

    Ucb(double c_, double exploration_) : c(c_), exploration(exploration_) {}
    void add(size_t i, const typename TreeType::NodeType& n) {
      if (!kMcts && n.available != last_available) {
        last_available = n.available;  // neighbours often share it
        exploration = c * sqrt_log(n.available);
      }
      const double value = n.mean + exploration * n.inverse_sqrt_visits;
      if (value > best_value) best_value = value, best = i;
    }
  };

  // Regret matching or EXP3 over the arms, mixed with gamma exploration.
  size_t pick_mixed(const TreeType& t, Step& step) {
    const size_t k = legal_.size();
    std::array<double, kMaxArms> p{};
    double total = 0;
    if (config_.simultaneous == SimultaneousRule::RegretMatching) {
      for (size_t i = 0; i < k; ++i) total += p[i] = std::max(0.0, t[arm(i)].regret);
      if (total <= 0) std::fill_n(p.begin(), k, 1.0), total = double(k);
    } else {
      const double eta = config_.gamma / double(k);
      double top = -std::numeric_limits<double>::infinity();
      for (size_t i = 0; i < k; ++i) top = std::max(top, t[arm(i)].regret);
      for (size_t i = 0; i < k; ++i) total += p[i] = std::exp(eta * (t[arm(i)].regret - top));
    }
    double u = rng_.uniform(), cumulative = 0;
    size_t pick = k - 1;
    for (size_t i = 0; i < k; ++i) {
      p[i] = (1 - config_.gamma) * p[i] / total + config_.gamma / double(k);
      cumulative += p[i];
      if (u < cumulative) {
        pick = i;
        u = 2;  // found; keep normalising the rest
      }
    }
    step.probability = p[pick];
    return pick;
  }

  // mcts has no simultaneous nodes, so no mixed-rule updates and no range of returns to keep.
  template <bool kMcts>
  void backpropagate(const Returns<G::kMaxPlayers>& result) {
    if constexpr (!kMcts)
      for (int p = 0; p < game_->num_players(); ++p) {
        low_ = std::min(low_, result[size_t(p)]);
        high_ = std::max(high_, result[size_t(p)]);
      }
    for (size_t t = 0; t < (kMcts ? 1 : trees_.size()); ++t) {
      TreeType& tr = trees_[t];
      for (const Step& step : paths_[t]) {
        auto& n = tr[step.child];
        const double r = result[size_t(n.mover)];
        n.add(r);
        if (!kMcts && step.probability > 0) update_mixed(tr, step, n.mover, r);
      }
    }
  }

  // The sampled-outcome updates of Lanctot et al.: regret matching adds to each sibling
  // (moves of the same seat) x_i - u, with x the importance-weighted reward of the chosen
  // move; EXP3 adds the importance-weighted reward to the chosen move. Rewards are scaled to
  // [0, 1] by the range of returns seen so far.
  void update_mixed(TreeType& tr, const Step& step, int mover, double r) {
    const double u = high_ > low_ ? (r - low_) / (high_ - low_) : 0.5;
    const double estimate = u / step.probability;
    if (config_.simultaneous == SimultaneousRule::Exp3) {
      tr[step.child].regret += estimate;
      return;
    }
    const auto& parent = tr[step.parent];
    // Untried siblings are not counted: their statistics start when they are first tried.
    for (uint32_t i = parent.first_child; i < parent.first_child + parent.children; ++i)
      if (tr[i].mover == mover && tr[i].key == tr[step.child].key && tr[i].visits > 0)
        tr[i].regret += (i == step.child ? estimate : 0.0) - u;
  }

  const G* game_;
  Config config_;
  RolloutPolicy<G> rollout_;
  std::vector<TreeType> trees_;
  std::array<std::vector<Step>, kMaxTrees> paths_;
  ActionList<G> legal_;
  uint32_t arms_first_ = kNoNode;  // see arm()
  std::array<uint32_t, kMaxArms> arm_children_{};
  Rng rng_;
  int root_seat_ = 0;
  uint64_t iterations_ = 0;
  double low_ = 0, high_ = 0;
};

// The agent: one worker per thread, root statistics merged in thread order.
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
    for (int i = 0; i < config.threads; ++i)
      workers_.push_back(std::make_unique<Worker<G>>(game, config));
  }

  Action act(const State& state, Rng& rng) override {
    const int seat = game_->current_player(state);
    ActionList<G> legal;
    game_->legal_actions(state, legal);
    report_ = {};
    if (legal.size() == 1) return legal[0];
    const SearchBudget budget(config_, workers_.size(), rng);
    budget.run([&](size_t i) { workers_[i]->search(state, seat, budget, i); });
    for (const Action& a : legal) report_.root.push_back({a, 0, 0.0});
    for (const auto& worker : workers_) {
      const auto& tree = worker->root_tree();
      const auto& root = tree[Tree<Action>::kRoot];
      for (uint32_t c = root.first_child; c < root.first_child + root.children; ++c)
        for (auto& stat : report_.root)
          if (tree[c].mover == seat && !tree[c].hidden && tree[c].action == stat.action) {
            stat.visits += tree[c].visits;
            stat.reward += tree[c].reward_sum();
          }
      report_.iterations += worker->iterations();
      report_.nodes += worker->slots();
    }
    return pick_final(rng);
  }

  const SearchReport<G>& last_search() const { return report_; }

 private:
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
  std::vector<std::unique_ptr<Worker<G>>> workers_;
  SearchReport<G> report_;
};

// Flat Monte Carlo: the legal moves take turns; each trial plays one on a fresh
// determinization and rolls out. With determinization this is PIMC.
template <Game G>
class FlatMonteCarloAgent final : public Agent<G> {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  FlatMonteCarloAgent(const G& game, const Config& config, std::string spec)
      : Agent<G>(std::move(spec)), game_(&game), config_(config), rollout_(game, config) {
    threads_.resize(size_t(config.threads));
  }

  Action act(const State& state, Rng& rng) override {
    const int seat = game_->current_player(state);
    ActionList<G> legal;
    game_->legal_actions(state, legal);
    report_ = {};
    if (legal.size() == 1) return legal[0];
    const size_t threads = threads_.size();
    const SearchBudget budget(config_, threads, rng);
    budget.run([&](size_t i) {
      auto& sums = threads_[i];
      sums = {};
      sums.resize(legal.size());
      Rng trial_rng(budget.seed(i));
      ActionList<G> scratch;
      for (uint64_t k = 0; budget.more(i, k); ++k) {
        const size_t arm = size_t((k * threads + i) % legal.size());
        State world = state;
        game_->determinize(world, seat, trial_rng);
        game_->apply(world, legal[arm]);
        sums[arm].visits++;
        sums[arm].reward += rollout_.play(world, trial_rng, scratch)[size_t(seat)];
      }
    });
    for (size_t a = 0; a < legal.size(); ++a) {
      RootStat<Action> stat{legal[a], 0, 0.0};
      for (const auto& sums : threads_)
        stat.visits += sums[a].visits, stat.reward += sums[a].reward;
      report_.iterations += stat.visits;
      report_.root.push_back(stat);
    }
    size_t best = 0;
    for (size_t a = 1; a < legal.size(); ++a)
      if (report_.root[a].mean() > report_.root[best].mean()) best = a;
    return legal[best];
  }

  const SearchReport<G>& last_search() const { return report_; }

 private:
  struct Sum {
    uint64_t visits = 0;
    double reward = 0;
  };
  const G* game_;
  Config config_;
  RolloutPolicy<G> rollout_;
  std::vector<FixedVector<Sum, G::kMaxActions>> threads_;
  SearchReport<G> report_;
};

// The parameters of the search agents, and their parsing into a Config.
inline ParamSchema search_schema(Variant variant, bool flat = false) {
  ParamSchema schema = {
      ParamSpec::integer("iterations", 1000, 1, 1'000'000'000,
                         "search iterations per decision (reproducible budget)"),
      ParamSpec::real("ms", 0, 0, 1e7,
                      "time budget per decision in milliseconds instead of iterations; 0 = off "
                      "(a timed search is not reproducible)"),
      ParamSpec::choice("rollout", "random", {"random", "heuristic"},
                        "rollout policy: uniformly random, or the game's heuristic"),
      ParamSpec::integer("depth", 0, 0, 1'000'000,
                         "cut rollouts after this many moves and score them with the game's "
                         "evaluation; 0 = play to the end"),
      ParamSpec::integer("threads", 1, 1, 64,
                         "root parallelism: independent trees merged at the root (deterministic "
                         "for a seed and thread count)"),
  };
  if (flat) return schema;
  schema.push_back(ParamSpec::real("c", 0.7, 0, 100, "UCB exploration constant"));
  schema.push_back(ParamSpec::choice("final", "visits", {"visits", "mean", "proportional"},
                                     "final move: most visited, highest mean, or sampled in "
                                     "proportion to visits"));
  if (variant == Variant::Mcts) {
    schema.push_back(ParamSpec::boolean(
        "see_hidden", false,
        "allow a hidden-information game and search its true state (a cheating upper bound)"));
  } else {
    schema.push_back(ParamSpec::choice(
        "trees", "so", {"so", "mo"}, "so: one tree for the searching seat; mo: one tree per seat"));
    schema.push_back(ParamSpec::choice(
        "sim", "ucb", {"ucb", "rm", "exp3"},
        "selection at simultaneous (unseen) moves: UCB, regret matching or EXP3"));
    schema.push_back(
        ParamSpec::real("gamma", 0.1, 0.001, 1, "exploration mixed into regret matching and EXP3"));
  }
  return schema;
}

inline Config search_config(const ParamSet& params, Variant variant, bool flat = false) {
  Config config;
  config.variant = variant;
  config.iterations = uint64_t(params.get_int("iterations"));
  config.ms = params.get_real("ms");
  config.rollout =
      params.get_choice("rollout") == "heuristic" ? Rollout::Heuristic : Rollout::Random;
  config.depth = int(params.get_int("depth"));
  config.threads = int(params.get_int("threads"));
  if (flat) return config;
  config.c = params.get_real("c");
  const std::string& final_move = params.get_choice("final");
  config.final_move = final_move == "visits" ? FinalMove::MostVisited
                      : final_move == "mean" ? FinalMove::HighestMean
                                             : FinalMove::VisitProportional;
  if (variant == Variant::Mcts) {
    config.see_hidden = params.get_bool("see_hidden");
  } else {
    if (params.get_choice("trees") == "mo") config.variant = Variant::MultipleObserver;
    const std::string& sim = params.get_choice("sim");
    config.simultaneous = sim == "ucb"  ? SimultaneousRule::Ucb
                          : sim == "rm" ? SimultaneousRule::RegretMatching
                                        : SimultaneousRule::Exp3;
    config.gamma = params.get_real("gamma");
  }
  return config;
}

}  // namespace nf::search
