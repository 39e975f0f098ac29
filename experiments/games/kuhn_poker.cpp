#include "games/reference/kuhn_poker.hpp"
#include "experiments/game_registry.hpp"

namespace nf {
GameEntry kuhn_poker_entry() {
  return make_game_entry<reference::KuhnPokerGame>("2-10", 700'000'000);
}
}  // namespace nf
