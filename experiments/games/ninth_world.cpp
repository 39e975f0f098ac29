#include "games/ninth_world/ninth_world.hpp"
#include "experiments/game_registry.hpp"
#include "games/ninth_world/heuristic.hpp"

namespace nf {
GameEntry ninth_world_entry() {
  return make_game_entry<ninth_world::NinthWorldGame>("1-5", 20'000);
}
}  // namespace nf
