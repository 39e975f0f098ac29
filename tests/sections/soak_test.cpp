// What sections' steps keep beyond `ninefold check` (unique move texts, replay and the
// invariants after every step, for 2 to 4 players, run by ctest): every step is one turn and
// changes the state, games end within 81 turns and reach both endings, and determinize keeps
// the whole position.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "experiments/run/runner.hpp"
#include "games/sections/heuristic.hpp"
#include "tests/sections/helpers.hpp"

using namespace nf;
using namespace nf::sections;
using namespace nf::sections::test;

namespace {

void check_invariants(const SectionsGame& game, const State& s, int steps) {
  REQUIRE(int(s.turn) == steps);
  if (const std::string why = broken_invariant(game, s); !why.empty()) FAIL(why);
}

}  // namespace

TEST_CASE("sections: random games keep every invariant (soak)") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    const RandomPolicy<SectionsGame> random(game);
    Rng rng(uint64_t(players) * 1000);
    std::array<uint64_t, 5> end_reasons{};
    std::array<uint64_t, kMaxSeats> wins{};
    for (uint64_t g = 0; g < 1500; ++g) {
      State s = game.initial_state(g);
      int steps = 0;
      check_invariants(game, s, steps);
      while (!game.is_terminal(s)) {
        const State before = s;
        game.apply(s, random.choose(s, rng));
        ++steps;
        REQUIRE(game.hash(s) != game.hash(before));
        check_invariants(game, s, steps);
      }
      REQUIRE(steps <= 81);
      ++end_reasons[size_t(s.end_reason)];
      ++wins[size_t(s.winner)];
    }
    // Random games reach both endings and every seat wins some.
    CHECK(end_reasons[size_t(EndReason::MostSections)] > 0);
    CHECK(end_reasons[size_t(EndReason::TieRule)] > 0);
    for (int p = 0; p < players; ++p) CHECK(wins[size_t(p)] > 0);
  }
}

TEST_CASE("sections: heuristic games keep every invariant too") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
    Rng rng(7);
    for (uint64_t g = 0; g < 30; ++g) {
      State s = game.initial_state(g);
      int steps = 0;
      while (!game.is_terminal(s)) {
        game.apply(s, heuristic.choose(s, rng));
        check_invariants(game, s, ++steps);
      }
    }
  }
}

namespace {

struct Played {
  std::vector<std::string> actions;
  uint64_t hash = 0;
  Returns<kMaxSeats> returns{};
};

Played play_with(const SectionsGame& game, const std::vector<std::string>& specs, uint64_t seed) {
  std::vector<std::unique_ptr<Agent<SectionsGame>>> agents;
  std::vector<Agent<SectionsGame>*> seats;
  std::vector<Rng> rngs;
  for (size_t seat = 0; seat < specs.size(); ++seat) {
    agents.push_back(make_agent(game, specs[seat]));
    seats.push_back(agents.back().get());
    rngs.emplace_back(derive_seed(seed, 0, Stream::Agent, seat));
  }
  Played out;
  const PlayedGame<SectionsGame> played =
      play_game<SectionsGame>(game, seats, seed, rngs, &out.actions);
  out.hash = game.hash(played.final_state);
  out.returns = played.returns;
  return out;
}

}  // namespace

TEST_CASE("sections: a game is a pure function of config, seed and the agents' streams") {
  const SectionsGame game = make_game(3);
  const std::vector<std::string> specs = {"heuristic", "random", "heuristic(blocking=2)"};
  const Played a = play_with(game, specs, 11), b = play_with(game, specs, 11);
  CHECK(a.actions == b.actions);
  CHECK(a.hash == b.hash);
  CHECK(a.returns == b.returns);
  const Played c = play_with(game, specs, 12);  // other agent streams, another game
  CHECK(c.actions != a.actions);
}

// Replay of random games through their action texts, for 2 to 4 players: `ninefold check`.

TEST_CASE("sections: determinize keeps the whole position and only reseeds the rng") {
  const SectionsGame game = make_game(4);
  const RandomPolicy<SectionsGame> random(game);
  Rng rng(3);
  State s = game.initial_state(9);
  for (int step = 0; step < 60; ++step) game.apply(s, random.choose(s, rng));
  REQUIRE(s.phase == Phase::Movement);
  for (int observer = 0; observer < 4; ++observer) {
    State world = s;
    Rng a(100 + uint64_t(observer)), b(200 + uint64_t(observer));
    game.determinize(world, observer, a);
    CHECK(world.board == s.board);
    CHECK(world.slots_of == s.slots_of);
    CHECK(world.blocked == s.blocked);
    CHECK(world.to_move == s.to_move);
    CHECK(world.turn == s.turn);
    CHECK(game.observation(world, observer) == game.observation(s, observer));
    CHECK_FALSE(world.rng == s.rng);
    State other = s;
    game.determinize(other, observer, b);
    CHECK_FALSE(other.rng == world.rng);
  }
  // Perfect information: every seat sees the same.
  CHECK(game.observation(s, 0) == game.observation(s, 3));
  CHECK(game.observation(s, 0) == game.render(s));
}
