// The balance measures a fit can aim at, read from a balance run's exact counts:
//   seat_advantage      seat 0's score minus the fair share 1/players
//   game_length         mean decisions per game
//   end(REASON)         share of games ending for REASON (the game's end reasons)
//   METRIC(ELEMENT)     a metric of one element of the game's element table: win(Aesir),
//                       kill_rate(Ace); a word before the metric names the kind of element
//                       (realm_win(Aesir) is win(Aesir))
//   spread(METRIC)      largest minus smallest METRIC over the elements that have it
// A game adds a measure by adding an element or a metric to its element table: a co-op game's
// team win rate is win(team) once its table has a "team" row with a "win" rate, and a rate per
// player count is that target under `--setting players=N` for every N (the objective sums
// over settings).
#pragma once

#include <string>

#include "core/stats.hpp"
#include "experiments/report/balance_report.hpp"

namespace nf {

struct Measure {
  enum class Kind { SeatAdvantage, GameLength, EndReason, Element, Spread };
  Kind kind = Kind::SeatAdvantage;
  std::string name;  // canonical: "win(Aesir)"
  int element = -1, metric = -1, reason = -1;
};

// nf::Error listing what the game offers when `text` names nothing it measures. `shape` is
// any report of the game (its element table and end reasons).
Measure resolve_measure(const std::string& text, const BalanceReport& shape);

// The measure's estimate and 95% interval. A spread's interval is that of the difference
// between the two extreme elements (independent standard errors), which ignores that they
// were picked as the extremes.
Interval measure_value(const Measure& m, const BalanceReport& shape,
                       const BalanceAccumulator& totals);

}  // namespace nf
