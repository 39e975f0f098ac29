// `ninefold check --planted`: a self-check of the causal element values. The game writes a copy
// of its data with one element made much stronger and one made dead (core/causal.hpp,
// HasPlantedCheck); the default balance's causal values are measured on it, and the check passes
// when the report calls the first too strong and the second too weak in some context, and
// neither the reverse in any.
#pragma once

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/causal.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/run/causal_values.hpp"

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

template <Game G>
int planted_command(const PlantedOptions& options) {
  if constexpr (!HasCausalValues<G> || !HasPlantedCheck<G>) {
    throw Error(fmt::format("game '{}' has no planted-imbalance self-check", G::kId));
  } else {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "ninefold-planted-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw Error("check --planted: cannot make a temporary folder for the planted data");
    const std::filesystem::path folder(pattern);
    struct Cleanup {
      std::filesystem::path p;
      ~Cleanup() {
        std::error_code ignored;
        std::filesystem::remove_all(p, ignored);
      }
    } cleanup{folder};
    const PlantedImbalance plant = G::plant_imbalance(folder);
    std::map<std::string, std::string> config = options.config;
    for (const auto& [k, v] : plant.config) {
      if (config.count(k))
        throw Error(fmt::format("check --planted writes its own '{}': drop --config {}", k, k));
      config[k] = v;
    }
    const ParamSet params(G::config_schema(), config, fmt::format("game '{}' config", G::kId));
    const G game(params);
    fmt::print("check --planted {}: {}; {} games, seed {}\n", G::kId, plant.description,
               options.games, options.seed);
    std::fflush(stdout);
    const nlohmann::json causal = run_causal_values(game, options.agents, options.seed,
                                                    options.threads, true, options.games, {});
    print_causal_verdict(causal, stdout);
    std::string why;
    const bool ok = planted_verdicts_hold(causal, plant.strong, plant.dead, why);
    if (ok)
      fmt::print("planted imbalance found: {} too strong, {} too weak\n", plant.strong, plant.dead);
    else
      fmt::print("FAILED: {}\n", why);
    return ok ? 0 : 1;
  }
}

}  // namespace nf
