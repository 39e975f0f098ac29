#include "core/provenance.hpp"

#include <fmt/format.h>

#include "core/record.hpp"
#include "core/revision.hpp"

namespace nf {

nlohmann::json program_provenance() {
  return {{"version", kEngineVersion}, {"revision", kRevision}};
}

nlohmann::json run_provenance(const std::string& game, const nlohmann::json& config,
                              const nlohmann::json& data_hashes, std::optional<uint64_t> seed) {
  nlohmann::json p = program_provenance();
  p["game"] = game;
  p["config"] = config;
  p["data"] = data_hashes.is_null() ? nlohmann::json::object() : data_hashes;
  p["seed"] = seed ? nlohmann::json(*seed) : nlohmann::json(nullptr);
  return p;
}

std::string version_line() { return fmt::format("{} (revision {})", kEngineVersion, kRevision); }

}  // namespace nf
