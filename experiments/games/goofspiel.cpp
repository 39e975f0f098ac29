#include "games/reference/goofspiel.hpp"
#include "experiments/game_registry.hpp"

namespace nf {
GameEntry goofspiel_entry() {
  return make_game_entry<reference::GoofspielGame>("2-10", 120'000'000);
}
}  // namespace nf
