// Text forms of Ragnarok Rising: action names (stable, used in game records), the
// human-readable state, each seat's observation, the state hash and the observation key.
#include <fmt/format.h>

#include "core/hash.hpp"
#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

constexpr std::array<std::string_view, 12> kPhaseNames = {
    "initiative: choose the order", "player phase",
    "answer to an event",           "attack",
    "event before blocks",          "blocks",
    "event before the bid",         "bid",
    "blocking an RR warrior",       "event after blocks",
    "event before the cleanup",     "game over"};

std::string_view zone_name(RrZone z) {
  static constexpr std::array<std::string_view, 7> names = {"deck",
                                                            "current",
                                                            "unclaimed",
                                                            "claimed by seat 0",
                                                            "claimed by seat 1",
                                                            "sacrificed by seat 0",
                                                            "sacrificed by seat 1"};
  return names[size_t(z)];
}

}  // namespace

std::string RagnarokGame::action_to_string(const State& s, Action a) const {
  const int seat = decider(s);
  auto warrior = [&](int who, int pos) {
    return fmt::format("#{} {}", pos, card(s.sides[size_t(who)].warriors[size_t(pos)].card).name);
  };
  switch (a.verb) {
    case Verb::GoFirst:
      return "go first";
    case Verb::GoSecond:
      return "go second";
    case Verb::Warrior:
      return fmt::format("warrior {}", card(a.a).name);
    case Verb::Event:
      return fmt::format("event {}", card(a.a).name);
    case Verb::Done:
      return "done";
    case Verb::Attack:
      return fmt::format("attack {}", warrior(seat, a.a));
    case Verb::Block:
      return fmt::format("block {}", warrior(seat, a.a));
    case Verb::Pass:
      return "pass";
    case Verb::Offer:
      return fmt::format("offer {}", warrior(seat, a.a));
    case Verb::OfferRr:
      return fmt::format("offer rr {}", rr(a.a).name);
    case Verb::Bid:
      return "bid";
  }
  return "?";
}

namespace {

// What `seat` sees; seat -1: everything (the render).
std::string view(const RagnarokGame& g, const State& s, int seat) {
  std::string out =
      fmt::format("round {}/{}, {}", s.round, g.rounds(), kPhaseNames[size_t(s.phase)]);
  if (s.phase == Phase::Over)
    out += s.winner < 0 ? " (draw)\n" : fmt::format(" (seat {} wins)\n", s.winner);
  else
    out += fmt::format(", seat {} to decide, seat {} first\n", g.decider(s), s.first);
  if (s.rr_current != kNone) {
    const RrCard& c = g.rr(s.rr_current);
    out += fmt::format("RR card up: {} (glory {})", c.name, c.glory);
    if (s.phase == Phase::Bid) out += fmt::format(", bid to beat: {}", g.bid_requirement(s) - 1);
    out += "\n";
  }
  for (int r = 0; r < kRrCards; ++r) {
    const RrZone z = s.rr_zone[size_t(r)];
    if (z == RrZone::Deck || z == RrZone::Current) continue;
    out += fmt::format(
        "  RR {} ({}): {}{}\n", g.rr(uint8_t(r)).name, g.rr(uint8_t(r)).glory, zone_name(z),
        s.rr_shame[size_t(r)] ? fmt::format(", shame {}", s.rr_shame[size_t(r)]) : "");
  }
  if (s.pending_event != kNone)
    out += fmt::format("event waiting for an answer: {} (seat {})\n", g.card(s.pending_event).name,
                       s.pending_seat);
  for (int p = 0; p < 2; ++p) {
    const Side& side = s.sides[size_t(p)];
    out += fmt::format("seat {} [{}]: health {}, glory {}, deck {}, bid {}{}{}\n", p,
                       g.decks().decks[side.deck_id].name, side.health, g.glory(s, p),
                       side.deck.size(), side.bid, side.warrior_played ? ", warrior played" : "",
                       side.event_played ? ", event played" : "");
    std::vector<std::string> hand;
    for (size_t i = 0; i < side.hand.size(); ++i)
      hand.push_back(seat < 0 || seat == p || (side.known >> i & 1)
                         ? std::string(g.card(side.hand[i]).name)
                         : std::string("?"));
    out += fmt::format("  hand: {}\n", fmt::join(hand, ", "));
    for (size_t i = 0; i < side.warriors.size(); ++i) {
      const Warrior& w = side.warriors[i];
      // The dead stay on the board until their fight ends (docs/games/ragnarok.md, Rulings).
      out += fmt::format("  #{} {}: health {}/{}{}, strength {}, defence {}{}{}{}{}\n", i,
                         g.card(w.card).name, w.health, g.max_health(s, p, int(i)),
                         w.health <= 0 ? " (dead)" : "", g.strength(s, p, int(i)),
                         g.defence(s, p, int(i)), w.shame ? fmt::format(", shame {}", w.shame) : "",
                         s.attackers.contains(uint8_t(i)) && p == s.active ? ", attacking" : "",
                         s.block_order.contains(uint8_t(i)) && p != s.active ? ", blocking" : "",
                         (side.offered >> i & 1) ? ", offered" : "");
    }
    std::vector<std::string_view> dead;
    for (uint8_t c : side.valhalla) dead.push_back(g.card(c).name);
    out += fmt::format("  valhalla: {}\n", fmt::join(dead, ", "));
  }
  return out;
}

}  // namespace

std::string RagnarokGame::render(const State& s) const { return view(*this, s, -1); }

std::string RagnarokGame::observation(const State& s, int seat) const {
  return view(*this, s, seat);
}

namespace {

// Feeds everything public and what `seat` sees (seat -1: everything, the rng aside).
void feed(const State& s, int seat, Hasher& h) {
  for (int p = 0; p < 2; ++p) {
    const Side& side = s.sides[size_t(p)];
    h.add(side.health).add(side.known).add(side.deck.size()).add(side.deck_id);
    h.add(side.warrior_played).add(side.event_played).add(side.bid_bonus).add(side.bid);
    h.add(side.offered).add(side.committed).add(side.offered_rr).add(side.committed_rr);
    h.add(side.hand.size());
    for (size_t i = 0; i < side.hand.size(); ++i)
      h.add(seat < 0 || seat == p || (side.known >> i & 1) ? side.hand[i] : kNone);
    if (seat < 0) h.add_bytes(side.deck);
    h.add_bytes(side.valhalla);
    h.add(side.warriors.size());
    for (const Warrior& w : side.warriors)
      h.add(w.card)
          .add(w.health)
          .add(w.shame)
          .add(w.max_bonus)
          .add(w.strength_round)
          .add(w.defence_round)
          .add(w.strength_lasting)
          .add(w.defence_lasting)
          .add(w.round_bonus);
  }
  if (seat < 0) h.add_bytes(s.rr_deck);
  // Only a causal replacement makes RR cards neutral: other states hash as before.
  if (s.sides[0].blank_rr != 0 || s.sides[1].blank_rr != 0)
    h.add(s.sides[0].blank_rr).add(s.sides[1].blank_rr);
  h.add(s.rr_deck.size());
  for (int r = 0; r < kRrCards; ++r) h.add(s.rr_zone[size_t(r)]).add(s.rr_shame[size_t(r)]);
  h.add(s.rr_current).add(s.round).add(s.phase).add(s.first).add(s.active).add(s.step);
  h.add(s.bid_stage).add(s.bid_leader).add(s.cursor).add(s.window);
  h.add(s.pending_event).add(s.pending_seat);
  h.add(s.resume).add(s.winner).add(s.end_reason);
  h.add_bytes(s.attackers).add_bytes(s.block_order).add_bytes(s.rr_attacks);
  for (uint8_t b : s.blocking) h.add(b);
}

}  // namespace

uint64_t RagnarokGame::hash(const State& s) const {
  Hasher h;
  h.add(data_hash_);
  feed(s, -1, h);
  h.add(s.rng.fingerprint());
  return h.value();
}

uint64_t RagnarokGame::observation_key(const State& s, int seat) const {
  Hasher h;
  feed(s, seat, h);
  return h.value();
}

}  // namespace nf::ragnarok
