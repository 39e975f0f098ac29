// A static estimate of who wins an unfinished game, for search rollouts cut off after a
// fixed depth. It follows the two ways to win: the Blood a realm has shed toward the
// cauldron, and the wounds on the enemy ruler; the health of the other figures is the power
// left to pursue either. Each is a fraction of what winning takes, so the estimate needs no
// change when the data files change a figure's health or the blood to win.
#include <algorithm>
#include <cmath>

#include "games/realms/realms.hpp"

namespace nf::realms {

namespace {

// Weights of the terms of a realm's lead; the sum of their maxima keeps tanh below 1, so a
// cut-off never counts as certain as a finished game.
constexpr double kBloodWeight = 0.8;
constexpr double kRulerWeight = 0.8;
constexpr double kForceWeight = 0.5;
constexpr double kSharpness = 1.2;

}  // namespace

Returns<2> RealmsGame::evaluate(const State& s) const {
  if (is_terminal(s)) return returns(s);
  // The Aesir's lead: positive when the Aesir are ahead.
  double lead = 0;
  for (Realm r : {Aesir, Norsemen}) {
    const double sign = r == Aesir ? 1.0 : -1.0;
    const Realm enemy = r == Aesir ? Norsemen : Aesir;
    lead += sign * kBloodWeight *
            std::min(1.0, double(s.sides[r].blood) / double(std::max(1, blood_to_win_)));
    const int ruler = ruler_slot(enemy);
    lead += sign * kRulerWeight * double(s.figures[size_t(ruler)].wounds) /
            double(std::max<int>(1, stats(s, ruler).health));
    int left = 0, full = 0;
    for (int slot = first_slot(r); slot < end_slot(r); ++slot) {
      if (s.figures[size_t(slot)].status == FigureStatus::Absent) continue;
      full += stats(s, slot).health;
      if (s.figures[size_t(slot)].status == FigureStatus::Active) left += health_left(s, slot);
    }
    lead += sign * kForceWeight * double(left) / double(std::max(1, full));
  }
  const double aesir = std::tanh(kSharpness * lead);
  return s.seat_of(Aesir) == 0 ? Returns<2>{aesir, -aesir} : Returns<2>{-aesir, aesir};
}

}  // namespace nf::realms
