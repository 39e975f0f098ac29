// Scenario tests of the rules the rulebook states outright but no other test pins down: deaths
// in the Cleanup Phase, shame after the declaration, the counter bid, bonuses for the round,
// one event per round in every window, player order when seat 1 goes first, the 20-round end.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

int hand_count(const Side& side, uint8_t card) {
  return int(std::count(side.hand.begin(), side.hand.end(), card));
}

}  // namespace

// ---- Deaths: "when a player's health reaches zero, that player dies" ----

TEST_CASE(
    "ragnarok cleanup: a player brought to 0 by an RR effect dies and a later heal does not "
    "revive them") {
  Scenario sc;
  sc.rr("Muspel's Fire", RrZone::Unclaimed);  // 2 damage to each player every Cleanup
  sc.s.sides[0].health = 1;
  SECTION("a Volva's cleanup heal comes too late") {
    sc.warrior(0, "Volva");  // heals its owner 3 every Cleanup, after the RR effects
    sc.rules.cleanup(sc.s);
  }
  SECTION("a later repeating RR heal comes too late") {
    sc.rr("Idunn's Apples", RrZone::Claimed0);  // acts after Muspel's Fire (file order)
    sc.rules.cleanup(sc.s);
  }
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 1);
  CHECK(sc.s.end_reason == EndReason::Death);
  CHECK(sc.s.sides[0].health == -1);
}

TEST_CASE("ragnarok cleanup: one player killed by an RR warrior loses and the survivor wins") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);  // strength 5: attacks seat 0 (first), then seat 1
  sc.s.sides[1].health = 4;
  sc.next_rolls({1, 5});  // seat 0: 6 -> 3, seat 1: 10 -> 5
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 0);
  CHECK(sc.s.end_reason == EndReason::Death);
  CHECK(sc.s.sides[0].health == 37);
}

TEST_CASE(
    "ragnarok cleanup: both players brought to 0 by one unclaimed RR effect is a double "
    "death decided by Glory") {
  Scenario sc;
  sc.rr("Muspel's Fire", RrZone::Unclaimed);
  sc.rr("Hati", RrZone::Claimed0);  // glory 8 for seat 0
  sc.s.sides[0].health = 2;
  sc.s.sides[1].health = 2;
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 0);
  CHECK(sc.s.end_reason == EndReason::DoubleDeath);
}

TEST_CASE(
    "ragnarok cleanup: a player killed by one RR warrior takes no block decision against the "
    "next") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);  // id before Hati: attacks first
  sc.rr("Hati", RrZone::Unclaimed);
  sc.warrior(0, "Shieldmaiden");
  sc.s.sides[0].health = 2;
  sc.rules.cleanup(sc.s);
  REQUIRE(sc.s.phase == Phase::RrBlock);
  CHECK(sc.game.current_player(sc.s) == 0);
  sc.next_rolls({5, 5});  // Garm unblocked on seat 0: 10 -> 5, then on seat 1: 10 -> 5
  sc.act("done");
  // Garm has attacked both players: seat 0 is dead, the game is over before Hati attacks.
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 1);
  CHECK(sc.s.end_reason == EndReason::Death);
  CHECK(sc.s.sides[1].health == 35);
}

TEST_CASE("ragnarok end: a gamble on attack that kills its owner ends the game before the attack") {
  // Outside the Cleanup every effect is checked at once, so a double death needs one effect that
  // reaches both players: only the unclaimed RR cards of the Cleanup do.
  Scenario sc;
  sc.warrior(0, "Wolf Rider");  // on attack: d10 >= 5 deals 2 to the opponent, else to the owner
  sc.s.sides[0].health = 2;
  sc.s.sides[1].health = 3;
  sc.rules.enter_attack(sc.s, 0);
  sc.next_rolls({1, 10});  // the gamble fails: 2 to seat 0; the attack would be 14 -> 7
  sc.act("attack #0 Wolf Rider");
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 1);
  CHECK(sc.s.end_reason == EndReason::Death);
  CHECK(sc.s.sides[1].health == 3);
}

TEST_CASE("ragnarok end: a player killed by an event after a passed answer loses at once") {
  Scenario sc;
  sc.s.round = 6;
  sc.hand(0, "Thunderbolt");
  sc.hand(1, "Mead Hall");
  sc.s.sides[1].health = 6;
  sc.rules.enter_main(sc.s, 0);
  sc.act("event Thunderbolt");
  REQUIRE(sc.s.phase == Phase::Answer);
  sc.act("pass");
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 0);
}

// ---- Shame: "As long as a Warrior has Shame counters on it, that Warrior cannot attack" ----

TEST_CASE("ragnarok combat: a declared attacker shamed before blocks does not attack") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(0, "Berserker");
  sc.hand(1, "Taunt");  // 2 shame counters on the enemy's strongest
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("attack #1 Berserker");
  REQUIRE(sc.s.phase == Phase::Defend);
  sc.next_rolls({6, 6});
  sc.act("event Taunt");  // the Berserker (strength 4) is shamed
  CHECK(sc.s.sides[0].warriors[1].shame == 2);
  // Only the Spearman attacks: 6 + 3 = 9 -> 5. A shamed Berserker would have added 6.
  CHECK(sc.s.sides[1].health == 35);
  CHECK(sc.s.phase != Phase::Block);
}

TEST_CASE("ragnarok combat: a shamed attacker gets no blocks and no on-attack effect") {
  Scenario sc;
  sc.warrior(0, "Ulfhednar");  // 2 damage to the strongest enemy when it attacks
  sc.warrior(1, "Shieldmaiden");
  sc.hand(1, "Taunt");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Ulfhednar");
  sc.act("event Taunt");
  // No block decision for an attacker that will not attack: the combat is over.
  CHECK(sc.s.phase == Phase::Attack);
  CHECK(sc.s.active == 1);
  CHECK(sc.s.sides[1].warriors[0].health == 10);
}

// ---- The dead leave after the fight, and do not fight meanwhile ----

TEST_CASE(
    "ragnarok combat: a defender killed by an event before blocks stays on the board until the "
    "attacks end and cannot block") {
  Scenario sc;
  sc.s.round = 8;
  sc.warrior(0, "Spearman");      // strength 3
  sc.warrior(1, "Berserker", 3);  // the Firestorm kills it
  sc.warrior(1, "Shieldmaiden");  // 10 health: survives it
  sc.hand(0, "Firestorm");        // 4 damage to each enemy warrior
  sc.hand(1, "Iron Skin");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("event Iron Skin");
  sc.act("event Firestorm");  // the answer, resolved first
  REQUIRE(sc.s.phase == Phase::Block);
  REQUIRE(sc.s.sides[1].warriors.size() == 2);
  CHECK(sc.s.sides[1].warriors[0].health == -1);
  CHECK(sc.game.render(sc.s).find("#0 Berserker: health -1/8 (dead),") != std::string::npos);
  CHECK_FALSE(is_legal(sc.game, sc.s, "block #0 Berserker"));
  CHECK(is_legal(sc.game, sc.s, "block #1 Shieldmaiden"));
  sc.next_rolls({10});  // unblocked: 10 + 3 = 13 -> 7
  sc.act("done");
  CHECK(sc.s.sides[1].health == 33);
  // The attacks are over: the Berserker has left for Valhalla.
  REQUIRE(sc.s.sides[1].warriors.size() == 1);
  CHECK(sc.s.sides[1].warriors[0].card == sc.id("Shieldmaiden"));
  CHECK(sc.s.sides[1].valhalla.contains(sc.id("Berserker")));
}

TEST_CASE(
    "ragnarok combat: a declared attacker killed by an event before blocks stays on the board "
    "but does not attack") {
  Scenario sc;
  sc.s.round = 8;
  sc.warrior(0, "Berserker", 3);  // the Firestorm kills it
  sc.warrior(0, "Spearman");      // strength 3, 9 health: survives it
  sc.hand(1, "Firestorm");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Berserker");
  sc.act("attack #1 Spearman");
  sc.next_rolls({10});  // the Spearman alone: 10 + 3 = 13 -> 7
  sc.act("event Firestorm");
  CHECK(sc.s.sides[1].health == 33);
  CHECK(sc.s.sides[0].warriors.size() == 1);
  CHECK(sc.s.sides[0].valhalla.contains(sc.id("Berserker")));
}

TEST_CASE(
    "ragnarok combat: with every event window, a blocker killed after blocks does not block "
    "and leaves its attacker unblocked") {
  Scenario sc(std::map<std::string, std::string>{{"event_windows", "every"}});
  sc.s.round = 8;
  sc.warrior(0, "Spearman");  // strength 3
  sc.warrior(1, "Thrall", 3);
  sc.hand(0, "Firestorm");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("block #0 Thrall");
  REQUIRE(sc.s.phase == Phase::AfterBlocks);
  // Unblocked: 7 + 3 = 10 -> 5 to the player. Had the dead Thrall still blocked (a second
  // die of 1 + 2 defence), 10 - 3 = 7 would have passed it: 4 to the player.
  sc.next_rolls({7, 1});
  sc.act("event Firestorm");
  CHECK(sc.s.sides[1].health == 35);
  CHECK(sc.s.sides[1].warriors.empty());
}

// ---- Bid Phase ----

TEST_CASE("ragnarok bid: a first player who passed gets a counter bid after the second bids") {
  Scenario sc;                    // Heimdall's Horn is up: glory 7
  sc.warrior(0, "Spearman");      // 9
  sc.warrior(0, "Thrall");        // 6
  sc.warrior(1, "Bear Warrior");  // 10
  sc.rules.enter_bid(sc.s);
  sc.act("pass");
  sc.act("offer #0 Bear Warrior");
  sc.act("bid");
  REQUIRE(sc.s.phase == Phase::Bid);
  CHECK(sc.game.current_player(sc.s) == 0);
  CHECK(sc.game.bid_requirement(sc.s) == 11);
  SECTION("the counter bid wins the card") {
    sc.act("offer #0 Spearman");
    CHECK_FALSE(is_legal(sc.game, sc.s, "bid"));  // 9 < 11
    sc.act("offer #1 Thrall");
    sc.act("bid");  // 15: the second player has had its chance
    CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
    CHECK(sc.s.sides[0].warriors.empty());
    CHECK(sc.s.sides[1].warriors.empty());  // the loser's Bear Warrior is lost too
  }
  SECTION("passing again leaves the card to the bidder") {
    sc.act("pass");
    CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed1);
    CHECK(sc.s.sides[0].warriors.size() == 2);
  }
}

TEST_CASE("ragnarok bid: a first player who passed and cannot beat the bid is not asked again") {
  Scenario sc;
  sc.warrior(0, "Spearman");      // 9
  sc.warrior(1, "Bear Warrior");  // 10
  sc.rules.enter_bid(sc.s);
  sc.act("pass");
  sc.act("offer #0 Bear Warrior");
  sc.act("bid");
  CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed1);
}

TEST_CASE("ragnarok bid: a sacrificed Heimdall's Horn does not add to the bid that sacrifices it") {
  Scenario sc;
  sc.rr("Heimdall's Horn", RrZone::Claimed0);  // glory 7, +3 to its owner's bids while held
  sc.rr("Garm", RrZone::Current);              // glory 10
  sc.warrior(0, "Thrall");                     // 6
  CHECK(sc.game.bid_bonus(sc.s, 0) == 3);
  sc.rules.enter_bid(sc.s);
  REQUIRE(sc.game.current_player(sc.s) == 0);  // Thrall and the Horn reach 13
  sc.act("offer rr Heimdall's Horn");
  CHECK(sc.game.offered_value(sc.s, 0) == 7);
  CHECK_FALSE(is_legal(sc.game, sc.s, "bid"));
  sc.act("offer #0 Thrall");
  CHECK(sc.game.offered_value(sc.s, 0) == 13);
}

TEST_CASE("ragnarok bid: the Horn alone cannot both pay and boost the bid") {
  Scenario sc;
  sc.rr("Heimdall's Horn", RrZone::Claimed0);
  sc.rr("Garm", RrZone::Current);  // glory 10: the Horn is worth 7 sacrificed, 3 kept
  sc.warrior(1, "Bear Warrior");
  sc.rules.enter_bid(sc.s);
  CHECK(sc.game.current_player(sc.s) == 1);  // seat 0 passes without a decision
}

// ---- Bonuses "for the round" ----

TEST_CASE("ragnarok combat: a block bonus for the round applies once in the round") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Shieldmaiden");    // defence 4, +2 for the round when it blocks
  sc.rr("Garm", RrZone::Claimed0);  // strength 5: attacks seat 1 in the Cleanup
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.next_rolls({1, 10});  // 1 + 3 against 10 + 4 + 2: blocked
  sc.act("block #0 Shieldmaiden");
  CHECK(sc.game.defence(sc.s, 1, 0) == 6);
  REQUIRE(sc.s.phase == Phase::Attack);  // seat 1 attacks: it does not
  sc.act("done");
  REQUIRE(sc.s.phase == Phase::Bid);  // neither bids for Heimdall's Horn
  sc.act("pass");
  sc.act("pass");
  REQUIRE(sc.s.phase == Phase::RrBlock);
  sc.next_rolls({10, 1});  // 10 + 5 = 15 against 1 + 4 + 2 = 7, not 1 + 4 + 4 = 9
  sc.act("block #0 Shieldmaiden");
  CHECK(sc.s.sides[1].warriors[0].health == 2);
  CHECK(sc.s.sides[1].health == 40);
}

TEST_CASE("ragnarok: a bonus for the round from a warrior's own trigger is back next round") {
  Scenario sc;
  sc.warrior(0, "Berserker");  // +2 strength for the round when it attacks
  sc.rules.trigger(sc.s, 0, 0, Trigger::Attack);
  sc.rules.trigger(sc.s, 0, 0, Trigger::Attack);
  CHECK(sc.game.strength(sc.s, 0, 0) == 6);
  sc.rules.end_round(sc.s);
  CHECK(sc.game.strength(sc.s, 0, 0) == 4);
  sc.rules.trigger(sc.s, 0, 0, Trigger::Attack);
  CHECK(sc.game.strength(sc.s, 0, 0) == 6);
}

// ---- Targets: "the enemy's strongest", "the owner's weakest" ----

TEST_CASE(
    "ragnarok targets: the strongest enemy has the highest strength as it stands, the lowest "
    "position on ties, and is alive") {
  Scenario sc;
  const Effect spear_throw = sc.game.card(sc.id("Spear Throw")).effect;  // 3 to the strongest
  auto& enemies = sc.s.sides[1].warriors;
  SECTION("a bonus for the round counts") {
    sc.warrior(1, "Berserker");  // strength 4, health 8
    sc.warrior(1, "Spearman");   // strength 3 + 2 = 5, health 9
    enemies[1].strength_round = 2;
    sc.rules.apply_effect(sc.s, spear_throw, 0, kNone);
    CHECK(enemies[0].health == 8);
    CHECK(enemies[1].health == 6);
  }
  SECTION("a lasting penalty counts") {
    sc.warrior(1, "Berserker");  // strength 4 - 2 = 2
    sc.warrior(1, "Spearman");   // strength 3
    enemies[0].strength_lasting = -2;
    sc.rules.apply_effect(sc.s, spear_throw, 0, kNone);
    CHECK(enemies[0].health == 8);
    CHECK(enemies[1].health == 6);
  }
  SECTION("on a tie, the lowest position") {
    sc.warrior(1, "Berserker", 5);
    sc.warrior(1, "Berserker");
    sc.rules.apply_effect(sc.s, spear_throw, 0, kNone);
    CHECK(enemies[0].health == 2);
    CHECK(enemies[1].health == 8);
  }
  SECTION("a dead warrior still on the board is no target") {
    sc.warrior(1, "Berserker", 0);
    sc.warrior(1, "Spearman");
    sc.rules.apply_effect(sc.s, spear_throw, 0, kNone);
    CHECK(enemies[0].health == 0);
    CHECK(enemies[1].health == 6);
  }
}

TEST_CASE(
    "ragnarok targets: the owner's weakest warrior has the least health left, the lowest "
    "position on ties") {
  Scenario sc;
  Effect heal_weakest;  // no shipped card uses own_weakest: the vocabulary's own
  heal_weakest.kind = EffectKind::Heal;
  heal_weakest.target = Target::OwnWeakest;
  heal_weakest.amount = 3;
  auto& own = sc.s.sides[0].warriors;
  SECTION("the least health, not the least strength") {
    sc.warrior(0, "Spearman", 5);   // strength 3
    sc.warrior(0, "Berserker", 3);  // strength 4
    sc.rules.apply_effect(sc.s, heal_weakest, 0, kNone);
    CHECK(own[0].health == 5);
    CHECK(own[1].health == 6);
  }
  SECTION("on a tie, the lowest position") {
    sc.warrior(0, "Berserker", 4);
    sc.warrior(0, "Spearman", 4);
    sc.rules.apply_effect(sc.s, heal_weakest, 0, kNone);
    CHECK(own[0].health == 7);
    CHECK(own[1].health == 4);
  }
}

// ---- Initiative ----

TEST_CASE("ragnarok initiative: a tied d20 is rolled again") {
  Scenario sc;
  // A seed whose first two d20 rolls tie; the winner is the higher of the next two.
  uint64_t seed = 1;
  int expected = -1;
  for (;; ++seed) {
    Rng rng(seed);
    const uint32_t x = rng.below(20), y = rng.below(20);
    if (x != y) continue;
    uint32_t a = 0, b = 0;
    while (a == b) a = rng.below(20), b = rng.below(20);
    expected = a > b ? 0 : 1;
    break;
  }
  sc.s.rng.reseed(seed);
  sc.rules.start_round(sc.s);
  CHECK(sc.s.phase == Phase::Order);
  CHECK(sc.game.current_player(sc.s) == expected);
}

TEST_CASE("ragnarok initiative: the order is chosen again every round by that round's d20 winner") {
  const RagnarokGame game = make_game({{"start_health", "500"}});  // nobody dies of RR cards
  State s = game.initial_state(4);
  std::array<int, 2> choosers{};
  for (int round = 1; round <= 6; ++round) {
    REQUIRE(s.phase == Phase::Order);
    REQUIRE(s.round == round);
    const int chooser = game.current_player(s);
    ++choosers[size_t(chooser)];
    // Alternate the choice: the first player of the round follows it.
    const bool first = round % 2 == 1;
    game.apply(s, {first ? Verb::GoFirst : Verb::GoSecond, 0});
    CHECK(s.first == (first ? chooser : 1 - chooser));
    CHECK(s.rr_deck.size() == size_t(20 - round));
    // Play the rest of the round passively.
    while (s.phase != Phase::Order && s.phase != Phase::Over) {
      FixedVector<Action, RagnarokGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      game.apply(s, actions.back());  // done, pass
    }
    REQUIRE(s.phase == Phase::Order);
  }
  CHECK(choosers[0] > 0);
  CHECK(choosers[1] > 0);
}

// ---- Cards ----

TEST_CASE("ragnarok: there is no hand limit") {
  Scenario sc;
  sc.rules.draw(sc.s, 0, 12);
  CHECK(sc.s.sides[0].hand.size() == 12);
  sc.rules.start_round(sc.s);
  sc.act(sc.game.current_player(sc.s) == 0 ? "go first" : "go second");
  CHECK(sc.s.sides[0].hand.size() == 14);  // two more at the Initiative, none discarded
}

TEST_CASE("ragnarok effect draw: Odin's Counsel draws four and an empty deck stops the draw") {
  Scenario sc;
  sc.s.round = 7;
  sc.hand(0, "Odin's Counsel");
  SECTION("four cards, beyond the two of the Initiative") {
    sc.rules.enter_main(sc.s, 0);
    sc.act("event Odin's Counsel");
    CHECK(sc.s.sides[0].hand.size() == 4);
    CHECK(sc.s.sides[0].deck.size() == 31);
  }
  SECTION("a deck of two gives two, then stays empty") {
    sc.s.sides[0].deck.resize(2);
    sc.rules.enter_main(sc.s, 0);
    sc.act("event Odin's Counsel");
    CHECK(sc.s.sides[0].hand.size() == 2);
    CHECK(sc.s.sides[0].deck.empty());
    sc.rules.draw(sc.s, 0, 2);
    CHECK(sc.s.sides[0].hand.size() == 2);
  }
}

TEST_CASE("ragnarok caps: shame stops at 20 and heals stop at the maximum") {
  Scenario sc;
  sc.s.round = 10;
  SECTION("shame") {
    sc.warrior(1, "Spearman", -1, 19);
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Taunt")).effect, 0, kNone);
    CHECK(sc.s.sides[1].warriors[0].shame == 20);
  }
  SECTION("a player's health stops at the starting health") {
    sc.s.sides[0].health = 38;
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Mead Hall")).effect, 0, kNone);
    CHECK(sc.s.sides[0].health == 40);
  }
  SECTION("a warrior's health stops at its maximum, raised by max_health") {
    sc.warrior(0, "Spearman", 7);
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Healing Spring")).effect, 0, kNone);
    CHECK(sc.s.sides[0].warriors[0].health == 9);
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Blessing of Freyja")).effect, 0, kNone);
    sc.s.sides[0].warriors[0].health = 5;
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Healing Spring")).effect, 0, kNone);
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Healing Spring")).effect, 0, kNone);
    CHECK(sc.s.sides[0].warriors[0].health == 11);
  }
  SECTION("strength never below 0") {
    sc.warrior(1, "Thrall");  // strength 2
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Curse of Hel")).effect, 0, kNone);
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Curse of Hel")).effect, 0, kNone);
    CHECK(sc.game.strength(sc.s, 1, 0) == 0);
  }
}

// ---- Events: one per player and round, in every window ----

TEST_CASE(
    "ragnarok events: a player who has played its event cannot answer or play in another "
    "window") {
  Scenario sc;
  sc.s.round = 6;
  SECTION("no answer, not even a counter") {
    sc.hand(0, "Forage");
    sc.hand(0, "Deny the Gods");
    sc.hand(1, "Thunderbolt");
    sc.s.sides[0].event_played = true;  // played earlier in the round
    sc.rules.enter_main(sc.s, 1);
    sc.act("event Thunderbolt");
    CHECK(sc.s.phase != Phase::Answer);
    CHECK(sc.s.sides[0].health == 34);
  }
  SECTION("no event before blocks") {
    sc.warrior(0, "Spearman");
    sc.hand(1, "Iron Skin");
    sc.s.sides[1].event_played = true;
    sc.rules.enter_attack(sc.s, 0);
    sc.act("attack #0 Spearman");
    CHECK(sc.s.phase != Phase::Defend);
  }
  SECTION("no event before the bid") {
    sc.warrior(0, "Spearman");
    sc.hand(0, "Oath of Glory");
    sc.s.sides[0].event_played = true;
    sc.rules.enter_prebid(sc.s, 0);
    CHECK(sc.s.phase == Phase::Bid);
  }
  SECTION("an answer uses the answerer's event of the round") {
    sc.hand(0, "Thunderbolt");
    sc.hand(1, "Deny the Gods");
    sc.hand(1, "Mead Hall");
    sc.rules.enter_main(sc.s, 0);
    sc.act("event Thunderbolt");
    sc.act("event Deny the Gods");
    // Seat 1's Mead Hall cannot be played in its Player Phase nor before the bid: no decision
    // is left in the round, and the Mead Hall is still in hand in the next one.
    CHECK(sc.s.phase == Phase::Order);
    CHECK(sc.s.round == 7);
    CHECK(hand_count(sc.s.sides[1], sc.id("Mead Hall")) == 1);
  }
}

TEST_CASE(
    "ragnarok events: turn requirements hold in the answer and the before-blocks and "
    "before-bid windows") {
  Scenario sc;  // round 3
  SECTION("answer: Loki's Lie needs round 4") {
    sc.hand(0, "Forage");
    sc.hand(1, "Loki's Lie");
    sc.rules.enter_main(sc.s, 0);
    sc.act("event Forage");
    CHECK(sc.s.phase != Phase::Answer);
  }
  SECTION("before blocks: Thunderbolt needs round 6") {
    sc.warrior(0, "Spearman");
    sc.hand(1, "Thunderbolt");
    sc.hand(1, "Iron Skin");
    sc.rules.enter_attack(sc.s, 0);
    sc.act("attack #0 Spearman");
    REQUIRE(sc.s.phase == Phase::Defend);
    CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"event Iron Skin", "pass"});
  }
  SECTION("before the bid: Great Oath needs round 8") {
    sc.warrior(0, "Spearman");
    sc.hand(0, "Great Oath");
    sc.rules.enter_prebid(sc.s, 0);
    CHECK(sc.s.phase == Phase::Bid);
  }
}

TEST_CASE("ragnarok events: the attacker may answer the defender's event before blocks") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Shieldmaiden");
  sc.hand(1, "Iron Skin");
  sc.hand(0, "Deny the Gods");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("event Iron Skin");
  REQUIRE(sc.s.phase == Phase::Answer);
  CHECK(sc.game.current_player(sc.s) == 0);
  sc.act("event Deny the Gods");
  REQUIRE(sc.s.phase == Phase::Block);
  CHECK(sc.game.defence(sc.s, 1, 0) == 4);
}

// ---- Combat ----

TEST_CASE("ragnarok combat: a defender blocks one attacker and several attackers fight in turn") {
  Scenario sc;
  sc.warrior(0, "Spearman");      // strength 3
  sc.warrior(0, "Berserker");     // strength 4, +2 on attack
  sc.warrior(1, "Shieldmaiden");  // defence 4, +2 on block
  sc.warrior(1, "Thrall");        // defence 2
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("attack #1 Berserker");
  REQUIRE(sc.s.phase == Phase::Block);
  sc.act("block #0 Shieldmaiden");
  sc.act("done");  // the Spearman's blocks
  // The second attacker: the Shieldmaiden already blocks.
  CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"block #1 Thrall", "done"});
  sc.next_rolls({1, 10, 10});  // Spearman 4 vs 16: shamed. Berserker 16: unblocked, 8.
  sc.act("done");
  CHECK(sc.s.sides[0].warriors[0].shame == 2);
  CHECK(sc.s.sides[1].health == 32);
}

// ---- Sacrifices ----

TEST_CASE("ragnarok bid: a sacrificed warrior's death effect does not act") {
  Scenario sc;
  sc.warrior(0, "Loki's Trickster");  // 7 health, discard 1 when it dies
  sc.hand(1, "Spearman");
  sc.rules.enter_bid(sc.s);
  sc.act("offer #0 Loki's Trickster");
  sc.act("bid");
  CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
  CHECK(sc.s.sides[0].valhalla.contains(sc.id("Loki's Trickster")));
  CHECK(sc.s.sides[1].hand.size() == 1);
}

TEST_CASE(
    "ragnarok bid: a sacrificed RR warrior attacks no more and a sacrificed lasting card "
    "acts no more") {
  Scenario sc;
  sc.rr("Hati", RrZone::Claimed0);           // attacks seat 1 every Cleanup
  sc.rr("Naglfar Sails", RrZone::Claimed0);  // +1 strength to seat 0's warriors
  sc.warrior(0, "Spearman");
  CHECK(sc.game.strength(sc.s, 0, 0) == 4);
  sc.rules.enter_bid(sc.s);
  sc.act("offer rr Hati");
  sc.act("offer rr Naglfar Sails");
  sc.act("bid");
  CHECK(sc.s.rr_zone[sc.rr_id("Hati")] == RrZone::Valhalla0);
  CHECK(sc.s.rr_zone[sc.rr_id("Naglfar Sails")] == RrZone::Valhalla0);
  // The Cleanup has run: no RR warrior attacked seat 1.
  CHECK(sc.s.sides[1].health == 40);
  CHECK(sc.s.phase == Phase::Order);
  CHECK(sc.game.strength(sc.s, 0, 0) == 3);
}

TEST_CASE(
    "ragnarok bid: warriors sacrificed together enter Valhalla from the highest position down, "
    "so a revive brings back the lowest") {
  Scenario sc;
  sc.warrior(0, "Loki's Trickster");  // 7
  sc.warrior(0, "Wolf Rider");        // 8
  sc.rules.enter_bid(sc.s);
  sc.act("offer #1 Wolf Rider");  // the order of the offers does not matter
  sc.act("offer #0 Loki's Trickster");
  sc.act("bid");
  REQUIRE(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
  const auto& valhalla = sc.s.sides[0].valhalla;
  REQUIRE(valhalla.size() == 2);
  CHECK(valhalla[0] == sc.id("Wolf Rider"));
  CHECK(valhalla[1] == sc.id("Loki's Trickster"));
  sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Return from Hel")).effect, 0, kNone);
  REQUIRE(sc.s.sides[0].hand.size() == 1);
  CHECK(sc.s.sides[0].hand[0] == sc.id("Loki's Trickster"));
}

// ---- Player order with seat 1 first ----

TEST_CASE("ragnarok order: with seat 1 first it bids first and the RR cards hit it first") {
  Scenario sc;
  sc.s.first = 1;
  SECTION("bid") {
    sc.warrior(0, "Bear Warrior");
    sc.warrior(1, "Spearman");
    sc.rules.enter_bid(sc.s);
    CHECK(sc.game.current_player(sc.s) == 1);
    sc.act("offer #0 Spearman");
    sc.act("bid");
    CHECK(sc.game.current_player(sc.s) == 0);
    CHECK(sc.game.bid_requirement(sc.s) == 10);
  }
  SECTION("an unclaimed RR warrior attacks seat 1 first") {
    sc.rr("Garm", RrZone::Unclaimed);
    sc.next_rolls({5, 3});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[1].health == 35);  // (5 + 5) / 2
    CHECK(sc.s.sides[0].health == 36);  // (3 + 5) / 2
  }
  SECTION("seat 1 decides its RR blocks first") {
    sc.rr("Garm", RrZone::Unclaimed);
    sc.warrior(0, "Thrall");
    sc.warrior(1, "Thrall");
    sc.rules.cleanup(sc.s);
    REQUIRE(sc.s.phase == Phase::RrBlock);
    CHECK(sc.game.current_player(sc.s) == 1);
  }
  SECTION("repeating RR effects act on seat 1 first") {
    sc.rr("Norns' Dice", RrZone::Unclaimed);  // d10 >= 6: 3 to the opponent, else to the owner
    sc.next_rolls({6, 1});  // seat 1's gamble succeeds (3 to seat 0), seat 0's fails (3 to it)
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].health == 34);
    CHECK(sc.s.sides[1].health == 40);
  }
}

// ---- Repeating and lasting RR effects of every kind ----

TEST_CASE("ragnarok RR cards: repeating discard revive gamble shame and draw") {
  Scenario sc;
  SECTION("Loki Unbound unclaimed: each player discards one") {
    sc.rr("Loki Unbound", RrZone::Unclaimed);
    sc.hand(0, "Spearman");
    sc.hand(0, "Forage");
    sc.hand(1, "Thrall");
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].hand.size() == 1);
    CHECK(sc.s.sides[1].hand.empty());
    CHECK(sc.s.sides[0].valhalla.size() == 1);
    CHECK(sc.s.sides[1].valhalla.size() == 1);
  }
  SECTION("Valhalla's Call claimed: its owner takes back a warrior") {
    sc.rr("Valhalla's Call", RrZone::Claimed0);
    sc.s.sides[0].valhalla.push_back(sc.id("Jarl"));
    sc.s.sides[1].valhalla.push_back(sc.id("Spearman"));
    sc.rules.cleanup(sc.s);
    CHECK(hand_count(sc.s.sides[0], sc.id("Jarl")) >= 1);
    CHECK(sc.s.sides[0].valhalla.empty());
    CHECK(sc.s.sides[1].valhalla.size() == 1);
  }
  SECTION("Norns' Dice claimed: a d10 hits the opponent or the owner") {
    sc.rr("Norns' Dice", RrZone::Claimed0);
    sc.next_rolls({5});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].health == 37);
    CHECK(sc.s.sides[1].health == 40);
  }
  SECTION("Hel's Shadow claimed: the opponent's strongest warrior misses its next attack") {
    sc.rr("Hel's Shadow", RrZone::Claimed0);
    sc.warrior(1, "Thrall");
    sc.warrior(1, "Berserker");
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[1].warriors[1].shame == 2);
    CHECK(sc.s.sides[1].warriors[0].shame == 0);
    sc.rules.enter_main(sc.s, 1);  // seat 1's Player Phase: one counter comes off
    REQUIRE(sc.s.phase == Phase::Attack);
    CHECK(sc.s.active == 1);
    CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"attack #0 Thrall", "done"});
  }
  SECTION("Mimir's Well unclaimed: each player draws one") {
    sc.rr("Mimir's Well", RrZone::Unclaimed);
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].deck.size() == 34);
    CHECK(sc.s.sides[1].deck.size() == 34);
    CHECK(sc.s.sides[0].hand.size() == 1);
  }
}

TEST_CASE("ragnarok RR cards: a lasting draw adds a card at every Initiative") {
  Scenario sc;
  sc.rr("Bifrost Opens", RrZone::Claimed1);
  sc.rules.start_round(sc.s);
  sc.act(sc.game.current_player(sc.s) == 0 ? "go first" : "go second");
  CHECK(sc.s.sides[0].deck.size() == 33);
  CHECK(sc.s.sides[1].deck.size() == 32);
}

// ---- The end of the game ----

TEST_CASE("ragnarok end: by default 20 rounds are played and all 20 RR cards are revealed") {
  const RagnarokGame game = make_game({{"start_health", "500"}});
  REQUIRE(game.rounds() == 20);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    State s = game.initial_state(seed);
    // The RR warriors at the bottom of the RR deck, so no player dies before round 20.
    std::stable_partition(s.rr_deck.begin(), s.rr_deck.end(),
                          [&](uint8_t r) { return game.rr(r).kind == RrKind::Warrior; });
    int last_round = 0;
    while (!game.is_terminal(s)) {
      last_round = s.round;
      FixedVector<Action, RagnarokGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      game.apply(s, actions.back());  // never attacks, blocks or bids
      REQUIRE(game.broken_invariant(s) == "");
    }
    CHECK(last_round == 20);
    CHECK(s.round == 20);
    CHECK(s.rr_deck.empty());
    for (int r = 0; r < kRrCards; ++r) CHECK(s.rr_zone[size_t(r)] == RrZone::Unclaimed);
    CHECK(s.end_reason == EndReason::Draw);  // no Glory on either side
    CHECK(s.sides[0].health > 0);
    CHECK(s.sides[1].health > 0);
  }
}

TEST_CASE(
    "ragnarok end: a game ended by Glory after the last round keeps none of that round's "
    "bonuses and plays") {
  Scenario sc;
  sc.s.round = 20;
  sc.warrior(0, "Shieldmaiden");                 // defence 4
  sc.rules.trigger(sc.s, 0, 0, Trigger::Block);  // +2 for the round
  REQUIRE(sc.game.defence(sc.s, 0, 0) == 6);
  sc.s.sides[0].warrior_played = true;
  sc.s.sides[1].event_played = true;
  sc.s.sides[1].bid_bonus = 4;
  sc.rules.end_round(sc.s);
  REQUIRE(sc.s.phase == Phase::Over);
  CHECK(sc.s.end_reason == EndReason::Draw);  // no Glory on either side
  CHECK(sc.game.defence(sc.s, 0, 0) == 4);
  CHECK_FALSE(sc.s.sides[0].warriors[0].round_bonus);
  CHECK_FALSE(sc.s.sides[0].warrior_played);
  CHECK_FALSE(sc.s.sides[1].event_played);
  CHECK(sc.s.sides[1].bid_bonus == 0);
  CHECK(sc.game.render(sc.s).find("played") == std::string::npos);
}
