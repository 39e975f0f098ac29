// Splitting and resuming experiments. Deals are played in fixed chunks whose exact counts
// add up in chunk order, so:
//   a shard (`--shard i/n`, or an MPI rank) is a contiguous range of chunks, and adding the
//   shards' counts gives exactly the unsplit run's counts;
//   a checkpoint (experiments/run/checkpoint.hpp) is the counts after the last consumed chunk
//   plus the next chunk's index, so a killed run resumes to exactly the result of an
//   uninterrupted one.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace nf {

inline constexpr uint64_t kMaxShards = 1'000'000;

struct ShardSpec {
  uint64_t index = 0, count = 1;
  bool whole() const { return count == 1; }
};

// "i/n" with 0 <= i < n; nf::Error otherwise.
ShardSpec parse_shard(const std::string& text);

// Shard i of n gets chunks [chunks * i / n, chunks * (i + 1) / n).
std::pair<uint64_t, uint64_t> shard_chunk_range(uint64_t chunks, const ShardSpec& shard);

// The summary.json of a shard, and merging them: nf::Error when the files are not the
// shards of one experiment (different identity, a shard missing or given twice).
struct ShardFile {
  std::string path;
  nlohmann::json summary;
};
std::vector<ShardFile> read_shard_files(const std::vector<std::string>& paths);

}  // namespace nf
