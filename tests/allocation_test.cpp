// Proves that playouts do not touch the heap: a counting global operator new.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "core/allocation_count.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"
#include "games/realms/heuristic.hpp"
#include "games/realms/realms.hpp"

TEST_CASE("commanders: random and heuristic playouts allocate nothing") {
  const nf::commanders::CommandersGame game;
  const nf::RandomPolicy<nf::commanders::CommandersGame> random(game);
  const nf::commanders::Heuristic heuristic(
      game, nf::ParamSet(nf::commanders::Heuristic::schema(), {}, "heuristic"));
  nf::Rng rng(1);
  const long before = nf::allocation_count();
  uint64_t decisions = 0;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    auto state = game.initial_state(seed);
    game.apply(state, random.choose(state, rng));
    auto world = state;
    game.determinize(world, 1, rng);  // seat 1 to move: resamples seat 0's choice
    decisions += nf::playout(game, state, random, rng);
    decisions += nf::playout(game, world, heuristic, rng);
  }
  const long during = nf::allocation_count() - before;
  REQUIRE(decisions > 0);
  REQUIRE(during == 0);
}

TEST_CASE("realms: random and heuristic playouts and determinization allocate nothing") {
  using namespace nf::realms;
  const RealmsGame game(nf::ParamSet(RealmsGame::config_schema(), {{"vanguards", "2"}}, "realms"));
  const nf::RandomPolicy<RealmsGame> random(game);
  const Heuristic heuristic(game, nf::ParamSet(Heuristic::schema(), {}, "heuristic"));
  nf::Rng rng(1);
  const long before = nf::allocation_count();
  uint64_t decisions = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    State state = game.initial_state(seed);
    for (int i = 0; i < 30 && !game.is_terminal(state); ++i)
      game.apply(state, random.choose(state, rng));
    State world = state;
    if (!game.is_terminal(world)) game.determinize(world, game.current_player(world), rng);
    decisions += nf::playout(game, state, random, rng);
    decisions += nf::playout(game, world, heuristic, rng);
  }
  const long during = nf::allocation_count() - before;
  REQUIRE(decisions > 0);
  REQUIRE(during == 0);
}
