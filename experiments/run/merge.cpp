#include "experiments/run/merge.hpp"
#include "core/params.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "experiments/report/balance_report.hpp"

namespace nf {

int run_merge(const GameInfo& info, const MergeOptions& options) {
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
        BalanceRun::pairs_deals(run_options, run_options.agents) ? run_options.agents.size() : 1;
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
  const auto game = info.load(run_options.config);
  const auto run = game->balance_run(run_options);
  const BalanceRun& skeleton = *run;
  // The identity as the shards were run: with the data files' paths as they were given.
  nlohmann::json whole = skeleton.checkpoint_identity();
  for (const auto& [option, path] : recorded_config)
    if (whole["config"].contains(option) && run_options.config[option] != path)
      whole["config"][option] = path;
  // The shards share one revision (read_shard_files); merging adds their counts, so another
  // build may merge them, and the result keeps the shards' revision.
  if (id.contains("revision")) whole["revision"] = id.at("revision");
  nlohmann::json expected = id;
  expected["shard"] = {0, 1};
  if (whole != expected) {
    const IdentityDifference d = first_identity_difference(expected, whole);
    throw Error(fmt::format(
        "'{}' was written by another version of game '{}' or its agents: its field '{}' is {} "
        "where this ninefold has {}",
        first.path, info.id, d.field, d.first, d.second));
  }
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
    // Last: the checks above name what they find; this sees edits that keep counts consistent.
    if (!shard.summary.contains("checksum"))
      fail("checksum", "is missing (a shard written by an older ninefold?)");
    if (shard.summary.at("checksum") != content_checksum(shard.summary))
      fail("checksum", "does not match the file's contents (the file was edited or damaged)");
  }
  publish_balance(report, options.out_dir, options.report_path);
  return 0;
}

}  // namespace nf
