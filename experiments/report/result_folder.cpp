#include "experiments/report/result_folder.hpp"

#include <fmt/format.h>

#include <array>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/temporaries.hpp"

namespace nf {
namespace fs = std::filesystem;
namespace {

// A folder holding one of these was written by a ninefold command and may be replaced.
constexpr std::array<std::string_view, 8> kSummaryFiles = {
    "summary.json",  "tournament.json", "match.json", "tune.json",
    "variants.json", "ladder.json",     "fit.json",   "sweep.json"};

bool replaceable_folder(const fs::path& dir) {
  std::error_code error;
  if (fs::is_empty(dir, error) && !error) return true;
  for (std::string_view name : kSummaryFiles)
    if (fs::exists(dir / name, error)) return true;
  return false;
}

fs::path parent_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

}  // namespace

void check_result_folder(const fs::path& target, std::string_view option) {
  std::error_code error;
  const auto status = fs::status(target, error);
  if (status.type() != fs::file_type::not_found) {
    if (status.type() != fs::file_type::directory)
      throw Error(fmt::format("{} '{}' is a file, not a folder", option, target.string()));
    if (!replaceable_folder(target))
      throw Error(
          fmt::format("{} '{}' is a folder that does not hold ninefold results (no "
                      "summary.json or similar); give a new or empty folder",
                      option, target.string()));
  }
  // Creating (and removing) the staging folder proves the parent can be written.
  const fs::path parent = parent_of(target);
  fs::create_directories(parent, error);
  const fs::path probe = temporary_beside(target);
  if (!fs::create_directory(probe, error) || error)
    throw Error(fmt::format("{} '{}' cannot be written (cannot create a folder in '{}')", option,
                            target.string(), parent.string()));
  fs::remove(probe, error);
}

void check_output_file(const fs::path& target, std::string_view option) {
  std::error_code error;
  if (fs::is_directory(target, error))
    throw Error(fmt::format("{} '{}' is a folder, not a file", option, target.string()));
  const fs::path parent = parent_of(target);
  fs::create_directories(parent, error);
  const fs::path probe = temporary_beside(target);
  {
    std::ofstream out(probe, std::ios::binary);
    if (!out)
      throw Error(fmt::format("{} '{}' cannot be written (cannot create a file in '{}')", option,
                              target.string(), parent.string()));
  }
  fs::remove(probe, error);
}

void write_result_folder(const fs::path& target,
                         const std::function<void(const fs::path&)>& write) {
  check_result_folder(target, "result folder");
  remove_stale_temporaries(target);
  const fs::path staging = temporary_beside(target);
  std::error_code error;
  fs::remove_all(staging, error);
  ensure_directory(staging);
  try {
    TrackedTemporary tracked(staging);  // an empty folder left by a signal is removed too
    write(staging);
  } catch (...) {
    fs::remove_all(staging, error);
    throw;
  }
  const auto fail = [&](const char* step) {
    fs::remove_all(staging, error);
    throw Error(
        fmt::format("cannot write result folder '{}' ({}); the previous one, if any, is "
                    "unchanged",
                    target.string(), step));
  };
  if (!fs::exists(target, error)) {
    fs::rename(staging, target, error);
    if (error) fail("cannot rename the new folder into place");
    return;
  }
  // Two renames: a crash between them leaves the old result under its temporary name, which
  // a later run removes; never a mix of two runs.
  const fs::path old = temporary_beside(target, "old");
  fs::remove_all(old, error);
  fs::rename(target, old, error);
  if (error) fail("cannot move the previous folder aside");
  fs::rename(staging, target, error);
  if (error) {
    std::error_code restore;
    fs::rename(old, target, restore);
    fail("cannot rename the new folder into place");
  }
  fs::remove_all(old, error);
}

}  // namespace nf
