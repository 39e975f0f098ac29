// Tree parallelism (parallel=tree): one tree searched by several threads with virtual loss,
// its descents and backups in a fixed order. With one thread it is the sequential search;
// with several, a seed gives the same search however the threads are scheduled.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <vector>

#include "agents/search/budget.hpp"
#include "agents/search/tree_parallel_search.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/reference/goofspiel.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "tests/agents/helpers.hpp"

namespace {

uint64_t total_visits(const std::vector<std::tuple<std::string, uint64_t, double>>& visits) {
  uint64_t total = 0;
  for (const auto& [move, n, reward] : visits) total += n;
  return total;
}

// With one thread, parallel=tree searches exactly as the sequential search does.
template <nf::Game G>
void check_one_thread_is_sequential(const G& game, const typename G::State& state,
                                    const std::string& spec) {
  INFO(spec);
  auto sequential = nf::make_agent(game, spec + ")");
  auto tree = nf::make_agent(game, spec + ",parallel=tree,threads=1)");
  for (uint64_t seed = 0; seed < 3; ++seed) {
    nf::Rng a(seed), b(seed);
    CHECK(sequential->act(state, a) == tree->act(state, b));
    CHECK(nf::testing::root_visits(game, *sequential, state) ==
          nf::testing::root_visits(game, *tree, state));
  }
}

// Every node's moves (its own children and those of its runs) were visited at most as often
// as the node, since an iteration reaches a node's moves through the node, and every visited
// move's mean is a return of the game (these games' returns lie in [-1, 1]). A backup written
// to a slot the thread no longer owns (a block another thread moved while it rolled out)
// leaves a mean outside that range or a visit count that does not nest.
template <class Tree>
void check_tree_statistics(const Tree& tree) {
  std::vector<uint32_t> todo = {Tree::kRoot};
  size_t nodes = 0;
  while (!todo.empty()) {
    const uint32_t node = todo.back();
    todo.pop_back();
    uint64_t below = 0;
    const auto count_moves = [&](uint32_t parent) {
      for (uint32_t c = tree[parent].first_child;
           c < tree[parent].first_child + tree[parent].children; ++c) {
        if (tree[c].run) continue;
        below += tree[c].visits;
        if (tree[c].visits > 0) CHECK(std::abs(tree[c].mean) <= 1.0001f);
        todo.push_back(c);
      }
    };
    count_moves(node);
    for (uint32_t c = tree[node].first_child; c < tree[node].first_child + tree[node].children; ++c)
      if (tree[c].run) count_moves(c);
    if (node != Tree::kRoot) CHECK(below <= tree[node].visits);
    ++nodes;
  }
  CHECK(nodes > 1);
}

// With several threads: a legal decision, and every iteration is one visit at the root (the
// virtual losses are all replaced by returns), with returns within the game's range. The
// search is reproducible: the same seed gives the same root statistics on a second agent, and
// on one thread with the same lanes (the sequencer then plays every rollout itself).
template <nf::Game G>
void check_threads_account_for_every_visit(const G& game, const typename G::State& state,
                                           const std::string& base, int threads,
                                           uint64_t iterations) {
  const std::string spec =
      fmt::format("{},iterations={},parallel=tree,threads={})", base, iterations, threads);
  const std::string one_thread_spec =
      fmt::format("{},iterations={},parallel=tree,threads=1,lanes={})", base, iterations,
                  nf::search::TreeParallelSearch<G>::kLanesPerThread * size_t(threads));
  INFO(spec);
  auto agent = nf::make_agent(game, spec);
  nf::ActionList<G> legal;
  game.legal_actions(state, legal);
  for (uint64_t seed = 0; seed < 5; ++seed) {
    nf::Rng rng(seed);
    const auto action = agent->act(state, rng);
    CHECK(legal.contains(action));
    const auto visits = nf::testing::root_visits(game, *agent, state);
    CHECK(total_visits(visits) == iterations);
    for (const auto& [move, n, reward] : visits) {
      CHECK(reward <= double(n) + 1e-9);
      CHECK(reward >= -double(n) - 1e-9);
    }
    const auto* search = dynamic_cast<nf::search::TreeSearchAgent<G>*>(agent.get());
    REQUIRE(search != nullptr);
    CHECK(search->last_search().iterations == iterations);
    check_tree_statistics(search->last_tree());

    auto again = nf::make_agent(game, spec);
    nf::Rng again_rng(seed);
    CHECK(again->act(state, again_rng) == action);
    CHECK(nf::testing::root_visits(game, *again, state) == visits);
    auto alone = nf::make_agent(game, one_thread_spec);
    nf::Rng alone_rng(seed);
    CHECK(alone->act(state, alone_rng) == action);
    CHECK(nf::testing::root_visits(game, *alone, state) == visits);
  }
}

}  // namespace

TEST_CASE("tree parallelism on one thread is the sequential search") {
  const nf::reference::TicTacToeGame ttt;
  check_one_thread_is_sequential(ttt, ttt.initial_state(1), "mcts(iterations=800");
  const nf::commanders::CommandersGame commanders;
  auto state = commanders.initial_state(5);
  commanders.apply(state, nf::commanders::Action::PlayKing);  // seat 1 chooses unseen
  check_one_thread_is_sequential(commanders, state, "ismcts(iterations=600");
  check_one_thread_is_sequential(commanders, state, "ismcts(iterations=600,trees=mo,sim=rm");
}

TEST_CASE(
    "tree parallelism on several threads decides legally, counts every iteration once and is "
    "reproducible") {
  const nf::reference::TicTacToeGame ttt;
  check_threads_account_for_every_visit(ttt, ttt.initial_state(1), "mcts(c=0.7", 3, 3001);
  const nf::commanders::CommandersGame commanders;
  const auto state = commanders.initial_state(9);
  check_threads_account_for_every_visit(commanders, state, "ismcts(trees=so", 2, 2000);
  check_threads_account_for_every_visit(commanders, state, "ismcts(trees=mo,sim=exp3", 2, 2000);
  const nf::reference::GoofspielGame goofspiel(
      nf::ParamSet(nf::reference::GoofspielGame::config_schema(),
                   {{"num_cards", "6"}, {"imp_info", "true"}}, "goofspiel"));
  check_threads_account_for_every_visit(goofspiel, goofspiel.initial_state(3), "ismcts(trees=so", 2,
                                        1500);
}

// Also with one lane on two threads: a lone lane is a lane too, and scores UCT on the shared
// tree's nodes (the columns of a thread's own tree are not kept up to date by lanes).
TEST_CASE("tree-parallel mcts still finds the tic-tac-toe win in one") {
  const nf::reference::TicTacToeGame game;
  // x to move with two in the top row: cell 2 wins at once.
  const auto state = game.from_text("xx.oo....");
  for (const char* spec : {"mcts(iterations=4000,parallel=tree,threads=2)",
                           "mcts(iterations=4000,parallel=tree,threads=2,lanes=1)"}) {
    INFO(spec);
    auto agent = nf::make_agent(game, spec);
    for (uint64_t seed = 0; seed < 5; ++seed) {
      nf::Rng rng(seed);
      CHECK(agent->act(state, rng) == 2);
    }
  }
}

// A search on two threads gets two threads even when it is called from a run that plays one
// game at a time (an arena of one slot): the search runs in its own arena.
TEST_CASE("a search's threads run at once inside a run that plays one game at a time") {
  if (tbb::info::default_concurrency() < 2) {
    WARN("one core: no second thread to meet");
    return;
  }
  nf::search::Config config;
  config.threads = 2;
  nf::Rng rng(1);
  const nf::search::SearchBudget budget(config, 2, rng);
  tbb::task_arena search_arena(2), games_arena(1);
  std::atomic<int> arrived{0};
  std::atomic<bool> met{true};
  games_arena.execute([&] {
    budget.run(search_arena, [&](size_t) {
      ++arrived;
      // Each thread waits for the other: run one after the other, the first never sees it.
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      while (arrived.load() < 2)
        if (std::chrono::steady_clock::now() > deadline) {
          met = false;
          return;
        }
    });
  });
  CHECK(met.load());
}

TEST_CASE("an agent says how many threads its decisions run on") {
  const nf::reference::TicTacToeGame game;
  CHECK(nf::make_agent(game, "mcts(threads=3)")->threads() == 3);
  CHECK(nf::make_agent(game, "flatmc(threads=2)")->threads() == 2);
  CHECK(nf::make_agent(game, "mcts")->threads() == 1);
  CHECK(nf::make_agent(game, "random")->threads() == 1);
}
