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

// Removes `path` (a file, or an empty folder) if SIGINT or SIGTERM ends the process while it
// is tracked. Tracking is for the lifetime of the object; at most 64 paths at once.
class TrackedTemporary {
 public:
  explicit TrackedTemporary(const std::filesystem::path& path);
  ~TrackedTemporary();
  TrackedTemporary(const TrackedTemporary&) = delete;
  TrackedTemporary& operator=(const TrackedTemporary&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace nf
