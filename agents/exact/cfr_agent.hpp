// `cfr(iterations=N)`: the average policy of CFR+ (or vanilla CFR with plus=false) after N
// iterations over the game's whole tree, a reference near an equilibrium for small games. The
// game is solved once, at the agent's first move; each move is then drawn from the policy at
// the mover's information set.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/exact/cfr.hpp"
#include "agents/exact/game_tree.hpp"
#include "core/error.hpp"
#include "core/params.hpp"

namespace nf::exact {

inline ParamSchema cfr_schema() {
  return {ParamSpec::integer("iterations", 1000, 1, 100'000'000, "CFR iterations over the tree"),
          ParamSpec::boolean("plus", true,
                             "CFR+ (non-negative regrets, linearly weighted average); false: "
                             "vanilla CFR")};
}

template <HasChanceEnumeration G>
class CfrAgent final : public Agent<G> {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  CfrAgent(const G& game, const ParamSet& params, std::string spec)
      : Agent<G>(std::move(spec)),
        game_(&game),
        iterations_(uint64_t(params.get_int("iterations"))),
        plus_(params.get_bool("plus")) {}

  Action act(const State& state, Rng& rng) override {
    const std::vector<double>& p = policy(state);
    ActionList<G> actions;
    game_->legal_actions(state, actions);
    double u = rng.uniform();
    for (size_t k = 0; k + 1 < actions.size(); ++k) {
      if (u < p[k]) return actions[k];
      u -= p[k];
    }
    return actions[actions.size() - 1];
  }

  // The average policy at the information set of `state` (per legal action, in order).
  const std::vector<double>& policy(const State& state) {
    solve();
    const auto it = solved_->game.infoset_index.find(infoset_key(*game_, state));
    if (it == solved_->game.infoset_index.end())
      throw Error(fmt::format("cfr: a state of {} outside the enumerated tree", G::kId));
    return solved_->policy[it->second];
  }

  // Solves the game, once: the first move does it when this was not called. `progress`
  // (optional) is told the iterations done and their total after each iteration.
  void solve(const std::function<void(uint64_t done, uint64_t total)>& progress = nullptr) {
    if (solved_) return;
    EnumeratedGame<G> game = enumerate_game(*game_);
    CfrSolver solver(game.tree, plus_);
    solver.run(iterations_, [&](uint64_t done) {
      if (progress) progress(done, iterations_);
    });
    TabularPolicy policy = solver.average_policy();
    solved_ = std::make_unique<Solved>(Solved{std::move(game), std::move(policy)});
  }

 private:
  struct Solved {
    EnumeratedGame<G> game;
    TabularPolicy policy;
  };

  const G* game_;
  uint64_t iterations_;
  bool plus_;
  std::unique_ptr<Solved> solved_;
};

}  // namespace nf::exact
