#include "games/ragnarok/ragnarok.hpp"
#include "experiments/game_registry.hpp"

namespace nf {
GameEntry ragnarok_entry() { return make_game_entry<ragnarok::RagnarokGame>("2", 12'000); }
}  // namespace nf
