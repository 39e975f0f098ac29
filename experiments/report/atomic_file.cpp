#include "experiments/report/atomic_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace nf {
namespace fs = std::filesystem;

std::string failure_reason(int error_number) {
  return error_number == 0 ? std::string() : fmt::format(" ({})", std::strerror(error_number));
}

OutputKind output_kind(const fs::path& target, std::string_view option) {
  std::error_code error;
  const auto status = fs::status(target, error);
  switch (status.type()) {
    case fs::file_type::not_found:
    case fs::file_type::regular:
      return OutputKind::Replace;
    case fs::file_type::character:
    case fs::file_type::fifo:
      return OutputKind::Stream;
    case fs::file_type::directory:
      throw Error(fmt::format("{} '{}' is a folder, not a file", option, target.string()));
    default:
      throw Error(fmt::format(
          "{} '{}' is not a regular file, a character device or a named pipe; it is not "
          "replaced",
          option, target.string()));
  }
}

fs::path written_path(const fs::path& path) {
  std::error_code error;
  fs::path at = fs::absolute(path, error);
  if (error) return path;
  // Follows the link itself first: fs::weakly_canonical stops at a link whose target is absent.
  for (int hops = 0; hops < 40; ++hops) {
    if (!fs::is_symlink(fs::symlink_status(at, error))) break;
    const fs::path target = fs::read_symlink(at, error);
    if (error) break;
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  const fs::path full = fs::weakly_canonical(at, error);
  return error ? at.lexically_normal() : full;
}

AtomicFile::AtomicFile(fs::path target) : target_(std::move(target)) {
  if (output_kind(target_, "output") == OutputKind::Stream) {
    errno = 0;
    stream_.open(target_, std::ios::binary | std::ios::out);
    if (!stream_)
      throw Error(fmt::format("cannot write '{}'{}", target_.string(), failure_reason(errno)));
    return;
  }
  // A symbolic link stays: the file it names is the one replaced (or created).
  std::error_code error;
  if (fs::is_symlink(fs::symlink_status(target_, error))) target_ = written_path(target_);
  if (target_.has_parent_path()) ensure_directory(target_.parent_path());
  remove_stale_temporaries(target_);
  temporary_ = temporary_beside(target_);
  tracked_.emplace(*temporary_);
  errno = 0;
  stream_.open(*temporary_, std::ios::binary | std::ios::trunc);
  if (!stream_)
    throw Error(fmt::format("cannot write '{}'{}", target_.string(), failure_reason(errno)));
}

AtomicFile::~AtomicFile() {
  if (!committed_ && temporary_) {
    stream_.close();
    std::error_code ignored;
    fs::remove(*temporary_, ignored);
  }
}

void AtomicFile::finish() {
  if (finished_) return;
  // A write that failed earlier set the stream's error state; errno still holds its reason.
  bool failed = !stream_;
  int reason = failed ? errno : 0;
  if (!failed) {
    errno = 0;
    stream_.flush();
    if (!stream_) failed = true, reason = errno;
  }
  errno = 0;
  stream_.close();
  if (!failed && !stream_) failed = true, reason = errno;
  if (failed)
    throw Error(fmt::format("cannot write '{}'{}", target_.string(), failure_reason(reason)));
  finished_ = true;
}

void AtomicFile::commit() {
  finish();
  if (temporary_) {
    std::error_code error;
    fs::rename(*temporary_, target_, error);
    if (error)
      throw Error(fmt::format("cannot write '{}' ({})", target_.string(), error.message()));
  }
  committed_ = true;
}

void write_file_atomically(const fs::path& target, const std::string& contents) {
  AtomicFile file(target);
  file.stream() << contents;
  file.commit();
}

void ensure_directory(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error || !fs::is_directory(dir))
    throw Error(fmt::format("cannot create directory '{}'{}", dir.string(),
                            error ? fmt::format(" ({})", error.message()) : std::string()));
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace nf
