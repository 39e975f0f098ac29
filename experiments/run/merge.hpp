// `ninefold merge shard*/summary.json`: adds the exact counts of the shards of one balance
// run (`--shard i/n`) and reports them exactly as the unsplit run would have.
#pragma once

#include <string>
#include <vector>

#include "experiments/run/balance.hpp"
#include "experiments/run/shards.hpp"

namespace nf {

struct MergeOptions {
  std::vector<ShardFile> shards;  // read_shard_files(): checked and in shard order
  std::string out_dir, report_path;
};

template <Game G>
int merge_command(const MergeOptions& options) {
  const nlohmann::json& id = options.shards.at(0).summary.at("identity");
  BalanceOptions run_options;
  try {
    run_options.agents = id.at("agents").get<std::vector<std::string>>();
    run_options.config = id.at("config").get<std::map<std::string, std::string>>();
    run_options.seed = id.at("seed").get<uint64_t>();
    run_options.paired = id.at("paired").get<bool>();
    run_options.decisiveness_games = id.at("decisiveness").at(0).get<uint64_t>();
    run_options.decisiveness_playouts = id.at("decisiveness").at(1).get<int>();
    const uint64_t orders = run_options.paired ? run_options.agents.size() : 1;
    run_options.games = id.at("deals").get<uint64_t>() * orders;
  } catch (const nlohmann::json::exception&) {
    throw Error(
        fmt::format("'{}': field 'identity' does not describe a balance run of this "
                    "version (agents, config, seed, paired, decisiveness, deals)",
                    options.shards[0].path));
  }
  const ParamSet config(G::config_schema(), run_options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  BalanceRun<G> skeleton(game, config, run_options);
  if (skeleton.checkpoint_identity() != [&] {
        nlohmann::json whole = id;
        whole["shard"] = {0, 1};
        return whole;
      }())
    throw Error(fmt::format("'{}' was written by another version of game '{}' or its agents",
                            options.shards[0].path, G::kId));
  BalanceReport report = skeleton.report();
  report.threads = options.shards[0].summary.value("threads", 0);
  for (const ShardFile& shard : options.shards) {
    try {
      report.totals.merge_counts_json(shard.summary.at("counts"));
    } catch (const nlohmann::json::exception&) {
      throw Error(fmt::format("'{}': malformed counts", shard.path));
    } catch (const Error& e) {
      throw Error(fmt::format("'{}': {}", shard.path, e.what()));
    }
    report.seconds += shard.summary.value("seconds", 0.0);
  }
  publish_balance(report, options.out_dir, options.report_path);
  return 0;
}

}  // namespace nf
