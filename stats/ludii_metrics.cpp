#include "stats/ludii_metrics.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/json_values.hpp"

namespace nf {

int doubled_rank(std::span<const SeatResult> results, int seat) {
  // Groups in order: winners, drawers, losers; a group shares the ranks first..last.
  int wins = 0, draws = 0;
  for (SeatResult r : results) wins += r == SeatResult::Win, draws += r == SeatResult::Draw;
  const int n = int(results.size());
  switch (results[size_t(seat)]) {
    case SeatResult::Win:
      return 1 + wins;
    case SeatResult::Draw:
      return (wins + 1) + (wins + draws);
    case SeatResult::Loss:
      return (wins + draws + 1) + n;
  }
  return 2 * n;
}

GameDecisiveness game_decisiveness(std::span<const double> evaluations, int players,
                                   std::span<const SeatResult> results) {
  GameDecisiveness out;
  // The seats that finished first: the winner, or the seats that drew for the best result.
  const bool has_winner = std::any_of(results.begin(), results.end(),
                                      [](SeatResult r) { return r == SeatResult::Win; });
  auto finished_first = [&](int p) {
    return results[size_t(p)] == (has_winner ? SeatResult::Win : SeatResult::Draw);
  };
  const size_t states = evaluations.size() / size_t(players);
  if (states == 0) return out;
  for (size_t i = 0; i < states; ++i)
    for (int p = 0; p < players; ++p)
      if (!finished_first(p)) out.threshold = std::max(out.threshold, evaluations[i * players + p]);
  for (size_t i = 0; i < states; ++i)
    for (int p = 0; p < players; ++p)
      if (finished_first(p) && evaluations[i * players + p] > out.threshold) {
        out.moves = double(i) / double(states);
        return out;
      }
  return out;
}

LudiiCounts::LudiiCounts(int players_, size_t end_reason_count)
    : players(players_), draws_by_end_reason(end_reason_count + 1, 0) {}

void LudiiCounts::add_game(std::span<const SeatResult> results, int end_reason) {
  first_seat_value.add(2 * players - doubled_rank(results, 0));
  const bool draw = std::none_of(results.begin(), results.end(),
                                 [](SeatResult r) { return r == SeatResult::Win; });
  const size_t unknown = draws_by_end_reason.size() - 1;
  const size_t slot =
      end_reason >= 0 && size_t(end_reason) < unknown ? size_t(end_reason) : unknown;
  if (draw) ++draws_by_end_reason[slot];
}

void LudiiCounts::add_decisiveness(const GameDecisiveness& d) {
  decisiveness_moves.add(std::llround(d.moves * kFixedPoint));
  decisiveness_threshold.add(std::llround(d.threshold * kFixedPoint));
}

void LudiiCounts::merge(const LudiiCounts& o) {
  if (draws_by_end_reason.empty()) {
    *this = o;
    return;
  }
  first_seat_value.merge(o.first_seat_value);
  for (size_t i = 0; i < draws_by_end_reason.size() && i < o.draws_by_end_reason.size(); ++i)
    draws_by_end_reason[i] += o.draws_by_end_reason[i];
  decisiveness_moves.merge(o.decisiveness_moves);
  decisiveness_threshold.merge(o.decisiveness_threshold);
}

nlohmann::json LudiiCounts::counts_json() const {
  auto moments = [](const IntMoments& m) { return nlohmann::json{m.n, m.sum, m.sum_squares}; };
  return {{"first_seat_value", moments(first_seat_value)},
          {"draws_by_end_reason", draws_by_end_reason},
          {"decisiveness_moves", moments(decisiveness_moves)},
          {"decisiveness_threshold", moments(decisiveness_threshold)}};
}

void LudiiCounts::merge_counts_json(const nlohmann::json& c) {
  auto moments = [&](const char* key) {
    const std::string field = fmt::format("counts.ludii.{}", key);
    const auto& m = json_array(json_field(c, "counts.ludii", key), field, 3);
    return IntMoments{json_whole(m[0], field + "[0]"), json_integer(m[1], field + "[1]"),
                      json_whole(m[2], field + "[2]")};
  };
  first_seat_value.merge(moments("first_seat_value"));
  const auto& draws = json_array(json_field(c, "counts.ludii", "draws_by_end_reason"),
                                 "counts.ludii.draws_by_end_reason", draws_by_end_reason.size());
  for (size_t i = 0; i < draws.size(); ++i)
    draws_by_end_reason[i] +=
        json_whole(draws[i], fmt::format("counts.ludii.draws_by_end_reason[{}]", i));
  decisiveness_moves.merge(moments("decisiveness_moves"));
  decisiveness_threshold.merge(moments("decisiveness_threshold"));
}

bool is_cap_end_reason(std::string_view name) {
  for (size_t at = name.find("cap"); at != std::string_view::npos; at = name.find("cap", at + 1)) {
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(name[at - 1]));
    const bool ends =
        at + 3 == name.size() || !std::isalpha(static_cast<unsigned char>(name[at + 3]));
    if (starts && ends) return true;
  }
  return false;
}

namespace {

Interval scaled(const IntMoments& m, double scale) {
  if (m.n == 0) return {0, 0, 0};
  const Interval i = m.mean_interval();
  return {i.estimate / scale, i.low / scale, i.high / scale};
}

}  // namespace

LudiiMetrics ludii_metrics(const LudiiCounts& counts, uint64_t games,
                           const std::vector<uint64_t>& end_reason_games,
                           const std::vector<std::string>& end_reason_names) {
  LudiiMetrics m;
  if (counts.players > 1) {
    const Interval a = scaled(counts.first_seat_value, 2.0 * (counts.players - 1));
    m.advantage_p1 = {a.estimate, std::max(0.0, a.low), std::min(1.0, a.high)};
  }
  uint64_t natural_draws = 0, timeouts = 0;
  for (size_t i = 0; i < counts.draws_by_end_reason.size(); ++i) {
    const bool cap = i < end_reason_names.size() && is_cap_end_reason(end_reason_names[i]);
    if (!cap) natural_draws += counts.draws_by_end_reason[i];
  }
  for (size_t i = 0; i < end_reason_games.size() && i < end_reason_names.size(); ++i)
    if (is_cap_end_reason(end_reason_names[i])) timeouts += end_reason_games[i];
  m.drawishness = wilson(double(natural_draws), double(games));
  m.timeouts = wilson(double(timeouts), double(games));
  m.decisiveness = scaled(counts.decisiveness_moves, LudiiCounts::kFixedPoint);
  m.decisiveness_threshold = scaled(counts.decisiveness_threshold, LudiiCounts::kFixedPoint);
  m.decisiveness_games = counts.decisiveness_moves.n;
  return m;
}

nlohmann::json ludii_metrics_json(const LudiiMetrics& m) {
  nlohmann::json j = {{"advantage_p1", interval_to_json(m.advantage_p1)},
                      {"drawishness", interval_to_json(m.drawishness)},
                      {"timeouts", interval_to_json(m.timeouts)},
                      {"decisiveness_games", m.decisiveness_games},
                      {"note", "definitions: docs/ludii-metrics.md"}};
  if (m.decisiveness_games > 0) {
    j["decisiveness"] = interval_to_json(m.decisiveness);
    j["decisiveness_threshold"] = interval_to_json(m.decisiveness_threshold);
  }
  return j;
}

}  // namespace nf
