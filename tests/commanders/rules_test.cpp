#include <catch2/catch.hpp>

#include "games/commanders/commanders.hpp"

using namespace nf::commanders;

TEST_CASE("commanders: a new game has full castles and 18-card troop decks") {
  const CommandersGame game;
  const State s = game.initial_state(1);
  for (const Side& side : s.sides) {
    CHECK(side.castle_size() == kCommandersPerSide);
    CHECK(side.deck.size() == size_t(kTroopCards));
  }
  CHECK(game.current_player(s) == 0);
}
