// Playouts and determinizations of Ragnarok Rising never touch the heap.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "games/ragnarok/ragnarok.hpp"
#include "tests/support/counting_allocator.hpp"

TEST_CASE("ragnarok: random and heuristic playouts and determinization allocate nothing") {
  using namespace nf::ragnarok;
  const RagnarokGame game;
  const nf::RandomPolicy<RagnarokGame> random(game);
  const Heuristic heuristic(game, nf::ParamSet(Heuristic::schema(), {}, "heuristic"));
  nf::Rng rng(1);
  const long before = nf::testing::allocation_count();
  uint64_t decisions = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    State state = game.initial_state(seed);
    for (int i = 0; i < 30 && !game.is_terminal(state); ++i)
      game.apply(state, random.choose(state, rng));
    State world = state;
    if (!game.is_terminal(world)) game.determinize(world, game.current_player(world), rng);
    decisions += nf::playout(game, state, random, rng);
    decisions += nf::playout(game, world, heuristic, rng);
    (void)game.observation_key(world, 0);
  }
  const long during = nf::testing::allocation_count() - before;
  REQUIRE(decisions > 0);
  REQUIRE(during == 0);
}
