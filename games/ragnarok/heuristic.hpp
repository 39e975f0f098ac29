// A one-ply policy for Ragnarok Rising with named weights: it plays its best warrior every
// round, plays events whose estimated effect is worth it (holding bid events for the Bid
// Phase and counters for answers), attacks with warriors strong enough against the best
// enemy blocker, blocks when the health it saves is worth the blocker's loss, and bids when
// the Glory is worth the warriors it sacrifices. It sees only what its seat sees.
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/ragnarok/ragnarok.hpp"

namespace nf::ragnarok {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const RagnarokGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Exposed for tests: the estimated worth of `e` to `owner` played now.
  double effect_value(const State& s, const Effect& e, int owner) const;
  // A warrior's worth on the board (what sacrificing or losing it costs).
  double board_value(const State& s, int seat, int pos) const;

 private:
  struct Weights {
    double go_first, aggression, block, glory, counter, event_threshold, epsilon;
  };

  Action choose_main(const State& s, int seat) const;
  Action choose_window(const State& s, int seat) const;
  Action choose_answer(const State& s, int seat) const;
  Action choose_attack(const State& s, int seat) const;
  Action choose_block(const State& s, int seat, int attack_strength) const;
  Action choose_bid(const State& s, int seat) const;

  const RagnarokGame* game_;
  Weights w_;
};

}  // namespace nf::ragnarok
