// The interpreter of the effect vocabulary (data.hpp): Valor, wounds and healing, power cards,
// skill points, dice; region powers, passive powers, bid powers and the powers used on a turn.
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {
namespace {

bool phase_matches(const Power& p, int phase) { return p.phase == kAnyPhase || p.phase == phase; }

}  // namespace

void NinthWorldGame::gain_valor(State& s, int h, int amount, Source source) const {
  Hero& hero = s.heroes[size_t(h)];
  hero.valor_by[source] = int16_t(hero.valor_by[source] + amount);
  hero.valor = int16_t(hero.valor + amount);
}

int NinthWorldGame::roll_die(State& s) const {
  // Two good faces, two blank, two bad.
  const uint32_t face = s.rng.below(6);
  return face < 2 ? 1 : face < 4 ? 0 : -1;
}

// A stack holds at most every card of the power deck: kMaxStack is the deck's size.
static_assert(kMaxStack >= kPowerCards);

void NinthWorldGame::gain_power(State& s, int h) const {
  // The drawn card covers the bottom power (power_gain=under_wounds: it goes under the wounds
  // that cover it); an empty deck gives nothing.
  if (s.power_deck.empty()) return;
  auto& stack = s.heroes[size_t(h)].stack;
  stack.push_back(s.power_deck.pop_back());
  if (!power_under_wounds_) return;
  for (size_t i = stack.size() - 1; i > 0 && (stack[i - 1] & kWoundSide); --i)
    std::swap(stack[i], stack[i - 1]);
}

void NinthWorldGame::gain_wound(State& s, int h) const {
  if (s.power_deck.empty()) return;
  s.heroes[size_t(h)].stack.push_back(uint8_t(s.power_deck.pop_back() | kWoundSide));
}

void NinthWorldGame::heal_wound(State& s, int h) const {
  // The topmost wound goes back into the deck, at a random place.
  auto& stack = s.heroes[size_t(h)].stack;
  for (size_t i = stack.size(); i-- > 0;) {
    if (!(stack[i] & kWoundSide)) continue;
    s.power_deck.push_back(uint8_t(stack[i] & ~kWoundSide));
    stack.erase_at(i);
    std::swap(s.power_deck.back(), s.power_deck[s.rng.below(uint32_t(s.power_deck.size()))]);
    return;
  }
}

void NinthWorldGame::claim_prize(State& s, int h, int card, bool to_discard) const {
  const CardDef& def = data_->card(card);
  Hero& hero = s.heroes[size_t(h)];
  hero.claimed[size_t(card) / 8] = uint8_t(hero.claimed[size_t(card) / 8] | 1 << (card % 8));
  if (!hero.blank_card(card)) {  // the neutral card gives nothing
    gain_valor(s, h, def.valor, FromPrizes);
    if (def.power.present()) apply_effect(s, h, def.power);
  }
  if (to_discard) discard(s, card);
}

void NinthWorldGame::apply_effect(State& s, int h, const Power& p) const {
  Hero& hero = s.heroes[size_t(h)];
  switch (p.effect) {
    case EffectKind::Valor:
      return gain_valor(s, h, p.amount, FromPowers);
    case EffectKind::Wound:
      for (int i = 0; i < p.amount; ++i) gain_wound(s, h);
      return;
    case EffectKind::Heal:
      for (int i = 0; i < p.amount; ++i) heal_wound(s, h);
      return;
    case EffectKind::Power:
      for (int i = 0; i < p.amount; ++i) gain_power(s, h);
      return;
    case EffectKind::Points:
      hero.total = uint8_t(hero.total + p.amount);
      hero.points = uint8_t(hero.points + p.amount);
      if (p.skill == s.phase) hero.phase_points = uint8_t(hero.phase_points + p.amount);
      return;
    case EffectKind::ValorPerRank:
      return gain_valor(s, h, rank_of(hero, p.skill), FromPowers);
    case EffectKind::Gamble: {
      const int die = roll_die(s);
      if (die > 0) gain_valor(s, h, p.amount, FromPowers);
      if (die < 0) gain_wound(s, h);
      return;
    }
    case EffectKind::Token:
      hero.token = true;
      return;
    case EffectKind::RefreshTown:
      for (int slot = 0; slot < town_slots_; ++slot) {
        if (s.town[size_t(slot)] != kNone) s.town_discard.push_back(s.town[size_t(slot)]);
        s.town[size_t(slot)] = kNone;
        s.town_pooled[size_t(slot)] = 0;
        s.town_pool_by[size_t(slot)] = {};
      }
      return deal_town(s);
    case EffectKind::Reveal:
      return reveal_wild(s, p.amount);
    case EffectKind::Cost:
      return;  // read by claim_cost
    case EffectKind::Copy:
      return;  // chosen as a bid power (use_power); tableau_power shows the copy
  }
}

void NinthWorldGame::region_powers(State& s, Trigger when) const {
  const Power& p = region(s).powers[size_t(path_card(s.round))];
  if (p.trigger != when || (when == Trigger::PhaseStart && p.phase != s.phase)) return;
  if (p.effect == EffectKind::RefreshTown || p.effect == EffectKind::Reveal)
    return apply_effect(s, s.monolith, p);
  // Every hero, from the monolith owner clockwise.
  for (int d = 0; d < players_; ++d) apply_effect(s, (s.monolith + d) % players_, p);
}

void NinthWorldGame::passive(State& s, int h, Trigger when, int card) const {
  Hero& hero = s.heroes[size_t(h)];
  const Power* own = tableau_power(hero);
  auto fits = [&](const Power& p) {
    if (p.trigger != when || !phase_matches(p, s.phase)) return false;
    if (when != Trigger::Claim) return true;
    const CardDef& def = data_->card(card);
    return (p.card_type == kAnyType || p.card_type == uint8_t(def.type)) &&
           checked_cost(s, card) >= p.min_cost;
  };
  if (own && !(hero.used & 1) && fits(*own)) {
    hero.used |= 1;  // each power once per phase
    apply_effect(s, h, *own);
  }
  if (when != Trigger::NoClaim) return;
  // Cyphers whose power rewards claiming nothing.
  for (size_t c = 0; c < hero.display.size();) {
    const Power& p = data_->card(hero.display[c].card).power;
    if (p.trigger != Trigger::NoClaim || hero.display[c].used || !phase_matches(p, s.phase)) {
      ++c;
      continue;
    }
    hero.display[c].used = true;
    apply_effect(s, h, p);
    if (!p.discard) {
      ++c;
      continue;
    }
    const uint8_t cypher = hero.display[c].card;
    hero.display.erase_at(c);
    discard(s, cypher);
  }
}

bool NinthWorldGame::has_bid_power(const State& s, int h) const {
  return !visit_bid_powers(s, h, [](Action) { return false; });
}

void NinthWorldGame::bid_power_actions(const State& s, int h,
                                       FixedVector<Action, kMaxBidPowers>& out) const {
  visit_bid_powers(s, h, [&](Action a) {
    out.push_back(a);
    return true;
  });
}

void NinthWorldGame::use_power(State& s, int h, Action a) const {
  Hero& hero = s.heroes[size_t(h)];
  switch (PowerSource(a.a)) {
    case TableauPower:
      hero.used |= 1;
      return apply_effect(s, h, *tableau_power(hero));
    case HeroToken:
      hero.token = false;
      return apply_effect(s, h, data_->hero(hero.def).token);
    case CypherPower: {
      const uint8_t cypher = hero.display[a.b].card;
      const Power& p = data_->card(cypher).power;
      hero.display[a.b].used = true;
      if (p.discard) {
        hero.display.erase_at(a.b);
        discard(s, cypher);
      }
      return apply_effect(s, h, p);
    }
    case CopyPower:
      // Another hero's power as it shows now, or a solo ally's printed power, for the phase.
      hero.copy = copy_code(s, a.b);
      return;
    case AllyDiscard: {
      hero.allies = uint8_t(hero.allies & ~(1 << a.b));
      Power boost;
      boost.trigger = Trigger::Bid;
      boost.effect = EffectKind::Points;
      boost.amount = kAllyPoints;
      boost.skill = s.phase;  // a matching skill: the points count for the tie-break
      return apply_effect(s, h, boost);
    }
  }
}

}  // namespace nf::ninth_world
