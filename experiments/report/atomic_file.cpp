#include "experiments/report/atomic_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "core/error.hpp"

namespace nf {

AtomicFile::AtomicFile(std::filesystem::path target)
    : target_(std::move(target)), temporary_(temporary_beside(target_)), tracked_(temporary_) {
  if (target_.has_parent_path()) ensure_directory(target_.parent_path());
  remove_stale_temporaries(target_);
  stream_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_) throw Error(fmt::format("cannot write '{}'", target_.string()));
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    stream_.close();
    std::error_code ignored;
    std::filesystem::remove(temporary_, ignored);
  }
}

void AtomicFile::commit() {
  stream_.flush();
  const bool ok = static_cast<bool>(stream_);
  stream_.close();
  std::error_code error;
  if (ok) std::filesystem::rename(temporary_, target_, error);
  if (!ok || error) throw Error(fmt::format("cannot write '{}'", target_.string()));
  committed_ = true;
}

void write_file_atomically(const std::filesystem::path& target, const std::string& contents) {
  AtomicFile file(target);
  file.stream() << contents;
  file.commit();
}

void ensure_directory(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw Error(fmt::format("cannot create directory '{}'", dir.string()));
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace nf
