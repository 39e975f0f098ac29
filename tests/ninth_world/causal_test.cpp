// Causal hero values (games/ninth_world/causal.cpp): the neutral hero in the data and its
// loader checks, the replacement of one seat's hero, the slots of a deal, and the planted
// imbalance found by a short run.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <set>

#include "core/error.hpp"
#include "experiments/run/causal_values.hpp"
#include "experiments/run/planted.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

const std::string kNeutralLine =
    "hero = { name = \"Nameless Wanderer\", adjective = \"scout\", noun = \"tinker\" }";

std::string with_neutral(const std::string& line) {
  std::string text = base_text();
  const size_t at = text.find(kNeutralLine);
  REQUIRE(at != std::string::npos);
  return text.replace(at, kNeutralLine.size(), line);
}

long neutral_line() {
  const std::string text = base_text();
  return 1 + std::count(text.begin(), text.begin() + long(text.find(kNeutralLine)), '\n');
}

std::string error_of(const std::string& text) {
  try {
    parse_data(text, "set.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

// The bid powers the actor may use now.
std::vector<Action> bid_powers(const NinthWorldGame& game, const State& s) {
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::vector<Action> out;
  for (const Action& a : actions)
    if (a.verb == Verb::Power) out.push_back(a);
  return out;
}

}  // namespace

TEST_CASE("ninth-world causal: the data names the neutral hero, without power or token") {
  const NinthWorldGame game = make_game();
  const HeroDef& neutral = game.data().neutral_hero;
  CHECK(neutral.name == "Nameless Wanderer");
  CHECK(neutral.adjective == Scout);
  CHECK(neutral.noun == Tinker);
  CHECK_FALSE(neutral.power.present());
  CHECK_FALSE(neutral.token.present());
  CHECK(&game.data().hero(kNeutralHero) == &neutral);
  const CausalSchema schema = game.causal_schema();
  REQUIRE(schema.groups.size() == 1);
  CHECK(schema.groups[0].reference == "Nameless Wanderer");
  CHECK(schema.elements.size() == game.data().heroes.size());
  CHECK(schema.contexts == std::vector<std::string>{"4 heroes"});
  CHECK(make_game({{"mode", "coop"}, {"players", "3"}, {"length", "quick"}})
            .causal_schema()
            .contexts == std::vector<std::string>{"co-op 3 quick"});
}

TEST_CASE("ninth-world causal: the loader names file, line and field of a bad neutral hero") {
  const long line = neutral_line();
  CHECK(error_of(with_neutral("hero = { name = \"Nobody\", adjective = \"scout\", noun = "
                              "\"tinker\", power = { when = \"bid\", effect = \"points\" } }")) ==
        fmt::format("set.toml:{}: neutral.hero.power: unknown field (known: name, adjective, noun)",
                    line));
  CHECK(error_of(with_neutral("hero = { name = \"Nobody\", adjective = \"focus\", noun = "
                              "\"focus\" }")) ==
        fmt::format("set.toml:{}: neutral.hero.noun: the adjective and noun are two different "
                    "skills (scout..focus)",
                    line));
  CHECK(error_of(with_neutral("hero = { name = \"Qbrys\", adjective = \"scout\", noun = "
                              "\"tinker\" }"))
            .starts_with(fmt::format("set.toml:{}: neutral.hero.name:", line)));
  CHECK(error_of(with_neutral("hero = \"Nobody\"")) ==
        fmt::format("set.toml:{}: neutral.hero: must be a table such as {{ name = ..., adjective "
                    "= ..., noun = ... }}",
                    line));
  std::string without = base_text();
  without.erase(without.find("[neutral]"), std::string("[neutral]\n").size() + kNeutralLine.size());
  CHECK(error_of(without).starts_with("set.toml: neutral: missing"));
}

TEST_CASE("ninth-world causal: the replacement puts the neutral hero in one seat only") {
  const NinthWorldGame game = make_game({{"heroes", "Zenn Coral+Qbrys+Kwaidyno+Iadace"}});
  const State initial = game.initial_state(99);
  const int qbrys = hero_index(game, "Qbrys");
  State replaced = initial;
  game.causal_replace(replaced, 1, qbrys);
  const Hero& hero = replaced.heroes[1];
  CHECK(hero.def == kNeutralHero);
  CHECK(hero.skill == std::array<uint8_t, kHandSize>{Scout, Tinker, Effort, Effort, Effort});
  CHECK(hero.rank == std::array<uint8_t, kHandSize>{1, 1, 1, 1, 1});
  for (int h : {0, 2, 3}) {
    CHECK(replaced.heroes[size_t(h)].def == initial.heroes[size_t(h)].def);
    CHECK(replaced.heroes[size_t(h)].skill == initial.heroes[size_t(h)].skill);
  }
  // The deal itself is untouched: the same decks, region, monolith and random stream.
  CHECK(replaced.town_deck == initial.town_deck);
  CHECK(replaced.wild_deck == initial.wild_deck);
  CHECK(replaced.power_deck == initial.power_deck);
  CHECK(replaced.region == initial.region);
  CHECK(replaced.monolith == initial.monolith);
  CHECK(replaced.rng == initial.rng);
  CHECK(game.hash(replaced) != game.hash(initial));
  CHECK(game.broken_invariant(replaced).empty());
  // Replacing a hero the seat does not hold is an error, not a silent no-op.
  State wrong = initial;
  CHECK_THROWS_AS(game.causal_replace(wrong, 0, qbrys), Error);
}

TEST_CASE("ninth-world causal: the neutral hero has no token and no printed power to use") {
  const NinthWorldGame game = make_game({{"players", "3"}});
  int neutral_turns = 0, tokens_of_others = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    State s = game.initial_state(seed);
    game.causal_replace(s, 0, s.heroes[0].def);
    Rng rng(seed);
    while (!game.is_terminal(s)) {
      if (s.step == Step::BidPowers) {
        for (const Action& a : bid_powers(game, s)) {
          if (s.actor == 0) {
            // No token; a tableau power only once a gained power card covers the empty one,
            // as for any hero; else a displayed cypher's.
            CHECK(a.a != HeroToken);
            if (a.a == TableauPower) CHECK_FALSE(s.heroes[0].stack.empty());
            ++neutral_turns;
          } else {
            tokens_of_others += a.a == HeroToken;
          }
        }
      }
      game.apply(s, game.random_action(s, rng));
    }
    CHECK(game.broken_invariant(s).empty());
  }
  CHECK(tokens_of_others > 0);  // the other heroes keep theirs
  INFO(neutral_turns);
}

TEST_CASE("ninth-world causal: the slots of a deal are exactly the heroes at the table") {
  for (const auto& config : std::vector<std::map<std::string, std::string>>{
           {{"players", "5"}}, {{"mode", "coop"}, {"players", "3"}}, {{"mode", "solo"}}}) {
    const NinthWorldGame game = make_game(config);
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const State initial = game.initial_state(seed);
      std::vector<CausalSlot> slots;
      game.causal_slots(initial, slots);
      REQUIRE(int(slots.size()) == game.num_players());
      std::set<int> elements;
      for (size_t i = 0; i < slots.size(); ++i) {
        CHECK(slots[i].seat == int(i));
        CHECK(slots[i].element == initial.heroes[i].def);
        CHECK(slots[i].context == 0);
        elements.insert(slots[i].element);
      }
      CHECK(elements.size() == slots.size());  // distinct heroes
      // A replaced seat holds no element any more.
      State replaced = initial;
      game.causal_replace(replaced, 0, slots[0].element);
      game.causal_slots(replaced, slots);
      CHECK(int(slots.size()) == game.num_players() - 1);
      for (const CausalSlot& slot : slots) CHECK(slot.seat != 0);
    }
  }
}

TEST_CASE("ninth-world causal: the planted imbalance is a valid data set and is found") {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("nf_ninth_causal_" + std::to_string(::getpid()));
  const PlantedImbalance plant = NinthWorldGame::plant_imbalance(folder);
  const NinthWorldGame game = make_game(plant.config);
  const HeroDef& strong = game.data().heroes[size_t(hero_index(game, plant.strong))];
  const HeroDef& dead = game.data().heroes[size_t(hero_index(game, plant.dead))];
  CHECK(strong.power.effect == EffectKind::Points);
  CHECK(strong.power.amount == 3);
  CHECK(strong.power.phase == kAnyPhase);
  CHECK(dead.power.amount == 0);
  CHECK(dead.token.amount == 0);
  const nlohmann::json causal =
      run_causal_values(game, {"heuristic"}, 11, 0, true, 1000, std::nullopt);
  std::filesystem::remove_all(folder);
  std::string why;
  CHECK(planted_verdicts_hold(causal, plant.strong, plant.dead, why));
  INFO(why);
  // The shipped set: no hero is as far off as the planted ones.
  const NinthWorldGame shipped = make_game();
  const nlohmann::json base =
      run_causal_values(shipped, {"heuristic"}, 11, 0, true, 1000, std::nullopt);
  CHECK_FALSE(planted_verdicts_hold(base, plant.strong, plant.dead, why));
}
