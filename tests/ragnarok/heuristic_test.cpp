// The heuristic's strategic decisions: the order it chooses, the warrior it plays, the bids it
// makes, the RR cards it claims and when it attacks and blocks, each in a position where the
// right choice is known.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

Action decide(const Scenario& sc, std::map<std::string, std::string> weights = {}) {
  const Heuristic h(sc.game, ParamSet(Heuristic::schema(), std::move(weights), "heuristic"));
  Rng rng(1);
  return h.choose(sc.s, rng);
}

// Seat 0 won the d20 at the start of round 3.
void to_order(Scenario& sc) {
  sc.s.phase = Phase::Order;
  sc.s.active = 0;
}

// The Bid Phase of `round` for `rr_card`, seat 0 bidding first with three Thralls (18 to bid,
// 21 of board value).
void to_bid(Scenario& sc, int round, const std::string& rr_card) {
  sc.s.round = uint8_t(round);
  sc.rr("Heimdall's Horn", RrZone::Deck);
  sc.rr(rr_card, RrZone::Current);
  for (int i = 0; i < 3; ++i) sc.warrior(0, "Thrall");
  sc.rules.enter_bid(sc.s);
  REQUIRE(sc.s.phase == Phase::Bid);
  REQUIRE(sc.game.current_player(sc.s) == 0);
}

}  // namespace

TEST_CASE("ragnarok heuristic: the order: second in the first rounds, then first") {
  Scenario sc;
  to_order(sc);
  SECTION("round 3 goes second, round 4 first") {
    REQUIRE(sc.s.round == 3);
    CHECK(decide(sc).verb == Verb::GoSecond);
    CHECK(decide(sc, {{"second_until", "2"}}).verb == Verb::GoFirst);
    sc.s.round = 4;
    CHECK(decide(sc).verb == Verb::GoFirst);
  }
  SECTION("late, behind in the race, it still goes first: the counter bid decides Glory") {
    sc.s.round = 16;
    sc.warrior(1, "Berserker");
    sc.warrior(1, "Berserker");
    sc.s.sides[0].health = 5;
    CHECK(decide(sc).verb == Verb::GoFirst);
    CHECK(decide(sc, {{"first_race", "0.5"}}).verb == Verb::GoSecond);
  }
}

TEST_CASE("ragnarok heuristic: with first_race the order follows the race between the boards") {
  Scenario sc;
  to_order(sc);
  sc.s.round = 5;
  const std::map<std::string, std::string> w = {{"go_first", "0.2"}, {"first_race", "1"}};
  SECTION("level boards: a low go_first goes second, the default goes first") {
    CHECK(decide(sc, w).verb == Verb::GoSecond);
    CHECK(decide(sc).verb == Verb::GoFirst);
  }
  SECTION("two Berserkers against an opponent at 5 health: strike first") {
    sc.warrior(0, "Berserker");
    sc.warrior(0, "Berserker");
    sc.s.sides[1].health = 5;
    CHECK(decide(sc, w).verb == Verb::GoFirst);
  }
  SECTION("the opponent's board ahead: going second lets its attack come second") {
    sc.warrior(1, "Berserker");
    sc.warrior(1, "Berserker");
    sc.s.sides[0].health = 5;
    CHECK(decide(sc, w).verb == Verb::GoSecond);
  }
}

TEST_CASE("ragnarok heuristic: no bid the other bidder can beat with everything it has") {
  Scenario sc;
  to_bid(sc, 18, "Fenrir");  // glory 14, late: three Thralls (18) for it are worth it alone
  // Warriors keep their full cost to the end (endgame=0), as when the rule was written.
  std::map<std::string, std::string> w = {{"glory", "0.55"},
                                          {"rr_attack", "0.5"},
                                          {"rr_horizon", "20"},
                                          {"contest", "0.5"},
                                          {"endgame", "0"}};
  SECTION("the opponent cannot answer: bid") {
    CHECK(decide(sc, w).verb == Verb::Offer);
    CHECK(decide(sc).verb == Verb::Offer);
  }
  SECTION("the opponent's three Bear Warriors (30) outbid anything: the Thralls would be lost") {
    for (int i = 0; i < 3; ++i) sc.warrior(1, "Bear Warrior");
    CHECK(decide(sc, w).verb == Verb::Pass);
    // The default bids: in round 18 the Thralls have three rounds left to fight, so losing
    // them costs little; in round 14 they are worth more than the card's contested worth.
    CHECK(decide(sc).verb == Verb::Offer);
    sc.s.round = 14;
    CHECK(decide(sc).verb == Verb::Pass);
    // Without the rule it bids into the loss.
    w["contest"] = "0";
    CHECK(decide(sc, w).verb == Verb::Offer);
  }
}

TEST_CASE("ragnarok heuristic: claims an early RR warrior for its attacks, not a curse") {
  Scenario sc;
  SECTION("Fenrir in round 3: its Glory alone is not worth three Thralls, its attacks are") {
    to_bid(sc, 3, "Fenrir");
    CHECK(decide(sc, {{"glory", "0.55"}, {"rr_attack", "0"}}).verb == Verb::Pass);
    CHECK(decide(sc, {{"glory", "0.55"}, {"rr_attack", "0.5"}, {"rr_horizon", "20"}}).verb ==
          Verb::Offer);
    const Heuristic h(sc.game, ParamSet(Heuristic::schema(), {}, "heuristic"));
    CHECK(h.rr_value(sc.s, 0, sc.rr_id("Fenrir")) > h.rr_value(sc.s, 0, sc.rr_id("Hati")));
  }
  SECTION("Fimbulwinter (-1 strength to its owner's warriors) is not worth claiming") {
    to_bid(sc, 3, "Fimbulwinter");
    CHECK(decide(sc, {{"glory", "0.55"}, {"rr_effect", "0.5"}}).verb == Verb::Pass);
    CHECK(decide(sc).verb == Verb::Pass);
  }
}

TEST_CASE("ragnarok heuristic: a warrior's cleanup effect counts for the rounds it will act") {
  Scenario sc;
  sc.s.phase = Phase::Main;
  sc.s.active = 0;
  sc.hand(0, "Shieldmaiden");  // 10 health, defence 4: the bigger body
  sc.hand(0, "Volva");         // 6 health, but 3 health back to its owner every Cleanup
  const Action volva{Verb::Warrior, sc.id("Volva")},
      shieldmaiden{Verb::Warrior, sc.id("Shieldmaiden")};
  SECTION("round 8: Volva heals in every round of its expected life") {
    sc.s.round = 8;
    CHECK(decide(sc) == volva);
    CHECK(decide(sc, {{"lasting", "0"}}) == shieldmaiden);  // the body alone
  }
  SECTION("the last round: one heal is not worth the smaller body") {
    sc.s.round = 20;
    CHECK(decide(sc) == shieldmaiden);
  }
}

TEST_CASE("ragnarok heuristic: a warrior's growth every Cleanup is not a lasting bonus a round") {
  Scenario sc;
  sc.s.phase = Phase::Main;
  sc.s.active = 0;
  sc.s.round = 8;
  sc.hand(0, "Shield Wall Veteran");  // 12 health, 2 strength, 5 defence, +1 defence a Cleanup
  sc.hand(0, "Einherjar");            // the bigger body, no cleanup effect or aura
  const Action veteran{Verb::Warrior, sc.id("Shield Wall Veteran")},
      einherjar{Verb::Warrior, sc.id("Einherjar")};
  CHECK(decide(sc) == einherjar);
  // Rated as a lasting bonus in every round of its life, the growth outweighs the body.
  CHECK(decide(sc, {{"growth", "3"}}) == veteran);
}

TEST_CASE("ragnarok heuristic: a bid sacrifices a plain body before a warrior that heals") {
  Scenario sc;
  sc.s.round = 16;
  sc.rr("Heimdall's Horn", RrZone::Deck);
  sc.rr("Norns' Dice", RrZone::Current);  // glory 7: the Berserker's 8 alone reaches it
  const int volva = sc.warrior(0, "Volva");
  const int berserker = sc.warrior(0, "Berserker");
  sc.rules.enter_bid(sc.s);
  REQUIRE(sc.s.phase == Phase::Bid);
  REQUIRE(sc.game.current_player(sc.s) == 0);
  CHECK(decide(sc) == Action{Verb::Offer, uint8_t(berserker)});
  // Rated by its body alone, Volva is the cheapest per bid point.
  CHECK(decide(sc, {{"lasting", "0"}}) == Action{Verb::Offer, uint8_t(volva)});
}

TEST_CASE("ragnarok heuristic: no attack into a wall of blockers that shames every attacker") {
  Scenario sc;
  sc.warrior(0, "Spearman");  // strength 3: 8.5 expected against each blocker's d10 + 4
  sc.warrior(1, "Shieldmaiden");
  const Action attack{Verb::Attack, 0}, done{Verb::Done, 0};
  SECTION("one blocker: the attack may get through") {
    sc.rules.enter_attack(sc.s, 0);
    REQUIRE(sc.s.phase == Phase::Attack);
    CHECK(decide(sc) == attack);
  }
  SECTION("three blockers for one attacker: blocked and shamed for nothing") {
    sc.warrior(1, "Shieldmaiden");
    sc.warrior(1, "Shieldmaiden");
    sc.rules.enter_attack(sc.s, 0);
    CHECK(decide(sc) == done);
    CHECK(decide(sc, {{"wall", "0"}}) == attack);  // strength + aggression reaches defence 4
  }
  SECTION("the same wall shared among three attackers: each meets one blocker") {
    sc.warrior(1, "Shieldmaiden");
    sc.warrior(1, "Shieldmaiden");
    sc.warrior(0, "Spearman");
    sc.warrior(0, "Spearman");
    sc.rules.enter_attack(sc.s, 0);
    CHECK(decide(sc) == attack);
  }
}

TEST_CASE("ragnarok heuristic: a spare blocker makes a block sure") {
  Scenario sc;
  sc.warrior(1, "Spearman");      // strength 3: 8.5 expected
  sc.warrior(0, "Shieldmaiden");  // defence 4: 9.5 expected, one more than the attack
  const int spearman = sc.warrior(0, "Spearman");
  sc.rules.enter_attack(sc.s, 1);
  sc.act("attack #0 Spearman");  // its only attacker: the declaration ends
  REQUIRE(sc.s.phase == Phase::Block);
  CHECK(decide(sc) == Action{Verb::Block, 0});  // the higher defence first
  sc.act("block #0 Shieldmaiden");
  REQUIRE(sc.s.phase == Phase::Block);
  // The defence covers the attack only on average: it gets through 0.36 of the time, 0.02
  // with both blockers. The Spearman, free with no attacker to come, makes the shame likely
  // and takes what would get past the Shieldmaiden.
  CHECK(decide(sc) == Action{Verb::Block, uint8_t(spearman)});
  CHECK(decide(sc, {{"sure_block", "0"}}) == Action{Verb::Done, 0});
}

TEST_CASE("ragnarok heuristic: a lone blocker counts the chance the dice slay it") {
  // A Berserker (defence 1, health 8) against Thor's Chosen (strength 7): 6 damage on average,
  // below its health, but it is slain 0.36 of the time and saves its player about 6 of 6.5.
  // Against a Spearman (strength 3) it is slain 0.10 of the time: worth blocking.
  Scenario sc;
  sc.warrior(0, "Berserker");
  auto attacked_by = [&](const std::string& attacker) {
    sc.warrior(1, attacker);
    sc.rules.enter_attack(sc.s, 1);
    sc.act("attack #0 " + attacker);
    REQUIRE(sc.s.phase == Phase::Block);
  };
  SECTION("a strong attacker") {
    attacked_by("Thor's Chosen");
    CHECK(decide(sc) == Action{Verb::Done, 0});
    // At the dice's means its death never counts: it blocked.
    CHECK(decide(sc, {{"block_dice", "false"}, {"block", "0.55"}}) == Action{Verb::Block, 0});
  }
  SECTION("a weak attacker") {
    attacked_by("Spearman");
    CHECK(decide(sc) == Action{Verb::Block, 0});
  }
}

TEST_CASE("ragnarok heuristic: a lone block's dice, counted face by face") {
  // Strength 3 against defence 1 and health 8: the damage is the d10 difference plus 2, from 0
  // to 11; the blocker dies when the difference is 6 or more (10 of the 100 faces).
  const Heuristic::LoneBlock b = Heuristic::lone_block(3, 1, 8);
  CHECK(b.slain == Approx(0.10));
  // Unblocked: half of 4..13 rounded up, 4.5 on average; past the slain blocker 7 faces let
  // 1 through and 1 face 2.
  CHECK(b.saved == Approx(4.5 - 0.07));
  CHECK(b.damage > 2);
  CHECK(b.damage < 3);
}
