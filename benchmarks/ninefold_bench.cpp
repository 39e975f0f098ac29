// Throughput of ninefold: playouts/s and search iterations/s for every registered game and
// every config it declares worth checking, on one thread and on every thread, printed as JSON
// on stdout (progress on stderr). `--signature` prints instead the bench signature: a hash of
// seeded games and searches, one line per game and config (the hash so far, so the first line
// that differs names the game that changed) and a last line for the whole.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "agents/game_hooks.hpp"
#include "core/hash.hpp"
#include "core/provenance.hpp"
#include "core/record.hpp"
#include "experiments/bench/benchmark.hpp"
#include "experiments/bench/benchmark_game.hpp"
#include "experiments/with_game.hpp"

namespace {

// "sections players=3": the game id and the config values that differ from the default.
std::string label(std::string_view game, const std::map<std::string, std::string>& config) {
  std::string out(game);
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
      nf::for_each_game([&]<class Listing>() {
        using G = typename Listing::Game;
        for (const auto& config : nf::check_configs<G>()) {
          nf::bench::sign_game<G>(config, hash, nodes);
          fmt::print("{:<28} {} ({} positions)\n", label(G::kId, config), nf::hash_to_hex(hash),
                     nodes);
        }
      });
      fmt::print("bench signature {} ({} positions)\n", nf::hash_to_hex(hash), nodes);
      return 0;
    }
    nf::bench::Context context(options);
    nf::for_each_game([&]<class Listing>() {
      using G = typename Listing::Game;
      for (const auto& config : nf::check_configs<G>())
        nf::bench::benchmark_game<G>(context, config, label(G::kId, config));
    });
    const nlohmann::json out = {{"provenance", nf::program_provenance()},
                                {"results", context.results()}};
    fmt::print("{}\n", out.dump(2));
  } catch (const std::exception& e) {
    fmt::print(stderr, "ninefold_bench: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
