// `ninefold merge shard*/summary.json`: adds the exact counts of the shards of one balance
// run (`--shard i/n`) and reports them exactly as the unsplit run would have. Every shard is
// checked as a checkpoint is: its identity, the kind and range of every count, and totals
// that add up to the games of its part of the run.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/json_values.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/checkpoint.hpp"
#include "experiments/run/data_files.hpp"
#include "experiments/run/shards.hpp"

namespace nf {

struct MergeOptions {
  std::vector<ShardFile> shards;  // read_shard_files(): checked and in shard order
  std::string out_dir, report_path;
};

// Where a data file of the shards is now: the config's path, or the path the shard recorded
// relative to its folder, or the config's path relative to the shard's folder; the one whose
// content has the hash the shards were run with. nf::Error naming the file otherwise.
inline std::string find_shard_data_file(const std::string& option, const std::string& config_path,
                                        const std::string& hash,
                                        const std::vector<ShardFile>& shards) {
  namespace fs = std::filesystem;
  std::vector<std::string> candidates = {config_path};
  for (const ShardFile& shard : shards) {
    const fs::path folder = fs::absolute(shard.path).parent_path();
    const nlohmann::json& paths = shard.summary.value("data_paths", nlohmann::json::object());
    if (paths.is_object() && paths.contains(option) && paths[option].is_string())
      candidates.push_back((folder / paths[option].get<std::string>()).lexically_normal().string());
    if (fs::path(config_path).is_relative())
      candidates.push_back((folder / config_path).lexically_normal().string());
  }
  std::string differing;
  for (const std::string& candidate : candidates) {
    std::error_code error;
    if (!fs::is_regular_file(candidate, error)) continue;
    if (file_content_hash(candidate) == hash) return candidate;
    if (differing.empty()) differing = candidate;
  }
  if (!differing.empty())
    throw Error(fmt::format(
        "the {} file differs from the one the shards were run with: '{}' has content hash {}, "
        "the shards say {}",
        option, differing, file_content_hash(differing), hash));
  throw Error(fmt::format(
      "the {} file the shards were run with ('{}') is not found, neither from here nor beside "
      "the shards",
      option, config_path));
}

template <Game G>
int merge_command(const MergeOptions& options) {
  const ShardFile& first = options.shards.at(0);
  const nlohmann::json& id = first.summary.at("identity");
  BalanceOptions run_options;
  try {
    run_options.agents = id.at("agents").get<std::vector<std::string>>();
    run_options.config = id.at("config").get<std::map<std::string, std::string>>();
    run_options.seed = json_whole(id.at("seed"), "identity.seed");
    run_options.paired = id.at("paired").get<bool>();
    run_options.decisiveness_games =
        json_whole(id.at("decisiveness").at(0), "identity.decisiveness[0]");
    run_options.decisiveness_playouts = id.at("decisiveness").at(1).get<int>();
    const uint64_t deals = json_whole(id.at("deals"), "identity.deals");
    const uint64_t orders =
        BalanceRun<G>::pairs_deals(run_options, run_options.agents) ? run_options.agents.size() : 1;
    if (deals == 0 || deals > (uint64_t{1} << 40)) throw Error("deals");
    run_options.games = deals * orders;
  } catch (const std::exception&) {
    throw Error(
        fmt::format("'{}': field 'identity' does not describe a balance run of this "
                    "version (agents, config, seed, paired, decisiveness, deals)",
                    first.path));
  }
  // Data files named by a path: found from here or beside the shards, by content.
  const std::map<std::string, std::string> recorded_config = run_options.config;
  if (id.contains("data") && id.at("data").is_object())
    for (auto it = id.at("data").begin(); it != id.at("data").end(); ++it) {
      if (!it.value().is_string() || !run_options.config.count(it.key()))
        throw Error(fmt::format("'{}': field 'identity.data.{}' is not a data file of the config",
                                first.path, it.key()));
      run_options.config[it.key()] = find_shard_data_file(
          it.key(), run_options.config[it.key()], it.value().get<std::string>(), options.shards);
    }
  const ParamSet config(G::config_schema(), run_options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  BalanceRun<G> skeleton(game, config, run_options);
  // The identity as the shards were run: with the data files' paths as they were given.
  nlohmann::json whole = skeleton.checkpoint_identity();
  for (const auto& [option, path] : recorded_config)
    if (whole["config"].contains(option) && run_options.config[option] != path)
      whole["config"][option] = path;
  if (whole != [&] {
        nlohmann::json expected = id;
        expected["shard"] = {0, 1};
        return expected;
      }())
    throw Error(fmt::format("'{}' was written by another version of game '{}' or its agents",
                            first.path, G::kId));
  BalanceReport report = skeleton.report();
  report.config = whole["config"];
  report.identity = whole;
  report.threads = first.summary.value("threads", 0);
  for (const ShardFile& shard : options.shards) {
    const auto fail = [&](const std::string& field, const std::string& problem) {
      throw Error(fmt::format("'{}': field '{}' {}", shard.path, field, problem));
    };
    BalanceAccumulator counts = skeleton.empty_accumulator();
    try {
      counts.merge_counts_json(shard.summary.at("counts"));
    } catch (const nlohmann::json::exception&) {
      fail("counts", "does not have the shape of this run's counts");
    } catch (const Error& e) {
      throw Error(fmt::format("'{}': {}", shard.path, e.what()));
    }
    const ShardSpec spec{shard.summary["identity"]["shard"][0].get<uint64_t>(),
                         shard.summary["identity"]["shard"][1].get<uint64_t>()};
    const auto [begin, end] = shard_chunk_range(skeleton.chunk_count(), spec);
    check_counts_add_up(counts, skeleton.expected_counts(begin, end),
                        fmt::format("the shard's chunks {}..{}", begin, end), fail);
    report.totals.merge(counts);
    const nlohmann::json seconds = shard.summary.value("seconds", nlohmann::json(0.0));
    if (!seconds.is_number() || !(seconds.get<double>() >= 0) ||
        seconds.get<double>() > kMaxRunSeconds)
      fail("seconds", fmt::format("must be a number of seconds from 0 to {:g}", kMaxRunSeconds));
    report.seconds += seconds.get<double>();
  }
  publish_balance(report, options.out_dir, options.report_path);
  return 0;
}

}  // namespace nf
