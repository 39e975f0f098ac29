#include "games/ninth_world/ninth_world.hpp"

#include <fmt/format.h>

#include <deque>

#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/ninth_world/heuristic.hpp"

namespace nf::bench {

ninth_world::NinthWorldGame benchmark_ninth_world(const std::string& mode, int players) {
  using ninth_world::NinthWorldGame;
  return NinthWorldGame(ParamSet(NinthWorldGame::config_schema(),
                                 {{"mode", mode}, {"players", std::to_string(players)}}, "bench"));
}

void ninth_world_benchmarks(Context& context) {
  using ninth_world::NinthWorldGame;
  constexpr uint64_t kBatch = 20;
  static const std::deque<std::pair<std::string, NinthWorldGame>> games = [] {
    std::deque<std::pair<std::string, NinthWorldGame>> out;
    out.emplace_back("solo", benchmark_ninth_world("solo", 1));
    for (int n : {3, 4, 5})
      out.emplace_back(fmt::format("{}p", n), benchmark_ninth_world("competitive", n));
    out.emplace_back("coop 3p", benchmark_ninth_world("coop", 3));
    return out;
  }();
  context.fact("ninth-world state bytes", sizeof(ninth_world::State));
  for (const auto& [label, game] : games) {
    static_cast<void>(label);
    const RandomPolicy<NinthWorldGame> random(game);
    context.measure(fmt::format("ninth-world {} random playouts", label), "playouts", kBatch,
                    playout_batches(game, random, kBatch));
  }
  const NinthWorldGame& four = games[2].second;
  static const RandomPolicy<NinthWorldGame> random(four);
  static const ninth_world::Heuristic heuristic(
      four, ParamSet(ninth_world::Heuristic::schema(), {}, "heuristic"));
  context.measure_parallel("ninth-world 4p random playouts", "playouts", kBatch,
                           playout_batches(four, random, kBatch));
  context.measure("ninth-world 4p heuristic playouts", "playouts", kBatch,
                  playout_batches(four, heuristic, kBatch));
  context.measure_parallel("ninth-world 4p heuristic playouts", "playouts", kBatch,
                           playout_batches(four, heuristic, kBatch));
  // What a search agent does per iteration before its playout: copy and determinize.
  context.measure("ninth-world 4p determinizations", "determinizations", kBatch * 100,
                  [&four](uint64_t batch) {
                    Rng rng(batch);
                    const auto start = four.initial_state(batch);
                    for (uint64_t i = 0; i < kBatch * 100; ++i) {
                      auto world = start;
                      four.determinize(world, 0, rng);
                    }
                  });
}

}  // namespace nf::bench
