// Statistics that merge exactly: counts and integer sums only, so the merged result of any
// split of an experiment (threads, shards, processes) is bit-identical to the unsplit one.
// Floating point appears only when a summary is reported.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace nf {

inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double estimate = 0, low = 0, high = 0;
};

nlohmann::json interval_to_json(const Interval& i);
Interval interval_from_json(const nlohmann::json& j);  // {"estimate", "low", "high"}

// Wilson score interval for a binomial proportion (95% by default); [0,1] when trials == 0.
Interval wilson(double successes, double trials, double z = kZ95);

// The normal-approximation interval estimate +- z * se.
inline Interval normal_interval(double estimate, double se, double z = kZ95) {
  return {estimate, estimate - z * se, estimate + z * se};
}

struct RateCounter {
  uint64_t hits = 0, trials = 0;
  void add(bool hit) { hits += hit, ++trials; }
  void merge(const RateCounter& o) { hits += o.hits, trials += o.trials; }
  Interval interval() const { return wilson(double(hits), double(trials)); }
  nlohmann::json to_json() const;
};

// Count, sum and sum of squares of integer observations: exact and order-independent.
struct IntMoments {
  uint64_t n = 0;
  int64_t sum = 0;
  uint64_t sum_squares = 0;
  void add(int64_t x) { ++n, sum += x, sum_squares += static_cast<uint64_t>(x * x); }
  void merge(const IntMoments& o) { n += o.n, sum += o.sum, sum_squares += o.sum_squares; }
  double mean() const;
  double variance() const;  // sample variance (n - 1)
  double sd() const;
  double standard_error() const;
  Interval mean_interval() const;  // normal approximation
  nlohmann::json to_json() const;
};

// Counts of small non-negative integers (game lengths, scores), for quantiles and plots.
struct IntHistogram {
  std::vector<uint64_t> counts;
  void add(int64_t value);
  void merge(const IntHistogram& o);
  uint64_t total() const;
  int64_t quantile(double q) const;  // smallest value v with P(X <= v) >= q
  nlohmann::json to_json() const;
};

// Win/draw/loss counts and the score (win = 1, draw = 1/2) with its interval.
struct WinDrawLoss {
  uint64_t wins = 0, draws = 0, losses = 0;
  uint64_t games() const { return wins + draws + losses; }
  void merge(const WinDrawLoss& o) { wins += o.wins, draws += o.draws, losses += o.losses; }
  Interval win_rate() const { return wilson(double(wins), double(games())); }
  Interval draw_rate() const { return wilson(double(draws), double(games())); }
  Interval loss_rate() const { return wilson(double(losses), double(games())); }
  // Mean score with an interval from the trinomial variance, honest on small samples
  // (core/score_intervals.hpp).
  Interval score() const;
  nlohmann::json to_json() const;
};

// Two-sided p-value of a z statistic.
double two_sided_p(double z);

// Per-element statistics (cards, commanders, figures...): a dense table of rate and mean
// metrics, one row per element, declared by the game.
enum class MetricKind { Rate, Mean };
struct MetricSpec {
  std::string name;
  MetricKind kind;
  std::string help;
  // +1 when a higher value means a stronger element (a win rate), -1 when lower does, 0 when
  // the metric says nothing about strength: decides "too strong" / "too weak" flags.
  int strength = 0;
};
// A kind of element (a realm, a figure, a Fate card; a card, a deck...): an element is compared
// only with the other elements of its group, on the metrics that apply to the group.
struct ElementGroup {
  std::string name;          // "realm", "figure", "Fate card"...
  std::vector<int> metrics;  // indices into ElementSchema::metrics
};
struct ElementSchema {
  std::string label;  // "commander", "card", "figure"...
  std::vector<std::string> elements;
  std::vector<MetricSpec> metrics;
  // Without declared groups every element is in one group named `label`, with every metric.
  std::vector<ElementGroup> groups;
  std::vector<int> group_of;  // each element's group, when groups are declared
  // Optional: covariates of a per-game logistic regression (stats/adjusted_values.hpp). A
  // game then adds one row per game (ElementStats::add_row) with each covariate's value in
  // {-1, 0, +1} and seat 0's result; the first `regression_rows` rows are kept.
  std::vector<std::string> covariates;
  std::string regression_help;  // what the rows are, for the report
  size_t regression_rows = 20'000;

  // Declares a group with the named metrics (nf::Error naming an unknown one); returns its id.
  int add_group(std::string name, const std::vector<std::string>& metric_names);
  void add_element(std::string name, int group);
  int group_count() const { return groups.empty() ? 1 : int(groups.size()); }
  int group(size_t element) const { return groups.empty() ? 0 : group_of[element]; }
  const std::string& group_name(int g) const {
    return groups.empty() ? label : groups[size_t(g)].name;
  }
  std::vector<int> group_metrics(int g) const;
  std::vector<int> group_elements(int g) const;
  bool applies(size_t element, size_t metric) const;
};

class ElementStats {
 public:
  ElementStats() = default;
  explicit ElementStats(const ElementSchema& schema);
  void add_rate(int element, int metric, bool hit) { rates_[index(element, metric)].add(hit); }
  void add_rate_counts(int element, int metric, uint64_t hits, uint64_t trials) {
    auto& r = rates_[index(element, metric)];
    r.hits += hits, r.trials += trials;
  }
  void add_value(int element, int metric, int64_t v) { means_[index(element, metric)].add(v); }
  // One game's regression row: covariate k at +1 as k + 1, at -1 as -(k + 1) (absent: 0);
  // `half_points` is seat 0's result (2 win, 1 draw, 0 loss). Rows past the schema's cap are
  // dropped; merging in game order keeps the first rows of the whole experiment, so the
  // rows kept never depend on how it was split.
  void add_row(const std::vector<int16_t>& signed_covariates, int half_points);
  size_t rows() const { return row_results_.size(); }
  size_t row_cap() const { return row_cap_; }  // 0: the game keeps no regression rows
  // Row r's signed covariates and seat 0's half points.
  std::pair<const int16_t*, const int16_t*> row(size_t r) const {
    return {row_covariates_.data() + row_starts_[r], row_covariates_.data() + row_starts_[r + 1]};
  }
  int row_result(size_t r) const { return row_results_[r]; }
  void merge(const ElementStats& o);
  const RateCounter& rate(int element, int metric) const { return rates_[index(element, metric)]; }
  const IntMoments& mean(int element, int metric) const { return means_[index(element, metric)]; }
  size_t elements() const { return elements_; }
  size_t metrics() const { return metrics_; }
  // Exact counts ({"rates": [[hits, trials]...], "means": [[n, sum, sum_squares]...]}) and
  // adding such counts back, for shards and checkpoints; nf::Error when the shape differs.
  nlohmann::json counts_json() const;
  void merge_counts_json(const nlohmann::json& counts);

 private:
  size_t index(int e, int m) const { return size_t(e) * metrics_ + size_t(m); }
  size_t elements_ = 0, metrics_ = 0;
  std::vector<RateCounter> rates_;
  std::vector<IntMoments> means_;
  size_t row_cap_ = 0;
  size_t covariates_ = 0;
  std::vector<int16_t> row_covariates_;
  std::vector<uint32_t> row_starts_{0};
  std::vector<uint8_t> row_results_;
};

nlohmann::json element_stats_to_json(const ElementSchema& schema, const ElementStats& stats);

}  // namespace nf
