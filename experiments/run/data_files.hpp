// The data files a game config names (a realms map or figure table given as a path): their
// content hashes, so checkpoints, shards and records are tied to the data they were made
// with and not only to its file name.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "core/params.hpp"

namespace nf {

// {option: content hash} for every text option of `config` (key -> value text) whose value
// names a regular file; an empty object when there is none.
nlohmann::json data_file_hashes(const ParamSchema& schema, const nlohmann::json& config);

// GameRecord::data for records written to `record_path`: each data file's content hash and
// its path relative to the record's folder.
nlohmann::json record_data_files(const ParamSchema& schema, const nlohmann::json& config,
                                 const std::string& record_path);

// Whether `path` lies inside `folder`, symbolic links followed: a record or a shard names data
// files by path, and ninefold reads (and names the content hash of) only those inside the
// folder the file came in, never a file it points to elsewhere ("../../secret").
bool path_inside(const std::string& path, const std::string& folder);

// Where a record's data file is now: the config's path when its content matches, otherwise
// the recorded path relative to the record's folder; only files inside the record's folder.
// nf::Error "the <option> file differs from the one recorded" when the file found has other
// content, naming the paths outside the folder when only such exist, or naming both places
// when there is none.
std::string find_recorded_data_file(const std::string& option, const std::string& config_path,
                                    const nlohmann::json& recorded, const std::string& record_path);

// The content hash of a file as hex; nf::Error naming the file when it cannot be read.
std::string file_content_hash(const std::string& path);

}  // namespace nf
