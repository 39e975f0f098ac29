// `ninefold balance --robust LEVEL ...`: the balance run again with other players on the same
// deals (same seed, same games), and for seat advantage, every headline element and every
// flag, whether the verdict holds at every level, depends on the player or reverses. The
// levels are --agents (the first) and each --robust value, e.g. heuristic, ismcts and
// ismcts(iterations=4000).
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/balance_options.hpp"

namespace nf {

int run_robust(const GameInfo& game, const BalanceOptions& options);

}  // namespace nf
