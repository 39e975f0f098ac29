// Game config values (`--config key=value,...`): the first byte picks the game, the rest is the
// option text, read as the command line reads it (core/params.hpp) against the game's
// config_schema() and given to the game. Any text gives a game or one nf::Error.
// Values naming files (a '/') are left out: the files' contents have targets of their own,
// and a fuzzer should not read whatever file of the machine it happens to name.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/params.hpp"
#include "games/commanders/commanders.hpp"
#include "games/ninth_world/ninth_world.hpp"
#include "games/ragnarok/ragnarok.hpp"
#include "games/realms/realms.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "games/sections/sections.hpp"

namespace {
template <class G>
void configure(const std::string& text) {
  const nf::ParamSet config(G::config_schema(), nf::parse_key_values({text}, "--config"),
                            "game config");
  const G game(config);
  (void)game.num_players();
  (void)config.to_string(true);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (text.find('/') != std::string::npos) return 0;
  try {
    switch (data[0] % 9) {
      case 0:
        configure<nf::commanders::CommandersGame>(text);
        break;
      case 1:
        configure<nf::ninth_world::NinthWorldGame>(text);
        break;
      case 2:
        configure<nf::ragnarok::RagnarokGame>(text);
        break;
      case 3:
        configure<nf::realms::RealmsGame>(text);
        break;
      case 4:
        configure<nf::sections::SectionsGame>(text);
        break;
      case 5:
        configure<nf::reference::GoofspielGame>(text);
        break;
      case 6:
        configure<nf::reference::KuhnPokerGame>(text);
        break;
      case 7:
        configure<nf::reference::LeducPokerGame>(text);
        break;
      default:
        configure<nf::reference::TicTacToeGame>(text);
        break;
    }
  } catch (const nf::Error&) {
  }
  return 0;
}
