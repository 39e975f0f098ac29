// Runs `ninefold check`'s conformance suite (experiments/run/check.hpp) on one game and config
// inside a test case: the configs and game counts a game's tests want beyond what ctest's
// `check --all` covers. A failure shows the suite's own message (deal seed, action prefix).
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "experiments/run/check.hpp"

namespace nf::testing {

template <Game G>
void require_conformance(const std::map<std::string, std::string>& config, uint64_t games,
                         uint64_t seed = 1) {
  const CheckOptions options{config, games, seed};
  const ParamSet params(G::config_schema(), config, fmt::format("game '{}' config", G::kId));
  const G game(params);
  check_detail::Checker<G> checker(game, options);
  const bool passed = checker.run();
  INFO("ninefold check --game " << G::kId << " (" << params.to_string(true) << ") --games " << games
                                << " --seed " << seed << ":\n"
                                << checker.failures());
  REQUIRE(passed);
}

}  // namespace nf::testing
