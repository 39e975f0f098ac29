// What ninefold_bench measures for every registered game and config, and the bench
// signature: a hash of seeded games and searches that changes when any rule or search changes.
#pragma once

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/hash.hpp"
#include "experiments/bench/benchmark.hpp"

namespace nf::bench {

// Search agents measured on a game: mcts where it sees everything, else the ISMCTS family.
// A game with a heuristic has a default ismcts of its own (heuristic rollouts, a prior): the
// plain search with random rollouts keeps its rows under an explicit name, and the default is
// a row of its own.
template <Game G>
std::vector<std::string> search_specs() {
  if constexpr (is_perfect_information<G>()) return {"mcts"};
  if constexpr (HasHeuristic<G>)
    return {"flatmc", "ismcts(rollout=random,prior=0,depth=0)",
            "ismcts(rollout=random,prior=0,depth=0,trees=mo)", "ismcts"};
  return {"flatmc", "ismcts", "ismcts(trees=mo)"};
}

namespace detail {

// Playouts per batch so that one batch takes about 10 ms: fast games and slow ones alike
// give the clock enough batches to time.
template <Game G, class P>
uint64_t batch_size(const G& game, const P& policy) {
  Rng rng(0);
  uint64_t games = 0;
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  while (elapsed < 0.02) {
    auto state = game.initial_state(games++);
    keep(playout(game, state, policy, rng));
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return std::max<uint64_t>(1, uint64_t(double(games) * 0.01 / elapsed));
}

template <Game G>
void search_iterations(Context& context, const G& game, const std::string& label,
                       const std::string& spec, uint64_t iterations, bool on_every_thread = true) {
  const std::string name = label + " " + spec;
  if (!context.selected(name)) return;
  const std::string with_budget =
      spec.find('(') == std::string::npos
          ? fmt::format("{}(iterations={})", spec, iterations)
          : fmt::format("{},iterations={})", spec.substr(0, spec.size() - 1), iterations);
  const auto state = game.initial_state(1);
  tbb::enumerable_thread_specific<std::unique_ptr<Agent<G>>> agents(
      [&] { return make_agent(game, with_budget); });
  auto batch = [&](uint64_t index) {
    Rng rng(index);
    agents.local()->act(state, rng);
  };
  nlohmann::json details = {{"iterations_per_search", iterations}};
  {
    auto agent = make_agent(game, with_budget);
    Rng rng(0);
    agent->act(state, rng);
    if (auto* tree = dynamic_cast<search::TreeSearchAgent<G>*>(agent.get())) {
      const size_t node_bytes = sizeof(search::Node<typename G::Action>);
      details["node_bytes"] = node_bytes;
      details["tree_bytes_per_iteration"] =
          double(tree->last_search().nodes * node_bytes) / double(iterations);
    }
  }
  context.measure(name, "iterations", iterations, batch, details);
  if (on_every_thread) context.measure_parallel(name, "iterations", iterations, batch, details);
}

}  // namespace detail

// Random and heuristic playouts/s, determinizations/s and search iterations/s, on one thread
// and (playouts, search) on every thread. `label` names the game and config in the rows.
template <Game G>
void benchmark_game(Context& context, const std::map<std::string, std::string>& config_values,
                    const std::string& label) {
  const G game(ParamSet(G::config_schema(), config_values, label));
  context.fact(label + " state bytes", sizeof(typename G::State));
  const RandomPolicy<G> random(game);
  if (context.selected(label + " random playouts")) {
    const uint64_t batch = detail::batch_size(game, random);
    context.measure(label + " random playouts", "playouts", batch,
                    playout_batches(game, random, batch));
    context.measure_parallel(label + " random playouts", "playouts", batch,
                             playout_batches(game, random, batch));
  }
  if constexpr (HasHeuristic<G>) {
    if (context.selected(label + " heuristic playouts")) {
      const typename G::Heuristic heuristic(game,
                                            ParamSet(G::Heuristic::schema(), {}, "heuristic"));
      const uint64_t batch = detail::batch_size(game, heuristic);
      context.measure(label + " heuristic playouts", "playouts", batch,
                      playout_batches(game, heuristic, batch));
    }
  }
  if constexpr (!is_perfect_information<G>()) {
    // What a search does per iteration before its playout: copy a mid-game state and
    // determinize it for the seat to move.
    Rng rng(1);
    auto state = game.initial_state(1);
    for (int i = 0; i < 8 && !game.is_terminal(state); ++i)
      game.apply(state, random.choose(state, rng));
    if (!game.is_terminal(state)) {
      const int seat = game.current_player(state);
      constexpr uint64_t kWorlds = 1000;
      context.measure(label + " determinizations", "determinizations", kWorlds,
                      [&](uint64_t index) {
                        Rng sample_rng(index);
                        for (uint64_t i = 0; i < kWorlds; ++i) {
                          auto world = state;
                          game.determinize(world, seat, sample_rng);
                          keep(uint64_t(game.current_player(world)));
                        }
                      });
    }
  }
  for (const std::string& spec : search_specs<G>())
    detail::search_iterations(context, game, label, spec, 2000);
  // mcts or ismcts as one search on two threads sharing its tree: against the 1-thread row
  // above, how tree parallelism scales (sign_game signs its decisions at a fixed budget).
  const std::string tree_search = is_perfect_information<G>() ? "mcts" : "ismcts";
  detail::search_iterations(context, game, label, tree_search + "(parallel=tree,threads=2)", 2000,
                            false);
}

// Folds seeded random games, heuristic games and searches of a game into `signature`; adds
// the positions visited to `nodes`. Identical on every machine for the same code.
template <Game G>
void sign_game(const std::map<std::string, std::string>& config_values, uint64_t& signature,
               uint64_t& nodes) {
  const G game(ParamSet(G::config_schema(), config_values, "bench signature"));
  auto fold = [&signature](uint64_t value) { signature = mix_seed(signature, value); };
  auto play = [&](auto& policy, uint64_t games) {
    for (uint64_t g = 0; g < games; ++g) {
      Rng rng(derive_seed(1, g, Stream::Agent));
      auto state = game.initial_state(derive_seed(1, g, Stream::Deal));
      nodes += playout(game, state, policy, rng);
      fold(game.hash(state));
    }
  };
  const RandomPolicy<G> random(game);
  play(random, 32);
  if constexpr (HasHeuristic<G>) {
    const typename G::Heuristic heuristic(game, ParamSet(G::Heuristic::schema(), {}, "heuristic"));
    play(heuristic, 4);
  }
  // Every search of the bench, and tree parallelism, which is reproducible: its search does not
  // depend on how its threads are scheduled.
  std::vector<std::string> specs = search_specs<G>();
  specs.push_back(std::string(is_perfect_information<G>() ? "mcts" : "ismcts") +
                  "(parallel=tree,threads=2)");
  for (const std::string& spec : specs) {
    const std::string with_budget = spec.find('(') == std::string::npos
                                        ? spec + "(iterations=300)"
                                        : spec.substr(0, spec.size() - 1) + ",iterations=300)";
    auto agent = make_agent(game, with_budget);
    for (uint64_t deal = 1; deal <= 2; ++deal) {
      const auto state = game.initial_state(derive_seed(2, deal, Stream::Deal));
      Rng rng(deal);
      fold(Hasher().add_bytes(game.action_to_string(state, agent->act(state, rng))).value());
      if (auto* tree = dynamic_cast<search::TreeSearchAgent<G>*>(agent.get())) {
        nodes += tree->last_search().nodes;
        fold(tree->last_search().nodes);
      }
    }
  }
}

}  // namespace nf::bench
