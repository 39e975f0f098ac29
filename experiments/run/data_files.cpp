#include "experiments/run/data_files.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "core/hash.hpp"

namespace nf {

std::string file_content_hash(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read data file '{}'", path));
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return hash_to_hex(Hasher().add_bytes(bytes).value());
}

nlohmann::json data_file_hashes(const ParamSchema& schema, const nlohmann::json& config) {
  nlohmann::json out = nlohmann::json::object();
  for (const ParamSpec& p : schema) {
    if (p.kind != ParamKind::Text || !config.contains(p.name) || !config.at(p.name).is_string())
      continue;
    const std::string value = config.at(p.name).get<std::string>();
    std::error_code error;
    if (std::filesystem::is_regular_file(value, error)) out[p.name] = file_content_hash(value);
  }
  return out;
}

namespace {
std::filesystem::path folder_of(const std::string& file) {
  const std::filesystem::path p = std::filesystem::absolute(file).lexically_normal();
  return p.parent_path();
}
}  // namespace

nlohmann::json record_data_files(const ParamSchema& schema, const nlohmann::json& config,
                                 const std::string& record_path) {
  nlohmann::json out = nlohmann::json::object();
  const nlohmann::json hashes = data_file_hashes(schema, config);
  for (auto it = hashes.begin(); it != hashes.end(); ++it) {
    const std::filesystem::path file =
        std::filesystem::absolute(config.at(it.key()).get<std::string>()).lexically_normal();
    out[it.key()] = {{"hash", it.value()},
                     {"path", file.lexically_relative(folder_of(record_path)).generic_string()}};
  }
  return out;
}

bool path_inside(const std::string& path, const std::string& folder) {
  std::error_code error;
  const std::filesystem::path file = std::filesystem::weakly_canonical(path, error);
  if (error) return false;
  const std::filesystem::path root = std::filesystem::weakly_canonical(folder, error);
  if (error) return false;
  const std::filesystem::path relative = file.lexically_relative(root);
  return !relative.empty() && *relative.begin() != "..";
}

std::string find_recorded_data_file(const std::string& option, const std::string& config_path,
                                    const nlohmann::json& recorded,
                                    const std::string& record_path) {
  const std::string hash = recorded.at("hash").get<std::string>();
  const std::string beside =
      (folder_of(record_path) / recorded.at("path").get<std::string>()).lexically_normal().string();
  const std::string folder = folder_of(record_path).string();
  std::error_code error;
  std::string found, outside;
  for (const std::string& candidate : {config_path, beside}) {
    if (!std::filesystem::is_regular_file(candidate, error)) continue;
    if (!path_inside(candidate, folder)) {
      if (outside.empty()) outside = candidate;
      continue;
    }
    if (file_content_hash(candidate) == hash) return candidate;
    if (found.empty()) found = candidate;
  }
  if (found.empty() && !outside.empty())
    throw Error(fmt::format(
        "the {} file the record names ('{}') is outside the record's folder '{}'; replay reads "
        "data files only from there (copy the file beside the record)",
        option, outside, folder));
  if (!found.empty())
    throw Error(
        fmt::format("the {} file differs from the one recorded: '{}' has content hash {}, "
                    "the record says {}",
                    option, found, file_content_hash(found), hash));
  throw Error(fmt::format("the {} file of the record is not found: neither '{}' nor '{}' exists",
                          option, config_path, beside));
}

}  // namespace nf
