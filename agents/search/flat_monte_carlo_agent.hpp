// Flat Monte Carlo: the legal moves take turns; each trial plays one on a fresh
// determinization and rolls out. With determinization this is PIMC. Game-generic.
#pragma once

#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/search/budget.hpp"
#include "agents/search/config.hpp"
#include "agents/search/report.hpp"
#include "agents/search/rollout.hpp"

namespace nf::search {

template <Game G>
class FlatMonteCarloAgent final : public Agent<G> {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  FlatMonteCarloAgent(const G& game, const Config& config, std::string spec)
      : Agent<G>(std::move(spec)), game_(&game), config_(config), rollout_(game, config) {
    threads_.resize(size_t(config.threads));
  }

  Action act(const State& state, Rng& rng) override {
    const int seat = game_->current_player(state);
    ActionList<G> legal;
    game_->legal_actions(state, legal);
    report_ = {};
    if (legal.size() == 1) return legal[0];
    const size_t threads = threads_.size();
    const SearchBudget budget(config_, threads, rng);
    budget.run(arena_, [&](size_t i) {
      auto& sums = threads_[i];
      sums = {};
      sums.resize(legal.size());
      Rng trial_rng(budget.seed(i));
      ActionList<G> scratch;
      for (uint64_t k = 0; budget.more(i, k); ++k) {
        const size_t arm = size_t((k * threads + i) % legal.size());
        State world = state;
        game_->determinize(world, seat, trial_rng);
        game_->apply(world, legal[arm]);
        sums[arm].visits++;
        sums[arm].reward += rollout_.play(world, trial_rng, scratch)[size_t(seat)];
      }
    });
    for (size_t a = 0; a < legal.size(); ++a) {
      RootStat<Action> stat{legal[a], 0, 0.0};
      for (const auto& sums : threads_)
        stat.visits += sums[a].visits, stat.reward += sums[a].reward;
      report_.iterations += stat.visits;
      report_.root.push_back(stat);
    }
    size_t best = 0;
    for (size_t a = 1; a < legal.size(); ++a)
      if (report_.root[a].mean() > report_.root[best].mean()) best = a;
    return legal[best];
  }

  const SearchReport<G>& last_search() const { return report_; }
  int threads() const override { return config_.threads; }

 private:
  struct Sum {
    uint64_t visits = 0;
    double reward = 0;
  };
  const G* game_;
  Config config_;
  tbb::task_arena arena_{config_.threads};  // the search's threads (see SearchBudget::run)
  RolloutPolicy<G> rollout_;
  std::vector<FixedVector<Sum, G::kMaxActions>> threads_;
  SearchReport<G> report_;
};

}  // namespace nf::search
