// The observation tensor of a seat: exactly what observation() shows it, as one-hot fields and
// scaled counts. The seat's own side comes first, then the opponent's.
//   [seat 2][seat to move 2][phase: choose, queen redraw, over 3][winner: seat 0, seat 1 2]
//   [round / round_cap 1]
//   per side, own then opponent (60 each):
//     [castle as the seat sees it, per commander type / starting count 5]
//     [graveyard per type / starting count 5][graveyard top 5]
//     [deck size / 18 1][deck contents per troop value 2..10 / 2 9]
//     [used per value / 2 9][battle per value / 2 9][battle card that counts 9]
//     [commander played face down, unseen 1][commander played, seen 5]
//     [redraws left / queen_redraws 1][stopped 1]
// The opponent's face-down commander is back in its castle, as observation() shows it; the
// deck's contents are public (every troop card outside it has been shown), its order is not.
#include "core/tensor_writer.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {
namespace {

constexpr int kTroopValues = 9;  // 2..10
constexpr int kLowestTroop = 2;

}  // namespace

std::vector<int> CommandersGame::observation_shape() const {
  TensorWriter count({});
  write_observation(initial_state(0), 0, count);
  return {int(count.size())};
}

void CommandersGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  TensorWriter w(out);
  write_observation(s, seat, w);
  w.finish();
}

void CommandersGame::write_observation(const State& s, int seat, TensorWriter& w) const {
  w.one_hot(2, seat);
  w.one_hot(2, s.phase == Phase::Over ? -1 : s.to_move);
  w.one_hot(3, int(s.phase));
  w.one_hot(2, s.phase == Phase::Over ? s.winner : -1);
  w.scalar(float(s.round) / float(round_cap_));
  for (const int p : {seat, 1 - seat}) {
    const Side& side = s.sides[size_t(p)];
    const bool on_table =
        s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && p < s.to_move);
    const bool visible = s.phase == Phase::QueenRedraw || p == seat;
    auto castle = side.castle;
    if (on_table && !visible) ++castle[s.choice[size_t(p)]];
    for (int c = 0; c < kCommanderTypes; ++c)
      w.scalar(float(castle[size_t(c)]) / float(kStartingCastle[size_t(c)]));
    for (int c = 0; c < kCommanderTypes; ++c) {
      int dead = 0;
      for (const uint8_t g : side.graveyard) dead += g == c;
      w.scalar(float(dead) / float(kStartingCastle[size_t(c)]));
    }
    w.one_hot(kCommanderTypes, side.graveyard.empty() ? -1 : int(side.graveyard.back()));
    w.scalar(float(side.deck.size()) / float(kTroopCards));
    w.histogram(kTroopValues, side.deck, kLowestTroop, 0.5f);
    w.histogram(kTroopValues, side.used, kLowestTroop, 0.5f);
    w.histogram(kTroopValues, side.battle, kLowestTroop, 0.5f);
    w.one_hot(kTroopValues, side.battle.empty() ? -1 : int(side.battle.back()) - kLowestTroop);
    w.flag(on_table && !visible);
    w.one_hot(kCommanderTypes, on_table && visible ? int(s.choice[size_t(p)]) : -1);
    const bool redraw = s.phase == Phase::QueenRedraw;
    w.scalar(redraw && queen_redraws_ > 0 ? float(side.redraws_left) / float(queen_redraws_) : 0);
    w.flag(redraw && side.stopped);
  }
}

}  // namespace nf::commanders
