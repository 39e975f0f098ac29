#include "stats/multiple_testing.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <nlohmann/json.hpp>

namespace nf {

std::vector<double> benjamini_hochberg(const std::vector<double>& p_values) {
  std::vector<size_t> order;
  for (size_t i = 0; i < p_values.size(); ++i)
    if (!std::isnan(p_values[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> q(p_values.size(), std::numeric_limits<double>::quiet_NaN());
  const double m = double(order.size());
  double running = 1.0;  // step-up: the minimum over this rank and all larger ones
  for (size_t rank = order.size(); rank-- > 0;) {
    running = std::min(running, p_values[order[rank]] * m / double(rank + 1));
    q[order[rank]] = running;
  }
  return q;
}

namespace {

struct Test {
  int element, metric;
  double value, others, p;
};

// The reference an element is compared with: the median of the other elements' estimates,
// so that one outlier does not make every other element look different from "the rest".
double median_of_others(const std::vector<double>& estimates, size_t skip) {
  std::vector<double> others;
  for (size_t i = 0; i < estimates.size(); ++i)
    if (i != skip && !std::isnan(estimates[i])) others.push_back(estimates[i]);
  if (others.empty()) return std::nan("");
  std::sort(others.begin(), others.end());
  const size_t mid = others.size() / 2;
  return others.size() % 2 ? others[mid] : 0.5 * (others[mid - 1] + others[mid]);
}

double z_p_value(double diff, double se) {
  if (se > 0) return two_sided_p(diff / se);
  return diff == 0 ? 1.0 : 0.0;
}

// Tests of one metric over the elements of one group, each against the median of the others
// in that group; elements with too few observations are skipped.
void test_metric(const ElementSchema& schema, const ElementStats& stats, int group, int m,
                 uint64_t min_trials, std::vector<Test>& out) {
  const bool rate = schema.metrics[size_t(m)].kind == MetricKind::Rate;
  const std::vector<int> members = schema.group_elements(group);
  std::vector<double> estimate(members.size(), std::nan(""));
  for (size_t i = 0; i < members.size(); ++i) {
    const int e = members[i];
    const uint64_t count = rate ? stats.rate(e, m).trials : stats.mean(e, m).n;
    if (count < min_trials) continue;
    estimate[i] = rate ? double(stats.rate(e, m).hits) / double(count) : stats.mean(e, m).mean();
  }
  for (size_t i = 0; i < members.size(); ++i) {
    const int e = members[i];
    const double reference = median_of_others(estimate, i);
    if (std::isnan(estimate[i]) || std::isnan(reference)) continue;
    // Under the null the element's rate is the reference: binomial standard error at it.
    const double se = rate
                          ? std::sqrt(reference * (1 - reference) / double(stats.rate(e, m).trials))
                          : stats.mean(e, m).standard_error();
    out.push_back({e, m, estimate[i], reference, z_p_value(estimate[i] - reference, se)});
  }
}

}  // namespace

std::vector<ElementFlag> flag_elements(const ElementSchema& schema, const ElementStats& stats,
                                       double fdr, uint64_t min_trials) {
  std::vector<Test> tests;
  for (int g = 0; g < schema.group_count(); ++g)
    for (int m : schema.group_metrics(g)) test_metric(schema, stats, g, m, min_trials, tests);
  std::vector<double> p;
  for (const Test& t : tests) p.push_back(t.p);
  const std::vector<double> q = benjamini_hochberg(p);
  std::vector<ElementFlag> flags;
  for (size_t i = 0; i < tests.size(); ++i) {
    if (!(q[i] <= fdr)) continue;
    const Test& t = tests[i];
    ElementFlag f{t.element, t.metric, t.value, t.others, t.p, q[i], t.value > t.others ? 1 : -1,
                  ""};
    const int strength = schema.metrics[size_t(t.metric)].strength * f.direction;
    f.verdict = strength > 0      ? "too strong"
                : strength < 0    ? "too weak"
                : f.direction > 0 ? "above the others"
                                  : "below the others";
    flags.push_back(f);
  }
  return flags;
}

nlohmann::json element_flags_to_json(const ElementSchema& schema,
                                     const std::vector<ElementFlag>& flags, double fdr) {
  nlohmann::json rows = nlohmann::json::array();
  for (const ElementFlag& f : flags)
    rows.push_back({{schema.label, schema.elements[size_t(f.element)]},
                    {"group", schema.group_name(schema.group(size_t(f.element)))},
                    {"metric", schema.metrics[size_t(f.metric)].name},
                    {"value", f.value},
                    {"others", f.others},
                    {"p_value", f.p},
                    {"q_value", f.q},
                    {"verdict", f.verdict}});
  return {{"method",
           "each element against the median of the other elements of its group (z test with the "
           "element's standard error), on the metrics of its group; Benjamini-Hochberg over "
           "every element and metric tested"},
          {"false_discovery_rate", fdr},
          {"flags", rows}};
}

}  // namespace nf
