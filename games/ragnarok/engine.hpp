// The rules' moving parts, shared by rules.cpp (round flow, player phase, events, legal
// actions), effects.cpp (the effect vocabulary), combat.cpp (combat, RR warriors) and
// bid.cpp (the Bid Phase). Internal to the game: nothing outside games/ragnarok includes it.
#pragma once

#include "games/ragnarok/ragnarok.hpp"

namespace nf::ragnarok {

constexpr int other(int seat) { return 1 - seat; }
inline int order_seat(const State& s, int step) { return step == 0 ? s.first : other(s.first); }

class Rules {
 public:
  explicit Rules(const RagnarokGame& game) : g(game) {}
  const RagnarokGame& g;

  // Cards.
  void draw(State& s, int seat, int count) const;
  static void remove_from_hand(Side& side, size_t index);
  static void set_bit(CardMask& mask, uint8_t id) { mask[id / 64] |= uint64_t(1) << (id % 64); }

  // Round flow (rules.cpp): each function either stops at a decision or moves on.
  void start_round(State& s) const;
  void choose_order(State& s, bool go_first) const;
  void enter_main(State& s, int step) const;
  void continue_main(State& s) const;
  void enter_prebid(State& s, int step) const;
  void enter_precleanup(State& s, int step) const;  // event_windows=every
  void play_warrior(State& s, int seat, uint8_t card) const;
  void play_event(State& s, int seat, uint8_t card) const;
  void answer(State& s, uint8_t card) const;  // kNone: the answer is a pass
  void resume_after_event(State& s) const;
  void sweep(State& s) const;  // dead warriors to Valhalla, their death effects
  // A player at 0 health loses; both at 0 (one effect reached both): Glory decides. Called
  // after every effect, attack and RR card, so the game ends as soon as a player dies.
  bool check_death(State& s) const;
  void end_game(State& s, int winner, EndReason reason) const;
  void end_by_glory(State& s, EndReason reason) const;
  bool has_main_choice(const State& s) const;

  // Effects (effects.cpp). `pos` is the warrior whose effect it is, or kNone.
  void apply_effect(State& s, const Effect& e, int owner, int pos) const;
  void trigger(State& s, int seat, int pos, Trigger t) const;
  // `skip_rr`: RR cards (bit per id) whose lasting effect is left out (offered in a bid).
  int aura(const State& s, int seat, EffectKind kind, uint32_t skip_rr = 0) const;

  // Combat (combat.cpp).
  void enter_attack(State& s, int step) const;
  void end_declaration(State& s) const;
  void enter_block(State& s) const;
  void continue_block(State& s) const;
  void enter_after_blocks(State& s, int window) const;  // event_windows=every
  void resolve_combat(State& s) const;
  void leave_combat(State& s) const;
  void cleanup(State& s) const;
  void continue_rr_attacks(State& s) const;
  void resolve_rr_attack(State& s) const;
  void end_round(State& s) const;
  bool can_attack(const State& s, int seat, int pos) const;
  bool has_free_blocker(const State& s, int seat) const;

  // Bid Phase (bid.cpp).
  void enter_bid(State& s) const;
  void continue_bid(State& s) const;
  void make_bid(State& s) const;
  void pass_bid(State& s) const;
  void end_bid(State& s) const;
  int best_possible_bid(const State& s, int seat) const;
};

}  // namespace nf::ragnarok
