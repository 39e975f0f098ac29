#include "experiments/game_registry.hpp"

#include <fmt/format.h>

namespace nf {

const GameEntry& find_game(std::string_view id) {
  std::vector<std::string> ids;
  for (const GameEntry& entry : game_registry()) {
    if (entry.id == id) return entry;
    ids.push_back(entry.id);
  }
  throw Error(fmt::format("unknown game '{}' (known: {})", id, fmt::join(ids, ", ")));
}

}  // namespace nf
