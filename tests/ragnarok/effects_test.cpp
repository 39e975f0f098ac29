// Every effect kind, every trigger and every target, each through a card of the shipped set.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

// Plays `event` for seat 0 in its Player Phase (seat 1 cannot answer).
void play_event(Scenario& sc, const std::string& event) {
  sc.s.round = 10;
  sc.hand(0, event);
  sc.rules.enter_main(sc.s, 0);
  sc.act("event " + event);
}

}  // namespace

TEST_CASE("ragnarok effect damage: to the opponent, the strongest enemy, every enemy") {
  Scenario sc;
  sc.warrior(1, "Spearman");   // strength 3, health 9
  sc.warrior(1, "Berserker");  // strength 4, health 8
  SECTION("opponent") {
    play_event(sc, "Thunderbolt");
    CHECK(sc.s.sides[1].health == 34);
  }
  SECTION("enemy_strongest") {
    play_event(sc, "Spear Throw");
    CHECK(sc.s.sides[1].warriors[1].health == 5);
    CHECK(sc.s.sides[1].warriors[0].health == 9);
  }
  SECTION("enemy_warriors, and the dead go to Valhalla") {
    sc.s.sides[1].warriors[0].health = 4;
    play_event(sc, "Firestorm");
    REQUIRE(sc.s.sides[1].warriors.size() == 1);
    CHECK(sc.s.sides[1].warriors[0].health == 4);
    CHECK(sc.s.sides[1].valhalla.contains(sc.id("Spearman")));
  }
}

TEST_CASE("ragnarok effect heal: the player up to its start, warriors up to their maximum") {
  Scenario sc;
  sc.s.sides[0].health = 38;
  sc.warrior(0, "Spearman", 2);
  SECTION("self") {
    play_event(sc, "Mead Hall");
    CHECK(sc.s.sides[0].health == 40);
  }
  SECTION("own_warriors") {
    play_event(sc, "Healing Spring");
    CHECK(sc.s.sides[0].warriors[0].health == 6);
  }
}

TEST_CASE("ragnarok effect strength and defence: for the round, lasting, on enemies") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Spearman");
  SECTION("round") {
    play_event(sc, "Battle Fury");
    CHECK(sc.game.strength(sc.s, 0, 0) == 6);
    sc.rules.end_round(sc.s);
    CHECK(sc.game.strength(sc.s, 0, 0) == 3);
  }
  SECTION("lasting") {
    play_event(sc, "Runic Wards");
    sc.rules.end_round(sc.s);
    CHECK(sc.game.defence(sc.s, 0, 0) == 4);
  }
  SECTION("on the enemy, never below zero") {
    play_event(sc, "Weaken");
    CHECK(sc.game.defence(sc.s, 1, 0) == 0);
  }
}

TEST_CASE("ragnarok effect max_health: raises the maximum and the health") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  play_event(sc, "Blessing of Freyja");
  CHECK(sc.s.sides[0].warriors[0].health == 11);
  CHECK(sc.game.max_health(sc.s, 0, 0) == 11);
}

TEST_CASE("ragnarok effect draw, discard and peek") {
  Scenario sc;
  SECTION("draw") {
    play_event(sc, "Forage");
    CHECK(sc.s.sides[0].hand.size() == 2);
  }
  SECTION("discard: random cards of the opponent's hand to its Valhalla") {
    sc.hand(1, "Spearman");
    sc.hand(1, "Volva");
    sc.hand(1, "Jarl");
    play_event(sc, "Raid the Stores");
    CHECK(sc.s.sides[1].hand.size() == 1);
    CHECK(sc.s.sides[1].valhalla.size() == 2);
  }
  SECTION("peek: the opponent's hand becomes known, later draws do not") {
    sc.hand(1, "Spearman");
    sc.hand(1, "Volva");
    play_event(sc, "Spy");
    CHECK(sc.s.sides[1].known == 3);
    CHECK(sc.game.observation(sc.s, 0).find("hand: Spearman, Volva") != std::string::npos);
    sc.rules.draw(sc.s, 1, 1);
    CHECK(sc.s.sides[1].known == 3);
  }
}

TEST_CASE("ragnarok effect shame and unshame") {
  Scenario sc;
  sc.warrior(0, "Spearman", -1, 3);
  sc.warrior(1, "Spearman");
  sc.warrior(1, "Thor's Chosen");
  SECTION("shame the strongest enemy") {
    play_event(sc, "Taunt");
    // Two counters, then seat 1's own Player Phase removed one.
    CHECK(sc.s.sides[1].warriors[1].shame == 1);
    CHECK(sc.s.sides[1].warriors[0].shame == 0);
  }
  SECTION("unshame own warriors (after the phase's own counter)") {
    play_event(sc, "Rally Cry");
    CHECK(sc.s.sides[0].warriors[0].shame == 0);
  }
}

TEST_CASE("ragnarok effect revive: the latest warrior in Valhalla returns to the hand, seen") {
  Scenario sc;
  sc.s.sides[0].valhalla.push_back(sc.id("Spearman"));
  sc.s.sides[0].valhalla.push_back(sc.id("Jarl"));
  sc.s.sides[0].valhalla.push_back(sc.id("Forage"));
  play_event(sc, "Return from Hel");
  REQUIRE(sc.s.sides[0].hand.size() == 1);
  CHECK(sc.s.sides[0].hand[0] == sc.id("Jarl"));
  CHECK(sc.s.sides[0].known == 1);
}

TEST_CASE("ragnarok effect bid: raises this round's bids") {
  Scenario sc;
  sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Oath of Glory")).effect, 0, kNone);
  CHECK(sc.game.bid_bonus(sc.s, 0) == 4);
  sc.rules.end_round(sc.s);
  CHECK(sc.game.bid_bonus(sc.s, 0) == 0);
}

TEST_CASE(
    "ragnarok effect gamble: a d10 at least the threshold hits the opponent, else the owner") {
  Scenario sc;
  SECTION("success") {
    sc.next_rolls({5});
    play_event(sc, "Dice of Fate");
    CHECK(sc.s.sides[1].health == 36);
    CHECK(sc.s.sides[0].health == 40);
  }
  SECTION("failure") {
    sc.next_rolls({4});
    play_event(sc, "Dice of Fate");
    CHECK(sc.s.sides[0].health == 36);
  }
}

TEST_CASE("ragnarok triggers: on play, on attack, on block, on death, each cleanup, aura") {
  Scenario sc;
  SECTION("play") {
    sc.warrior(1, "Spearman");
    sc.hand(0, "Archer");
    sc.rules.enter_main(sc.s, 0);
    sc.act("warrior Archer");
    CHECK(sc.s.sides[1].warriors[0].health == 8);
  }
  SECTION("attack and block") {
    sc.warrior(0, "Ulfhednar");  // 2 damage to the strongest enemy when it attacks
    sc.warrior(1, "Shieldmaiden");
    sc.rules.enter_attack(sc.s, 0);
    sc.act("attack #0 Ulfhednar");
    sc.next_rolls({1, 10});  // 1 + 5 against 10 + 4 + 2
    sc.act("block #0 Shieldmaiden");
    CHECK(sc.s.sides[1].warriors[0].health == 8);
    CHECK(sc.s.sides[0].warriors[0].shame == 2);
  }
  SECTION("death") {
    sc.s.sides[0].valhalla.push_back(sc.id("Spearman"));
    sc.warrior(0, "Einherjar", 1);  // revives one warrior when it dies
    sc.rules.apply_effect(sc.s, sc.game.card(sc.id("Spear Throw")).effect, 1, kNone);
    sc.rules.sweep(sc.s);
    CHECK(sc.s.sides[0].warriors.empty());
    REQUIRE(sc.s.sides[0].hand.size() == 1);
    CHECK(sc.s.sides[0].hand[0] == sc.id("Einherjar"));  // the latest warrior: itself
  }
  SECTION("cleanup") {
    sc.warrior(0, "Volva");
    sc.warrior(0, "Bear Warrior", 5);
    sc.warrior(0, "Shield Wall Veteran");
    sc.s.sides[0].health = 30;
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].health == 33);
    CHECK(sc.s.sides[0].warriors[1].health == 7);
    CHECK(sc.game.defence(sc.s, 0, 2) == 6);
  }
  SECTION("aura: own and enemy warriors, only while in play") {
    sc.warrior(0, "Spearman");
    sc.warrior(0, "Jarl");          // +1 strength to own warriors
    sc.warrior(1, "Giant Slayer");  // -1 strength to its enemies
    CHECK(sc.game.strength(sc.s, 0, 0) == 3);
    CHECK(sc.game.strength(sc.s, 1, 0) == 5);
    sc.s.sides[1].warriors[0].health = 0;
    CHECK(sc.game.strength(sc.s, 0, 0) == 4);
  }
}

TEST_CASE("ragnarok RR cards: lasting effects act on the owner, or both when unclaimed") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Spearman");
  sc.rr("Naglfar Sails", RrZone::Claimed0);          // +1 strength to own warriors
  sc.rr("Twilight of the Gods", RrZone::Unclaimed);  // -1 strength to each player's enemies
  CHECK(sc.game.strength(sc.s, 0, 0) == 3);
  CHECK(sc.game.strength(sc.s, 1, 0) == 2);
  sc.rr("Bifrost Opens", RrZone::Claimed1);  // one more card every round
  CHECK(sc.game.cards_drawn_per_round(sc.s, 1) == 3);
  CHECK(sc.game.cards_drawn_per_round(sc.s, 0) == 2);
}

TEST_CASE("ragnarok RR cards: repeating effects trigger every cleanup") {
  Scenario sc;
  sc.rr("Muspel's Fire", RrZone::Unclaimed);  // 2 damage to the opponent of each affected
  sc.rr("Idunn's Apples", RrZone::Claimed0);  // heal 3
  sc.s.sides[0].health = 30;
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.sides[0].health == 31);
  CHECK(sc.s.sides[1].health == 38);
}
