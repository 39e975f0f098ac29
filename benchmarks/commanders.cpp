#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"

namespace nf::bench {

void commanders_benchmarks(Context& context) {
  using commanders::CommandersGame;
  static const CommandersGame game;
  static const RandomPolicy<CommandersGame> random(game);
  static const commanders::Heuristic heuristic(game, ParamSet(commanders::Heuristic::schema(), {}, "heuristic"));
  constexpr uint64_t kBatch = 1000;
  auto playouts = [](const auto& policy) {
    return [&policy](uint64_t batch) {
      Rng rng(batch);
      for (uint64_t i = 0; i < kBatch; ++i) {
        auto state = game.initial_state(batch * kBatch + i);
        playout(game, state, policy, rng);
      }
    };
  };
  context.fact("commanders state bytes", sizeof(commanders::State));
  context.measure("commanders random playouts", "playouts", kBatch, playouts(random));
  context.measure_parallel("commanders random playouts", "playouts", kBatch, playouts(random));
  context.measure("commanders heuristic playouts", "playouts", kBatch, playouts(heuristic));
}

}  // namespace nf::bench
