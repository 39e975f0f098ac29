// Thousands of random realms games with the rules' invariants checked after every step.
#include <catch2/catch.hpp>

#include <set>

#include "agents/agent.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

void check_invariants(const RealmsGame& game, const State& s) {
  const Board& board = game.board();
  // Figures and the occupancy of the board agree.
  int active = 0;
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    const Figure& f = s.figures[size_t(slot)];
    if (slot == kExtraVanguardSlot && game.vanguards() == 1)
      REQUIRE(f.status == FigureStatus::Absent);
    else
      REQUIRE(f.status != FigureStatus::Absent);
    REQUIRE(f.wounds <= game.stats(slot).health);
    if (f.status == FigureStatus::Active) {
      ++active;
      REQUIRE(f.hex < board.size());
      REQUIRE(s.occupant[f.hex] == slot);
      REQUIRE_FALSE(board.hex(f.hex).half);
      REQUIRE(s.terrain[f.hex] != Terrain::Mountain);
      REQUIRE(f.wounds < game.stats(slot).health);
    } else {
      REQUIRE(f.hex == kNoHex);
    }
  }
  int occupied = 0;
  for (int h = 0; h < board.size(); ++h) occupied += s.occupant[size_t(h)] != kNoFigure;
  REQUIRE(occupied == active);
  if (!game.is_terminal(s)) {
    REQUIRE(s.figures[size_t(ruler_slot(Aesir))].status == FigureStatus::Active);
    REQUIRE(s.figures[size_t(ruler_slot(Norsemen))].status == FigureStatus::Active);
  }
  // Blood is the wounds a realm caused.
  for (Realm r : {Aesir, Norsemen}) {
    int caused = 0, suffered_by_enemy = 0;
    for (int slot = first_slot(r); slot < end_slot(r); ++slot)
      caused += s.counters[size_t(slot)].damage;
    for (int slot = first_slot(other(r)); slot < end_slot(other(r)); ++slot)
      suffered_by_enemy += s.counters[size_t(slot)].wounds_taken;
    REQUIRE(s.sides[r].blood == caused);
    REQUIRE(s.sides[r].blood == suffered_by_enemy);
    if (!game.is_terminal(s)) REQUIRE(s.sides[r].blood < game.blood_to_win());
    // Six a turn and at most two "+3 actions" cards on top.
    REQUIRE(s.sides[r].actions <= kActionsPerTurn + 2 * kFateActions);
  }
  // The 14 Fate cards are all somewhere.
  std::array<int, kFateKinds> cards{};
  for (uint8_t c : s.deck) ++cards[c];
  for (int k = 0; k < kFateKinds; ++k) {
    cards[size_t(k)] += s.discards[size_t(k)] + s.eye_discards[size_t(k)] +
                        s.sides[0].hand[size_t(k)] + s.sides[1].hand[size_t(k)];
    REQUIRE(cards[size_t(k)] == kFateCopies[size_t(k)]);
  }
  for (Realm r : {Aesir, Norsemen})
    REQUIRE(s.sides[r].hand_size() <= (s.phase == Phase::Discard && r == s.active ? 4 : 3));
  for (int t = 0; t < kTransformTerrains; ++t) REQUIRE(s.supply[size_t(t)] <= kTerrainSupply);
  REQUIRE(s.turn <= game.turn_cap());
}

}  // namespace

TEST_CASE("realms soak: random games keep every invariant") {
  for (const auto& config : std::vector<std::map<std::string, std::string>>{
           {{"seat0_realm", "random"}},
           {{"seat0_realm", "random"}, {"map", "crossing"}, {"vanguards", "2"}}}) {
    const RealmsGame game = make_game(config);
    const RandomPolicy<RealmsGame> random(game);
    Rng rng(11);
    std::array<int, 5> reasons{};
    uint64_t steps = 0;
    for (uint64_t seed = 0; seed < 1500; ++seed) {
      State s = game.initial_state(seed);
      check_invariants(game, s);
      while (!game.is_terminal(s)) {
        FixedVector<Action, RealmsGame::kMaxActions> actions;
        game.legal_actions(s, actions);
        REQUIRE(!actions.empty());
        const int player = game.current_player(s);
        REQUIRE((player == 0 || player == 1));
        if (seed % 50 == 0) {  // every action has its own text, so records replay
          std::set<std::string> texts;
          for (const Action& a : actions) texts.insert(game.action_to_string(s, a));
          REQUIRE(texts.size() == actions.size());
        }
        game.apply(s, actions[rng.below(uint32_t(actions.size()))]);
        check_invariants(game, s);
        ++steps;
      }
      ++reasons[size_t(s.end_reason)];
      const auto returns = game.returns(s);
      REQUIRE(returns[0] + returns[1] == 0.0);
      REQUIRE((s.winner < 0) == (returns[0] == 0.0));
    }
    // Random play reaches every ending.
    CHECK(reasons[size_t(EndReason::RulerKilled)] > 0);
    CHECK(reasons[size_t(EndReason::Cauldron)] > 0);
    CHECK(steps > 0);
  }
}
