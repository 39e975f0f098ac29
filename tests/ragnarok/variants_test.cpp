// The rule variants of the config (docs/games/ragnarok.md, Config): each option changes what
// its rule says it changes, and the game stays sound under every option.
#include "tests/conformance.hpp"
#include "tests/ragnarok/scenario.hpp"

#include <set>

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

using Config = std::map<std::string, std::string>;

// ---- event_windows ----

TEST_CASE("ragnarok variant event_windows: every opens a window after blocks before the dice") {
  for (const std::string mode : {"standard", "every"}) {
    Scenario sc(Config{{"event_windows", mode}});
    sc.warrior(0, "Spearman");      // strength 3
    sc.warrior(1, "Shieldmaiden");  // defence 4, +2 when it blocks, health 10
    sc.hand(0, "Battle Fury");      // +3 strength to own warriors for the round
    sc.rules.enter_attack(sc.s, 0);
    sc.act("attack #0 Spearman");
    sc.next_rolls({5, 2});  // attack 5 + 3, defence 2 + 4 + 2
    sc.act("block #0 Shieldmaiden");
    if (mode == "standard") {
      CHECK(sc.s.phase != Phase::AfterBlocks);
      CHECK(sc.s.sides[0].warriors[0].shame == 2);  // 8 against 8: blocked
      CHECK(sc.s.sides[1].warriors[0].health == 10);
    } else {
      REQUIRE(sc.s.phase == Phase::AfterBlocks);
      CHECK(sc.game.current_player(sc.s) == 0);
      CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"event Battle Fury", "pass"});
      sc.act("event Battle Fury");  // seat 1 has no event: the dice follow
      CHECK(sc.s.sides[0].warriors[0].shame == 0);
      CHECK(sc.s.sides[1].warriors[0].health == 7);  // 11 against 8
    }
  }
}

TEST_CASE("ragnarok variant event_windows: after blocks the defender plays after the attacker") {
  Scenario sc(Config{{"event_windows", "every"}});
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Shieldmaiden");
  sc.hand(0, "Battle Fury");
  sc.hand(1, "Iron Skin");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  REQUIRE(sc.s.phase == Phase::Defend);
  sc.act("pass");
  sc.act("block #0 Shieldmaiden");
  REQUIRE(sc.s.phase == Phase::AfterBlocks);
  sc.act("event Battle Fury");
  REQUIRE(sc.s.phase == Phase::Answer);  // seat 1 may answer with Iron Skin
  sc.act("pass");
  REQUIRE(sc.s.phase == Phase::AfterBlocks);
  CHECK(sc.game.current_player(sc.s) == 1);
  sc.next_rolls({5, 2});
  sc.act("event Iron Skin");  // 11 against 2 + 4 + 3 + 2 = 11: blocked
  CHECK(sc.s.sides[0].warriors[0].shame == 2);
}

TEST_CASE("ragnarok variant event_windows: every opens a window at the start of the Cleanup") {
  for (const std::string mode : {"standard", "every"}) {
    Scenario sc(Config{{"event_windows", mode}});
    sc.rr("Muspel's Fire", RrZone::Unclaimed);  // 2 damage to each player
    sc.hand(0, "Mead Hall");                    // heal 5
    sc.s.sides[0].health = 30;
    sc.rules.enter_bid(sc.s);  // nobody can bid: the card is left unclaimed
    if (mode == "standard") {
      CHECK(sc.s.phase == Phase::Order);
      CHECK(sc.s.sides[0].health == 28);
    } else {
      REQUIRE(sc.s.phase == Phase::PreCleanup);
      CHECK(sc.game.current_player(sc.s) == 0);
      sc.act("event Mead Hall");
      CHECK(sc.s.phase == Phase::Order);
      CHECK(sc.s.sides[0].health == 33);
    }
  }
}

// ---- shame ----

TEST_CASE("ragnarok variant shame: under turns a first player's Draugr costs the victim's attack") {
  for (const std::string mode : {"player_phase", "turns"}) {
    Scenario sc(Config{{"shame", mode}});
    sc.s.round = 4;
    sc.warrior(1, "Spearman");
    sc.hand(0, "Draugr");  // on play: 1 shame counter on the enemy's strongest
    sc.rules.enter_main(sc.s, 0);
    sc.act("warrior Draugr");
    // Seat 1's Player Phase has passed (nothing to play); seat 0 attacks first: it does not.
    REQUIRE(sc.s.phase == Phase::Attack);
    CHECK(sc.s.sides[1].warriors[0].shame == (mode == "turns" ? 1 : 0));
    sc.act("done");
    if (mode == "player_phase") {
      // The counter came off at the start of seat 1's Player Phase: it attacks.
      REQUIRE(sc.s.phase == Phase::Attack);
      CHECK(sc.s.active == 1);
      CHECK(is_legal(sc.game, sc.s, "attack #0 Spearman"));
    } else {
      // Still shamed in its Combat step; the counter comes off at its end.
      CHECK(sc.s.phase == Phase::Bid);
      CHECK(sc.s.sides[1].warriors[0].shame == 0);
    }
  }
}

TEST_CASE("ragnarok variant shame: under turns two counters cost two attacks") {
  for (const std::string mode : {"player_phase", "turns"}) {
    Scenario sc(Config{{"shame", mode}});
    sc.warrior(0, "Spearman", -1, 2);  // blocked in its last attack
    sc.warrior(1, "Thrall");           // attacks in seat 1's step: the round stops there
    std::vector<bool> attacks;
    for (int round = 0; round < 4; ++round) {
      sc.rules.enter_main(sc.s, 0);
      attacks.push_back(sc.s.phase == Phase::Attack && sc.s.active == 0);
    }
    if (mode == "player_phase")
      CHECK(attacks == std::vector<bool>{false, true, true, true});
    else
      CHECK(attacks == std::vector<bool>{false, false, true, true});
  }
}

TEST_CASE("ragnarok variant shame: under turns a blocked RR warrior misses two Cleanups") {
  for (const std::string mode : {"player_phase", "turns"}) {
    Scenario sc(Config{{"shame", mode}});
    sc.rr("Garm", RrZone::Unclaimed);  // strength 5
    sc.warrior(0, "Shieldmaiden");
    sc.rules.cleanup(sc.s);
    REQUIRE(sc.s.phase == Phase::RrBlock);
    sc.next_rolls({1, 10});
    sc.act("block #0 Shieldmaiden");  // 6 against 16: Garm is shamed and spares seat 1
    REQUIRE(sc.s.sides[1].health == 40);
    sc.s.sides[0].warriors.clear();
    std::vector<bool> attacked;
    for (int cleanup = 0; cleanup < 3; ++cleanup) {
      const int before = sc.s.sides[1].health;
      sc.rules.cleanup(sc.s);
      attacked.push_back(sc.s.sides[1].health < before);
    }
    if (mode == "player_phase")
      CHECK(attacked == std::vector<bool>{false, true, true});
    else
      CHECK(attacked == std::vector<bool>{false, false, true});
  }
}

TEST_CASE(
    "ragnarok variant shame: under turns a Taunted attacker misses this attack and the next") {
  Scenario sc(Config{{"shame", "turns"}});
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Thrall", 1);  // a weak defender that would rather not block
  sc.hand(1, "Taunt");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  sc.act("event Taunt");
  // The Spearman did not attack: one of its two counters is spent.
  CHECK(sc.s.sides[0].warriors[0].shame == 1);
}

// ---- claimed_rr_warrior ----

TEST_CASE("ragnarok variant claimed_rr_warrior: idle keeps a claimed RR warrior from attacking") {
  for (const std::string mode : {"opponent", "idle"}) {
    Scenario sc(Config{{"claimed_rr_warrior", mode}});
    sc.rr("Hati", RrZone::Claimed0);   // strength 4
    sc.rr("Garm", RrZone::Unclaimed);  // strength 5: attacks both in either mode
    sc.next_rolls({6, 6, 6});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].health == 40 - 6);
    CHECK(sc.s.sides[1].health == (mode == "opponent" ? 40 - 6 - 5 : 40 - 6));
  }
}

// ---- copies ----

namespace {

// The most copies of a card the two decks of a deal hold together, over the card's limit.
int over_box(const RagnarokGame& game, std::array<uint8_t, 2> decks) {
  std::array<int, kMaxCards> count{};
  for (const uint8_t d : decks)
    for (const uint8_t c : game.decks().decks[d].cards) ++count[c];
  int worst = 0;
  for (size_t c = 0; c < game.cards().cards.size(); ++c)
    worst = std::max(worst, count[c] - int(game.cards().cards[c].copies));
  return worst;
}

}  // namespace

TEST_CASE("ragnarok variant copies: box deals only deck pairs the box can hold") {
  const RagnarokGame deck = make_game({{"deck0", "random"}, {"deck1", "random"}});
  const RagnarokGame box = make_game({{"deck0", "random"}, {"deck1", "random"}, {"copies", "box"}});
  int over_deck = 0, mirrors_deck = 0, pairs_box = 0;
  std::set<std::pair<int, int>> seen;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    const auto d = deck.deck_ids(seed);
    over_deck += over_box(deck, d) > 0;
    mirrors_deck += d[0] == d[1];
    const auto b = box.deck_ids(seed);
    CHECK(over_box(box, b) == 0);
    CHECK(b[0] != b[1]);
    pairs_box += seen.insert({b[0], b[1]}).second;
  }
  CHECK(over_deck > 100);  // per deck, shared cards and mirrors go beyond the box
  CHECK(mirrors_deck > 40);
  CHECK(pairs_box >= 4);  // aggro-midrange, control-glory and their swaps at least
}

TEST_CASE("ragnarok variant copies: box refuses two fixed decks the box cannot hold") {
  CHECK_NOTHROW(make_game({{"deck0", "aggro"}, {"deck1", "tricks"}}));
  CHECK_THROWS_WITH(make_game({{"deck0", "aggro"}, {"deck1", "tricks"}, {"copies", "box"}}),
                    Catch::Contains("'Berserker'"));
  CHECK_THROWS_WITH(make_game({{"deck0", "aggro"}, {"deck1", "aggro"}, {"copies", "box"}}),
                    Catch::Contains("copies=box"));
  CHECK_NOTHROW(make_game({{"deck0", "aggro"}, {"deck1", "midrange"}, {"copies", "box"}}));
  // One fixed deck: the other is drawn among the decks it fits with.
  const RagnarokGame one = make_game({{"deck0", "aggro"}, {"deck1", "random"}, {"copies", "box"}});
  for (uint64_t seed = 0; seed < 50; ++seed) CHECK(over_box(one, one.deck_ids(seed)) == 0);
}

// ---- Every option together stays sound ----

TEST_CASE("ragnarok variants: every option together passes the conformance suite") {
  // Random and heuristic games with invariants after every step, replay and determinization.
  nf::testing::require_conformance<RagnarokGame>({{"deck0", "random"},
                                                  {"deck1", "random"},
                                                  {"event_windows", "every"},
                                                  {"shame", "turns"},
                                                  {"claimed_rr_warrior", "idle"},
                                                  {"copies", "box"}},
                                                 150);
}
