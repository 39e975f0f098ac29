// Ludii's game metrics AdvantageP1, Drawishness (with Timeouts) and Decisiveness, in
// versions that work for every ninefold game. Definitions and how they differ from Ludii's:
// docs/ludii-metrics.md.
//
// - AdvantageP1: mean over games of (u + 1) / 2, u being seat 0's rank utility: with ranks
//   r = 1..n (tied seats share the average of their ranks), u = 1 - 2 (r - 1) / (n - 1).
//   ninefold results are win/draw/loss, so the winner ranks first, seats drawing for the
//   best result share the first places and the other seats share the last ones. Two
//   players: win 1, draw 1/2, loss 0. A game favouring no seat gives 1/2 for any n.
// - Drawishness: share of games without a single winner, games ended by a cap excluded.
// - Timeouts: share of games ended by the game's turn or round cap. A game marks such end
//   reasons by naming them with the word "cap" ("round cap", "turn cap, tie rule").
// - Decisiveness (Ludii's "Decisiveness Moves", with its threshold): per game, each state
//   before a move is evaluated for every seat; the threshold is the highest value any seat
//   that did not finish first ever had; the game's decisiveness is the share of its moves
//   played before a seat that finished first first had a value above the threshold (1 when
//   that never happened). Low values: the winner was clear early. The evaluation of a state
//   is supplied by the caller (the balance command uses random playouts on a sample of games).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/game.hpp"
#include "core/stats.hpp"

namespace nf {

// Seat `seat`'s rank from the results, 1 = first; tied seats share the average of their
// ranks, as in Ludii. Returned doubled so it is an integer (2 for a lone winner).
int doubled_rank(std::span<const SeatResult> results, int seat);

// Decisiveness of one game. `evaluations` holds, for each state before a move, one value per
// seat (row-major: state i, seat p at i * players + p).
struct GameDecisiveness {
  double threshold = -1;  // -1 when every seat finished first
  double moves = 1;       // share of moves before the winner passed the threshold
};
GameDecisiveness game_decisiveness(std::span<const double> evaluations, int players,
                                   std::span<const SeatResult> results);

// Exact counts behind the metrics; they merge in any grouping like the other accumulators.
struct LudiiCounts {
  static constexpr int64_t kFixedPoint = 10000;  // per-game fractions are kept as integers

  int players = 0;
  IntMoments first_seat_value;  // per game: 2 (n - r) with r seat 0's rank; 0..2 (n - 1)
  std::vector<uint64_t> draws_by_end_reason;  // last entry: games with no end reason
  IntMoments decisiveness_moves;              // sampled games, in 1/kFixedPoint
  IntMoments decisiveness_threshold;          // sampled games, in 1/kFixedPoint

  LudiiCounts() = default;
  LudiiCounts(int players, size_t end_reason_count);
  void add_game(std::span<const SeatResult> results, int end_reason);
  void add_decisiveness(const GameDecisiveness& d);
  void merge(const LudiiCounts& o);
  nlohmann::json counts_json() const;
  // Adds counts written by counts_json (shards, checkpoints); nf::Error when the shape differs.
  void merge_counts_json(const nlohmann::json& counts);
};

bool is_cap_end_reason(std::string_view name);

struct LudiiMetrics {
  Interval advantage_p1, drawishness, timeouts;
  Interval decisiveness, decisiveness_threshold;  // normal intervals over the sampled games
  uint64_t decisiveness_games = 0;
};
// `end_reason_games` and `end_reason_names` are the experiment's end-reason counts and names.
LudiiMetrics ludii_metrics(const LudiiCounts& counts, uint64_t games,
                           const std::vector<uint64_t>& end_reason_games,
                           const std::vector<std::string>& end_reason_names);
nlohmann::json ludii_metrics_json(const LudiiMetrics& m);

}  // namespace nf
