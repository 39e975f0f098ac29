#include "experiments/bench/benchmark.hpp"

#include <fmt/format.h>

namespace nf::bench {

Context::Context(Options options) : options_(std::move(options)) {}

bool Context::selected(const std::string& name) const {
  return options_.filter.empty() || name.find(options_.filter) != std::string::npos;
}

int Context::all_threads() const {
  return options_.threads > 0 ? options_.threads
                              : static_cast<int>(tbb::info::default_concurrency());
}

namespace {
double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

void Context::measure(const std::string& name, const std::string& unit, uint64_t units_per_batch,
                      const std::function<void(uint64_t)>& batch, nlohmann::json extra) {
  if (!selected(name)) return;
  batch(0);  // warm up
  const auto start = std::chrono::steady_clock::now();
  uint64_t batches = 0;
  while (since(start) < options_.seconds) batch(++batches);
  const double seconds = since(start);
  const double rate = double(batches * units_per_batch) / seconds;
  nlohmann::json row = {
      {"name", name}, {"unit", unit}, {"threads", 1}, {"per_second", rate}, {"seconds", seconds}};
  if (!extra.is_null()) row["details"] = extra;
  results_.push_back(row);
  fmt::print(stderr, "{:<48} {:>14.0f} {}/s (1 thread)\n", name, rate, unit);
}

void Context::measure_parallel(const std::string& name, const std::string& unit,
                               uint64_t units_per_batch, const std::function<void(uint64_t)>& batch,
                               nlohmann::json extra) {
  if (!selected(name)) return;
  const int threads = all_threads();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  std::atomic<uint64_t> next{1};
  std::atomic<uint64_t> completed{0};
  const auto start = std::chrono::steady_clock::now();
  tbb::parallel_for(0, threads, [&](int) {
    while (since(start) < options_.seconds) {
      batch(next++);
      ++completed;
    }
  });
  const double seconds = since(start);
  const double rate = double(completed.load() * units_per_batch) / seconds;
  nlohmann::json row = {{"name", name},
                        {"unit", unit},
                        {"threads", threads},
                        {"per_second", rate},
                        {"seconds", seconds}};
  if (!extra.is_null()) row["details"] = extra;
  results_.push_back(row);
  fmt::print(stderr, "{:<48} {:>14.0f} {}/s ({} thread{})\n", name, rate, unit, threads,
             threads == 1 ? "" : "s");
}

void Context::fact(const std::string& name, nlohmann::json value) {
  if (!selected(name)) return;
  results_.push_back({{"name", name}, {"value", value}});
  fmt::print(stderr, "{:<48} {}\n", name, value.dump());
}

}  // namespace nf::bench
