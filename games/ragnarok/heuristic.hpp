// A one-ply policy for Ragnarok Rising with named weights: it chooses the order from the race
// between the two boards, plays its best warrior every round (its body, its on-play effect and what
// its cleanup effect or aura does while it stays in play), plays events whose estimated effect is
// worth it (holding bid events for the Bid Phase and counters for answers), attacks with warriors
// strong enough against the best enemy blocker unless the enemy's blockers would shame every
// attacker, blocks when the health it saves is worth the blocker's loss (a lone blocker's over
// every pair of dice faces; with a spare blocker more, until the defence is sure), and bids when
// the RR card (its Glory and what it does for its owner) is worth the warriors it sacrifices (less
// in the last rounds, when they have little left to fight for), less when the other bidder can
// still beat the bid. It sees only what its seat sees.
#pragma once

#include "core/params.hpp"
#include "core/rng.hpp"
#include "games/ragnarok/ragnarok.hpp"

namespace nf::ragnarok {

class Heuristic {
 public:
  static ParamSchema schema();
  Heuristic(const RagnarokGame& game, const ParamSet& params);

  Action choose(const State& s, Rng& rng) const;

  // Exposed for tests: the estimated worth of `e` to `owner` played now.
  double effect_value(const State& s, const Effect& e, int owner) const;
  // A warrior's worth on the board (what sacrificing or losing it costs).
  double board_value(const State& s, int seat, int pos) const;
  // The estimated worth to `seat` of claiming RR card `r` now: its Glory and what it does for
  // its owner in the rounds left (an unclaimed card acts on both players alike).
  double rr_value(const State& s, int seat, uint8_t r) const;
  // How much faster `seat`'s attackers wear the opponent down than the opponent's wear `seat`:
  // each side's expected unblocked damage in one combat as a share of the other's health.
  double race(const State& s, int seat) const;
  // A lone blocker of `defence` and `health` against an attack of `strength`, each side adding
  // a d10: the expected damage it takes, the chance it is slain and the expected health it
  // saves its player.
  struct LoneBlock {
    double damage = 0, slain = 0, saved = 0;
  };
  static LoneBlock lone_block(int strength, int defence, int health);

 private:
  struct Weights {
    double go_first, first_race, aggression, block, wall, sure_block, glory, rr_effect, rr_attack,
        rr_horizon, lasting, lifetime, growth, endgame, contest, counter, event_threshold, epsilon;
    bool block_dice;
    int second_until;
  };

  // Rounds whose Cleanup is still to come, this round's included.
  double rounds_left(const State& s) const { return game_->rounds() - s.round + 1; }
  // effect_value and round_value: `e` played once now, or one of the rounds it acts again.
  double rate(const State& s, const Effect& e, int owner, int joining, bool recurring) const;
  // The worth to `owner` of one of the rounds in which `e` acts again (a warrior's cleanup
  // effect, an RR card's repeating or lasting one), with `joining` more own warriors in play.
  double round_value(const State& s, const Effect& e, int owner, int joining) const;
  // What a warrior's own effect is worth while it stays in play (`joining`: 1 for a warrior
  // still in hand): a cleanup effect every round of its expected life, an aura as a lasting
  // bonus; nothing for one-off triggers.
  double lasting_worth(const State& s, const Effect& e, int seat, int joining) const;
  Action choose_order(const State& s, int seat) const;
  Action choose_main(const State& s, int seat) const;
  Action choose_window(const State& s, int seat) const;
  Action choose_answer(const State& s, int seat) const;
  Action choose_attack(const State& s, int seat) const;
  Action choose_block(const State& s, int seat, int attack_strength) const;
  Action choose_bid(const State& s, int seat) const;
  // The board-cheapest set of warriors whose bid reaches `need` with what is offered already:
  // its next sacrifice (Pass when nothing is left to add) and the board value of every
  // warrior in it not yet committed to a made bid.
  struct BidPlan {
    bool reaches = false;
    Action next{Verb::Pass, 0};
    double cost = 0;
  };
  BidPlan plan_bid(const State& s, int seat, int need) const;

  const RagnarokGame* game_;
  Weights w_;
};

}  // namespace nf::ragnarok
