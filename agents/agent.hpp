// The agent interface used at the command-line edge (one virtual call per decision), and the
// policies it wraps. Hot loops inside search agents call policies statically.
#pragma once

#include <memory>
#include <string>

#include "agents/game_hooks.hpp"
#include "core/game.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace nf {

// A policy picks an action for the player to move, allocation-free. It must use only what
// that player observes: a policy that reads hidden data is a cheat, and the
// determinization tests check that it does not.
template <class P, class G>
concept Policy = Game<G> && requires(const P& policy, const typename G::State& state, Rng& rng) {
  { policy.choose(state, rng) } -> std::same_as<typename G::Action>;
};

template <Game G>
class RandomPolicy {
 public:
  explicit RandomPolicy(const G& game) : game_(&game) {}
  typename G::Action choose(const typename G::State& state, Rng& rng) const {
    if constexpr (HasRandomAction<G>) {
      return game_->random_action(state, rng);
    } else {
      ActionList<G> actions;
      game_->legal_actions(state, actions);
      return actions[rng.below(static_cast<uint32_t>(actions.size()))];
    }
  }

 private:
  const G* game_;
};

template <Game G>
class Agent {
 public:
  virtual ~Agent() = default;
  // The action for game.current_player(state). `rng` is this agent's own stream for the game.
  virtual typename G::Action act(const typename G::State& state, Rng& rng) = 0;
  // The canonical spec ("heuristic(aggression=0.7)"), used in reports and records.
  const std::string& spec() const { return spec_; }
  // The threads one decision runs on (a search's `threads`), so that a run of many games
  // plays fewer at once and leaves each search its cores.
  virtual int threads() const { return 1; }

 protected:
  explicit Agent(std::string spec) : spec_(std::move(spec)) {}

 private:
  std::string spec_;
};

// Wraps a policy as an agent.
template <Game G, Policy<G> P>
class PolicyAgent final : public Agent<G> {
 public:
  PolicyAgent(std::string spec, P policy) : Agent<G>(std::move(spec)), policy_(std::move(policy)) {}
  typename G::Action act(const typename G::State& state, Rng& rng) override {
    return policy_.choose(state, rng);
  }

 private:
  P policy_;
};

}  // namespace nf

namespace nf {

// Plays `state` to the end with `policy` for every seat; returns the number of decisions.
// Allocation-free: the building block of rollouts and throughput benchmarks.
template <Game G, Policy<G> P>
uint64_t playout(const G& game, typename G::State& state, const P& policy, Rng& rng) {
  uint64_t decisions = 0;
  while (!game.is_terminal(state)) {
    game.apply(state, policy.choose(state, rng));
    ++decisions;
  }
  return decisions;
}

}  // namespace nf
