// The search hook observation_key: a fingerprint of exactly what observation() shows a seat,
// without building text, so information-set trees can tell apart what the seat has seen.
#include "core/hash.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {

uint64_t CommandersGame::observation_key(const State& s, int seat) const {
  Hasher h;
  h.add(seat).add(s.round).add(s.phase).add(s.to_move).add(s.winner);
  for (int p = 0; p < 2; ++p) {
    const Side& side = s.sides[size_t(p)];
    const bool on_table =
        s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && p < s.to_move);
    const bool visible = s.phase == Phase::QueenRedraw || p == seat;
    auto castle = side.castle;
    if (on_table && !visible) ++castle[s.choice[size_t(p)]];  // a face-down card: any of them
    h.add_range(castle).add_range(side.graveyard).add(side.deck.size()).add_range(side.used);
    h.add_range(side.battle);
    if (on_table) h.add(visible ? int(s.choice[size_t(p)]) : -1);
    if (s.phase == Phase::QueenRedraw) h.add(side.redraws_left).add(side.stopped);
  }
  return h.value();
}

}  // namespace nf::commanders
