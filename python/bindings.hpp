// What the binding units share: the Python-side objects that pair an erased game with what it
// made, and one function per concept that adds its classes to the module.
#pragma once

#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <string>

#include "python/erased_game.hpp"

namespace nf::python {

namespace py = pybind11;

using GamePtr = std::shared_ptr<ErasedGame>;

// A state, with the game that reads it kept alive beside it.
struct State {
  GamePtr game;
  std::unique_ptr<ErasedState> state;
  State clone() const { return {game, state->clone()}; }
};

// Keyword arguments as config text: True/False as the words the schemas parse, the rest by
// str() (numbers, paths).
std::map<std::string, std::string> config_values(const py::kwargs& kwargs);
// A JSON value as Python objects (dict, list, str, float, int, bool, None).
py::object to_python(const std::string& json_text);

void bind_games(py::module_& m);
void bind_vector_env(py::module_& m);
void bind_agents(py::module_& m);
void bind_experiments(py::module_& m);
void bind_records(py::module_& m);

}  // namespace nf::python
