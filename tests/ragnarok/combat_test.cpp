// The Combat Phase and the RR warriors of the Cleanup Phase.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

TEST_CASE("ragnarok combat damage: the rulebook's example, attack 8 against defence 4 deals 4") {
  std::array<int, 1> health{10};
  CHECK(RagnarokGame::combat_damage(8, 4, health) == 0);
  CHECK(health[0] == 6);
}

TEST_CASE("ragnarok combat damage: unblocked half rounded up, blocked, excess past the slain") {
  CHECK(RagnarokGame::combat_damage(7, 0, {}) == 4);
  CHECK(RagnarokGame::combat_damage(8, 0, {}) == 4);
  std::array<int, 1> one{5};
  CHECK(RagnarokGame::combat_damage(6, 6, one) == -1);  // attack <= defence: blocked
  CHECK(one[0] == 5);
  // 20 against 5: excess 15 kills 4 then 6 in the defender's order; 5 left, 3 to the player.
  std::array<int, 2> two{4, 6};
  CHECK(RagnarokGame::combat_damage(20, 5, two) == 3);
  CHECK(two == std::array<int, 2>{0, 0});
  std::array<int, 2> order{6, 4};
  CHECK(RagnarokGame::combat_damage(12, 5, order) == 0);  // 7 excess: 6 kills, 1 to the next
  CHECK(order == std::array<int, 2>{0, 3});
}

TEST_CASE("ragnarok combat: the rulebook's example in play, d10 + strength against d10 + defence") {
  Scenario sc;
  sc.warrior(0, "Spearman");  // strength 3
  sc.warrior(1, "Thrall");    // defence 2, health 6
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  REQUIRE(sc.s.phase == Phase::Block);
  sc.next_rolls({5, 2});      // attack 5 + 3 = 8, defence 2 + 2 = 4
  sc.act("block #0 Thrall");  // the only possible blocker: combat resolves
  CHECK(sc.s.sides[1].warriors[0].health == 2);
  CHECK(sc.s.sides[1].health == 40);
  CHECK(sc.s.sides[0].warriors[0].shame == 0);
}

TEST_CASE("ragnarok combat: unblocked attacks hit the player for half, rounded up") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(0, "Berserker");  // strength 4, +2 when it attacks
  sc.rules.enter_attack(sc.s, 0);
  sc.next_rolls({4, 7});
  sc.act("attack #0 Spearman");
  sc.act("attack #1 Berserker");  // the last eligible attacker: the declaration ends
  // Seat 1 has no warriors: no blocks. 4 + 3 = 7 -> 4; 7 + 4 + 2 = 13 -> 7.
  CHECK(sc.s.sides[1].health == 40 - 4 - 7);
}

TEST_CASE("ragnarok combat: a blocked attacker gets two shame counters and cannot attack") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Shieldmaiden");  // defence 4, +2 when it blocks
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.next_rolls({2, 1});  // 2 + 3 = 5 against 1 + 4 + 2 (its block bonus) = 7
  sc.act("block #0 Shieldmaiden");
  CHECK(sc.s.sides[0].warriors[0].shame == 2);
  CHECK(sc.s.sides[1].warriors[0].health == 10);
  CHECK(sc.s.sides[1].health == 40);
}

TEST_CASE("ragnarok combat: shame blocks attacking, not blocking, and counts down") {
  Scenario sc;
  sc.warrior(0, "Spearman", -1, 2);
  sc.warrior(0, "Berserker");
  sc.warrior(1, "Shieldmaiden", -1, 2);
  sc.rules.enter_attack(sc.s, 0);
  CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"attack #1 Berserker", "done"});
  sc.act("attack #1 Berserker");
  REQUIRE(sc.s.phase == Phase::Block);
  CHECK(is_legal(sc.game, sc.s, "block #0 Shieldmaiden"));
  // The next Player Phase of seat 0 removes one counter.
  sc.rules.enter_main(sc.s, 0);
  CHECK(sc.s.sides[0].warriors[0].shame == 1);
}

TEST_CASE("ragnarok combat: several blockers on one attacker, damaged in the defender's order") {
  Scenario sc;
  sc.warrior(0, "Thor's Chosen");  // strength 7
  sc.warrior(1, "Thrall", 3);      // defence 2
  sc.warrior(1, "Spearman", 4);    // defence 3
  sc.warrior(1, "Volva");          // stays out
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Thor's Chosen");
  sc.act("block #1 Spearman");
  sc.act("block #0 Thrall");
  CHECK(sc.s.block_order == FixedVector<uint8_t, kMaxInPlay>{1, 0});
  // 10 + 7 = 17 against (1 + 3) + (1 + 2) = 7: excess 10 kills Spearman (4), then Thrall (3);
  // 3 past the last slain blocker: 2 to the player.
  sc.next_rolls({10, 1, 1});
  sc.act("done");
  CHECK(sc.s.sides[1].health == 38);
  REQUIRE(sc.s.sides[1].warriors.size() == 1);  // the slain went to Valhalla
  CHECK(sc.s.sides[1].valhalla.size() == 2);
}

TEST_CASE("ragnarok combat: a player killed in combat loses at once") {
  Scenario sc;
  sc.warrior(0, "Thor's Chosen");
  sc.s.sides[1].health = 3;
  sc.rules.enter_attack(sc.s, 0);
  sc.next_rolls({1});
  sc.act("attack #0 Thor's Chosen");  // 8 unblocked: 4
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 0);
  CHECK(sc.s.end_reason == EndReason::Death);
}

TEST_CASE("ragnarok cleanup: an unclaimed RR warrior attacks each player in order") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);  // strength 5
  sc.next_rolls({5, 3});
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.sides[0].health == 35);  // (5 + 5) / 2
  CHECK(sc.s.sides[1].health == 36);  // (3 + 5) / 2
  CHECK(sc.s.phase == Phase::Order);
}

TEST_CASE("ragnarok cleanup: a blocked RR warrior is shamed and spares the next player") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);
  sc.warrior(0, "Shieldmaiden");  // defence 4, +2 when it blocks
  sc.rules.cleanup(sc.s);
  REQUIRE(sc.s.phase == Phase::RrBlock);
  CHECK(sc.game.current_player(sc.s) == 0);
  sc.next_rolls({3, 2});  // 3 + 5 = 8 against 2 + 4 + 2 = 8: blocked (attack <= defence)
  sc.act("block #0 Shieldmaiden");
  CHECK(sc.s.sides[0].health == 40);
  CHECK(sc.s.sides[1].health == 40);
  CHECK(sc.s.phase == Phase::Order);            // the next round
  CHECK(sc.s.rr_shame[sc.rr_id("Garm")] == 1);  // two counters, one off at the Initiative
}

TEST_CASE(
    "ragnarok cleanup: a shamed RR warrior does not attack - a claimed one attacks the opponent") {
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);
  sc.rr("Hati", RrZone::Claimed0);  // strength 4, attacks seat 1 only
  sc.s.rr_shame[sc.rr_id("Garm")] = 1;
  sc.next_rolls({6});
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.sides[0].health == 40);
  CHECK(sc.s.sides[1].health == 35);  // (6 + 4) / 2
}

TEST_CASE("ragnarok cleanup: both players dead in the same cleanup: Glory decides") {
  Scenario sc;
  sc.rr("Surtr", RrZone::Unclaimed);  // strength 9
  sc.s.sides[0].health = 3;
  sc.s.sides[1].health = 3;
  SECTION("higher Glory wins") {
    sc.rr("Hati", RrZone::Claimed0);
    sc.next_rolls({1, 1});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.phase == Phase::Over);
    CHECK(sc.s.winner == 0);
    CHECK(sc.s.end_reason == EndReason::DoubleDeath);
  }
  SECTION("equal Glory: a draw") {
    sc.next_rolls({1, 1});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.phase == Phase::Over);
    CHECK(sc.s.winner == -1);
    CHECK(sc.s.end_reason == EndReason::Draw);
  }
}
