// Observation tensors: what a seat sees of a state as a fixed-size vector of floats, the input
// of a learned policy (the Python module's `observation_tensor`, its VectorEnv). A game opts in
// to its own encoder with two members:
//   std::vector<int> observation_shape() const;  // fixed for the config
//   void observation_tensor(const State&, int seat, std::span<float> out) const;
// `out` has the shape's product of floats, already zeroed. The encoder reads only what `seat`
// may know: two states the seat cannot tell apart (game.observation equal) give the same
// tensor. Without the hook a game gets the generic encoding below, built from the observation
// text, which holds that promise by construction but keeps only part of what the text says.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "agents/game_hooks.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"

namespace nf {

template <class G>
concept HasObservationTensor = Game<G> &&
    requires(const G& game, const typename G::State& state, std::span<float> out) {
  { game.observation_shape() } -> std::convertible_to<std::vector<int>>;
  game.observation_tensor(state, 0, out);
};

// The generic encoding: each token of the observation text (words and numbers, with the
// line they stand on) counted into one of kTextBuckets hashed buckets, then the 64 bits of the
// game's observation_key. Equal texts give equal tensors, so it is as private as the text.
inline constexpr int kTextBuckets = 256;
inline constexpr int kGenericObservationSize = kTextBuckets + 64;

inline void encode_observation_text(std::string_view text, uint64_t key, std::span<float> out) {
  uint64_t line = 0;
  size_t start = 0;
  const auto is_token_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '+';
  };
  for (size_t i = 0; i <= text.size(); ++i) {
    const bool inside = i < text.size() && is_token_char(text[i]);
    if (inside) continue;
    if (i > start)
      out[mix_seed(line, hash_text(text.substr(start, i - start))) % kTextBuckets] += 1.0f;
    if (i < text.size() && text[i] == '\n') ++line;
    start = i + 1;
  }
  for (int bit = 0; bit < 64; ++bit) out[size_t(kTextBuckets + bit)] = float(key >> bit & 1);
}

template <Game G>
std::vector<int> observation_shape(const G& game) {
  if constexpr (HasObservationTensor<G>)
    return game.observation_shape();
  else
    return {kGenericObservationSize};
}

// Whether the game encodes its own tensors (otherwise the generic text encoding).
template <Game G>
constexpr bool has_own_observation_tensor() {
  return HasObservationTensor<G>;
}

// Writes `seat`'s tensor into `out` (sized by observation_shape), zeroing it first.
template <Game G>
void observation_tensor(const G& game, const typename G::State& state, int seat,
                        std::span<float> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  if constexpr (HasObservationTensor<G>)
    game.observation_tensor(state, seat, out);
  else
    encode_observation_text(game.observation(state, seat), observation_key(game, state, seat), out);
}

}  // namespace nf
