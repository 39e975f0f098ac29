// The conformance suite on every mode and player count (the rules' invariants after every
// step, replay by action text, determinization), the invariants' own scenarios and the
// balance statistics.
#include <catch2/catch.hpp>

#include <map>

#include "agents/agent.hpp"
#include "tests/conformance.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

TEST_CASE("ninth-world: competitive games of 2 to 5 heroes pass the conformance suite") {
  for (int players = 2; players <= 5; ++players)
    nf::testing::require_conformance<NinthWorldGame>({{"players", std::to_string(players)}}, 150);
  nf::testing::require_conformance<NinthWorldGame>(
      {{"players", "3"}, {"length", "quick"}, {"set_powers", "true"}, {"town_slots", "3"}}, 150);
}

TEST_CASE("ninth-world: co-op and solo games pass the conformance suite") {
  for (int players = 1; players <= 5; ++players)
    nf::testing::require_conformance<NinthWorldGame>(
        {{"mode", "coop"}, {"players", std::to_string(players)}}, 150);
  nf::testing::require_conformance<NinthWorldGame>({{"mode", "solo"}}, 200);
  nf::testing::require_conformance<NinthWorldGame>({{"mode", "coop"},
                                                    {"players", "2"},
                                                    {"length", "quick"},
                                                    {"threshold1", "0"},
                                                    {"threshold2", "0"}},
                                                   150);
}

TEST_CASE("ninth-world: set powers in every mode pass the conformance suite") {
  for (const char* mode : {"competitive", "coop", "solo"})
    nf::testing::require_conformance<NinthWorldGame>({{"mode", mode}, {"set_powers", "true"}}, 40);
}

namespace {

// Takes `copy` (a Who Forges a Bond choice) in a copy of `s` and plays the rest of the phase at
// random, the copier using its tableau power whenever it may; true when the copied power acted.
// A power that acted is marked used; a no-claim power acts at the end of the phase, when the
// marks are cleared, so Valor from powers (all the base set's no-claim powers give Valor)
// counts too.
bool copy_acts(const NinthWorldGame& game, State s, Action copy, Rng& rng) {
  const RandomPolicy<NinthWorldGame> random(game);
  const int copier = s.actor, round = s.round, phase = s.phase;
  const int valor_from_powers = s.heroes[size_t(copier)].valor_by[FromPowers];
  game.apply(s, copy);
  while (!game.is_terminal(s) && s.round == round && s.phase == phase &&
         (s.step == Step::BidPowers || s.step == Step::Act)) {
    if (s.heroes[size_t(copier)].used & 1) return true;
    Action chosen = random.choose(s, rng);
    if (s.actor == copier) {
      FixedVector<Action, NinthWorldGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      for (const Action& a : actions)
        if (a.verb == Verb::Power && a.a == TableauPower) chosen = a;
    }
    game.apply(s, chosen);
  }
  return s.heroes[size_t(copier)].valor_by[FromPowers] > valor_from_powers;
}

}  // namespace

TEST_CASE("ninth-world: every copy Who Forges a Bond is offered can act in its phase") {
  // Random games with Zenn Coral in every mode. Every copy offered is taken in a copy of the
  // state and the phase played out: a copied bid or use power acts every time; a claim,
  // advance or no-claim power acts only if the hero claims or advances, so each copied power
  // must act in at least one game in each phase it was offered in.
  const std::vector<std::map<std::string, std::string>> configs = {
      {{"players", "2"}},
      {{"players", "3"}},
      {{"players", "5"}},
      {{"mode", "coop"}, {"players", "3"}},
      {{"mode", "solo"}}};
  std::map<std::pair<std::string, int>, bool> acted;  // (copied power, phase): acted once
  Rng rng(7);
  for (auto config : configs) {
    config["heroes"] = "Zenn Coral";
    const NinthWorldGame game = make_game(config);
    const RandomPolicy<NinthWorldGame> random(game);
    for (uint64_t seed = 0; seed < 40; ++seed) {
      State s = game.initial_state(seed);
      while (!game.is_terminal(s)) {
        FixedVector<Action, NinthWorldGame::kMaxActions> actions;
        if (s.step == Step::BidPowers) game.legal_actions(s, actions);
        for (const Action& a : actions) {
          if (a.verb != Verb::Power || a.a != CopyPower) continue;
          const Power& copied = game.copied_power(game.copy_code(s, a.b));
          bool acts = false;
          for (int tries = 0; tries < 4 && !acts; ++tries) acts = copy_acts(game, s, a, rng);
          INFO(game.action_to_string(s, a)
               << " (" << copied.text << ") in " << skill_name(s.phase) << ", seed " << seed);
          if (copied.trigger == Trigger::Bid || copied.trigger == Trigger::Use) CHECK(acts);
          bool& once = acted[{copied.text, s.phase}];
          once = once || acts;
        }
        game.apply(s, random.choose(s, rng));
      }
    }
  }
  REQUIRE(acted.size() >= 10);
  for (const auto& [copied, once] : acted) {
    INFO(copied.first << " in " << skill_name(copied.second));
    CHECK(once);
  }
}

TEST_CASE("ninth-world invariants: each broken rule is named") {
  const NinthWorldGame game = make_game({{"players", "3"}});
  const State fresh = game.initial_state(2);
  REQUIRE(game.broken_invariant(fresh) == "");
  auto broken = [&](auto&& corrupt) {
    State s = fresh;
    corrupt(s);
    return game.broken_invariant(s);
  };
  CHECK(broken([](State& s) {
          s.town_discard.push_back(s.town_deck.back());
        }).find("is in 2 zones") != std::string::npos);
  CHECK(broken([](State& s) { s.wild_deck.pop_back(); }).find("is in 0 zones") !=
        std::string::npos);
  CHECK(broken([](State& s) { s.power_deck.pop_back(); }).find("is in 0 places") !=
        std::string::npos);
  CHECK(broken([](State& s) { s.heroes[1].rank[0] = 5; }).find("a skill card of rank 5") !=
        std::string::npos);
  CHECK(broken([](State& s) {
          s.heroes[1].skill[1] = s.heroes[1].skill[0];
        }).find("two cards of one skill") != std::string::npos);
  CHECK(broken([](State& s) {
          s.heroes[2].valor += 3;
        }).find("has 3 Valor but its sources add up to 0") != std::string::npos);
  CHECK(broken([](State& s) { s.town_wounds = 1; }).find("wounded town slot 0") !=
        std::string::npos);
  CHECK_THAT(broken([](State& s) { s.end_reason = EndReason::Highest; }),
             Catch::Contains("an end reason before the game is over"));
  CHECK_THAT(broken([](State& s) { s.step = Step::Over; }),
             Catch::Contains("over without an end reason"));
  CHECK_THAT(broken([](State& s) {
               s.step = Step::Over;
               s.end_reason = EndReason::TeamWon;
             }),
             Catch::Contains("a competitive game ended by 'team_won'"));
  const NinthWorldGame coop = make_game({{"mode", "coop"}, {"players", "3"}});
  State lost = coop.initial_state(2);
  lost.step = Step::Over;
  lost.end_reason = EndReason::Highest;
  CHECK_THAT(coop.broken_invariant(lost), Catch::Contains("a co-op game ended by 'highest_valor'"));
}

TEST_CASE("ninth-world: balance statistics add up") {
  for (const char* mode : {"competitive", "coop"}) {
    const NinthWorldGame game = make_game({{"mode", mode}, {"players", "3"}});
    const ElementSchema schema = game.element_schema();
    REQUIRE(schema.metrics.size() == 16);
    CHECK(schema.metrics[14].name == "claimed");
    ElementStats stats(schema);
    const RandomPolicy<NinthWorldGame> random(game);
    Rng rng(4);
    std::array<int64_t, kMaxHeroDefs> valor{};
    for (uint64_t seed = 0; seed < 50; ++seed) {
      State s = game.initial_state(seed);
      while (!game.is_terminal(s)) game.apply(s, random.choose(s, rng));
      game.collect_elements(s, stats);
      for (int h = 0; h < 3; ++h) valor[s.heroes[size_t(h)].def] += s.heroes[size_t(h)].valor;
    }
    uint64_t hero_games = 0;
    for (size_t hero = 0; hero < game.data().heroes.size(); ++hero) {
      const int row = int(hero);
      CHECK(stats.mean(row, 1).sum == valor[hero]);  // valor
      int64_t sources = 0;
      for (int m = 4; m < 4 + kSources; ++m) sources += stats.mean(row, m).sum;
      CHECK(sources == valor[hero]);
      hero_games += stats.rate(row, 0).trials;
    }
    CHECK(hero_games == 150);
    const int team = int(game.data().heroes.size() + game.data().regions.size()) + 1;
    CHECK(schema.elements[size_t(team)] == "team");
    if (game.cooperative()) {
      CHECK(stats.rate(team, 0).trials == 50);
      CHECK(stats.mean(team, 12).n == 50);  // end_round
    } else {
      CHECK(stats.rate(team - 1, 0).trials == 50);  // first monolith
    }
    CHECK(stats.rate(team + 1, 14).trials == 150);  // every hero-game counts for each card
  }
}

TEST_CASE("ninth-world: co-op statistics by the pair of heroes on the team") {
  const NinthWorldGame game = make_game({{"mode", "coop"}, {"players", "3"}});
  const ElementSchema schema = game.element_schema();
  const size_t heroes = game.data().heroes.size();
  std::vector<int> pair_rows;
  for (size_t e = 0; e < schema.elements.size(); ++e)
    if (schema.group_name(schema.group(e)) == "hero pair") pair_rows.push_back(int(e));
  REQUIRE(pair_rows.size() == heroes * (heroes - 1) / 2);
  ElementStats stats(schema);
  const RandomPolicy<NinthWorldGame> random(game);
  Rng rng(6);
  std::map<std::string, std::pair<uint64_t, uint64_t>> expected;  // pair: wins, games
  for (uint64_t seed = 0; seed < 60; ++seed) {
    State s = game.initial_state(seed);
    // Half the games are won, so the pairs' wins are checked too.
    if (seed % 2 == 0) {
      while (!game.is_terminal(s)) game.apply(s, random.choose(s, rng));
    } else {
      s.step = Step::Over;
      s.end_reason = EndReason::TeamWon;
    }
    game.collect_elements(s, stats);
    for (int x = 0; x < 3; ++x)
      for (int y = 0; y < 3; ++y) {
        const int a = s.heroes[size_t(x)].def, b = s.heroes[size_t(y)].def;
        if (a >= b) continue;
        auto& [wins, games] = expected["pair:" + game.data().heroes[size_t(a)].name + "+" +
                                       game.data().heroes[size_t(b)].name];
        wins += s.end_reason == EndReason::TeamWon;
        ++games;
      }
  }
  uint64_t total = 0;
  for (int row : pair_rows) {
    const auto it = expected.find(schema.elements[size_t(row)]);
    const RateCounter& r = stats.rate(row, 0);
    CHECK(r.trials == (it == expected.end() ? 0 : it->second.second));
    CHECK(r.hits == (it == expected.end() ? 0 : it->second.first));
    total += r.trials;
  }
  CHECK(total == 60 * 3);  // three pairs in every 3-hero team
  // Competitive play has no pair rows.
  const ElementSchema competitive = make_game({{"players", "3"}}).element_schema();
  for (size_t e = 0; e < competitive.elements.size(); ++e)
    CHECK(competitive.group_name(competitive.group(e)) != "hero pair");
}
