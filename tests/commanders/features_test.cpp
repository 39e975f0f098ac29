// The features of commanders positions: what each seat sees, a face-down commander included.
#include <catch2/catch.hpp>

#include "games/commanders/commanders.hpp"
#include "tests/agents/helpers.hpp"

namespace nf::commanders {

TEST_CASE("commanders features of the first position and of a face-down King") {
  const CommandersGame game;
  State s = game.initial_state(5);
  const auto start = testing::named_features(game, s, 0);
  CHECK(start.at("castle_own") == 1);
  CHECK(start.at("kings_enemy") == 1);
  CHECK(start.at("jokers_own") == 1);
  CHECK(start.at("graveyard_own") == 0);
  CHECK(start.at("deck_own") == 1);
  CHECK(start.at("deck_mean_own") == Approx(0.6));  // 2..10 twice: mean 6
  CHECK(start.at("nines_enemy") == 1);
  CHECK(start.at("battle_standing") == 0);
  CHECK(start.at("round") == Approx(1.0 / 300));

  game.apply(s, play(King));  // seat 0's King goes face down
  // Seat 0 knows its King left the castle; seat 1 cannot tell it from the rest of the castle.
  CHECK(testing::named_features(game, s, 0).at("kings_own") == Approx(0.5));
  CHECK(testing::named_features(game, s, 0).at("castle_own") == Approx(8.0 / 9));
  CHECK(testing::named_features(game, s, 1).at("kings_enemy") == 1);
  CHECK(testing::named_features(game, s, 1).at("castle_enemy") == 1);
}

}  // namespace nf::commanders
