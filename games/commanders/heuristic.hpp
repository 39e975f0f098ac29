// A one-ply expected-material policy for the Nine Commanders. It sees only what its seat
// sees: castles (public), the used troop cards (public, so the decks' contents are known)
// and, in a battle, both cards on the table; never the opponent's face-down choice.
#pragma once

#include <array>

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const CommandersGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Expected material gain of playing `mine` when the opponent plays each of its castle
  // types with probability proportional to its count. Exposed for tests.
  double play_score(const State& s, int seat, Commander mine) const;

 private:
  double value(Commander c) const { return values_[c]; }
  // What the deciding seat sees and needs, worked out once per decision.
  struct Position;
  double play_score(const Position& p, Commander mine) const;
  // Expected material gain when the opponent plays `theirs`.
  double outcome(const Position& p, Commander mine, Commander theirs) const;
  // Expected result of a battle of `mine` against `theirs` on fresh troop cards, worth `win`
  // when it wins and -`loss` when it loses; a lone Queen redraws while it pays.
  double battle_result(const Position& p, Commander mine, Commander theirs, double win,
                       double loss) const;
  Action choose_redraw(const State& s, int seat) const;
  // With `mix`: a choice sampled from the equilibrium of the battle's matrix game.
  Action choose_mixed(const Position& p,
                      const FixedVector<Action, CommandersGame::kMaxActions>& actions,
                      Rng& rng) const;

  const CommandersGame* game_;
  std::array<double, kCommanderTypes> values_{};
  double aggression_;
  double temperature_;
  double redraw_margin_;
  double win_value_;
  bool mix_;
};

}  // namespace nf::commanders
