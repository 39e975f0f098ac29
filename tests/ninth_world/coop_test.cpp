// Scenario tests of co-op and solo play: setup, open bids, pooled claims, wilderness quests,
// the Threshold phase (cyphers, creature attacks, new cards, checks) and solo allies.
#include <catch2/catch.hpp>

#include "agents/agent.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

// Leaves nothing to draw, so a Threshold phase adds no cards.
void empty_wilderness_deck(State& s) {
  s.wild_deck.clear();
  s.wild_discard.clear();
}

}  // namespace

TEST_CASE("co-op setup: one wilderness card per hero, prizes to the monolith owner") {
  const NinthWorldGame game = coop(3);
  bool prize_seen = false;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const State s = game.initial_state(seed);
    REQUIRE(s.wild.size() == 3);
    for (const WildCard& w : s.wild) CHECK(game.data().card(w.card).type != CardType::Prize);
    for (int h = 0; h < 3; ++h)
      if (s.heroes[size_t(h)].valor_by[FromPrizes] > 0) {
        CHECK(h == s.monolith);
        prize_seen = true;
      }
    CHECK(s.threshold_raise == 0);
  }
  CHECK(prize_seen);
}

TEST_CASE("bids: hidden from the other seats in competitive play, open in co-op") {
  const NinthWorldGame competitive = make_game({{"players", "3"}});
  const State a = competitive.initial_state(1);
  CHECK(competitive.sees_action(a, {Verb::Bid, 2, 0}, 0));
  CHECK_FALSE(competitive.sees_action(a, {Verb::Bid, 2, 0}, 1));
  CHECK_FALSE(competitive.sees_action(a, {Verb::EndBid, 0, 0}, 2));
  const NinthWorldGame team = coop(3);
  const State b = team.initial_state(1);
  CHECK(team.sees_action(b, {Verb::Bid, 2, 0}, 1));
}

TEST_CASE("pooling: points against one wilderness card, claimed by one hero") {
  const NinthWorldGame game = coop(3);
  State s = setup(game, {"Kwaidyno", "Hallik", "Selis"});
  const int nevajin = card_index(game, "Nevajin");  // cost 6
  put_in_wilderness(s, nevajin, 0b011);
  skip_to(game, s, Combat);
  bid(game, s, {0, 2, 3});  // Kwaidyno: Combat 1 + 2 Effort = 3
  bid(game, s, {0, 2});     // Hallik: 2
  bid(game, s, {2, 3});     // Selis: 2, has not scouted the Nevajin
  act(game, s, "pass");     // Hallik's Who Rides the Lightning unused
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  CHECK_FALSE(has_action(game, s, "claim Nevajin [w0]"));
  for (int k = 0; k < 3; ++k) act(game, s, "pool a point on Nevajin [w0]");
  CHECK(s.wild[0].pooled == 3);
  act(game, s, "end turn");
  REQUIRE(s.actor == 1);
  CHECK_FALSE(has_action(game, s, "claim Nevajin [w0]"));  // 3 + 2 < 6
  act(game, s, "pool a point on Nevajin [w0]");
  act(game, s, "end turn");
  REQUIRE(s.actor == 2);
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  CHECK(actions.size() == 1);  // Selis did not mark it: she can neither pool nor claim
  act(game, s, "end turn");
  CHECK(s.wild.size() == 1);  // unclaimed: the pooled points are lost
  CHECK(s.heroes[0].valor == 0);

  // With one more point, the second hero claims it and alone gains its Valor.
  State t = setup(game, {"Kwaidyno", "Hallik", "Selis"});
  put_in_wilderness(t, nevajin, 0b011);
  skip_to(game, t, Combat);
  bid(game, t, {0, 2, 3});
  bid(game, t, {0, 2, 3});
  bid(game, t, {});
  act(game, t, "pass");
  // Both bid 3; Hallik's Combat 1 ties Kwaidyno's: the monolith owner (Kwaidyno) first.
  REQUIRE(t.actor == 0);
  for (int k = 0; k < 3; ++k) act(game, t, "pool a point on Nevajin [w0]");
  act(game, t, "end turn");
  act(game, t, "claim Nevajin [w0]");
  CHECK(t.heroes[1].valor == 12);
  CHECK(t.heroes[1].wounds() == 2);
  CHECK(t.heroes[1].points == 0);
  CHECK(t.heroes[0].valor == 0);
}

TEST_CASE("co-op wilderness quests are completed before they are claimed") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"});
  const int pelts = card_index(game, "Bring Back Pelts");  // combat quest, tiers 2 3
  put_in_wilderness(s, pelts, 0b01);
  put_in_town(s, 0, card_index(game, "Aneen Stampede"));
  put_in_town(s, 1, card_index(game, "Aneen Stampede", 1));
  skip_to(game, s, Combat);
  bid(game, s, {0, 2});
  bid(game, s, {});
  act(game, s, "claim Aneen Stampede [t0]");
  CHECK(s.wild[0].tokens == 1);
  act(game, s, "claim Aneen Stampede [t1]");
  CHECK(s.wild[0].tokens == 2);
  CHECK(s.heroes[0].valor_by[FromTiers] == 5);
  act(game, s, "end turn");
  // Next round's Charm phase: the completed quest is claimed for its cost.
  game.apply(s, {Verb::EndBid, 0, 0});
  game.apply(s, {Verb::EndBid, 0, 0});
  while (s.phase != Charm || s.round != 2) game.apply(s, {Verb::EndBid, 0, 0});
  empty_wilderness_deck(s);
  bid(game, s, {2, 3});
  bid(game, s, {});
  act(game, s, "pass");  // Kwaidyno keeps his Charm token
  act(game, s, "claim Bring Back Pelts [w0]");
  CHECK(s.heroes[0].valor_by[FromClaims] == 2 + 2);
  CHECK(s.wild_discard.contains(uint8_t(pelts)));
}

TEST_CASE("worked example: cyphers left in the wilderness raise the threshold to 19") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"});
  put_in_wilderness(s, card_index(game, "Tinker Golem"));
  const int machine = card_index(game, "Machine in the Wall");
  take_card(s, machine);  // it comes out in round 3
  empty_wilderness_deck(s);
  for (int round = 1; round <= 2; ++round) {
    s.round = uint8_t(round);
    game.threshold_phase(s);
  }
  CHECK(s.threshold_raise == 2);
  s.wild.push_back({uint8_t(machine), 0, kNone, 0, 0});
  s.round = 3;
  for (int h = 0; h < 2; ++h)
    s.heroes[size_t(h)].valor = s.heroes[size_t(h)].valor_by[FromPowers] = 19;
  State failing = s;
  game.threshold_phase(s);
  CHECK(s.threshold_raise == 4);
  CHECK_FALSE(game.is_terminal(s));
  CHECK(s.checks_passed == 1);
  CHECK(s.margin == 0);
  CHECK(game.threshold(s.checks_passed) + s.threshold_raise == 44);  // the token moves to 44
  // One hero one Valor short (or carrying a wound) loses the game.
  wound(failing, 1);
  game.threshold_phase(failing);
  REQUIRE(game.is_terminal(failing));
  CHECK(failing.end_reason == EndReason::FailedCheck1);
  CHECK(failing.margin == -5);
  for (int h = 0; h < 2; ++h) CHECK(game.returns(failing)[size_t(h)] == -1.0);
}

TEST_CASE("threshold checks after rounds 3, 6 and 9 (3 and 5 in a quick game)") {
  const NinthWorldGame standard = coop(1);
  CHECK(standard.checks() == 3);
  CHECK(standard.check_round(0) == 3);
  CHECK(standard.check_round(1) == 6);
  CHECK(standard.check_round(2) == 9);
  const NinthWorldGame quick = coop(1, {{"length", "quick"}, {"threshold2", "33"}});
  CHECK(quick.checks() == 2);
  CHECK(quick.check_round(0) == 3);
  CHECK(quick.check_round(1) == 5);
  CHECK(quick.threshold(1) == 33);
  // No check after other rounds.
  State s = setup(quick, {"Kwaidyno"});
  empty_wilderness_deck(s);
  s.round = 2;
  quick.threshold_phase(s);
  CHECK_FALSE(quick.is_terminal(s));
  CHECK(s.checks_passed == 0);
}

TEST_CASE("creatures attack the town: the farthest unwounded slot, never refilled") {
  const NinthWorldGame game = coop(1, {{"town_slots", "3"}});
  int destroyed = 0;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    State s = setup(game, {"Kwaidyno"});
    put_in_wilderness(s, card_index(game, "Cragworm"));    // cost 5: two dice
    put_in_wilderness(s, card_index(game, "Laak Swarm"));  // cost 1: one die
    empty_wilderness_deck(s);
    game.end_round(s);  // fills the town row
    s.round = 1;
    s.rng.reseed(seed);
    // The same dice, rolled here: a creature hits when any of its dice is bad.
    Rng dice = s.rng;
    int hits = 0;
    for (int n : {2, 1}) {
      bool bad = false;
      for (int d = 0; d < n; ++d) bad |= dice.below(6) >= 4;
      hits += bad;
    }
    const auto town = s.town;
    game.threshold_phase(s);
    const int expected_mask = hits == 0 ? 0 : hits == 1 ? 0b100 : 0b110;
    CHECK(s.town_wounds == expected_mask);
    for (int slot = 0; slot < 3; ++slot)
      CHECK(s.town[size_t(slot)] == ((expected_mask >> slot & 1) ? kNone : town[size_t(slot)]));
    if (hits > 0) {
      s.heroes[0].valor = s.heroes[0].valor_by[FromPowers] = 100;
      game.end_round(s);
      CHECK(s.town[2] == kNone);  // wounded slots do not refill
    }
    // A third hit destroys the town.
    State t = setup(game, {"Kwaidyno"});
    t.town_wounds = 0b011;
    put_in_wilderness(t, card_index(game, "Nevajin"));   // cost 6: two dice
    put_in_wilderness(t, card_index(game, "Jiraskar"));  // cost 5: two dice
    empty_wilderness_deck(t);
    t.rng.reseed(seed);
    game.threshold_phase(t);
    if (t.town_wounds == 0b111) {
      ++destroyed;
      CHECK(game.is_terminal(t));
      CHECK(t.end_reason == EndReason::TownDestroyed);
    }
  }
  CHECK(destroyed > 30);  // four dice: 1 - (1/3)^4... at least one bad in most seeds
}

TEST_CASE("quests populate the wilderness: heroes plus incomplete quests, prizes claimed") {
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Kwaidyno", "Qbrys"}, 1);
  put_in_wilderness(s, card_index(game, "Wake the Queen"));
  put_in_wilderness(s, card_index(game, "Hunt Abhumans"));
  s.wild[1].tokens = 2;  // complete: does not count
  on_top_of_wilderness(s, card_index(game, "Laak Swarm"));
  on_top_of_wilderness(s, card_index(game, "Shins"));
  on_top_of_wilderness(s, card_index(game, "Laak Swarm", 1));
  on_top_of_wilderness(s, card_index(game, "Laak Swarm", 2));
  s.round = 1;
  const int before = int(s.wild.size());
  game.threshold_phase(s);
  CHECK(int(s.wild.size()) == before + 3);       // 2 heroes + 1 incomplete quest
  CHECK(s.heroes[1].valor_by[FromPrizes] == 2);  // Shins to the monolith owner, replaced
}

TEST_CASE("solo: one hero, three allies discarded for +2 in a matching phase") {
  const NinthWorldGame game = make_game({{"mode", "solo"}, {"region", "Milave"}});
  CHECK(game.num_players() == 1);
  State s = setup(game, {"Kwaidyno"});
  s.ally_def = {uint8_t(hero_index(game, "Hallik")), uint8_t(hero_index(game, "Selis")),
                uint8_t(hero_index(game, "Rorke"))};
  bid(game, s, {2});  // Scout
  // Hallik (combat, scout) and Selis (scout, focus) match Scout; Rorke (focus, tinker) does not.
  CHECK(has_action(game, s, "discard ally Hallik"));
  CHECK(has_action(game, s, "discard ally Selis"));
  CHECK_FALSE(has_action(game, s, "discard ally Rorke"));
  act(game, s, "discard ally Selis");
  CHECK(s.heroes[0].total == 3);
  CHECK(s.heroes[0].points == 3);
  CHECK(s.heroes[0].allies == 0b101);
  act(game, s, "pass");
  CHECK(s.step == Step::Act);
}

TEST_CASE("co-op: the team shares one result") {
  const NinthWorldGame game = coop(3, {{"length", "quick"}});
  const RandomPolicy<NinthWorldGame> random(game);
  Rng rng(3);
  for (uint64_t seed = 0; seed < 30; ++seed) {
    State s = game.initial_state(seed);
    while (!game.is_terminal(s)) game.apply(s, random.choose(s, rng));
    const auto r = game.returns(s);
    CHECK(r[0] == r[1]);
    CHECK(r[1] == r[2]);
    CHECK(r[0] == (s.end_reason == EndReason::TeamWon ? 1.0 : -1.0));
  }
  // Surviving the last round with the town standing wins for everyone.
  State s = setup(game, {"Kwaidyno", "Qbrys", "Selis"});
  s.round = 5;
  s.checks_passed = 2;
  game.end_round(s);
  REQUIRE(game.is_terminal(s));
  CHECK(s.end_reason == EndReason::TeamWon);
  for (int h = 0; h < 3; ++h) CHECK(game.returns(s)[size_t(h)] == 1.0);
}

TEST_CASE("graded returns: how far a losing team got, 1 for a win, nothing in competitive play") {
  const NinthWorldGame game = coop(2);  // standard: 9 rounds, 5 town slots, checks 15/40/75
  const auto finished = [&](EndReason reason, int round, int checks_passed, uint8_t wounds,
                            int lowest) {
    State s = setup(game, {"Kwaidyno", "Qbrys"});
    s.step = Step::Over;
    s.end_reason = reason;
    s.end_round = uint8_t(round);
    s.checks_passed = uint8_t(checks_passed);
    s.town_wounds = wounds;
    s.heroes[0].valor = int16_t(lowest);
    s.heroes[1].valor = int16_t(lowest + 30);
    return s;
  };
  const auto grade = [&](const State& s) {
    const auto g = game.graded_returns(s);
    CHECK(g[0] == g[1]);  // the team's, like its result
    return g[0];
  };
  CHECK(grade(finished(EndReason::TeamWon, 9, 3, 0b00011, 90)) == 1.0);
  // The first check failed after round 3 with 10 of 20 Valor (threshold 15, raised by 5), the
  // town whole: two of nine rounds done, all five slots, half the Valor.
  State failed = finished(EndReason::FailedCheck1, 3, 0, 0, 10);
  failed.threshold_raise = 5;
  CHECK(grade(failed) == Approx(-1 + 2 * (2.0 / 9 + 1 + 0.5) / 3));
  State closer = failed;
  closer.heroes[0].valor = 18;
  CHECK(grade(closer) > grade(failed));
  // A town that falls later, or with the checks passed, is worth more; a loss less than a win.
  const double early = grade(finished(EndReason::TownDestroyed, 4, 1, 0b11111, 30));
  const double late = grade(finished(EndReason::TownDestroyed, 8, 2, 0b11111, 60));
  CHECK(late > early);
  CHECK(late < 1.0);
  CHECK(early >= -1.0);
  // Competitive games have no finer measure than the result.
  const NinthWorldGame competitive = make_game({{"players", "2"}});
  State c = competitive.initial_state(1);
  c.step = Step::Over;
  c.end_reason = EndReason::Highest;
  CHECK(competitive.graded_returns(c)[0] == 0.0);
  CHECK(competitive.graded_returns(c)[1] == 0.0);
}
