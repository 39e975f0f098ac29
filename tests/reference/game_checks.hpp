// Checks every reference game shares: a random-play soak with invariants after every step,
// determinism of (seed, actions) -> state, and what determinize keeps, changes and reseeds.
#pragma once

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "agents/agent.hpp"
#include "core/game.hpp"

namespace nf::testing {

// Plays `games` random games; after every step checks the generic invariants and `check`.
template <Game G>
void soak(const G& game, int games, size_t max_decisions,
          const std::function<void(const typename G::State&)>& check = {}) {
  Rng rng(12345);
  const RandomPolicy<G> random(game);
  for (int i = 0; i < games; ++i) {
    auto state = game.initial_state(uint64_t(i));
    size_t decisions = 0;
    while (!game.is_terminal(state)) {
      const int seat = game.current_player(state);
      REQUIRE(seat >= 0);
      REQUIRE(seat < game.num_players());
      ActionList<G> actions;
      game.legal_actions(state, actions);
      REQUIRE(!actions.empty());
      if constexpr (HasRandomAction<G>) {
        // The shortcut draws exactly what picking from the list would.
        Rng listed = rng, shortcut = rng;
        REQUIRE(game.random_action(state, shortcut) ==
                actions[listed.below(static_cast<uint32_t>(actions.size()))]);
        REQUIRE(shortcut == listed);
      }
      game.apply(state, random.choose(state, rng));
      REQUIRE(++decisions <= max_decisions);
      if (check) check(state);
    }
    ActionList<G> none;
    game.legal_actions(state, none);
    REQUIRE(none.empty());
    REQUIRE(game.current_player(state) == -1);
    double sum = 0;
    for (int p = 0; p < game.num_players(); ++p) sum += game.returns(state)[size_t(p)];
    REQUIRE(sum == Approx(0.0).margin(1e-9));
  }
}

// The same seed and actions give the same states; a different seed a different game.
template <Game G>
void check_determinism(const G& game) {
  for (uint64_t seed = 0; seed < 50; ++seed) {
    Rng rng_a(seed), rng_b(seed);
    const RandomPolicy<G> random(game);
    auto a = game.initial_state(seed), b = game.initial_state(seed);
    REQUIRE(game.hash(a) == game.hash(b));
    while (!game.is_terminal(a)) {
      const auto action = random.choose(a, rng_a);
      REQUIRE(random.choose(b, rng_b) == action);
      REQUIRE(game.action_to_string(a, action) == game.action_to_string(b, action));
      game.apply(a, action);
      game.apply(b, action);
      REQUIRE(game.hash(a) == game.hash(b));
    }
  }
}

// Over random positions: determinize keeps the observer's observation, reseeds the state's
// rng, and (over many samples) changes something the observer cannot see, as `hidden` shows.
template <Game G>
void check_determinize(const G& game,
                       const std::function<uint64_t(const typename G::State&, int)>& hidden,
                       bool expect_changes = true) {
  Rng rng(99);
  const RandomPolicy<G> random(game);
  int changed = 0, positions = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    auto state = game.initial_state(seed);
    const int steps = int(rng.below(6));
    for (int i = 0; i < steps && !game.is_terminal(state); ++i)
      game.apply(state, random.choose(state, rng));
    if (game.is_terminal(state)) continue;
    ++positions;
    const int observer = game.current_player(state);
    bool differs = false;
    for (int k = 0; k < 20; ++k) {
      auto world = state;
      game.determinize(world, observer, rng);
      REQUIRE(game.observation(world, observer) == game.observation(state, observer));
      REQUIRE(game.hash(world) != game.hash(state));  // at least the rng is reseeded
      differs |= hidden(world, observer) != hidden(state, observer);
    }
    changed += differs;
  }
  REQUIRE(positions > 100);
  if (expect_changes) REQUIRE(changed > positions / 2);
}

}  // namespace nf::testing
