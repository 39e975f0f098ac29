// `ninefold merge shard*/summary.json`: adds the exact counts of the shards of one balance
// run (`--shard i/n`) and reports them exactly as the unsplit run would have. Every shard is
// checked as a checkpoint is: its identity, the kind and range of every count, and totals
// that add up to the games of its part of the run.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/json_values.hpp"
#include "experiments/game_catalog.hpp"
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
// content has the hash the shards were run with. Only files inside the folder a shard's result
// folder is in are read (path_inside): a shard cannot make merge read a file elsewhere.
// nf::Error naming the file otherwise.
inline std::string find_shard_data_file(const std::string& option, const std::string& config_path,
                                        const std::string& hash,
                                        const std::vector<ShardFile>& shards) {
  namespace fs = std::filesystem;
  // Each candidate with the folder it must stay in.
  std::vector<std::pair<std::string, std::string>> candidates;
  for (const ShardFile& shard : shards) {
    const fs::path folder = fs::absolute(shard.path).lexically_normal().parent_path();
    const std::string root = folder.parent_path().string();
    candidates.emplace_back(config_path, root);
    const nlohmann::json& paths = shard.summary.value("data_paths", nlohmann::json::object());
    if (paths.is_object() && paths.contains(option) && paths[option].is_string())
      candidates.emplace_back(
          (folder / paths[option].get<std::string>()).lexically_normal().string(), root);
    if (fs::path(config_path).is_relative())
      candidates.emplace_back((folder / config_path).lexically_normal().string(), root);
  }
  std::string differing, outside;
  for (const auto& [candidate, root] : candidates) {
    std::error_code error;
    if (!fs::is_regular_file(candidate, error)) continue;
    if (!path_inside(candidate, root)) {
      if (outside.empty()) outside = candidate;
      continue;
    }
    if (file_content_hash(candidate) == hash) return candidate;
    if (differing.empty()) differing = candidate;
  }
  if (differing.empty() && !outside.empty())
    throw Error(fmt::format(
        "the {} file the shards name ('{}') is outside the folder that holds the shards; merge "
        "reads data files only from there (copy the file beside the shards)",
        option, outside));
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

int run_merge(const GameInfo& game, const MergeOptions& options);

}  // namespace nf
