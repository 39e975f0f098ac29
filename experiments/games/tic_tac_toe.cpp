#include "games/reference/tic_tac_toe.hpp"
#include "experiments/game_registry.hpp"

namespace nf {
GameEntry tic_tac_toe_entry() {
  return make_game_entry<reference::TicTacToeGame>("2", 600'000'000);
}
}  // namespace nf
