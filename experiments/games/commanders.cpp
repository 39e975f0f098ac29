#include "games/commanders/commanders.hpp"
#include "experiments/game_registry.hpp"
#include "games/commanders/heuristic.hpp"

namespace nf {
GameEntry commanders_entry() { return make_game_entry<commanders::CommandersGame>("2", 6'000'000); }
}  // namespace nf
