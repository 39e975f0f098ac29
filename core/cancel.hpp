// Stopping a run from outside it. The commands end on SIGINT; a host that must keep running
// (the Python module, on Ctrl-C) asks instead with a CancelRequest: searches stop beginning
// iterations and games stop between decisions, throwing Cancelled, within moments.
#pragma once

#include <atomic>
#include <exception>

namespace nf {

// What a cancelled run throws. Not an Error: nothing went wrong, so no message to print.
class Cancelled : public std::exception {
 public:
  const char* what() const noexcept override { return "the run was cancelled"; }
};

namespace detail {
inline std::atomic<int>& cancel_requests() {
  static std::atomic<int> requests{0};
  return requests;
}
}  // namespace detail

// Whether some CancelRequest lives: every run of the process stops, as a signal stops a command.
inline bool cancel_requested() {
  return detail::cancel_requests().load(std::memory_order_relaxed) > 0;
}
inline void throw_if_cancelled() {
  if (cancel_requested()) throw Cancelled();
}

// Asks every run to stop while it lives; the asker waits for its run to end before letting go.
class CancelRequest {
 public:
  CancelRequest() { detail::cancel_requests().fetch_add(1); }
  ~CancelRequest() { detail::cancel_requests().fetch_sub(1); }
  CancelRequest(const CancelRequest&) = delete;
  CancelRequest& operator=(const CancelRequest&) = delete;
};

}  // namespace nf
