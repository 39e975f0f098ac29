// The whole game tree of a small game, enumerated once through the chance-enumeration hook
// (agents/game_hooks.hpp): decision, chance and terminal nodes, and the information sets of the
// decisions, keyed by the game's observation text of the seat to move. Exact solvers (best
// response, CFR) walk this tree instead of the game, so they are compiled once, not per game.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "agents/game_hooks.hpp"
#include "core/error.hpp"
#include "core/game.hpp"

namespace nf::exact {

// Walking more nodes than this is refused: exact methods are for games small enough to
// enumerate (about 32 bytes per node).
inline constexpr size_t kMaxTreeNodes = size_t{1} << 25;

struct TreeNode {
  static constexpr int32_t kChance = -1, kTerminal = -2;
  int32_t player = kTerminal;  // the seat to move, or kChance, or kTerminal
  uint32_t index = 0;          // decision: its information set; terminal: its row of returns
  uint32_t first_child = 0;    // children are consecutive: one per legal action (in
  uint32_t children = 0;       // legal_actions order) or per equally likely chance outcome
};

struct InfoSet {
  int player = 0;
  uint32_t actions = 0;
  std::vector<uint32_t> nodes;  // the histories in the set, in tree order
  std::string key;              // the seat and its observation
};

// Per information set, the probability of each of its actions (in legal_actions order).
using TabularPolicy = std::vector<std::vector<double>>;

struct GameTree {
  int players = 0;
  std::vector<TreeNode> nodes;  // nodes[0] is the root, a chance node over the deals
  std::vector<InfoSet> infosets;
  std::vector<double> returns;  // terminal row r: returns[r * players + seat]

  double terminal_return(const TreeNode& node, int seat) const {
    return returns[size_t(node.index) * size_t(players) + size_t(seat)];
  }
  // Every information set playing each of its actions equally often.
  TabularPolicy uniform_policy() const {
    TabularPolicy policy;
    for (const auto& set : infosets) policy.emplace_back(set.actions, 1.0 / set.actions);
    return policy;
  }
};

// The information set's key: what the seat to move observes.
template <Game G>
std::string infoset_key(const G& game, const typename G::State& state) {
  const int seat = game.current_player(state);
  return fmt::format("{}|{}", seat, game.observation(state, seat));
}

// The tree of a game, and one state of each information set (what an agent is asked to act
// in to read its policy there).
template <HasChanceEnumeration G>
struct EnumeratedGame {
  GameTree tree;
  std::vector<typename G::State> infoset_states;
  std::unordered_map<std::string, uint32_t> infoset_index;  // by key
};

template <HasChanceEnumeration G>
class TreeBuilder {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  TreeBuilder(const G& game, size_t max_nodes) : game_(game), max_nodes_(max_nodes) {
    out_.tree.players = game.num_players();
    out_.tree.nodes.emplace_back();  // the root
  }

  EnumeratedGame<G> build() && {
    const uint64_t deals = game_.deal_count();
    // Counted first, storing nothing, so a game too large is refused in seconds, before the
    // tree and its observation keys take time and memory.
    size_t counted = 1 + size_t(deals);
    for (uint64_t d = 0; d < deals && counted <= max_nodes_; ++d)
      count_below(game_.deal_state(d), counted);
    if (counted > max_nodes_) refuse();
    const uint32_t first = allocate(deals);
    out_.tree.nodes[0] = {TreeNode::kChance, 0, first, uint32_t(deals)};
    for (uint64_t d = 0; d < deals; ++d) expand(first + uint32_t(d), game_.deal_state(d));
    return std::move(out_);
  }

 private:
  [[noreturn]] void refuse() const {
    throw Error(fmt::format("{} is too large to enumerate: its tree has more than {} nodes", G::kId,
                            max_nodes_));
  }

  // Adds the nodes below `state` to `counted`, stopping once it passes the limit.
  void count_below(const State& state, size_t& counted) const {
    if (counted > max_nodes_ || game_.is_terminal(state)) return;
    ActionList<G> actions;
    game_.legal_actions(state, actions);
    counted += actions.size();
    for (size_t k = 0; k < actions.size(); ++k) {
      const uint32_t outcomes = game_.chance_count(state, actions[k]);
      if (outcomes > 1) counted += outcomes;
      for (uint32_t o = 0; o < outcomes && counted <= max_nodes_; ++o) {
        State next = state;
        game_.apply_outcome(next, actions[k], o);
        count_below(next, counted);
      }
    }
  }

  // Reserves `count` consecutive child nodes.
  uint32_t allocate(uint64_t count) {
    if (out_.tree.nodes.size() + count > max_nodes_) refuse();
    const auto first = uint32_t(out_.tree.nodes.size());
    out_.tree.nodes.resize(out_.tree.nodes.size() + size_t(count));
    return first;
  }

  void expand(uint32_t at, const State& state) {
    auto& tree = out_.tree;
    if (game_.is_terminal(state)) {
      const auto row = uint32_t(tree.returns.size() / size_t(tree.players));
      const auto r = game_.returns(state);
      tree.returns.insert(tree.returns.end(), r.begin(), r.begin() + tree.players);
      tree.nodes[at] = {TreeNode::kTerminal, row, 0, 0};
      return;
    }
    ActionList<G> actions;
    game_.legal_actions(state, actions);
    const int seat = game_.current_player(state);
    const uint32_t set = infoset_of(state, seat, uint32_t(actions.size()));
    out_.tree.infosets[set].nodes.push_back(at);
    const uint32_t first = allocate(actions.size());
    tree.nodes[at] = {seat, set, first, uint32_t(actions.size())};
    for (size_t k = 0; k < actions.size(); ++k) {
      const uint32_t child = first + uint32_t(k);
      const uint32_t outcomes = game_.chance_count(state, actions[k]);
      if (outcomes == 1) {
        State next = state;
        game_.apply_outcome(next, actions[k], 0);
        expand(child, next);
        continue;
      }
      const uint32_t grandchildren = allocate(outcomes);
      out_.tree.nodes[child] = {TreeNode::kChance, 0, grandchildren, outcomes};
      for (uint32_t o = 0; o < outcomes; ++o) {
        State next = state;
        game_.apply_outcome(next, actions[k], o);
        expand(grandchildren + o, next);
      }
    }
  }

  uint32_t infoset_of(const State& state, int seat, uint32_t actions) {
    std::string key = infoset_key(game_, state);
    const auto [it, added] =
        out_.infoset_index.try_emplace(key, uint32_t(out_.tree.infosets.size()));
    if (added) {
      out_.tree.infosets.push_back({seat, actions, {}, std::move(key)});
      out_.infoset_states.push_back(state);
    } else if (out_.tree.infosets[it->second].actions != actions) {
      throw Error(
          fmt::format("{}: states with the same observation '{}' have different legal "
                      "moves; exact methods need observations that tell them apart",
                      G::kId, it->first));
    }
    return it->second;
  }

  const G& game_;
  size_t max_nodes_;
  EnumeratedGame<G> out_;
};

// The whole tree of `game`; nf::Error when it has more than `max_nodes` nodes.
template <HasChanceEnumeration G>
EnumeratedGame<G> enumerate_game(const G& game, size_t max_nodes = kMaxTreeNodes) {
  return TreeBuilder<G>(game, max_nodes).build();
}

}  // namespace nf::exact
