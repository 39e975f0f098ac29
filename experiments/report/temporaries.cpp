#include "experiments/report/temporaries.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>

namespace nf {
namespace {

std::string host_name() {
  std::array<char, 256> name{};
  if (::gethostname(name.data(), name.size() - 1) != 0) return "host";
  std::string out(name.data());
  for (char& c : out)
    if (c == '/' || c == '-') c = '_';  // the name's fields are split at '-'
  return out.empty() ? "host" : out;
}

// Paths the signal handler removes: fixed storage, since a handler may not allocate.
constexpr int kSlots = 64;
constexpr size_t kPathBytes = 4096;
std::array<std::atomic<bool>, kSlots> slot_used{};
std::array<std::array<char, kPathBytes>, kSlots> slot_path{};
std::mutex slots_mutex;

// Signals that arrive while DeferredSignals objects live: the first waits in `pending_signal`.
std::atomic<int> deferring{0};
std::atomic<int> pending_signal{0};
std::atomic<bool> host_owns_signals{false};

// A file, or a folder and the files directly in it (a result folder being written, a fit's
// scratch designs), removed with async-signal-safe calls only.
void remove_path(const char* path) {
  if (::unlink(path) == 0 || errno == ENOENT) return;
  const int dir = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir >= 0) {
    struct Entry {  // linux_dirent64
      uint64_t inode;
      int64_t offset;
      unsigned short length;
      unsigned char type;
      char name[1];
    };
    alignas(8) static char buffer[16384];
    // Entries removed while reading may shift the others: read again until none is left.
    for (int pass = 0; pass < 64; ++pass) {
      ::lseek(dir, 0, SEEK_SET);
      bool removed = false;
      for (long n; (n = ::syscall(SYS_getdents64, dir, buffer, sizeof buffer)) > 0;)
        for (long at = 0; at < n;) {
          const auto* entry = reinterpret_cast<const Entry*>(buffer + at);
          at += entry->length;
          const char* name = entry->name;
          if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
          if (::unlinkat(dir, name, 0) == 0) removed = true;
        }
      if (!removed) break;
    }
    ::close(dir);
  }
  ::rmdir(path);
}

// Removes the tracked temporaries and raises the signal again with its default action: in a
// handler the process ends as the handler returns, elsewhere at once.
void remove_tracked_and_raise(int signal_number) {
  for (int i = 0; i < kSlots; ++i)
    if (slot_used[size_t(i)].load(std::memory_order_acquire))
      remove_path(slot_path[size_t(i)].data());
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

extern "C" void on_signal(int signal_number) {
  const int saved_errno = errno;
  // The first signal during a deferred step waits for its end; a second one ends at once.
  if (pending_signal.exchange(signal_number) == 0 && deferring.load() > 0) {
    errno = saved_errno;
    return;
  }
  remove_tracked_and_raise(signal_number);
}

// Installs the handler unless the signal is ignored (e.g. under nohup: it stays ignored) or
// the handler is already ours; checked each time, so a handler that replaced ours (a test
// framework's) gives way again.
void install_handlers() {
  if (host_owns_signals.load()) return;
  for (const int signal_number : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    ::sigaction(signal_number, nullptr, &current);
    if (current.sa_handler == SIG_IGN || current.sa_handler == on_signal) continue;
    struct sigaction action {};
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESTART;  // a deferred signal must not fail the writes it waits for
    sigemptyset(&action.sa_mask);
    ::sigaction(signal_number, &action, nullptr);
  }
}

}  // namespace

namespace {
const std::string& this_host() {
  static const std::string host = host_name();
  return host;
}
}  // namespace

std::filesystem::path temporary_beside(const std::filesystem::path& target, std::string_view kind) {
  return target.string() +
         fmt::format(".ninefold-{}-{}-{}", kind, this_host(), static_cast<long>(::getpid()));
}

void remove_stale_temporaries(const std::filesystem::path& target) {
  namespace fs = std::filesystem;
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string file = entry.path().filename().string();
    for (const char* kind : {"tmp", "old"}) {
      const std::string prefix =
          fmt::format("{}.ninefold-{}-{}-", target.filename().string(), kind, this_host());
      if (file.rfind(prefix, 0) != 0) continue;
      const std::string pid_text = file.substr(prefix.size());
      if (pid_text.empty() || pid_text.size() > 9 ||
          pid_text.find_first_not_of("0123456789") != std::string::npos)
        continue;
      const long pid = std::stol(pid_text);
      if (pid == static_cast<long>(::getpid())) continue;
      if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // still running
      std::error_code ignored;
      fs::remove_all(entry.path(), ignored);
    }
  }
}

void leave_signals_to_host() { host_owns_signals.store(true); }

TrackedTemporary::TrackedTemporary(const std::filesystem::path& path) {
  const std::string text = path.string();
  if (text.size() >= kPathBytes) return;
  install_handlers();
  const std::lock_guard lock(slots_mutex);
  for (int i = 0; i < kSlots; ++i)
    if (!slot_used[size_t(i)].load(std::memory_order_relaxed)) {
      std::memcpy(slot_path[size_t(i)].data(), text.c_str(), text.size() + 1);
      slot_used[size_t(i)].store(true, std::memory_order_release);
      slot_ = i;
      return;
    }
}

TrackedTemporary::~TrackedTemporary() {
  if (slot_ < 0) return;
  const std::lock_guard lock(slots_mutex);
  slot_used[size_t(slot_)].store(false, std::memory_order_release);
}

DeferredSignals::DeferredSignals() {
  install_handlers();
  deferring.fetch_add(1);
}

DeferredSignals::~DeferredSignals() {
  if (deferring.fetch_sub(1) != 1) return;
  if (const int signal_number = pending_signal.exchange(0)) {
    remove_tracked_and_raise(signal_number);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    ::_exit(128 + signal_number);  // not reached unless the default action was held back
  }
}

}  // namespace nf
