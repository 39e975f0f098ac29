// Output files are written whole or not at all: each goes to a temporary file beside its
// target and is renamed over it once complete, so a failed run never leaves half a file or
// destroys the previous result. Temporaries are named and cleaned up as described in
// experiments/report/temporaries.hpp.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "experiments/report/temporaries.hpp"

namespace nf {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path target);
  ~AtomicFile();  // removes the temporary file unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  std::ofstream& stream() { return stream_; }
  void commit();  // flushes, checks and renames over the target; throws nf::Error on failure

 private:
  std::filesystem::path target_, temporary_;
  TrackedTemporary tracked_;
  std::ofstream stream_;
  bool committed_ = false;
};

void write_file_atomically(const std::filesystem::path& target, const std::string& contents);

// Creates the directory (and parents); throws nf::Error naming it when that fails.
void ensure_directory(const std::filesystem::path& dir);

// Whether progress lines should be drawn (stderr is a terminal).
bool stderr_is_terminal();

}  // namespace nf
