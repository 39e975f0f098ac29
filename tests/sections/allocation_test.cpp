// Proves that sections playouts, with random and heuristic players, do not touch the heap.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "core/allocation_count.hpp"
#include "games/sections/heuristic.hpp"
#include "games/sections/sections.hpp"

TEST_CASE("sections: random and heuristic playouts allocate nothing, for 2 to 4 players") {
  using nf::sections::SectionsGame;
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game(nf::ParamSet(SectionsGame::config_schema(),
                                         {{"players", std::to_string(players)}}, "test"));
    const nf::RandomPolicy<SectionsGame> random(game);
    const nf::sections::Heuristic heuristic(
        game, nf::ParamSet(nf::sections::Heuristic::schema(), {}, "heuristic"));
    nf::Rng rng(1);
    const long before = nf::allocation_count();
    uint64_t decisions = 0;
    for (uint64_t seed = 0; seed < 200; ++seed) {
      auto state = game.initial_state(seed);
      auto world = state;
      game.determinize(world, 0, rng);
      decisions += nf::playout(game, state, random, rng);
      decisions += nf::playout(game, world, heuristic, rng);
    }
    const long during = nf::allocation_count() - before;
    REQUIRE(decisions > 0);
    REQUIRE(during == 0);
  }
}
