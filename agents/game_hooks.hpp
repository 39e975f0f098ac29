// Optional game hooks the search agents use when a game provides them, with the defaults
// that apply when it does not. Each is detected with a `requires` expression, so a game
// opts in by declaring the member and nothing else changes.
#pragma once

#include <concepts>

#include "agents/agent.hpp"
#include "core/game.hpp"

namespace nf {

// `static constexpr bool kPerfectInformation = true;` declares that every seat sees the whole
// state (chance still to come aside). Without it a game counts as hiding information.
template <Game G>
constexpr bool is_perfect_information() {
  if constexpr (requires { G::kPerfectInformation; })
    return G::kPerfectInformation;
  else
    return false;
}

// `static constexpr bool kDeterministic = true;` declares that the rules never draw from the
// state's rng (no chance at all). With perfect information too, a search needs no fresh
// determinization per iteration: the copy of the root is the state.
template <Game G>
constexpr bool is_deterministic() {
  if constexpr (requires { G::kDeterministic; })
    return G::kDeterministic;
  else
    return false;
}

// `bool sees_action(const State&, Action, int seat) const`: whether `seat` sees which action
// the player to move in the state takes (a simultaneous choice or a face-down card is not
// seen). Information-set trees key such a move by "some move was made" for that seat. The
// default: every move is seen. The search asks it for the first legal move when it needs to
// know whether a whole decision is unseen, so the answer should not depend on the move.
template <Game G>
bool sees_action(const G& game, const typename G::State& state, const typename G::Action& action,
                 int seat) {
  if constexpr (requires {
                  { game.sees_action(state, action, seat) } -> std::convertible_to<bool>;
                })
    return game.sees_action(state, action, seat);
  else
    return true;
}

// `uint64_t observation_key(const State&, int seat) const`: a fingerprint of what `seat`
// observes in the state (its own cards, public cards, revealed chance), equal for states it
// cannot tell apart, allocation-free. Information-set trees split a node's moves by it, so
// chance the seat sees (a public card, a drawn troop card) is told apart in the tree. The
// default, 0, keeps trees open-loop: statistics average over the chance between moves.
template <Game G>
uint64_t observation_key(const G& game, const typename G::State& state, int seat) {
  if constexpr (requires {
                  { game.observation_key(state, seat) } -> std::convertible_to<uint64_t>;
                })
    return game.observation_key(state, seat);
  else
    return 0;
}

// `Returns<kMaxPlayers> evaluate(const State&) const`: estimated returns of a non-terminal
// state, used by rollouts cut off after a fixed depth.
template <class G>
concept HasEvaluation = Game<G> && requires(const G& game, const typename G::State& state) {
  { game.evaluate(state) } -> std::same_as<Returns<G::kMaxPlayers>>;
};

// Replaces the future chance of a state (its rng) without touching anything else: what a
// search that is allowed to see the whole state still must not see.
template <Game G>
void reseed_chance(typename G::State& state, Rng& rng) {
  if constexpr (requires { state.rng.reseed(uint64_t{}); }) state.rng.reseed(rng.next());
}

}  // namespace nf
