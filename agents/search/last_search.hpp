// The root statistics of an agent's last decision, read through the Agent interface.
#pragma once

#include "agents/agent.hpp"
#include "agents/search/flat_monte_carlo_agent.hpp"
#include "agents/search/report.hpp"
#include "agents/search/tree_search_agent.hpp"

namespace nf::search {

// What the last search of `agent` found at the root when it is a search that keeps it (mcts,
// ismcts, flatmc); nullptr for any other agent.
template <Game G>
const SearchReport<G>* last_search_of(Agent<G>& agent) {
  if (auto* tree = dynamic_cast<TreeSearchAgent<G>*>(&agent)) return &tree->last_search();
  if (auto* flat = dynamic_cast<FlatMonteCarloAgent<G>*>(&agent)) return &flat->last_search();
  return nullptr;
}

}  // namespace nf::search
