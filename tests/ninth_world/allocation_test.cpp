// Proves that playouts and determinization do not touch the heap (a counting operator new).
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "games/ninth_world/ninth_world.hpp"
#include "tests/support/counting_allocator.hpp"

using namespace nf::ninth_world;

TEST_CASE("ninth-world: random and heuristic playouts and determinization allocate nothing") {
  for (const char* mode : {"competitive", "coop", "solo"}) {
    const NinthWorldGame game(nf::ParamSet(NinthWorldGame::config_schema(),
                                           {{"mode", mode}, {"set_powers", "true"}}, "test"));
    const nf::RandomPolicy<NinthWorldGame> random(game);
    const Heuristic heuristic(game, nf::ParamSet(Heuristic::schema(), {}, "heuristic"));
    nf::Rng rng(1);
    const long before = nf::testing::allocation_count();
    uint64_t decisions = 0;
    for (uint64_t seed = 0; seed < 100; ++seed) {
      State state = game.initial_state(seed);
      for (int i = 0; i < 20 && !game.is_terminal(state); ++i)
        game.apply(state, random.choose(state, rng));
      State world = state;
      game.determinize(world, game.current_player(world), rng);
      decisions += nf::playout(game, state, random, rng);
      decisions += nf::playout(game, world, heuristic, rng);
    }
    const long during = nf::testing::allocation_count() - before;
    REQUIRE(decisions > 0);
    REQUIRE(during == 0);
  }
}
