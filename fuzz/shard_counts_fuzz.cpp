// The exact counts of a shard's summary.json or a checkpoint (stats/summary.hpp): any JSON
// gives counts or an nf::Error, and whatever is accepted can be reported without a crash
// (regression rows feed the adjusted values, stats/adjusted_values.hpp).
#include <cstdint>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "stats/adjusted_values.hpp"
#include "stats/summary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const nf::ElementSchema schema = [] {
    nf::ElementSchema s;
    s.label = "card";
    s.metrics = {{"win", nf::MetricKind::Rate, "", +1}, {"damage", nf::MetricKind::Mean, "", 0}};
    s.elements = {"a", "b", "c"};
    s.covariates = {"a", "b", "c"};
    s.regression_rows = 64;
    return s;
  }();
  const nlohmann::json counts = nlohmann::json::parse(data, data + size, nullptr, false);
  if (counts.is_discarded()) return 0;
  nf::BalanceAccumulator totals(2, 2, 3, &schema);
  try {
    totals.merge_counts_json(counts);
  } catch (const nf::Error&) {
    return 0;
  }
  (void)nf::element_stats_to_json(schema, totals.elements);
  (void)nf::adjusted_values_json(schema, totals.elements);
  return 0;
}
