// Scenario tests of the competitive rules, including the rulebook's worked examples: the
// Tinker-phase bid order, Rorke's overspend, Kwaidyno's combat, the Focus phase, the Scout
// phase and Qbrys's quests.
#include <catch2/catch.hpp>

#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

// Milave's round-1 card has no power, so costs are printed costs.
NinthWorldGame competitive(int players) {
  return make_game({{"players", std::to_string(players)}, {"region", "Milave"}});
}

}  // namespace

TEST_CASE("setup: five town cards, no wilderness, two rank-1 skills and three Effort") {
  const NinthWorldGame game = competitive(4);
  const State s = game.initial_state(5);
  for (int slot = 0; slot < 5; ++slot) CHECK(s.town[size_t(slot)] != kNone);
  CHECK(s.town[5] == kNone);
  CHECK(s.wild.empty());
  for (int h = 0; h < 4; ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    const HeroDef& def = game.data().heroes[hero.def];
    CHECK(hero.skill[0] == def.adjective);
    CHECK(hero.skill[1] == def.noun);
    for (int i = 2; i < kHandSize; ++i) CHECK(hero.skill[size_t(i)] == Effort);
    for (int i = 0; i < kHandSize; ++i) CHECK(hero.rank[size_t(i)] == 1);
    CHECK(hero.token);
    CHECK(hero.valor == 0);
  }
  CHECK(s.round == 1);
  CHECK(s.phase == Scout);
  CHECK(s.step == Step::Bid);
  CHECK(s.actor == 0);
}

TEST_CASE("the path: five region cards visited in rounds 1 / 2 & 9 / 3 & 8 / 4 & 7 / 5 & 6") {
  const std::array<int, 10> expected = {0, 0, 1, 2, 3, 4, 4, 3, 2, 1};
  for (int round = 1; round <= 9; ++round)
    CHECK(NinthWorldGame::path_card(round) == expected[size_t(round)]);
}

TEST_CASE("a bid is a subset of the hand, identical cards counted once") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Selis", "Rorke"});
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  // Scout 1, Focus 1, the first of three alike Effort cards, end bid.
  REQUIRE(actions.size() == 4);
  CHECK(has_action(game, s, "bid effort 1 [2]"));
  CHECK_FALSE(has_action(game, s, "bid effort 1 [3]"));
  act(game, s, "bid effort 1 [2]");
  CHECK(has_action(game, s, "bid effort 1 [3]"));
  CHECK_FALSE(has_action(game, s, "bid scout 1 [0]"));  // slot order: no permutations
}

TEST_CASE("everyone bidding 0 skips the phase") {
  const NinthWorldGame game = competitive(3);
  State s = setup(game, {"Selis", "Rorke", "Qbrys"});
  for (int h = 0; h < 3; ++h) game.apply(s, {Verb::EndBid, 0, 0});
  CHECK(s.phase == Tinker);
  CHECK(s.step == Step::Bid);
  for (int h = 0; h < 3; ++h) CHECK(s.heroes[size_t(h)].valor == 0);
}

TEST_CASE("worked example: the Tinker-phase bid order of five heroes") {
  const NinthWorldGame game = competitive(5);
  State s = setup(game, {"Selis", "Branoc Aur", "Qbrys", "Kwaidyno", "Rorke"}, 0);
  set_hand(s.heroes[1], {{Tinker, 3}, {Combat, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  set_hand(s.heroes[2], {{Charm, 1}, {Tinker, 1}, {Scout, 2}, {Effort, 1}, {Effort, 1}});
  set_hand(s.heroes[3], {{Combat, 1}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  set_hand(s.heroes[4], {{Focus, 1}, {Tinker, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  skip_to(game, s, Tinker);
  bid(game, s, {});         // Selis, the monolith owner, bids 0
  bid(game, s, {0});        // Branoc Aur: Tinker 3
  bid(game, s, {1, 2, 3});  // Qbrys: Tinker 1, Scout 2 (out of phase), Effort
  bid(game, s, {1, 2});     // Kwaidyno: Charm 1 (out of phase), Effort
  bid(game, s, {0, 2});     // Rorke: Focus 1 (out of phase), Effort
  CHECK(s.heroes[1].bid_value == 3);
  CHECK(s.heroes[1].phase_points == 3);
  CHECK(s.heroes[2].bid_value == 3);
  CHECK(s.heroes[2].phase_points == 1);
  CHECK(s.heroes[3].bid_value == 2);
  CHECK(s.heroes[4].bid_value == 2);
  // Bid powers in reverse order: Rorke (tied with Kwaidyno but acting after him) uses or
  // passes first, then Qbrys, then Branoc Aur; their hero tokens and Branoc Aur's Who Hoards
  // the Past add Tinker points.
  REQUIRE(s.step == Step::BidPowers);
  CHECK(s.actor == 4);
  act(game, s, "pass");
  CHECK(s.actor == 2);
  act(game, s, "pass");
  CHECK(s.actor == 1);
  act(game, s, "pass");
  // Mid-phase: Branoc Aur (more Tinker points), Qbrys, Kwaidyno (closer to the monolith), Rorke.
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.order.size() == 4);
  CHECK(s.order[0] == 1);
  CHECK(s.order[1] == 2);
  CHECK(s.order[2] == 3);
  CHECK(s.order[3] == 4);
  CHECK(s.actor == 1);
}

TEST_CASE("tie-break #1 is the total bid after bid powers - #3 counts from the monolith") {
  const NinthWorldGame game = competitive(3);
  State s = setup(game, {"Kwaidyno", "Rorke", "Moravell"}, 2);
  skip_to(game, s, Tinker);
  bid(game, s, {2, 3});  // Kwaidyno: 2
  bid(game, s, {2});     // Rorke: 1, but his token adds 2 Tinker points
  bid(game, s, {2, 3});  // Moravell: 2
  REQUIRE(s.step == Step::BidPowers);
  CHECK(s.actor == 1);  // lowest bid first
  act(game, s, "use hero token");
  CHECK_FALSE(s.heroes[1].token);
  CHECK(s.heroes[1].total == 3);
  CHECK(s.heroes[1].points == 3);
  CHECK(s.heroes[1].phase_points == 2);  // the token's points are Tinker points
  // Moravell's token is a Focus power: not usable now, so no more decisions.
  REQUIRE(s.step == Step::Act);
  CHECK(s.order[0] == 1);
  // Kwaidyno and Moravell tie on 2 with no Tinker points: Moravell holds the monolith.
  CHECK(s.order[1] == 2);
  CHECK(s.order[2] == 0);
}

TEST_CASE("the hero token is used once - powers need a bid of at least 1") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Rorke", "Kwaidyno"});
  skip_to(game, s, Tinker);
  bid(game, s, {});  // Rorke bids 0: no powers
  bid(game, s, {2});
  CHECK(s.step == Step::Act);
  CHECK(s.order.size() == 1);
  CHECK(s.heroes[0].token);
}

TEST_CASE("worked example: Rorke's overspend and the Hard Light Cutter") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Rorke", "Kwaidyno"});
  set_hand(s.heroes[0], {{Focus, 1}, {Tinker, 2}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  put_in_town(s, 0, card_index(game, "Mind Jewel"));
  put_in_wilderness(s, card_index(game, "Aetherscope"), 0b01);
  put_in_wilderness(s, card_index(game, "Stasis Keeper"), 0b01);
  display(s, 1, card_index(game, "Hard Light Cutter"));
  skip_to(game, s, Tinker);
  bid(game, s, {1, 2, 3, 4});  // Rorke: Tinker 2 + three Effort = 5
  bid(game, s, {2, 3, 4});     // Kwaidyno: 3
  act(game, s, "pass");        // Rorke keeps his token
  REQUIRE(s.actor == 0);
  CHECK(has_action(game, s, "claim Aetherscope [w0]"));
  act(game, s, "claim Mind Jewel [t0]");
  CHECK(s.heroes[0].valor == 4);
  // Town chosen: the marked Stasis Keeper (cost 2) cannot be claimed this phase.
  CHECK_FALSE(has_action(game, s, "claim Stasis Keeper [w1]"));
  act(game, s, "end turn");
  CHECK(s.heroes[0].valor == 6);  // 4 for the card, 2 for the overspend
  CHECK(s.heroes[0].valor_by[FromConversion] == 2);
  REQUIRE(s.actor == 1);
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  CHECK(actions.size() == 1);  // nothing he can claim
  act(game, s, "end turn");
  CHECK(s.heroes[1].valor == 4);  // 3 converted, 1 from the Hard Light Cutter
  CHECK(s.heroes[1].valor_by[FromPowers] == 1);
  CHECK(s.heroes[0].display.size() == 1);  // the Mind Jewel is displayed
}

TEST_CASE("worked example: Kwaidyno's combat and Rorke's Queb") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  set_hand(s.heroes[0], {{Combat, 4}, {Focus, 2}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  set_hand(s.heroes[1], {{Combat, 2}, {Focus, 1}, {Tinker, 1}, {Effort, 1}, {Effort, 1}});
  put_in_wilderness(s, card_index(game, "Jiraskar"), 0b01);
  put_in_wilderness(s, card_index(game, "Ellnoica"), 0b01);
  put_in_town(s, 0, card_index(game, "Queb"));
  skip_to(game, s, Combat);
  bid(game, s, {0, 1, 2, 3, 4});  // 4 + 1 + 3 = 8
  bid(game, s, {0, 1, 2, 3, 4});  // 2 + 1 + 1 + 2 = 6
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  act(game, s, "claim Jiraskar [w0]");
  CHECK(s.heroes[0].wounds() == 1);
  CHECK(game.tableau_power(s.heroes[0]) == nullptr);  // the wound covers his power
  act(game, s, "claim Ellnoica [w0]");
  // 7 + 5 for the cards, 1 from Who Controls Beasts, 2 from Ellnoica (Focus 2).
  CHECK(s.heroes[0].valor == 15);
  CHECK(s.heroes[0].valor_by[FromClaims] == 12);
  CHECK(s.heroes[0].valor_by[FromPowers] == 3);
  CHECK(s.heroes[0].points == 0);
  act(game, s, "end turn");
  act(game, s, "claim Queb [t0]");
  // Checked before the turn ends: no cards are left, so the round would end at once.
  CHECK(s.heroes[1].valor == 7);
  CHECK(s.heroes[1].points == 2);  // converted when the turn ends: 9 in all
  CHECK(s.heroes[1].wounds() == 1);
  CHECK(s.heroes[1].score() == 2);  // a wound costs 5 Valor at the end
}

TEST_CASE("worked example: the Focus phase") {
  const NinthWorldGame game = competitive(3);
  State s = setup(game, {"Rorke", "Selis", "Branoc Aur"}, 0);
  set_hand(s.heroes[0], {{Combat, 1}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  wound(s, 2);
  skip_to(game, s, Focus);
  bid(game, s, {2, 3});
  bid(game, s, {2, 3});
  bid(game, s, {2, 3});
  act(game, s, "pass");  // Selis keeps her Focus token
  REQUIRE(s.step == Step::Act);
  CHECK(s.actor == 0);  // all bid 2, no Focus points: the monolith owner first
  act(game, s, "advance effort to tinker 1");
  CHECK_FALSE(has_action(game, s, "advance effort to scout 1"));  // one advance a phase
  act(game, s, "end turn");
  CHECK(s.heroes[0].valor == 6);  // 2 for the advance, 3 from Who Dares the Dice, 1 converted
  CHECK(NinthWorldGame::rank_of(s.heroes[0], Tinker) == 1);
  act(game, s, "advance scout to 2");
  CHECK(s.heroes[1].points == 0);
  act(game, s, "end turn");
  CHECK(s.heroes[1].valor == 2);
  CHECK(NinthWorldGame::rank_of(s.heroes[1], Scout) == 2);
  act(game, s, "heal a wound");
  CHECK(s.heroes[2].wounds() == 0);
  CHECK(game.tableau_power(s.heroes[2]) != nullptr);
  CHECK(s.heroes[2].points == 0);
  CHECK(s.heroes[2].valor == 0);
}

TEST_CASE("advancing: next rank's cost, rank 4 at most, spent cards too, set bonuses") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Qbrys", "Rorke"});
  set_hand(s.heroes[0], {{Scout, 2}, {Tinker, 2}, {Charm, 1}, {Combat, 2}, {Focus, 2}});
  s.heroes[0].set_bonus = 1;    // earned when its last Effort became rank 1
  s.heroes[0].spent = 0b00100;  // Charm 1 spent earlier this round
  skip_to(game, s, Focus);
  bid(game, s, {4});  // Focus 2: 2 points
  bid(game, s, {});
  REQUIRE(s.step == Step::Act);
  CHECK_FALSE(has_action(game, s, "advance scout to 3"));  // costs 3
  act(game, s, "advance charm to 2");
  // 2 for the advance, 5 for all five at rank 2, 3 from Who Learns Quickly.
  CHECK(s.heroes[0].valor == 10);
  CHECK(s.heroes[0].valor_by[FromSetBonus] == 5);
  CHECK(s.heroes[0].set_bonus == 2);
}

TEST_CASE("worked example: the Scout phase, sideways cards and a prize") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Branoc Aur", "Selis"});
  set_hand(s.heroes[0], {{Tinker, 1}, {Combat, 1}, {Scout, 3}, {Effort, 1}, {Effort, 1}});
  put_in_wilderness(s, card_index(game, "Wake the Queen"), 0b10);  // Selis marked it before
  on_top_of_wilderness(s, card_index(game, "Shins"));
  on_top_of_wilderness(s, card_index(game, "Heliolithic Halo"));
  on_top_of_wilderness(s, card_index(game, "Callerail"));
  bid(game, s, {2});     // Scout 3
  bid(game, s, {2});     // Effort: 1
  act(game, s, "pass");  // Selis does not use Who Walks Ahead
  REQUIRE(s.actor == 0);
  act(game, s, "mark Wake the Queen [w0]");
  act(game, s, "draw a wilderness card");
  act(game, s, "draw a wilderness card");
  REQUIRE(s.wild.size() == 3);
  CHECK(s.wild[1].sideways == 0);
  CHECK(s.wild[1].marks == 0b01);
  act(game, s, "end turn");
  // Selis cannot mark Branoc Aur's new cards: she draws the prize Shins.
  CHECK_FALSE(has_action(game, s, "mark Callerail [w1]"));
  CHECK_FALSE(has_action(game, s, "mark Wake the Queen [w0]"));  // already hers
  act(game, s, "draw a wilderness card");
  CHECK(s.heroes[1].valor == 2);
  CHECK(s.heroes[1].valor_by[FromPrizes] == 2);
  CHECK(s.wild.size() == 3);  // the prize is discarded at once
  CHECK(s.wild_discard.contains(uint8_t(card_index(game, "Shins"))));
  act(game, s, "end turn");
  for (const WildCard& w : s.wild) CHECK(w.sideways == kNone);  // upright after the phase
}

TEST_CASE("worked example: Qbrys completes Scrap for Parts with three cyphers") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Qbrys", "Selis"}, 1);
  set_hand(s.heroes[0], {{Charm, 2}, {Tinker, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  set_hand(s.heroes[1], {{Scout, 1}, {Focus, 1}, {Charm, 1}, {Effort, 1}, {Effort, 1}});
  display(s, 0, card_index(game, "Serve the Amber Pope"));
  for (int k = 0; k < 2; ++k) display(s, 0, card_index(game, "Sound Dampener", k));
  display(s, 0, card_index(game, "Curative Patch"));
  put_in_town(s, 0, card_index(game, "Scrap for Parts"));
  put_in_town(s, 1, card_index(game, "Explore the Heights"));
  skip_to(game, s, Charm);
  bid(game, s, {0, 2, 3});     // Charm 2 + 2 = 4
  bid(game, s, {0, 1, 3, 4});  // 4, no Charm points
  REQUIRE(s.step == Step::Act);
  CHECK(s.actor == 0);  // the tie is broken by Qbrys's Charm 2, not by the monolith
  act(game, s, "claim Scrap for Parts [t0]");
  CHECK(s.heroes[0].valor == 1);
  act(game, s, "discard Sound Dampener [2] for Scrap for Parts");
  act(game, s, "discard Sound Dampener [1] for Scrap for Parts");
  act(game, s, "discard Curative Patch [1] for Scrap for Parts");
  // Tiers 1, 1 and 2; the completed tinker quest advances Serve the Amber Pope by 2.
  CHECK(s.heroes[0].valor_by[FromTiers] == 6);
  REQUIRE(s.heroes[0].display.size() == 1);
  CHECK(s.heroes[0].display[0].tokens == 1);
  act(game, s, "end turn");
  CHECK(s.heroes[0].valor == 10);  // 1 + 4 + 2 + 3 converted
  act(game, s, "claim Explore the Heights [t1]");
  act(game, s, "end turn");
  CHECK(s.heroes[1].valor == 4);
}

TEST_CASE("quests: scout, combat and focus quests advance by their actions") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Hallik", "Rorke"});
  set_hand(s.heroes[0], {{Combat, 3}, {Scout, 2}, {Focus, 2}, {Effort, 1}, {Effort, 1}});
  display(s, 0, card_index(game, "Map the Ruins"));         // scout, tiers 1 1
  display(s, 0, card_index(game, "Guard the Caravan"));     // combat, tiers 2 2
  display(s, 0, card_index(game, "Study the Datasphere"));  // focus, tiers 1 2 2
  put_in_town(s, 0, card_index(game, "Aneen Stampede"));
  bid(game, s, {1});
  bid(game, s, {});
  act(game, s, "pass");  // keeps the Scout token
  act(game, s, "draw a wilderness card");
  CHECK(s.heroes[0].display[0].tokens == 1);
  act(game, s, "end turn");
  skip_to(game, s, Combat);
  bid(game, s, {0});
  bid(game, s, {});
  act(game, s, "pass");  // does not use Who Rides the Lightning
  act(game, s, "claim Aneen Stampede [t0]");
  CHECK(s.heroes[0].display[1].tokens == 1);
  act(game, s, "end turn");
  bid(game, s, {2, 3});  // Focus 2 + Effort: 3
  bid(game, s, {});
  act(game, s, "advance focus to 3");
  CHECK(s.heroes[0].display[2].tokens == 1);
  CHECK(s.heroes[0].valor_by[FromTiers] == 1 + 2 + 1);
}

TEST_CASE("claims: wilderness cards only when marked - cost never below 1") {
  const NinthWorldGame game =
      make_game({{"players", "2"}, {"region", "Ancuan"}});  // cyphers cost 1 less
  State s = setup(game, {"Branoc Aur", "Rorke"});
  put_in_wilderness(s, card_index(game, "Stasis Keeper"), 0b10);     // marked by Rorke only
  put_in_wilderness(s, card_index(game, "Stasis Keeper", 1), 0b01);  // marked by Branoc Aur
  put_in_town(s, 0, card_index(game, "Curative Patch"));             // printed cost 1
  CHECK(game.claim_cost(s, card_index(game, "Curative Patch")) == 1);
  CHECK(game.claim_cost(s, card_index(game, "Stasis Keeper")) == 1);  // printed 2
  CHECK(game.claim_cost(s, card_index(game, "Mind Jewel")) == 2);
  skip_to(game, s, Tinker);
  bid(game, s, {2});  // Effort: 1 point
  bid(game, s, {});
  // Branoc Aur's Who Hoards the Past (+1 Tinker) is a bid power: he declines it.
  REQUIRE(s.step == Step::BidPowers);
  act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  REQUIRE(s.heroes[0].points == 1);
  // Both copies cost 1: only the one he marked can be claimed.
  CHECK(has_action(game, s, "claim Stasis Keeper [w1]"));
  CHECK_FALSE(has_action(game, s, "claim Stasis Keeper [w0]"));
  // The Curative Patch would cost 0 after the ambient power: it costs 1, all his points.
  act(game, s, "claim Curative Patch [t0]");
  CHECK(s.heroes[0].points == 0);
  CHECK_FALSE(has_action(game, s, "claim Stasis Keeper [w1]"));  // nothing left to pay with
}

TEST_CASE("power cards cover the bottom power - wounds block it until healed") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  Hero& hero = s.heroes[0];
  CHECK(game.tableau_power(hero) == &game.data().heroes[hero.def].power);
  Power gain;
  gain.effect = EffectKind::Power;
  gain.amount = 1;
  game.apply_effect(s, 0, gain);
  REQUIRE(hero.stack.size() == 1);
  CHECK(game.tableau_power(hero) == &game.data().powers[hero.stack[0]]);
  Power hurt;
  hurt.effect = EffectKind::Wound;
  hurt.amount = 2;
  game.apply_effect(s, 0, hurt);
  CHECK(hero.wounds() == 2);
  CHECK(game.tableau_power(hero) == nullptr);
  Power heal;
  heal.effect = EffectKind::Heal;
  heal.amount = 1;
  game.apply_effect(s, 0, heal);
  CHECK(hero.wounds() == 1);
  CHECK(game.tableau_power(hero) == nullptr);  // each wound is healed separately
  game.apply_effect(s, 0, heal);
  CHECK(game.tableau_power(hero) == &game.data().powers[hero.stack[0]]);
  CHECK(s.power_deck.size() == size_t(kPowerCards - 1));  // healed wounds go back
}

TEST_CASE("round end: spent cards return, the town refills, the monolith passes") {
  const NinthWorldGame game = competitive(4);
  State s = setup(game, {"Kwaidyno", "Rorke", "Selis", "Qbrys"}, 1);
  s.heroes[0].valor = s.heroes[0].valor_by[FromPowers] = 3;
  s.heroes[1].valor = s.heroes[1].valor_by[FromPowers] = 0;  // the owner: passes it on
  s.heroes[2].valor = s.heroes[2].valor_by[FromPowers] = 3;
  s.heroes[3].valor = s.heroes[3].valor_by[FromPowers] = 2;
  s.heroes[2].spent = 0b11111;
  put_in_town(s, 0, card_index(game, "Queb"));
  game.end_round(s);
  CHECK(s.monolith == 3);  // the lowest Valor of the others
  CHECK(s.heroes[2].spent == 0);
  for (int slot = 0; slot < 5; ++slot) CHECK(s.town[size_t(slot)] != kNone);
  CHECK(s.town[0] == card_index(game, "Queb"));
  CHECK(s.round == 2);
  // Ties go to the tied hero closest to the owner's left.
  s.heroes[3].valor = s.heroes[3].valor_by[FromPowers] = 3;
  s.heroes[1].valor = s.heroes[1].valor_by[FromPowers] = 3;
  game.end_round(s);
  CHECK(s.monolith == 0);
}

TEST_CASE("the end: highest score wins, ties to the hero closest to the monolith") {
  const NinthWorldGame game =
      make_game({{"players", "3"}, {"length", "quick"}, {"region", "Milave"}});
  State s = setup(game, {"Kwaidyno", "Rorke", "Selis"}, 2);
  s.round = 5;
  s.heroes[0].valor = s.heroes[0].valor_by[FromPowers] = 12;
  s.heroes[1].valor = s.heroes[1].valor_by[FromPowers] = 17;
  wound(s, 1);                                                // 12 after the penalty
  s.heroes[2].valor = s.heroes[2].valor_by[FromPowers] = 20;  // the lowest... no: passes on
  game.end_round(s);
  REQUIRE(game.is_terminal(s));
  CHECK(s.end_reason == EndReason::Highest);
  CHECK(s.winner == 2);
  CHECK(game.returns(s)[2] == 1.0);
  CHECK(game.returns(s)[0] == -0.5);
  // A tie on 12: the monolith went to Kwaidyno (lowest Valor), who wins it.
  State t = setup(game, {"Kwaidyno", "Rorke", "Selis"}, 2);
  t.round = 5;
  t.heroes[0].valor = t.heroes[0].valor_by[FromPowers] = 12;
  t.heroes[1].valor = t.heroes[1].valor_by[FromPowers] = 17;
  wound(t, 1);
  t.heroes[2].valor = t.heroes[2].valor_by[FromPowers] = 11;
  game.end_round(t);
  CHECK(t.monolith == 0);
  CHECK(t.winner == 0);
}
