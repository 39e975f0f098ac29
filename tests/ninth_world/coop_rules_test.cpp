// Scenario tests of co-op and solo rules beyond coop_test.cpp: the rulebook's co-op quest
// example, wilderness quests of every kind, prize deals that end, the solo monolith, the
// town's wound cards, the variants of pooled points and checked costs, Who Forges a Bond.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdio>
#include <fstream>

#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

int prize_count(const NinthWorldGame& game) {
  int n = 0;
  for (int c = kTownCards; c < kCards; ++c) n += game.data().card(c).type == CardType::Prize;
  return n;
}

int prize_valor(const NinthWorldGame& game) {
  int total = 0;
  for (int c = kTownCards; c < kCards; ++c)
    if (game.data().card(c).type == CardType::Prize) total += game.data().card(c).valor;
  return total;
}

// Takes every non-prize wilderness card but `keep` out of the deck and discard: the cyphers
// displayed by hero 0 (as if claimed), the others faceup, so the wilderness has room; the
// prizes and `keep` are left in the deck (keep_in_discard: all of them in the discard).
void only_prizes_left(const NinthWorldGame& game, State& s, int keep, bool keep_in_discard) {
  for (int c = kTownCards; c < kCards; ++c) {
    const CardType type = game.data().card(c).type;
    if (type == CardType::Prize || c == keep) continue;
    if (type == CardType::Cypher)
      display(s, 0, c);
    else
      put_in_wilderness(s, c);
  }
  if (keep_in_discard)
    while (!s.wild_deck.empty()) s.wild_discard.push_back(s.wild_deck.pop_back());
}

}  // namespace

TEST_CASE("worked example: Cragworm pooled by three heroes and the claimer's marked quest") {
  const NinthWorldGame game = coop(4);
  // Qbrys marked Bring Back Pelts (one tier done), Selis marked Hunt Abhumans; Selis, Branoc
  // Aur and Kwaidyno scouted the Cragworm (cost 5).
  State s = setup(game, {"Qbrys", "Selis", "Branoc Aur", "Kwaidyno"}, 0);
  const int pelts = put_in_wilderness(s, card_index(game, "Bring Back Pelts"), 0b0001);
  s.wild[size_t(pelts)].tokens = 1;
  const int hunt = put_in_wilderness(s, card_index(game, "Hunt Abhumans"), 0b0010);
  put_in_wilderness(s, card_index(game, "Cragworm"), 0b1110);
  skip_to(game, s, Combat);
  bid(game, s, {});      // Qbrys
  bid(game, s, {2});     // Selis: 1
  bid(game, s, {1, 2});  // Branoc Aur: Combat 1 + Effort = 2
  bid(game, s, {0, 2});  // Kwaidyno: Combat 1 + Effort = 2
  act(game, s, "pass");  // Branoc Aur keeps his Combat token
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 2);  // ties with Kwaidyno, closer to the monolith
  CHECK_FALSE(has_action(game, s, "claim Cragworm [w2]"));
  act(game, s, "pool a point on Cragworm [w2]");
  act(game, s, "pool a point on Cragworm [w2]");
  act(game, s, "end turn");
  REQUIRE(s.actor == 3);
  act(game, s, "pool a point on Cragworm [w2]");
  act(game, s, "pool a point on Cragworm [w2]");
  act(game, s, "end turn");
  REQUIRE(s.actor == 1);
  act(game, s, "claim Cragworm [w2]");  // pays the last point
  // Selis alone gains the Cragworm's 10 Valor and its wound; the creature completes her Hunt
  // Abhumans (6, then its +2); Qbrys's Bring Back Pelts is not hers and does not move.
  CHECK(s.heroes[1].valor_by[FromClaims] == 10);
  CHECK(s.heroes[1].wounds() == 1);
  CHECK(s.wild[size_t(hunt)].tokens == 1);
  CHECK(s.heroes[1].valor_by[FromTiers] == 6);
  CHECK(s.heroes[1].valor_by[FromPowers] == 2);
  CHECK(s.wild[size_t(pelts)].tokens == 1);
  for (int h : {0, 2, 3}) CHECK(s.heroes[size_t(h)].valor == 0);

  // Had Kwaidyno claimed it, neither quest would have moved.
  State t = setup(game, {"Qbrys", "Selis", "Branoc Aur", "Kwaidyno"}, 0);
  put_in_wilderness(t, card_index(game, "Bring Back Pelts"), 0b0001);
  put_in_wilderness(t, card_index(game, "Hunt Abhumans"), 0b0010);
  put_in_wilderness(t, card_index(game, "Cragworm"), 0b1110);
  skip_to(game, t, Combat);
  bid(game, t, {});
  bid(game, t, {2, 3, 4});  // Selis: 3, acts first
  bid(game, t, {1});        // Branoc Aur: Combat 1
  bid(game, t, {0});        // Kwaidyno: Combat 1
  act(game, t, "pass");
  REQUIRE(t.actor == 1);
  for (int k = 0; k < 3; ++k) act(game, t, "pool a point on Cragworm [w2]");
  act(game, t, "end turn");
  act(game, t, "pool a point on Cragworm [w2]");
  act(game, t, "end turn");
  REQUIRE(t.actor == 3);
  act(game, t, "claim Cragworm [w2]");
  CHECK(t.heroes[3].valor_by[FromClaims] == 10);
  CHECK(t.wild[0].tokens == 0);
  CHECK(t.wild[1].tokens == 0);
}

TEST_CASE("co-op: an incomplete wilderness quest cannot be claimed") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"});
  const int pelts = put_in_wilderness(s, card_index(game, "Bring Back Pelts"), 0b01);
  s.wild[size_t(pelts)].tokens = 1;  // one of two tiers
  skip_to(game, s, Charm);
  bid(game, s, {1, 2, 3});
  bid(game, s, {});
  act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.heroes[0].points >= 2);
  CHECK_FALSE(has_action(game, s, "claim Bring Back Pelts [w0]"));
  CHECK_FALSE(has_action(game, s, "pool a point on Bring Back Pelts [w0]"));
}

TEST_CASE("co-op tinker quests in the wilderness take a displayed cypher") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"});
  put_in_wilderness(s, card_index(game, "Tame the Machine"), 0b01);  // tinker, tier 4
  put_in_wilderness(s, card_index(game, "Salvage the Obelisk"));     // not marked by him
  display(s, 0, card_index(game, "Sound Dampener"));
  skip_to(game, s, Combat);
  bid(game, s, {0});
  bid(game, s, {});
  REQUIRE(s.step == Step::Act);
  CHECK_FALSE(has_action(game, s, "discard Sound Dampener [0] for Salvage the Obelisk"));
  act(game, s, "discard Sound Dampener [0] for Tame the Machine");
  CHECK(s.wild[0].tokens == 1);
  CHECK(s.heroes[0].valor_by[FromTiers] == 4);
  CHECK(s.heroes[0].display.empty());
}

TEST_CASE("co-op scout quests: the mark that makes one available does not complete it") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Selis", "Qbrys"});
  put_in_wilderness(s, card_index(game, "Walk the Skyfields"));  // scout, tier 6
  put_in_wilderness(s, card_index(game, "Laak Swarm"));
  on_top_of_wilderness(s, card_index(game, "Chart the Beyond"));  // scout, tier 5
  bid(game, s, {0, 2});                                           // Scout 1 + Effort: 2
  bid(game, s, {});
  act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  act(game, s, "mark Walk the Skyfields [w0]");
  CHECK(s.wild[0].tokens == 0);
  CHECK(s.heroes[0].valor == 0);
  act(game, s, "mark Laak Swarm [w1]");  // another mark completes its tier
  CHECK(s.wild[0].tokens == 1);
  CHECK(s.heroes[0].valor_by[FromTiers] == 6);
  // A drawn quest is marked by the draw and is not advanced by it either.
  State t = setup(game, {"Selis", "Qbrys"});
  on_top_of_wilderness(t, card_index(game, "Chart the Beyond"));
  bid(game, t, {0});
  bid(game, t, {});
  act(game, t, "pass");
  act(game, t, "draw a wilderness card");
  REQUIRE(t.wild.size() == 1);
  CHECK(t.wild[0].marks == 0b01);
  CHECK(t.wild[0].tokens == 0);
  CHECK(t.heroes[0].valor == 0);
}

TEST_CASE("co-op wilderness quests: the effect acts when the last tier is completed") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"});
  put_in_wilderness(s, card_index(game, "Hunt Abhumans"), 0b01);  // combat, tier 6, then +2
  put_in_town(s, 0, card_index(game, "Aneen Stampede"));
  skip_to(game, s, Combat);
  bid(game, s, {0});
  bid(game, s, {});
  act(game, s, "claim Aneen Stampede [t0]");
  CHECK(s.wild[0].tokens == 1);
  CHECK(s.heroes[0].valor_by[FromTiers] == 6);
  CHECK(s.heroes[0].valor_by[FromPowers] == 2);
  act(game, s, "end turn");
  // Claimed later for its cost: its Valor, and no second effect.
  skip_to(game, s, Charm);
  REQUIRE(s.round == 2);
  // (A power card from a prize dealt since then would add its own Valor to the claim.)
  while (!s.heroes[0].stack.empty()) s.power_deck.push_back(s.heroes[0].stack.pop_back());
  bid(game, s, {1, 2, 3});
  bid(game, s, {});
  act(game, s, "pass");
  const int powers = s.heroes[0].valor_by[FromPowers];
  act(game, s, "claim Hunt Abhumans [w0]");
  CHECK(s.heroes[0].valor_by[FromClaims] == 1 + 3);
  CHECK(s.heroes[0].valor_by[FromPowers] == powers);
  CHECK(game.broken_invariant(s).empty());
}

TEST_CASE("deals of wilderness cards end when only prizes are left to draw") {
  const NinthWorldGame game = coop(3);
  // A deal of `n` cards, as in the Threshold phase or a region's reveal.
  auto deal = [&](State& s, int n) {
    Power reveal;
    reveal.trigger = Trigger::Arrival;
    reveal.effect = EffectKind::Reveal;
    reveal.amount = int8_t(n);
    game.apply_effect(s, s.monolith, reveal);
  };
  // Every non-prize card is faceup: the deal draws nothing at all.
  State s = setup(game, {"Kwaidyno", "Qbrys", "Selis"}, 1);
  only_prizes_left(game, s, -1, false);
  const size_t prizes = s.wild_deck.size();
  deal(s, 13);
  CHECK(s.heroes[1].valor_by[FromPrizes] == 0);
  CHECK(s.wild_deck.size() == prizes);
  CHECK(game.broken_invariant(s).empty());

  // One Laak Swarm among the prizes in the discard and 13 cards wanted (3 heroes and the 10
  // incomplete quests): the deal claims the prizes drawn before it, each once, places it
  // and stops.
  State t = setup(game, {"Kwaidyno", "Qbrys", "Selis"}, 1);
  const int laak = card_index(game, "Laak Swarm");
  only_prizes_left(game, t, laak, true);
  const size_t faceup = t.wild.size();
  deal(t, 13);
  CHECK(t.wild.size() == faceup + 1);
  CHECK(t.wild.back().card == laak);
  const int gained = t.heroes[1].valor_by[FromPrizes];
  CHECK(gained <= prize_valor(game));
  // The prizes claimed lie in the discard, the others are still in the deck.
  int in_discard = 0;
  for (uint8_t c : t.wild_discard) in_discard += game.data().card(c).valor;
  CHECK(in_discard == gained);
  CHECK(t.wild_deck.size() + t.wild_discard.size() == size_t(prize_count(game)));
  CHECK(game.broken_invariant(t).empty());
}

TEST_CASE("the wilderness holds every non-prize card of a set") {
  // Shins (14 prizes) become creatures: 46 cards can lie in the wilderness.
  std::string text = base_text();
  const std::string from = "name = \"Shins\"\ntype = \"prize\"\nvalor = 2";
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "name = \"Shins\"\ntype = \"creature\"\ncost = 1\nvalor = 2");
  const std::string path = "ninth_world_test_wilderness.toml";
  {
    std::ofstream out(path);
    out << text;
  }
  const NinthWorldGame game = coop(5, {{"cards", path}});
  std::remove(path.c_str());
  State s = setup(game, {"Kwaidyno", "Qbrys", "Selis", "Rorke", "Hallik"});
  int placeable = 0;
  for (int c = kTownCards; c < kCards; ++c)
    placeable += game.data().card(c).type != CardType::Prize;
  REQUIRE(placeable == 46);
  Power reveal;
  reveal.trigger = Trigger::Arrival;
  reveal.effect = EffectKind::Reveal;
  reveal.amount = 60;
  game.apply_effect(s, 0, reveal);
  CHECK(int(s.wild.size()) == placeable);
  // Only the prizes are left to draw.
  CHECK(s.wild_deck.size() + s.wild_discard.size() == size_t(kWildernessCards - placeable));
  CHECK(game.broken_invariant(s).empty());
}

TEST_CASE("solo: the hero always holds the monolith") {
  const NinthWorldGame game = make_game({{"mode", "solo"}, {"region", "Milave"}});
  for (uint64_t seed = 0; seed < 20; ++seed) CHECK(game.initial_state(seed).monolith == 0);
  State s = setup(game, {"Kwaidyno"});
  s.wild_deck.clear();
  s.wild_discard.clear();
  for (int round = 1; round < 9; ++round) {
    game.end_round(s);
    CHECK(s.monolith == 0);
  }
}

TEST_CASE("the town's wounds are wound cards from the power deck") {
  const NinthWorldGame game = coop(1, {{"town_slots", "3"}});
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State s = setup(game, {"Kwaidyno"});
    put_in_wilderness(s, card_index(game, "Nevajin"));  // two dice
    s.wild_deck.clear();
    s.wild_discard.clear();
    s.rng.reseed(seed);
    game.threshold_phase(s);
    const int wounded = std::popcount(unsigned(s.town_wounds));
    CHECK(s.power_deck.size() == size_t(kPowerCards - wounded));
    for (int slot = 0; slot < 3; ++slot)
      CHECK((s.town_wound_card[size_t(slot)] != kNone) == bool(s.town_wounds >> slot & 1));
  }
}

TEST_CASE("unclaimed pooled points are lost or become Valor") {
  for (const std::string option : {"lost", "valor"}) {
    INFO(option);
    const NinthWorldGame game = coop(2, {{"unclaimed_pool", option}});
    State s = setup(game, {"Kwaidyno", "Hallik"});
    put_in_wilderness(s, card_index(game, "Nevajin"), 0b11);  // cost 6
    put_in_town(s, 0, card_index(game, "Queb"));              // cost 4
    skip_to(game, s, Combat);
    bid(game, s, {0, 2});  // Kwaidyno: 2
    bid(game, s, {0});     // Hallik: 1
    act(game, s, "pass");  // Hallik keeps Who Rides the Lightning
    REQUIRE(s.actor == 0);
    act(game, s, "pool a point on Nevajin [w0]");
    act(game, s, "pool a point on Nevajin [w0]");
    act(game, s, "end turn");
    act(game, s, "pool a point on Nevajin [w0]");
    act(game, s, "end turn");
    REQUIRE(s.phase == Focus);
    const int refund = option == "valor" ? 1 : 0;
    CHECK(s.heroes[0].valor_by[FromConversion] == 2 * refund);
    CHECK(s.heroes[1].valor_by[FromConversion] == refund);
    CHECK(game.broken_invariant(s).empty());
  }
}

TEST_CASE("creature dice and claim filters read the printed or the current cost") {
  // The Pytharon Empire: creatures cost 1 less; Cragworm (5) then costs 4.
  for (const std::string option : {"printed", "ambient"}) {
    INFO(option);
    const NinthWorldGame game =
        coop(1, {{"region", "The Pytharon Empire"}, {"cost_checks", option}});
    const int dice = option == "printed" ? 2 : 1;
    for (uint64_t seed = 0; seed < 40; ++seed) {
      State s = setup(game, {"Kwaidyno"});
      put_in_wilderness(s, card_index(game, "Cragworm"));
      s.wild_deck.clear();
      s.wild_discard.clear();
      s.rng.reseed(seed);
      Rng roll = s.rng;
      bool bad = false;
      for (int d = 0; d < dice; ++d) bad |= roll.below(6) >= 4;
      game.threshold_phase(s);
      CHECK((s.town_wounds != 0) == bad);
    }
    // Kwaidyno's +1 for a creature of cost 4 or more: the Raster (4) costs 3 here.
    State t = setup(game, {"Kwaidyno"});
    put_in_town(t, 0, card_index(game, "Raster"));
    skip_to(game, t, Combat);
    bid(game, t, {0, 2, 3});  // 3 points; no bid power acts in Combat
    act(game, t, "claim Raster [t0]");
    CHECK(t.heroes[0].valor_by[FromPowers] == (option == "printed" ? 1 : 0));
  }
}

TEST_CASE("solo: no pooling with oneself") {
  const NinthWorldGame game = make_game({{"mode", "solo"}, {"region", "Milave"}});
  State s = setup(game, {"Kwaidyno"});
  put_in_wilderness(s, card_index(game, "Nevajin"), 0b1);
  skip_to(game, s, Combat);
  bid(game, s, {0, 2});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  CHECK_FALSE(has_action(game, s, "pool a point on Nevajin [w0]"));
}

TEST_CASE("Who Forges a Bond copies another hero's power for the phase") {
  const NinthWorldGame game = make_game({{"players", "3"}, {"region", "Milave"}});
  State s = setup(game, {"Zenn Coral", "Hallik", "Iadace"});
  CHECK(game.data().heroes[s.heroes[0].def].power.effect == EffectKind::Copy);
  wound(s, 2);  // Iadace's +2 Combat is covered: nothing to copy
  skip_to(game, s, Combat);
  bid(game, s, {2});  // Effort: 1
  bid(game, s, {});
  bid(game, s, {});
  REQUIRE(s.step == Step::BidPowers);
  CHECK_FALSE(has_action(game, s, "use tableau power"));
  CHECK_FALSE(has_action(game, s, "copy the power of Iadace"));
  act(game, s, "copy the power of Hallik");  // +2 Combat points in Combat
  CHECK(game.tableau_power(s.heroes[0]) == &game.data().heroes[s.heroes[1].def].power);
  act(game, s, "use tableau power");
  CHECK(s.heroes[0].total == 3);
  CHECK(s.heroes[0].phase_points == 2);
  REQUIRE(s.step == Step::Act);
  act(game, s, "end turn");
  // A new phase: the copy is gone.
  REQUIRE(s.phase == Focus);
  CHECK(s.heroes[0].copy == kNone);
  CHECK(game.tableau_power(s.heroes[0]) == &game.data().heroes[s.heroes[0].def].power);

  // Copying a passive power: Rorke's +3 Valor on advancing, in Focus.
  State t = setup(game, {"Zenn Coral", "Hallik", "Rorke"});
  skip_to(game, t, Focus);
  bid(game, t, {2, 3});
  bid(game, t, {});
  bid(game, t, {});
  act(game, t, "copy the power of Rorke");
  REQUIRE(t.step == Step::Act);
  act(game, t, "advance effort to scout 1");
  CHECK(t.heroes[0].valor_by[FromAdvances] == 2);
  CHECK(t.heroes[0].valor_by[FromPowers] == 3);
  CHECK(game.broken_invariant(t).empty());
}

TEST_CASE("solo: Who Forges a Bond copies an ally not yet discarded") {
  const NinthWorldGame game = make_game({{"mode", "solo"}, {"region", "Milave"}});
  State s = setup(game, {"Zenn Coral"});
  s.ally_def = {uint8_t(hero_index(game, "Hallik")), uint8_t(hero_index(game, "Iadace")),
                uint8_t(hero_index(game, "Rorke"))};
  skip_to(game, s, Combat);
  bid(game, s, {2});
  REQUIRE(s.step == Step::BidPowers);
  CHECK(has_action(game, s, "copy the power of ally Iadace"));
  act(game, s, "discard ally Hallik");  // +2 Combat: Hallik is gone for good
  CHECK_FALSE(has_action(game, s, "copy the power of ally Hallik"));
  act(game, s, "copy the power of ally Iadace");  // +2 Combat points in Combat
  act(game, s, "use tableau power");
  CHECK(s.heroes[0].total == 5);
  CHECK(s.heroes[0].allies == 0b110);  // copying does not discard the ally
  CHECK(game.broken_invariant(s).empty());
}

namespace {

// Puts a power card named `name` from the power deck on top of hero `h`'s stack.
void show_power_card(const NinthWorldGame& game, State& s, int h, const std::string& name) {
  for (size_t i = 0; i < s.power_deck.size(); ++i)
    if (game.data().power_names[s.power_deck[i]] == name) {
      s.heroes[size_t(h)].stack.push_back(s.power_deck[i]);
      s.power_deck.erase_at(i);
      return;
    }
  FAIL("no power card " << name << " in the deck");
}

// Plays round 1 with hero 0 alone bidding one card a phase (slot 0 in Scout, slot 1 in
// Tinker...), passing its bid powers; returns, phase by phase, the copies it was offered
// ("copy the power of Qbrys", "copy the power of ally Hallik"), joined by "; ".
std::vector<std::string> copies_offered_by_phase(const NinthWorldGame& game, State s) {
  std::vector<std::string> offered;
  for (int phase = Scout; phase <= Focus; ++phase) {
    REQUIRE(s.phase == phase);
    REQUIRE(s.step == Step::Bid);
    bid(game, s, {phase - Scout});
    while (s.step == Step::Bid) bid(game, s, {});
    std::string copies;
    FixedVector<Action, NinthWorldGame::kMaxActions> actions;
    game.legal_actions(s, actions);
    for (const Action& a : actions)
      if (a.verb == Verb::Power && a.a == CopyPower)
        copies += (copies.empty() ? "" : "; ") + game.action_to_string(s, a);
    offered.push_back(copies);
    while (s.step == Step::BidPowers) act(game, s, "pass");
    REQUIRE(s.actor == 0);
    act(game, s, "end turn");
  }
  return offered;
}

}  // namespace

TEST_CASE("Who Forges a Bond offers only powers that can act in the phase") {
  // Each list: the copies offered in Scout, Tinker, Charm, Combat and Focus.
  SECTION("an advance power: Focus only (2 heroes)") {
    const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
    const State s = setup(game, {"Zenn Coral", "Qbrys"});
    CHECK(copies_offered_by_phase(game, s) ==
          std::vector<std::string>{"", "", "", "", "copy the power of Qbrys"});
  }
  for (const char* mode : {"competitive", "coop"}) {
    DYNAMIC_SECTION("claim, advance and no-claim powers, " << mode) {
      const NinthWorldGame game =
          make_game({{"mode", mode}, {"players", "5"}, {"region", "Milave"}});
      State s = setup(game, {"Zenn Coral", "Qbrys", "Kwaidyno", "Moravell", "Hallik"});
      show_power_card(game, s, 4, "Who Finds Oddities");  // +2 Valor when claiming a cypher
      CHECK(copies_offered_by_phase(game, s) ==
            std::vector<std::string>{"", "copy the power of Moravell; copy the power of Hallik", "",
                                     "copy the power of Kwaidyno", "copy the power of Qbrys"});
    }
  }
  SECTION("a power used on the turn: every phase") {
    const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
    State s = setup(game, {"Zenn Coral", "Hallik"});
    show_power_card(game, s, 1, "Who Tempts Fate");  // roll a die on the turn
    const std::string copy = "copy the power of Hallik";
    CHECK(copies_offered_by_phase(game, s) ==
          std::vector<std::string>{copy, copy, copy, copy, copy});
  }
  SECTION("solo: an ally's power, by the same rule") {
    const NinthWorldGame game = make_game({{"mode", "solo"}, {"region", "Milave"}});
    State s = setup(game, {"Zenn Coral"});
    s.ally_def = {uint8_t(hero_index(game, "Qbrys")), uint8_t(hero_index(game, "Kwaidyno")),
                  uint8_t(hero_index(game, "Moravell"))};
    CHECK(copies_offered_by_phase(game, s) ==
          std::vector<std::string>{"", "copy the power of ally Moravell", "",
                                   "copy the power of ally Kwaidyno",
                                   "copy the power of ally Qbrys"});
  }
}
