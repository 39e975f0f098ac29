// A designer's TOML data file, one parser per target (NF_FUZZ_<parser>): any text gives the
// data or one nf::Error naming file, line and field; never another exception or a crash.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"
#if defined(NF_FUZZ_RAGNAROK_CARDS) || defined(NF_FUZZ_RAGNAROK_DECKS)
#include "games/ragnarok/cards.hpp"
#elif defined(NF_FUZZ_NINTH_WORLD_DATA)
#include "games/ninth_world/data.hpp"
#else
#include "games/realms/board.hpp"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string source = "fuzz.toml";
  try {
#if defined(NF_FUZZ_RAGNAROK_CARDS)
    (void)nf::ragnarok::parse_cards(text, source);
#elif defined(NF_FUZZ_RAGNAROK_DECKS)
    static const nf::ragnarok::CardSet cards = nf::ragnarok::load_cards("standard");
    (void)nf::ragnarok::parse_decks(text, source, cards);
#elif defined(NF_FUZZ_NINTH_WORLD_DATA)
    (void)nf::ninth_world::parse_data(text, source);
#elif defined(NF_FUZZ_REALMS_MAP)
    (void)nf::realms::Board::parse(text, source);
#else
    (void)nf::realms::parse_roster(text, source);
#endif
  } catch (const nf::Error&) {
  }
  return 0;
}
