// The summary model of a balance experiment: exact counts that merge in any grouping, and
// the report (JSON) computed from them. Game-specific element statistics ride along.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/stats.hpp"
#include "stats/ludii_metrics.hpp"

namespace nf {

struct BalanceAccumulator {
  int players = 0;
  int lineup = 0;  // number of agents in the experiment
  uint64_t games = 0;
  std::vector<WinDrawLoss> by_seat;        // [seat]
  std::vector<WinDrawLoss> by_agent;       // [agent]
  std::vector<WinDrawLoss> by_agent_seat;  // [agent * players + seat]
  // Two agents on paired deals: agent 0's points over both seat orders of one deal, in half
  // points (0..4): the pentanomial counts of fishtest.
  std::array<uint64_t, 5> pair_points{};
  IntMoments length;  // decisions per game
  IntHistogram length_histogram;
  std::vector<uint64_t> end_reasons;
  ElementStats elements;
  LudiiCounts ludii;

  BalanceAccumulator() = default;
  BalanceAccumulator(int players, int lineup, size_t end_reason_count, const ElementSchema* schema);

  // One finished game: results by seat, which agent sat where, decisions, end reason.
  template <size_t N>
  void add_game(const std::array<SeatResult, N>& results, const int* agent_of_seat,
                uint64_t decisions, int end_reason) {
    ++games;
    for (int seat = 0; seat < players; ++seat) {
      const int agent = agent_of_seat[seat];
      add_result(by_seat[seat], results[seat]);
      add_result(by_agent[agent], results[seat]);
      add_result(by_agent_seat[agent * players + seat], results[seat]);
    }
    length.add(static_cast<int64_t>(decisions));
    length_histogram.add(static_cast<int64_t>(decisions));
    if (end_reason >= 0 && size_t(end_reason) < end_reasons.size()) ++end_reasons[end_reason];
    ludii.add_game(std::span<const SeatResult>(results.data(), size_t(players)), end_reason);
  }
  void add_pair(int half_points) { ++pair_points[half_points]; }
  void merge(const BalanceAccumulator& other);

  // Exact counts, for shards and checkpoints, and adding such counts back (nf::Error, or
  // nlohmann::json::exception, when they do not fit this accumulator's shape).
  nlohmann::json counts_json() const;
  void merge_counts_json(const nlohmann::json& counts);

 private:
  static void add_result(WinDrawLoss& wdl, SeatResult r) {
    if (r == SeatResult::Win)
      ++wdl.wins;
    else if (r == SeatResult::Draw)
      ++wdl.draws;
    else
      ++wdl.losses;
  }
};

// Score of agent 0 over paired deals from pentanomial counts: mean per game and an interval
// from the variance of the pair totals (pairing removes the deal's variance), honest on small
// samples (core/score_intervals.hpp).
Interval pentanomial_score(const std::array<uint64_t, 5>& pair_points);

// Seat advantage: seat 0's score minus the fair share, with interval and p-value.
struct SeatAdvantage {
  Interval score;   // seat 0 score
  double fair = 0;  // 1 / players
  double p_value = 1;
};
SeatAdvantage seat_advantage(const BalanceAccumulator& acc);

}  // namespace nf
