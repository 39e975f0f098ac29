// Temporary files and folders written beside their targets before being renamed over them.
// They are named "<target name>.ninefold-tmp-<host>-<pid>" (and, for a result folder being
// replaced, "<target name>.ninefold-old-<host>-<pid>"), so that:
//   SIGINT and SIGTERM remove the temporary files of the running process before it ends;
//   a later write to the same target removes those left by a process of this host that no
//   longer runs (after SIGKILL or a power cut). Any such name may be deleted by hand.
#pragma once

#include <filesystem>
#include <string_view>

namespace nf {

// `kind` is "tmp" or "old".
std::filesystem::path temporary_beside(const std::filesystem::path& target,
                                       std::string_view kind = "tmp");

// Removes the temporaries of `target` left by processes of this host that have ended.
void remove_stale_temporaries(const std::filesystem::path& target);

// For a host that owns SIGINT and SIGTERM (the Python interpreter, whose Ctrl-C cancels a run
// that then unwinds and removes its temporaries itself): ninefold installs no handler of its
// own from then on. Call it before any output is written.
void leave_signals_to_host();

// Removes `path` (a file, or a folder with the files directly in it) if SIGINT or SIGTERM
// ends the process while it is tracked. Tracking is for the lifetime of the object; at most
// 64 paths at once.
class TrackedTemporary {
 public:
  explicit TrackedTemporary(const std::filesystem::path& path);
  ~TrackedTemporary();
  TrackedTemporary(const TrackedTemporary&) = delete;
  TrackedTemporary& operator=(const TrackedTemporary&) = delete;

 private:
  int slot_ = -1;
};

// While an object lives, SIGINT and SIGTERM wait: a signal that arrives is acted on (tracked
// temporaries removed, the process ended) when the last such object ends, so that the steps
// that put a run's outputs in place are done all together or not at all. A second signal
// during the wait ends the process at once. Nesting is allowed.
class DeferredSignals {
 public:
  DeferredSignals();
  ~DeferredSignals();
  DeferredSignals(const DeferredSignals&) = delete;
  DeferredSignals& operator=(const DeferredSignals&) = delete;
};

}  // namespace nf
