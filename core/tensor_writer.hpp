// Writes a game's observation tensor left to right, one field after the other: one-hot fields,
// scaled numbers, flags and histograms. Given an empty span it only counts, so a game's
// observation_shape is the length its own encoder writes and the two cannot disagree; given the
// tensor it checks every write against the shape. Never allocates (but to report a broken
// shape).
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <span>

#include "core/error.hpp"

namespace nf {

class TensorWriter {
 public:
  explicit TensorWriter(std::span<float> out) : out_(out), counting_(out.empty()) {}

  // `size` slots with a 1 at `index`; an index outside [0, size) (none, unknown) leaves them 0.
  void one_hot(size_t size, int index) {
    if (index >= 0 && size_t(index) < size) slot(size_t(index)) = 1.0f;
    at_ += size;
  }
  void scalar(float value) {
    slot(0) = value;
    ++at_;
  }
  void flag(bool value) { scalar(value ? 1.0f : 0.0f); }
  // `size` slots, each `scale` times how many of `values` equal `offset` plus its index.
  template <class Range>
  void histogram(size_t size, const Range& values, int offset, float scale) {
    for (const auto value : values) {
      const int index = int(value) - offset;
      if (index >= 0 && size_t(index) < size) slot(size_t(index)) += scale;
    }
    at_ += size;
  }
  void skip(size_t size) { at_ += size; }

  size_t size() const { return at_; }
  // Throws unless the encoder wrote exactly the shape.
  void finish() const {
    if (!counting_ && at_ != out_.size())
      throw Error(
          fmt::format("observation tensor: {} values written, shape holds {}", at_, out_.size()));
  }

 private:
  float& slot(size_t offset) {
    if (counting_) return scratch_;
    if (at_ + offset >= out_.size())
      throw Error(fmt::format("observation tensor: a value written at {}, shape holds {}",
                              at_ + offset, out_.size()));
    return out_[at_ + offset];
  }

  std::span<float> out_;
  bool counting_;
  size_t at_ = 0;
  float scratch_ = 0.0f;
};

}  // namespace nf
