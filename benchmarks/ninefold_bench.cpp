// Throughput of ninefold: playouts/s and search iterations/s for every registered game and
// every config it declares worth checking, on one thread and on every thread, printed as JSON
// on stdout (progress on stderr). `--signature` prints instead one number, a hash of seeded
// games and searches of every game, that changes whenever a rule or a search changes.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/bench/benchmark.hpp"
#include "experiments/game_registry.hpp"

namespace {

// "sections players=3": the game id and the config values that differ from the default.
std::string label(const nf::GameEntry& game, const std::map<std::string, std::string>& config) {
  std::string out = game.id;
  for (const auto& [key, value] : config) out += fmt::format(" {}={}", key, value);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  nf::bench::Options options;
  bool signature = false;
  CLI::App app{"ninefold_bench: playouts and search iterations per second, as JSON"};
  app.add_option("--seconds", options.seconds, "time per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 600.0));
  app.add_option("--threads", options.threads, "threads for the all-threads measurements; 0 = all")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  app.add_option("--filter", options.filter, "only measurements whose name contains this");
  app.add_flag("--signature", signature,
               "print the bench signature: a hash of seeded games and searches of every game");
  CLI11_PARSE(app, argc, argv);

  try {
    if (signature) {
      uint64_t hash = 0, nodes = 0;
      for (const nf::GameEntry& game : nf::game_registry())
        for (const auto& config : game.check_configs) game.sign(config, hash, nodes);
      fmt::print("bench signature {} ({} positions)\n", nf::hash_to_hex(hash), nodes);
      return 0;
    }
    nf::bench::Context context(options);
    for (const nf::GameEntry& game : nf::game_registry())
      for (const auto& config : game.check_configs)
        game.benchmark(context, config, label(game, config));
    const nlohmann::json out = {{"engine", nf::kEngineVersion}, {"results", context.results()}};
    fmt::print("{}\n", out.dump(2));
  } catch (const std::exception& e) {
    fmt::print(stderr, "ninefold_bench: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
