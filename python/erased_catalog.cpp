// From a game id to its ErasedGameOf: the catalog checks the id and config (with the commands'
// messages), then the matching listing builds the game.
#include <fmt/format.h>

#include "core/error.hpp"
#include "experiments/game_catalog.hpp"
#include "experiments/with_game.hpp"
#include "python/erased_game.hpp"

namespace nf::python {

std::shared_ptr<ErasedGame> load_game(std::string_view id,
                                      const std::map<std::string, std::string>& config) {
  const std::unique_ptr<LoadedGame> loaded = find_game(id).load(config);
  std::shared_ptr<ErasedGame> game;
  for_each_game([&]<class Listing>() {
    if (Listing::Game::kId == id) game = make_erased_game<Listing>(loaded->config());
  });
  if (!game) throw Error(fmt::format("game '{}' has no Python binding", id));
  return game;
}

}  // namespace nf::python
