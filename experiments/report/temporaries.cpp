#include "experiments/report/temporaries.hpp"

#include <fmt/format.h>
#include <signal.h>
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
std::once_flag handlers_installed;

extern "C" void remove_tracked_and_end(int signal_number) {
  for (int i = 0; i < kSlots; ++i)
    if (slot_used[size_t(i)].load(std::memory_order_acquire)) {
      const char* path = slot_path[size_t(i)].data();
      if (::unlink(path) != 0) ::rmdir(path);
    }
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

void install_handlers() {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    struct sigaction current {};
    ::sigaction(signal_number, nullptr, &current);
    if (current.sa_handler == SIG_IGN) continue;  // e.g. under nohup: stay ignored
    struct sigaction action {};
    action.sa_handler = remove_tracked_and_end;
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

TrackedTemporary::TrackedTemporary(const std::filesystem::path& path) {
  const std::string text = path.string();
  if (text.size() >= kPathBytes) return;
  std::call_once(handlers_installed, install_handlers);
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

}  // namespace nf
