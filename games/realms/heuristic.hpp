// A one-ply policy for War of the 9 Realms with named weights. It scores every order a
// figure could be given (attacks by the value of their expected wounds, kills and the
// risk of the counterattack; moves by the attacks they open, the danger they run, Forest
// cover and ground gained) and ends the turn when nothing is worth an action, keeping some
// actions for counterattacks. In response windows it plays a Fate card or an ability when
// the exact expected gain over the dice on the table is worth it. It sees only what its
// seat sees: its own hand, never the opponent's.
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const RealmsGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Exposed for tests: the score of giving an order (a Move, Close, Ranged or Transform
  // action) in the position; 0 is the value of ending the turn.
  double order_score(const State& s, Action order) const;
  // Expected value for the roller's realm of the wounds the open window's roll deals.
  double roll_value(const State& s) const;

 private:
  struct Weights {
    double blood, kill, ruler, hero, warrior, focus_wounded, protect_ruler, caution, use_forest,
        advance, keep_actions, reserve_value, card_value, counter_threshold, hunt_ruler, epsilon;
  };

  Action choose_main(const State& s, Rng& rng) const;
  Action choose_order(const State& s) const;
  Action choose_window(const State& s) const;
  Action choose_counter(const State& s) const;
  Action choose_discard(const State& s) const;
  Action choose_quarry(const State& s) const;

  // order_score given `here`, the value of the figure staying where it stands (here_value),
  // which every Move order of the figure compares with.
  double order_score(const State& s, Action order, double here) const;
  double here_value(const State& s, int slot) const;
  double figure_value(int slot) const;
  // Value to the realm dealing them of `k` more wounds landing on `slot` (blood, a kill,
  // a win by the ruler's death or the cauldron).
  double marginal_wound(const State& s, int slot, int k) const;
  // Expected value of an attack of `dice` dice against `slot` at `defence`.
  double attack_value(const State& s, int dice, int slot, int defence) const;
  // Worth of `slot` standing on `hex` with `actions` left this turn.
  double position_value(const State& s, int slot, uint8_t hex, int actions) const;
  double danger(const State& s, int slot, uint8_t hex) const;
  double best_attack_from(const State& s, int slot, uint8_t hex) const;
  // Gain an action must bring when `actions` are left (more for the kept ones).
  double action_cost(int actions) const;
  // Expected roll value after re-rolling the dice in `mask` (bonuses kept).
  double reroll_value(const State& s, unsigned mask) const;
  double value_of_wounds(const State& s, int wounds) const;

  const RealmsGame* game_;
  Weights w_;
};

}  // namespace nf::realms
