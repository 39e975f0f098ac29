// Causal element values (experiments/run/causal_values.hpp): the statistics of a tally, the
// plan that spreads replacement games, the planted-verdict check, and Ragnarok Rising's
// replacement of one seat's card.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "experiments/run/causal_values.hpp"
#include "experiments/run/planted.hpp"
#include "games/ragnarok/ragnarok.hpp"

namespace nf {
namespace {

CausalSchema two_group_schema() {
  CausalSchema s;
  s.groups = {{"warrior", "Thrall", ""}, {"event", "Omen", ""}};
  s.elements = {"A", "B", "C", "D", "E", "F"};
  s.group_of = {0, 0, 0, 0, 0, 1};
  s.context_label = "deck";
  s.contexts = {"x", "y"};
  return s;
}

// n paired differences in half points: `wins` of +2 (the element won a game the reference
// lost), `losses` of -2, the rest 0.
IntMoments differences(uint64_t n, uint64_t wins, uint64_t losses) {
  IntMoments m;
  for (uint64_t i = 0; i < n; ++i) m.add(i < wins ? 2 : i < wins + losses ? -2 : 0);
  return m;
}

const nlohmann::json* row_of(const nlohmann::json& causal, const std::string& element,
                             const std::string& context) {
  for (const auto& g : causal["groups"])
    for (const auto& r : g["values"])
      if (r["element"] == element && r["context"] == context) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("causal values: an element far above or below its group's median gets the verdict") {
  const CausalSchema schema = two_group_schema();
  CausalTally t(schema.elements.size(), schema.contexts.size());
  // A, B, C ordinary (+0.05); D far above (+0.30); E far below (-0.20), all in deck x.
  t.cells[t.cell(0, 0)] = differences(1000, 150, 100);
  t.cells[t.cell(1, 0)] = differences(1000, 160, 110);
  t.cells[t.cell(2, 0)] = differences(1000, 140, 90);
  t.cells[t.cell(3, 0)] = differences(1000, 350, 50);
  t.cells[t.cell(4, 0)] = differences(1000, 50, 250);
  for (int e = 0; e < 5; ++e) t.present[t.cell(e, 0)] = 1000;
  const nlohmann::json c = causal_values_json(schema, t, {});
  CHECK((*row_of(c, "D", "x"))["verdict"] == "too strong");
  CHECK((*row_of(c, "E", "x"))["verdict"] == "too weak");
  CHECK((*row_of(c, "A", "x"))["verdict"] == "");
  CHECK((*row_of(c, "D", "x"))["value"]["estimate"].get<double>() == Approx(0.30));
  // Elements not in play in a context have no row; every verdict is listed once.
  CHECK(row_of(c, "A", "y") == nullptr);
  CHECK(c["verdict"].size() == 2);
  std::string why;
  CHECK(planted_verdicts_hold(c, "D", "E", why));
  CHECK_FALSE(planted_verdicts_hold(c, "E", "D", why));
  CHECK(why.find("called too weak") != std::string::npos);
  CHECK_FALSE(planted_verdicts_hold(c, "D", "A", why));
  CHECK(why.find("A (made dead) not called too weak") != std::string::npos);
}

TEST_CASE("causal values: a cell with few games or no differing game is never a zero-width flag") {
  const CausalSchema schema = two_group_schema();
  CausalTally t(schema.elements.size(), schema.contexts.size());
  for (int e = 0; e < 3; ++e) {
    t.cells[t.cell(e, 0)] = differences(400, 60, 40);
    t.present[t.cell(e, 0)] = 400;
  }
  t.cells[t.cell(3, 0)] = differences(400, 0, 0);  // never changed a result
  t.present[t.cell(3, 0)] = 400;
  t.cells[t.cell(4, 1)] = differences(3, 3, 0);  // three games, all won by the element
  t.present[t.cell(4, 1)] = 3;
  const nlohmann::json c = causal_values_json(schema, t, {});
  const auto& still = *row_of(c, "D", "x");
  CHECK(still["value"]["high"].get<double>() > still["value"]["low"].get<double>());
  CHECK(still["standard_error"].get<double>() >= 1.0 / 400);
  const auto& few = *row_of(c, "E", "y");
  CHECK(few["value"].is_null());
  CHECK(few["verdict"] == "too few games");
  for (const auto& v : c["verdict"]) CHECK(v["element"] != "E");
  // The event group has no cell in play: no median, no rows, no verdicts.
  CHECK(c["groups"][1]["values"].empty());
}

TEST_CASE("causal values: the minimum detectable effect is 2.80 standard errors") {
  CHECK(minimum_detectable_effect(0.01) == Approx(0.0280).epsilon(0.001));
}

TEST_CASE("causal values: a context's value against the field is clustered by deal") {
  ClusterMoments m;
  // A mirror (both seats hold the context) adds nothing; one-sided games give +-1 half point.
  for (int i = 0; i < 100; ++i) m.add(i % 4 == 0 ? 1.0 : i % 4 == 1 ? -1.0 : 1.0, 1);
  m.add(0.0, 2);
  CHECK(m.mean() == Approx(50.0 / 102));
  CHECK(m.standard_error() > 0);
  CHECK(m.standard_error() < 0.2);
}

TEST_CASE("causal plan: every cell when the budget allows, else the widest within the share") {
  CausalTally t(4, 1);
  for (int e = 0; e < 4; ++e) t.present[t.cell(e, 0)] = 100;  // in play in every deal
  t.cells[t.cell(0, 0)] = differences(100, 10, 10);
  t.cells[t.cell(1, 0)] = differences(100, 40, 40);  // widest
  t.cells[t.cell(2, 0)] = differences(100, 20, 20);
  t.cells[t.cell(3, 0)] = differences(100, 5, 5);
  // First block: everything, with any budget left.
  CHECK(causal_plan(CausalTally(4, 1), 0, 1000, 100, 1) == std::vector<char>(4, 1));
  CHECK(causal_plan(t, 100, 1000, 100, 0) == std::vector<char>(4, 0));
  // 900 deals to go at 4 games a deal fit in 3,600.
  CHECK(causal_plan(t, 100, 1000, 100, 3600) == std::vector<char>(4, 1));
  // A budget of 1,800 is 200 a block of 100 deals: the two widest cells.
  CHECK(causal_plan(t, 100, 1000, 100, 1800) == std::vector<char>{0, 1, 1, 0});
}

TEST_CASE("causal pilot: the first block keeps to the budget when a whole block would not") {
  const std::vector<uint32_t> slots(512, 50);  // 50 elements in play a deal, 25,600 in all
  CHECK(causal_pilot_deals(slots, 25600) == 512);
  CHECK(causal_pilot_deals(slots, 1000000) == 512);
  // 1,000 replacement games: the pilot takes at most half, 10 deals of 50.
  CHECK(causal_pilot_deals(slots, 1000) == 10);
  // A budget smaller than one deal's elements still plays one deal.
  CHECK(causal_pilot_deals(slots, 30) == 1);
  CHECK(causal_pilot_deals({3, 0, 4}, 7) == 3);
  CHECK(causal_pilot_deals({}, 7) == 0);
}

TEST_CASE("ragnarok: a causal replacement swaps one seat's copies for the filler in place") {
  using ragnarok::RagnarokGame;
  const RagnarokGame game(ParamSet(RagnarokGame::config_schema(),
                                   {{"deck0", "aggro"}, {"deck1", "tricks"}}, "causal test"));
  const CausalSchema schema = game.causal_schema();
  REQUIRE(schema.groups[0].reference == "Thrall");
  REQUIRE(schema.groups[1].reference == "Omen");
  CHECK_FALSE(game.contexts_randomized());
  const auto initial = game.initial_state(12345);
  std::vector<CausalSlot> slots;
  game.causal_slots(initial, slots);
  // Berserker is in both decks: one slot per seat, each in its own deck.
  const int berserker = int(std::find(schema.elements.begin(), schema.elements.end(), "Berserker") -
                            schema.elements.begin());
  int seen = 0;
  for (const CausalSlot& s : slots)
    if (s.element == berserker) {
      ++seen;
      CHECK(schema.contexts[size_t(s.context)] == (s.seat == 0 ? "aggro" : "tricks"));
    }
  CHECK(seen == 2);
  const uint8_t card = game.cards().find("Berserker"), thrall = game.cards().find("Thrall");
  auto replaced = initial;
  game.causal_replace(replaced, 0, berserker);
  const auto& before = initial.sides[0];
  const auto& after = replaced.sides[0];
  REQUIRE(before.deck.size() == after.deck.size());
  for (size_t i = 0; i < before.deck.size(); ++i)
    CHECK(after.deck[i] == (before.deck[i] == card ? thrall : before.deck[i]));
  for (size_t i = 0; i < before.hand.size(); ++i)
    CHECK(after.hand[i] == (before.hand[i] == card ? thrall : before.hand[i]));
  // The other seat keeps its Berserkers; the dice of the deal are the same.
  CHECK(std::equal(initial.sides[1].deck.begin(), initial.sides[1].deck.end(),
                   replaced.sides[1].deck.begin()));
  CHECK(std::count(replaced.sides[1].deck.begin(), replaced.sides[1].deck.end(), card) +
            std::count(replaced.sides[1].hand.begin(), replaced.sides[1].hand.end(), card) ==
        4);
  CHECK(game.hash(initial) != game.hash(replaced));
}

TEST_CASE("ragnarok: the planted imbalance is written as a valid card file and found") {
  using ragnarok::RagnarokGame;
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("nf_causal_test_" + std::to_string(::getpid()));
  const PlantedImbalance plant = RagnarokGame::plant_imbalance(folder);
  const RagnarokGame game(ParamSet(RagnarokGame::config_schema(), plant.config, "causal test"));
  const uint8_t jarl = game.cards().find("Jarl"), berserker = game.cards().find("Berserker");
  CHECK(game.card(jarl).strength == 9);
  CHECK(game.card(jarl).health == 16);
  CHECK(game.card(berserker).strength == 0);
  CHECK(game.card(berserker).effect.kind == ragnarok::EffectKind::None);
  const nlohmann::json causal =
      run_causal_values(game, {"heuristic"}, 7, 0, true, 1000, std::nullopt);
  std::filesystem::remove_all(folder);
  std::string why;
  CHECK(planted_verdicts_hold(causal, plant.strong, plant.dead, why));
  INFO(why);
}

}  // namespace nf
