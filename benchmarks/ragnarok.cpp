#include "games/ragnarok/ragnarok.hpp"
#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"

namespace nf::bench {

void ragnarok_benchmarks(Context& context) {
  using ragnarok::RagnarokGame;
  static const RagnarokGame game;
  static const RandomPolicy<RagnarokGame> random(game);
  static const ragnarok::Heuristic heuristic(
      game, ParamSet(ragnarok::Heuristic::schema(), {}, "heuristic"));
  constexpr uint64_t kBatch = 100;
  auto playouts = [](const auto& policy) { return playout_batches(game, policy, kBatch); };
  context.fact("ragnarok state bytes", sizeof(ragnarok::State));
  context.measure("ragnarok random playouts", "playouts", kBatch, playouts(random));
  context.measure_parallel("ragnarok random playouts", "playouts", kBatch, playouts(random));
  context.measure("ragnarok heuristic playouts", "playouts", kBatch, playouts(heuristic));
  context.measure_parallel("ragnarok heuristic playouts", "playouts", kBatch, playouts(heuristic));
  // What a search agent does per iteration before its playout: copy and determinize.
  context.measure("ragnarok determinizations", "determinizations", kBatch * 100,
                  [](uint64_t batch) {
                    Rng rng(batch);
                    const auto start = game.initial_state(batch);
                    for (uint64_t i = 0; i < kBatch * 100; ++i) {
                      auto world = start;
                      game.determinize(world, int(i & 1), rng);
                    }
                  });
}

}  // namespace nf::bench
