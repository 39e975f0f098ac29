// Agents by spec, as the commands name them: ninefold.agent("ismcts(iterations=200)", game).
#include <pybind11/stl.h>

#include <fmt/format.h>

#include "core/error.hpp"

#include "python/bindings.hpp"

namespace nf::python {
namespace {

class Agent {
 public:
  Agent(const std::string& spec, GamePtr game, uint64_t seed)
      : game_(std::move(game)), agent_(game_->agent(spec, seed)) {}
  const std::string& spec() const { return agent_->spec(); }
  int step(const State& s) {
    if (s.game != game_)
      throw Error(
          fmt::format("agent '{}' was made for another game object than this state's", spec()));
    py::gil_scoped_release release;  // a search can take a while
    return agent_->step(*s.state);
  }

 private:
  GamePtr game_;
  std::unique_ptr<ErasedAgent> agent_;
};

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<Agent>(m, "Agent")
      .def_property_readonly("spec", &Agent::spec, "The canonical spec.")
      .def("step", &Agent::step, py::arg("state"),
           "The id of the action this agent takes for the player to move.")
      .def("__repr__", [](const Agent& a) { return "ninefold.agent('" + a.spec() + "')"; });
  m.def(
      "agent",
      [](const std::string& spec, const GamePtr& game, uint64_t seed) {
        return Agent(spec, game, seed);
      },
      py::arg("spec"), py::arg("game"), py::arg("seed") = 1,
      "An agent by spec (random, heuristic, flatmc, mcts, ismcts, with parameters).");
}

}  // namespace nf::python
