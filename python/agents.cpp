// Agents by spec, as the commands name them: ninefold.agent("ismcts(iterations=200)", game).
//
// Threads: an agent keeps its trees and random stream between calls, so it takes one step at
// a time; callers from several Python threads wait their turn on the agent's mutex. A search
// reads its own copy of the state and runs without the GIL (Ctrl-C stops it), holding only
// the mutex, which is never held while waiting for the GIL: so the two cannot deadlock.
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <mutex>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "python/interruptible.hpp"

namespace nf::python {
namespace {

// Agents that decide in microseconds: they step with the GIL held, without a thread or a copy.
bool decides_at_once(const std::string& spec) {
  const std::string name = spec.substr(0, spec.find('('));
  return name == "random" || name == "heuristic";
}

class Agent {
 public:
  Agent(const std::string& spec, GamePtr game, uint64_t seed)
      : game_(std::move(game)),
        agent_(game_->agent(spec, seed)),
        at_once_(decides_at_once(agent_->spec())) {}
  const std::string& spec() const { return agent_->spec(); }
  int step(const State* s) {
    if (s == nullptr) throw py::type_error("Agent.step: state is None; give a ninefold.State");
    if (s->game != game_)
      throw Error(
          fmt::format("agent '{}' was made for another game object than this state's", spec()));
    if (at_once_) {
      const std::lock_guard lock(mutex_);
      return agent_->step(*s->state);
    }
    return run_interruptible([this, position = s->state->clone()] {
      const std::lock_guard lock(mutex_);
      return agent_->step(*position);
    });
  }

 private:
  GamePtr game_;
  std::unique_ptr<ErasedAgent> agent_;
  bool at_once_;
  std::mutex mutex_;  // one step at a time
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
        if (!game)
          throw py::type_error("ninefold.agent: game is None; give a ninefold.Game (load_game)");
        return std::make_unique<Agent>(spec, game, seed);
      },
      py::arg("spec"), py::arg("game"), py::arg("seed") = 1,
      "An agent by spec (random, heuristic, flatmc, mcts, ismcts, with parameters).");
}

}  // namespace nf::python
