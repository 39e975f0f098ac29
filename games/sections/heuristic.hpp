// A one-ply policy for "9": it tries every legal action and keeps the one whose resulting
// position it values most. The value is a weighted sum of named features, all measured as
// "mine minus the best opponent's" so the same weights serve 2, 3 and 4 players.
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
  const SectionsGame* game_;
  double sections_;   // sections conquered now
  double projected_;  // sections conquered once every open slot's counter has slid in
  double margin_;     // per-section counter margins on the projected board
  double blocking_;   // opponents' counters stuck behind an occupied entry cell
  double stuck_;      // own counters stuck behind an occupied entry cell (a cost)
};

}  // namespace nf::sections
