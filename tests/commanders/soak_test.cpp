// Thousands of games under random and heuristic play with every invariant checked after
// every step; determinism of (config, seed, actions); replay through the actions' text.
#include <catch2/catch.hpp>

#include <memory>
#include <set>
#include <vector>

#include "agents/registry.hpp"
#include "core/game.hpp"
#include "experiments/run/runner.hpp"
#include "games/commanders/heuristic.hpp"
#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;
using namespace nf::commanders::test;

namespace {

// How often the soak reached each rare situation, so that it provably exercised them.
struct Coverage {
  int queen_decisions = 0, revivals = 0, rebuilds = 0;
  std::array<int, 4> endings{};
};

// Checks what one step may change: a choice moves one card from the castle to the table, a
// round ends with every played card back home or in its graveyard.
std::string broken_step(const State& before, Action a, const State& after, Coverage& seen) {
  const int seat = before.to_move;
  if (before.phase == Phase::Choose) {
    if (!is_play(a)) return "a redraw decision while choosing";
    auto expected = before.sides[seat].castle;
    --expected[played(a)];
    if (seat == 0) {
      if (after.phase != Phase::Choose || after.to_move != 1) return "seat 1 does not choose next";
      if (after.sides[0].castle != expected) return "seat 0's card did not leave its castle";
      if (after.sides[1].castle != before.sides[1].castle) return "seat 1's castle changed early";
      if (after.round != before.round) return "the round ended after one choice";
    }
  } else if (before.phase == Phase::QueenRedraw) {
    if (is_play(a)) return "a commander played during a battle";
    const size_t drawn = after.sides[seat].battle.size();
    if (a == Action::Redraw && after.phase == Phase::QueenRedraw &&
        drawn != before.sides[seat].battle.size() + 1)
      return "a redraw did not add a troop card";
  }
  for (int p = 0; p < 2; ++p) {
    const Side &b = before.sides[p], &n = after.sides[p];
    seen.rebuilds += n.used.size() < b.used.size();  // the used pile only shrinks in a rebuild
    seen.revivals += n.counters.revived != b.counters.revived;
  }
  if (after.phase == Phase::QueenRedraw) ++seen.queen_decisions;
  const bool round_over = after.round != before.round || after.phase == Phase::Over;
  if (round_over) {
    if (after.round > before.round + 1) return "more than one round passed in one step";
    for (int p = 0; p < 2; ++p)
      if (!after.sides[p].battle.empty()) return "troop cards left on the table after a round";
  }
  return "";
}

// Plays `games` games with `pick(state, rng)` choosing every action, checking every step.
template <class Pick>
void soak(const CommandersGame& game, int games, uint64_t seed, Pick pick, Coverage& seen) {
  for (int g = 0; g < games; ++g) {
    const uint64_t deal = derive_seed(seed, uint64_t(g), Stream::Deal);
    Rng agent_rng(derive_seed(seed, uint64_t(g), Stream::Agent));
    State s = game.initial_state(deal);
    if (const std::string why = broken_invariant(game, s); !why.empty()) FAIL(why);
    int steps = 0;
    while (!game.is_terminal(s)) {
      const State before = s;
      const Action a = pick(s, agent_rng);
      FixedVector<Action, CommandersGame::kMaxActions> legal;
      game.legal_actions(s, legal);
      if (!legal.contains(a)) FAIL("the agent picked an illegal action");
      game.apply(s, a);
      std::string why = broken_invariant(game, s);
      if (why.empty()) why = broken_step(before, a, s, seen);
      if (why.empty() && game.hash(s) == game.hash(before)) why = "a step left the hash unchanged";
      if (!why.empty())
        FAIL(why << "\ngame " << g << " step " << steps << " action "
                 << game.action_to_string(before, a) << "\nbefore:\n"
                 << game.render(before) << "after:\n"
                 << game.render(s));
      if (++steps > 20 * game.round_cap()) FAIL("a game did not end");
    }
    ++seen.endings[int(s.end_reason)];
  }
}

}  // namespace

TEST_CASE("commanders soak: random and heuristic games keep every invariant") {
  struct Setup {
    const char* name;
    std::map<std::string, std::string> config;
    int games;
  };
  const std::vector<Setup> setups = {
      {"default", {}, 6000},
      {"no redraws", {{"queen_redraws", "0"}}, 1000},
      {"five redraws", {{"queen_redraws", "5"}}, 1000},
      {"no revivals", {{"nines_revive", "false"}}, 1000},
      {"short cap", {{"round_cap", "12"}}, 1000},
  };
  Coverage total;
  for (const Setup& setup : setups) {
    INFO("config " << setup.name);
    const CommandersGame game = game_with(setup.config);
    const RandomPolicy<CommandersGame> random(game);
    const Heuristic heuristic = heuristic_with(game, {});
    const Heuristic hot = heuristic_with(game, {{"temperature", "1"}});
    Coverage seen;
    soak(
        game, setup.games, 1, [&](const State& s, Rng& r) { return random.choose(s, r); }, seen);
    soak(
        game, setup.games / 2, 2,
        [&](const State& s, Rng& r) {
          return s.to_move == 0 ? heuristic.choose(s, r) : random.choose(s, r);
        },
        seen);
    soak(
        game, setup.games / 2, 3,
        [&](const State& s, Rng& r) {
          return s.to_move == 0 ? hot.choose(s, r) : heuristic.choose(s, r);
        },
        seen);
    if (setup.config.count("queen_redraws") && setup.config.at("queen_redraws") == "0")
      CHECK(seen.queen_decisions == 0);
    if (setup.config.count("nines_revive")) CHECK(seen.revivals == 0);
    if (setup.config.count("round_cap")) CHECK(seen.endings[int(EndReason::RoundCap)] > 0);
    total.queen_decisions += seen.queen_decisions;
    total.revivals += seen.revivals;
    total.rebuilds += seen.rebuilds;
    for (int e = 0; e < 4; ++e) total.endings[e] += seen.endings[e];
  }
  // The soak reached the rare rules, so the invariants were checked through them.
  INFO("queen decisions " << total.queen_decisions << ", revivals " << total.revivals
                          << ", deck rebuilds " << total.rebuilds);
  CHECK(total.queen_decisions > 1000);
  CHECK(total.revivals > 1000);
  CHECK(total.rebuilds > 100);
  CHECK(total.endings[int(EndReason::CastleEmptied)] > 1000);
  CHECK(total.endings[int(EndReason::BothCastlesEmptied)] > 0);
  CHECK(total.endings[int(EndReason::None)] == 0);
}

// ---------------------------------------------------------------------------------------
// Determinism and replay

// Determinism and replay through the action text of random games: `ninefold check`.

TEST_CASE("commanders: play_game with agents is deterministic and replays through text") {
  const CommandersGame game;
  const auto heuristic = make_agent(game, "heuristic(temperature=0.5)");
  const auto random = make_agent(game, "random");
  const std::array<Agent<CommandersGame>*, 2> seats = {heuristic.get(), random.get()};
  for (uint64_t g = 0; g < 100; ++g) {
    const uint64_t deal = derive_seed(11, g, Stream::Deal);
    auto run = [&](std::vector<std::string>& actions) {
      std::array<Rng, 2> rngs = {Rng(derive_seed(11, g, Stream::Agent, 0)),
                                 Rng(derive_seed(11, g, Stream::Agent, 1))};
      return play_game<CommandersGame>(game, seats, deal, rngs, &actions);
    };
    std::vector<std::string> first, second;
    const auto a = run(first), b = run(second);
    REQUIRE(first == second);
    CHECK(game.hash(a.final_state) == game.hash(b.final_state));
    CHECK(a.returns == b.returns);
    // Replay through the text only.
    State s = game.initial_state(deal);
    for (const std::string& text : first) act(game, s, text);
    CHECK(game.is_terminal(s));
    CHECK(game.hash(s) == game.hash(a.final_state));
    CHECK(game.returns(s) == a.returns);
  }
}
