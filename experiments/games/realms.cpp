#include "games/realms/realms.hpp"
#include "experiments/game_registry.hpp"
#include "games/realms/heuristic.hpp"

namespace nf {
GameEntry realms_entry() { return make_game_entry<realms::RealmsGame>("2", 140'000); }
}  // namespace nf
