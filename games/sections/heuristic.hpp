// A shallow policy for "9": it tries every legal action and keeps the one whose resulting
// position it values most, each placement or entry valued after the next seat's most damaging
// reply (a blocking race is lost by the seat that enters second), and the last few placements
// searched to their end and into the movement. The value is a weighted sum of named features,
// all measured as "mine minus the best opponent's" so the same weights serve 2, 3 and 4
// players.
// The red counters of the setup phase are placed at random (no feature sees them yet).
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/sections/sections.hpp"

namespace nf::sections {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const SectionsGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // How good `s` is for `seat` (higher is better). Exposed for tests.
  double evaluate(const State& s, int seat) const;

 private:
  struct Projection;
  Projection project(const State& s) const;
  double value(const Projection& projection, int seat) const;
  // The value of `next` (after the seat's own action) blended with its value after the next
  // mover's most damaging reply; `floor` lets it stop once the move cannot beat the best so far.
  double value_after_reply(const State& next, int seat, double weight, double floor) const;

  // The value of `s` for `seat` searched `plies` deep with every other seat minimising it
  // (alpha-beta: the result is exact inside (alpha, beta) and a bound outside).
  double paranoid(const State& s, int seat, int plies, double alpha, double beta) const;

  const SectionsGame* game_;
  double sections_;     // sections conquered now
  double projected_;    // sections conquered once every open slot's counter has slid in
  double margin_;       // per-section counter margins on the projected board
  double blocking_;     // opponents' counters stuck behind an occupied entry cell
  double stuck_;        // own counters stuck behind an occupied entry cell (a cost)
  double reply_;        // share of an entry's value taken after the next seat's worst reply
  double reply_place_;  // the same for placements
  double threat_;       // counters another seat's next entry could block: opponents' minus mine
  double pairs_;        // own counters facing each other on a clear line: one is wasted
  int endgame_;         // empty slots from which the placement is searched to its end
  int endgame_plies_;   // entries searched after the last placement
  int plies_;           // further plies searched after an entry's reply
};

}  // namespace nf::sections
