// The UCT statistics of an mcts tree's nodes as two columns indexed like the tree's slots: a
// node's mean and 1/sqrt(visits). A node's arms are one block of slots, so their statistics
// lie side by side and UCT scores four arms an instruction (best) instead of picking them out
// of 32-byte nodes and looking each arm's visits up in a table.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "agents/search/bandits.hpp"
#include "agents/search/tree.hpp"

namespace nf::search {

class UctColumns {
 public:
  // Room for a tree of `slots` slots, and the few past the last block that best reads.
  void fit(size_t slots) {
    if (means_.size() < slots + kMaxVectorArms) {
      means_.resize(slots + kMaxVectorArms);
      weights_.resize(slots + kMaxVectorArms);
    }
  }
  // Copies node i's statistics after its visit. Read only once every arm of a block has been
  // visited, so nothing needs clearing between searches.
  void record(uint32_t i, float mean, uint32_t visits) {
    means_[i] = mean;
    weights_[i] = inverse_sqrt(visits);
  }
  // The arm best_uct_arm(arms, k, exploration) picks among the block of k arms at `first`
  // (k at most kMaxArms): the first of the highest mean + exploration * weight, the same float
  // sums.
  template <size_t kMaxArms>
  size_t best(uint32_t first, uint32_t k, float exploration) const {
#if defined(__SSE2__)
    if constexpr (kMaxArms <= kMaxVectorArms)
      return best_of_vectors<(kMaxArms + kLanes - 1) / kLanes>(&means_[first], &weights_[first], k,
                                                               exploration);
#endif
    return best_uct_arm(&means_[first], &weights_[first], k, exploration);
  }

 private:
  static constexpr uint32_t kLanes = 4;
  static constexpr uint32_t kMaxVectorArms = 16;

#if defined(__SSE2__)
  // kPastArms[k][i]: 0 for the arms i < k of a block, -infinity for the slots after it.
  static constexpr auto kPastArms = [] {
    std::array<std::array<float, kMaxVectorArms>, kMaxVectorArms + 1> table{};
    for (uint32_t k = 0; k <= kMaxVectorArms; ++k)
      for (uint32_t i = k; i < kMaxVectorArms; ++i)
        table[k][i] = -std::numeric_limits<float>::infinity();
    return table;
  }();

  // Scores kVectors * 4 slots four at a time, the slots past the k-th arm (the next block's, or
  // fit's spare slots) pushed to -infinity; takes the highest score, then the first lane that
  // has it. A fixed number of vectors and no compare from arm to arm: no branch depends on k
  // or on the statistics.
  template <uint32_t kVectors>
  [[gnu::always_inline]] static size_t best_of_vectors(const float* means, const float* weights,
                                                       uint32_t k, float exploration) {
    const __m128 scale = _mm_set1_ps(exploration);
    const float* past = kPastArms[k].data();
    __m128 score[kVectors];
    for (uint32_t v = 0; v < kVectors; ++v)
      score[v] = _mm_add_ps(_mm_add_ps(_mm_loadu_ps(means + kLanes * v),
                                       _mm_mul_ps(scale, _mm_loadu_ps(weights + kLanes * v))),
                            _mm_loadu_ps(past + kLanes * v));
    __m128 top = score[0];
    for (uint32_t v = 1; v < kVectors; ++v) top = _mm_max_ps(top, score[v]);
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(2, 3, 0, 1)));
    top = _mm_max_ps(top, _mm_shuffle_ps(top, top, _MM_SHUFFLE(1, 0, 3, 2)));
    unsigned hits = 0;
    for (uint32_t v = 0; v < kVectors; ++v)
      hits |= unsigned(_mm_movemask_ps(_mm_cmpeq_ps(score[v], top))) << (kLanes * v);
    return size_t(std::countr_zero(hits));
  }
#endif

  std::vector<float> means_, weights_;
};

}  // namespace nf::search
