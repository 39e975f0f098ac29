// Everything a reachable Ragnarok Rising state keeps, whatever was played (`ninefold check`
// and the tests call it after every step): every card in exactly one zone (each side's 40
// and the 20 RR cards conserved), health within its maximum, the round within the game.
#include <fmt/format.h>

#include <array>
#include <string>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {

std::string RagnarokGame::broken_invariant(const State& s) const {
  for (int seat = 0; seat < 2; ++seat) {
    const Side& side = s.sides[size_t(seat)];
    const std::string who = fmt::format("seat {}: ", seat);
    std::array<int, kMaxCards> count{}, expected{};
    for (uint8_t c : side.hand) ++count[c];
    for (uint8_t c : side.deck) ++count[c];
    for (uint8_t c : side.valhalla) ++count[c];
    for (const Warrior& w : side.warriors) ++count[w.card];
    if (s.pending_event != kNone && s.pending_seat == seat) ++count[s.pending_event];  // table
    for (uint8_t c : deck_cards(side.deck_id)) ++expected[c];
    if (count != expected)
      return who + "hand, deck, Valhalla, warriors and table do not hold the deck's 40 cards";
    for (size_t p = 0; p < side.warriors.size(); ++p) {
      const Warrior& w = side.warriors[p];
      if (w.health > max_health(s, seat, int(p)))
        return who + fmt::format("{} has more health than its maximum", card(w.card).name);
      // The dead are swept between fights; within one (and at the end) they may linger.
      if (s.phase != Phase::Block && s.phase != Phase::Defend && s.phase != Phase::AfterBlocks &&
          s.phase != Phase::Over && s.phase != Phase::Answer && w.health <= 0)
        return who + fmt::format("a dead {} is still in play", card(w.card).name);
    }
    if (side.health > start_health()) return who + "health above the starting health";
  }
  int rr_cards = int(s.rr_deck.size());
  for (int r = 0; r < kRrCards; ++r) {
    const RrZone z = s.rr_zone[size_t(r)];
    rr_cards += z != RrZone::Deck;
    if ((z == RrZone::Deck) != s.rr_deck.contains(uint8_t(r)))
      return fmt::format(
          "RR card {} is in the RR deck but its zone says otherwise (or the reverse)",
          rr(uint8_t(r)).name);
    if ((z == RrZone::Current) != (s.rr_current == r))
      return fmt::format(
          "RR card {} is the current card but its zone says otherwise (or the reverse)",
          rr(uint8_t(r)).name);
  }
  if (rr_cards != kRrCards) return "the RR cards are not 20 across their zones";
  if (s.round < 1 || s.round > rounds())
    return fmt::format("round {} is outside 1..{}", s.round, rounds());
  if (s.phase == Phase::Over && !sums_to_zero(returns(s), 2))
    return "the returns of the finished game do not add up to zero";
  return "";
}

}  // namespace nf::ragnarok
