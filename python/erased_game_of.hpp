// ErasedGame (erased_game.hpp) for one game type: states, action ids, tensors, agents and the
// vector of games. Included only by the unit generated for each game (game_unit.cpp.in).
#pragma once

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <numeric>

#include "agents/action_space.hpp"
#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/observation_tensor.hpp"
#include "core/cancel.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "experiments/run/run_limits.hpp"
#include "python/erased_game.hpp"

namespace nf {
// Instantiated in the game's experiments unit (experiments/game_unit.cpp.in), declared
// `extern template` by the unit that includes this, so the search agents compile once.
template <Game G>
std::unique_ptr<Agent<G>> make_agent(const G& game, std::string_view spec_text);
}  // namespace nf

namespace nf::python {

template <Game G>
struct StateOf final : ErasedState {
  explicit StateOf(const typename G::State& s) : state(s) {}
  std::unique_ptr<ErasedState> clone() const override { return std::make_unique<StateOf>(state); }
  typename G::State state;
};

template <Game G>
const typename G::State& state_of(const ErasedState& s) {
  return static_cast<const StateOf<G>&>(s).state;
}
template <Game G>
typename G::State& state_of(ErasedState& s) {
  return static_cast<StateOf<G>&>(s).state;
}

// The legal actions of a state and their ids, and the messages when an id is not one of them.
template <Game G>
class LegalActions {
 public:
  LegalActions(const G& game, const typename G::State& state) : game_(game), state_(state) {
    game.legal_actions(state, actions_);
  }
  const ActionList<G>& actions() const { return actions_; }
  int id(size_t position) const { return action_id(game_, actions_, position); }
  // The action with id `id`; nf::Error naming the legal ids and their texts otherwise.
  typename G::Action find(long long id) const {
    if (game_.is_terminal(state_))
      throw Error(fmt::format("game '{}' is over: no action can be applied", G::kId));
    const int position = find_action_id(game_, actions_, id);
    if (position < 0)
      throw Error(fmt::format("action {} is not legal in game '{}' here (legal: {})", id, G::kId,
                              listing()));
    return actions_[size_t(position)];
  }
  std::string listing() const {
    std::vector<std::string> names;
    for (size_t i = 0; i < actions_.size(); ++i)
      names.push_back(fmt::format("{} {}", id(i), game_.action_to_string(state_, actions_[i])));
    return fmt::format("{}", fmt::join(names, ", "));
  }

 private:
  const G& game_;
  const typename G::State& state_;
  ActionList<G> actions_;
};

template <Game G>
class AgentOf final : public ErasedAgent {
 public:
  AgentOf(const G& game, std::string_view spec, uint64_t seed)
      : game_(game), agent_(make_agent(game, spec)), rng_(seed) {}
  const std::string& spec() const override { return agent_->spec(); }
  int step(const ErasedState& s) override {
    const auto& state = state_of<G>(s);
    if (game_.is_terminal(state))
      throw Error(
          fmt::format("game '{}' is over: agent '{}' has no move to make", G::kId, agent_->spec()));
    const typename G::Action chosen = agent_->act(state, rng_);
    throw_if_cancelled();  // a cancelled search returns early: its choice is no answer
    const LegalActions<G> legal(game_, state);
    for (size_t i = 0; i < legal.actions().size(); ++i)
      if (legal.actions()[i] == chosen) return legal.id(i);
    throw Error(fmt::format("agent '{}' chose an action that is not legal", agent_->spec()));
  }

 private:
  const G& game_;
  std::unique_ptr<Agent<G>> agent_;
  Rng rng_;
};

template <Game G>
class VectorEnvOf final : public ErasedVectorEnv {
 public:
  VectorEnvOf(const G& game, size_t n, uint64_t seed, int threads, size_t observation_size)
      : game_(game),
        seed_(seed),
        observation_size_(observation_size),
        arena_(threads > 0 ? threads : tbb::task_arena::automatic),
        states_(n),
        rngs_(n),
        episodes_(n, 0),
        steps_(0) {
    // Game i has its own streams, so what it plays does not depend on the thread count.
    for (size_t i = 0; i < n; ++i) {
      rngs_[i].reseed(derive_seed(seed, i, Stream::Agent));
      states_[i] = game_.initial_state(derive_seed(seed, i, Stream::Deal, 0));
    }
  }

  size_t size() const override { return states_.size(); }
  uint64_t steps() const override { return steps_; }

  void step(std::span<const int64_t> actions, std::span<float> rewards,
            std::span<uint8_t> done) override {
    // Every id is checked before any game moves, so an error leaves them all as they were;
    // random actions (-1 everywhere, the common case of a rollout) need no check.
    std::atomic<size_t> first_bad = states_.size();
    const bool all_random =
        std::all_of(actions.begin(), actions.end(), [](int64_t a) { return a == -1; });
    if (!all_random)
      each([&](size_t i) {
        if (actions[i] < 0 && actions[i] != -1) return note(first_bad, i);
        if (actions[i] >= 0 && !legal_id(states_[i], actions[i])) note(first_bad, i);
      });
    if (first_bad < states_.size()) {
      const size_t i = first_bad;
      if (actions[i] < -1)
        throw Error(
            fmt::format("VectorEnv: action {} of game {} is neither an id nor -1", actions[i], i));
      LegalActions<G>(game_, states_[i]).find(actions[i]);  // throws, naming the legal ones
    }
    const int players = game_.num_players();
    each([&](size_t i) {
      auto& state = states_[i];
      if (actions[i] == -1) {
        game_.apply(state, RandomPolicy<G>(game_).choose(state, rngs_[i]));
      } else {
        const LegalActions<G> legal(game_, state);
        game_.apply(state,
                    legal.actions()[size_t(find_action_id(game_, legal.actions(), actions[i]))]);
      }
      float* reward = rewards.data() + i * size_t(players);
      std::fill(reward, reward + players, 0.0f);
      done[i] = game_.is_terminal(state);
      if (!done[i]) return;
      const auto returns = game_.returns(state);
      for (int p = 0; p < players; ++p) reward[p] = float(returns[size_t(p)]);
      state = game_.initial_state(derive_seed(seed_, i, Stream::Deal, ++episodes_[i]));
    });
    steps_ += states_.size();
  }

  void observations(std::span<float> out) const override {
    each([&](size_t i) {
      const int seat = std::max(0, game_.current_player(states_[i]));
      observation_tensor(game_, states_[i], seat,
                         out.subspan(i * observation_size_, observation_size_));
    });
  }

  void legal_mask(std::span<uint8_t> out) const override {
    const auto width = size_t(action_space(game_));
    each([&](size_t i) {
      const std::span<uint8_t> row = out.subspan(i * width, width);
      std::fill(row.begin(), row.end(), uint8_t{0});
      const LegalActions<G> legal(game_, states_[i]);
      for (size_t a = 0; a < legal.actions().size(); ++a) row[size_t(legal.id(a))] = 1;
    });
  }

  void current_players(std::span<int32_t> out) const override {
    for (size_t i = 0; i < states_.size(); ++i) out[i] = game_.current_player(states_[i]);
  }

  std::unique_ptr<ErasedState> state(size_t i) const override {
    if (i >= states_.size())
      throw Error(fmt::format("VectorEnv: game {} of {} does not exist", i, states_.size()));
    return std::make_unique<StateOf<G>>(states_[i]);
  }

 private:
  // Runs f(i) for every game on the arena's threads; each game's work touches only its own
  // state and streams.
  template <class F>
  void each(F&& f) const {
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<size_t>(0, states_.size(), 64),
                        [&](const tbb::blocked_range<size_t>& range) {
                          for (size_t i = range.begin(); i != range.end(); ++i) f(i);
                        });
    });
  }
  static void note(std::atomic<size_t>& first, size_t i) {
    size_t seen = first.load();
    while (i < seen && !first.compare_exchange_weak(seen, i)) {
    }
  }
  bool legal_id(const typename G::State& state, long long id) const {
    if (game_.is_terminal(state)) return false;
    ActionList<G> legal;
    game_.legal_actions(state, legal);
    return find_action_id(game_, legal, id) >= 0;
  }

  const G& game_;
  const uint64_t seed_;
  const size_t observation_size_;
  mutable tbb::task_arena arena_;
  std::vector<typename G::State> states_;
  std::vector<Rng> rngs_;
  std::vector<uint64_t> episodes_;
  uint64_t steps_;
};

template <Game G>
class ErasedGameOf final : public ErasedGame {
 public:
  explicit ErasedGameOf(const ParamSet& config)
      : config_(config), game_(config_), shape_(nf::observation_shape(game_)) {}

  std::string_view id() const override { return G::kId; }
  const ParamSet& config() const override { return config_; }
  int num_players() const override { return game_.num_players(); }
  int max_actions() const override { return G::kMaxActions; }
  int action_space() const override { return nf::action_space(game_); }
  bool has_own_observation_tensor() const override { return HasObservationTensor<G>; }
  std::vector<int> observation_shape() const override { return shape_; }
  size_t observation_size() const override {
    return size_t(std::accumulate(shape_.begin(), shape_.end(), 1, std::multiplies<int>()));
  }

  std::unique_ptr<ErasedState> new_initial_state(uint64_t seed) const override {
    return std::make_unique<StateOf<G>>(game_.initial_state(seed));
  }
  int current_player(const ErasedState& s) const override {
    return game_.current_player(state_of<G>(s));
  }
  bool is_terminal(const ErasedState& s) const override {
    return game_.is_terminal(state_of<G>(s));
  }
  std::vector<double> returns(const ErasedState& s) const override {
    const auto r = game_.returns(state_of<G>(s));
    return {r.begin(), r.begin() + game_.num_players()};
  }
  std::vector<int> legal_actions(const ErasedState& s) const override {
    const LegalActions<G> legal(game_, state_of<G>(s));
    std::vector<int> ids;
    for (size_t i = 0; i < legal.actions().size(); ++i) ids.push_back(legal.id(i));
    return ids;
  }
  std::vector<std::string> legal_action_texts(const ErasedState& s) const override {
    const auto& state = state_of<G>(s);
    const LegalActions<G> legal(game_, state);
    std::vector<std::string> texts;
    for (const auto& a : legal.actions()) texts.push_back(game_.action_to_string(state, a));
    return texts;
  }
  std::string action_text(const ErasedState& s, long long id) const override {
    const auto& state = state_of<G>(s);
    return game_.action_to_string(state, LegalActions<G>(game_, state).find(id));
  }
  void apply_action(ErasedState& s, long long id) const override {
    auto& state = state_of<G>(s);
    const typename G::Action action = LegalActions<G>(game_, state).find(id);
    game_.apply(state, action);
  }
  void apply_text(ErasedState& s, std::string_view text) const override {
    auto& state = state_of<G>(s);
    if (game_.is_terminal(state))
      throw Error(fmt::format("game '{}' is over: no action can be applied", G::kId));
    typename G::Action action{};
    if (!find_action_by_text(game_, state, text, action))
      throw Error(fmt::format("action '{}' is not legal in game '{}' here (legal: {})", text,
                              G::kId, LegalActions<G>(game_, state).listing()));
    game_.apply(state, action);
  }
  std::string observation_string(const ErasedState& s, int seat) const override {
    check_seat(seat);
    return game_.observation(state_of<G>(s), seat);
  }
  uint64_t observation_key(const ErasedState& s, int seat) const override {
    check_seat(seat);
    return nf::observation_key(game_, state_of<G>(s), seat);
  }
  std::string render(const ErasedState& s) const override { return game_.render(state_of<G>(s)); }
  uint64_t hash(const ErasedState& s) const override { return game_.hash(state_of<G>(s)); }
  void observation_tensor(const ErasedState& s, int seat, std::span<float> out) const override {
    check_seat(seat);
    nf::observation_tensor(game_, state_of<G>(s), seat, out);
  }
  void legal_mask(const ErasedState& s, std::span<uint8_t> out) const override {
    std::fill(out.begin(), out.end(), uint8_t{0});
    const LegalActions<G> legal(game_, state_of<G>(s));
    for (size_t i = 0; i < legal.actions().size(); ++i) out[size_t(legal.id(i))] = 1;
  }
  void determinize(ErasedState& s, int seat, uint64_t seed) const override {
    check_seat(seat);
    Rng rng(seed);
    game_.determinize(state_of<G>(s), seat, rng);
  }

  std::unique_ptr<ErasedAgent> agent(std::string_view spec, uint64_t seed) const override {
    return std::make_unique<AgentOf<G>>(game_, spec, seed);
  }
  std::unique_ptr<ErasedVectorEnv> vector_env(size_t n, uint64_t seed, int threads) const override {
    if (n == 0) throw Error("VectorEnv: n must be at least 1");
    check_threads("VectorEnv: threads", threads);
    return std::make_unique<VectorEnvOf<G>>(game_, n, seed, threads, observation_size());
  }

 private:
  void check_seat(int seat) const { python::check_seat(seat, G::kId, game_.num_players()); }

  const ParamSet config_;
  const G game_;
  const std::vector<int> shape_;
};

}  // namespace nf::python
