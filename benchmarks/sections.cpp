// Throughput of the sections game for 2, 3 and 4 players (mcts iterations/s:
// benchmarks/search.cpp).
#include <fmt/format.h>

#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/sections/heuristic.hpp"
#include "games/sections/sections.hpp"

namespace nf::bench {

void sections_benchmarks(Context& context) {
  using sections::SectionsGame;
  context.fact("sections state bytes", sizeof(sections::State));
  constexpr uint64_t kBatch = 200;
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game(
        ParamSet(SectionsGame::config_schema(), {{"players", std::to_string(players)}}, "bench"));
    const RandomPolicy<SectionsGame> random(game);
    const sections::Heuristic heuristic(game,
                                        ParamSet(sections::Heuristic::schema(), {}, "heuristic"));
    auto playouts = [&game](const auto& policy) {
      return [&game, &policy](uint64_t batch) {
        Rng rng(batch);
        for (uint64_t i = 0; i < kBatch; ++i) {
          auto state = game.initial_state(batch * kBatch + i);
          playout(game, state, policy, rng);
        }
      };
    };
    const std::string name = fmt::format("sections {}p", players);
    context.measure(name + " random playouts", "playouts", kBatch, playouts(random));
    context.measure_parallel(name + " random playouts", "playouts", kBatch, playouts(random));
    context.measure(name + " heuristic playouts", "playouts", kBatch, playouts(heuristic));
  }
}

}  // namespace nf::bench
