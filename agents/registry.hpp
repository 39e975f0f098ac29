// Agents by name: `make_agent(game, "heuristic(aggression=0.7)")`. Every agent declares its
// parameters, so a spec is validated (unknown agent or parameter, bad value: one message)
// and `ninefold agents` can list them.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/exact/cfr_agent.hpp"
#include "agents/search/config.hpp"
#include "agents/search/flat_monte_carlo_agent.hpp"
#include "agents/search/game_defaults.hpp"
#include "agents/search/tree_search_agent.hpp"
#include "core/error.hpp"
#include "core/params.hpp"

namespace nf {

template <Game G>
struct AgentInfo {
  std::string name;
  std::string description;
  ParamSchema schema;
  std::function<std::unique_ptr<Agent<G>>(const G&, const ParamSet&, const std::string& spec)> make;
};

template <Game G>
std::vector<AgentInfo<G>> agent_catalog() {
  std::vector<AgentInfo<G>> catalog;
  catalog.push_back({"random",
                     "uniformly random legal moves",
                     {},
                     [](const G& game, const ParamSet&, const std::string& spec) {
                       return std::make_unique<PolicyAgent<G, RandomPolicy<G>>>(
                           spec, RandomPolicy<G>(game));
                     }});
  if constexpr (requires { typename G::Heuristic; })
    static_assert(HasHeuristic<G>,
                  "G::Heuristic is declared but incomplete here: the game's header must include "
                  "its heuristic, or files would disagree on the agents");
  if constexpr (HasHeuristic<G>) {
    catalog.push_back({"heuristic", "the game's rule-based policy with tunable weights",
                       G::Heuristic::schema(),
                       [](const G& game, const ParamSet& params, const std::string& spec) {
                         using H = typename G::Heuristic;
                         return std::make_unique<PolicyAgent<G, H>>(spec, H(game, params));
                       }});
  }
  using search::Variant;
  catalog.push_back(
      {"flatmc", "flat Monte Carlo over the legal moves on determinized states (PIMC)",
       search::search_schema(Variant::SingleObserver, true),
       [](const G& game, const ParamSet& params, const std::string& spec) {
         return std::make_unique<search::FlatMonteCarloAgent<G>>(
             game, search::search_config(params, Variant::SingleObserver, true), spec);
       }});
  catalog.push_back(
      {"mcts", "UCT on the true state, for perfect-information games (n players)",
       search::search_schema(Variant::Mcts, false, search::mcts_defaults<G>()),
       [](const G& game, const ParamSet& params, const std::string& spec) {
         return std::make_unique<search::TreeSearchAgent<G>>(
             game, search::search_config(params, Variant::Mcts, false, search::mcts_defaults<G>()),
             spec);
       }});
  catalog.push_back(
      {"ismcts", "information set MCTS (single- or multiple-observer trees)",
       search::search_schema(Variant::SingleObserver, false, search::game_defaults<G>()),
       [](const G& game, const ParamSet& params, const std::string& spec) {
         return std::make_unique<search::TreeSearchAgent<G>>(
             game,
             search::search_config(params, Variant::SingleObserver, false,
                                   search::game_defaults<G>()),
             spec);
       }});
  if constexpr (HasChanceEnumeration<G>)
    catalog.push_back({"cfr",
                       "CFR+ average policy over the whole tree (small configs only), solved at "
                       "the first move",
                       exact::cfr_schema(),
                       [](const G& game, const ParamSet& params, const std::string& spec) {
                         return std::make_unique<exact::CfrAgent<G>>(game, params, spec);
                       }});
  return catalog;
}

// Canonical spec text: name alone, or name(changed=values) in schema order.
inline std::string canonical_spec(const std::string& name, const ParamSet& params) {
  const std::string changed = params.to_string(true);
  return changed.empty() ? name : fmt::format("{}({})", name, changed);
}

template <Game G>
std::unique_ptr<Agent<G>> make_agent(const G& game, std::string_view spec_text) {
  const AgentSpec spec = parse_agent_spec(spec_text);
  for (const auto& info : agent_catalog<G>()) {
    if (info.name != spec.name) continue;
    const ParamSet params(info.schema, spec.args, fmt::format("agent '{}'", spec.text));
    return info.make(game, params, canonical_spec(info.name, params));
  }
  std::vector<std::string> names;
  for (const auto& info : agent_catalog<G>()) names.push_back(info.name);
  throw Error(fmt::format("unknown agent '{}' for game '{}' (known: {})", spec.name, G::kId,
                          fmt::join(names, ", ")));
}

}  // namespace nf
