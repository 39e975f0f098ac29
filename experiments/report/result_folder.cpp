#include "experiments/report/result_folder.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <fstream>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/temporaries.hpp"

namespace nf {
namespace fs = std::filesystem;
namespace {

// What a folder holds: nothing, a ninefold command's results, or other files.
struct FolderContents {
  enum Kind { Empty, Results, Other } kind = Other;
  std::string command;  // the command whose results they are; empty when the folder predates it
  std::string summary;  // the summary's file name
};

// Summary files of folders written before summaries carried their command and provenance.
constexpr std::array<std::string_view, 9> kOlderSummaryFiles = {
    "summary.json", "tournament.json", "match.json", "tune.json",  "variants.json",
    "ladder.json",  "fit.json",        "sweep.json", "robust.json"};

// A ninefold summary is a JSON object with "command" (which results it holds) and "provenance".
std::optional<std::string> summary_command(const fs::path& file) {
  std::error_code error;
  if (file.extension() != ".json" || !fs::is_regular_file(file, error)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  const nlohmann::json summary = nlohmann::json::parse(in, nullptr, false);
  if (!summary.is_object() || !summary.contains("provenance") || !summary.contains("command") ||
      !summary["command"].is_string())
    return std::nullopt;
  return summary["command"].get<std::string>();
}

FolderContents folder_contents(const fs::path& dir) {
  std::error_code error;
  if (fs::is_empty(dir, error) && !error) return {FolderContents::Empty, {}, {}};
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (const auto command = summary_command(entry.path()))
      return {FolderContents::Results, *command, entry.path().filename().string()};
  for (std::string_view name : kOlderSummaryFiles)
    if (fs::exists(dir / name, error)) return {FolderContents::Results, {}, std::string(name)};
  return {};
}

// nf::Error when `dir` holds results of another command than `command` (empty: any command).
void refuse_other_results(const fs::path& dir, std::string_view option, std::string_view command,
                          const FolderContents& contents) {
  if (command.empty() || contents.command.empty() || contents.command == command) return;
  throw Error(fmt::format(
      "{} '{}' holds {} results ({}), not {} results: give another folder, or remove it first "
      "to replace them",
      option, dir.string(), contents.command, contents.summary, command));
}

fs::path parent_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

}  // namespace

void check_result_folder(const fs::path& target, std::string_view option,
                         std::string_view command) {
  std::error_code error;
  const auto status = fs::status(target, error);
  if (status.type() != fs::file_type::not_found) {
    if (status.type() != fs::file_type::directory)
      throw Error(fmt::format("{} '{}' is a file, not a folder", option, target.string()));
    const FolderContents contents = folder_contents(target);
    if (contents.kind == FolderContents::Other)
      throw Error(
          fmt::format("{} '{}' is a folder that does not hold ninefold results (no "
                      "summary.json or similar); give a new or empty folder",
                      option, target.string()));
    refuse_other_results(target, option, command, contents);
  }
  // Creating (and removing) the staging folder proves the parent can be written; through a
  // link, the staging folder is beside the folder the link names.
  const fs::path written = written_path(target);
  const fs::path parent = parent_of(written);
  fs::create_directories(parent, error);
  const fs::path probe = temporary_beside(written);
  const TrackedTemporary tracked(probe);
  if (!fs::create_directory(probe, error) || error)
    throw Error(fmt::format("{} '{}' cannot be written (cannot create a folder in '{}')", option,
                            target.string(), parent.string()));
  fs::remove(probe, error);
}

void check_output_file(const fs::path& target, std::string_view option, MissingFolder missing) {
  if (output_kind(target, option) == OutputKind::Stream) {
    // A device or a named pipe is written to, never replaced.
    if (::access(target.c_str(), W_OK) != 0)
      throw Error(fmt::format("{} '{}' cannot be written{}", option, target.string(),
                              failure_reason(errno)));
    return;
  }
  std::error_code error;
  const fs::path parent = parent_of(target);
  if (missing == MissingFolder::Refuse && !fs::is_directory(parent, error))
    throw Error(fmt::format("{} '{}' cannot be written: the folder '{}' does not exist", option,
                            target.string(), parent.string()));
  fs::create_directories(parent, error);
  const fs::path probe = temporary_beside(target);
  const TrackedTemporary tracked(probe);
  {
    std::ofstream out(probe, std::ios::binary);
    if (!out)
      throw Error(fmt::format("{} '{}' cannot be written (cannot create a file in '{}')", option,
                              target.string(), parent.string()));
  }
  fs::remove(probe, error);
}

namespace {
bool inside(const fs::path& inner, const fs::path& outer) {
  return std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end()).first == outer.end();
}
}  // namespace

bool same_or_inside(const fs::path& inner, const fs::path& outer) {
  return inside(written_path(inner), written_path(outer));
}

void check_distinct_outputs(const std::vector<OutputPath>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i)
    for (size_t j = 0; j < outputs.size(); ++j) {
      const OutputPath &a = outputs[i], &b = outputs[j];
      if (i == j || a.path.empty() || b.path.empty()) continue;
      const fs::path pa = written_path(a.path), pb = written_path(b.path);
      std::error_code error;
      if (pa == pb && i < j && !fs::is_character_file(pa, error))
        throw Error(fmt::format("{} '{}' and {} '{}' are the same path: give each output its own",
                                a.option, a.path, b.option, b.path));
      if (pa != pb && b.folder && inside(pa, pb))
        throw Error(
            fmt::format("{} '{}' is inside {} '{}', which is replaced whole at the end of the "
                        "run; write it elsewhere",
                        a.option, a.path, b.option, b.path));
    }
}

namespace {

// Swaps two folders in one step; false when the file system cannot (then nothing changed).
bool exchange_folders(const fs::path& a, const fs::path& b) {
  return ::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
}

}  // namespace

void write_result_folder(const fs::path& named, const std::function<void(const fs::path&)>& write,
                         AtomicFile* companion) {
  const DeferredSignals wait_for_the_outputs;
  check_result_folder(named, "result folder", "");
  // Through a link the folder it names is replaced; the link stays.
  const fs::path target = written_path(named);
  remove_stale_temporaries(target);
  const fs::path staging = temporary_beside(target);
  std::error_code error;
  fs::remove_all(staging, error);
  ensure_directory(staging);
  const TrackedTemporary tracked(staging);  // removed with its files if the process is ended
  try {
    write(staging);
    std::error_code absent;
    if (fs::exists(target, absent))
      refuse_other_results(named, "result folder", folder_contents(staging).command,
                           folder_contents(target));
  } catch (...) {
    fs::remove_all(staging, error);
    throw;
  }
  const auto fail = [&](const char* step, const std::error_code& reason) {
    fs::remove_all(staging, error);
    throw Error(
        fmt::format("cannot write result folder '{}' ({}: {}); the previous one, if any, is "
                    "unchanged",
                    target.string(), step, reason.message()));
  };
  // Where the previous folder is once the new one is in place; empty when there was none.
  fs::path previous;
  std::error_code step_error;
  if (!fs::exists(target, error)) {
    fs::rename(staging, target, step_error);
    if (step_error) fail("cannot rename the new folder into place", step_error);
  } else if (exchange_folders(staging, target)) {
    previous = staging;
  } else {
    // No atomic exchange here: two renames, the previous folder kept under a temporary name
    // until the new one is in place (a later run removes it after a crash between them).
    previous = temporary_beside(target, "old");
    fs::remove_all(previous, error);
    fs::rename(target, previous, step_error);
    if (step_error) fail("cannot move the previous folder aside", step_error);
    fs::rename(staging, target, step_error);
    if (step_error) {
      std::error_code restore;
      fs::rename(previous, target, restore);
      fail("cannot rename the new folder into place", step_error);
    }
  }
  if (companion) {
    try {
      companion->commit();
    } catch (...) {
      // Put the previous folder back: the folder and its report stay of one run.
      std::error_code restore;
      if (previous.empty()) {
        fs::remove_all(target, restore);
      } else if (previous == staging) {
        if (exchange_folders(staging, target)) fs::remove_all(staging, restore);
      } else {
        fs::remove_all(target, restore);
        fs::rename(previous, target, restore);
      }
      throw;
    }
  }
  if (!previous.empty()) fs::remove_all(previous, error);
}

void publish_outputs(const std::string& out_dir, const std::function<void(const fs::path&)>& write,
                     const std::string& report_path,
                     const std::function<std::string()>& report_text) {
  const bool stream_report =
      !report_path.empty() && output_kind(report_path, "--report") == OutputKind::Stream;
  {
    const DeferredSignals wait_for_the_outputs;
    std::optional<AtomicFile> report;
    if (!report_path.empty() && !stream_report) {
      report.emplace(report_path);
      report->stream() << report_text();
      report->finish();
    }
    if (!out_dir.empty())
      write_result_folder(out_dir, write, report ? &*report : nullptr);
    else if (report)
      report->commit();
  }
  if (stream_report) write_file_atomically(report_path, report_text());
}

}  // namespace nf
