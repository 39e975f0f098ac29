// State hashing for game records: games feed their fields, never raw bytes (padding would
// make the hash depend on the compiler).
#pragma once

#include <cstdint>
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
  uint64_t value() const { return hash_; }

 private:
  uint64_t hash_ = 0x9e3779b97f4a7c15ULL;
};

std::string hash_to_hex(uint64_t hash);

}  // namespace nf
