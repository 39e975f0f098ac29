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

#include "experiments/report/balance_report.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/sweep_report.hpp"
#include "experiments/run/balance.hpp"

namespace nf {

// "players=1..5" (whole numbers, low < high), "length=[quick,standard]" or "players=2,4";
// nf::Error naming the text when it is none of these or repeats a value.
SweepSpec parse_sweep(const std::string& text);

template <Game G>
int sweep_command(const BalanceOptions& options) {
  const SweepSpec sweep = parse_sweep(options.sweep);
  if (options.config.count(sweep.key))
    throw Error(fmt::format("--sweep {}: '{}' is also set by --config; give it in one place",
                            options.sweep, sweep.key));
  // Every value is checked before any game is played: its config and the game it makes
  // (data files are read and checked then).
  std::vector<ParamSet> configs;
  std::vector<std::unique_ptr<const G>> games;
  for (const std::string& value : sweep.values) {
    std::map<std::string, std::string> config = options.config;
    config[sweep.key] = value;
    const std::string where = fmt::format("game '{}' --sweep {}={}", G::kId, sweep.key, value);
    configs.emplace_back(G::config_schema(), config, where);
    try {
      games.push_back(std::make_unique<const G>(configs.back()));
    } catch (const Error& e) {
      throw Error(fmt::format("{}: {}", where, e.what()));
    }
  }
  std::vector<nlohmann::json> summaries;
  for (size_t i = 0; i < sweep.values.size(); ++i) {
    const G& game = *games[i];
    BalanceOptions o = options;
    o.config[sweep.key] = sweep.values[i];
    BalanceRun<G> run(game, configs[i], o);
    const BalanceReport& report = run.run();
    fmt::print("\n{}={}\n", sweep.key, sweep.values[i]);
    print_balance_table(report, stdout);
    summaries.push_back(balance_summary_json(report));
  }
  const nlohmann::json summary = sweep_summary_json(sweep, std::move(summaries));
  print_sweep_table(summary, stdout);
  publish_summary(
      summary, options.out_dir, "sweep.json", options.report_path,
      [&](const std::filesystem::path& folder) { write_sweep_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
