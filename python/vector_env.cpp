// VectorEnv: n games stepped together in C++ (oneTBB), from a numpy array of action ids to
// numpy arrays of observations, rewards and done flags. Finished games start again at once;
// game i draws its deals and its random actions from its own streams, so a seed gives the
// same run on any number of threads.
//
// Threads: the games step on the env's own threads without the GIL, so each call takes the
// env's mutex, and calls from several Python threads wait their turn. The mutex is never held
// while waiting for the GIL (arrays are made before it is taken), so the two cannot deadlock.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <mutex>
#include <optional>

#include "core/error.hpp"
#include "experiments/run/run_limits.hpp"
#include "python/bindings.hpp"

namespace nf::python {
namespace {

class VectorEnv {
 public:
  VectorEnv(GamePtr game, size_t n, uint64_t seed, int threads)
      : game_(std::move(game)), env_(game_->vector_env(n, seed, threads)) {}

  size_t size() const { return env_->size(); }
  uint64_t steps() const {
    const std::lock_guard lock(mutex_);
    return env_->steps();
  }
  const GamePtr& game() const { return game_; }

  py::array_t<float> observations() const {
    py::array_t<float> out = observation_array();
    {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);
      fill_observations(out);
    }
    return out;
  }

  py::array_t<bool> legal_mask() const {
    const int width = game_->action_space();
    if (width == 0)
      throw Error(
          fmt::format("game '{}' has no fixed action space, so no legal mask", game_->id()));
    py::array_t<bool> out({ssize_t(size()), ssize_t(width)});
    {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);
      env_->legal_mask(
          std::span<uint8_t>(reinterpret_cast<uint8_t*>(out.mutable_data()), size_t(out.size())));
    }
    return out;
  }

  py::array_t<int32_t> current_players() const {
    py::array_t<int32_t> out(static_cast<ssize_t>(size()));
    const std::lock_guard lock(mutex_);
    env_->current_players(std::span<int32_t>(out.mutable_data(), size()));
    return out;
  }

  py::tuple step(const py::object& actions_arg, bool observe) {
    const auto actions = action_ids(actions_arg);
    if (actions.ndim() != 1 || size_t(actions.shape(0)) != size())
      throw Error(
          fmt::format("VectorEnv.step: give one action per game ({} of them), not an "
                      "array of shape {}",
                      size(), shape_text(actions)));
    py::array_t<float> rewards({ssize_t(size()), ssize_t(game_->num_players())});
    py::array_t<bool> done(static_cast<ssize_t>(size()));
    std::optional<py::array_t<float>> observed;
    if (observe) observed = observation_array();
    {
      py::gil_scoped_release release;
      const std::lock_guard lock(mutex_);  // the observations are of the games just stepped
      env_->step(std::span<const int64_t>(actions.data(), size()),
                 std::span<float>(rewards.mutable_data(), size_t(rewards.size())),
                 std::span<uint8_t>(reinterpret_cast<uint8_t*>(done.mutable_data()), size()));
      if (observed) fill_observations(*observed);
    }
    return py::make_tuple(observed ? py::object(*observed) : py::object(py::none()), rewards, done);
  }

  State state(size_t i) const {
    const std::lock_guard lock(mutex_);
    return {game_, env_->state(i)};
  }

 private:
  using ActionArray = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;

  // Action ids as int64: integers only (a float or bool array would be truncated into ids),
  // and no unsigned value that would wrap around to -1, the random action.
  static ActionArray action_ids(const py::object& actions) {
    const py::array given = py::array::ensure(actions);
    if (!given)
      throw py::type_error("VectorEnv.step: actions must be an array of action ids (integers)");
    const char kind = given.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw py::type_error(fmt::format(
          "VectorEnv.step: actions must be integers (action ids, -1 for a random action), "
          "not an array of {}",
          std::string(py::str(given.dtype()))));
    if (kind == 'u' && given.itemsize() == 8) {
      const auto wide = py::array_t<uint64_t, py::array::c_style>::ensure(given);
      for (ssize_t i = 0; i < wide.size(); ++i)
        if (wide.data()[i] > uint64_t(INT64_MAX))
          throw py::value_error(
              fmt::format("VectorEnv.step: action {} is not an action id", wide.data()[i]));
    }
    return ActionArray::ensure(given);
  }

  py::array_t<float> observation_array() const {
    std::vector<ssize_t> shape = {ssize_t(size())};
    for (int d : game_->observation_shape()) shape.push_back(d);
    return py::array_t<float>(shape);
  }
  // Without the GIL, holding the mutex.
  void fill_observations(py::array_t<float>& out) const {
    env_->observations(std::span<float>(out.mutable_data(), size_t(out.size())));
  }

  static std::string shape_text(const py::array& a) {
    std::vector<ssize_t> shape(a.shape(), a.shape() + a.ndim());
    return fmt::format("({})", fmt::join(shape, ", "));
  }

  GamePtr game_;
  std::unique_ptr<ErasedVectorEnv> env_;
  mutable std::mutex mutex_;  // one call at a time
};

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv")
      .def(py::init([](const GamePtr& game, size_t n, uint64_t seed, long long threads) {
             if (!game)
               throw py::type_error("VectorEnv: game is None; give a ninefold.Game (load_game)");
             check_threads("VectorEnv: threads", threads);
             return std::make_unique<VectorEnv>(game, n, seed, int(threads));
           }),
           py::arg("game"), py::arg("n") = 1024, py::arg("seed") = 1, py::arg("threads") = 0,
           "n games of `game`, dealt from `seed`; threads=0 uses every core.")
      .def("__len__", &VectorEnv::size)
      .def_property_readonly("game", &VectorEnv::game)
      .def_property_readonly("steps", &VectorEnv::steps, "Actions applied so far, in all games.")
      .def("observations", &VectorEnv::observations,
           "Each game's tensor for its player to move: shape (n, *game.observation_shape()).")
      .def("legal_mask", &VectorEnv::legal_mask,
           "Each game's legal actions over the fixed action space: shape (n, action_space).")
      .def("current_players", &VectorEnv::current_players)
      .def("step", &VectorEnv::step, py::arg("actions"), py::arg("observe") = true,
           "Applies one action id per game (-1: a random legal action). Returns (observations "
           "or None, rewards of shape (n, players): the returns of games that just ended, done "
           "flags). Ended games start their next game at once.")
      .def("state", &VectorEnv::state, py::arg("i"), "A copy of game i's state.");
}

}  // namespace nf::python
