// The Combat Phase (attackers, blockers in the defender's order, d10 totals, shame, excess
// damage) and the Cleanup Phase (repeating RR effects, RR warriors attacking, end of round).
#include <algorithm>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

int d10(State& s) { return 1 + int(s.rng.below(10)); }

}  // namespace

int RagnarokGame::combat_damage(int attack, int defence, std::span<int> health) {
  if (health.empty()) return (attack + 1) / 2;
  if (attack <= defence) return -1;
  int excess = attack - defence;
  for (int& h : health) {
    const int dealt = std::min(excess, std::max(h, 0));
    h -= dealt;
    excess -= dealt;
    if (h > 0) return 0;  // this blocker survives: the rest of the attack is spent
  }
  return (excess + 1) / 2;  // past the last slain blocker, half rounded up
}

bool Rules::can_attack(const State& s, int seat, int pos) const {
  const Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  return w.health > 0 && w.shame == 0;
}

bool Rules::has_free_blocker(const State& s, int seat) const {
  const auto& ws = s.sides[size_t(seat)].warriors;
  for (size_t p = 0; p < ws.size(); ++p)
    if (ws[p].health > 0 && !s.block_order.contains(uint8_t(p))) return true;
  return false;
}

void Rules::enter_attack(State& s, int step) const {
  s.step = uint8_t(step);
  s.active = uint8_t(order_seat(s, step));
  s.attackers.clear();
  s.block_order.clear();
  s.blocking.fill(kNone);
  s.phase = Phase::Attack;
  for (size_t p = 0; p < s.sides[s.active].warriors.size(); ++p)
    if (can_attack(s, s.active, int(p))) return;
  leave_combat(s);
}

void Rules::end_declaration(State& s) const {
  if (s.attackers.empty()) {
    leave_combat(s);
    return;
  }
  // The defender may play its event after the attackers are declared, before blocks.
  s.phase = Phase::Defend;
  if (!g.can_play_event(s, other(s.active), false)) enter_block(s);
}

void Rules::enter_block(State& s) const {
  s.cursor = 0;
  s.phase = Phase::Block;
  continue_block(s);
}

void Rules::continue_block(State& s) const {
  const int defender = other(s.active);
  for (; s.cursor < s.attackers.size(); ++s.cursor) {
    if (!has_free_blocker(s, defender)) break;
    // A decision, unless the attacker died or was shamed since it was declared.
    if (can_attack(s, s.active, s.attackers[s.cursor])) return;
  }
  if (g.every_window())
    enter_after_blocks(s, 0);
  else
    resolve_combat(s);
}

void Rules::enter_after_blocks(State& s, int window) const {
  s.window = uint8_t(window);
  s.phase = Phase::AfterBlocks;
  if (g.can_play_event(s, g.decider(s), false)) return;
  if (window == 0)
    enter_after_blocks(s, 1);
  else
    resolve_combat(s);
}

void Rules::resolve_combat(State& s) const {
  const int attacker = s.active, defender = other(attacker);
  for (size_t j = 0; j < s.attackers.size(); ++j) {
    const int pos = s.attackers[j];
    Warrior& w = s.sides[size_t(attacker)].warriors[size_t(pos)];
    if (w.health <= 0) continue;
    // "As long as a Warrior has Shame counters on it, that Warrior cannot attack": shame that
    // came after the declaration (an event before blocks) cancels the attack.
    if (w.shame > 0) {
      if (g.shame_turns()) --w.shame;  // this missed attack spends a counter
      continue;
    }
    // Every effect is checked at once: an on-attack gamble that kills its owner ends the game.
    trigger(s, attacker, pos, Trigger::Attack);
    if (check_death(s)) return;
    FixedVector<uint8_t, kMaxInPlay> blockers;
    for (uint8_t b : s.block_order)
      if (s.blocking[b] == j && s.sides[size_t(defender)].warriors[b].health > 0) {
        trigger(s, defender, b, Trigger::Block);
        if (check_death(s)) return;
        if (s.sides[size_t(defender)].warriors[b].health > 0) blockers.push_back(b);
      }
    const int attack = d10(s) + g.strength(s, attacker, pos);
    int defence = 0;
    std::array<int, kMaxInPlay> health{};
    for (size_t i = 0; i < blockers.size(); ++i) {
      defence += d10(s) + g.defence(s, defender, blockers[i]);
      health[i] = s.sides[size_t(defender)].warriors[blockers[i]].health;
    }
    const int to_player = RagnarokGame::combat_damage(
        attack, defence, std::span<int>(health.data(), blockers.size()));
    Side& def = s.sides[size_t(defender)];
    if (to_player < 0) {
      Warrior& a = s.sides[size_t(attacker)].warriors[size_t(pos)];
      a.shame = uint8_t(std::min(20, a.shame + 2));
    } else {
      for (size_t i = 0; i < blockers.size(); ++i)
        def.warriors[blockers[i]].health = int8_t(health[i]);
      def.health = int16_t(def.health - to_player);
    }
    if (check_death(s)) return;
  }
  leave_combat(s);
}

void Rules::leave_combat(State& s) const {
  // shame=turns: every shamed warrior of the attacker that was not declared missed this
  // combat and spends a counter (a declared one that was shamed spent it when it was skipped;
  // one blocked in this combat attacked).
  if (g.shame_turns()) {
    auto& ws = s.sides[s.active].warriors;
    for (size_t p = 0; p < ws.size(); ++p)
      if (ws[p].health > 0 && ws[p].shame > 0 && !s.attackers.contains(uint8_t(p))) --ws[p].shame;
  }
  sweep(s);
  if (check_death(s)) return;
  s.attackers.clear();
  s.block_order.clear();
  s.blocking.fill(kNone);
  if (s.step == 0)
    enter_attack(s, 1);
  else
    enter_prebid(s, 0);
}

// ---- Cleanup ----

// A player whose health reaches 0 in the Cleanup Phase dies then and there: deaths are
// checked after each card has acted (an unclaimed RR card acts on both players, and an
// unclaimed RR warrior attacks both, before the check: both dead is a double death), so no
// later heal revives a dead player and a dead player takes no further decision.
void Rules::cleanup(State& s) const {
  sweep(s);
  if (check_death(s)) return;
  // Repeating RR effects act on their owner, or on both players (in order) when unclaimed.
  for (int r = 0; r < kRrCards; ++r) {
    const RrCard& card = g.rr(uint8_t(r));
    if (card.kind != RrKind::Repeating) continue;
    for (int step = 0; step < 2; ++step) {
      const int seat = order_seat(s, step);
      if (g.rr_affects(s, r, seat)) apply_effect(s, card.effect, seat, kNone);
    }
    if (check_death(s)) return;
  }
  // Warriors' cleanup effects, in player order.
  for (int step = 0; step < 2; ++step) {
    const int seat = order_seat(s, step);
    for (size_t p = 0; p < s.sides[size_t(seat)].warriors.size(); ++p) {
      if (s.sides[size_t(seat)].warriors[p].health <= 0) continue;
      trigger(s, seat, int(p), Trigger::Cleanup);
      if (check_death(s)) return;
    }
  }
  sweep(s);
  if (check_death(s)) return;
  // RR warriors attack: an unclaimed one each player in order, a claimed one its owner's
  // opponent (claimed_rr_warrior=idle: not at all).
  s.rr_attacks.clear();
  for (int r = kRrCards - 1; r >= 0; --r) {  // popped from the back: lowest id first
    if (g.rr(uint8_t(r)).kind != RrKind::Warrior) continue;
    const RrZone z = s.rr_zone[size_t(r)];
    const bool claimed = z == RrZone::Claimed0 || z == RrZone::Claimed1;
    if (z != RrZone::Unclaimed && !(claimed && g.claimed_rr_attacks())) continue;
    // The neutral RR card (Side::blank_rr) does not attack for the side that claimed it.
    if (claimed && s.sides[z == RrZone::Claimed0 ? 0 : 1].blank_rr >> r & 1) continue;
    // shame=turns: a shamed RR warrior misses this Cleanup and spends a counter.
    if (g.shame_turns() && s.rr_shame[size_t(r)] > 0) {
      --s.rr_shame[size_t(r)];
      continue;
    }
    if (z == RrZone::Unclaimed) {
      s.rr_attacks.push_back(uint8_t(r << 1 | other(s.first)));
      s.rr_attacks.push_back(uint8_t(r << 1 | s.first));
    } else {
      s.rr_attacks.push_back(uint8_t(r << 1 | (z == RrZone::Claimed0 ? 1 : 0)));
    }
  }
  continue_rr_attacks(s);
}

namespace {

// True when the RR warrior `r` has attacked every player it attacks in this Cleanup.
bool rr_card_done(const State& s, int r) {
  return s.rr_attacks.empty() || (s.rr_attacks.back() >> 1) != r;
}

}  // namespace

void Rules::continue_rr_attacks(State& s) const {
  while (!s.rr_attacks.empty()) {
    const uint8_t next = s.rr_attacks.back();
    if (s.rr_shame[next >> 1] > 0) {  // shamed: it does not attack
      s.rr_attacks.pop_back();
      if (rr_card_done(s, next >> 1) && check_death(s)) return;
      continue;
    }
    s.active = uint8_t(next & 1);
    s.block_order.clear();
    s.phase = Phase::RrBlock;
    if (has_free_blocker(s, s.active)) return;  // the defender decides its blocks
    resolve_rr_attack(s);
    return;
  }
  end_round(s);
}

void Rules::resolve_rr_attack(State& s) const {
  const uint8_t next = s.rr_attacks.pop_back();
  const int r = next >> 1, defender = next & 1;
  Side& def = s.sides[size_t(defender)];
  for (uint8_t b : s.block_order) trigger(s, defender, b, Trigger::Block);
  const int attack = d10(s) + g.rr(uint8_t(r)).strength;
  int defence = 0;
  std::array<int, kMaxInPlay> health{};
  for (size_t i = 0; i < s.block_order.size(); ++i) {
    defence += d10(s) + g.defence(s, defender, s.block_order[i]);
    health[i] = def.warriors[s.block_order[i]].health;
  }
  const int to_player = RagnarokGame::combat_damage(
      attack, defence, std::span<int>(health.data(), s.block_order.size()));
  if (to_player < 0) {
    s.rr_shame[size_t(r)] = uint8_t(s.rr_shame[size_t(r)] + 2);
  } else {
    for (size_t i = 0; i < s.block_order.size(); ++i)
      def.warriors[s.block_order[i]].health = int8_t(health[i]);
    def.health = int16_t(std::max(-999, def.health - to_player));
  }
  s.block_order.clear();
  sweep(s);
  if (rr_card_done(s, r) && check_death(s)) return;
  continue_rr_attacks(s);
}

void Rules::end_round(State& s) const {
  sweep(s);
  if (check_death(s)) return;
  // What lasts a round lapses as it ends, the last round's too, so the final state of a
  // game ended by Glory holds no bonus for the round nor a card played in it.
  for (Side& side : s.sides) {
    side.warrior_played = side.event_played = false;
    side.bid_bonus = 0;
    for (Warrior& w : side.warriors) {
      w.strength_round = w.defence_round = 0;
      w.round_bonus = false;
    }
  }
  if (s.round >= g.rounds()) {
    end_by_glory(s, EndReason::Glory);
    return;
  }
  start_round(s);
}

}  // namespace nf::ragnarok
