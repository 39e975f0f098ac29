// The rollout policy of the search agents: random or the game's heuristic, optionally cut
// after a fixed depth and scored by the game's evaluation or a learned value model.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "agents/search/config.hpp"
#include "agents/search/learned_evaluation.hpp"
#include "core/error.hpp"
#include "core/params.hpp"

namespace nf::search {

// The rollout policy type of "rollout=heuristic": the game's heuristic when it has one.
template <class G>
struct HeuristicPolicy {
  using type = RandomPolicy<G>;
};
template <HasHeuristic G>
struct HeuristicPolicy<G> {
  using type = typename G::Heuristic;
};

// The game's heuristic with the parameters `config` gives it (rollout=heuristic(...)), for the
// search option `option`; an error naming the option when the game has none or a parameter is
// wrong.
template <Game G>
std::unique_ptr<typename HeuristicPolicy<G>::type> make_heuristic(const G& game,
                                                                  const Config& config,
                                                                  const std::string& option) {
  if constexpr (HasHeuristic<G>)
    return std::make_unique<typename HeuristicPolicy<G>::type>(
        game, ParamSet(G::Heuristic::schema(), config.heuristic, option));
  else
    throw Error(fmt::format("{}: game '{}' has no heuristic policy", option, G::kId));
}

// The policy that plays rollouts (and, in single-observer trees, modelled opponent moves):
// random or the game's heuristic (each move random instead with probability `epsilon`, so
// that rollouts do not all follow the one line the heuristic would play), optionally cut
// after `depth` moves and scored by the game's evaluation (eval=game) or a value model over its
// features (eval=learned). Construction rejects options the game cannot support.
template <Game G>
class RolloutPolicy {
 public:
  using State = typename G::State;

  RolloutPolicy(const G& game, const Config& config)
      : game_(&game), depth_(config.depth), epsilon_(config.epsilon) {
    if (config.rollout == Rollout::Heuristic)
      heuristic_ = make_heuristic(game, config, "rollout=heuristic");
    if (config.epsilon > 0 && config.rollout != Rollout::Heuristic)
      throw Error(
          fmt::format("epsilon={}: only a heuristic rollout (rollout=heuristic) mixes in "
                      "random moves",
                      config.epsilon));
    if (config.grade > 0 && !HasGradedReturns<G>)
      throw Error(fmt::format("grade={}: game '{}' has no graded outcome to add to its results",
                              config.grade, G::kId));
    grade_ = config.grade;
    if (config.evaluation == Evaluation::Learned)
      learned_ = std::make_unique<LearnedEvaluation<G>>(config.weights);
    if (config.depth > 0 && !HasEvaluation<G> && !learned_)
      throw Error(fmt::format(
          "depth={}: game '{}' has no evaluation to score cut-off rollouts{}", config.depth, G::kId,
          HasFeatures<G> ? " (eval=learned scores them with a value model)" : ""));
  }

  // The move at `s`, whose legal moves are `legal`. The random policy draws exactly as
  // RandomPolicy does, from the caller's list: a list made per move would be zeroed each time.
  typename G::Action move(const State& s, const ActionList<G>& legal, Rng& rng) const {
    if (guided(rng)) return heuristic_->choose(s, rng);
    return legal[rng.below(static_cast<uint32_t>(legal.size()))];
  }

  // Plays `s` out; `scratch` holds each position's legal moves when the game has no
  // random_action hook (which draws the same move without listing them).
  Returns<G::kMaxPlayers> play(State& s, Rng& rng, ActionList<G>& scratch) const {
    if (!heuristic_ && depth_ == 0) {  // random moves to the end: no per-move tests
      while (!game_->is_terminal(s)) play_random_move(s, rng, scratch);
      return finished(s);
    }
    for (int moves = 0; !game_->is_terminal(s); ++moves) {
      if (depth_ > 0 && moves >= depth_) return cut_off(s);
      if (guided(rng))
        game_->apply(s, heuristic_->choose(s, rng));
      else
        play_random_move(s, rng, scratch);
    }
    return finished(s);
  }

 private:
  // The returns of the finished game `s`, with its graded outcome times `grade` when asked.
  Returns<G::kMaxPlayers> finished(const State& s) const {
    Returns<G::kMaxPlayers> r = game_->returns(s);
    if constexpr (HasGradedReturns<G>) {
      if (grade_ > 0) {
        const Returns<G::kMaxPlayers> graded = game_->graded_returns(s);
        for (int p = 0; p < game_->num_players(); ++p) r[size_t(p)] += grade_ * graded[size_t(p)];
      }
    }
    return r;
  }

  void play_random_move(State& s, Rng& rng, ActionList<G>& scratch) const {
    if constexpr (HasRandomAction<G>) {
      game_->apply(s, game_->random_action(s, rng));
    } else {
      game_->legal_actions(s, scratch);
      game_->apply(s, scratch[rng.below(static_cast<uint32_t>(scratch.size()))]);
    }
  }

  // The score of a rollout cut off at `s` (construction made sure there is one).
  Returns<G::kMaxPlayers> cut_off(const State& s) const {
    if (learned_) return learned_->evaluate(*game_, s);
    if constexpr (HasEvaluation<G>)
      return game_->evaluate(s);
    else
      return game_->returns(s);  // unreachable: depth > 0 needs an evaluation
  }

  // Whether the heuristic plays the next move (an epsilon of 0 draws nothing).
  bool guided(Rng& rng) const { return heuristic_ && !(epsilon_ > 0 && rng.uniform() < epsilon_); }

  const G* game_;
  int depth_;
  double epsilon_;
  double grade_ = 0;
  std::unique_ptr<typename HeuristicPolicy<G>::type> heuristic_;
  std::unique_ptr<const LearnedEvaluation<G>> learned_;
};

}  // namespace nf::search
