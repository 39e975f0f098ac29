#include "games/reference/leduc_poker.hpp"
#include "experiments/game_registry.hpp"

namespace nf {
GameEntry leduc_poker_entry() {
  return make_game_entry<reference::LeducPokerGame>("2-10", 500'000'000);
}
}  // namespace nf
