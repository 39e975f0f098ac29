#include "experiments/run/shards.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/run/checkpoint.hpp"

namespace nf {

ShardSpec parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  ShardSpec s;
  try {
    if (slash == std::string::npos) throw std::invalid_argument(text);
    size_t used_index = 0, used_count = 0;
    const std::string index = text.substr(0, slash), count = text.substr(slash + 1);
    s.index = std::stoull(index, &used_index);
    s.count = std::stoull(count, &used_count);
    if (used_index != index.size() || used_count != count.size() || index[0] == '-' ||
        count[0] == '-')
      throw std::invalid_argument(text);
  } catch (const std::exception&) {
    throw Error(fmt::format("--shard '{}': expected i/n, e.g. 0/4", text));
  }
  if (s.count == 0 || s.count > kMaxShards || s.index >= s.count)
    throw Error(fmt::format("--shard '{}': n must be 1..{} and the shard index in 0..n-1", text,
                            kMaxShards));
  return s;
}

std::pair<uint64_t, uint64_t> shard_chunk_range(uint64_t chunks, const ShardSpec& shard) {
  // floor(chunks * i / n) without overflow: n is at most kMaxShards, so r * i fits.
  const uint64_t q = chunks / shard.count, r = chunks % shard.count;
  const auto at = [&](uint64_t i) { return q * i + r * i / shard.count; };
  return {at(shard.index), at(shard.index + 1)};
}

namespace {
nlohmann::json read_json_file(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read {} '{}'", what, path));
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    throw Error(fmt::format("{} '{}' is not valid JSON (a partly written file?)", what, path));
  }
}
}  // namespace

std::vector<ShardFile> read_shard_files(const std::vector<std::string>& paths) {
  std::vector<ShardFile> shards;
  for (const std::string& given : paths) {
    std::string path = given;
    if (std::filesystem::is_directory(path))
      path = (std::filesystem::path(path) / "summary.json").string();
    nlohmann::json summary = read_json_file(path, "shard summary");
    if (!summary.contains("counts") || !summary.contains("identity") ||
        summary.value("command", "") != "balance")
      throw Error(fmt::format("'{}' is not the summary.json of a balance run", path));
    const nlohmann::json& identity = summary["identity"];
    const bool shard_ok =
        identity.is_object() && identity.contains("shard") && identity["shard"].is_array() &&
        identity["shard"].size() == 2 && identity["shard"][0].is_number_unsigned() &&
        identity["shard"][1].is_number_unsigned() &&
        identity["shard"][0].get<uint64_t>() < identity["shard"][1].get<uint64_t>();
    if (!shard_ok)
      throw Error(fmt::format(
          "'{}': field 'identity.shard' must be [i, n] with whole numbers 0 <= i < n", path));
    if (!summary.contains("game") || !summary["game"].is_string())
      throw Error(fmt::format("'{}': field 'game' must be a game id", path));
    shards.push_back({path, std::move(summary)});
  }
  if (shards.empty()) throw Error("merge: no shard files given");
  auto identity_without_shard = [](nlohmann::json id) {
    id.erase("shard");
    return id;
  };
  const nlohmann::json first = identity_without_shard(shards[0].summary["identity"]);
  const uint64_t count = shards[0].summary["identity"]["shard"][1].get<uint64_t>();
  std::set<uint64_t> seen;
  for (const ShardFile& s : shards) {
    const nlohmann::json& id = s.summary["identity"];
    if (identity_without_shard(id) != first || id["shard"][1].get<uint64_t>() != count) {
      IdentityDifference d = first_identity_difference(identity_without_shard(id), first);
      if (d.field == "identity")  // they differ in the number of shards alone
        d = {"identity.shard", id["shard"].dump(), shards[0].summary["identity"]["shard"].dump()};
      throw Error(fmt::format(
          "'{}' is a shard of another experiment than '{}': its field '{}' is {} where '{}' has {}",
          s.path, shards[0].path, d.field, d.first, shards[0].path, d.second));
    }
    const uint64_t index = id["shard"][0].get<uint64_t>();
    if (!seen.insert(index).second)
      throw Error(fmt::format("shard {}/{} is given twice ('{}')", index, count, s.path));
  }
  for (uint64_t i = 0; i < count; ++i)
    if (!seen.count(i)) throw Error(fmt::format("shard {}/{} is missing", i, count));
  std::sort(shards.begin(), shards.end(), [](const ShardFile& a, const ShardFile& b) {
    return a.summary["identity"]["shard"][0] < b.summary["identity"]["shard"][0];
  });
  return shards;
}

}  // namespace nf
