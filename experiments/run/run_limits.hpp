// The sizes a run accepts: the commands' flags (--threads, --games) and the Python module check
// the same bounds, and both word a refusal as CLI11 words its range check.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string_view>

#include "core/error.hpp"

namespace nf {

// Worker threads of a run; 0 uses every core.
inline constexpr int kMaxThreads = 4096;
// Games of one run: more would take years, and a typo (2**63) should not start them.
inline constexpr uint64_t kMaxGames = uint64_t{1} << 40;
// Games of a match or of each pair of a tournament: one paired deal at least.
inline constexpr uint64_t kMinPairedGames = 2;

// nf::Error "NAME: Value V not in range MIN to MAX" unless min <= value <= max.
template <class Number>
void check_in_range(std::string_view name, Number value, Number min, Number max) {
  if (value < min || value > max)
    throw Error(fmt::format("{}: Value {} not in range {} to {}", name, value, min, max));
}

inline void check_threads(std::string_view name, long long threads) {
  check_in_range<long long>(name, threads, 0, kMaxThreads);
}
inline void check_games(std::string_view name, uint64_t games, uint64_t min) {
  check_in_range<uint64_t>(name, games, min, kMaxGames);
}

}  // namespace nf
