// `ninefold balance`: many games in parallel, on paired deals, summarised with intervals, and
// the causal element values on the same deals (experiments/run/balance_run.hpp plays them).
#pragma once

#include <optional>

#include "experiments/game_catalog.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/run/balance_options.hpp"

namespace nf {

// A balance run with its causal values, gathered over the processes of a distributed run:
// what `ninefold balance` publishes (balance_summary_json gives its summary.json). Unset on
// every process but the first of a distributed run.
std::optional<BalanceReport> play_balance(const GameInfo& game, const BalanceOptions& options);

int run_balance(const GameInfo& game, const BalanceOptions& options);

}  // namespace nf
