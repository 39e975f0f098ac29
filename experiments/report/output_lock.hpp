// Two ninefold runs never write the same output at once. A run holds an exclusive lock (flock)
// on "<output>.ninefold-lock" beside each of its outputs, from the checks before its first game
// to its end; another run naming one of them is refused at once. Links are followed first, so
// two names of one file share the lock. The lock file is removed when the run ends, on SIGINT
// and SIGTERM too; one left behind by a killed run holds no lock and is taken over.
#pragma once

#include <filesystem>
#include <memory>
#include <vector>

#include "experiments/report/result_folder.hpp"
#include "experiments/report/temporaries.hpp"

namespace nf {

class OutputLocks {
 public:
  OutputLocks() = default;
  // Locks every output given (devices and named pipes are shared, never locked); nf::Error
  // naming the option and the process that holds it when another run writes one of them.
  explicit OutputLocks(const std::vector<OutputPath>& outputs);
  ~OutputLocks();
  OutputLocks(OutputLocks&& other) noexcept;
  OutputLocks& operator=(OutputLocks&& other) noexcept;
  OutputLocks(const OutputLocks&) = delete;
  void add(OutputLocks&& more);  // holds `more`'s locks too
  OutputLocks& operator=(const OutputLocks&) = delete;

 private:
  struct Held {
    int descriptor;
    std::filesystem::path lock_file;
    std::unique_ptr<TrackedTemporary> tracked;  // the lock file is removed on SIGINT, SIGTERM
  };
  void lock_each(const std::vector<OutputPath>& outputs);
  void release();
  std::vector<Held> held_;
};

}  // namespace nf
