// Proves that searches do not touch the heap once their arenas have grown: a counting
// global operator new around repeated searches.
#include <catch2/catch.hpp>

#include "agents/registry.hpp"
#include "core/allocation_count.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/ninth_world/heuristic.hpp"
#include "games/ninth_world/ninth_world.hpp"
#include "games/realms/realms.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"

namespace {

// Searches a few positions once to grow the arenas, then again: the second pass allocates
// nothing, whatever the number of iterations it runs.
template <nf::Game G>
void check_no_allocation(const G& game, const std::string& spec) {
  INFO(G::kId << " " << spec);
  auto agent = nf::make_agent(game, spec);
  std::vector<typename G::State> positions;
  nf::Rng rng(1);
  const nf::RandomPolicy<G> random(game);
  for (uint64_t seed = 0; positions.size() < 4; ++seed) {
    auto s = game.initial_state(seed);
    for (int i = 0, n = int(rng.below(4)); i < n && !game.is_terminal(s); ++i)
      game.apply(s, random.choose(s, rng));
    if (!game.is_terminal(s)) positions.push_back(s);
  }
  for (const auto& s : positions) {
    nf::Rng search_rng(9);
    agent->act(s, search_rng);
  }
  const long before = nf::allocation_count();
  for (const auto& s : positions) {
    nf::Rng search_rng(9);
    agent->act(s, search_rng);
  }
  CHECK(nf::allocation_count() - before == 0);
}

}  // namespace

TEST_CASE("search agents allocate nothing in steady state") {
  const nf::commanders::CommandersGame commanders;
  for (const char* spec : {"ismcts(iterations=2000)", "ismcts(iterations=2000,trees=mo,sim=rm)",
                           "ismcts(iterations=500,sim=exp3,rollout=heuristic)",
                           "ismcts(iterations=500,prior=1,rollout=heuristic,epsilon=0.1)",
                           "flatmc(iterations=1000)", "mcts(iterations=2000,see_hidden=true)"})
    check_no_allocation(commanders, spec);
  const nf::reference::TicTacToeGame ttt;
  check_no_allocation(ttt, "mcts(iterations=5000)");
  const nf::reference::LeducPokerGame leduc;
  check_no_allocation(leduc, "ismcts(iterations=5000,trees=mo)");
  const nf::reference::GoofspielGame goofspiel(
      nf::ParamSet(nf::reference::GoofspielGame::config_schema(),
                   {{"num_cards", "9"}, {"imp_info", "true"}}, "goofspiel"));
  check_no_allocation(goofspiel, "ismcts(iterations=3000,depth=4)");
  const nf::realms::RealmsGame realms;
  check_no_allocation(realms, "ismcts(iterations=300,rollout=heuristic,epsilon=0.2,depth=12)");
  // The default ismcts of realms: prior, progressive widening and evaluated cut-offs.
  check_no_allocation(realms, "ismcts(widen=0.5)");
  // Cut-offs scored by the shipped value model (features on the stack).
  check_no_allocation(realms, "ismcts(iterations=300,eval=learned,depth=4)");
  // A co-op team's search with its graded outcome added to the results.
  const nf::ninth_world::NinthWorldGame coop(
      nf::ParamSet(nf::ninth_world::NinthWorldGame::config_schema(),
                   {{"mode", "coop"}, {"players", "3"}, {"length", "quick"}}, "ninth-world"));
  check_no_allocation(coop, "ismcts(iterations=100,grade=0.5)");
}
