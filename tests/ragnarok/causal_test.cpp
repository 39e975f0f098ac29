// Causal values of the RR cards (games/ragnarok/causal.cpp): the neutral RR card in the card
// file, an RR card replaced for one side only, what the replaced card still does (its Glory;
// for the other side and unclaimed, its printed effect) and what it no longer does for its
// side (lasting and repeating effects, attacks), and the slots of a deal.
#include <catch2/catch.hpp>

#include <set>

#include "core/causal.hpp"
#include "core/error.hpp"
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

int rr_element(const RagnarokGame& game, const std::string& name) {
  const CausalSchema schema = game.causal_schema();
  const auto at = std::find(schema.elements.begin(), schema.elements.end(), name);
  REQUIRE(at != schema.elements.end());
  return int(at - schema.elements.begin());
}

std::string parse_error(const std::string& text) {
  try {
    parse_cards(text, "my_cards.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("ragnarok causal: the RR cards are a group against the card file's neutral RR card") {
  const RagnarokGame game = make_game();
  CHECK(game.cards().filler_rr == "Silent Portent");
  const CausalSchema schema = game.causal_schema();
  REQUIRE(schema.groups.size() == 3);
  CHECK(schema.groups[2].name == "rr");
  CHECK(schema.groups[2].reference == "Silent Portent");
  std::vector<std::string> rr;
  for (size_t e = 0; e < schema.elements.size(); ++e)
    if (schema.group_of[e] == 2) rr.push_back(schema.elements[e]);
  REQUIRE(rr.size() == size_t(kRrCards));
  for (int r = 0; r < kRrCards; ++r) CHECK(rr[size_t(r)] == game.rr(uint8_t(r)).name);
  // The neutral RR card needs a name of its own among the RR cards, and is required.
  const std::string text = data_text("cards", "standard");
  const std::string line = "rr = \"Silent Portent\"";
  REQUIRE(text.find(line) != std::string::npos);
  std::string clash = text, missing = text;
  clash.replace(clash.find(line), line.size(), "rr = \"fenrir\"");
  missing.replace(missing.find(line), line.size(), "");
  CHECK(parse_error(clash).find("fillers.rr") != std::string::npos);
  CHECK(parse_error(missing).find("fillers.rr: missing") != std::string::npos);
}

TEST_CASE("ragnarok causal: an RR card is replaced for one side only, the deal untouched") {
  const RagnarokGame game = make_game();
  const State initial = game.initial_state(4242);
  State replaced = initial;
  const uint8_t r = Scenario().rr_id("Idunn's Apples");
  game.causal_replace(replaced, 1, rr_element(game, "Idunn's Apples"));
  CHECK(replaced.sides[1].blank_rr == uint32_t(1) << r);
  CHECK(replaced.sides[0].blank_rr == 0);
  for (int seat = 0; seat < 2; ++seat) {
    CHECK(std::equal(replaced.sides[size_t(seat)].deck.begin(),
                     replaced.sides[size_t(seat)].deck.end(),
                     initial.sides[size_t(seat)].deck.begin()));
    CHECK(replaced.sides[size_t(seat)].deck_id == initial.sides[size_t(seat)].deck_id);
  }
  CHECK(std::equal(replaced.rr_deck.begin(), replaced.rr_deck.end(), initial.rr_deck.begin()));
  CHECK(replaced.rr_zone == initial.rr_zone);
  CHECK(game.hash(replaced) != game.hash(initial));
  CHECK(game.broken_invariant(replaced).empty());
}

TEST_CASE("ragnarok causal: a repeating RR card does nothing for the side it is replaced for") {
  for (const RrZone zone : {RrZone::Claimed0, RrZone::Claimed1, RrZone::Unclaimed}) {
    Scenario sc;
    sc.rr("Idunn's Apples", zone);  // repeating: heals its owner 3 (unclaimed: both)
    sc.game.causal_replace(sc.s, 0, rr_element(sc.game, "Idunn's Apples"));
    for (Side& side : sc.s.sides) side.health = 20;
    sc.rules.cleanup(sc.s);
    // Claimed by seat 0 it is the neutral card: no heal. Claimed by seat 1 or unclaimed it
    // acts as printed, for seat 0 too when unclaimed.
    CHECK(sc.s.sides[0].health == (zone == RrZone::Unclaimed ? 23 : 20));
    CHECK(sc.s.sides[1].health == (zone == RrZone::Claimed0 ? 20 : 23));
  }
}

TEST_CASE("ragnarok causal: a lasting RR card gives no bonus to its side, its Glory stays") {
  Scenario sc;
  sc.rr("Heimdall's Horn", RrZone::Claimed0);  // glory 7, +3 to its owner's bids while held
  CHECK(sc.rules.aura(sc.s, 0, EffectKind::Bid) == 3);
  const int glory = sc.game.glory(sc.s, 0);
  sc.game.causal_replace(sc.s, 0, rr_element(sc.game, "Heimdall's Horn"));
  CHECK(sc.rules.aura(sc.s, 0, EffectKind::Bid) == 0);
  CHECK(sc.game.glory(sc.s, 0) == glory);
  // Replaced for the other side, seat 0's Horn is as printed.
  Scenario other;
  other.rr("Heimdall's Horn", RrZone::Claimed0);
  other.game.causal_replace(other.s, 1, rr_element(other.game, "Heimdall's Horn"));
  CHECK(other.rules.aura(other.s, 0, EffectKind::Bid) == 3);
}

TEST_CASE("ragnarok causal: a claimed RR warrior does not attack for the side it is replaced for") {
  for (const bool replaced : {false, true}) {
    Scenario sc;
    sc.rr("Garm", RrZone::Claimed0);  // strength 5: attacks seat 1 every Cleanup
    if (replaced) sc.game.causal_replace(sc.s, 0, rr_element(sc.game, "Garm"));
    const int before0 = sc.s.sides[0].health, before1 = sc.s.sides[1].health;
    sc.next_rolls({10});
    sc.rules.cleanup(sc.s);
    CHECK(sc.s.sides[0].health == before0);
    if (replaced)
      CHECK(sc.s.sides[1].health == before1);
    else
      CHECK(sc.s.sides[1].health < before1);
  }
  // Unclaimed, the replaced Garm still attacks both sides.
  Scenario sc;
  sc.rr("Garm", RrZone::Unclaimed);
  sc.game.causal_replace(sc.s, 0, rr_element(sc.game, "Garm"));
  const int before0 = sc.s.sides[0].health, before1 = sc.s.sides[1].health;
  sc.next_rolls({10, 10});
  sc.rules.cleanup(sc.s);
  CHECK(sc.s.sides[0].health < before0);
  CHECK(sc.s.sides[1].health < before1);
}

TEST_CASE("ragnarok causal: each deal replaces about a fifth of the RR cards, either side") {
  const RagnarokGame game = make_game();
  const int first_rr = rr_element(game, game.rr(0).name);
  std::array<int, 2> seats{};
  int slots_rr = 0;
  const int deals = 500;
  for (uint64_t seed = 1; seed <= uint64_t(deals); ++seed) {
    const State initial = game.initial_state(seed);
    std::vector<CausalSlot> slots;
    game.causal_slots(initial, slots);
    std::set<int> rr;
    for (const CausalSlot& slot : slots) {
      if (slot.element < first_rr) continue;
      ++slots_rr, ++seats[size_t(slot.seat)];
      CHECK(slot.context == initial.sides[size_t(slot.seat)].deck_id);
      CHECK(rr.insert(slot.element).second);  // one side a card
    }
    // A replaced RR card is in play no more on that side.
    for (const CausalSlot& slot : slots)
      if (slot.element >= first_rr) {
        State replaced = initial;
        game.causal_replace(replaced, slot.seat, slot.element);
        std::vector<CausalSlot> after;
        game.causal_slots(replaced, after);
        CHECK(after.size() == slots.size() - 1);
        break;
      }
  }
  // 500 deals of 20 RR cards, one in five: 2,000 expected (sd 40); both sides alike.
  CHECK(slots_rr > 1800);
  CHECK(slots_rr < 2200);
  CHECK(seats[0] > 850);
  CHECK(seats[1] > 850);
}

TEST_CASE("ragnarok causal: games with every RR card neutral for one side keep the invariants") {
  const RagnarokGame game = make_game();
  const int first_rr = rr_element(game, game.rr(0).name);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State s = game.initial_state(seed);
    for (int r = 0; r < kRrCards; ++r) game.causal_replace(s, int(seed % 2), first_rr + r);
    Rng rng(seed);
    while (!game.is_terminal(s)) {
      FixedVector<Action, RagnarokGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      game.apply(s, actions[rng.below(uint32_t(actions.size()))]);
      REQUIRE(game.broken_invariant(s).empty());
    }
  }
}
