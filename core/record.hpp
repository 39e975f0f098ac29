// Game records: one JSON object per line (JSON Lines). A record is everything needed to
// re-run a game: the game and its config, the deal seed and the actions as stable text;
// the result and final-state hash let `replay` check that it reaches the same end, and the
// running hash (every decision's resulting state hash folded in) that it passes through the
// same states. `data` ties the record to the content of the data files its config names.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/revision.hpp"

namespace nf {

inline constexpr const char* kEngineVersion = "ninefold " NINEFOLD_VERSION;

struct GameRecord {
  std::string game;
  nlohmann::json config = nlohmann::json::object();  // key -> value text
  uint64_t seed = 0;
  uint64_t index = 0;               // game index within its experiment
  std::vector<std::string> agents;  // by seat
  std::string engine = kEngineVersion;
  std::string revision = kRevision;  // the source revision that wrote it (core/revision.hpp)
  std::vector<std::string> actions;
  std::vector<double> returns;
  std::string state_hash;
  // Hash of the state hashes after each decision, in order; empty in records that predate it.
  std::string running_hash;
  // {config option: {"hash": content hash, "path": the file, relative to the record's
  // folder}} for every data file the config names; empty when there is none.
  nlohmann::json data = nlohmann::json::object();

  nlohmann::json to_json() const;
  // Throws nf::Error naming the missing or mistyped field.
  static GameRecord from_json(const nlohmann::json& j);
};

// Reads record number `index` (0-based, counting non-empty lines) of a JSON Lines file;
// errors name the file and line.
GameRecord read_record(const std::string& path, uint64_t index);

}  // namespace nf
