#include "games/realms/realms.hpp"
#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/realms/heuristic.hpp"

namespace nf::bench {

void realms_benchmarks(Context& context) {
  using realms::RealmsGame;
  static const RealmsGame game;
  static const RandomPolicy<RealmsGame> random(game);
  static const realms::Heuristic heuristic(game,
                                           ParamSet(realms::Heuristic::schema(), {}, "heuristic"));
  constexpr uint64_t kBatch = 100;
  auto playouts = [](const auto& policy) { return playout_batches(game, policy, kBatch); };
  context.fact("realms state bytes", sizeof(realms::State));
  context.measure("realms random playouts", "playouts", kBatch, playouts(random));
  context.measure_parallel("realms random playouts", "playouts", kBatch, playouts(random));
  context.measure("realms heuristic playouts", "playouts", kBatch, playouts(heuristic));
  // What a search agent does per iteration before its playout: copy and determinize.
  context.measure("realms determinizations", "determinizations", kBatch * 100, [](uint64_t batch) {
    Rng rng(batch);
    const auto start = game.initial_state(batch);
    for (uint64_t i = 0; i < kBatch * 100; ++i) {
      auto world = start;
      game.determinize(world, int(i & 1), rng);
    }
  });
}

}  // namespace nf::bench
