// The run sizes the commands' flags and the Python module both check (run_limits.hpp): the
// first byte picks the check (balance's games, a match's games, threads), the next eight are
// the value as Python hands it over (little-endian; signed for threads). Any value is either
// accepted within its bounds or refused with one nf::Error naming the argument.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "experiments/run/run_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  uint64_t value = 0;
  for (size_t i = 1; i < size && i <= 8; ++i) value |= uint64_t(data[i]) << (8 * (i - 1));
  const int check = data[0] % 3;
  const uint64_t min_games = check == 0 ? 1 : nf::kMinPairedGames;
  long long threads = 0;
  std::memcpy(&threads, &value, sizeof threads);
  const bool in_range = check == 2 ? threads >= 0 && threads <= nf::kMaxThreads
                                   : value >= min_games && value <= nf::kMaxGames;
  try {
    if (check == 2)
      nf::check_threads("threads", threads);
    else
      nf::check_games("games", value, min_games);
  } catch (const nf::Error& error) {
    const std::string name = check == 2 ? "threads: " : "games: ";
    if (in_range || std::string(error.what()).rfind(name, 0) != 0) std::abort();
    return 0;
  }
  if (!in_range) std::abort();
  return 0;
}
