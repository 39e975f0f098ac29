#include "experiments/tuning/fit_checkpoint.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/run/checkpoint.hpp"

namespace nf {

void FitCheckpoint::fail(const std::string& field, const std::string& problem) const {
  throw Error(
      fmt::format("checkpoint '{}': field '{}' {}; the fit was not started (remove "
                  "the file to start afresh)",
                  path, field, problem));
}

void FitCheckpoint::load() {
  if (path.empty()) return;
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) return;
  if (status.type() != std::filesystem::file_type::regular)
    throw Error(fmt::format("checkpoint '{}' is not a regular file", path));
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) throw Error(fmt::format("cannot read checkpoint '{}'", path));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception&) {
    throw Error(fmt::format("checkpoint '{}' is not valid JSON", path));
  }
  if (!j.is_object() || j.value("format", nlohmann::json()) != kFitCheckpointFormat)
    throw Error(fmt::format(
        "checkpoint '{}' is not a checkpoint of ninefold fit of this version (field 'format' "
        "is not \"{}\"); remove it to start afresh",
        path, kFitCheckpointFormat));
  for (const char* field : {"checksum", "identity", "rounds"})
    if (!j.contains(field)) fail(field, "is missing");
  if (!j.at("checksum").is_string() || j.at("checksum") != CheckpointWriter::checksum(j))
    fail("checksum", "does not match the file's contents (the file was edited or damaged)");
  if (j["identity"] != identity)
    throw Error(fmt::format(
        "checkpoint '{}' belongs to another fit (it was saved by: {}); remove it or run the "
        "same command",
        path, j["identity"].dump()));
  if (!j["rounds"].is_array()) fail("rounds", "must be a list");
  for (size_t r = 0; r < j["rounds"].size(); ++r) {
    const nlohmann::json& round = j["rounds"][r];
    const std::string field = fmt::format("rounds[{}]", r);
    if (!round.is_object() || !round.contains("candidates") || !round.contains("objectives") ||
        !round["candidates"].is_array() || !round["objectives"].is_array() ||
        round["candidates"].empty() || round["candidates"].size() != round["objectives"].size())
      fail(field, "must hold as many candidates as objectives, at least one");
    for (const nlohmann::json& candidate : round["candidates"]) {
      if (!candidate.is_array()) fail(field + ".candidates", "must be lists of numbers");
      for (const nlohmann::json& v : candidate)
        if (!v.is_number() || !std::isfinite(v.get<double>()))
          fail(field + ".candidates", "must be lists of numbers");
    }
    for (const nlohmann::json& v : round["objectives"])
      if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
        fail(field + ".objectives", "must be numbers, 0 or more");
    rounds.push_back(round);
  }
}

void FitCheckpoint::save() const {
  if (path.empty()) return;
  nlohmann::json j = {{"format", kFitCheckpointFormat},
                      {"engine", kEngineVersion},
                      {"identity", identity},
                      {"rounds", rounds}};
  j["checksum"] = CheckpointWriter::checksum(j);
  write_file_atomically(path, j.dump() + "\n");
}

}  // namespace nf
