// Plays one game with a lineup of agents: the one loop that balance, play and the tests share.
#pragma once

#include <fmt/format.h>

#include <array>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "core/cancel.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"

namespace nf {

// A game that has not ended after this many decisions is a bug in the game, not a long game.
inline constexpr uint64_t kMaxDecisions = 10'000'000;

template <Game G>
struct PlayedGame {
  typename G::State final_state;
  Returns<G::kMaxPlayers> returns{};
  uint64_t decisions = 0;
};

// Called after each decision with (state before, action, state after); may be empty.
template <Game G>
using StepObserver =
    std::function<void(const typename G::State&, typename G::Action, const typename G::State&)>;

// Seat s is played by seats[s] drawing from agent_rngs[s]; the deal is `deal_seed`.
// `actions`, when given, receives every action's stable text.
template <Game G>
PlayedGame<G> play_game(const G& game, std::span<Agent<G>* const> seats, uint64_t deal_seed,
                        std::span<Rng> agent_rngs, std::vector<std::string>* actions = nullptr,
                        const StepObserver<G>& observer = {}) {
  PlayedGame<G> out;
  typename G::State state = game.initial_state(deal_seed);
  while (!game.is_terminal(state)) {
    const int seat = game.current_player(state);
    const typename G::Action action = seats[seat]->act(state, agent_rngs[seat]);
    throw_if_cancelled();  // a cancelled search returns early: its move is not played
    if (actions) actions->push_back(game.action_to_string(state, action));
    if (observer) {
      const typename G::State before = state;
      game.apply(state, action);
      observer(before, action, state);
    } else {
      game.apply(state, action);
    }
    if (++out.decisions > kMaxDecisions)
      throw Error(fmt::format("game '{}' did not end after {} decisions (deal seed {})", G::kId,
                              kMaxDecisions, deal_seed));
  }
  out.final_state = state;
  out.returns = game.returns(state);
  return out;
}

}  // namespace nf
