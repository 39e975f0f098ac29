// LoadedGame (experiments/loaded_game.hpp) for one game type, and the game's catalog entry.
// Included only by the unit generated for each game (experiments/game_unit.cpp.in), so this
// game-typed code is compiled once per game.
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/causal.hpp"
#include "core/game.hpp"
#include "experiments/game_catalog.hpp"
#include "experiments/run/balance_run_of.hpp"
#include "experiments/run/causal_values.hpp"

namespace nf {

template <Game G>
class LoadedGameOf final : public LoadedGame {
 public:
  explicit LoadedGameOf(const ParamSet& config) : config_(config), game_(config_) {}

  std::string_view id() const override { return G::kId; }
  const ParamSet& config() const override { return config_; }
  int num_players() const override { return game_.num_players(); }
  bool one_team() const override { return is_one_team(game_); }
  bool has_match_points() const override { return HasMatchPoints<G>; }
  std::string agent_spec(std::string_view spec) const override {
    return make_agent(game_, spec)->spec();
  }
  std::unique_ptr<BalanceRun> balance_run(const BalanceOptions& options) const override {
    return std::make_unique<BalanceRunOf<G>>(game_, config_, options);
  }
  bool has_causal_values() const override { return HasCausalValues<G>; }
  std::vector<std::string> causal_groups() const override {
    if constexpr (HasCausalValues<G>)
      return causal_group_names(game_.causal_schema());
    else
      return {};
  }
  nlohmann::json causal_values(const CausalRequest& r) const override {
    return run_causal_values(game_, r.agents, r.seed, r.threads, r.quiet, r.deals, r.replacements,
                             r.groups, r.checkpoint);
  }

 private:
  const ParamSet config_;
  const G game_;
};

template <class Listing>
GameInfo describe_game() {
  using G = typename Listing::Game;
  GameInfo info;
  info.id = std::string(G::kId);
  info.description = std::string(G::kDescription);
  info.players = std::string(Listing::players);
  info.default_games = Listing::default_games;
  info.config_schema = G::config_schema();
  for (const auto& agent : agent_catalog<G>())
    info.agents.push_back({agent.name, agent.description, agent.schema});
  info.check_configs = nf::check_configs<G>();
  info.load_config = [](const ParamSet& config) -> std::unique_ptr<LoadedGame> {
    return std::make_unique<LoadedGameOf<G>>(config);
  };
  if constexpr (HasShippedData<G>)
    info.shipped_data = [](std::string_view option, const std::string& name) {
      return G::data_file_text(option, name);
    };
  if constexpr (HasCausalValues<G> && HasPlantedCheck<G>)
    info.plant_imbalance = [](const std::filesystem::path& folder) {
      return G::plant_imbalance(folder);
    };
  return info;
}

}  // namespace nf
