// A vector with its capacity fixed at compile time and its elements stored inline: trivially
// copyable when T is, never touches the heap. Game states and legal-action lists use it.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace nf {

template <class T, size_t Capacity>
class FixedVector {
  static_assert(std::is_trivially_copyable_v<T>, "FixedVector holds trivially copyable values");
  using SizeType = std::conditional_t<(Capacity < 256), uint8_t,
                                      std::conditional_t<(Capacity < 65536), uint16_t, uint32_t>>;

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  constexpr FixedVector() = default;
  constexpr FixedVector(std::initializer_list<T> values) {
    for (const T& v : values) push_back(v);
  }

  static constexpr size_t capacity() { return Capacity; }
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == Capacity; }

  constexpr void clear() { size_ = 0; }
  constexpr void push_back(const T& value) {
    assert(size_ < Capacity);
    items_[size_++] = value;
  }
  constexpr T pop_back() {
    assert(size_ > 0);
    return items_[--size_];
  }
  constexpr void resize(size_t n) {
    assert(n <= Capacity);
    size_ = static_cast<SizeType>(n);
  }
  // Removes element i by moving the last one into its place (order not kept).
  constexpr void swap_remove(size_t i) {
    assert(i < size_);
    items_[i] = items_[--size_];
  }
  // Removes element i keeping the order of the rest.
  constexpr void erase_at(size_t i) {
    assert(i < size_);
    for (size_t k = i + 1; k < size_; ++k) items_[k - 1] = items_[k];
    --size_;
  }

  constexpr T& operator[](size_t i) {
    assert(i < size_);
    return items_[i];
  }
  constexpr const T& operator[](size_t i) const {
    assert(i < size_);
    return items_[i];
  }
  constexpr T& back() { return (*this)[size_ - 1]; }
  constexpr const T& back() const { return (*this)[size_ - 1]; }
  constexpr T* begin() { return items_.data(); }
  constexpr T* end() { return items_.data() + size_; }
  constexpr const T* begin() const { return items_.data(); }
  constexpr const T* end() const { return items_.data() + size_; }
  constexpr std::span<T> span() { return {items_.data(), size_}; }
  constexpr std::span<const T> span() const { return {items_.data(), size_}; }

  constexpr bool contains(const T& value) const {
    for (const T& v : *this)
      if (v == value) return true;
    return false;
  }

  friend constexpr bool operator==(const FixedVector& a, const FixedVector& b) {
    if (a.size_ != b.size_) return false;
    for (size_t i = 0; i < a.size_; ++i)
      if (!(a.items_[i] == b.items_[i])) return false;
    return true;
  }

 private:
  std::array<T, Capacity> items_{};
  SizeType size_ = 0;
};

}  // namespace nf
