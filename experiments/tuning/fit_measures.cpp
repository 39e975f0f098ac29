#include "experiments/tuning/fit_measures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "stats/summary.hpp"

namespace nf {
namespace {

// "win(Aesir)" -> {"win", "Aesir"}; no parentheses -> {text, ""}.
std::pair<std::string, std::string> split_call(const std::string& text) {
  const size_t open = text.find('(');
  if (open == std::string::npos) return {text, ""};
  if (text.back() != ')' || open + 2 > text.size() - 1)
    throw Error(fmt::format("--target: measure '{}' is not NAME or NAME(ARGUMENT)", text));
  return {text.substr(0, open), text.substr(open + 1, text.size() - open - 2)};
}

std::string offered(const BalanceReport& shape) {
  std::vector<std::string> parts = {"seat_advantage", "game_length"};
  std::vector<std::string> reasons;
  for (const std::string& r : shape.end_reason_names)
    if (r != "none") reasons.push_back(r);
  if (!reasons.empty())
    parts.push_back(fmt::format("end(REASON) for {}", fmt::join(reasons, ", ")));
  if (shape.elements) {
    std::vector<std::string> metrics;
    for (const MetricSpec& m : shape.elements->metrics) metrics.push_back(m.name);
    parts.push_back(fmt::format("METRIC({}) and spread(METRIC) for metrics {} and {}s {}",
                                shape.elements->label, fmt::join(metrics, ", "),
                                shape.elements->label, fmt::join(shape.elements->elements, ", ")));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

int metric_index(const ElementSchema& schema, const std::string& name, bool allow_prefix) {
  int found = -1;
  size_t found_length = 0;
  for (size_t m = 0; m < schema.metrics.size(); ++m) {
    const std::string& metric = schema.metrics[m].name;
    if (metric == name) return int(m);
    // "realm_win": a describing word before the metric's name.
    if (allow_prefix && name.size() > metric.size() + 1 && name.ends_with("_" + metric) &&
        metric.size() > found_length)
      found = int(m), found_length = metric.size();
  }
  return found;
}

double standard_error(const Interval& i) { return (i.high - i.low) / (2 * kZ95); }

}  // namespace

Measure resolve_measure(const std::string& text, const BalanceReport& shape) {
  const auto [name, argument] = split_call(text);
  const auto unknown = [&](const std::string& why) {
    return Error(fmt::format("--target: {} in game '{}' (it measures: {})", why, shape.game,
                             offered(shape)));
  };
  Measure m;
  m.name = text;
  if (name == "seat_advantage" && argument.empty()) {
    if (shape.one_team)
      throw Error(fmt::format(
          "--target seat_advantage: in this config of game '{}' every seat plays on one team "
          "and shares its result, so no seat has an advantage; target the team's win rate, "
          "win(team)",
          shape.game));
    return m;
  }
  if (name == "game_length" && argument.empty()) {
    m.kind = Measure::Kind::GameLength;
    return m;
  }
  if (name == "end") {
    m.kind = Measure::Kind::EndReason;
    for (size_t r = 0; r < shape.end_reason_names.size(); ++r)
      if (shape.end_reason_names[r] == argument) m.reason = int(r);
    if (m.reason < 0 || argument == "none")
      throw unknown(fmt::format("'{}' is not an end reason", argument));
    return m;
  }
  if (!shape.elements) throw unknown(fmt::format("'{}' is not a measure", text));
  const ElementSchema& schema = *shape.elements;
  if (name == "spread") {
    m.kind = Measure::Kind::Spread;
    m.metric = metric_index(schema, argument, false);
    if (m.metric < 0)
      throw unknown(fmt::format("spread({}): '{}' is not a metric", argument, argument));
    return m;
  }
  m.kind = Measure::Kind::Element;
  m.metric = metric_index(schema, name, true);
  if (m.metric < 0 || argument.empty()) throw unknown(fmt::format("'{}' is not a measure", text));
  for (size_t e = 0; e < schema.elements.size(); ++e)
    if (schema.elements[e] == argument) m.element = int(e);
  if (m.element < 0)
    throw unknown(fmt::format("'{}' is not a {} of the game", argument, schema.label));
  m.name = fmt::format("{}({})", schema.metrics[size_t(m.metric)].name, argument);
  return m;
}

Interval measure_value(const Measure& m, const BalanceReport& shape,
                       const BalanceAccumulator& totals) {
  const auto element_value = [&](int element) -> std::pair<Interval, uint64_t> {
    if (shape.elements->metrics[size_t(m.metric)].kind == MetricKind::Rate) {
      const RateCounter& r = totals.elements.rate(element, m.metric);
      return {r.interval(), r.trials};
    }
    const IntMoments& x = totals.elements.mean(element, m.metric);
    return {x.mean_interval(), x.n};
  };
  switch (m.kind) {
    case Measure::Kind::SeatAdvantage: {
      const SeatAdvantage a = seat_advantage(totals);
      return {a.score.estimate - a.fair, a.score.low - a.fair, a.score.high - a.fair};
    }
    case Measure::Kind::GameLength:
      return totals.length.mean_interval();
    case Measure::Kind::EndReason:
      return wilson(double(totals.end_reasons[size_t(m.reason)]), double(totals.games));
    case Measure::Kind::Element:
      return element_value(m.element).first;
    case Measure::Kind::Spread: {
      int low = -1, high = -1;
      for (int e = 0; e < int(shape.elements->elements.size()); ++e) {
        const auto [value, n] = element_value(e);
        if (n == 0) continue;
        if (low < 0 || value.estimate < element_value(low).first.estimate) low = e;
        if (high < 0 || value.estimate > element_value(high).first.estimate) high = e;
      }
      if (low < 0) return {0, 0, 0};
      const Interval a = element_value(high).first, b = element_value(low).first;
      const double d = a.estimate - b.estimate;
      const double half = kZ95 * std::hypot(standard_error(a), standard_error(b));
      return {d, std::max(0.0, d - half), d + half};
    }
  }
  return {};
}

}  // namespace nf
