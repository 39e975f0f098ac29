// Thousands of random realms games with the rules' invariants checked after every step.
#include <catch2/catch.hpp>

#include <set>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

void check_invariants(const RealmsGame& game, const State& s) {
  if (const std::string why = broken_invariant(game, s); !why.empty()) FAIL(why);
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
