#include "core/provenance.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <string_view>

#include "core/hash.hpp"
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

namespace {
// The file holding this code: the executable, or the shared library (the Python module).
std::string code_file() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<const void*>(&code_revision), &info) != 0 && info.dli_fname &&
      std::string_view(info.dli_fname).find(".so") != std::string_view::npos)
    return info.dli_fname;
  return "/proc/self/exe";
}
}  // namespace

const std::string& code_revision() {
  static const std::string revision = [] {
    const std::string_view r = kRevision;
    if (r != "unknown" && !r.ends_with("-dirty")) return std::string(r);
    std::ifstream in(code_file(), std::ios::binary);
    if (!in) return std::string(r);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return fmt::format("{} build {}", r, hash_to_hex(Hasher().add_bytes(bytes).value()));
  }();
  return revision;
}

std::string version_line() { return fmt::format("{} (revision {})", kEngineVersion, kRevision); }

}  // namespace nf
