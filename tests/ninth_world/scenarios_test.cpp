// Scenario tests of rules the worked examples do not show: set your powers, cypher powers
// (bid and use), quest discards and completion effects, prizes with effects and reshuffles,
// healing, set bonuses, ambient cost increases, region powers in play, power cards gained
// while wounded, and the caps of the stack, the display and the wilderness.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

NinthWorldGame competitive(int players, std::map<std::string, std::string> more = {}) {
  more["players"] = std::to_string(players);
  more.emplace("region", "Milave");  // no ambient power: costs are printed costs
  return make_game(more);
}

int power_card(const NinthWorldGame& game, const std::string& name) {
  for (int c = 0; c < kPowerCards; ++c)
    if (game.data().power_names[size_t(c)] == name) return c;
  FAIL("no power card " << name);
  return -1;
}

// Takes power card `c` out of the deck and puts it on top of hero h's stack.
void cover_with(State& s, int h, int c) {
  for (size_t i = 0; i < s.power_deck.size(); ++i)
    if (s.power_deck[i] == c) {
      s.power_deck.erase_at(i);
      s.heroes[size_t(h)].stack.push_back(uint8_t(c));
      return;
    }
  FAIL("power card " << c << " is not in the deck");
}

// A die rolled from a copy of the state's stream: -1 bad, 0 blank, +1 good.
int next_die(const State& s) {
  Rng dice = s.rng;
  const uint32_t face = dice.below(6);
  return face < 2 ? 1 : face < 4 ? 0 : -1;
}

}  // namespace

TEST_CASE("set your powers: two cards per hero to keep or cover and the rest shuffled back") {
  const NinthWorldGame game = competitive(2, {{"set_powers", "true"}});
  State s = game.initial_state(3);
  REQUIRE(s.step == Step::SetPowers);
  REQUIRE(s.offered.size() == 4);
  CHECK(s.power_deck.size() == size_t(kPowerCards - 4));
  const uint8_t taken = s.offered[3];
  CHECK(s.actor == 0);
  act(game, s, "keep tableau power");
  CHECK(s.actor == 1);
  act(game, s, "take power " + game.data().power_names[taken] + " [1]");
  CHECK(s.offered.empty());
  CHECK(s.power_deck.size() == size_t(kPowerCards - 1));  // three went back
  CHECK(s.heroes[0].stack.empty());
  REQUIRE(s.heroes[1].stack.size() == 1);
  CHECK(s.heroes[1].stack[0] == taken);
  CHECK(game.tableau_power(s.heroes[1]) == &game.data().powers[taken]);
  CHECK(s.step == Step::Bid);
  CHECK(s.round == 1);
  CHECK(game.broken_invariant(s).empty());
}

TEST_CASE("cypher bid powers: discarded for points or kept and then not discarded for a quest") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  display(s, 0, card_index(game, "Scrap for Parts"));
  display(s, 0, card_index(game, "Mind Jewel"));      // discard: +2 Tinker
  display(s, 0, card_index(game, "Tinker Golem"));    // kept: +2 Tinker
  display(s, 0, card_index(game, "Aetherscope"));     // discard: +3 points of no phase
  display(s, 0, card_index(game, "Sound Dampener"));  // no power
  skip_to(game, s, Tinker);
  bid(game, s, {2});  // Effort: 1
  bid(game, s, {});
  REQUIRE(s.step == Step::BidPowers);
  act(game, s, "use Mind Jewel [1]");
  CHECK(s.heroes[0].total == 3);
  CHECK(s.heroes[0].phase_points == 2);
  CHECK(s.town_discard.contains(uint8_t(card_index(game, "Mind Jewel"))));
  act(game, s, "use Tinker Golem [1]");
  CHECK(s.heroes[0].total == 5);
  CHECK(s.heroes[0].display.size() == 4);  // kept
  CHECK(s.heroes[0].display[1].used);
  CHECK_FALSE(has_action(game, s, "use Tinker Golem [1]"));  // once a phase
  act(game, s, "use Aetherscope [2]");
  CHECK(s.heroes[0].total == 8);
  CHECK(s.heroes[0].phase_points == 4);  // the Aetherscope's points have no phase
  CHECK(s.wild_discard.contains(uint8_t(card_index(game, "Aetherscope"))));
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  CHECK(s.heroes[0].valor == 0);  // discarding a cypher takes no Valor away
  // The used Tinker Golem cannot also complete a tier; the Sound Dampener can.
  CHECK_FALSE(has_action(game, s, "discard Tinker Golem [1] for Scrap for Parts"));
  CHECK(has_action(game, s, "discard Sound Dampener [2] for Scrap for Parts"));
}

TEST_CASE("use powers on a hero's turn: cyphers and the tableau") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  display(s, 0, card_index(game, "Curative Patch"));       // heal 1
  display(s, 0, card_index(game, "Stasis Keeper"));        // heal 2
  display(s, 0, card_index(game, "Heliolithic Halo"));     // a power card
  display(s, 0, card_index(game, "Machine in the Wall"));  // gamble 4
  display(s, 0, card_index(game, "Curative Patch", 1));
  for (int k = 0; k < 3; ++k) wound(s, 0);
  s.heroes[0].valor = s.heroes[0].valor_by[FromClaims] = 5;  // as if claimed
  skip_to(game, s, Charm);
  bid(game, s, {2});
  bid(game, s, {});
  act(game, s, "pass");  // Kwaidyno's Charm token unused
  REQUIRE(s.step == Step::Act);
  act(game, s, "use Curative Patch [0]");
  CHECK(s.heroes[0].wounds() == 2);
  act(game, s, "use Stasis Keeper [0]");
  CHECK(s.heroes[0].wounds() == 0);
  // A heal would do nothing now: the second Curative Patch is not offered.
  CHECK_FALSE(has_action(game, s, "use Curative Patch [2]"));
  act(game, s, "use Heliolithic Halo [0]");
  REQUIRE(s.heroes[0].stack.size() == 1);
  CHECK(game.tableau_power(s.heroes[0]) == &game.data().powers[s.heroes[0].stack[0]]);
  const int die = next_die(s);
  act(game, s, "use Machine in the Wall [0]");
  CHECK(s.heroes[0].valor == 5 + (die > 0 ? 4 : 0));  // the cyphers' Valor is kept
  CHECK(s.heroes[0].wounds() == (die < 0 ? 1 : 0));
  REQUIRE(s.heroes[0].display.size() == 1);
  for (const char* used : {"Curative Patch", "Heliolithic Halo"})
    CHECK((s.town_discard.contains(uint8_t(card_index(game, used))) ||
           s.wild_discard.contains(uint8_t(card_index(game, used)))));

  // A "use" power card on the tableau (Who Tempts Fate), once a phase.
  State t = setup(game, {"Kwaidyno", "Rorke"});
  cover_with(t, 0, power_card(game, "Who Tempts Fate"));
  skip_to(game, t, Combat);
  bid(game, t, {0});
  bid(game, t, {});
  REQUIRE(t.step == Step::Act);
  const int roll = next_die(t);
  act(game, t, "use tableau power");
  CHECK(t.heroes[0].valor_by[FromPowers] == (roll > 0 ? 4 : 0));
  CHECK(t.heroes[0].wounds() == (roll < 0 ? 1 : 0));
  CHECK_FALSE(has_action(game, t, "use tableau power"));
}

TEST_CASE("tinker quests take a cypher in any phase on the hero's own turn") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  display(s, 0, card_index(game, "Scrap for Parts"));  // tiers 1 1 2
  display(s, 0, card_index(game, "Sound Dampener"));
  skip_to(game, s, Combat);
  bid(game, s, {2});
  bid(game, s, {});
  REQUIRE(s.step == Step::Act);
  act(game, s, "discard Sound Dampener [1] for Scrap for Parts");
  CHECK(s.heroes[0].display[0].tokens == 1);
  CHECK(s.heroes[0].valor_by[FromTiers] == 1);
  CHECK(s.town_discard.contains(uint8_t(card_index(game, "Sound Dampener"))));
}

TEST_CASE("quest completion effects act when the last tier is completed") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  display(s, 0, card_index(game, "Scrap for Parts"), 2);       // one tier (2) left
  display(s, 0, card_index(game, "Serve the Amber Pope"), 1);  // tier 3 left, then +2
  display(s, 0, card_index(game, "Clear the Well"), 1);        // tier 3 left, a power card
  display(s, 0, card_index(game, "Sound Dampener"));
  put_in_town(s, 0, card_index(game, "Aneen Stampede"));
  skip_to(game, s, Combat);
  bid(game, s, {0});
  bid(game, s, {});
  REQUIRE(s.step == Step::Act);
  act(game, s, "discard Sound Dampener [3] for Scrap for Parts");
  // Scrap for Parts completes (2), which completes Serve the Amber Pope (3, then +2).
  CHECK(s.heroes[0].valor_by[FromTiers] == 5);
  CHECK(s.heroes[0].valor_by[FromPowers] == 2);
  REQUIRE(s.heroes[0].display.size() == 1);  // Clear the Well is left
  act(game, s, "claim Aneen Stampede [t0]");
  CHECK(s.heroes[0].valor_by[FromTiers] == 8);
  CHECK(s.heroes[0].display.empty());
  CHECK(s.heroes[0].stack.size() == 1);  // Clear the Well's power card
  CHECK(game.tableau_power(s.heroes[0]) != nullptr);
  for (const char* quest : {"Scrap for Parts", "Serve the Amber Pope", "Clear the Well"})
    CHECK(s.town_discard.contains(uint8_t(card_index(game, quest))));
}

TEST_CASE("prizes: an Oddity's power card and prizes a region deals go to the monolith owner") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Selis", "Rorke"});
  on_top_of_wilderness(s, card_index(game, "Oddity"));
  bid(game, s, {0});
  bid(game, s, {});
  act(game, s, "pass");
  act(game, s, "draw a wilderness card");
  CHECK(s.heroes[0].valor_by[FromPrizes] == 1);
  CHECK(s.heroes[0].stack.size() == 1);  // the Oddity's power card
  CHECK(s.wild.empty());

  // Ancuan's round-2 card deals a wilderness card on arrival: a prize goes to the monolith
  // owner (after the round's pass) and is replaced.
  const NinthWorldGame ancuan = competitive(2, {{"region", "Ancuan"}});
  State t = setup(ancuan, {"Selis", "Rorke"}, 0);
  on_top_of_wilderness(t, card_index(ancuan, "Laak Swarm"));
  on_top_of_wilderness(t, card_index(ancuan, "Iotum Cache"));
  t.heroes[0].valor = t.heroes[0].valor_by[FromPowers] = 5;
  ancuan.end_round(t);
  REQUIRE(t.round == 2);
  CHECK(t.monolith == 1);
  CHECK(t.heroes[1].valor_by[FromPrizes] == 3);
  CHECK(t.heroes[0].valor_by[FromPrizes] == 0);
  REQUIRE(t.wild.size() == 1);
  CHECK(t.wild[0].card == card_index(ancuan, "Laak Swarm"));
  CHECK(t.wild[0].marks == 0);
}

TEST_CASE("empty town and wilderness decks reshuffle their discards") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Selis", "Rorke"});
  while (!s.town_deck.empty()) s.town_discard.push_back(s.town_deck.pop_back());
  game.end_round(s);  // the town row is dealt from the reshuffled discard
  for (int slot = 0; slot < 5; ++slot) CHECK(s.town[size_t(slot)] != kNone);
  CHECK(s.town_discard.empty());
  CHECK(s.town_deck.size() == size_t(kTownCards - 5));

  State t = setup(game, {"Selis", "Rorke"});
  while (!t.wild_deck.empty()) t.wild_discard.push_back(t.wild_deck.pop_back());
  bid(game, t, {0});
  bid(game, t, {});
  act(game, t, "pass");
  CHECK(has_action(game, t, "draw a wilderness card"));
  act(game, t, "draw a wilderness card");
  CHECK((t.wild_discard.empty() || t.heroes[0].valor_by[FromPrizes] > 0));
  CHECK(t.wild_deck.size() + t.wild_discard.size() + t.wild.size() == size_t(kWildernessCards));
  CHECK(game.broken_invariant(t).empty());
}

TEST_CASE("healing several wounds in one Focus phase and advancing too") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Selis", "Rorke"});
  set_hand(s.heroes[0], {{Scout, 1}, {Focus, 3}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  wound(s, 0);
  wound(s, 0);
  skip_to(game, s, Focus);
  bid(game, s, {1, 2, 3, 4});  // Focus 3 + three Effort = 6
  bid(game, s, {});
  act(game, s, "pass");  // keeps her Focus token
  REQUIRE(s.step == Step::Act);
  act(game, s, "heal a wound");
  act(game, s, "heal a wound");
  CHECK(s.heroes[0].wounds() == 0);
  CHECK_FALSE(has_action(game, s, "heal a wound"));
  act(game, s, "advance scout to 2");
  CHECK(s.heroes[0].points == 0);
  CHECK(s.heroes[0].valor == 2);
  CHECK(s.power_deck.size() == size_t(kPowerCards));  // both wounds went back
}

TEST_CASE("set bonuses at ranks 1 3 and 4") {
  const NinthWorldGame game = competitive(2);
  auto focus_turn = [&](State& s, std::initializer_list<int> slots) {
    skip_to(game, s, Focus);
    bid(game, s, slots);
    bid(game, s, {});
    if (s.step == Step::BidPowers) act(game, s, "pass");
    REQUIRE(s.step == Step::Act);
  };
  // Rank 1: the last Effort becomes a skill (Kwaidyno: no Focus token, no advance power).
  State s = setup(game, {"Kwaidyno", "Rorke"});
  set_hand(s.heroes[0], {{Scout, 1}, {Tinker, 1}, {Charm, 1}, {Combat, 1}, {Effort, 1}});
  focus_turn(s, {4});
  act(game, s, "advance effort to focus 1");
  CHECK(s.heroes[0].valor_by[FromAdvances] == 2);
  CHECK(s.heroes[0].valor_by[FromSetBonus] == 5);
  CHECK(s.heroes[0].set_bonus == 1);
  // Rank 3: the last skill at rank 2 reaches 3.
  State t = setup(game, {"Kwaidyno", "Rorke"});
  set_hand(t.heroes[0], {{Scout, 3}, {Tinker, 3}, {Charm, 2}, {Combat, 3}, {Focus, 3}});
  t.heroes[0].set_bonus = 2;
  focus_turn(t, {4});
  act(game, t, "advance charm to 3");
  CHECK(t.heroes[0].valor_by[FromSetBonus] == 5);
  CHECK(t.heroes[0].set_bonus == 3);
  // Rank 4: four points advance the last skill at rank 3.
  State u = setup(game, {"Kwaidyno", "Rorke"});
  set_hand(u.heroes[0], {{Scout, 4}, {Tinker, 4}, {Charm, 3}, {Combat, 4}, {Focus, 4}});
  u.heroes[0].set_bonus = 3;
  focus_turn(u, {4});
  act(game, u, "advance charm to 4");
  CHECK(u.heroes[0].valor_by[FromSetBonus] == 5);
  CHECK(u.heroes[0].set_bonus == 4);
  CHECK_FALSE(has_action(game, u, "advance charm to 5"));
}

TEST_CASE("ambient cost increases: creatures quests or cyphers cost 1 more") {
  struct Case {
    const char* region;
    const char* card;
    int printed, phase;
  };
  for (const Case c :
       {Case{"Malevich", "Queb", 4, Combat}, Case{"Navarene", "Petition the Council", 3, Charm},
        Case{"Thaemor", "Mind Jewel", 3, Tinker}}) {
    INFO(c.region);
    const NinthWorldGame game = competitive(2, {{"region", c.region}});
    State s = setup(game, {"Kwaidyno", "Rorke"});
    const int card = card_index(game, c.card);
    CHECK(game.claim_cost(s, card) == c.printed + 1);
    set_hand(s.heroes[0], {{Scout, 1}, {Tinker, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
    put_in_town(s, 0, card);
    skip_to(game, s, c.phase);
    State more = s;
    std::vector<int> slots;
    for (int k = 0; k < c.printed; ++k) slots.push_back(k);
    // The printed cost in points is not enough...
    for (int slot : slots) game.apply(s, {Verb::Bid, uint8_t(slot), 0});
    game.apply(s, {Verb::EndBid, 0, 0});
    bid(game, s, {});
    while (s.step == Step::BidPowers) act(game, s, "pass");
    REQUIRE(s.step == Step::Act);
    CHECK_FALSE(has_action(game, s, std::string("claim ") + c.card + " [t0]"));
    // ...one more point is.
    slots.push_back(c.printed);
    for (int slot : slots) game.apply(more, {Verb::Bid, uint8_t(slot), 0});
    game.apply(more, {Verb::EndBid, 0, 0});
    bid(game, more, {});
    while (more.step == Step::BidPowers) act(game, more, "pass");
    act(game, more, std::string("claim ") + c.card + " [t0]");
    CHECK(more.heroes[0].points == 0);
  }
}

TEST_CASE(
    "region powers in play: refresh the town and token and power card and wound and heal and "
    "reveal") {
  // Ancuan round 5 (Qi): the town row is dealt again on arrival.
  const NinthWorldGame ancuan = competitive(2, {{"region", "Ancuan"}});
  State s = setup(ancuan, {"Kwaidyno", "Rorke"});
  s.round = 4;
  const size_t discarded = s.town_discard.size();
  ancuan.end_round(s);  // fills the row, departs The Black Riage (gamble), arrives at Qi
  REQUIRE(s.round == 5);
  int refreshed = 0;
  for (int slot = 0; slot < 5; ++slot) refreshed += s.town[size_t(slot)] != kNone;
  CHECK(refreshed == 5);
  CHECK(s.town_discard.size() == discarded + 5);  // the first row went to the discard
  // Thaemor round 2 (Ledon): every hero token returns on arrival.
  const NinthWorldGame thaemor = competitive(2, {{"region", "Thaemor"}});
  State t = setup(thaemor, {"Kwaidyno", "Rorke"});
  t.heroes[0].token = t.heroes[1].token = false;
  thaemor.end_round(t);
  CHECK(t.heroes[0].token);
  CHECK(t.heroes[1].token);
  // Draolis round 4 (Thuman): every hero gains a power card on arrival; round 5 (The Cold
  // Desert): every hero gains a wound at the start of Combat.
  const NinthWorldGame draolis = competitive(2, {{"region", "Draolis"}});
  State u = setup(draolis, {"Kwaidyno", "Rorke"});
  u.round = 3;
  draolis.end_round(u);
  REQUIRE(u.round == 4);
  CHECK(u.heroes[0].stack.size() == 1);
  CHECK(u.heroes[1].stack.size() == 1);
  CHECK(u.heroes[0].wounds() == 0);
  draolis.end_round(u);
  REQUIRE(u.round == 5);
  skip_to(draolis, u, Combat);
  CHECK(u.heroes[0].wounds() == 1);
  CHECK(u.heroes[1].wounds() == 1);
  // Iscobal round 4 (The Hollow Hills): every hero heals a wound on departure.
  const NinthWorldGame iscobal = competitive(2, {{"region", "Iscobal"}});
  State v = setup(iscobal, {"Kwaidyno", "Rorke"});
  v.round = 4;
  wound(v, 0);
  wound(v, 0);
  iscobal.end_round(v);
  CHECK(v.heroes[0].wounds() == 1);
  // Navarene round 4 (The Westwind Reach): a wilderness card is dealt on departure.
  const NinthWorldGame navarene = competitive(2, {{"region", "Navarene"}});
  State w = setup(navarene, {"Kwaidyno", "Rorke"});
  w.round = 4;
  on_top_of_wilderness(w, card_index(navarene, "Cragworm"));
  navarene.end_round(w);
  REQUIRE(w.wild.size() == 1);
  CHECK(w.wild[0].card == card_index(navarene, "Cragworm"));
}

TEST_CASE("a power card gained while wounded covers the wounds or goes under them") {
  for (const std::string option : {"cover", "under_wounds"}) {
    INFO(option);
    const NinthWorldGame game = competitive(2, {{"power_gain", option}});
    State s = setup(game, {"Kwaidyno", "Rorke"});
    wound(s, 0);
    wound(s, 0);
    Power gain;
    gain.effect = EffectKind::Power;
    gain.amount = 1;
    game.apply_effect(s, 0, gain);
    REQUIRE(s.heroes[0].stack.size() == 3);
    const bool under = option == "under_wounds";
    CHECK((game.tableau_power(s.heroes[0]) == nullptr) == under);
    CHECK(s.heroes[0].wounds() == 2);
    // Healing both wounds shows the power card either way.
    Power heal;
    heal.effect = EffectKind::Heal;
    heal.amount = 2;
    game.apply_effect(s, 0, heal);
    REQUIRE(s.heroes[0].stack.size() == 1);
    CHECK(game.tableau_power(s.heroes[0]) == &game.data().powers[s.heroes[0].stack[0]]);
    CHECK(game.broken_invariant(s).empty());
  }
}

TEST_CASE("caps: a stack takes every power card and a display every cypher and quest") {
  const NinthWorldGame game = competitive(2);
  State s = setup(game, {"Kwaidyno", "Rorke"});
  Power hurt;
  hurt.effect = EffectKind::Wound;
  hurt.amount = 60;
  game.apply_effect(s, 0, hurt);
  CHECK(s.heroes[0].wounds() == kPowerCards);  // no wound dropped; the deck ran out
  CHECK(s.power_deck.empty());
  CHECK(game.broken_invariant(s).empty());

  // Every cyphers and quest of the set but one displayed; the last one is still claimed.
  State t = setup(game, {"Kwaidyno", "Rorke"});
  const int last = card_index(game, "Mind Jewel");
  int displayable = 0;
  for (int c = 0; c < kCards; ++c) {
    const CardType type = game.data().card(c).type;
    if (type != CardType::Cypher && type != CardType::Quest) continue;
    ++displayable;
    if (c != last) display(t, 0, c);
  }
  CHECK(displayable > 16);
  put_in_town(t, 0, last);
  skip_to(game, t, Tinker);
  set_hand(t.heroes[0], {{Tinker, 3}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  bid(game, t, {0});
  bid(game, t, {});
  while (t.step == Step::BidPowers) act(game, t, "pass");
  REQUIRE(t.step == Step::Act);
  act(game, t, "claim Mind Jewel [t0]");
  CHECK(int(t.heroes[0].display.size()) == displayable);
  CHECK(game.broken_invariant(t).empty());
}

TEST_CASE("a set with more cyphers and quests than a display holds is refused") {
  // Shins (14 prizes) become cyphers: 55 + 14 cyphers and quests.
  std::string text = base_text();
  const std::string from = "name = \"Shins\"\ntype = \"prize\"\nvalor = 2";
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "name = \"Shins\"\ntype = \"cypher\"\ncost = 1\nvalor = 2");
  std::string message;
  try {
    parse_data(text, "set.toml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK_THAT(message, Catch::Contains("set.toml:") &&
                          Catch::Contains("wilderness: the town and wilderness decks have 69 "
                                          "cyphers and quests; at most 64"));
}
