// The one random-number family of ninefold: xoshiro256** seeded through splitmix64,
// with a portable bounded-integer method (Lemire's multiply-shift with rejection), so a
// seed gives the same stream on every compiler and standard library.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

namespace nf {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Mixes one more value into a running hash; used to derive independent streams.
constexpr uint64_t mix_seed(uint64_t hash, uint64_t value) {
  uint64_t s = hash ^ (value + 0x632be59bd9b4e019ULL + (hash << 6) + (hash >> 2));
  return splitmix64(s);
}

constexpr uint64_t hash_text(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

// Purposes keep streams derived from the same master seed and index apart.
enum class Stream : uint64_t { Deal = 1, Agent = 2, Search = 3, Determinize = 4, Misc = 5 };

// seed = H(master, index, purpose, extra): game i of an experiment uses
// derive_seed(master, i, Stream::Deal) whatever thread or process plays it.
constexpr uint64_t derive_seed(uint64_t master, uint64_t index, Stream purpose,
                               uint64_t extra = 0) {
  uint64_t h = mix_seed(0x6e696e65666f6c64ULL, master);  // "ninefold"
  h = mix_seed(h, index);
  h = mix_seed(h, static_cast<uint64_t>(purpose));
  return mix_seed(h, extra);
}

class Rng {
 public:
  constexpr Rng() : Rng(0) {}
  constexpr explicit Rng(uint64_t seed) { reseed(seed); }

  constexpr void reseed(uint64_t seed) {
    uint64_t s = seed;
    for (auto& word : state_) word = splitmix64(s);
  }

  constexpr uint64_t next() {
    const uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound), bound > 0. Portable: same result everywhere. The common
  // case (no rejection) is inlined into playout loops; the rare redraws are not.
  constexpr uint32_t below(uint32_t bound) {
    const uint64_t product = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * bound;
    if (static_cast<uint32_t>(product) < bound) [[unlikely]]
      return below_rejecting(product, bound);
    return static_cast<uint32_t>(product >> 32);
  }

  // Uniform double in [0, 1) with 53 random bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  constexpr bool chance(double probability) { return uniform() < probability; }

  // Fisher-Yates, drawing from the back so the result is independent of the container.
  template <class T>
  constexpr void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      const size_t j = below(static_cast<uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // A summary of the generator's position, for state hashes.
  constexpr uint64_t fingerprint() const {
    return state_[0] ^ rotl(state_[1], 16) ^ rotl(state_[2], 32) ^ rotl(state_[3], 48);
  }

  friend constexpr bool operator==(const Rng&, const Rng&) = default;

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  // Lemire's rejection: `product` fell in the low band that would bias the result.
  [[gnu::noinline]] constexpr uint32_t below_rejecting(uint64_t product, uint32_t bound) {
    const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
    while (static_cast<uint32_t>(product) < threshold)
      product = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * bound;
    return static_cast<uint32_t>(product >> 32);
  }
  std::array<uint64_t, 4> state_{};
};

}  // namespace nf
