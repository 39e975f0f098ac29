#include <catch2/catch.hpp>

#include <vector>

#include "agents/search/bandits.hpp"
#include "agents/search/uct_columns.hpp"
#include "core/rng.hpp"

namespace {

// UctColumns::best<kMaxArms> against the one-arm-at-a-time rule on the same statistics, over
// blocks of every size up to kMaxArms at every offset, with few distinct values so that ties
// are common: the first highest score wins, and the slots after a block (here given the
// highest mean of all) never do.
template <size_t kMaxArms>
void check_against_scalar_rule() {
  constexpr uint32_t kSlots = 64;
  nf::search::UctColumns columns;
  columns.fit(kSlots);
  std::vector<float> means(kSlots + 16), weights(kSlots + 16);
  nf::Rng rng(kMaxArms);
  for (int trial = 0; trial < 3000; ++trial) {
    const auto k = static_cast<uint32_t>(1 + rng.below(kMaxArms));
    const uint32_t first = rng.below(kSlots - k + 1);
    for (uint32_t i = 0; i < kSlots; ++i) {
      const bool past = i >= first + k;
      means[i] = past ? 10.0f : 0.25f * float(rng.below(5)) - 0.5f;
      const uint32_t visits = 1 + rng.below(3);
      weights[i] = nf::search::inverse_sqrt(visits);
      columns.record(i, means[i], visits);
    }
    const float exploration = 0.25f * float(rng.below(4));
    const size_t expected =
        nf::search::best_uct_arm(&means[first], &weights[first], k, exploration);
    INFO("k " << k << " first " << first << " exploration " << exploration);
    REQUIRE(columns.best<kMaxArms>(first, k, exploration) == expected);
  }
}

}  // namespace

TEST_CASE("UCT over columns picks the first highest score among a block's arms only") {
  check_against_scalar_rule<1>();
  check_against_scalar_rule<9>();
  check_against_scalar_rule<16>();
  check_against_scalar_rule<40>();  // past the vector form: the scalar rule itself
}

TEST_CASE("UCT over columns: known values") {
  nf::search::UctColumns columns;
  columns.fit(8);
  // Arms at slots 2..4: means 0.1, 0.5, 0.5 with 1, 4, 4 visits; exploration 0 picks the first
  // 0.5 (slot 3: arm 1), exploration 1 adds 1, 0.5, 0.5 and picks arm 0 (1.1 > 1.0).
  columns.record(2, 0.1f, 1);
  columns.record(3, 0.5f, 4);
  columns.record(4, 0.5f, 4);
  columns.record(5, 9.0f, 1);  // the next block's arm
  CHECK(columns.best<9>(2, 3, 0.0f) == 1);
  CHECK(columns.best<9>(2, 3, 1.0f) == 0);
  CHECK(columns.best<9>(2, 4, 0.0f) == 3);
}
