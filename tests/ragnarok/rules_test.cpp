// Setup, the Initiative and Player Phases, events and answers, the end of the game.
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

TEST_CASE("ragnarok setup: 40 health, five cards, 40-card decks, 20 RR cards, a d20 winner") {
  const RagnarokGame game = make_game();
  for (uint64_t seed = 0; seed < 20; ++seed) {
    const State s = game.initial_state(seed);
    REQUIRE(s.phase == Phase::Order);
    REQUIRE(s.round == 1);
    for (const Side& side : s.sides) {
      CHECK(side.health == 40);
      CHECK(side.hand.size() == 5);
      CHECK(side.deck.size() == 35);
    }
    CHECK(s.rr_deck.size() == 20);
    CHECK(s.rr_current == kNone);
    CHECK(s.sides[s.active].counters.initiatives_won == 1);
    CHECK(legal_texts(game, s) == std::vector<std::string>{"go first", "go second"});
  }
}

TEST_CASE("ragnarok initiative: the d20 winner chooses the order, then the RR card and draws") {
  const RagnarokGame game = make_game();
  for (const bool first : {true, false}) {
    State s = game.initial_state(3);
    const int chooser = game.current_player(s);
    Action a{first ? Verb::GoFirst : Verb::GoSecond, 0};
    game.apply(s, a);
    CHECK(s.first == (first ? chooser : 1 - chooser));
    CHECK(s.rr_current != kNone);
    CHECK(s.rr_zone[s.rr_current] == RrZone::Current);
    CHECK(s.rr_deck.size() == 19);
    CHECK(s.sides[0].hand.size() + s.sides[1].hand.size() >= 13);  // 7 each, less what is played
    CHECK(s.sides[0].deck.size() == 33);
    CHECK(s.sides[1].deck.size() == 33);
    CHECK(s.sides[size_t(chooser)].counters.chose_first == (first ? 1 : 0));
  }
}

TEST_CASE("ragnarok: an empty deck draws nothing") {
  Scenario sc;
  sc.s.sides[0].deck.clear();
  sc.rules.draw(sc.s, 0, 2);
  CHECK(sc.s.sides[0].hand.empty());
  sc.s.sides[1].deck.resize(1);
  sc.rules.draw(sc.s, 1, 2);
  CHECK(sc.s.sides[1].hand.size() == 1);
  CHECK(sc.s.sides[1].deck.empty());
}

TEST_CASE("ragnarok player phase: shame counts down for the active player only") {
  Scenario sc;
  sc.warrior(0, "Spearman", -1, 2);
  sc.warrior(1, "Spearman", -1, 2);
  sc.hand(0, "Spearman");
  sc.rules.enter_main(sc.s, 0);
  REQUIRE(sc.s.phase == Phase::Main);
  CHECK(sc.s.sides[0].warriors[0].shame == 1);
  CHECK(sc.s.sides[1].warriors[0].shame == 2);
}

TEST_CASE("ragnarok player phase: one warrior and one event, turn requirements respected") {
  Scenario sc;
  sc.hand(0, "Spearman");
  sc.hand(0, "Bear Warrior");
  sc.hand(0, "Thor's Chosen");  // turn 8: not playable in round 3
  sc.hand(0, "Mead Hall");
  sc.hand(0, "Forage");
  sc.hand(0, "Deny the Gods");  // a counter: only in answer
  sc.rules.enter_main(sc.s, 0);
  const auto legal = legal_texts(sc.game, sc.s);
  CHECK(legal == std::vector<std::string>{"warrior Spearman", "warrior Bear Warrior",
                                          "event Mead Hall", "event Forage", "done"});
  sc.act("warrior Spearman");
  CHECK(sc.s.sides[0].warriors.size() == 1);
  CHECK_FALSE(is_legal(sc.game, sc.s, "warrior Bear Warrior"));
  sc.act("event Forage");
  CHECK(sc.s.sides[0].event_played);
  // Nothing playable is left (seat 1 has no cards): the Combat Phase, seat 0 attacking.
  CHECK(sc.s.phase == Phase::Attack);
  CHECK(sc.s.active == 0);
}

TEST_CASE("ragnarok events: a counter answers and cancels the opponent's event") {
  Scenario sc;
  sc.hand(0, "Thunderbolt");
  sc.hand(1, "Deny the Gods");
  sc.s.round = 6;
  sc.rules.enter_main(sc.s, 0);
  sc.act("event Thunderbolt");
  REQUIRE(sc.s.phase == Phase::Answer);
  CHECK(sc.game.current_player(sc.s) == 1);
  sc.act("event Deny the Gods");
  CHECK(sc.s.sides[1].health == 40);
  CHECK(sc.s.sides[0].valhalla.contains(sc.id("Thunderbolt")));
  CHECK(sc.s.sides[1].valhalla.contains(sc.id("Deny the Gods")));
}

TEST_CASE("ragnarok events: a passed answer lets the event resolve - other answers resolve first") {
  Scenario sc;
  sc.hand(0, "Thunderbolt");
  sc.hand(1, "Mead Hall");
  sc.s.round = 6;
  sc.s.sides[1].health = 30;
  sc.rules.enter_main(sc.s, 0);
  sc.act("event Thunderbolt");
  REQUIRE(sc.s.phase == Phase::Answer);
  SECTION("pass") {
    sc.act("pass");
    CHECK(sc.s.sides[1].health == 24);
  }
  SECTION("an answer that is not a counter resolves first: heal 5 to 35, then 6 damage") {
    sc.act("event Mead Hall");
    CHECK(sc.s.sides[1].health == 29);
  }
}

TEST_CASE("ragnarok events: the defender may play an event after attackers are declared") {
  Scenario sc;
  sc.warrior(0, "Spearman");
  sc.warrior(1, "Shieldmaiden");
  sc.hand(1, "Iron Skin");
  sc.rules.enter_attack(sc.s, 0);
  sc.act("attack #0 Spearman");
  REQUIRE(sc.s.phase == Phase::Defend);
  CHECK(sc.game.current_player(sc.s) == 1);
  sc.act("event Iron Skin");
  REQUIRE(sc.s.phase == Phase::Block);
  CHECK(sc.game.defence(sc.s, 1, 0) == 4 + 3);
}

TEST_CASE("ragnarok end: after the last round the higher Glory wins - equal Glory is a draw") {
  Scenario sc(std::map<std::string, std::string>{{"rounds", "3"}});
  SECTION("higher Glory") {
    sc.rr("Fimbulwinter", RrZone::Claimed1);
    sc.rules.end_round(sc.s);
    CHECK(sc.s.phase == Phase::Over);
    CHECK(sc.s.winner == 1);
    CHECK(sc.s.end_reason == EndReason::Glory);
    CHECK(sc.game.returns(sc.s) == Returns<2>{-1.0, 1.0});
  }
  SECTION("equal Glory") {
    sc.rr("Hati", RrZone::Claimed0);
    sc.rr("Skoll", RrZone::Claimed1);  // both glory 8
    sc.rules.end_round(sc.s);
    CHECK(sc.s.phase == Phase::Over);
    CHECK(sc.s.winner == -1);
    CHECK(sc.s.end_reason == EndReason::Draw);
  }
  SECTION("before the last round the game goes on") {
    sc.s.round = 2;
    sc.rules.end_round(sc.s);
    CHECK(sc.s.phase == Phase::Order);
    CHECK(sc.s.round == 3);
  }
}

TEST_CASE("ragnarok end: a player at 0 health outside the Cleanup Phase loses at once") {
  Scenario sc;
  sc.hand(0, "Thunderbolt");
  sc.s.round = 6;
  sc.s.sides[1].health = 5;
  sc.rules.enter_main(sc.s, 0);
  sc.act("event Thunderbolt");
  CHECK(sc.s.phase == Phase::Over);
  CHECK(sc.s.winner == 0);
  CHECK(sc.s.end_reason == EndReason::Death);
}

TEST_CASE("ragnarok: a warrior may attack the round it is played") {
  Scenario sc;
  sc.hand(0, "Spearman");
  sc.rules.enter_main(sc.s, 0);
  sc.act("warrior Spearman");  // nothing else to play: seat 1 has nothing either
  REQUIRE(sc.s.phase == Phase::Attack);
  CHECK(sc.s.active == 0);
  CHECK(is_legal(sc.game, sc.s, "attack #0 Spearman"));
}

TEST_CASE("ragnarok events: each player may play an event before the Bid Phase") {
  Scenario sc;
  sc.warrior(0, "Thrall");  // worth 6: short of Heimdall's Horn's 7 without help
  sc.hand(0, "Oath of Glory");
  sc.rules.enter_prebid(sc.s, 0);
  REQUIRE(sc.s.phase == Phase::PreBid);
  CHECK(legal_texts(sc.game, sc.s) == std::vector<std::string>{"event Oath of Glory", "pass"});
  sc.act("event Oath of Glory");
  // Seat 1 has no event: the Bid Phase, where seat 0 now reaches 6 + 4 = 10.
  REQUIRE(sc.s.phase == Phase::Bid);
  CHECK(sc.game.current_player(sc.s) == 0);
  sc.act("offer #0 Thrall");
  CHECK(sc.game.offered_value(sc.s, 0) == 10);
}
