// C++ work that Ctrl-C stops. Python runs signal handlers only on its main thread and only
// between bytecodes, so a long call into C++ would see Ctrl-C when it returns (minutes later).
// Called from the main thread, the work runs on a thread of its own while the main thread
// waits without the GIL and checks for signals every 50 ms; when a handler raises
// (KeyboardInterrupt), a CancelRequest (core/cancel.hpp) stops the work and the exception is
// raised once it has. Called from another thread, the work runs there without the GIL: a
// Ctrl-C cancels it too, and nf::Cancelled becomes KeyboardInterrupt (module.cpp).
//
// The work must not touch Python objects: it runs without the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <future>
#include <optional>
#include <utility>

#include "core/cancel.hpp"

namespace nf::python {

namespace py = pybind11;

// Whether the caller, holding the GIL, is the thread Python runs signal handlers on.
inline bool on_main_thread() {
  static const unsigned long main_thread =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  return PyThread_get_thread_ident() == main_thread;
}

// work() with the GIL released, stopped by Ctrl-C; the caller holds the GIL.
template <class Work>
auto run_interruptible(Work&& work) -> decltype(work()) {
  if (!on_main_thread()) {
    py::gil_scoped_release release;
    return work();
  }
  auto result = std::async(std::launch::async, std::forward<Work>(work));
  std::optional<CancelRequest> cancel;
  for (;;) {
    {
      py::gil_scoped_release release;
      if (result.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready) break;
    }
    // A handler that raises leaves its exception set; it is raised once the work has stopped.
    if (!cancel && PyErr_CheckSignals() != 0) cancel.emplace();
  }
  if (!cancel) return result.get();
  try {
    (void)result.get();
  } catch (...) {  // what the stopped work threw (nf::Cancelled) gives way to the handler's
  }
  throw py::error_already_set();
}

}  // namespace nf::python
