// `ninefold balance`: many games in parallel, on paired deals, summarised with intervals, and
// the causal element values on the same deals (experiments/run/balance_run.hpp plays them).
#pragma once

#include "experiments/game_catalog.hpp"
#include "experiments/run/balance_options.hpp"

namespace nf {

int run_balance(const GameInfo& game, const BalanceOptions& options);

}  // namespace nf
