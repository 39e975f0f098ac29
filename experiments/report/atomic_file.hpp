// Output files are written whole or not at all: each goes to a temporary file beside its
// target and is renamed over it once complete, so a failed run never leaves half a file or
// destroys the previous result. Temporaries are named and cleaned up as described in
// experiments/report/temporaries.hpp.
//
// Only a regular file (or a path that does not exist yet) is replaced. A character device
// (/dev/null, a terminal) or a named pipe is written to as a stream, never replaced; a symbolic
// link is kept and the file it names (or will name) is replaced; anything else is refused.
#pragma once

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "experiments/report/temporaries.hpp"

namespace nf {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::ofstream& stream() { return stream_; }
  // Flushes and closes the file and checks that every byte was written; nf::Error with the
  // reason ("No space left on device") otherwise. The target is not touched yet.
  void finish();
  void commit();  // finish(), then renames over the target; throws nf::Error on failure
  // Whether the target is a device or a pipe written to directly (nothing is replaced).
  bool streams() const { return !temporary_; }

 private:
  std::filesystem::path target_;
  std::optional<std::filesystem::path> temporary_;  // none when streaming to the target
  std::optional<TrackedTemporary> tracked_;
  std::ofstream stream_;
  bool finished_ = false, committed_ = false;
};

void write_file_atomically(const std::filesystem::path& target, const std::string& contents);

// How an output path would be written: nf::Error naming `option` when it is a folder or a
// kind of file that is neither replaced nor streamed to (a block device, a socket).
enum class OutputKind { Replace, Stream };
OutputKind output_kind(const std::filesystem::path& target, std::string_view option);

// Where an output named `path` is written: absolute, with its symbolic links followed, a link
// whose target does not exist yet included (the output is created where the link points).
std::filesystem::path written_path(const std::filesystem::path& path);

// The reason of the last failed system call, for messages: " (No space left on device)".
std::string failure_reason(int error_number);

// Creates the directory (and parents); throws nf::Error naming it when that fails.
void ensure_directory(const std::filesystem::path& dir);

// Whether progress lines should be drawn (stderr is a terminal).
bool stderr_is_terminal();

}  // namespace nf
