// The extension module ninefold._core; python/ninefold/__init__.py re-exports it with the
// helpers written in Python. nf::Error becomes ninefold.Error (a ValueError) with its message.
#include <pybind11/pybind11.h>

#include "core/error.hpp"
#include "python/bindings.hpp"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "ninefold: tabletop games, their agents and balance experiments, from Python";
  py::register_exception<nf::Error>(m, "Error", PyExc_ValueError);
  nf::python::bind_games(m);
  nf::python::bind_vector_env(m);
  nf::python::bind_agents(m);
  nf::python::bind_experiments(m);
  nf::python::bind_records(m);
}
