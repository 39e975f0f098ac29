// A fixed action space: every action the game can ever offer numbered 0..size-1, the same
// number for the same move in every state, so a learned policy can output one score per
// number and be masked by the legal ones. A game opts in with two members:
//   int action_space() const;                   // fixed for the config
//   int action_index(const Action&) const;      // 0..action_space()-1
// Games without it number a state's moves by their position in legal_actions.
#pragma once

#include <concepts>

#include "core/game.hpp"

namespace nf {

template <class G>
concept HasActionSpace = Game<G> && requires(const G& game, const typename G::Action& action) {
  { game.action_space() } -> std::convertible_to<int>;
  { game.action_index(action) } -> std::convertible_to<int>;
};

// The size of the game's fixed action space, or 0 when it has none.
template <Game G>
int action_space(const G& game) {
  if constexpr (HasActionSpace<G>)
    return game.action_space();
  else
    return 0;
}

// The action's id: its number in the fixed action space, or else its position in `legal`.
template <Game G>
int action_id(const G& game, const ActionList<G>& legal, size_t position) {
  if constexpr (HasActionSpace<G>)
    return game.action_index(legal[position]);
  else
    return static_cast<int>(position);
}

// The position in `legal` of the action with id `id`, or -1 when no legal action has it.
template <Game G>
int find_action_id(const G& game, const ActionList<G>& legal, long long id) {
  for (size_t i = 0; i < legal.size(); ++i)
    if (action_id(game, legal, i) == id) return static_cast<int>(i);
  return -1;
}

}  // namespace nf
