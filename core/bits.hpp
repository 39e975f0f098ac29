// Small bit-set helpers for games that keep sets of cells or cards as masks.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>

namespace nf {

// The index of the n-th lowest set bit of `mask` (n counts from 0); `mask` has more than n
// set bits. Picks the n-th element of a set without listing it.
template <std::unsigned_integral Mask>
constexpr int nth_set_bit(Mask mask, uint32_t n) {
  for (; n > 0; --n) mask &= mask - 1;
  return std::countr_zero(mask);
}

// The number of set bits, without the library call std::popcount becomes on x86-64 builds
// that may not assume the POPCNT instruction.
constexpr int bit_count(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return static_cast<int>((x * 0x0101010101010101u) >> 56);
}

}  // namespace nf
