// The extension module ninefold._core; python/ninefold/__init__.py re-exports it with the
// helpers written in Python. nf::Error becomes ninefold.Error (a ValueError) with its message;
// nf::Cancelled, a run stopped by Ctrl-C (interruptible.hpp), KeyboardInterrupt.
#include <pybind11/pybind11.h>

#include "core/cancel.hpp"
#include "core/error.hpp"
#include "experiments/report/temporaries.hpp"
#include "python/bindings.hpp"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "ninefold: tabletop games, their agents and balance experiments, from Python";
  // Ctrl-C is Python's: it cancels a run, which unwinds and removes its own temporaries.
  nf::leave_signals_to_host();
  py::register_exception<nf::Error>(m, "Error", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const nf::Cancelled&) {
      PyErr_SetString(PyExc_KeyboardInterrupt, "interrupted (Ctrl-C) while ninefold was running");
    }
  });
  nf::python::bind_games(m);
  nf::python::bind_vector_env(m);
  nf::python::bind_agents(m);
  nf::python::bind_experiments(m);
  nf::python::bind_records(m);
}
