// A one-ply policy for The Ninth World with named weights. It bids its in-phase cards in
// their phase, a set number of other cards in each claiming phase and everything left in
// Focus (a card unbid at round end is wasted); it uses bid powers that add points; on its
// turn it scores every action (a claim by its Valor and effects against the points it costs,
// which would otherwise convert to Valor one for one; a mark by what it opens; an advance by
// its Valor and the ranks it adds; a heal by the penalty it lifts) and takes the best one
// worth more than ending the turn. In co-op it also values clearing the wilderness, whose
// cyphers raise the threshold and whose creatures attack the town. It sees only what its
// seat sees: other heroes' hidden bids are never read.
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const NinthWorldGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Exposed for tests: the score of a mid-phase action (0 is the value of ending the turn).
  double action_score(const State& s, Action a) const;
  // The skill cards (bit mask) it wants to bid in the current phase.
  uint8_t desired_bid(const State& s, int hero) const;

 private:
  struct Weights {
    double extra_scout, extra_tinker, extra_charm, extra_combat;  // extra cards bid per phase
    double coop_scout, coop_combat;  // more of them in co-op, to clear the wilderness
    double wound, power, cypher, quest_tier, rank, heal, mark, draw, threat, town_bias,
        claim_margin, epsilon;
  };

  Action choose_bid(const State& s) const;
  double effect_value(const State& s, int hero, const Power& p) const;
  double card_value(const State& s, int hero, int card, bool wilderness) const;
  // Co-op: whether the heroes after this one in the phase could finish paying for the card
  // if this one pools all its points on it.
  bool pool_completes(const State& s, bool wilderness, int index) const;

  const NinthWorldGame* game_;
  Weights w_{};
};

}  // namespace nf::ninth_world
