// `ninefold check --planted`: a self-check of the causal element values. The game writes a copy
// of its data with one element made much stronger and one made dead (core/causal.hpp,
// HasPlantedCheck); the default balance's causal values are measured on it, and the check passes
// when the report calls the first too strong and the second too weak in some context, and
// neither the reverse in any.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"

namespace nf {

struct PlantedOptions {
  std::map<std::string, std::string> config;
  std::vector<std::string> agents;
  uint64_t games = 0;  // base games (deals) of the balance run
  uint64_t seed = 1;
  int threads = 0;
};

// Whether the verdicts of `causal` call `strong` too strong and `dead` too weak, with no
// reversed verdict for either; what is wrong in `why`.
bool planted_verdicts_hold(const nlohmann::json& causal, const std::string& strong,
                           const std::string& dead, std::string& why);

int run_planted(const GameInfo& game, const PlantedOptions& options);

}  // namespace nf
