// `ninefold balance --sweep KEY=VALUES`: the same balance run once per value of one config
// option ("players=1..5", "length=[quick,standard]"), each on the run's own seed and game
// count, and one table of the whole-game measures side by side: seat 0's score, game length,
// how games end and every element that stands for the whole game (a group of one element,
// such as a co-op team). Each value's full summary is kept in sweep.json.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/report/sweep_report.hpp"
#include "experiments/run/balance_options.hpp"

namespace nf {

// "players=1..5" (whole numbers, low < high), "length=[quick,standard]" or "players=2,4";
// nf::Error naming the text when it is none of these or repeats a value.
SweepSpec parse_sweep(const std::string& text);

int run_sweep(const GameInfo& game, const BalanceOptions& options);

}  // namespace nf
