// Throughput of ninefold: playouts/s and search iterations/s per game, on one thread and on
// every thread, printed as JSON on stdout (progress on stderr).
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "benchmarks/bench.hpp"
#include "core/record.hpp"

int main(int argc, char** argv) {
  nf::bench::Options options;
  CLI::App app{"ninefold_bench: playouts and search iterations per second, as JSON"};
  app.add_option("--seconds", options.seconds, "time per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 600.0));
  app.add_option("--threads", options.threads, "threads for the all-threads measurements; 0 = all")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  app.add_option("--filter", options.filter, "only measurements whose name contains this");
  CLI11_PARSE(app, argc, argv);

  nf::bench::Context context(options);
  nf::bench::commanders_benchmarks(context);
  nf::bench::sections_benchmarks(context);
  nf::bench::realms_benchmarks(context);
  nf::bench::ninth_world_benchmarks(context);
  nf::bench::reference_benchmarks(context);
  nf::bench::search_benchmarks(context);
  const nlohmann::json out = {{"engine", nf::kEngineVersion}, {"results", context.results()}};
  fmt::print("{}\n", out.dump(2));
  return 0;
}
