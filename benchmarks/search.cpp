// Search iterations per second for every search agent on commanders and the reference games,
// on one thread and on every thread (one agent per thread, as balance runs use them), and
// the memory a tree node costs.
#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>

#include <array>

#include "agents/registry.hpp"
#include "benchmarks/bench.hpp"
#include "games/commanders/commanders.hpp"
#include "games/ninth_world/ninth_world.hpp"
#include "games/realms/realms.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "games/sections/sections.hpp"

namespace nf::bench {

reference::GoofspielGame benchmark_goofspiel();
ninth_world::NinthWorldGame benchmark_ninth_world(const std::string& mode, int players);

namespace {

constexpr uint64_t kIterations = 2000;

// One search of kIterations from the first decision of deal 1 per batch.
template <Game G>
void iterations(Context& context, const G& game, const std::string& game_name,
                const std::string& spec) {
  const std::string name = game_name + " " + spec;
  if (!context.selected(name)) return;
  const std::string agent_spec =
      spec.find('(') == std::string::npos
          ? spec + "(iterations=" + std::to_string(kIterations) + ")"
          : spec.substr(0, spec.size() - 1) + ",iterations=" + std::to_string(kIterations) + ")";
  const auto state = game.initial_state(1);
  tbb::enumerable_thread_specific<std::unique_ptr<Agent<G>>> agents(
      [&] { return make_agent(game, agent_spec); });
  auto batch = [&](uint64_t index) {
    Rng rng(index);
    agents.local()->act(state, rng);
  };
  uint64_t slots = 0;
  {
    auto agent = make_agent(game, agent_spec);
    Rng rng(0);
    agent->act(state, rng);
    if (auto* tree = dynamic_cast<search::TreeSearchAgent<G>*>(agent.get()))
      slots = tree->last_search().nodes;
  }
  nlohmann::json details = {{"iterations_per_search", kIterations}};
  if (slots) {
    const size_t node_bytes = sizeof(search::Node<typename G::Action>);
    details["node_bytes"] = node_bytes;
    details["tree_bytes_per_iteration"] = double(slots * node_bytes) / double(kIterations);
  }
  context.measure(name, "iterations", kIterations, batch, details);
  context.measure_parallel(name, "iterations", kIterations, batch, details);
}

}  // namespace

void search_benchmarks(Context& context) {
  static const commanders::CommandersGame commanders;
  static const reference::TicTacToeGame tic_tac_toe;
  static const reference::KuhnPokerGame kuhn;
  static const reference::LeducPokerGame leduc;
  static const reference::GoofspielGame goofspiel = benchmark_goofspiel();
  context.fact("search node bytes (1-byte actions)", sizeof(search::Node<uint8_t>));
  iterations(context, tic_tac_toe, "tic_tac_toe", "mcts");
  iterations(context, tic_tac_toe, "tic_tac_toe", "ismcts");
  for (const char* spec :
       {"flatmc", "ismcts", "ismcts(trees=mo)", "ismcts(trees=mo,sim=rm)", "mcts(see_hidden=true)"})
    iterations(context, commanders, "commanders", spec);
  iterations(context, commanders, "commanders", "ismcts(rollout=heuristic)");
  for (const char* spec : {"flatmc", "ismcts", "ismcts(trees=mo)"}) {
    iterations(context, kuhn, "kuhn_poker", spec);
    iterations(context, leduc, "leduc_poker", spec);
    iterations(context, goofspiel, "goofspiel-9 imp_info", spec);
  }
  static const std::array<sections::SectionsGame, 3> sections = [] {
    auto players = [](int n) {
      return sections::SectionsGame(ParamSet(sections::SectionsGame::config_schema(),
                                             {{"players", std::to_string(n)}}, "bench"));
    };
    return std::array<sections::SectionsGame, 3>{players(2), players(3), players(4)};
  }();
  for (int n = 2; n <= 4; ++n)
    iterations(context, sections[size_t(n - 2)], fmt::format("sections {}p", n), "mcts");
  static const realms::RealmsGame realms;
  iterations(context, realms, "realms", "ismcts");
  static const std::array<ninth_world::NinthWorldGame, 3> ninth = {
      benchmark_ninth_world("solo", 1), benchmark_ninth_world("competitive", 3),
      benchmark_ninth_world("competitive", 5)};
  for (const auto& game : ninth)
    iterations(context, game, fmt::format("ninth-world {}p", game.num_players()), "ismcts");
}

}  // namespace nf::bench
