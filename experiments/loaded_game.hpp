// A game built from one config, as the commands see it. The commands (experiments/run/,
// experiments/tuning/) are ordinary code compiled once; what they need of the game's types goes
// through this interface, which LoadedGameOf<G> (experiments/loaded_game_of.hpp) implements
// once per game: its agents, its balance runs and its causal values.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/params.hpp"
#include "experiments/run/balance_run.hpp"

namespace nf {

// What a run of causal element values is asked (experiments/run/causal_values.hpp).
struct CausalRequest {
  std::vector<std::string> agents;
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  uint64_t deals = 0;                      // the balance run's deals
  std::optional<uint64_t> replacements;    // unset: the game's share of the deals
  std::vector<std::string> groups;         // the groups to value; empty: every group
  CheckpointWriter* checkpoint = nullptr;  // the balance run's, to resume from and save to
};

class LoadedGame {
 public:
  virtual ~LoadedGame() = default;
  virtual std::string_view id() const = 0;
  virtual const ParamSet& config() const = 0;
  virtual int num_players() const = 0;
  // Every seat plays on one team and shares its result (core/game.hpp: HasTeamPlay).
  virtual bool one_team() const = 0;
  // The game scores matches (core/game.hpp: HasMatchPoints), as `balance --tournament` needs.
  virtual bool has_match_points() const = 0;
  // The canonical text of an agent spec; nf::Error for an unknown agent or parameter.
  virtual std::string agent_spec(std::string_view spec) const = 0;
  // A balance run of this game on `options` (its config is this game's, not options.config).
  virtual std::unique_ptr<BalanceRun> balance_run(const BalanceOptions& options) const = 0;
  virtual bool has_causal_values() const = 0;
  // summary.json's "causal_values"; null when the game declares none or none are asked for.
  virtual nlohmann::json causal_values(const CausalRequest& request) const = 0;
  // The names of the groups its causal values compare (empty without causal values).
  virtual std::vector<std::string> causal_groups() const = 0;
};

// Head-to-head commands need exactly two seats on two sides: the pentanomial model pairs seat
// orders. nf::Error naming `command` otherwise.
void require_two_seats(const LoadedGame& game, std::string_view command);

}  // namespace nf
