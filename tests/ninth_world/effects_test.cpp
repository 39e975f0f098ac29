// Every effect kind of the vocabulary and every region trigger, on hand-made positions.
#include <catch2/catch.hpp>

#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

Power effect(EffectKind kind, int amount = 1, int skill = 0) {
  Power p;
  p.trigger = Trigger::Claim;
  p.effect = kind;
  p.amount = int8_t(amount);
  p.skill = uint8_t(skill);
  return p;
}

}  // namespace

TEST_CASE("effects: valor, valor per rank, token") {
  const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Kwaidyno", "Rorke"});
  game.apply_effect(s, 0, effect(EffectKind::Valor, 3));
  CHECK(s.heroes[0].valor_by[FromPowers] == 3);
  set_hand(s.heroes[0], {{Combat, 3}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  game.apply_effect(s, 0, effect(EffectKind::ValorPerRank, 1, Combat));
  game.apply_effect(s, 0, effect(EffectKind::ValorPerRank, 1, Focus));  // no Focus: 0
  CHECK(s.heroes[0].valor == 6);
  s.heroes[0].token = false;
  game.apply_effect(s, 0, effect(EffectKind::Token));
  CHECK(s.heroes[0].token);
}

TEST_CASE("effects: a gamble rolls a die: good Valor, bad a wound, blank nothing") {
  const NinthWorldGame game = make_game({{"players", "2"}});
  std::array<int, 3> outcomes{};
  for (uint64_t seed = 0; seed < 300; ++seed) {
    State s = setup(game, {"Kwaidyno", "Rorke"});
    s.rng.reseed(seed);
    Rng die = s.rng;
    const uint32_t face = die.below(6);
    game.apply_effect(s, 1, effect(EffectKind::Gamble, 4));
    const int expected = face < 2 ? 0 : face < 4 ? 1 : 2;
    ++outcomes[size_t(expected)];
    CHECK(s.heroes[1].valor == (expected == 0 ? 4 : 0));
    CHECK(s.heroes[1].wounds() == (expected == 2 ? 1 : 0));
  }
  for (int n : outcomes) CHECK(n > 70);  // two faces of six each
}

TEST_CASE("effects: refresh the town row, reveal wilderness cards") {
  const NinthWorldGame game = make_game({{"players", "2"}});
  State s = game.initial_state(4);
  const auto before = s.town;
  Power refresh = effect(EffectKind::RefreshTown);
  refresh.trigger = Trigger::Arrival;
  game.apply_effect(s, 0, refresh);
  for (int slot = 0; slot < 5; ++slot) {
    CHECK(s.town[size_t(slot)] != kNone);
    CHECK(s.town_discard.contains(before[size_t(slot)]));
  }
  Power reveal = effect(EffectKind::Reveal, 3);
  reveal.trigger = Trigger::Arrival;
  game.apply_effect(s, 0, reveal);
  CHECK(s.wild.size() == 3);
  for (const WildCard& w : s.wild) CHECK(w.marks == 0);
}

TEST_CASE("region powers: on arrival, at the start of a phase, on departure") {
  // Malevich: round 3 (Glavis) gives every hero 2 Valor on arrival.
  const NinthWorldGame malevich = make_game({{"players", "2"}, {"region", "Malevich"}});
  State s = setup(malevich, {"Kwaidyno", "Rorke"});
  s.round = 2;
  malevich.end_round(s);
  CHECK(s.round == 3);
  CHECK(s.heroes[0].valor_by[FromPowers] == 2);
  CHECK(s.heroes[1].valor_by[FromPowers] == 2);
  // Draolis: rounds 3 and 8 (The Weal of Reaching Hands) give 1 Valor on departure; round 2
  // (Druissi) deals a wilderness card at the start of the Scout phase.
  const NinthWorldGame draolis = make_game({{"players", "2"}, {"region", "Draolis"}});
  State t = setup(draolis, {"Kwaidyno", "Rorke"});
  t.round = 1;
  draolis.end_round(t);
  CHECK(t.round == 2);
  CHECK(t.phase == Scout);
  CHECK(t.wild.size() == 1);
  draolis.end_round(t);  // departs round 2: nothing
  CHECK(t.heroes[0].valor == 0);
  draolis.end_round(t);  // departs round 3
  CHECK(t.heroes[0].valor_by[FromPowers] == 1);
  CHECK(t.heroes[1].valor_by[FromPowers] == 1);
}

TEST_CASE("a power acts once per phase - a cypher's kept power too") {
  const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Kwaidyno", "Rorke"});
  put_in_town(s, 0, card_index(game, "Queb"));  // wounds: the power would be covered anyway
  put_in_town(s, 1, card_index(game, "Raster"));
  put_in_town(s, 2, card_index(game, "Raster", 1));
  set_hand(s.heroes[0], {{Combat, 4}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  skip_to(game, s, Combat);
  bid(game, s, {0, 1, 2, 3, 4});  // 4 + 1 + 3 = 8
  bid(game, s, {});
  act(game, s, "claim Raster [t1]");  // cost 4: +1 from Who Controls Beasts
  CHECK(s.heroes[0].valor_by[FromPowers] == 1);
  // The Raster's power card covers his tableau power; claim the second for the next test.
  s.heroes[0].stack.clear();
  s.power_deck.clear();
  for (int c = 0; c < kPowerCards; ++c) s.power_deck.push_back(uint8_t(c));
  act(game, s, "claim Raster [t2]");
  CHECK(s.heroes[0].valor_by[FromPowers] == 1);  // not twice in one phase
}
