#include "experiments/report/output_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <string>

#include "core/error.hpp"
#include "experiments/report/atomic_file.hpp"

namespace nf {
namespace fs = std::filesystem;
namespace {

// The process id a lock file holds: " (process 1234)", or nothing when it cannot be read.
std::string holder_of(int descriptor) {
  std::array<char, 32> text{};
  const ssize_t n = ::pread(descriptor, text.data(), text.size() - 1, 0);
  if (n <= 0) return {};
  std::string pid(text.data(), size_t(n));
  pid.erase(pid.find_last_not_of("\n ") + 1);
  if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) return {};
  return fmt::format(" (process {})", pid);
}

bool same_file(int descriptor, const fs::path& path) {
  struct stat open_file {
  }, named_file{};
  return ::fstat(descriptor, &open_file) == 0 && ::stat(path.c_str(), &named_file) == 0 &&
         open_file.st_dev == named_file.st_dev && open_file.st_ino == named_file.st_ino;
}

}  // namespace

OutputLocks::OutputLocks(const std::vector<OutputPath>& outputs) {
  try {
    lock_each(outputs);
  } catch (...) {
    release();  // the locks taken before the refused one
    throw;
  }
}

void OutputLocks::lock_each(const std::vector<OutputPath>& outputs) {
  std::vector<fs::path> locked;
  for (const OutputPath& output : outputs) {
    if (output.path.empty()) continue;
    std::error_code error;
    const fs::file_type type = fs::status(output.path, error).type();
    if (type == fs::file_type::character || type == fs::file_type::fifo) continue;
    const fs::path target = written_path(output.path);
    if (std::find(locked.begin(), locked.end(), target) != locked.end()) continue;
    const fs::path lock_file = target.string() + ".ninefold-lock";
    // A run that ends removes its lock file: after taking the lock, check that the file is
    // still the one named, or another run could lock a new file of the same name meanwhile.
    for (int attempt = 0;; ++attempt) {
      const int descriptor = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (descriptor < 0)
        throw Error(
            fmt::format("{} '{}' cannot be locked against other runs (cannot create "
                        "'{}'){}",
                        output.option, output.path, lock_file.string(), failure_reason(errno)));
      const bool locked_here = ::flock(descriptor, LOCK_EX | LOCK_NB) == 0;
      if (locked_here && same_file(descriptor, lock_file)) {
        // The process id, for the message of a refused run; the lock holds without it.
        const std::string pid = fmt::format("{}\n", long(::getpid()));
        const bool recorded =
            ::ftruncate(descriptor, 0) == 0 &&
            ::pwrite(descriptor, pid.data(), pid.size(), 0) == ssize_t(pid.size());
        static_cast<void>(recorded);
      } else {
        const std::string holder = locked_here ? std::string() : holder_of(descriptor);
        ::close(descriptor);
        if (locked_here && attempt < 100) continue;  // the file was removed meanwhile
        throw Error(fmt::format(
            "{} '{}' is being written by another ninefold run{}: wait for it to end or give "
            "another path",
            output.option, output.path, holder));
      }
      held_.push_back({descriptor, lock_file, std::make_unique<TrackedTemporary>(lock_file)});
      locked.push_back(target);
      break;
    }
  }
}

void OutputLocks::release() {
  // Removed before it is unlocked: a run waiting on this file then sees that it is gone.
  for (Held& held : held_) {
    ::unlink(held.lock_file.c_str());
    ::close(held.descriptor);
  }
  held_.clear();
}

OutputLocks::~OutputLocks() { release(); }

OutputLocks::OutputLocks(OutputLocks&& other) noexcept : held_(std::move(other.held_)) {
  other.held_.clear();
}

void OutputLocks::add(OutputLocks&& more) {
  for (Held& held : more.held_) held_.push_back(std::move(held));
  more.held_.clear();
}

OutputLocks& OutputLocks::operator=(OutputLocks&& other) noexcept {
  if (this != &other) {
    release();
    held_ = std::move(other.held_);
    other.held_.clear();
  }
  return *this;
}

}  // namespace nf
