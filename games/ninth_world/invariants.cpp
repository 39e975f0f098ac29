// Everything a reachable state of The Ninth World keeps, whatever was played: every card in
// exactly one zone, five skill cards per hero with ranks 1-4, Valor equal to the sum of its
// sources, an ending that fits the mode. `ninefold check` calls it after every step.
#include <fmt/format.h>

#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

std::string NinthWorldGame::broken_invariant(const State& s) const {
  // Every town and wilderness card, and every power card, in exactly one zone.
  std::array<int, kCards> seen{};
  std::array<int, kPowerCards> powers{};
  for (uint8_t c : s.town_deck) ++seen[c];
  for (uint8_t c : s.town_discard) ++seen[c];
  for (uint8_t c : s.wild_deck) ++seen[c];
  for (uint8_t c : s.wild_discard) ++seen[c];
  for (int slot = 0; slot < kMaxTownSlots; ++slot) {
    const uint8_t card = s.town[size_t(slot)];
    if (card == kNone) continue;
    if (slot >= town_slots_) return fmt::format("a card in town slot {}, beyond the row", slot);
    if (s.town_wounds >> slot & 1) return fmt::format("a card in wounded town slot {}", slot);
    ++seen[card];
  }
  for (int slot = 0; slot < kMaxTownSlots; ++slot) {
    int pooled = 0;
    for (uint8_t p : s.town_pool_by[size_t(slot)]) pooled += p;
    if (pooled != s.town_pooled[size_t(slot)])
      return fmt::format("town slot {}: pooled points do not add up", slot);
    const uint8_t wound = s.town_wound_card[size_t(slot)];
    if (wound == kNone) continue;
    if (!(s.town_wounds >> slot & 1))
      return fmt::format("a wound card on unwounded town slot {}", slot);
    ++powers[wound];
  }
  for (const WildCard& w : s.wild) {
    int pooled = 0;
    for (uint8_t p : w.pool_by) pooled += p;
    if (pooled != w.pooled) return "a wilderness card's pooled points do not add up";
    ++seen[w.card];
    if (!data_->card(w.card).wilderness || type_[w.card] == uint8_t(CardType::Prize))
      return fmt::format("'{}' lies faceup in the wilderness", data_->card(w.card).name);
  }
  for (uint8_t c : s.power_deck) ++powers[c];
  for (uint8_t c : s.offered)
    if (c != kNone) ++powers[c];
  for (int h = 0; h < players_; ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    auto who = [&] { return fmt::format("hero {} ({})", h, data_->hero(hero.def).name); };
    for (const Displayed& d : hero.display) {
      ++seen[d.card];
      const CardDef& def = data_->card(d.card);
      if (def.type != CardType::Cypher && def.type != CardType::Quest)
        return fmt::format("{} displays '{}', neither a cypher nor a quest", who(), def.name);
      if (def.type == CardType::Quest && d.tokens >= def.tiers)
        return fmt::format("{} displays '{}' with every tier completed", who(), def.name);
    }
    for (uint8_t c : hero.stack) ++powers[c & ~kWoundSide];
    // Five skill cards: ranks 1-4 (Effort 1), no skill twice except Effort.
    std::array<int, kSkills> count{};
    for (int i = 0; i < kHandSize; ++i) {
      const int skill = hero.skill[size_t(i)], rank = hero.rank[size_t(i)];
      if (skill >= kSkills) return fmt::format("{} holds an unknown skill card", who());
      if (rank < 1 || rank > (skill == Effort ? 1 : kMaxRank))
        return fmt::format("{} holds a skill card of rank {}", who(), rank);
      ++count[size_t(skill)];
    }
    for (int k = Scout; k <= Focus; ++k)
      if (count[size_t(k)] > 1) return fmt::format("{} holds two cards of one skill", who());
    // Valor accounting: the sum of its sources, none negative.
    int sum = 0;
    for (int16_t v : hero.valor_by) {
      if (v < 0) return fmt::format("{} has a negative Valor source", who());
      sum += v;
    }
    if (hero.valor != sum)
      return fmt::format("{} has {} Valor but its sources add up to {}", who(), hero.valor, sum);
    if (hero.points > hero.total) return fmt::format("{} has more points than it bid", who());
    if (hero.set_bonus > kMaxRank) return fmt::format("{} earned a set bonus beyond rank 4", who());
  }
  for (int c = 0; c < kCards; ++c)
    if (seen[size_t(c)] != 1)
      return fmt::format("'{}' (card {}) is in {} zones", data_->card(c).name, c, seen[size_t(c)]);
  for (int c = 0; c < kPowerCards; ++c)
    if (powers[size_t(c)] != 1)
      return fmt::format("power card '{}' ({}) is in {} places", data_->powers[size_t(c)].text, c,
                         powers[size_t(c)]);
  if (s.round < 1 || s.round > rounds_) return "round outside 1..rounds";
  if (s.step != Step::Over && (s.actor >= players_ || s.phase < Scout || s.phase > Focus))
    return "the actor or the phase is out of range";
  // A game ends the way its mode can: the team wins or loses a co-op game, the highest score
  // wins a competitive one, whose returns then add up to zero.
  if (s.step == Step::Over) {
    const bool team_ending = s.end_reason >= EndReason::TeamWon;
    if (s.end_reason == EndReason::None) return "the game is over without an end reason";
    if (cooperative() != team_ending)
      return fmt::format("a {} game ended by '{}'", cooperative() ? "co-op" : "competitive",
                         end_reasons()[size_t(s.end_reason)]);
    if (!cooperative() && !sums_to_zero(returns(s), players_))
      return "the returns of the finished competitive game do not add up to zero";
  } else if (s.end_reason != EndReason::None) {
    return "an end reason before the game is over";
  }
  return "";
}

}  // namespace nf::ninth_world
