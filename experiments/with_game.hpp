// The one place where a game id becomes a game type: `with_game(id, f)` calls
// `f.template operator()<G>()` for the game whose kId is `id`, e.g.
//   return with_game(id, [&]<Game G>() { return replay_game<G>(options, record); });
// Each call instantiates `f` for every game, in the unit that calls it: keep such code to what
// must be typed (playing, searching, the game's own checks); the rest goes through LoadedGame.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "core/error.hpp"
#include "experiments/agent_instances.hpp"
#include "experiments/game_types.hpp"

namespace nf {
namespace with_game_detail {

template <class F, class... Listings>
decltype(auto) dispatch(GameList<Listings...>, std::string_view id, F& f) {
  using First = typename std::tuple_element_t<0, std::tuple<Listings...>>::Game;
  using Result = decltype(f.template operator()<First>());
  const auto unknown = [&] {
    const std::vector<std::string_view> ids = {Listings::Game::kId...};
    return Error(fmt::format("unknown game '{}' (known: {})", id, fmt::join(ids, ", ")));
  };
  if constexpr (std::is_void_v<Result>) {
    if (!((Listings::Game::kId == id ? (f.template operator()<typename Listings::Game>(), true)
                                     : false) ||
          ...))
      throw unknown();
  } else {
    std::optional<Result> out;
    (void)((Listings::Game::kId == id
                ? (out.emplace(f.template operator()<typename Listings::Game>()), true)
                : false) ||
           ...);
    if (!out) throw unknown();
    return Result(std::move(*out));
  }
}

template <class F, class... Listings>
void each(GameList<Listings...>, F& f) {
  (f.template operator()<Listings>(), ...);
}

}  // namespace with_game_detail

template <class F>
decltype(auto) with_game(std::string_view id, F&& f) {
  return with_game_detail::dispatch(GameListings{}, id, f);
}

// Calls `f.template operator()<Listing>()` for every game's listing, in catalog order.
template <class F>
void for_each_game(F&& f) {
  with_game_detail::each(GameListings{}, f);
}

}  // namespace nf
