#include "stats/summary.hpp"

#include <cmath>

#include "core/error.hpp"
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
  auto add_wdl = [](std::vector<WinDrawLoss>& into, const nlohmann::json& rows) {
    if (rows.size() != into.size())
      throw Error("counts do not match the experiment's seats or agents");
    for (size_t i = 0; i < into.size(); ++i)
      into[i].merge({rows[i].at(0).get<uint64_t>(), rows[i].at(1).get<uint64_t>(),
                     rows[i].at(2).get<uint64_t>()});
  };
  games += c.at("games").get<uint64_t>();
  add_wdl(by_seat, c.at("by_seat"));
  add_wdl(by_agent, c.at("by_agent"));
  add_wdl(by_agent_seat, c.at("by_agent_seat"));
  const auto pairs = c.at("pair_points").get<std::array<uint64_t, 5>>();
  for (size_t i = 0; i < pair_points.size(); ++i) pair_points[i] += pairs[i];
  const auto& l = c.at("length");
  length.merge({l.at(0).get<uint64_t>(), l.at(1).get<int64_t>(), l.at(2).get<uint64_t>()});
  length_histogram.merge({c.at("length_histogram").get<std::vector<uint64_t>>()});
  const auto ends = c.at("end_reasons").get<std::vector<uint64_t>>();
  if (ends.size() != end_reasons.size()) throw Error("counts do not match the game's end reasons");
  for (size_t i = 0; i < ends.size(); ++i) end_reasons[i] += ends[i];
  elements.merge_counts_json(c.at("elements"));
  ludii.merge_counts_json(c.at("ludii"));
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
