// The conformance suite on random realms and both maps (the rules' invariants after every
// step, replay, determinization), and that random play reaches every ending, so the suite's
// invariants were checked through them.
#include <catch2/catch.hpp>

#include <array>

#include "agents/agent.hpp"
#include "tests/conformance.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

const std::vector<std::map<std::string, std::string>> kConfigs = {
    {{"seat0_realm", "random"}},
    {{"seat0_realm", "random"}, {"map", "crossing"}, {"vanguards", "2"}}};

}  // namespace

TEST_CASE("realms: random realms on both maps pass the conformance suite") {
  for (const auto& config : kConfigs) nf::testing::require_conformance<RealmsGame>(config, 1500);
}

TEST_CASE("realms: random play reaches both endings") {
  for (const auto& config : kConfigs) {
    const RealmsGame game = make_game(config);
    const RandomPolicy<RealmsGame> random(game);
    Rng rng(11);
    std::array<int, 5> reasons{};
    for (uint64_t seed = 0; seed < 1500; ++seed) {
      State s = game.initial_state(seed);
      playout(game, s, random, rng);
      ++reasons[size_t(s.end_reason)];
    }
    CHECK(reasons[size_t(EndReason::RulerKilled)] > 0);
    CHECK(reasons[size_t(EndReason::Cauldron)] > 0);
  }
}
