// The observation tensor of a seat: what observation() and observation_key show it, as one-hot
// fields and scaled numbers. Seats are relative: the seat's own side first, then the
// opponent's; "own"/"other" zones likewise. C is the number of cards in the card file, D of
// decks in the deck file, R = 20 RR cards, W = 20 warrior slots.
//   [seat 2][seat to decide 2][seat first 2][phase 12][round / rounds 1][winner 2]
//   [RR zone per RR card: deck, current, unclaimed, claimed own/other, sacrificed own/other
//    R x 7][RR shame / 3, R][RR deck size / R 1]
//   [bid stage 3][bid leader 2][bid to beat / 20 1][step 2][window 2]
//   [pending event C][pending seat 2]
//   per side, own then opponent:
//     [health / start_health 1][glory / 20 1][deck size / 40 1][bid / 20 1][bid bonus / 5 1]
//     [warrior played 1][event played 1][hand size / 10 1][hand cards unseen / 10 1][deck D]
//     [hand cards the seat sees, per card C][valhalla per card C]
//     [RR offered R][RR committed R]
//     per warrior slot W: [present 1][card C][health, max health, strength, defence / 10 4]
//       [shame / 3 1][attacking, blocking, the attacker being blocked, offered, committed 5]
// Hidden: the opponent's unseen hand cards (counted, not named), both decks' order and the
// RR deck's order.
#include "core/tensor_writer.hpp"
#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

constexpr int kPhases = 12;
constexpr int kZones = 7;
constexpr float kStatScale = 10, kShameScale = 3, kBidScale = 20, kHandScale = 10;

// An RR zone as `seat` sees it: claims and sacrifices by itself or by the other seat.
int relative_zone(RrZone zone, int seat) {
  switch (zone) {
    case RrZone::Claimed0:
    case RrZone::Claimed1:
      return int(RrZone::Claimed0) + (int(zone) - int(RrZone::Claimed0) != seat);
    case RrZone::Valhalla0:
    case RrZone::Valhalla1:
      return int(RrZone::Valhalla0) + (int(zone) - int(RrZone::Valhalla0) != seat);
    default:
      return int(zone);
  }
}

// A seat as `seat` sees it: 0 itself, 1 the other; -1 (none) stays.
int relative_seat(int who, int seat) { return who < 0 || who > 1 ? -1 : int(who != seat); }

}  // namespace

std::vector<int> RagnarokGame::observation_shape() const {
  TensorWriter count({});
  write_observation(initial_state(0), 0, count);
  return {int(count.size())};
}

void RagnarokGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  TensorWriter w(out);
  write_observation(s, seat, w);
  w.finish();
}

void RagnarokGame::write_observation(const State& s, int seat, TensorWriter& w) const {
  const size_t cards = cards_->cards.size();
  const bool over = s.phase == Phase::Over;
  w.one_hot(2, seat);
  w.one_hot(2, over ? -1 : relative_seat(decider(s), seat));
  w.one_hot(2, relative_seat(s.first, seat));
  w.one_hot(kPhases, int(s.phase));
  w.scalar(float(s.round) / float(rounds_));
  w.one_hot(2, over ? relative_seat(s.winner, seat) : -1);
  for (int r = 0; r < kRrCards; ++r) w.one_hot(kZones, relative_zone(s.rr_zone[size_t(r)], seat));
  for (int r = 0; r < kRrCards; ++r) w.scalar(float(s.rr_shame[size_t(r)]) / kShameScale);
  w.scalar(float(s.rr_deck.size()) / float(kRrCards));
  w.one_hot(3, s.phase == Phase::Bid ? s.bid_stage : -1);
  w.one_hot(2, relative_seat(s.bid_leader == kNone ? -1 : s.bid_leader, seat));
  const bool bidding = s.phase == Phase::Bid && s.rr_current != kNone;
  w.scalar(bidding ? float(bid_requirement(s) - 1) / kBidScale : 0.0f);
  w.one_hot(2, s.step);
  w.one_hot(2, s.window);
  w.one_hot(cards, s.pending_event == kNone ? -1 : s.pending_event);
  w.one_hot(2, s.pending_event == kNone ? -1 : relative_seat(s.pending_seat, seat));
  for (const int p : {seat, other(seat)}) {
    const Side& side = s.sides[size_t(p)];
    w.scalar(float(side.health) / float(start_health_));
    w.scalar(float(glory(s, p)) / kBidScale);
    w.scalar(float(side.deck.size()) / float(kDeckSize));
    w.scalar(float(side.bid) / kBidScale);
    w.scalar(float(side.bid_bonus) / 5.0f);
    w.flag(side.warrior_played);
    w.flag(side.event_played);
    w.scalar(float(side.hand.size()) / kHandScale);
    FixedVector<uint8_t, kMaxHand> seen;
    for (size_t i = 0; i < side.hand.size(); ++i)
      if (p == seat || (side.known >> i & 1)) seen.push_back(side.hand[i]);
    w.scalar(float(side.hand.size() - seen.size()) / kHandScale);
    w.one_hot(decks_->decks.size(), side.deck_id);
    w.histogram(cards, seen, 0, 1.0f);
    w.histogram(cards, side.valhalla, 0, 1.0f);
    for (int r = 0; r < kRrCards; ++r) w.flag(side.offered_rr >> r & 1);
    for (int r = 0; r < kRrCards; ++r) w.flag(side.committed_rr >> r & 1);
    for (size_t i = 0; i < size_t(kMaxInPlay); ++i) {
      if (i >= side.warriors.size()) {
        w.skip(1 + cards + 4 + 1 + 5);
        continue;
      }
      const Warrior& warrior = side.warriors[i];
      const auto pos = uint8_t(i);
      w.flag(true);
      w.one_hot(cards, warrior.card);
      w.scalar(float(warrior.health) / kStatScale);
      w.scalar(float(max_health(s, p, int(i))) / kStatScale);
      w.scalar(float(strength(s, p, int(i))) / kStatScale);
      w.scalar(float(defence(s, p, int(i))) / kStatScale);
      w.scalar(float(warrior.shame) / kShameScale);
      const bool attacking = p == s.active && s.attackers.contains(pos);
      w.flag(attacking);
      w.flag(p != s.active && s.block_order.contains(pos));
      w.flag(attacking && s.cursor < s.attackers.size() && s.attackers[s.cursor] == pos);
      w.flag(side.offered >> i & 1);
      w.flag(side.committed >> i & 1);
    }
  }
}

}  // namespace nf::ragnarok
