// A game of any type behind one interface, as the Python module sees it: the bindings are
// compiled once against this, and ErasedGameOf<G> (erased_game_of.hpp) implements it once per
// game, in the unit generated for that game. Nothing here includes pybind11.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/params.hpp"

namespace nf::python {

// One state of the game that made it; only that game reads it.
class ErasedState {
 public:
  virtual ~ErasedState() = default;
  virtual std::unique_ptr<ErasedState> clone() const = 0;
};

// An agent of ninefold (agents/registry.hpp) for one game, with its own random stream.
class ErasedAgent {
 public:
  virtual ~ErasedAgent() = default;
  virtual const std::string& spec() const = 0;
  // The id of the action the agent takes for the player to move; nf::Error when the game is
  // over.
  virtual int step(const ErasedState& state) = 0;
};

// n games stepped together (see vector_env.hpp for the contract the bindings expose).
class ErasedVectorEnv {
 public:
  virtual ~ErasedVectorEnv() = default;
  virtual size_t size() const = 0;
  // Applies actions[i] (an action id, or -1 for a uniformly random legal action drawn from
  // game i's own stream) to every game; a game that ends records its returns in
  // rewards[i * players ...], sets done[i] and starts its next game. nf::Error, with nothing
  // applied, when some id is not legal.
  virtual void step(std::span<const int64_t> actions, std::span<float> rewards,
                    std::span<uint8_t> done) = 0;
  // The tensor of the player to move in each game (rows of the game's observation size).
  virtual void observations(std::span<float> out) const = 0;
  // One row per game over the fixed action space (1 = legal); the game must have one.
  virtual void legal_mask(std::span<uint8_t> out) const = 0;
  virtual void current_players(std::span<int32_t> out) const = 0;
  virtual std::unique_ptr<ErasedState> state(size_t i) const = 0;
  virtual uint64_t steps() const = 0;  // actions applied since construction
};

class ErasedGame {
 public:
  virtual ~ErasedGame() = default;
  virtual std::string_view id() const = 0;
  virtual const ParamSet& config() const = 0;
  virtual int num_players() const = 0;
  virtual int max_actions() const = 0;
  // The size of the fixed action space, 0 when the game has none (ids are then positions
  // in the legal-action list).
  virtual int action_space() const = 0;
  virtual bool has_own_observation_tensor() const = 0;
  virtual std::vector<int> observation_shape() const = 0;
  virtual size_t observation_size() const = 0;

  virtual std::unique_ptr<ErasedState> new_initial_state(uint64_t seed) const = 0;
  virtual int current_player(const ErasedState& s) const = 0;
  virtual bool is_terminal(const ErasedState& s) const = 0;
  virtual std::vector<double> returns(const ErasedState& s) const = 0;
  virtual std::vector<int> legal_actions(const ErasedState& s) const = 0;
  virtual std::vector<std::string> legal_action_texts(const ErasedState& s) const = 0;
  // The text of legal action `id`; nf::Error when it is not legal.
  virtual std::string action_text(const ErasedState& s, long long id) const = 0;
  // nf::Error, leaving the state as it was, when the game is over or the action not legal.
  virtual void apply_action(ErasedState& s, long long id) const = 0;
  virtual void apply_text(ErasedState& s, std::string_view text) const = 0;
  virtual std::string observation_string(const ErasedState& s, int seat) const = 0;
  // The game's observation_key (0 where it has none): equal for states the seat cannot tell
  // apart, the identity of its information set.
  virtual uint64_t observation_key(const ErasedState& s, int seat) const = 0;
  virtual std::string render(const ErasedState& s) const = 0;
  virtual uint64_t hash(const ErasedState& s) const = 0;
  virtual void observation_tensor(const ErasedState& s, int seat, std::span<float> out) const = 0;
  virtual void legal_mask(const ErasedState& s, std::span<uint8_t> out) const = 0;
  // Resamples what `seat` cannot see (the game's determinize), for tests of privacy.
  virtual void determinize(ErasedState& s, int seat, uint64_t seed) const = 0;

  virtual std::unique_ptr<ErasedAgent> agent(std::string_view spec, uint64_t seed) const = 0;
  virtual std::unique_ptr<ErasedVectorEnv> vector_env(size_t n, uint64_t seed,
                                                      int threads) const = 0;
};

// nf::Error unless 0 <= seat < seats (a seat argument of game `game`).
void check_seat(long long seat, std::string_view game, int seats);

// The game `id` built from `config` (option name -> value text); nf::Error for an unknown
// game or a bad config, as the commands word it.
std::shared_ptr<ErasedGame> load_game(std::string_view id,
                                      const std::map<std::string, std::string>& config);

// Defined once per game, in the unit generated for it (game_unit.cpp.in).
template <class Listing>
std::shared_ptr<ErasedGame> make_erased_game(const ParamSet& config);

}  // namespace nf::python
