// Games and states: load_game, the game's shapes, and a state's moves, views and tensors.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "experiments/game_catalog.hpp"
#include "python/bindings.hpp"

namespace nf::python {
namespace {

py::dict schema_dict(const ParamSchema& schema) {
  py::dict out;
  for (const ParamSpec& spec : schema) {
    py::dict option;
    option["default"] = spec.default_value;
    option["range"] = spec.describe_range();
    option["help"] = spec.help;
    out[py::str(spec.name)] = option;
  }
  return out;
}

py::list games_list() {
  py::list out;
  for (const GameInfo& info : game_catalog()) {
    py::dict game;
    game["id"] = info.id;
    game["description"] = info.description;
    game["players"] = info.players;
    game["config"] = schema_dict(info.config_schema);
    py::list agents;
    for (const AgentListing& agent : info.agents) agents.append(agent.name);
    game["agents"] = agents;
    game["check_configs"] = info.check_configs;
    out.append(game);
  }
  return out;
}

// An integer argument (a Python or numpy integer) as C++ takes it. A bool or a float is a
// TypeError, not the action 1 or a truncated 1.7; a value beyond 64 bits a ValueError, not a
// wrapped -1.
long long integer_argument(const py::handle& value, const char* name) {
  const std::string type = Py_TYPE(value.ptr())->tp_name;
  const bool boolean = PyBool_Check(value.ptr()) || type == "numpy.bool_" || type == "numpy.bool";
  if (boolean || !PyIndex_Check(value.ptr()))
    throw py::type_error(fmt::format("{} must be an integer, not {} ({})", name,
                                     std::string(py::repr(value)), type));
  const auto number = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long out = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0)
    throw py::value_error(fmt::format("{} {} is out of range", name, std::string(py::str(number))));
  return out;
}

int seat_argument(const State& s, const py::handle& value) {
  const long long seat = integer_argument(value, "seat");
  check_seat(seat, s.game->id(), s.game->num_players());
  return int(seat);
}

int seat_or_current(const State& s, const py::object& seat) {
  if (!seat.is_none()) return seat_argument(s, seat);
  const int player = s.game->current_player(*s.state);
  if (player < 0)
    throw Error("the game is over: no player is to move, so name the seat to observe");
  return player;
}

py::array_t<float> observation_tensor(const State& s, const py::object& seat_arg) {
  const int seat = seat_or_current(s, seat_arg);
  py::array_t<float> out(s.game->observation_shape());
  s.game->observation_tensor(*s.state, seat,
                             std::span<float>(out.mutable_data(), size_t(out.size())));
  return out;
}

py::array_t<bool> legal_mask(const State& s) {
  const int width = s.game->action_space();
  if (width == 0)
    throw Error(
        fmt::format("game '{}' has no fixed action space: use legal_actions()", s.game->id()));
  py::array_t<bool> out(width);
  static_assert(sizeof(bool) == sizeof(uint8_t));
  s.game->legal_mask(
      *s.state, std::span<uint8_t>(reinterpret_cast<uint8_t*>(out.mutable_data()), size_t(width)));
  return out;
}

}  // namespace

void check_seat(long long seat, std::string_view game, int seats) {
  if (seat < 0 || seat >= seats)
    throw Error(fmt::format("seat {} does not exist in game '{}' ({} seats)", seat, game, seats));
}

std::map<std::string, std::string> config_values(const py::kwargs& kwargs) {
  std::map<std::string, std::string> out;
  for (const auto& [key, value] : kwargs) {
    const std::string name = py::str(key);
    if (py::isinstance<py::bool_>(value))
      out[name] = value.cast<bool>() ? "true" : "false";
    else
      out[name] = py::str(value);
  }
  return out;
}

py::object to_python(const std::string& json_text) {
  return py::module_::import("json").attr("loads")(json_text);
}

void bind_games(py::module_& m) {
  m.def("games", &games_list,
        "Every game: id, description, seats, config options, agents and the configs `check "
        "--all` covers.");

  py::class_<ErasedGame, GamePtr>(m, "Game")
      .def_property_readonly("id", [](const ErasedGame& g) { return std::string(g.id()); })
      .def_property_readonly("config",
                             [](const ErasedGame& g) {
                               std::map<std::string, std::string> values;
                               for (const auto& [k, v] : g.config().values()) values[k] = v;
                               return values;
                             })
      .def("num_players", &ErasedGame::num_players)
      .def("max_actions", &ErasedGame::max_actions, "The most legal actions a state can have.")
      .def("action_space", &ErasedGame::action_space,
           "Size of the fixed action space (0: ids are positions in legal_actions()).")
      .def("has_observation_encoder", &ErasedGame::has_own_observation_tensor,
           "Whether the game encodes its own tensors (otherwise the generic text encoding).")
      .def("observation_shape",
           [](const ErasedGame& g) { return py::tuple(py::cast(g.observation_shape())); })
      .def(
          "new_initial_state",
          [](const GamePtr& g, uint64_t seed) {
            return State{g, g->new_initial_state(seed)};
          },
          py::arg("seed") = 0, "A new game; all its chance comes from `seed`.")
      .def("__repr__", [](const ErasedGame& g) {
        const std::string config = g.config().to_string(true);
        return fmt::format("ninefold.load_game('{}'{}{})", g.id(), config.empty() ? "" : ", ",
                           config);
      });

  m.def(
      "load_game",
      [](const std::string& id, const py::kwargs& kwargs) {
        return load_game(id, config_values(kwargs));
      },
      py::arg("id"),
      "The game `id` with config options as keywords: load_game('goofspiel', num_cards=9).");

  py::class_<State>(m, "State")
      .def_property_readonly("game", [](const State& s) { return s.game; })
      .def(
          "current_player", [](const State& s) { return s.game->current_player(*s.state); },
          "The seat to move, -1 once the game is over.")
      .def("is_terminal", [](const State& s) { return s.game->is_terminal(*s.state); })
      .def("returns", [](const State& s) { return s.game->returns(*s.state); })
      .def(
          "legal_actions", [](const State& s) { return s.game->legal_actions(*s.state); },
          "Ids of the legal actions (fixed action-space numbers where the game has them).")
      .def("legal_action_texts",
           [](const State& s) { return s.game->legal_action_texts(*s.state); })
      .def(
          "legal_actions_mask", [](const State& s) { return legal_mask(s); },
          "A bool array over the fixed action space, True where legal.")
      .def(
          "action_to_string",
          [](const State& s, const py::object& id) {
            return s.game->action_text(*s.state, integer_argument(id, "action"));
          },
          py::arg("action"))
      .def(
          "apply_action",
          [](State& s, const py::object& id) {
            s.game->apply_action(*s.state, integer_argument(id, "action"));
          },
          py::arg("action"))
      .def(
          "apply_text",
          [](State& s, const std::string& text) { s.game->apply_text(*s.state, text); },
          py::arg("text"))
      .def(
          "observation_string",
          [](const State& s, const py::object& seat) {
            return s.game->observation_string(*s.state, seat_or_current(s, seat));
          },
          py::arg("seat") = py::none())
      .def(
          "observation_key",
          [](const State& s, const py::object& seat) {
            return s.game->observation_key(*s.state, seat_or_current(s, seat));
          },
          py::arg("seat") = py::none(),
          "The game's fingerprint of what the seat sees: equal for states it cannot tell apart.")
      .def("observation_tensor", &observation_tensor, py::arg("seat") = py::none())
      .def("hash", [](const State& s) { return s.game->hash(*s.state); })
      .def(
          "determinize",
          [](State& s, const py::object& seat, uint64_t seed) {
            s.game->determinize(*s.state, seat_argument(s, seat), seed);
          },
          py::arg("seat"), py::arg("seed"),
          "Resamples what `seat` cannot see (hidden cards, unseen bids), as searches do.")
      .def("clone", &State::clone)
      .def("__copy__", &State::clone)
      .def("__deepcopy__", [](const State& s, const py::object&) { return s.clone(); })
      .def("__str__", [](const State& s) { return s.game->render(*s.state); })
      .def("__repr__", [](const State& s) {
        return fmt::format("<ninefold.State of {} {:016x}>", s.game->id(), s.game->hash(*s.state));
      });
}

}  // namespace nf::python
