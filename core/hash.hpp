// State hashing for game records: games feed their fields, never raw bytes (padding would
// make the hash depend on the compiler).
#pragma once

#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <type_traits>

#include "core/rng.hpp"

namespace nf {

class Hasher {
 public:
  template <class T>
  requires std::is_integral_v<T> || std::is_enum_v<T> Hasher& add(T value) {
    hash_ = mix_seed(hash_, static_cast<uint64_t>(value));
    return *this;
  }
  template <class Range>
  Hasher& add_range(const Range& values) {
    add(values.size());
    for (const auto& v : values) add(v);
    return *this;
  }
  // Feeds a range of byte-sized values and its length, eight to a mixed word: the same
  // information as add_range in an eighth of the mixing, for fingerprints on hot paths.
  template <class Range>
  Hasher& add_bytes(const Range& values) {
    static_assert(sizeof(*std::begin(values)) == 1, "add_bytes takes byte-sized values");
    uint64_t word = static_cast<uint64_t>(std::size(values));
    int shift = 16;  // the length takes the low two bytes
    for (const auto& v : values) {
      if (shift == 64) add(word), word = 0, shift = 0;
      word |= uint64_t(static_cast<uint8_t>(v)) << shift;
      shift += 8;
    }
    return add(word);
  }
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0x9e3779b97f4a7c15ULL;
};

std::string hash_to_hex(uint64_t hash);

}  // namespace nf
