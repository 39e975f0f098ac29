#include "games/sections/sections.hpp"
#include "experiments/game_registry.hpp"
#include "games/sections/heuristic.hpp"

namespace nf {
GameEntry sections_entry() { return make_game_entry<sections::SectionsGame>("2-4", 400'000); }
}  // namespace nf
