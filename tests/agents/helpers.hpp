// Shared by the search-agent tests: agents by spec, one game between agents, the root
// statistics of an agent's last search (move, visits, summed reward), and a game's features by
// name.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "agents/registry.hpp"
#include "agents/search/last_search.hpp"
#include "experiments/run/runner.hpp"

namespace nf::testing {

// The features of `s` from `seat`'s view, by name.
template <HasFeatures G>
std::map<std::string_view, float> named_features(const G& game, const typename G::State& s,
                                                 int seat) {
  std::array<float, size_t(G::kFeatureCount)> x{};
  game.features(s, seat, x);
  std::map<std::string_view, float> out;
  const auto names = G::feature_names();
  for (size_t k = 0; k < names.size(); ++k) out[names[k]] = x[k];
  return out;
}

template <Game G>
std::vector<std::tuple<std::string, uint64_t, double>> root_visits(const G& game, Agent<G>& agent,
                                                                   const typename G::State& state) {
  std::vector<std::tuple<std::string, uint64_t, double>> out;
  const search::SearchReport<G>* report = search::last_search_of(agent);
  REQUIRE(report != nullptr);
  for (const auto& stat : report->root)
    out.emplace_back(game.action_to_string(state, stat.action), stat.visits, stat.reward);
  return out;
}

// Plays one game; agents[s] plays seat s. Returns the returns.
template <Game G>
Returns<G::kMaxPlayers> play(const G& game, const std::vector<Agent<G>*>& agents, uint64_t seed) {
  std::vector<Rng> rngs;
  for (size_t s = 0; s < agents.size(); ++s)
    rngs.emplace_back(derive_seed(seed, 0, Stream::Agent, s));
  return play_game<G>(game, std::span<Agent<G>* const>(agents), derive_seed(seed, 0, Stream::Deal),
                      rngs)
      .returns;
}

}  // namespace nf::testing
