// The search tree of the MCTS family: nodes in one index-based arena that is cleared, not
// freed, between searches, with each node's children in one contiguous block. A node is the
// edge that leads to it: the seat that moved, the move as the tree's owner sees it, and the
// statistics of that move. Nothing here allocates once the arena has grown to the size a
// search needs.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace nf::search {

inline constexpr uint32_t kNoNode = std::numeric_limits<uint32_t>::max();

// sqrt(ln n) and 1/sqrt(n) for the counts most nodes have, computed once: selection and
// backpropagation then look them up instead of taking a logarithm, a square root and a
// division per node. The values are exactly those computed on the fly for larger counts.
namespace detail {
inline constexpr uint32_t kTabulatedCounts = 8192;
struct CountTables {
  std::array<double, kTabulatedCounts> sqrt_log;
  std::array<float, kTabulatedCounts> inverse_sqrt;
};
inline const CountTables kCountTables = [] {
  CountTables tables{};
  for (uint32_t n = 0; n < kTabulatedCounts; ++n) {
    tables.sqrt_log[n] = std::sqrt(std::log(double(n)));
    tables.inverse_sqrt[n] = static_cast<float>(1.0 / std::sqrt(double(n)));
  }
  return tables;
}();
}  // namespace detail

inline double sqrt_log(uint64_t n) {
  return n < detail::kTabulatedCounts ? detail::kCountTables.sqrt_log[n]
                                      : std::sqrt(std::log(double(n)));
}
inline float inverse_sqrt(uint32_t n) {
  return n < detail::kTabulatedCounts ? detail::kCountTables.inverse_sqrt[n]
                                      : static_cast<float>(1.0 / std::sqrt(double(n)));
}

// An observation key folded to the 32 bits a node keeps: keys only tell apart the few
// observations under one parent, where two of a dozen sharing 32 bits is a chance of 2e-8.
inline uint32_t folded_key(uint64_t key) { return static_cast<uint32_t>(key ^ (key >> 32)); }

// Statistics are floats: a mean or a regret needs no more than float's 7 digits to rank
// moves, and a node of 32 bytes (with a move of up to 2 bytes) keeps twice as many arms per
// cache line as one of doubles did.
template <class Action>
struct Node {
  uint32_t key = 0;        // folded_key of what the owner observed where the move was made
  float mean = 0;          // mean of the mover's returns over the visits through this edge
  float regret = 0;        // regret matching: cumulative regret; EXP3: cumulative reward estimate
  uint32_t visits = 0;     // 0: created with its siblings but not tried yet
  uint32_t available = 0;  // selections at the parent in which this move was legal; mcts,
                           // where every move always is, keeps the count once, at the parent
  uint32_t first_child = kNoNode;
  uint16_t children = 0;
  uint16_t capacity = 0;
  int8_t mover = -1;        // the seat whose move this edge is (-1 at the root)
  bool hidden : 1 = false;  // the owner did not see which move: the edge stands for all of them
  bool simultaneous : 1 = false;  // decisions at this node are made without seeing, or unseen
                                  // (always so below a hidden edge)
  bool run : 1 = false;  // not a move but the head of a run: its children are the seen moves
                         // of `mover` under `key` at its parent (ismcts trees, see add_run)
  Action action{};       // the move, when not hidden

  void add(double reward) {
    ++visits;
    mean = static_cast<float>(mean + (reward - mean) / visits);
  }
  // Turns a visit counted with `counted` (a virtual loss) into one with `reward`.
  void replace(double counted, double reward) {
    mean = static_cast<float>(mean + (reward - counted) / visits);
  }
  double reward_sum() const { return double(mean) * visits; }
};

// Small actions keep a node within 32 bytes: a tree of a million nodes fits in 32 MB.
static_assert(sizeof(Node<uint8_t>) <= 32 && sizeof(Node<uint16_t>) <= 32);

template <class Action>
class Tree {
 public:
  using NodeType = Node<Action>;
  static constexpr uint32_t kRoot = 0;

  // Empties the tree to a single root, keeping the arena's memory.
  void reset() {
    nodes_.clear();
    nodes_.emplace_back();
    free_blocks_.fill(kNoNode);
    moved_blocks_ = 0;
  }

  // How many child blocks have moved since the reset. A node's index stays valid while this
  // count does: only moving the block a node sits in (its parent outgrowing it) changes it.
  uint64_t moved_blocks() const { return moved_blocks_; }

  NodeType& operator[](uint32_t i) { return nodes_[i]; }
  const NodeType& operator[](uint32_t i) const { return nodes_[i]; }
  // Slots in use (nodes plus the free room of child blocks).
  size_t slots() const { return nodes_.size(); }
  size_t capacity() const { return nodes_.capacity(); }

  uint32_t find_child(uint32_t parent, int mover, bool hidden, const Action& action,
                      uint32_t key) const {
    const NodeType& p = nodes_[parent];
    for (uint32_t i = p.first_child; i < p.first_child + p.children; ++i) {
      const NodeType& c = nodes_[i];
      if (c.key == key && c.mover == mover && c.hidden == hidden && !c.run &&
          (hidden || c.action == action))
        return i;
    }
    return kNoNode;
  }

  // The first child that is a move of `mover`, or kNoNode, in an mcts tree (no keys, no hidden
  // edges, no runs: ismcts finds a node's moves through its run, find_run).
  uint32_t find_first_move(uint32_t parent, int mover) const {
    const NodeType& p = nodes_[parent];
    for (uint32_t i = p.first_child; i < p.first_child + p.children; ++i)
      if (nodes_[i].mover == mover) return i;
    return kNoNode;
  }

  // The run head of the seen moves of `mover` under `key` at `parent`, or kNoNode. An ismcts
  // node reached under many observations (a card turned after it, say) keeps one run of moves
  // per observation, each in a block of its own: one growing block for all of them would
  // leave outgrown copies of itself behind at every new observation.
  uint32_t find_run(uint32_t parent, int mover, uint32_t key) const {
    const NodeType& p = nodes_[parent];
    for (uint32_t i = p.first_child; i < p.first_child + p.children; ++i) {
      const NodeType& c = nodes_[i];
      if (c.run && c.key == key && c.mover == mover) return i;
    }
    return kNoNode;
  }
  // Adds the run head of `mover`'s moves under `key` at `parent`, without moves yet; it
  // starts `simultaneous` as its parent is.
  uint32_t add_run(uint32_t parent, int mover, uint32_t key) {
    const uint32_t index = add_child(parent, mover, false, Action{}, key, 1);
    nodes_[index].run = true;
    nodes_[index].simultaneous = nodes_[parent].simultaneous;
    return index;
  }

  // Whether `parent`'s children from `first` on are the seen moves `actions` of `mover` under
  // `key`, in order: then the child of actions[i] is first + i. Checked in O(k) instead of a
  // search per action, in the same pass that hands each child to `visit(i, child)` (which
  // selection uses while the node is in cache; the caller undoes its work when this returns
  // false).
  // kUnkeyed: the tree has no keys and no hidden edges (mcts), so only movers and moves differ.
  template <bool kUnkeyed, class Visit>
  bool children_are(uint32_t parent, uint32_t first, int mover, uint32_t key,
                    std::span<const Action> actions, Visit&& visit) {
    const NodeType& p = nodes_[parent];
    if (first + actions.size() > p.first_child + p.children) return false;
    NodeType* c = &nodes_[first];
    for (size_t i = 0; i < actions.size(); ++i) {
      if ((!kUnkeyed && (c[i].key != key || c[i].hidden)) || c[i].mover != mover ||
          !(c[i].action == actions[i]))
        return false;
      visit(i, c[i]);
    }
    return true;
  }

  // Adds a child; a full block moves to the end of the arena with twice the room (the old
  // block stays unused until the next reset). `room` sizes a node's first block.
  uint32_t add_child(uint32_t parent, int mover, bool hidden, const Action& action, uint32_t key,
                     size_t room) {
    const uint32_t index = append_children(parent, 1, room);
    init(nodes_[index], mover, hidden, action, key);
    return index;
  }

  // Adds the seen moves `actions` of `mover` under `key` as a contiguous run of children in
  // that order, untried (no visits); returns the first.
  uint32_t add_children(uint32_t parent, int mover, uint32_t key, std::span<const Action> actions) {
    const uint32_t first = append_children(parent, actions.size(), actions.size());
    for (size_t i = 0; i < actions.size(); ++i)
      init(nodes_[first + i], mover, false, actions[i], key);
    return first;
  }

 private:
  // Makes room for `count` more children of `parent` and counts them in; returns the first.
  uint32_t append_children(uint32_t parent, size_t count, size_t room) {
    if (nodes_[parent].children + count > nodes_[parent].capacity) {
      const size_t old_capacity = nodes_[parent].capacity;
      const size_t new_capacity =
          std::max<size_t>({room, 2 * old_capacity, nodes_[parent].children + count, 2});
      const uint32_t block = take_block(new_capacity);
      NodeType& p = nodes_[parent];
      for (uint32_t i = 0; i < p.children; ++i) nodes_[block + i] = nodes_[p.first_child + i];
      if (old_capacity > 0) give_back(p.first_child, old_capacity);
      moved_blocks_ += p.children > 0;
      p.first_child = block;
      p.capacity = static_cast<uint16_t>(new_capacity);
    }
    NodeType& p = nodes_[parent];
    const uint32_t first = p.first_child + p.children;
    p.children = static_cast<uint16_t>(p.children + count);
    return first;
  }

  // A block of `capacity` slots: one a node outgrew earlier in this search when there is one
  // of that size, else new room at the end of the arena. Reusing outgrown blocks keeps the
  // arena near the size of the live tree.
  uint32_t take_block(size_t capacity) {
    if (capacity < kReusedSizes && free_blocks_[capacity] != kNoNode) {
      const uint32_t block = free_blocks_[capacity];
      free_blocks_[capacity] = nodes_[block].first_child;
      return block;
    }
    const auto block = static_cast<uint32_t>(nodes_.size());
    nodes_.resize(nodes_.size() + capacity);
    return block;
  }
  // Files an outgrown block under its size; its first slot links to the next of that size.
  void give_back(uint32_t block, size_t capacity) {
    if (capacity >= kReusedSizes) return;
    nodes_[block].first_child = free_blocks_[capacity];
    free_blocks_[capacity] = block;
  }

  static void init(NodeType& node, int mover, bool hidden, const Action& action, uint32_t key) {
    node = NodeType{};
    node.mover = static_cast<int8_t>(mover);
    node.hidden = hidden;
    node.simultaneous = hidden;
    node.key = key;
    if (!hidden) node.action = action;
  }

  static constexpr size_t kReusedSizes = 512;  // blocks this large or larger are not reused
  std::vector<NodeType> nodes_;
  std::array<uint32_t, kReusedSizes> free_blocks_;  // by capacity: first outgrown block, or kNoNode
  uint64_t moved_blocks_ = 0;
};

}  // namespace nf::search
