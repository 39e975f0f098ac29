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

#include "experiments/game_catalog.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/run/balance_options.hpp"

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
// A difference row's q-value as shown ("0.012 *", "<1e-15 *", "not tested (n < 30)").
std::string variant_q_text(const nlohmann::json& row);
// differences.csv: every statistic of every variant.
void write_variant_table(const nlohmann::json& summary, const std::string& out_dir);

// One run on `options` with the config `changes` applied, keeping every deal's outcome.
VariantRun play_variant(const GameInfo& game, const BalanceOptions& options,
                        const std::map<std::string, std::string>& changes);

int run_variant(const GameInfo& game, const BalanceOptions& options);

// The HTML report of a variant summary (experiments/report/html_variant.cpp).
std::string variant_html(const nlohmann::json& summary);

}  // namespace nf
