// Proves that sections playouts, with random and heuristic players, do not touch the heap.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "agents/agent.hpp"
#include "games/sections/heuristic.hpp"
#include "games/sections/sections.hpp"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("sections: random and heuristic playouts allocate nothing") {
  using nf::sections::SectionsGame;
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game(nf::ParamSet(SectionsGame::config_schema(),
                                         {{"players", std::to_string(players)}}, "test"));
    const nf::RandomPolicy<SectionsGame> random(game);
    const nf::sections::Heuristic heuristic(
        game, nf::ParamSet(nf::sections::Heuristic::schema(), {}, "heuristic"));
    nf::Rng rng(1);
    const long before = allocations.load();
    uint64_t decisions = 0;
    for (uint64_t seed = 0; seed < 200; ++seed) {
      auto state = game.initial_state(seed);
      auto world = state;
      game.determinize(world, 0, rng);
      decisions += nf::playout(game, state, random, rng);
      decisions += nf::playout(game, world, heuristic, rng);
    }
    const long during = allocations.load() - before;
    REQUIRE(decisions > 0);
    REQUIRE(during == 0);
  }
}
