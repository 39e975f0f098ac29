// The search hook observation_key: a fingerprint of exactly what observation() shows a seat,
// without building text, so information-set trees can tell apart what the seat has seen.
#include "core/hash.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {

uint64_t CommandersGame::observation_key(const State& s, int seat) const {
  // Small fields are packed into words before mixing: search asks for this key at every
  // step of every iteration.
  Hasher h;
  h.add(uint64_t(seat) | uint64_t(s.round) << 8 | uint64_t(s.phase) << 24 |
        uint64_t(s.to_move) << 32 | uint64_t(uint8_t(s.winner)) << 40);
  for (int p = 0; p < 2; ++p) {
    const Side& side = s.sides[size_t(p)];
    const bool on_table =
        s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && p < s.to_move);
    const bool visible = s.phase == Phase::QueenRedraw || p == seat;
    auto castle = side.castle;
    if (on_table && !visible) ++castle[s.choice[size_t(p)]];  // a face-down card: any of them
    h.add_bytes(castle).add_bytes(side.graveyard).add_bytes(side.used).add_bytes(side.battle);
    const uint64_t choice = on_table ? (visible ? uint64_t(s.choice[size_t(p)]) + 1 : 0xff) : 0;
    const uint64_t redraw = s.phase == Phase::QueenRedraw ? 1 | uint64_t(side.redraws_left) << 8 |
                                                                uint64_t(side.stopped) << 16
                                                          : 0;
    h.add(uint64_t(side.deck.size()) | choice << 8 | redraw << 16);
  }
  return h.value();
}

}  // namespace nf::commanders
