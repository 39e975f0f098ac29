// `ninefold balance --variant key=value`: the base rules and each variant on the same deals
// (same deal seeds, same agent seeds), and every statistic's difference with its interval.
// Seat and agent scores and game length are compared deal by deal (paired: the deal's own
// variance cancels); the other statistics with the two runs' independent standard errors,
// which is conservative when the runs are positively correlated.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/report/html.hpp"
#include "experiments/run/balance.hpp"

namespace nf {

// A run's report and every deal's outcome, in deal order.
struct VariantRun {
  std::map<std::string, std::string> changes;  // empty for the base rules
  BalanceReport report;
  std::vector<DealOutcome> deals;
};

// The comparison of one variant with the base: JSON rows of differences.
nlohmann::json variant_differences(const VariantRun& base, const VariantRun& variant);
nlohmann::json variant_summary_json(const VariantRun& base,
                                    const std::vector<VariantRun>& variants);
void print_variant_summary(const nlohmann::json& summary, std::FILE* out);
// differences.csv: every statistic of every variant.
void write_variant_table(const nlohmann::json& summary, const std::string& out_dir);

template <Game G>
VariantRun play_variant(const BalanceOptions& options,
                        const std::map<std::string, std::string>& changes) {
  VariantRun out;
  out.changes = changes;
  BalanceOptions o = options;
  for (const auto& [key, value] : changes) o.config[key] = value;
  o.deal_outcomes = true;
  const ParamSet config(G::config_schema(), o.config,
                        changes.empty() ? fmt::format("game '{}' config", G::kId)
                                        : fmt::format("game '{}' variant", G::kId));
  const G game(config);
  BalanceRun<G> run(game, config, o);
  const int threads = o.threads > 0 ? o.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  BalanceAccumulator totals = run.empty_accumulator();
  const auto start = std::chrono::steady_clock::now();
  run.run_chunks(0, run.chunk_count(), [&](uint64_t, auto& chunk) {
    totals.merge(chunk.totals);
    out.deals.insert(out.deals.end(), chunk.deals.begin(), chunk.deals.end());
    return true;
  });
  out.report = run.report();
  out.report.totals = totals;
  out.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

template <Game G>
int variant_command(const BalanceOptions& options) {
  std::vector<std::map<std::string, std::string>> changes;
  for (const std::string& text : options.variants) {
    changes.push_back(parse_key_values({text}, "--variant"));
    for (const auto& [key, value] : changes.back())
      if (options.config.count(key))
        throw Error(
            fmt::format("--variant {}: '{}' is also set by --config; a variant changes "
                        "the base rules, so give it in one place",
                        text, key));
  }
  // Every variant is built before any game is played, and must keep the base's seats: the
  // comparison is seat by seat and agent by agent on the same deals.
  const auto seats_of = [&](const std::map<std::string, std::string>& c, const std::string& what) {
    auto o = options.config;
    for (const auto& [key, value] : c) o[key] = value;
    const ParamSet config(G::config_schema(), o, what);
    return G(config).num_players();
  };
  const int base_seats = seats_of({}, fmt::format("game '{}' config", G::kId));
  for (size_t i = 0; i < changes.size(); ++i) {
    const int seats = seats_of(changes[i], fmt::format("game '{}' variant", G::kId));
    if (seats != base_seats)
      throw Error(fmt::format(
          "--variant {}: the variant has {} seats where the base rules have {}; a variant is "
          "compared seat by seat on the same deals, so compare player counts with --sweep "
          "instead (e.g. --sweep players=1..5)",
          options.variants[i], seats, base_seats));
  }
  const VariantRun base = play_variant<G>(options, {});
  std::vector<VariantRun> variants;
  for (const auto& c : changes) variants.push_back(play_variant<G>(options, c));
  const nlohmann::json summary = variant_summary_json(base, variants);
  print_variant_summary(summary, stdout);
  publish_summary(
      summary, options.out_dir, "variants.json", options.report_path,
      [&](const std::filesystem::path& folder) { write_variant_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
