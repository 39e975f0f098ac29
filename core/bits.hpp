// Small bit-set helpers for games that keep sets of cells or cards as masks.
#pragma once

#include <bit>
#include <cstdint>

namespace nf {

// The index of the n-th lowest set bit of `mask` (n counts from 0); `mask` has more than n
// set bits. Picks the n-th element of a set without listing it.
constexpr int nth_set_bit(uint32_t mask, uint32_t n) {
  for (; n > 0; --n) mask &= mask - 1;
  return std::countr_zero(mask);
}

}  // namespace nf
