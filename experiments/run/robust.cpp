#include "experiments/run/robust.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

#include "core/params.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/robust_report.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/lineup.hpp"

namespace nf {

int run_robust(const GameInfo& info, const BalanceOptions& options) {
  const auto game = info.load(options.config);
  std::vector<std::vector<std::string>> levels = {options.agents};
  for (const std::string& level : options.robust_levels) levels.push_back(split_top_level(level));
  // Every level's agents are checked before any game is played.
  std::vector<BalanceOptions> runs;
  for (const auto& agents : levels) {
    BalanceOptions o = options;
    o.agents = agents;
    runs.push_back(o);
    for (const std::string& spec : lineup_for_players(agents, game->num_players(), info.id))
      game->agent_spec(spec);
  }
  // Each level is a whole balance run, causal values included, so their verdicts compare too.
  std::vector<nlohmann::json> summaries;
  for (size_t i = 0; i < runs.size(); ++i) {
    const std::optional<BalanceReport> report = play_balance(info, runs[i]);
    if (!report) return 0;  // not the first process of a distributed run: it publishes
    fmt::print("\nlevel {}: {}\n", i + 1, fmt::join(levels[i], ","));
    print_balance_table(*report, stdout);
    summaries.push_back(balance_summary_json(*report));
  }
  const nlohmann::json summary = robust_summary_json(levels, std::move(summaries));
  print_robust_table(summary, stdout);
  publish_summary(
      summary, options.out_dir, "robust.json", options.report_path, robust_html,
      [&](const std::filesystem::path& folder) { write_robust_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
