// Many comparisons at once: Benjamini-Hochberg control of the false discovery rate, and the
// per-element tests that flag a card, commander or figure as standing out from the others.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/stats.hpp"

namespace nf {

// Benjamini-Hochberg adjusted p-values (q-values), in input order: q_i is the smallest false
// discovery rate at which hypothesis i is rejected. NaN p-values (untestable) stay NaN.
std::vector<double> benjamini_hochberg(const std::vector<double>& p_values);

// One element's metric compared with the median of the estimates of the other elements of its
// group (robust to one outlier; a z test with the element's own standard error); `q` is its
// Benjamini-Hochberg q-value over every element and metric tested, all groups together.
struct ElementFlag {
  int element = 0, metric = 0;
  double value = 0, others = 0;  // the element's estimate and the others' median
  double p = 1, q = 1;
  int direction = 0;  // +1 above the others, -1 below
  // "too strong" / "too weak" for metrics whose direction says so, else "above" / "below".
  std::string verdict;
};

// Fewer observations than this in a sample and it is not tested: a z test needs a standard
// error to trust, and a handful of equal values (a card played in two games) gives an
// interval of width 0 and p = 0.
inline constexpr uint64_t kMinTestedObservations = 30;

// Tests every element on every metric of its group and returns those whose q-value is at most
// `fdr`, in order of group, then metric, then element.
// Elements or metrics with fewer than `min_trials` observations are not tested.
std::vector<ElementFlag> flag_elements(const ElementSchema& schema, const ElementStats& stats,
                                       double fdr = 0.05,
                                       uint64_t min_trials = kMinTestedObservations);
nlohmann::json element_flags_to_json(const ElementSchema& schema,
                                     const std::vector<ElementFlag>& flags, double fdr);

}  // namespace nf
