#include "core/stats.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/json_values.hpp"
#include "core/score_intervals.hpp"

namespace nf {

Interval wilson(double successes, double trials, double z) {
  if (trials <= 0) return {0, 0, 1};
  const double p = successes / trials;
  const double z2 = z * z;
  const double denominator = 1 + z2 / trials;
  const double centre = (p + z2 / (2 * trials)) / denominator;
  const double half =
      z * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

nlohmann::json interval_to_json(const Interval& i) {
  return {{"estimate", i.estimate}, {"low", i.low}, {"high", i.high}};
}

Interval interval_from_json(const nlohmann::json& j) {
  return {j.at("estimate").get<double>(), j.at("low").get<double>(), j.at("high").get<double>()};
}

nlohmann::json RateCounter::to_json() const {
  auto j = interval_to_json(interval());
  j["hits"] = hits;
  j["trials"] = trials;
  return j;
}

double IntMoments::mean() const { return n ? double(sum) / double(n) : 0.0; }
double IntMoments::variance() const {
  if (n < 2) return 0.0;
  const double m = mean();
  const double v = (double(sum_squares) - double(n) * m * m) / double(n - 1);
  return std::max(0.0, v);
}
double IntMoments::sd() const { return std::sqrt(variance()); }
double IntMoments::standard_error() const { return n ? sd() / std::sqrt(double(n)) : 0.0; }
Interval IntMoments::mean_interval() const {
  const double m = mean(), half = kZ95 * standard_error();
  return {m, m - half, m + half};
}
nlohmann::json IntMoments::to_json() const {
  return {{"n", n},
          {"mean", mean()},
          {"sd", sd()},
          {"standard_error", standard_error()},
          {"low", mean_interval().low},
          {"high", mean_interval().high}};
}

void IntHistogram::add(int64_t value) {
  const auto v = static_cast<size_t>(std::max<int64_t>(0, value));
  if (v >= counts.size()) counts.resize(v + 1, 0);
  ++counts[v];
}
void IntHistogram::merge(const IntHistogram& o) {
  if (o.counts.size() > counts.size()) counts.resize(o.counts.size(), 0);
  for (size_t i = 0; i < o.counts.size(); ++i) counts[i] += o.counts[i];
}
uint64_t IntHistogram::total() const {
  uint64_t t = 0;
  for (auto c : counts) t += c;
  return t;
}
int64_t IntHistogram::quantile(double q) const {
  const uint64_t n = total();
  if (n == 0) return 0;
  const double target = q * double(n);
  uint64_t seen = 0;
  for (size_t v = 0; v < counts.size(); ++v) {
    seen += counts[v];
    if (double(seen) >= target && seen > 0) return int64_t(v);
  }
  return int64_t(counts.size()) - 1;
}
nlohmann::json IntHistogram::to_json() const {
  nlohmann::json bins = nlohmann::json::array();
  for (size_t v = 0; v < counts.size(); ++v)
    if (counts[v]) bins.push_back({v, counts[v]});
  return {{"min", quantile(0.0)},
          {"p05", quantile(0.05)},
          {"p25", quantile(0.25)},
          {"median", quantile(0.5)},
          {"p75", quantile(0.75)},
          {"p95", quantile(0.95)},
          {"max", counts.empty() ? 0 : int64_t(counts.size()) - 1},
          {"bins", bins}};
}

Interval WinDrawLoss::score() const {
  const std::array<uint64_t, 3> counts = {losses, draws, wins};
  static constexpr std::array<double, 3> kValues = {0, 0.5, 1};
  return outcome_score_interval(counts, kValues);
}

nlohmann::json WinDrawLoss::to_json() const {
  return {{"games", games()},
          {"wins", wins},
          {"draws", draws},
          {"losses", losses},
          {"win_rate", interval_to_json(win_rate())},
          {"draw_rate", interval_to_json(draw_rate())},
          {"loss_rate", interval_to_json(loss_rate())},
          {"score", interval_to_json(score())}};
}

double two_sided_p(double z) { return std::erfc(std::abs(z) / std::sqrt(2.0)); }

int ElementSchema::add_group(std::string name, const std::vector<std::string>& metric_names) {
  ElementGroup g{std::move(name), {}};
  for (const std::string& metric : metric_names) {
    const auto it = std::find_if(metrics.begin(), metrics.end(),
                                 [&](const MetricSpec& m) { return m.name == metric; });
    if (it == metrics.end())
      throw Error("element group '" + g.name + "' names an unknown metric '" + metric + "'");
    g.metrics.push_back(int(it - metrics.begin()));
  }
  groups.push_back(std::move(g));
  return int(groups.size()) - 1;
}

void ElementSchema::add_element(std::string name, int g) {
  elements.push_back(std::move(name));
  group_of.push_back(g);
}

std::vector<int> ElementSchema::group_metrics(int g) const {
  if (!groups.empty()) return groups[size_t(g)].metrics;
  std::vector<int> all(metrics.size());
  for (size_t m = 0; m < all.size(); ++m) all[m] = int(m);
  return all;
}

std::vector<int> ElementSchema::group_elements(int g) const {
  std::vector<int> out;
  for (size_t e = 0; e < elements.size(); ++e)
    if (group(e) == g) out.push_back(int(e));
  return out;
}

bool ElementSchema::applies(size_t element, size_t metric) const {
  if (groups.empty()) return true;
  const auto& m = groups[size_t(group_of[element])].metrics;
  return std::find(m.begin(), m.end(), int(metric)) != m.end();
}

ElementStats::ElementStats(const ElementSchema& schema)
    : elements_(schema.elements.size()),
      metrics_(schema.metrics.size()),
      rates_(elements_ * metrics_),
      means_(elements_ * metrics_),
      row_cap_(schema.covariates.empty() ? 0 : schema.regression_rows),
      covariates_(schema.covariates.size()) {}

void ElementStats::add_row(const std::vector<int16_t>& signed_covariates, int half_points) {
  if (row_results_.size() >= row_cap_) return;
  row_covariates_.insert(row_covariates_.end(), signed_covariates.begin(), signed_covariates.end());
  row_starts_.push_back(uint32_t(row_covariates_.size()));
  row_results_.push_back(uint8_t(half_points));
}

void ElementStats::merge(const ElementStats& o) {
  if (rates_.empty()) {
    *this = o;
    return;
  }
  for (size_t i = 0; i < rates_.size(); ++i) rates_[i].merge(o.rates_[i]);
  for (size_t i = 0; i < means_.size(); ++i) means_[i].merge(o.means_[i]);
  for (size_t r = 0; r < o.rows() && rows() < row_cap_; ++r) {
    const auto [begin, end] = o.row(r);
    add_row(std::vector<int16_t>(begin, end), o.row_result(r));
  }
}

nlohmann::json ElementStats::counts_json() const {
  nlohmann::json rates = nlohmann::json::array(), means = nlohmann::json::array();
  for (const auto& r : rates_) rates.push_back({r.hits, r.trials});
  for (const auto& m : means_) means.push_back({m.n, m.sum, m.sum_squares});
  nlohmann::json out = {{"rates", rates}, {"means", means}};
  if (row_cap_ > 0) {
    // Each row as [seat 0's half points, signed covariates...].
    nlohmann::json rows = nlohmann::json::array();
    for (size_t r = 0; r < this->rows(); ++r) {
      const auto [begin, end] = row(r);
      nlohmann::json line = {row_result(r)};
      for (const int16_t* c = begin; c != end; ++c) line.push_back(*c);
      rows.push_back(line);
    }
    out["rows"] = rows;
  }
  return out;
}

void ElementStats::merge_counts_json(const nlohmann::json& counts) {
  const auto& rates = json_array(json_field(counts, "counts.elements", "rates"),
                                 "counts.elements.rates", rates_.size());
  const auto& means = json_array(json_field(counts, "counts.elements", "means"),
                                 "counts.elements.means", means_.size());
  for (size_t i = 0; i < rates_.size(); ++i) {
    const std::string field = fmt::format("counts.elements.rates[{}]", i);
    const auto& r = json_array(rates[i], field, 2);
    const uint64_t hits = json_whole(r[0], field + "[0]"), trials = json_whole(r[1], field + "[1]");
    if (hits > trials)
      throw Error(
          fmt::format("field '{}' has more hits ({}) than trials ({})", field, hits, trials));
    rates_[i].hits += hits;
    rates_[i].trials += trials;
  }
  for (size_t i = 0; i < means_.size(); ++i) {
    const std::string field = fmt::format("counts.elements.means[{}]", i);
    const auto& m = json_array(means[i], field, 3);
    means_[i].n += json_whole(m[0], field + "[0]");
    means_[i].sum += json_integer(m[1], field + "[1]");
    means_[i].sum_squares += json_whole(m[2], field + "[2]");
  }
  if (row_cap_ == 0) {
    if (counts.contains("rows"))
      throw Error("field 'counts.elements.rows' is there, but this game keeps no regression rows");
    return;
  }
  const auto& lines =
      json_array(json_field(counts, "counts.elements", "rows"), "counts.elements.rows");
  if (lines.size() > row_cap_)
    throw Error(fmt::format("field 'counts.elements.rows' has {} rows; at most {} are kept",
                            lines.size(), row_cap_));
  // Each row is [seat 0's half points 0..2, covariate k as +(k+1) or -(k+1)...]: an index out
  // of range would be read outside the covariate table.
  for (size_t r = 0; r < lines.size(); ++r) {
    const std::string field = fmt::format("counts.elements.rows[{}]", r);
    const auto& line = lines[r];
    if (!line.is_array() || line.empty() || line.size() > covariates_ + 1)
      throw Error(
          fmt::format("field '{}' must be a list of seat 0's half points and at most {} "
                      "covariates",
                      field, covariates_));
    const uint64_t half_points = json_whole(line[0], field + "[0]");
    if (half_points > 2)
      throw Error(fmt::format("field '{}[0]' is {}; seat 0's half points are 0, 1 or 2", field,
                              half_points));
    std::vector<int16_t> covariates;
    for (size_t i = 1; i < line.size(); ++i) {
      const int64_t c = json_integer(line[i], fmt::format("{}[{}]", field, i));
      if (c == 0 || c > int64_t(covariates_) || c < -int64_t(covariates_))
        throw Error(
            fmt::format("field '{}[{}]' is {}; a covariate is +-1..{}", field, i, c, covariates_));
      covariates.push_back(int16_t(c));
    }
    add_row(covariates, int(half_points));
  }
}

nlohmann::json element_stats_to_json(const ElementSchema& schema, const ElementStats& stats) {
  nlohmann::json rows = nlohmann::json::array();
  for (size_t e = 0; e < schema.elements.size(); ++e) {
    nlohmann::json row = {{schema.label, schema.elements[e]},
                          {"group", schema.group_name(schema.group(e))}};
    for (size_t m = 0; m < schema.metrics.size(); ++m) {
      if (!schema.applies(e, m)) continue;  // absent, never a zero with a full-width interval
      const auto& metric = schema.metrics[m];
      row[metric.name] = metric.kind == MetricKind::Rate ? stats.rate(int(e), int(m)).to_json()
                                                         : stats.mean(int(e), int(m)).to_json();
    }
    rows.push_back(row);
  }
  nlohmann::json metrics = nlohmann::json::array();
  for (const auto& m : schema.metrics)
    metrics.push_back({{"name", m.name},
                       {"kind", m.kind == MetricKind::Rate ? "rate" : "mean"},
                       {"help", m.help}});
  nlohmann::json groups = nlohmann::json::array();
  for (int g = 0; g < schema.group_count(); ++g) {
    nlohmann::json names = nlohmann::json::array(), members = nlohmann::json::array();
    for (int m : schema.group_metrics(g)) names.push_back(schema.metrics[size_t(m)].name);
    for (int e : schema.group_elements(g)) members.push_back(schema.elements[size_t(e)]);
    groups.push_back({{"name", schema.group_name(g)}, {"metrics", names}, {"elements", members}});
  }
  return {{"label", schema.label}, {"metrics", metrics}, {"groups", groups}, {"rows", rows}};
}

}  // namespace nf
