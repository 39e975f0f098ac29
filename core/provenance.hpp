// Where an output comes from: one record, the same in every file ninefold writes (every
// command's summary JSON, the bench JSON, `--version`). A run is a pure function of what it
// names: the program (version and source revision), the game, its config, the content of its
// data files and the seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace nf {

// {"version", "revision"}: the program alone.
nlohmann::json program_provenance();
// {"version", "revision", "game", "config", "data" (content hash per data file), "seed"}.
nlohmann::json run_provenance(const std::string& game, const nlohmann::json& config,
                              const nlohmann::json& data_hashes, std::optional<uint64_t> seed);
// What results must share to be combined (checkpoints, shards): the source revision of a build
// from a clean git checkout; otherwise (uncommitted changes, or no git) the revision does not
// pin the code, so "<revision> build <content hash of the binary>": the very same binary.
const std::string& code_revision();
// "ninefold 0.1.0 (revision 0123456789ab)": what `--version` prints.
std::string version_line();

}  // namespace nf
