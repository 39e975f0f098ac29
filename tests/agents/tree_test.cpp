// The search tree's arena: child blocks, runs of moves per observation, reuse of outgrown
// blocks.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <span>

#include "agents/search/tree.hpp"

using nf::search::kNoNode;
using Tree = nf::search::Tree<uint8_t>;

TEST_CASE("a node keeps one run of moves per observation, each run in a block of its own") {
  Tree tree;
  tree.reset();
  const std::array<uint8_t, 3> moves = {4, 5, 6};
  const uint32_t root = Tree::kRoot;
  REQUIRE(tree.find_run(root, 0, 7) == kNoNode);
  const uint32_t seven = tree.add_run(root, 0, 7);
  const uint32_t first7 = tree.add_children(seven, 0, 7, std::span<const uint8_t>(moves));
  const uint32_t nine = tree.add_run(root, 0, 9);
  const uint32_t first9 = tree.add_children(nine, 0, 9, std::span<const uint8_t>(moves));
  // Adding the second run moved the root's block of run heads: look them up again.
  CHECK(tree.find_run(root, 0, 7) != kNoNode);
  CHECK(tree.find_run(root, 0, 9) != kNoNode);
  CHECK(tree.find_run(root, 1, 7) == kNoNode);  // another seat's moves have no run here
  CHECK(tree[tree.find_run(root, 0, 7)].first_child == first7);
  CHECK(tree[tree.find_run(root, 0, 9)].first_child == first9);
  for (uint32_t i = 0; i < 3; ++i) {
    CHECK(tree[first7 + i].action == moves[i]);
    CHECK(tree[first9 + i].key == 9);
  }
  // The runs' blocks are exactly their moves: no block grew by doubling.
  CHECK(tree[tree.find_run(root, 0, 9)].capacity == 3);
  // A run head is not a move: looking a move up never finds one.
  CHECK(tree.find_child(root, 0, false, uint8_t{}, 7) == kNoNode);
  CHECK(tree.find_child(tree.find_run(root, 0, 7), 0, false, 5, 7) == first7 + 1);
}

TEST_CASE("a run head starts simultaneous as its node is") {
  Tree tree;
  tree.reset();
  const uint32_t hidden = tree.add_child(Tree::kRoot, 1, true, uint8_t{}, 0, 1);
  CHECK(tree[hidden].simultaneous);
  const uint32_t run = tree.add_run(hidden, 0, 3);
  CHECK(tree[run].run);
  CHECK(tree[run].simultaneous);
  CHECK_FALSE(tree[tree.add_run(Tree::kRoot, 0, 3)].simultaneous);
}

TEST_CASE("a block outgrown by its node is reused by the next node that needs that size") {
  Tree tree;
  tree.reset();
  const std::array<uint8_t, 2> two = {1, 2};
  const uint32_t a = tree.add_child(Tree::kRoot, 0, false, 1, 0, 2);
  const uint32_t b = tree.add_child(Tree::kRoot, 0, false, 2, 0, 2);
  REQUIRE(b == a + 1);
  const uint32_t old_block = tree[Tree::kRoot].first_child;
  tree.add_child(Tree::kRoot, 0, false, 3, 0, 2);  // the root's block of 2 grows to 4
  CHECK(tree[Tree::kRoot].first_child != old_block);
  const size_t slots = tree.slots();
  const uint32_t child = tree[Tree::kRoot].first_child;
  CHECK(tree.add_children(child, 1, 0, std::span<const uint8_t>(two)) == old_block);
  CHECK(tree.slots() == slots);
}

// Tree parallelism finds a thread's path again from the root only when a block has moved
// since the thread let go of the lock: the count must move exactly when a block of children
// does, and a moved block keeps its children in order (so their places still find them).
TEST_CASE("the tree counts the child blocks that moved, and a moved block keeps its order") {
  Tree tree;
  tree.reset();
  const std::array<uint8_t, 3> three = {7, 8, 9};
  const uint32_t first = tree.add_children(Tree::kRoot, 0, 0, std::span<const uint8_t>(three));
  CHECK(tree.moved_blocks() == 0);
  tree.add_children(first, 1, 0, std::span<const uint8_t>(three));  // a new block: nothing moves
  CHECK(tree.moved_blocks() == 0);
  tree.add_child(Tree::kRoot, 0, false, 10, 0, 1);  // the root's full block of 3 moves
  CHECK(tree.moved_blocks() == 1);
  const uint32_t moved = tree[Tree::kRoot].first_child;
  CHECK(moved != first);
  for (uint32_t i = 0; i < 3; ++i) CHECK(tree[moved + i].action == three[i]);
  CHECK(tree[moved + 3].action == 10);
  CHECK(tree[moved].children == 3);  // the first move's own block went with it
  tree.reset();
  CHECK(tree.moved_blocks() == 0);
}
