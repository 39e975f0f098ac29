// The observation tensor of a seat: what observation() shows it, as one-hot fields and scaled
// numbers. Realms keep their own order (Aesir, then Norsemen: their figures differ); the seat's
// realm is a field. H is the number of hexes of the map, S = 9 figure slots, K = 5 Fate kinds.
//   [seat 2][seat's realm 2][active realm 2][deciding realm 2][phase 7][turn / turn_cap 1]
//   [winning realm 2][figure given orders S]
//   per realm, Aesir then Norsemen:
//     [actions / 9 1][blood / blood_to_win 1][Fate hand per kind / 4, own realm only K]
//     [hand size / 14 1][rallied, Foresight used, Ancient Bloodline used 3][quarry S]
//     [Revenge dice / 12 1][Fate kinds that do nothing K]
//   per figure slot S: [absent, active, dead 3][hex H][health left, printed health / 10 2]
//     [moved, attacked, stand-in 3]
//   [terrain per hex H x 4][terrain hexes left / 2 3][Fate deck size / 14 1]
//   [discards per kind / 4 K][face-down discards per kind / 4, Aesir only K][face down / 14 1]
//   combat, while a roll is answered or countered (else 0):
//     [attacker S][target S][ranged 1][countered 1]
//     [attack dice per value 1..12 / 12 12][attack bonus, defence bonus, defence / 12 3]
//     [counter dice per value / 12 12][its attack bonus, defence bonus, defence / 12 3]
//     [realm to respond 2][passes / 2 1]
// Hidden: the opponent's Fate hand (counted), the deck order and, from the Norsemen, what the
// All Seeing Eye discarded face down (counted).
#include "core/tensor_writer.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {
namespace {

constexpr int kPhases = 7;
constexpr int kFigureStates = 3;
constexpr float kCardScale = 4, kStatScale = 10, kDiceScale = 12;

void write_roll(const RealmsGame& game, const Roll& roll, int defender, const State& s,
                TensorWriter& w) {
  w.histogram(kMaxDice, roll.dice, 1, 1.0f / kDiceScale);
  w.scalar(float(roll.attack_bonus) / kDiceScale);
  w.scalar(float(roll.defence_bonus) / kDiceScale);
  w.scalar(float(game.defence(s, defender)) / kDiceScale);
}

}  // namespace

std::vector<int> RealmsGame::observation_shape() const {
  TensorWriter count({});
  write_observation(initial_state(0), 0, count);
  return {int(count.size())};
}

void RealmsGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  TensorWriter w(out);
  write_observation(s, seat, w);
  w.finish();
}

void RealmsGame::write_observation(const State& s, int seat, TensorWriter& w) const {
  const auto hexes = size_t(board_->size());
  const bool over = s.phase == Phase::Over;
  const Realm own = s.realm_of_seat[size_t(seat)];
  w.one_hot(2, seat);
  w.one_hot(kRealms, own);
  w.one_hot(kRealms, over ? -1 : int(s.active));
  w.one_hot(kRealms, over ? -1 : int(deciding_realm(s)));
  w.one_hot(kPhases, int(s.phase));
  w.scalar(float(s.turn) / float(turn_cap_));
  w.one_hot(kRealms, over ? s.winner : -1);
  w.one_hot(kMaxFigures, s.phase == Phase::Orders ? s.selected : -1);
  for (const Realm r : {Aesir, Norsemen}) {
    const Side& side = s.sides[r];
    w.scalar(float(side.actions) / float(kActionsPerTurn + kFateActions));
    w.scalar(float(side.blood) / float(blood_to_win_));
    for (const uint8_t n : side.hand) w.scalar(r == own ? float(n) / kCardScale : 0.0f);
    w.scalar(float(side.hand_size()) / float(kFateCards));
    w.flag(side.rallied);
    w.flag(side.foresight_used);
    w.flag(side.bloodline_used);
    w.one_hot(kMaxFigures, side.quarry == kNoFigure ? -1 : side.quarry);
    w.scalar(float(side.revenge_dice) / kDiceScale);
    for (int k = 0; k < kFateKinds; ++k) w.flag(side.blank_fate >> k & 1);
  }
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    const Figure& f = s.figures[size_t(slot)];
    w.one_hot(kFigureStates, int(f.status));
    const bool active = f.status == FigureStatus::Active;
    w.one_hot(hexes, active ? f.hex : -1);
    w.scalar(active ? float(health_left(s, slot)) / kStatScale : 0.0f);
    w.scalar(active ? float(stats(s, slot).health) / kStatScale : 0.0f);
    w.flag(active && f.moved);
    w.flag(active && f.attacked);
    w.flag(active && s.stand_in(slot));
  }
  for (size_t h = 0; h < hexes; ++h) w.one_hot(kTerrains, int(s.terrain[h]));
  for (const uint8_t left : s.supply) w.scalar(float(left) / float(kTerrainSupply));
  w.scalar(float(s.deck.size()) / float(kFateCards));
  for (const uint8_t n : s.discards) w.scalar(float(n) / kCardScale);
  int face_down = 0;
  for (const uint8_t n : s.eye_discards) {
    w.scalar(own == Aesir ? float(n) / kCardScale : 0.0f);
    face_down += n;
  }
  w.scalar(float(face_down) / float(kFateCards));
  const bool combat =
      s.phase == Phase::Window || s.phase == Phase::Counter || s.phase == Phase::Quarry;
  if (!combat) {
    w.skip(2 * kMaxFigures + 2 + 2 * (kMaxDice + 3) + kRealms + 1);
    return;
  }
  const Combat& c = s.combat;
  w.one_hot(kMaxFigures, c.attacker);
  w.one_hot(kMaxFigures, c.target);
  w.flag(c.ranged);
  w.flag(c.countered);
  write_roll(*this, c.attack, c.target, s, w);
  if (c.countered)
    write_roll(*this, c.counter, c.attacker, s, w);
  else
    w.skip(kMaxDice + 3);
  w.one_hot(kRealms, s.phase == Phase::Window ? int(s.window_to_act) : -1);
  w.scalar(s.phase == Phase::Window ? float(s.window_passes) / 2.0f : 0.0f);
}

}  // namespace nf::realms
