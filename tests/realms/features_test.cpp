// The features of a known realms position, from both realms' views.
#include <catch2/catch.hpp>

#include "tests/agents/helpers.hpp"
#include "tests/realms/scenario.hpp"

namespace nf::realms::test {

TEST_CASE("realms features of a known position, from each realm's view") {
  Scenario sc;  // seat 0 plays the Aesir, who are to act with six actions
  sc.face_to_face(kThor, kSigmund);
  sc.s.sides[Norsemen].blood = 3;
  sc.s.figures[kOdin].wounds = 2;
  sc.kill(kSinfjotli);
  sc.give(Aesir, Plus5, 2);
  const RealmsGame& game = sc.game;
  const float odin = float(game.stats(kOdin).health);
  int aesir_health = 0;
  for (int slot = 0; slot < 4; ++slot) aesir_health += game.stats(slot).health;

  const auto aesir = testing::named_features(game, sc.s, 0);
  CHECK(aesir.at("aesir") == 1);
  CHECK(aesir.at("to_move") == 1);
  CHECK(aesir.at("blood_own") == 0);
  CHECK(aesir.at("blood_enemy") == Approx(3.0 / 9));
  CHECK(aesir.at("ruler_wounds_own") == Approx(2 / odin));
  CHECK(aesir.at("ruler_wounds_enemy") == 0);
  CHECK(aesir.at("force_own") == Approx(double(aesir_health - 2) / aesir_health));
  CHECK(aesir.at("figures_own") == 1);
  CHECK(aesir.at("figures_enemy") == Approx(3.0 / 4));  // Sinfjotli dead, no second Vanguard
  CHECK(aesir.at("reach_enemy_ruler") == Approx(0.9));  // Thor next to Sigmund
  CHECK(aesir.at("adjacent_enemy_ruler") == Approx(1.0 / 3));
  CHECK(aesir.at("actions_own") == 1);
  CHECK(aesir.at("actions_enemy") == 0);
  CHECK(aesir.at("fate_own") == Approx(0.5));
  CHECK(aesir.at("fate_enemy") == 0);
  CHECK(aesir.at("health_odin") == Approx((odin - 2) / odin));
  CHECK(aesir.at("health_sigmund") == -1);
  CHECK(aesir.at("health_sinfjotli") == 0);
  CHECK(aesir.at("health_vanguard2") == 0);

  const auto norse = testing::named_features(game, sc.s, 1);
  CHECK(norse.at("aesir") == -1);
  CHECK(norse.at("to_move") == -1);
  CHECK(norse.at("blood_own") == Approx(3.0 / 9));
  CHECK(norse.at("ruler_wounds_enemy") == Approx(2 / odin));
  CHECK(norse.at("figures_own") == Approx(3.0 / 4));
  CHECK(norse.at("threat_own_ruler") == Approx(0.9));
  CHECK(norse.at("adjacent_own_ruler") == Approx(1.0 / 3));
  CHECK(norse.at("actions_own") == 0);
  CHECK(norse.at("actions_enemy") == 1);
  CHECK(norse.at("fate_enemy") == Approx(0.5));
  CHECK(norse.at("health_odin") == Approx(-(odin - 2) / odin));
  CHECK(norse.at("health_sigmund") == 1);
}

}  // namespace nf::realms::test
