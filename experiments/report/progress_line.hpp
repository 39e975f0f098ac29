// A progress line on stderr for a long step: drawn in place when stderr is a terminal (as the
// other long commands' lines are), at most five times a second, and erased when the step ends.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include "experiments/report/atomic_file.hpp"

namespace nf {

class ProgressLine {
 public:
  ProgressLine() : drawn_(stderr_is_terminal()) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
  }

  // `what` is `fraction` (0..1) done; the first call draws at once, later ones when 0.2 s
  // have passed since the last drawing.
  void show(double fraction, const std::string& what) {
    if (!drawn_) return;
    const auto now = std::chrono::steady_clock::now();
    if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
    shown_ = true;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    std::fprintf(stderr, "\r\033[K%.0f%% %s  ETA %.0f s", 100.0 * fraction, what.c_str(), eta);
    std::fflush(stderr);
  }

 private:
  bool drawn_, shown_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_;
};

}  // namespace nf
