// The Bid Phase: values, the protocol (bid or pass, outbid, raise once) and sacrifices.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

TEST_CASE("ragnarok bid value: the rulebook's example, 15 health and 2 shame is worth 5") {
  CHECK(RagnarokGame::bid_value(15, 2) == 5);
  CHECK(RagnarokGame::bid_value(15, 0) == 15);
  CHECK(RagnarokGame::bid_value(10, 1) == 7);  // a third of 10, rounded down, is 3
  CHECK(RagnarokGame::bid_value(6, 5) == 0);   // never below zero
}

TEST_CASE("ragnarok bid: first bids, second outbids, first raises once - all sacrificed") {
  Scenario sc;                    // Heimdall's Horn is up: glory 7
  sc.warrior(0, "Spearman");      // 9
  sc.warrior(0, "Thrall");        // 6
  sc.warrior(1, "Bear Warrior");  // 10
  sc.warrior(1, "Volva");         // 6
  sc.rules.enter_bid(sc.s);
  REQUIRE(sc.s.phase == Phase::Bid);
  CHECK(sc.game.current_player(sc.s) == 0);
  CHECK_FALSE(is_legal(sc.game, sc.s, "bid"));  // nothing offered yet
  sc.act("offer #0 Spearman");
  CHECK(sc.game.offered_value(sc.s, 0) == 9);
  sc.act("bid");
  CHECK(sc.s.sides[0].bid == 9);
  // Seat 1 must beat 9.
  CHECK(sc.game.current_player(sc.s) == 1);
  CHECK(sc.game.bid_requirement(sc.s) == 10);
  sc.act("offer #0 Bear Warrior");
  sc.act("bid");
  // Seat 0 may raise once, above 10, adding to its bid.
  CHECK(sc.game.current_player(sc.s) == 0);
  CHECK(sc.s.bid_stage == 2);
  CHECK_FALSE(is_legal(sc.game, sc.s, "offer #0 Spearman"));
  sc.act("offer #1 Thrall");
  sc.act("bid");  // 15 > 10: seat 0 claims, and seat 1 has no further answer
  CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
  CHECK(sc.s.sides[0].warriors.empty());
  REQUIRE(sc.s.sides[1].warriors.size() == 1);  // Bear Warrior was sacrificed, Volva stays
  CHECK(sc.game.card(sc.s.sides[1].warriors[0].card).name == "Volva");
  CHECK(sc.s.sides[1].valhalla.contains(sc.id("Bear Warrior")));
  CHECK(sc.s.sides[0].valhalla.size() == 2);
  CHECK(sc.game.glory(sc.s, 0) == 7);
}

TEST_CASE("ragnarok bid: a pass leaves the outbid standing - nobody bidding leaves it unclaimed") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Bear Warrior");
  SECTION("first passes, second bids: second claims") {
    sc.rules.enter_bid(sc.s);
    sc.act("pass");
    sc.act("offer #0 Bear Warrior");
    sc.act("bid");
    CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed1);
    CHECK(sc.s.sides[0].warriors.size() == 1);
  }
  SECTION("first bids, second passes: first claims") {
    sc.rules.enter_bid(sc.s);
    sc.act("offer #0 Spearman");
    sc.act("bid");
    sc.act("pass");
    CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
  }
  SECTION("both pass: unclaimed, its lasting effect then acts on both") {
    sc.rules.enter_bid(sc.s);
    sc.act("pass");
    sc.act("pass");
    CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Unclaimed);
    CHECK(sc.game.bid_bonus(sc.s, 0) == 3);
    CHECK(sc.game.bid_bonus(sc.s, 1) == 3);
  }
  SECTION("an offer withdrawn by a pass is not sacrificed") {
    sc.rules.enter_bid(sc.s);
    sc.act("offer #0 Spearman");
    sc.act("pass");
    sc.act("pass");
    CHECK(sc.s.sides[0].warriors.size() == 1);
  }
}

TEST_CASE("ragnarok bid: a bidder who cannot reach the minimum passes without a decision") {
  Scenario sc;
  sc.warrior(0, "Thrall", 3);  // worth 3 < 7
  sc.warrior(1, "Spearman");
  sc.rules.enter_bid(sc.s);
  CHECK(sc.game.current_player(sc.s) == 1);
}

TEST_CASE("ragnarok bid: a claimed RR card is sacrificed for its Glory - shame lowers a warrior") {
  Scenario sc;
  sc.rr("Hati", RrZone::Claimed0);   // glory 8
  sc.warrior(0, "Spearman", -1, 1);  // 9 - 3 = 6
  sc.rules.enter_bid(sc.s);
  sc.act("offer #0 Spearman");
  CHECK(sc.game.offered_value(sc.s, 0) == 6);
  CHECK_FALSE(is_legal(sc.game, sc.s, "bid"));  // 6 < 7
  sc.act("offer rr Hati");
  CHECK(sc.game.offered_value(sc.s, 0) == 14);
  sc.act("bid");
  CHECK(sc.s.rr_zone[sc.rr_id("Hati")] == RrZone::Valhalla0);
  CHECK(sc.s.rr_zone[sc.rr_id("Heimdall's Horn")] == RrZone::Claimed0);
  CHECK(sc.game.glory(sc.s, 0) == 7);
}
