// Small bit-set helpers for games that keep sets of cells or cards as masks.
#pragma once

#include <array>
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
// Byte i of the result holds the bits set in bytes 0 to i of x, so the top byte is the count;
// select_bit reads the others.
constexpr uint64_t running_bit_counts(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return x * 0x0101010101010101u;
}
constexpr int bit_count(uint64_t x) { return static_cast<int>(running_bit_counts(x) >> 56); }

namespace detail {
// kSelectInByte[b][n]: the position of the n-th set bit of the byte b.
inline constexpr auto kSelectInByte = [] {
  std::array<std::array<uint8_t, 8>, 256> table{};
  for (uint32_t b = 0; b < 256; ++b)
    for (uint32_t bit = 0, n = 0; bit < 8; ++bit)
      if (b >> bit & 1) table[b][n++] = uint8_t(bit);
  return table;
}();
// kBitsInByte[b]: the number of set bits of the byte b.
inline constexpr auto kBitsInByte = [] {
  std::array<uint8_t, 256> table{};
  for (uint32_t b = 0; b < 256; ++b)
    for (uint32_t bit = 0; bit < 8; ++bit) table[b] = uint8_t(table[b] + (b >> bit & 1));
  return table;
}();
}  // namespace detail

// nth_set_bit without a loop, for masks drawn at random, where the loop's exit would be
// mispredicted: the byte that holds the bit is found from the bytes' running bit counts,
// compared all at once, then the bit in the byte from a table. `w` has more than n set bits.
// `running` is running_bit_counts(w), for a word that is both counted and drawn from.
constexpr int select_bit(uint64_t w, uint64_t running, uint32_t n) {
  constexpr uint64_t kOnes = 0x0101010101010101u, kHigh = 0x8080808080808080u;
  // Bytes whose running count exceeds n have their high bit set (counts are below 128).
  const uint64_t past = ((running | kHigh) - uint64_t(n + 1) * kOnes) & kHigh;
  const int byte = std::countr_zero(past) / 8;
  const uint32_t before = uint32_t((running << 8) >> (8 * byte) & 0xff);  // in bytes below
  return 8 * byte + detail::kSelectInByte[w >> (8 * byte) & 0xff][n - before];
}
constexpr int select_bit(uint64_t w, uint32_t n) { return select_bit(w, running_bit_counts(w), n); }

// bit_count and select_bit for masks of 16 bits (sets of a few pieces or kinds), from the
// byte tables: fewer instructions than the arithmetic on 64 bits.
constexpr int bit_count16(uint32_t mask) {
  return detail::kBitsInByte[mask & 0xff] + detail::kBitsInByte[mask >> 8 & 0xff];
}
constexpr int select_bit16(uint32_t mask, uint32_t n) {
  const uint32_t low = detail::kBitsInByte[mask & 0xff];
  const uint32_t high = n >= low;  // whether the bit is in the second byte
  return int(8 * high + detail::kSelectInByte[mask >> (8 * high) & 0xff][n - low * high]);
}

// The `index`-th way (index < n! / (n - k)!) to pick k distinct items of 0..n-1 in order:
// out[j] is item `index / ((n - 0) ... (n - j + 1)) mod (n - j)` among those not picked yet.
// Lists equally likely ordered deals one by one, for exact enumeration of chance.
template <class T>
constexpr void nth_arrangement(uint64_t index, int n, int k, T* out) {
  uint64_t left = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  for (int j = 0; j < k; ++j) {
    const auto remaining = uint64_t(n - j);
    const int item = nth_set_bit(left, uint32_t(index % remaining));
    index /= remaining;
    left &= ~(uint64_t{1} << item);
    out[j] = static_cast<T>(item);
  }
}

// n! / (n - k)!: how many ordered picks nth_arrangement lists.
constexpr uint64_t arrangements(int n, int k) {
  uint64_t count = 1;
  for (int j = 0; j < k; ++j) count *= uint64_t(n - j);
  return count;
}

}  // namespace nf
