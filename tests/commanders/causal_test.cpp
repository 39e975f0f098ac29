// Causal values of the commander types (games/commanders/causal.cpp): the Jack as the rules'
// neutral commander, a type replaced by Jacks on one side only, the slots of a deal, and games
// with replaced armies keeping the invariants.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;

TEST_CASE("commanders causal: the types against the Jack, the rules' commander without power") {
  const CausalSchema schema = CommandersGame::causal_schema();
  REQUIRE(schema.groups.size() == 1);
  CHECK(schema.groups[0].reference == "J");
  CHECK(schema.elements == std::vector<std::string>{"K", "Q", "J", "A", "Joker"});
  CHECK(schema.contexts.size() == 1);
}

TEST_CASE("commanders causal: a type is replaced by Jacks on one side only") {
  const CommandersGame game;
  const State initial = game.initial_state(77);
  for (const Commander c : {King, Queen, Ace, Joker}) {
    State s = initial;
    game.causal_replace(s, 1, c);
    std::array<uint8_t, kCommanderTypes> expected = kStartingCastle;
    expected[Jack] = uint8_t(expected[Jack] + expected[c]);
    expected[c] = 0;
    CHECK(s.sides[1].castle == expected);
    CHECK(s.sides[1].army == expected);
    CHECK(s.sides[0].castle == kStartingCastle);
    CHECK(s.sides[0].army == kStartingCastle);
    for (int seat = 0; seat < 2; ++seat)
      CHECK(std::equal(s.sides[size_t(seat)].deck.begin(), s.sides[size_t(seat)].deck.end(),
                       initial.sides[size_t(seat)].deck.begin()));
    CHECK(s.rng == initial.rng);
    CHECK(game.hash(s) != game.hash(initial));
    CHECK(game.broken_invariant(s).empty());
  }
  // The Jack is the reference, and a replacement happens before the first choice only.
  State s = initial;
  CHECK_THROWS_AS(game.causal_replace(s, 0, Jack), Error);
  game.apply(s, play(King));
  CHECK_THROWS_AS(game.causal_replace(s, 1, Queen), Error);
}

TEST_CASE("commanders causal: a deal's slots are the four types of both sides") {
  const CommandersGame game;
  const State initial = game.initial_state(5);
  std::vector<CausalSlot> slots;
  game.causal_slots(initial, slots);
  REQUIRE(slots.size() == 8);
  for (const CausalSlot& slot : slots) {
    CHECK(slot.element != Jack);
    CHECK(slot.context == 0);
  }
  State replaced = initial;
  game.causal_replace(replaced, 0, King);
  game.causal_slots(replaced, slots);
  CHECK(slots.size() == 7);
  for (const CausalSlot& slot : slots) CHECK_FALSE((slot.seat == 0 && slot.element == King));
}

TEST_CASE("commanders causal: games with replaced armies keep the invariants") {
  const CommandersGame game;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    State s = game.initial_state(seed);
    // Seat 0: nine Jacks; seat 1: one type replaced, by seed.
    for (const Commander c : {King, Queen, Ace, Joker}) game.causal_replace(s, 0, c);
    const Commander one = std::array{King, Queen, Ace, Joker}[seed % 4];
    game.causal_replace(s, 1, one);
    Rng rng(seed);
    while (!game.is_terminal(s)) {
      if (s.phase == Phase::Choose && s.to_move == 0) {
        FixedVector<Action, CommandersGame::kMaxActions> actions;
        game.legal_actions(s, actions);
        for (const Action a : actions) CHECK(a == play(Jack));
      }
      game.apply(s, game.random_action(s, rng));
      REQUIRE(game.broken_invariant(s).empty());
    }
    CHECK(s.sides[1].counters.played[size_t(one)] == 0);
  }
}
