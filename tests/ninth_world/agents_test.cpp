// The agents on The Ninth World: the heuristic against random, ismcts in competitive and
// co-op play, and the proof that no search sees another hero's bid before the reveal.
#include <catch2/catch.hpp>

#include "agents/registry.hpp"
#include "tests/agents/helpers.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

// Points of `spec` against `other` over `deals` deals, each played in both seat orders.
double score_against(const NinthWorldGame& game, const std::string& spec, const std::string& other,
                     int deals) {
  auto a = make_agent(game, spec), b = make_agent(game, other);
  double points = 0;
  for (int d = 0; d < deals; ++d) {
    points += testing::play<NinthWorldGame>(game, {a.get(), b.get()}, uint64_t(d))[0] > 0;
    points += testing::play<NinthWorldGame>(game, {b.get(), a.get()}, uint64_t(d))[1] > 0;
  }
  return points / (2.0 * deals);
}

// The move the heuristic with these weights (the rest at their defaults) chooses in `s`.
std::string choice(const NinthWorldGame& game, const State& s,
                   std::map<std::string, std::string> weights = {}) {
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), std::move(weights), "heuristic"));
  Rng rng(1);
  return game.action_to_string(s, heuristic.choose(s, rng));
}

}  // namespace

TEST_CASE("ninth-world agents: the heuristic beats random clearly in competitive play") {
  const NinthWorldGame game = make_game({{"players", "2"}});
  CHECK(score_against(game, "heuristic", "random", 100) > 0.8);
}

TEST_CASE("ninth-world agents: ismcts plays competitive and co-op games reproducibly") {
  for (const auto& config : std::vector<std::map<std::string, std::string>>{
           {{"players", "3"}, {"length", "quick"}},
           {{"mode", "coop"}, {"players", "2"}, {"length", "quick"}},
           {{"mode", "solo"}, {"length", "quick"}}}) {
    const NinthWorldGame game = make_game(config);
    std::vector<std::unique_ptr<Agent<NinthWorldGame>>> agents;
    std::vector<Agent<NinthWorldGame>*> seats;
    for (int p = 0; p < game.num_players(); ++p) {
      agents.push_back(make_agent(game, p == 0 ? "ismcts(iterations=30)" : "heuristic"));
      seats.push_back(agents.back().get());
    }
    const auto first = testing::play<NinthWorldGame>(game, seats, 9);
    const auto second = testing::play<NinthWorldGame>(game, seats, 9);
    CHECK(first == second);
    if (game.cooperative())
      for (int p = 1; p < game.num_players(); ++p) CHECK(first[size_t(p)] == first[0]);
  }
}

TEST_CASE("ninth-world agents: no search sees another hero's bid before the reveal") {
  const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
  // Seat 0 has bid, differently in the two worlds; seat 1 is to bid.
  State low = game.initial_state(3), high = low;
  game.apply(low, {Verb::EndBid, 0, 0});
  game.apply(high, {Verb::Bid, 0, 0});
  game.apply(high, {Verb::Bid, 1, 0});
  game.apply(high, {Verb::EndBid, 0, 0});
  REQUIRE(low.actor == 1);
  REQUIRE(high.actor == 1);
  REQUIRE(low.heroes[0].bid != high.heroes[0].bid);
  CHECK(game.observation(low, 1) == game.observation(high, 1));
  CHECK(game.observation(low, 0) != game.observation(high, 0));
  // Determinized worlds for seat 1 never keep seat 0's real bid in preference.
  Rng rng(5);
  int kept = 0;
  for (int i = 0; i < 200; ++i) {
    State world = high;
    game.determinize(world, 1, rng);
    kept += world.heroes[0].bid == high.heroes[0].bid;
    CHECK(world.heroes[1].bid == high.heroes[1].bid);
  }
  CHECK(kept < 100);
  // The same search from both worlds: identical statistics, so the bid is not seen.
  for (const char* spec : {"ismcts(iterations=300)", "flatmc(iterations=300)"}) {
    auto a = make_agent(game, spec), b = make_agent(game, spec);
    Rng ra(11), rb(11);
    const Action x = a->act(low, ra), y = b->act(high, rb);
    CHECK(x == y);
    CHECK(testing::root_visits(game, *a, low) == testing::root_visits(game, *b, high));
  }
}

TEST_CASE("ninth-world agents: in co-op the heuristic survives the first check far more often") {
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "3"}, {"length", "quick"}});
  auto survival = [&](const std::string& spec) {
    auto agent = make_agent(game, spec);
    std::vector<Agent<NinthWorldGame>*> seats(3, agent.get());
    int passed = 0;
    for (uint64_t deal = 0; deal < 150; ++deal) {
      Rng rng(deal);
      std::vector<Rng> rngs(3, rng);
      const auto played =
          play_game<NinthWorldGame>(game, std::span<Agent<NinthWorldGame>* const>(seats),
                                    derive_seed(7, deal, Stream::Deal), rngs);
      passed += played.final_state.checks_passed > 0;
    }
    return passed / 150.0;
  };
  const double heuristic = survival("heuristic"), random = survival("random");
  INFO("heuristic " << heuristic << " random " << random);
  CHECK(heuristic > random + 0.15);
}

TEST_CASE("ninth-world heuristic co-op: keeps its cards for the creature it marked") {
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"region", "Milave"}});
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  State s = setup(game, {"Qbrys", "Kwaidyno"});
  // Qbrys (Charm 1, Tinker 1, three Effort) marked an Ellnoica (cost 3) and spends two Effort
  // in Scout: the three cards left are just enough for the Ellnoica.
  put_in_wilderness(s, card_index(game, "Ellnoica"), 0b01);
  bid(game, s, {2, 3});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  act(game, s, "end turn");
  REQUIRE(s.phase == Tinker);
  REQUIRE(s.actor == 0);
  CHECK(heuristic.desired_bid(s, 0) == 0);  // nothing to claim: its Tinker card waits
  skip_to(game, s, Combat);
  REQUIRE(s.actor == 0);
  const uint8_t combat = heuristic.desired_bid(s, 0);
  int points = 0;
  for (int i = 0; i < kHandSize; ++i)
    if (combat >> i & 1) points += NinthWorldGame::bid_points(s.heroes[0], i, Combat);
  CHECK(points == 3);
}

TEST_CASE("ninth-world heuristic co-op: marks a quest it can complete, draws no new threats") {
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"region", "Milave"}});
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  State s = setup(game, {"Selis", "Qbrys"});
  put_in_wilderness(s, card_index(game, "Walk the Skyfields"));  // a scout quest
  bid(game, s, {0, 2});                                          // Selis: Scout 1 and an Effort
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");  // its powers unused
  REQUIRE(s.step == Step::Act);
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  for (const Action& a : actions) {
    if (a.verb == Verb::Mark) CHECK(heuristic.action_score(s, a) > 0);
    if (a.verb == Verb::Draw) CHECK(heuristic.action_score(s, a) < 0);
  }
  Rng rng(1);
  CHECK(game.action_to_string(s, heuristic.choose(s, rng)) == "mark Walk the Skyfields [w0]");
}

TEST_CASE("ninth-world heuristic co-op: a marked wilderness creature before a better town claim") {
  // Tessaly (Combat 2, three Effort: 5 Combat points) marked a Cragworm (cost 5); a Seskii
  // Pack in town (cost 2, +1 Valor per Combat rank) scores higher on its own, but claiming it
  // closes the wilderness for the phase and leaves too few points for the Cragworm.
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Tessaly", "Qbrys"});
  set_hand(s.heroes[0], {{Combat, 2}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  put_in_wilderness(s, card_index(game, "Cragworm"), 0b01);
  put_in_town(s, 0, card_index(game, "Seskii Pack"));
  skip_to(game, s, Combat);
  bid(game, s, {0, 2, 3, 4});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");  // its token unused
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  CHECK(choice(game, s) == "claim Cragworm [w0]");
  CHECK(choice(game, s, {{"coop_town", "0"}}) == "claim Seskii Pack [t0]");
}

TEST_CASE("ninth-world heuristic co-op: raises a rank before turning Effort into a new skill") {
  // With 2 Focus points: Combat 1 to 2 (a point more in every Combat phase) rather than a
  // rank-1 skill from Effort, which adds no point to any bid.
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Tessaly", "Qbrys"});
  set_hand(s.heroes[0], {{Combat, 1}, {Charm, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  skip_to(game, s, Focus);
  bid(game, s, {0, 2});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  CHECK(choice(game, s) == "advance combat to 2");
  CHECK(choice(game, s, {{"coop_effort", "1"}}).rfind("advance effort to", 0) == 0);
}

TEST_CASE("ninth-world heuristic co-op: marks a charm quest once it marked a quest it completes") {
  // A charm quest's tier comes when its marker completes another quest: worth a mark only to
  // a hero who marked a quest it can complete (a scout quest here).
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Selis", "Qbrys"});
  const int scout_quest = put_in_wilderness(s, card_index(game, "Walk the Skyfields"), 0b01);
  put_in_wilderness(s, card_index(game, "Wake the Queen"));
  bid(game, s, {0, 2});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  Action mark;
  REQUIRE(find_action_by_text(game, s, "mark Wake the Queen [w1]", mark));
  CHECK(heuristic.action_score(s, mark) > 0);
  s.wild[size_t(scout_quest)].marks = 0;  // no quest of its own to complete
  CHECK(heuristic.action_score(s, mark) < 0);
}

TEST_CASE("ninth-world heuristic co-op: a wounded hero in a team marks the cypher that heals it") {
  // Selis (two wounds) has one Scout point: a Laak Swarm threatens the town, a Stasis Keeper
  // would heal both wounds (10 at every check). In a team it marks the Stasis Keeper (the
  // other hero can take the creature); unwounded, alone, or without the rule, the creature.
  auto scout_mark = [](int players, int wounds, std::map<std::string, std::string> weights) {
    const NinthWorldGame game = coop(players);
    std::vector<std::string> heroes = {"Selis", "Qbrys", "Kwaidyno"};
    heroes.resize(size_t(players));
    State s = setup(game, heroes);
    for (int w = 0; w < wounds; ++w) wound(s, 0);
    put_in_wilderness(s, card_index(game, "Laak Swarm"));
    put_in_wilderness(s, card_index(game, "Stasis Keeper"));
    bid(game, s, {0});
    for (int h = 1; h < players; ++h) bid(game, s, {});
    while (s.step == Step::BidPowers) act(game, s, "pass");
    REQUIRE(s.step == Step::Act);
    REQUIRE(s.actor == 0);
    return choice(game, s, std::move(weights));
  };
  CHECK(scout_mark(2, 2, {}) == "mark Stasis Keeper [w1]");
  CHECK(scout_mark(3, 1, {}) == "mark Stasis Keeper [w1]");
  CHECK(scout_mark(2, 0, {}) == "mark Laak Swarm [w0]");
  CHECK(scout_mark(2, 2, {{"coop_rescue", "0"}}) == "mark Laak Swarm [w0]");
  CHECK(scout_mark(1, 2, {}) == "mark Laak Swarm [w0]");
}

TEST_CASE(
    "ninth-world heuristic co-op: keeps a rank-1 card out of a claiming phase with nothing to "
    "claim") {
  // Charm with nothing marked or worth claiming: a Charm 1 card counts 1 in any phase, so it
  // waits (for a later claim, a heal or an advance in Focus); a Charm 2 counts 2 only here.
  auto charm_bid = [](int rank, std::map<std::string, std::string> weights) {
    const NinthWorldGame game = coop(2);
    State s = setup(game, {"Selis", "Qbrys"});
    set_hand(s.heroes[0], {{Charm, rank}, {Tinker, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
    skip_to(game, s, Charm);
    REQUIRE(s.step == Step::Bid);
    REQUIRE(s.actor == 0);
    const Heuristic heuristic(game, ParamSet(Heuristic::schema(), std::move(weights), "h"));
    return heuristic.desired_bid(s, 0);
  };
  CHECK(charm_bid(1, {}) == 0);
  CHECK(charm_bid(2, {}) == 0b00001);
  CHECK(charm_bid(1, {{"coop_own_extra", "1"}}) == 0b00001);
}

TEST_CASE("ninth-world heuristic: uses its hero token at once in competitive play") {
  // Hallik's token gives +1 Scout point. With nothing to mark in Scout, the old rule
  // (hold_token=1) kept it for a phase short of points; it now uses it (the point becomes
  // Valor if nothing else).
  const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Hallik", "Qbrys"});
  bid(game, s, {1});  // its Scout card
  bid(game, s, {});
  while (s.step == Step::BidPowers && s.actor != 0) act(game, s, "pass");
  REQUIRE(s.step == Step::BidPowers);
  REQUIRE(has_action(game, s, "use hero token"));
  CHECK(choice(game, s) == "use hero token");
  CHECK(choice(game, s, {{"hold_token", "1"}}) == "pass");
}

TEST_CASE("ninth-world agents: heuristic teams win quick co-op games far more often than random") {
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "2"}, {"length", "quick"}});
  auto wins = [&](const std::string& spec) {
    auto agent = make_agent(game, spec);
    int won = 0;
    for (uint64_t deal = 0; deal < 150; ++deal)
      won += testing::play<NinthWorldGame>(game, {agent.get(), agent.get()}, deal)[0] > 0;
    return won / 150.0;
  };
  const double heuristic = wins("heuristic"), random = wins("random");
  INFO("heuristic " << heuristic << " random " << random);
  CHECK(heuristic > random + 0.2);
}

TEST_CASE("ninth-world heuristic co-op: a completed wilderness quest is worth only its Valor") {
  // Selis marked Walk the Skyfields (cost 4, Valor 4, one tier of 6) and its tier is done:
  // the tier's Valor went to the hero who completed it, so claiming the quest now gains what
  // its 4 points would convert to. No card is bid in Charm for it, and bid, the claim is not
  // scored above converting (before, the paid tier was counted again: bids and claims of 0).
  const NinthWorldGame game = coop(2);
  State s = setup(game, {"Selis", "Qbrys"});
  set_hand(s.heroes[0], {{Charm, 1}, {Tinker, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
  const int quest = put_in_wilderness(s, card_index(game, "Walk the Skyfields"), 0b01);
  skip_to(game, s, Charm);
  REQUIRE(s.step == Step::Bid);
  REQUIRE(s.actor == 0);
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  CHECK(heuristic.desired_bid(s, 0) == 0);  // incomplete: nothing to claim yet
  s.wild[size_t(quest)].tokens = 1;
  CHECK(heuristic.desired_bid(s, 0) == 0);  // complete: worth only its cost
  bid(game, s, {0, 1, 2, 3});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  Action claim;
  REQUIRE(find_action_by_text(game, s, "claim Walk the Skyfields [w0]", claim));
  CHECK(heuristic.action_score(s, claim) < 0.5);
}

namespace {

// Two heroes, Selis and Qbrys, with `card` alone in the wilderness: Selis bid one card in
// Scout, and it is her turn to act; `mark` is her mark of the card.
State first_scout_turn(const NinthWorldGame& game, const std::string& card, Action& mark) {
  State s = setup(game, {"Selis", "Qbrys"});
  put_in_wilderness(s, card_index(game, card));
  bid(game, s, {0});
  bid(game, s, {});
  while (s.step == Step::BidPowers) act(game, s, "pass");
  REQUIRE(s.step == Step::Act);
  REQUIRE(s.actor == 0);
  REQUIRE(find_action_by_text(game, s, "mark " + card + " [w0]", mark));
  return s;
}

}  // namespace

TEST_CASE("ninth-world heuristic co-op: a creature is marked for the town's risk") {
  // Round 1 of 9, one Laak Swarm (a die a round) and five unwounded slots: the creature would
  // hit about 3 times in 9 rounds, 0.6 a slot, so its danger is scaled down (times
  // `town_risk` 1.3: 0.78). With three slots wounded it is 1.5 a slot: full danger, as with
  // `town_risk=0`.
  const NinthWorldGame game = coop(2);
  Action mark;
  State s = first_scout_turn(game, "Laak Swarm", mark);
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  const Heuristic full(game, ParamSet(Heuristic::schema(), {{"town_risk", "0"}}, "heuristic"));
  const double safe = heuristic.action_score(s, mark);
  CHECK(safe < full.action_score(s, mark));
  s.town_wounds = 0b00111;
  CHECK(heuristic.action_score(s, mark) > safe);
  CHECK(heuristic.action_score(s, mark) == Approx(full.action_score(s, mark)));
}

TEST_CASE("ninth-world heuristic co-op: a cypher is marked for the last check") {
  // Quick co-op, round 4: the next check (after round 5) is the last. Both heroes have 0 Valor
  // against the 40 it needs: 20 a round, full pressure, so Tinker Golem's danger rises by
  // `check_threat` times its 2 rounds to the check, over 3 (a mark for a later round: +1 to the
  // score). Not before the first check, and not when the lowest hero needs nothing more.
  const NinthWorldGame game = coop(2, {{"length", "quick"}});
  Action mark;
  State s = first_scout_turn(game, "Tinker Golem", mark);
  const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
  const Heuristic blind(game, ParamSet(Heuristic::schema(), {{"check_threat", "0"}}, "heuristic"));
  CHECK(heuristic.action_score(s, mark) == Approx(blind.action_score(s, mark)));  // first check
  s.round = 4;
  s.checks_passed = 1;
  CHECK(heuristic.action_score(s, mark) > blind.action_score(s, mark) + 0.5);
  for (int h = 0; h < 2; ++h) s.heroes[size_t(h)].valor = 45;
  CHECK(heuristic.action_score(s, mark) == Approx(blind.action_score(s, mark)));
}
