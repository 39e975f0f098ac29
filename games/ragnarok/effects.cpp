// The effect vocabulary: one interpreter for every card's effect, warriors', events' and
// RR cards' alike. Targets are fixed by the effect (the strongest enemy, every own
// warrior...) so an effect never opens a decision.
#include <algorithm>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

int8_t clamp8(int v) { return int8_t(std::clamp(v, -100, 100)); }

}  // namespace

int Rules::aura(const State& s, int seat, EffectKind kind, uint32_t skip_rr) const {
  int total = 0;
  // Warriors in play with an aura: own_warriors helps its side, enemy_warriors the other.
  for (int side = 0; side < 2; ++side)
    for (const Warrior& w : s.sides[size_t(side)].warriors) {
      if (!g.traits(w.card).aura || w.health <= 0) continue;
      const Effect& e = g.card(w.card).effect;
      if (e.kind != kind) continue;
      if ((e.target == Target::OwnWarriors) == (side == seat)) total += e.amount;
    }
  // Lasting RR effects act on each player they affect (own) or on its opponent (enemy).
  for (const uint8_t r : g.lasting_rr()) {
    const RrCard& card = g.rr(r);
    if (card.effect.kind != kind || (skip_rr >> r & 1)) continue;
    for (int affected = 0; affected < 2; ++affected) {
      if (!g.rr_affects(s, r, affected)) continue;
      const bool on_enemy = card.effect.target == Target::EnemyWarriors;
      if ((on_enemy ? other(affected) : affected) == seat) total += card.effect.amount;
    }
  }
  return total;
}

void Rules::trigger(State& s, int seat, int pos, Trigger t) const {
  Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  const Effect& e = g.card(w.card).effect;
  if (e.kind == EffectKind::None || e.trigger != t) return;
  // A bonus "for the round" is had once in the round, however often its trigger comes
  // (a warrior that blocks in combat and again against RR warriors in the Cleanup).
  if ((e.kind == EffectKind::Strength || e.kind == EffectKind::Defence) &&
      e.duration == Duration::Round) {
    if (w.round_bonus) return;
    w.round_bonus = true;
  }
  apply_effect(s, e, seat, pos);
}

void Rules::apply_effect(State& s, const Effect& e, int owner, int pos) const {
  const int enemy = other(owner);
  Side& mine = s.sides[size_t(owner)];
  Side& theirs = s.sides[size_t(enemy)];
  // The warriors an effect on warriors touches, as (seat, position) pairs.
  FixedVector<uint8_t, 2 * kMaxInPlay> hit;  // seat << 7 | position
  auto add_side = [&](int seat) {
    const auto& ws = s.sides[size_t(seat)].warriors;
    for (size_t p = 0; p < ws.size(); ++p)
      if (ws[p].health > 0) hit.push_back(uint8_t(seat << 7 | int(p)));
  };
  switch (e.target) {
    case Target::This:
      if (pos != kNone && mine.warriors[size_t(pos)].health > 0)
        hit.push_back(uint8_t(owner << 7 | pos));
      break;
    case Target::OwnWarriors:
      add_side(owner);
      break;
    case Target::EnemyWarriors:
      add_side(enemy);
      break;
    case Target::EnemyStrongest: {
      int best = -1, best_strength = -1;
      for (size_t p = 0; p < theirs.warriors.size(); ++p) {
        if (theirs.warriors[p].health <= 0) continue;
        const int v = g.strength(s, enemy, int(p));
        if (v > best_strength) best = int(p), best_strength = v;
      }
      if (best >= 0) hit.push_back(uint8_t(enemy << 7 | best));
      break;
    }
    case Target::OwnWeakest: {
      int best = -1, least = 1000;
      for (size_t p = 0; p < mine.warriors.size(); ++p) {
        const int h = mine.warriors[p].health;
        if (h > 0 && h < least) best = int(p), least = h;
      }
      if (best >= 0) hit.push_back(uint8_t(owner << 7 | best));
      break;
    }
    case Target::Opponent:
    case Target::Self:
      break;
  }
  Side& player = e.target == Target::Self ? mine : theirs;
  auto each = [&](auto&& f) {
    for (uint8_t h : hit) {
      const int seat = h >> 7, p = h & 127;
      f(s.sides[size_t(seat)].warriors[size_t(p)], seat, p);
    }
  };
  const int amount = e.amount;
  switch (e.kind) {
    case EffectKind::None:
    case EffectKind::Counter:  // resolved by the event it answers
      return;
    case EffectKind::Damage:
      if (e.target == Target::Opponent || e.target == Target::Self)
        player.health = int16_t(std::max(-999, player.health - amount));
      each([&](Warrior& w, int, int) { w.health = clamp8(w.health - amount); });
      return;
    case EffectKind::Heal:
      if (e.target == Target::Self)
        mine.health = int16_t(std::min(g.start_health(), mine.health + amount));
      each([&](Warrior& w, int seat, int p) {
        w.health = clamp8(std::min(g.max_health(s, seat, p), w.health + amount));
      });
      return;
    case EffectKind::Strength:
    case EffectKind::Defence: {
      const bool lasting = e.duration == Duration::Lasting;
      each([&](Warrior& w, int, int) {
        int8_t& field = e.kind == EffectKind::Strength
                            ? (lasting ? w.strength_lasting : w.strength_round)
                            : (lasting ? w.defence_lasting : w.defence_round);
        field = clamp8(field + amount);
      });
      return;
    }
    case EffectKind::MaxHealth:
      each([&](Warrior& w, int, int) {
        w.max_bonus = clamp8(w.max_bonus + amount);
        w.health = clamp8(w.health + amount);
      });
      return;
    case EffectKind::Draw:
      draw(s, owner, amount);
      return;
    case EffectKind::Discard:
      for (int i = 0; i < amount && !theirs.hand.empty(); ++i) {
        const size_t at = s.rng.below(uint32_t(theirs.hand.size()));
        theirs.valhalla.push_back(theirs.hand[at]);
        remove_from_hand(theirs, at);
      }
      return;
    case EffectKind::Peek:
      theirs.known =
          theirs.hand.size() >= 64 ? ~uint64_t(0) : (uint64_t(1) << theirs.hand.size()) - 1;
      return;
    case EffectKind::Shame:
      each([&](Warrior& w, int, int) { w.shame = uint8_t(std::min(20, w.shame + amount)); });
      return;
    case EffectKind::Unshame:
      each([&](Warrior& w, int, int) { w.shame = uint8_t(std::max(0, w.shame - amount)); });
      return;
    case EffectKind::Revive:
      for (int i = 0; i < amount; ++i) {
        // The latest warrior to reach Valhalla comes back to the hand, seen by both.
        size_t at = mine.valhalla.size();
        while (at > 0 && g.card(mine.valhalla[at - 1]).type != CardType::Warrior) --at;
        if (at == 0) return;
        const uint8_t c = mine.valhalla[at - 1];
        mine.valhalla.erase_at(at - 1);
        mine.known |= uint64_t(1) << mine.hand.size();
        mine.hand.push_back(c);
      }
      return;
    case EffectKind::Bid:
      mine.bid_bonus = clamp8(mine.bid_bonus + amount);
      return;
    case EffectKind::Gamble: {
      const int roll = 1 + int(s.rng.below(10));
      Side& loser = roll >= e.threshold ? theirs : mine;
      loser.health = int16_t(std::max(-999, loser.health - amount));
      return;
    }
  }
}

}  // namespace nf::ragnarok
