// Result folders are written all or nothing: a command writes its whole result set into a
// fresh temporary folder beside the target and swaps it in at the end, so a folder holds
// either one run's complete output or the previous one untouched; files of an older run that
// the new one does not write do not survive. The checks below run before any game is played,
// so an output that cannot be written fails at once rather than after the run.
#pragma once

#include <filesystem>
#include <functional>
#include <string_view>

namespace nf {

// Writes the folder `target` with `write(staging)`, which puts every file into `staging`.
// When `write` or the swap fails, the previous folder (if any) is left as it was and the
// error propagates. `target` must be absent, empty or a ninefold result folder.
void write_result_folder(const std::filesystem::path& target,
                         const std::function<void(const std::filesystem::path&)>& write);

// nf::Error naming `option` when `target` cannot become a result folder: a file is in the
// way, it holds other files than a ninefold result, or its parent cannot be written.
void check_result_folder(const std::filesystem::path& target, std::string_view option);
// nf::Error naming `option` when the file `target` cannot be written (a folder is in the way,
// its folder cannot be created or written). An existing file is kept.
void check_output_file(const std::filesystem::path& target, std::string_view option);

}  // namespace nf
