#include "games/commanders/commanders.hpp"
#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/commanders/heuristic.hpp"

namespace nf::bench {

void commanders_benchmarks(Context& context) {
  using commanders::CommandersGame;
  static const CommandersGame game;
  static const RandomPolicy<CommandersGame> random(game);
  static const commanders::Heuristic heuristic(
      game, ParamSet(commanders::Heuristic::schema(), {}, "heuristic"));
  constexpr uint64_t kBatch = 1000;
  auto playouts = [](const auto& policy) { return playout_batches(game, policy, kBatch); };
  context.fact("commanders state bytes", sizeof(commanders::State));
  context.measure("commanders random playouts", "playouts", kBatch, playouts(random));
  context.measure_parallel("commanders random playouts", "playouts", kBatch, playouts(random));
  context.measure("commanders heuristic playouts", "playouts", kBatch, playouts(heuristic));
}

}  // namespace nf::bench
