// What a search's trees see of the game, as a type: mcts's one tree that sees everything, or
// ismcts's trees that each see what their owner observes. The search's hot path is compiled
// once per view (SearchSteps' member templates take it), so that mcts pays for no
// information-set test, and the places where the two searches differ are the members here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "agents/game_hooks.hpp"
#include "agents/search/config.hpp"
#include "agents/search/tree.hpp"

namespace nf::search {

// mcts: one tree, the searching seat's, that sees every move and every state. Its nodes need
// no observation keys, hidden edges or runs; every legal move is available at every selection
// (plain UCT: one count of selections, kept at the parent); and no node is simultaneous.
struct SeesEverything {
  // Whether tree nodes carry no observation keys and no hidden edges (Tree::children_are), and
  // whether one exploration term serves every arm of a node (Ucb).
  static constexpr bool kUnkeyed = true;
  static constexpr bool kEveryMoveAvailable = true;
  // Whether a move some seat does not see can make a node simultaneous (regret matching,
  // EXP3), which needs the seats that missed the last move and the range of returns.
  static constexpr bool kSimultaneousNodes = false;

  // The trees an iteration walks, of the `count` the search keeps.
  static constexpr size_t walked_trees(size_t /*count*/) { return 1; }
  // The tree in which `mover` chooses, and the seat whose view tree `t` holds.
  static constexpr size_t chooser_tree(const Config& /*config*/, int /*mover*/) { return 0; }
  static constexpr int owner(const Config& /*config*/, size_t /*t*/, int root_seat) {
    return root_seat;
  }
  // Whether a world is the root with only its future chance resampled: mcts(see_hidden), a
  // cheating search of the true hidden state.
  static bool resamples_only_chance(const Config& config) { return config.see_hidden; }
  // Whether an opponent's move is played by the rollout policy instead of chosen in the tree
  // (SeesObservations): never, the one tree sees every seat's moves.
  static constexpr bool models_opponents(const Config& /*config*/) { return false; }
  // Whether a node's children always are its legal moves in order: on a game without chance a
  // node is reached by one path and so in one state, the one its children were listed in.
  // Such nodes then need neither the move list nor the check that it still matches.
  template <Game G>
  static constexpr bool fixed_arms() {
    return is_deterministic<G>();
  }

  // Whether tree `owner` keys the move `a` of `mover` as unseen, and what it observes where a
  // move is made: it sees everything, so nothing is unseen and no key tells worlds apart.
  template <Game G>
  static bool unseen(const G& /*game*/, const typename G::State& /*s*/,
                     const typename G::Action& /*a*/, int /*mover*/, int /*owner*/) {
    return false;
  }
  template <Game G>
  static uint32_t key(const G& /*game*/, const typename G::State& /*s*/, int /*owner*/) {
    return 0;
  }

  // The node whose children are `mover`'s moves at `node`, and the first of them (kNoNode
  // before the node has any): the node itself, its moves among its children.
  template <class TreeType>
  static uint32_t arms_parent(TreeType& /*t*/, uint32_t node, int /*mover*/, uint32_t /*key*/) {
    return node;
  }
  template <class TreeType>
  static uint32_t first_arm(const TreeType& t, uint32_t parent, int mover) {
    return t.find_first_move(parent, mover);
  }

  // UCT's exploration term for every arm of `node`, counting this selection there.
  template <class NodeType>
  static double shared_exploration(double c, NodeType& node) {
    return c * sqrt_log(node.available++);
  }
  // Availability counts per arm (SeesObservations): none here, the parent counts.
  template <class NodeType>
  static void count_available(NodeType& /*arm*/) {}
  template <class NodeType>
  static void uncount_available(NodeType& /*arm*/) {}
  template <class NodeType>
  static void count_tried(NodeType& /*arm*/) {}
};

// ismcts (Cowling, Powley & Whitehouse 2012): one tree (SO) or one per seat (MO), each keyed by
// what its owner observes. A move the owner does not see is one hidden edge for all of them; a
// node's moves under one observation are a run (Tree::find_run); a move is available only in
// the worlds where it is legal, so each arm counts its own availability (subset-armed UCB); and
// a node whose decisions are made unseen, or without seeing the last move, is simultaneous.
struct SeesObservations {
  static constexpr bool kUnkeyed = false;
  static constexpr bool kEveryMoveAvailable = false;
  static constexpr bool kSimultaneousNodes = true;

  static size_t walked_trees(size_t count) { return count; }
  // The mover's own tree in MO, else the only one (whose owner is the searching seat).
  static size_t chooser_tree(const Config& config, int mover) {
    return config.variant == Variant::MultipleObserver ? size_t(mover) : 0;
  }
  static int owner(const Config& config, size_t t, int root_seat) {
    return config.variant == Variant::MultipleObserver ? int(t) : root_seat;
  }
  static bool resamples_only_chance(const Config& /*config*/) { return false; }
  // A single tree holds the searching seat's view only: an opponent's move that view does not
  // see, or that the opponent makes without seeing the move before it, is played by the
  // rollout policy from the opponent's own view (SearchSteps::prepare_step).
  static bool models_opponents(const Config& config) {
    return config.variant == Variant::SingleObserver;
  }
  template <Game G>
  static constexpr bool fixed_arms() {
    return false;
  }

  template <Game G>
  static bool unseen(const G& game, const typename G::State& s, const typename G::Action& a,
                     int mover, int owner) {
    if (owner == mover) return false;
    return !sees_action(game, s, a, owner);
  }
  template <Game G>
  static uint32_t key(const G& game, const typename G::State& s, int owner) {
    return folded_key(observation_key(game, s, owner));
  }

  // The run of `mover`'s moves under `key` at `node`, added when new.
  template <class TreeType>
  static uint32_t arms_parent(TreeType& t, uint32_t node, int mover, uint32_t key) {
    const uint32_t run = t.find_run(node, mover, key);
    return run != kNoNode ? run : t.add_run(node, mover, key);
  }
  template <class TreeType>
  static uint32_t first_arm(const TreeType& t, uint32_t parent, int /*mover*/) {
    return t[parent].children > 0 ? t[parent].first_child : kNoNode;
  }

  // Availability counts the selections in which a tried move (or the one now tried) was
  // legal: counted for the tried arms as they are scored (UCB reads the count before), undone
  // when the scoring starts over, and counted for the arm tried.
  template <class NodeType>
  static double shared_exploration(double /*c*/, NodeType& /*node*/) {
    return 0;
  }
  template <class NodeType>
  static void count_available(NodeType& arm) {
    arm.available += arm.visits > 0;
  }
  template <class NodeType>
  static void uncount_available(NodeType& arm) {
    arm.available -= arm.visits > 0;
  }
  template <class NodeType>
  static void count_tried(NodeType& arm) {
    ++arm.available;
  }
};

// Calls `f` with the view of `variant`'s trees: the run-time choice of a search made once per
// call, each view's code compiled on its own.
template <class F>
decltype(auto) with_view(Variant variant, F&& f) {
  if (variant == Variant::Mcts) return f(SeesEverything{});
  return f(SeesObservations{});
}

}  // namespace nf::search
