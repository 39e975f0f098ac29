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

#include "experiments/report/balance_report.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/robust_report.hpp"
#include "experiments/run/balance.hpp"

namespace nf {

template <Game G>
int robust_command(const BalanceOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  std::vector<std::vector<std::string>> levels = {options.agents};
  for (const std::string& level : options.robust_levels) levels.push_back(split_top_level(level));
  // Every level's agents are checked before any game is played.
  std::vector<BalanceOptions> runs;
  for (const auto& agents : levels) {
    BalanceOptions o = options;
    o.agents = agents;
    runs.push_back(o);
    for (const std::string& spec : lineup_for_players(agents, game.num_players(), G::kId))
      make_agent(game, spec);
  }
  std::vector<nlohmann::json> summaries;
  for (size_t i = 0; i < runs.size(); ++i) {
    BalanceRun<G> run(game, config, runs[i]);
    const BalanceReport& report = run.run();
    fmt::print("\nlevel {}: {}\n", i + 1, fmt::join(levels[i], ","));
    print_balance_table(report, stdout);
    summaries.push_back(balance_summary_json(report));
  }
  const nlohmann::json summary = robust_summary_json(levels, std::move(summaries));
  print_robust_table(summary, stdout);
  publish_summary(
      summary, options.out_dir, "robust.json", options.report_path,
      [&](const std::filesystem::path& folder) { write_robust_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
