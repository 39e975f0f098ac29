// Result folders are written all or nothing: a command writes its whole result set into a
// fresh temporary folder beside the target and swaps it in at the end, so a folder holds
// either one run's complete output or the previous one untouched; files of an older run that
// the new one does not write do not survive. The checks below run before any game is played,
// so an output that cannot be written fails at once rather than after the run.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace nf {

class AtomicFile;

// Writes the folder `target` with `write(staging)`, which puts every file into `staging`.
// When `write` or the swap fails, the previous folder (if any) is left as it was and the
// error propagates. `target` must be absent, empty or a folder of the same command's results
// (the summaries' "command" fields); through a symbolic link, the folder it names is replaced.
// The new folder takes the old one's place in one step (an atomic exchange where the file
// system has one); `companion`, a finished file written with it (the HTML report), is
// committed in the same step, and if that fails the previous folder is put back. SIGINT and
// SIGTERM wait until the step is done (experiments/report/temporaries.hpp).
void write_result_folder(const std::filesystem::path& target,
                         const std::function<void(const std::filesystem::path&)>& write,
                         AtomicFile* companion = nullptr);

// A run's outputs together: the result folder `out_dir` (none when empty) and the report
// `report_path` (none when empty, with its text from `report_text`), all or nothing. A report
// to a device or a named pipe is streamed after the folder is in place.
void publish_outputs(const std::string& out_dir,
                     const std::function<void(const std::filesystem::path&)>& write,
                     const std::string& report_path,
                     const std::function<std::string()>& report_text);

// nf::Error naming `option` when `target` cannot become a folder of `command`'s results: a
// file is in the way, it holds other files than a ninefold result, it holds the results of
// another command (its summary's "command"; any command replaces a folder written before
// summaries named it, and so does an empty `command`), or its parent cannot be written.
void check_result_folder(const std::filesystem::path& target, std::string_view option,
                         std::string_view command);
// Whether check_output_file creates a missing folder above the file (the command line's
// outputs, such as results/run.jsonl) or refuses it (a path handed over by a program).
enum class MissingFolder { Create, Refuse };
// nf::Error naming `option` when the file `target` cannot be written (a folder is in the way,
// its folder is missing or cannot be created or written). An existing file is kept.
void check_output_file(const std::filesystem::path& target, std::string_view option,
                       MissingFolder missing = MissingFolder::Create);

// One output of a command: its option ("--report"), its path (empty: not given) and whether
// it is a result folder (replaced whole at the end of the run).
struct OutputPath {
  std::string option, path;
  bool folder = false;
};
// nf::Error, before any game is played, when two outputs name one path or a file is inside a
// result folder (the folder's replacement would remove it). Character devices may be shared.
void check_distinct_outputs(const std::vector<OutputPath>& outputs);

// Whether `inner` is `outer` or lies inside it, once both are resolved (symbolic links, "..").
bool same_or_inside(const std::filesystem::path& inner, const std::filesystem::path& outer);

}  // namespace nf
