// Thousands of random games of every mode with the rules' invariants checked after every
// step; determinism, replay by action text and determinization consistency.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "agents/agent.hpp"
#include "core/hash.hpp"
#include "tests/ninth_world/scenario.hpp"
#include "tests/reference/game_checks.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

void check_invariants(const NinthWorldGame& game, const State& s) {
  // Every town and wilderness card is in exactly one zone.
  std::array<int, kCards> seen{};
  for (uint8_t c : s.town_deck) ++seen[c];
  for (uint8_t c : s.town_discard) ++seen[c];
  for (uint8_t c : s.wild_deck) ++seen[c];
  for (uint8_t c : s.wild_discard) ++seen[c];
  for (int slot = 0; slot < kMaxTownSlots; ++slot) {
    if (slot >= game.town_slots()) REQUIRE(s.town[size_t(slot)] == kNone);
    if (s.town[size_t(slot)] != kNone) ++seen[s.town[size_t(slot)]];
    if (s.town_wounds >> slot & 1) REQUIRE(s.town[size_t(slot)] == kNone);
  }
  for (const WildCard& w : s.wild) {
    ++seen[w.card];
    REQUIRE(game.data().card(w.card).wilderness);
    REQUIRE(game.data().card(w.card).type != CardType::Prize);
  }
  std::array<int, kPowerCards> powers{};
  for (uint8_t c : s.power_deck) ++powers[c];
  for (uint8_t c : s.offered)
    if (c != kNone) ++powers[c];
  for (int h = 0; h < game.num_players(); ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    for (const Displayed& d : hero.display) {
      ++seen[d.card];
      const CardType t = game.data().card(d.card).type;
      REQUIRE((t == CardType::Cypher || t == CardType::Quest));
      if (t == CardType::Quest) REQUIRE(d.tokens < game.data().card(d.card).tiers);
    }
    for (uint8_t c : hero.stack) ++powers[c & ~kWoundSide];
    // Five skill cards: ranks 1-4, Effort rank 1, no skill twice except Effort.
    std::array<int, kSkills> count{};
    for (int i = 0; i < kHandSize; ++i) {
      const int skill = hero.skill[size_t(i)], rank = hero.rank[size_t(i)];
      REQUIRE(skill < kSkills);
      REQUIRE(rank >= 1);
      REQUIRE(rank <= (skill == Effort ? 1 : kMaxRank));
      ++count[size_t(skill)];
    }
    for (int k = Scout; k <= Focus; ++k) REQUIRE(count[size_t(k)] <= 1);
    // Valor accounting: the sum of its sources, never negative.
    int sum = 0;
    for (int16_t v : hero.valor_by) {
      REQUIRE(v >= 0);
      sum += v;
    }
    REQUIRE(hero.valor == sum);
    REQUIRE(hero.points <= hero.total);
    REQUIRE(hero.set_bonus <= kMaxRank);
  }
  for (int c = 0; c < kCards; ++c) REQUIRE(seen[size_t(c)] == 1);
  for (int c = 0; c < kPowerCards; ++c) REQUIRE(powers[size_t(c)] == 1);
  REQUIRE(s.round >= 1);
  REQUIRE(s.round <= game.rounds());
  if (!game.is_terminal(s)) {
    REQUIRE(s.actor < game.num_players());
    REQUIRE(s.phase >= Scout);
    REQUIRE(s.phase <= Focus);
  }
}

void soak(const std::map<std::string, std::string>& config, int games) {
  const NinthWorldGame game = make_game(config);
  const RandomPolicy<NinthWorldGame> random(game);
  Rng rng(7);
  std::array<int, kEndReasons> reasons{};
  for (uint64_t seed = 0; seed < uint64_t(games); ++seed) {
    State s = game.initial_state(seed);
    check_invariants(game, s);
    int steps = 0;
    while (!game.is_terminal(s)) {
      FixedVector<Action, NinthWorldGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      REQUIRE(!actions.empty());
      if (seed % 20 == 0) {  // every action has its own text, so records replay
        std::set<std::string> texts;
        for (const Action& a : actions) texts.insert(game.action_to_string(s, a));
        REQUIRE(texts.size() == actions.size());
      }
      game.apply(s, random.choose(s, rng));
      check_invariants(game, s);
      REQUIRE(++steps < 5000);
    }
    ++reasons[size_t(s.end_reason)];
  }
  if (game.cooperative()) {
    INFO("failed checks " << reasons[3] << " " << reasons[4] << " town " << reasons[6]);
    CHECK(reasons[size_t(EndReason::TeamWon)] + reasons[size_t(EndReason::FailedCheck1)] +
              reasons[size_t(EndReason::FailedCheck2)] + reasons[size_t(EndReason::FailedCheck3)] +
              reasons[size_t(EndReason::TownDestroyed)] ==
          games);
  } else {
    CHECK(reasons[size_t(EndReason::Highest)] == games);
  }
}

}  // namespace

TEST_CASE("ninth-world soak: competitive random games keep every invariant") {
  for (int players = 2; players <= 5; ++players) soak({{"players", std::to_string(players)}}, 150);
  soak({{"players", "3"}, {"length", "quick"}, {"set_powers", "true"}, {"town_slots", "3"}}, 150);
}

TEST_CASE("ninth-world soak: co-op and solo random games keep every invariant") {
  for (int players = 1; players <= 5; ++players)
    soak({{"mode", "coop"}, {"players", std::to_string(players)}}, 150);
  soak({{"mode", "solo"}}, 200);
  soak({{"mode", "coop"},
        {"players", "2"},
        {"length", "quick"},
        {"threshold1", "0"},
        {"threshold2", "0"}},
       150);
}

TEST_CASE("ninth-world: generic checks (zero-sum soak, determinism, determinization)") {
  for (int players : {2, 5}) {
    const NinthWorldGame game = make_game({{"players", std::to_string(players)}});
    testing::soak(game, 40, 5000);
    testing::check_determinism(game);
    // What determinize may change: the decks' orders and the other heroes' hidden bids.
    testing::check_determinize<NinthWorldGame>(
        game,
        [](const State& s, int observer) {
          Hasher h;
          h.add_bytes(s.town_deck).add_bytes(s.wild_deck).add_bytes(s.power_deck);
          for (int o = 0; o < kMaxHeroes; ++o)
            if (o != observer) h.add(s.heroes[size_t(o)].bid);
          return h.value();
        },
        true);
  }
  const NinthWorldGame coop = make_game({{"mode", "coop"}, {"players", "3"}});
  testing::check_determinism(coop);
}

TEST_CASE("ninth-world: a game replays from its action texts to the same state") {
  for (const char* mode : {"competitive", "coop", "solo"}) {
    const NinthWorldGame game = make_game({{"mode", mode}, {"set_powers", "true"}});
    const RandomPolicy<NinthWorldGame> random(game);
    Rng rng(21);
    for (uint64_t seed = 0; seed < 20; ++seed) {
      State played = game.initial_state(seed);
      std::vector<std::string> texts;
      while (!game.is_terminal(played)) {
        const Action a = random.choose(played, rng);
        texts.push_back(game.action_to_string(played, a));
        game.apply(played, a);
      }
      State replayed = game.initial_state(seed);
      for (const std::string& text : texts) {
        Action a;
        REQUIRE(find_action_by_text(game, replayed, text, a));
        game.apply(replayed, a);
      }
      CHECK(game.hash(replayed) == game.hash(played));
      CHECK(game.returns(replayed) == game.returns(played));
    }
  }
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
