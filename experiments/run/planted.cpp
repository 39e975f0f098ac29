#include "experiments/run/planted.hpp"
#include "core/params.hpp"

#include <fmt/format.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>

#include "core/error.hpp"
#include "experiments/run/causal_tally.hpp"

namespace nf {

int run_planted(const GameInfo& info, const PlantedOptions& options) {
  if (!info.plant_imbalance)
    throw Error(fmt::format("game '{}' has no planted-imbalance self-check", info.id));
  {
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
    const PlantedImbalance plant = info.plant_imbalance(folder);
    std::map<std::string, std::string> config = options.config;
    for (const auto& [k, v] : plant.config) {
      if (config.count(k))
        throw Error(fmt::format("check --planted writes its own '{}': drop --config {}", k, k));
      config[k] = v;
    }
    const auto game = info.load(config);
    fmt::print("check --planted {}: {}; {} games, seed {}\n", info.id, plant.description,
               options.games, options.seed);
    std::fflush(stdout);
    const nlohmann::json causal = game->causal_values(
        {options.agents, options.seed, options.threads, true, options.games, std::nullopt});
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
