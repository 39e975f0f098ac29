#include "stats/summary.hpp"

#include <cmath>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/json_values.hpp"
#include "core/score_intervals.hpp"

namespace nf {

BalanceAccumulator::BalanceAccumulator(int players_, int lineup_, size_t end_reason_count,
                                       const ElementSchema* schema)
    : players(players_),
      lineup(lineup_),
      by_seat(size_t(players_)),
      by_agent(size_t(lineup_)),
      by_agent_seat(size_t(players_ * lineup_)),
      end_reasons(end_reason_count, 0),
      ludii(players_, end_reason_count) {
  if (schema) elements = ElementStats(*schema);
}

void BalanceAccumulator::merge(const BalanceAccumulator& o) {
  games += o.games;
  for (size_t i = 0; i < by_seat.size(); ++i) by_seat[i].merge(o.by_seat[i]);
  for (size_t i = 0; i < by_agent.size(); ++i) by_agent[i].merge(o.by_agent[i]);
  for (size_t i = 0; i < by_agent_seat.size(); ++i) by_agent_seat[i].merge(o.by_agent_seat[i]);
  for (size_t i = 0; i < pair_points.size(); ++i) pair_points[i] += o.pair_points[i];
  length.merge(o.length);
  length_histogram.merge(o.length_histogram);
  for (size_t i = 0; i < end_reasons.size(); ++i) end_reasons[i] += o.end_reasons[i];
  elements.merge(o.elements);
  ludii.merge(o.ludii);
}

nlohmann::json BalanceAccumulator::counts_json() const {
  auto wdl = [](const std::vector<WinDrawLoss>& v) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& x : v) out.push_back({x.wins, x.draws, x.losses});
    return out;
  };
  return {{"games", games},
          {"by_seat", wdl(by_seat)},
          {"by_agent", wdl(by_agent)},
          {"by_agent_seat", wdl(by_agent_seat)},
          {"pair_points", pair_points},
          {"length", {length.n, length.sum, length.sum_squares}},
          {"length_histogram", length_histogram.counts},
          {"end_reasons", end_reasons},
          {"elements", elements.counts_json()},
          {"ludii", ludii.counts_json()}};
}

void BalanceAccumulator::merge_counts_json(const nlohmann::json& c) {
  // Every value is checked for its kind before anything is added (core/json_values.hpp).
  auto add_wdl = [&](std::vector<WinDrawLoss>& into, const char* key) {
    const std::string field = fmt::format("counts.{}", key);
    const auto& rows = json_array(json_field(c, "counts", key), field, into.size());
    for (size_t i = 0; i < into.size(); ++i) {
      const std::string row = fmt::format("{}[{}]", field, i);
      const auto& r = json_array(rows[i], row, 3);
      into[i].merge({json_whole(r[0], row + "[0]"), json_whole(r[1], row + "[1]"),
                     json_whole(r[2], row + "[2]")});
    }
  };
  const auto whole_list = [&](const char* key, size_t size) {
    const std::string field = fmt::format("counts.{}", key);
    const auto& list = json_array(json_field(c, "counts", key), field, size);
    std::vector<uint64_t> out;
    for (size_t i = 0; i < list.size(); ++i)
      out.push_back(json_whole(list[i], fmt::format("{}[{}]", field, i)));
    return out;
  };
  if (!c.is_object()) throw Error("field 'counts' does not have the shape of this run's counts");
  games += json_whole(json_field(c, "counts", "games"), "counts.games");
  add_wdl(by_seat, "by_seat");
  add_wdl(by_agent, "by_agent");
  add_wdl(by_agent_seat, "by_agent_seat");
  const auto pairs = whole_list("pair_points", pair_points.size());
  for (size_t i = 0; i < pair_points.size(); ++i) pair_points[i] += pairs[i];
  const auto& l = json_array(json_field(c, "counts", "length"), "counts.length", 3);
  length.merge({json_whole(l[0], "counts.length[0]"), json_integer(l[1], "counts.length[1]"),
                json_whole(l[2], "counts.length[2]")});
  length_histogram.merge({whole_list("length_histogram", size_t(-1))});
  const auto ends = whole_list("end_reasons", end_reasons.size());
  for (size_t i = 0; i < ends.size(); ++i) end_reasons[i] += ends[i];
  elements.merge_counts_json(json_field(c, "counts", "elements"));
  ludii.merge_counts_json(json_field(c, "counts", "ludii"));
}

Interval pentanomial_score(const std::array<uint64_t, 5>& pair_points) {
  return pair_score_interval(pair_points);
}

SeatAdvantage seat_advantage(const BalanceAccumulator& acc) {
  SeatAdvantage out;
  out.fair = acc.players > 0 ? 1.0 / acc.players : 0.5;
  const WinDrawLoss& first = acc.by_seat.empty() ? WinDrawLoss{} : acc.by_seat[0];
  out.score = first.score();
  const double n = double(first.games());
  if (n > 0) {
    const double se = (out.score.high - out.score.low) / (2 * kZ95);
    // Under the null the score's spread is at least that of a fair coin scaled to the draws.
    const double z = se > 0 ? (out.score.estimate - out.fair) / se : 0.0;
    out.p_value = two_sided_p(z);
  }
  return out;
}

}  // namespace nf
