// The Bid Phase: the first player bids or passes, the second may outbid or pass, and after a
// bid of the second the first may counter once (raise, or bid after its pass). A bid is a set
// of the bidder's warriors and claimed RR cards, offered one at a time; every card in a made
// bid is sacrificed, the loser's too.
#include <algorithm>
#include <bit>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {

int RagnarokGame::bid_value(int health, int shame) {
  return std::max(0, health - shame * (health / 3));
}

int RagnarokGame::bid_bonus(const State& s, int seat) const {
  return s.sides[size_t(seat)].bid_bonus + Rules(*this).aura(s, seat, EffectKind::Bid);
}

int RagnarokGame::offered_value(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  // A lasting bid bonus of an RR card offered in this bid is gone with the card.
  int total = side.bid_bonus + Rules(*this).aura(s, seat, EffectKind::Bid, side.offered_rr);
  for (size_t p = 0; p < side.warriors.size(); ++p)
    if (side.offered >> p & 1) total += bid_value(side.warriors[p].health, side.warriors[p].shame);
  for (int r = 0; r < kRrCards; ++r)
    if (side.offered_rr >> r & 1) total += rr(uint8_t(r)).glory;
  return total;
}

int RagnarokGame::bid_requirement(const State& s) const {
  return s.bid_leader == kNone ? rr(s.rr_current).glory : s.sides[s.bid_leader].bid + 1;
}

int Rules::best_possible_bid(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  const RrZone mine = seat == 0 ? RrZone::Claimed0 : RrZone::Claimed1;
  uint32_t own = 0;
  for (int r = 0; r < kRrCards; ++r)
    if (s.rr_zone[size_t(r)] == mine) own |= uint32_t(1) << r;
  // Bonuses that do not come from the player's own RR cards, then every warrior, then each own
  // RR card at the better of its Glory (offered) and its own bid bonus (kept).
  const int rest = aura(s, seat, EffectKind::Bid, own);
  int total = side.bid_bonus + rest;
  bool any = false;
  for (const Warrior& w : side.warriors)
    if (w.health > 0) total += RagnarokGame::bid_value(w.health, w.shame), any = true;
  int least_loss = 1 << 20;  // the cheapest RR card to offer when no warrior can be
  for (int r = 0; r < kRrCards; ++r) {
    if (!(own >> r & 1)) continue;
    const int glory = g.rr(uint8_t(r)).glory;
    const int kept = aura(s, seat, EffectKind::Bid, own & ~(uint32_t(1) << r)) - rest;
    total += std::max(glory, kept);
    least_loss = std::min(least_loss, std::max(glory, kept) - glory);
  }
  if (!any && own != 0) total -= least_loss, any = true;  // a bid needs one sacrifice
  return any ? total : 0;
}

void Rules::enter_bid(State& s) const {
  for (Side& side : s.sides)
    side.offered = side.committed = side.offered_rr = side.committed_rr = 0, side.bid = 0;
  s.bid_leader = kNone;
  s.bid_stage = 0;
  s.active = s.first;
  s.phase = Phase::Bid;
  continue_bid(s);
}

void Rules::continue_bid(State& s) const {
  // A bidder who cannot reach the requirement passes without a decision.
  if (best_possible_bid(s, s.active) < g.bid_requirement(s)) pass_bid(s);
}

void Rules::make_bid(State& s) const {
  Side& side = s.sides[s.active];
  side.committed = side.offered;
  side.committed_rr = side.offered_rr;
  side.bid = int16_t(g.offered_value(s, s.active));
  s.bid_leader = s.active;
  if (s.bid_stage == 0) {
    s.bid_stage = 1;
    s.active = uint8_t(other(s.first));
    continue_bid(s);
  } else if (s.bid_stage == 1) {
    // "A second chance to bid is given in the form of a counter bid": the first player may
    // counter once, whether it bid (a raise) or passed.
    s.bid_stage = 2;
    s.active = s.first;
    continue_bid(s);
  } else {
    end_bid(s);
  }
}

void Rules::pass_bid(State& s) const {
  Side& side = s.sides[s.active];
  side.offered = side.committed;
  side.offered_rr = side.committed_rr;
  if (s.bid_stage == 0) {
    s.bid_stage = 1;
    s.active = uint8_t(other(s.first));
    continue_bid(s);
  } else {
    end_bid(s);
  }
}

void Rules::end_bid(State& s) const {
  const uint8_t current = s.rr_current;
  s.rr_current = kNone;
  if (s.bid_leader == kNone)
    s.rr_zone[current] = RrZone::Unclaimed;
  else
    s.rr_zone[current] = s.bid_leader == 0 ? RrZone::Claimed0 : RrZone::Claimed1;
  // Every card of a made bid is lost, the losing bidder's too.
  for (int seat = 0; seat < 2; ++seat) {
    Side& side = s.sides[size_t(seat)];
    for (int p = int(side.warriors.size()) - 1; p >= 0; --p)
      if (side.committed >> p & 1) {
        side.valhalla.push_back(side.warriors[size_t(p)].card);
        side.warriors.erase_at(size_t(p));
      }
    for (int r = 0; r < kRrCards; ++r)
      if (side.committed_rr >> r & 1)
        s.rr_zone[size_t(r)] = seat == 0 ? RrZone::Valhalla0 : RrZone::Valhalla1;
    side.offered = side.committed = side.offered_rr = side.committed_rr = 0;
  }
  if (g.every_window())
    enter_precleanup(s, 0);
  else
    cleanup(s);
}

}  // namespace nf::ragnarok
