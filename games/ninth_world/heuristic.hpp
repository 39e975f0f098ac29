// A one-ply policy for The Ninth World with named weights. It bids its in-phase cards in
// their phase, a set number of other cards in each claiming phase and everything left in
// Focus (a card unbid at round end is wasted); it uses bid powers that add points; on its
// turn it scores every action (a claim by its Valor and effects against the points it costs,
// which would otherwise convert to Valor one for one; a mark by what it opens; an advance by
// its Valor and the ranks it adds; a heal by the penalty it lifts) and takes the best one
// worth more than ending the turn. In co-op it also values clearing the wilderness, whose
// cyphers raise the threshold and whose creatures attack the town. It sees only what its
// seat sees: other heroes' hidden bids are never read.
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

class Heuristic {
 public:
  static constexpr int kPoolCost = 4;  // co-op: cards from this cost are claimed by two heroes
  static ParamSchema schema();
  Heuristic(const NinthWorldGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Exposed for tests: the score of a mid-phase action (0 is the value of ending the turn).
  double action_score(const State& s, Action a) const;
  // The skill cards (bit mask) it wants to bid in the current phase.
  uint8_t desired_bid(const State& s, int hero) const;

 private:
  struct Weights {
    std::array<double, 6> point;  // competitive: a point's worth beyond its Valor, by phase
    double extra_scout, extra_tinker, extra_charm, extra_combat;  // extra cards bid per phase
    double wound, wound_healed, power, cypher, quest_tier, quest_pace, rank, rank_round, set_share,
        claim_extra, heal, mark, draw, threat, quest_threat, mark_later, coop_focus, coop_skill,
        town_bias, claim_margin, epsilon, coop_effort, coop_wound, cypher_threat, coop_town,
        coop_rescue, town_risk, check_threat;
    bool hold_token, coop_own_extra;
  };

  Action choose_bid(const State& s) const;
  // Points the hero's bid powers add in `phase`: the lasting ones (tableau power, kept
  // cyphers), and all (also the token and the cyphers discarded for points).
  struct Bonus {
    int lasting = 0, all = 0;
  };
  Bonus phase_bonus(const State& s, int hero, int phase) const;
  // The Valor of the next tier of the displayed quest an action of this type advances, and
  // the tiers its displayed quests of the type have left.
  int tier_gain(const State& s, int hero, int quest_skill) const;
  int quest_tiers_left(const State& s, int hero, int quest_skill) const;
  // Competitive: the points it wants in Scout (marks) and in a claiming phase (the cost of
  // its best affordable claims), and the 1-point cards it keeps for its Focus advance.
  int scout_need(const State& s, int hero, int cap) const;  // counts up to `cap`
  int claim_need(const State& s, int hero, int base, int limit) const;
  int focus_reserve(const State& s, int hero) const;
  int advance_cost(const State& s, int hero) const;   // of the advance it plans (0: none)
  int points_wanted(const State& s, int hero) const;  // after the reveal: what the plan costs
  // Competitive: what advancing the skill card in `slot` is worth before its cost.
  double advance_value(const State& s, int hero, int slot, int new_skill) const;
  double effect_value(const State& s, int hero, const Power& p) const;
  // Co-op: what a healing power would heal of the hero's wounds, each worth its 5 Valor at the
  // checks and the power it uncovers (0 for another power).
  double heal_worth(const State& s, int hero, const Power& p) const;
  double wound_cost(const State& s) const;  // what a wound taken now costs
  // What the hero's claim power adds to claiming `card` now.
  double claim_bonus(const State& s, int hero, int card) const;
  // `tiers_done`: a co-op wilderness quest's tiers already completed (paid to their heroes).
  double card_value(const State& s, int hero, int card, bool wilderness, int tiers_done = 0) const;
  double quest_tiers_value(const State& s, int hero, const CardDef& def) const;
  // Co-op: the points it wants this phase for the wilderness (the cards to mark in Scout, the
  // marked cards it may claim in the claiming phases).
  int coop_target(const State& s, int hero) const;
  // Co-op: what its unspent cards are worth in the claiming phases left this round, the cost
  // of the wilderness cards it marked and may claim in a phase (and in the claiming phases
  // after one), a wilderness card's danger to the
  // team, and whether it can still claim a card this round if it marks it now.
  int claim_budget(const State& s, int hero, uint8_t reserved = 0) const;
  uint8_t coop_bid(const State& s, int hero) const;  // desired_bid in co-op
  int share(const State& s, int card) const;         // the points it expects to pay for a card
  int marked_cost(const State& s, int hero, int phase) const;
  int committed(const State& s, int hero, int after_phase) const;  // later claiming phases
  double danger(const State& s, int hero, const WildCard& w) const;
  // Co-op: the share of a creature's danger counted, from `town_risk` times the town's risk, at
  // most 1 (1 with `town_risk=0`).
  double town_risk(const State& s) const;
  // Co-op and solo: how short the lowest hero is of the next check's Valor, per round left
  // before it, from 0 (not short) to 1 (10 Valor a round or more).
  double check_pressure(const State& s) const;
  bool worth_marking(const State& s, int hero, const WildCard& w) const;
  bool affordable(const State& s, int hero, const WildCard& w, int extra_marks) const;
  // Co-op: whether this hero can complete tiers of a wilderness quest of this type.
  bool can_progress(const State& s, int hero, int quest_skill) const;
  // Co-op: whether the heroes after this one in the phase could finish paying for the card
  // if this one pools all its points on it.
  bool pool_completes(const State& s, bool wilderness, int index) const;
  // action_score with the cost of a town claim given (town_claim_cost), so a choice among
  // many actions works it out once.
  double action_score(const State& s, Action a, double town_cost) const;
  // Co-op: what a town claim costs now, `coop_town` while the actor has a wilderness claim or
  // pool worth making this phase, else 0.
  double town_claim_cost(const State& s) const;

  const NinthWorldGame* game_;
  Weights w_{};
};

}  // namespace nf::ninth_world
