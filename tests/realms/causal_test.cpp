// Causal element values of War of the 9 Realms (games/realms/causal.cpp): the slots of a deal,
// the replacement of one seat's figure by its rank's stand-in and of a Fate kind by a card that
// does nothing, the [reference] data, and the planted-imbalance self-check.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "experiments/run/causal_values.hpp"
#include "experiments/run/planted.hpp"
#include "tests/realms/scenario.hpp"

namespace nf::realms {
namespace {

using namespace test;

int element_of(const CausalSchema& schema, const std::string& name) {
  const auto it = std::find(schema.elements.begin(), schema.elements.end(), name);
  REQUIRE(it != schema.elements.end());
  return int(it - schema.elements.begin());
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "no error";
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

SCENARIO("realms causal: the slots of a deal are exactly the elements each seat holds") {
  GIVEN("the default game, one Vanguard") {
    const RealmsGame game = make_game({{"seat0_realm", "random"}});
    const CausalSchema schema = game.causal_schema();
    REQUIRE(schema.elements.size() == size_t(kFigureKinds + kFateKinds));
    CHECK(schema.groups[0].reference == "Einherjar");
    CHECK(schema.groups[1].reference == "Blank");
    CHECK(schema.contexts == std::vector<std::string>{"Aesir", "Norsemen"});
    CHECK(game.contexts_randomized());
    for (uint64_t seed : {1, 2, 3, 4}) {
      const State s = game.initial_state(seed);
      std::vector<CausalSlot> slots;
      game.causal_slots(s, slots);
      THEN("each seat has its realm's four figure types and the five Fate kinds") {
        REQUIRE(slots.size() == 18);
        for (int seat = 0; seat < 2; ++seat) {
          const Realm r = s.realm_of_seat[size_t(seat)];
          CHECK(game.causal_context(s, seat) == int(r));
          std::vector<int> held;
          for (const CausalSlot& slot : slots)
            if (slot.seat == seat) {
              CHECK(slot.context == int(r));
              held.push_back(slot.element);
            }
          std::vector<int> expected;
          for (int k = 0; k < kFigureKinds; ++k)
            if (realm_of(FigureKind(k)) == r) expected.push_back(k);
          for (int k = 0; k < kFateKinds; ++k) expected.push_back(kFigureKinds + k);
          CHECK(held == expected);
        }
      }
    }
  }
  GIVEN("a fixed realm per seat and two Vanguards") {
    const RealmsGame game = make_game({{"seat0_realm", "norsemen"}, {"vanguards", "2"}});
    CHECK_FALSE(game.contexts_randomized());
    const State s = game.initial_state(5);
    std::vector<CausalSlot> slots;
    game.causal_slots(s, slots);
    const int vanguard = element_of(game.causal_schema(), "Vanguard");
    THEN("the Vanguards are one element of seat 0, both replaced together") {
      CHECK(std::count_if(slots.begin(), slots.end(),
                          [&](const CausalSlot& c) { return c.element == vanguard; }) == 1);
      State replaced = s;
      game.causal_replace(replaced, 0, vanguard);
      CHECK(replaced.stand_ins == (1u << 7 | 1u << kExtraVanguardSlot));
      CHECK_THROWS(game.causal_replace(replaced, 1, vanguard));  // seat 1 plays the Aesir
    }
  }
}

SCENARIO("realms causal: a replaced figure plays as its rank's stand-in, on its side only") {
  GIVEN("Hjordis replaced on the Norsemen's side") {
    Scenario sc = [] {
      Scenario out;
      out.face_to_face(kThor, kHjordis);
      return out;
    }();
    const RealmsGame& game = sc.game;
    const State before = sc.s;
    game.causal_replace(sc.s, sc.s.seat_of(Norsemen), element_of(game.causal_schema(), "Hjordis"));
    const FigureStats& stand_in = game.roster().reference.stand_in[size_t(Role::Companion)];
    THEN("she has the companion stand-in's printed values, nobody else changes") {
      CHECK(sc.s.stand_ins == 1u << kHjordis);
      CHECK(game.stats(sc.s, kHjordis).defence == stand_in.defence);
      CHECK(game.stats(sc.s, kHjordis).close == stand_in.close);
      for (int slot = 0; slot < kMaxFigures; ++slot)
        if (slot != kHjordis) CHECK(game.stats(sc.s, slot).defence == game.stats(slot).defence);
      CHECK(sc.s.deck.span().size() == before.deck.span().size());
      CHECK(std::equal(sc.s.deck.begin(), sc.s.deck.end(), before.deck.begin()));
      CHECK(sc.s.rng.fingerprint() == before.rng.fingerprint());
      CHECK(game.hash(sc.s) != game.hash(before));
    }
    WHEN("Thor wounds her twice in one attack") {
      sc.s.sides[Norsemen].actions = 0;
      sc.next_rolls({12, 12, 1, 1});
      sc.order("Thor", "close-attack Hjordis");
      THEN("no Ancient Bloodline: both wounds count") {
        CHECK(sc.wounds(kHjordis) == 2);
        CHECK_FALSE(sc.s.sides[Norsemen].bloodline_used);
      }
    }
  }
  GIVEN("Odin replaced when the Aesir move first") {
    const RealmsGame game = make_game();
    const State s = game.initial_state(9);
    REQUIRE(s.phase == Phase::Discard);  // the All Seeing Eye drew a fourth card
    REQUIRE(s.sides[Aesir].hand_size() == 4);
    State replaced = s;
    game.causal_replace(replaced, 0, element_of(game.causal_schema(), "Odin"));
    THEN("the fourth card goes back on top of the deck and the turn begins without a discard") {
      CHECK(replaced.phase == Phase::Main);
      CHECK(replaced.sides[Aesir].hand_size() == 3);
      REQUIRE(replaced.deck.size() == s.deck.size() + 1);
      const uint8_t top = replaced.deck[replaced.deck.size() - 1];
      CHECK(replaced.sides[Aesir].hand[top] + 1 == s.sides[Aesir].hand[top]);
      CHECK(replaced.sides[Norsemen].hand == s.sides[Norsemen].hand);
    }
    WHEN("the Aesir's next Resource Phase comes") {
      Scenario sc;
      sc.s.stand_ins = 1u << kOdin;
      sc.end_turn();
      sc.end_turn();
      THEN("a stand-in ruler has no All Seeing Eye") {
        CHECK(sc.s.phase == Phase::Main);
        CHECK(sc.s.sides[Aesir].hand_size() == 3);
      }
    }
  }
}

SCENARIO("realms causal: a Fate kind replaced by a card that does nothing, for one realm") {
  GIVEN("+6 attack blank for the Aesir, both realms holding one") {
    Scenario sc;
    sc.face_to_face(kThor, kSinfjotli);
    sc.empty_hands();
    sc.give(Aesir, Plus6Attack);
    sc.give(Norsemen, Plus6Attack);
    sc.game.causal_replace(sc.s, sc.s.seat_of(Aesir),
                           element_of(sc.game.causal_schema(), "fate:+6atk"));
    CHECK(sc.s.sides[Aesir].blank_fate == 1u << Plus6Attack);
    CHECK(sc.s.sides[Norsemen].blank_fate == 0);
    WHEN("Thor attacks") {
      sc.s.sides[Norsemen].actions = 0;
      sc.order("Thor", "close-attack Sinfjotli");
      REQUIRE(sc.s.phase == Phase::Window);
      THEN("the Aesir cannot play it on their roll") { CHECK_FALSE(sc.legal("fate +6 attack")); }
    }
    WHEN("the Norsemen attack") {
      sc.end_turn();
      sc.s.sides[Aesir].actions = 0;
      sc.s.sides[Norsemen].quarry = kThor;
      sc.order("Sinfjotli", "close-attack Thor");
      REQUIRE(sc.s.phase == Phase::Window);
      THEN("their own +6 attack still works") { CHECK(sc.legal("fate +6 attack")); }
    }
    WHEN("the Aesir's next Resource Phase comes") {
      sc.end_turn();
      const int discarded = sc.s.discards[Plus6Attack];
      sc.play("end turn");
      THEN("the blank card has gone to the discards before the refill") {
        CHECK(sc.s.discards[Plus6Attack] == discarded + 1);
        CHECK(sc.s.sides[Norsemen].hand[Plus6Attack] == 1);
      }
    }
  }
}

TEST_CASE("realms causal: the references are data the loader checks") {
  const Roster standard = load_roster("standard");
  CHECK(standard.reference.figure == "Einherjar");
  CHECK(standard.reference.fate == "Blank");
  CHECK(standard.reference.stand_in[size_t(Role::Ruler)].health == 5);
  const std::string text = RealmsGame::data_file_text("figures", "standard");
  auto err = [](const std::string& t) { return error_of([&] { parse_roster(t, "f.toml"); }); };
  const size_t reference_line =
      size_t(std::count(text.begin(), text.begin() + long(text.find("[reference]")), '\n')) + 1;
  CHECK(
      err(replace(text, "fate = \"Blank\"", "fate = \"Thor\"")) ==
      fmt::format("f.toml:{}: reference.fate: 'Thor' is a figure's own name", reference_line + 2));
  CHECK(err(replace(text, "fate = \"Blank\"", "fate = 3")) ==
        fmt::format("f.toml:{}: reference.fate: must be a text", reference_line + 2));
  CHECK(err(replace(text, "fate = \"Blank\"\n", "")) ==
        "f.toml:" + std::to_string(reference_line) + ": reference.fate: missing");
  CHECK_THAT(err(replace(text, "[reference.warrior]", "[reference.soldier]")),
             Catch::Contains("reference.soldier: unknown field"));
  const std::string ruler = text.substr(text.find("[reference.ruler]"));
  const size_t ruler_line =
      size_t(std::count(text.begin(), text.begin() + long(text.find("[reference.ruler]")), '\n')) +
      1;
  CHECK(err(replace(text, "[reference.ruler]      # Odin 4/0/20/5/5, Sigmund 3/3/19/5/5\nclose = 4",
                    "[reference.ruler]\nclose = 9")) ==
        fmt::format("f.toml:{}: reference.ruler.close: 9 is out of range [0, 6]", ruler_line + 1));
  // A figures file of a designer's own without [reference] keeps the shipped references.
  const std::string own = text.substr(0, text.find("\n# The neutral references"));
  CHECK(parse_roster(own, "own.toml").reference.figure == "Einherjar");
  CHECK(parse_roster(own, "own.toml").reference.source != "own.toml");
}

TEST_CASE("realms causal: the planted imbalance is written as a valid figures file and found") {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("nf_realms_causal_" + std::to_string(::getpid()));
  const PlantedImbalance plant = RealmsGame::plant_imbalance(folder);
  std::map<std::string, std::string> config = plant.config;
  config["seat0_realm"] = "random";
  const RealmsGame game = make_game(config);
  std::filesystem::remove_all(folder);
  CHECK(game.stats(kThor).close == 6);
  CHECK(game.stats(kThor).health == 8);
  CHECK(game.stats(kFrigg).defence == 1);
  CHECK(game.stats(kFrigg).movement == 1);
  CHECK(game.stats(kOdin).defence == 20);  // the rest as shipped
  const nlohmann::json causal =
      run_causal_values(game, {"heuristic"}, 11, 0, true, 500, std::nullopt);
  std::string why;
  const bool holds = planted_verdicts_hold(causal, plant.strong, plant.dead, why);
  INFO(why);
  CHECK(holds);
}

}  // namespace nf::realms
