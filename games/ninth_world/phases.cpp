// A hero's mid-phase turn: marking and drawing wilderness cards (Scout), claiming cyphers,
// quests and creatures (Tinker, Charm, Combat; co-op heroes pool points), advancing a skill
// and healing (Focus), and quest tiers. Every action is one small decision.
#include <algorithm>

#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {
namespace {

bool is_claim_phase(int phase) { return phase == Tinker || phase == Charm || phase == Combat; }

}  // namespace

bool NinthWorldGame::can_claim(const State& s, int h, bool wilderness, int index, bool pool) const {
  const Hero& hero = s.heroes[size_t(h)];
  if (!is_claim_phase(s.phase) || hero.where == (wilderness ? 1 : 2)) return false;
  int card = kNone, pooled = 0;
  if (wilderness) {
    const WildCard& w = s.wild[size_t(index)];
    if (!(w.marks >> h & 1)) return false;  // only cards the hero has marked
    card = w.card, pooled = w.pooled;
  } else {
    card = s.town[size_t(index)], pooled = s.town_pooled[size_t(index)];
  }
  if (card == kNone || type_[size_t(card)] != claimed_type(s.phase)) return false;
  const auto type = CardType(type_[size_t(card)]);
  const bool wild_quest = cooperative() && wilderness && type == CardType::Quest;
  if (wild_quest && s.wild[size_t(index)].tokens < data_->card(card).tiers)
    return false;  // not completed
  if (type != CardType::Creature && !wild_quest && hero.display.full()) return false;
  const int cost = claim_cost(s, card);
  // Pooling needs another hero to pool with: not in solo play.
  if (pool) return mode_ == Mode::Coop && players_ > 1 && hero.points >= 1 && pooled + 1 < cost;
  return hero.points >= cost - pooled;
}

void NinthWorldGame::act_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  const int h = s.actor;
  const Hero& hero = s.heroes[size_t(h)];
  if (s.phase == Scout && hero.points >= 1) {
    for (size_t i = 0; i < s.wild.size(); ++i) {
      const WildCard& w = s.wild[i];
      if (!(w.marks >> h & 1) && w.sideways == kNone) out.push_back({Verb::Mark, uint8_t(i), 0});
    }
    if (!s.wild.full() && (!s.wild_deck.empty() || !s.wild_discard.empty()))
      out.push_back({Verb::Draw, 0, 0});
  }
  if (is_claim_phase(s.phase)) {
    // Most cards are of another type (or unmarked, in the wilderness): skip them cheaply.
    const uint8_t type = claimed_type(s.phase);
    for (int slot = 0; slot < town_slots_ && hero.where != 2; ++slot) {
      const uint8_t card = s.town[size_t(slot)];
      if (card == kNone || type_[card] != type) continue;
      if (can_claim(s, h, false, slot, false)) out.push_back({Verb::Claim, 0, uint8_t(slot)});
      if (cooperative() && can_claim(s, h, false, slot, true))
        out.push_back({Verb::Pool, 0, uint8_t(slot)});
    }
    for (size_t i = 0; i < s.wild.size() && hero.where != 1; ++i) {
      if (!(s.wild[i].marks >> h & 1) || type_[s.wild[i].card] != type) continue;
      if (can_claim(s, h, true, int(i), false)) out.push_back({Verb::Claim, 1, uint8_t(i)});
      if (cooperative() && can_claim(s, h, true, int(i), true))
        out.push_back({Verb::Pool, 1, uint8_t(i)});
    }
  }
  if (s.phase == Focus) {
    if (!hero.advanced) {
      bool effort_listed = false;
      for (int i = 0; i < kHandSize; ++i) {
        const int skill = hero.skill[size_t(i)], rank = hero.rank[size_t(i)];
        if (skill != Effort) {
          if (rank < kMaxRank && hero.points >= rank + 1)
            out.push_back({Verb::Advance, uint8_t(i), 0});
        } else if (!effort_listed && hero.points >= 1) {
          effort_listed = true;  // the Effort cards are alike: the first stands for all
          for (int k = Scout; k <= Focus; ++k)
            if (rank_of(hero, k) == 0) out.push_back({Verb::Advance, uint8_t(i), uint8_t(k)});
        }
      }
    }
    if (hero.points >= kHealCost && hero.wounds() > 0) out.push_back({Verb::Heal, 0, 0});
  }
  // A displayed cypher may be discarded to complete a tier of the oldest tinker quest.
  int quest = -1;
  for (size_t q = 0; q < hero.display.size() && quest < 0; ++q)
    if (flags_[hero.display[q].card] & kTinkerQuest) quest = int(q);
  if (quest < 0 && cooperative())
    for (size_t i = 0; i < s.wild.size() && quest < 0; ++i) {
      const WildCard& w = s.wild[i];
      if ((w.marks >> h & 1) && (flags_[w.card] & kTinkerQuest) &&
          w.tokens < data_->card(w.card).tiers)
        quest = kWildQuest + int(i);
    }
  if (quest >= 0)
    for (size_t c = 0; c < hero.display.size(); ++c)
      if (data_->card(hero.display[c].card).type == CardType::Cypher && !hero.display[c].used)
        out.push_back({Verb::Quest, uint8_t(quest), uint8_t(c)});
  // Powers used during the turn (a heal only by a wounded hero: it would do nothing).
  const Power* own = tableau_power(hero);
  if (own && own->trigger == Trigger::Use && !(hero.used & 1) && can_act_in_phase(s, hero, *own))
    out.push_back({Verb::Power, TableauPower, 0});
  for (size_t c = 0; c < hero.display.size(); ++c) {
    if (!(flags_[hero.display[c].card] & kUsePower) || hero.display[c].used) continue;
    if (can_act_in_phase(s, hero, data_->card(hero.display[c].card).power))
      out.push_back({Verb::Power, CypherPower, uint8_t(c)});
  }
  out.push_back({Verb::EndTurn, 0, 0});
}

void NinthWorldGame::act(State& s, Action a) const {
  const int h = s.actor;
  Hero& hero = s.heroes[size_t(h)];
  switch (a.verb) {
    case Verb::Mark:
      --hero.points;
      s.wild[a.a].marks = uint8_t(s.wild[a.a].marks | 1 << h);
      // Marking a co-op wilderness quest only makes its tiers available: this mark does not
      // complete one of them.
      quest_progress(s, h, Scout, a.a);
      return;
    case Verb::Draw: {
      --hero.points;
      const int card = draw_wild(s);
      int placed = -1;
      if (data_->card(card).type == CardType::Prize) {
        claim_prize(s, h, card);  // marked and at once unmarked: it is not placed
      } else {
        WildCard w;
        w.card = uint8_t(card);
        w.marks = uint8_t(1 << h);
        w.sideways = uint8_t(h);
        s.wild.push_back(w);
        placed = int(s.wild.size()) - 1;
      }
      quest_progress(s, h, Scout, placed);  // a drawn quest is marked, not yet advanced
      return;
    }
    case Verb::Claim:
      return claim(s, h, a.a == 1, a.b);
    case Verb::Pool:
      --hero.points;
      hero.where = uint8_t(a.a + 1);
      if (a.a == 1) {
        ++s.wild[a.b].pooled;
        ++s.wild[a.b].pool_by[size_t(h)];
      } else {
        ++s.town_pooled[a.b];
        ++s.town_pool_by[a.b][size_t(h)];
      }
      return;
    case Verb::Quest: {
      const uint8_t cypher = hero.display[a.b].card;
      hero.display.erase_at(a.b);
      discard(s, cypher);
      if (a.a >= kWildQuest) {
        wild_tier(s, h, s.wild[size_t(a.a - kWildQuest)]);
      } else {
        complete_tier(s, h, a.a > a.b ? a.a - 1 : a.a);
      }
      return;
    }
    case Verb::Advance:
      return advance(s, h, a.a, a.b);
    case Verb::Heal:
      hero.points = uint8_t(hero.points - kHealCost);
      heal_wound(s, h);
      return;
    default:
      return;
  }
}

void NinthWorldGame::claim(State& s, int h, bool wilderness, int index) const {
  Hero& hero = s.heroes[size_t(h)];
  int card;
  if (wilderness) {
    card = s.wild[size_t(index)].card;
    hero.points = uint8_t(hero.points - (claim_cost(s, card) - s.wild[size_t(index)].pooled));
    s.wild.erase_at(size_t(index));
  } else {
    card = s.town[size_t(index)];
    hero.points = uint8_t(hero.points - (claim_cost(s, card) - s.town_pooled[size_t(index)]));
    s.town[size_t(index)] = kNone;
    s.town_pooled[size_t(index)] = 0;
    s.town_pool_by[size_t(index)] = {};
  }
  hero.where = wilderness ? 2 : 1;
  ++hero.claims;
  hero.claimed[size_t(card) / 8] = uint8_t(hero.claimed[size_t(card) / 8] | 1 << (card % 8));
  const CardDef& def = data_->card(card);
  // The neutral card keeps what the claim rules read (type, cost) and gives nothing of its own;
  // the hero's powers and quests still see a claim.
  const bool blank = hero.blank_card(card);
  if (!blank) gain_valor(s, h, def.valor, FromClaims);
  passive(s, h, Trigger::Claim, card);
  switch (def.type) {
    case CardType::Creature:
      if (!blank && def.power.present()) apply_effect(s, h, def.power);
      discard(s, card);
      quest_progress(s, h, Combat);
      return;
    case CardType::Quest:
      // Co-op: completed (and its effect done) with its last tier before it could be claimed.
      if (blank || (cooperative() && wilderness)) return discard(s, card);
      hero.display.push_back({uint8_t(card), 0, false});
      return;
    default:
      if (blank) return discard(s, card);
      hero.display.push_back({uint8_t(card), 0, false});
      return;
  }
}

void NinthWorldGame::advance(State& s, int h, int slot, int new_skill) const {
  Hero& hero = s.heroes[size_t(h)];
  if (hero.skill[size_t(slot)] == Effort) {
    hero.skill[size_t(slot)] = uint8_t(new_skill);
    hero.rank[size_t(slot)] = 1;
    hero.points = uint8_t(hero.points - 1);
  } else {
    ++hero.rank[size_t(slot)];
    hero.points = uint8_t(hero.points - hero.rank[size_t(slot)]);
  }
  hero.advanced = true;
  gain_valor(s, h, kAdvanceValor, FromAdvances);
  // 5 Valor each time all five skills reach a new rank (no Effort left).
  int lowest = kMaxRank;
  for (int i = 0; i < kHandSize; ++i)
    lowest = hero.skill[size_t(i)] == Effort ? 0 : std::min(lowest, int(hero.rank[size_t(i)]));
  while (hero.set_bonus < lowest) {
    ++hero.set_bonus;
    gain_valor(s, h, kSetBonus, FromSetBonus);
  }
  quest_progress(s, h, Focus);
  passive(s, h, Trigger::Advance, kNone);
}

void NinthWorldGame::quest_progress(State& s, int h, int quest_skill, int except) const {
  // One tier of one quest per action: the oldest displayed quest of the type, else (co-op) the
  // first marked wilderness quest of the type (not `except`, the card this action marked).
  Hero& hero = s.heroes[size_t(h)];
  for (size_t q = 0; q < hero.display.size(); ++q) {
    const CardDef& def = data_->card(hero.display[q].card);
    if (def.type == CardType::Quest && def.quest_skill == quest_skill)
      return complete_tier(s, h, int(q));
  }
  if (!cooperative()) return;
  for (size_t i = 0; i < s.wild.size(); ++i) {
    WildCard& w = s.wild[i];
    const CardDef& def = data_->card(w.card);
    if ((w.marks >> h & 1) && def.type == CardType::Quest && def.quest_skill == quest_skill &&
        w.tokens < def.tiers && int(i) != except)
      return wild_tier(s, h, w);
  }
}

void NinthWorldGame::wild_tier(State& s, int h, WildCard& w) const {
  // Co-op: the acting hero gains the tier's Valor. The last tier completes the quest: its
  // effect acts for that hero and a charm quest may advance; it stays in the wilderness until
  // a hero who marked it claims it in Charm.
  // A quest that is the neutral card for the hero: its tiers are completed but give nothing.
  const CardDef& def = data_->card(w.card);
  const bool blank = s.heroes[size_t(h)].blank_card(w.card);
  if (!blank) gain_valor(s, h, def.tier_valor[w.tokens], FromTiers);
  if (++w.tokens < def.tiers) return;
  if (!blank && def.power.present()) apply_effect(s, h, def.power);
  quest_progress(s, h, Charm);
}

void NinthWorldGame::complete_tier(State& s, int h, int index) const {
  Hero& hero = s.heroes[size_t(h)];
  Displayed& quest = hero.display[size_t(index)];
  const CardDef& def = data_->card(quest.card);
  gain_valor(s, h, def.tier_valor[quest.tokens], FromTiers);
  if (++quest.tokens < def.tiers) return;
  const uint8_t card = quest.card;
  hero.display.erase_at(size_t(index));
  complete_quest(s, h, card);
}

void NinthWorldGame::complete_quest(State& s, int h, int card) const {
  const CardDef& def = data_->card(card);
  discard(s, card);
  if (def.power.present()) apply_effect(s, h, def.power);
  quest_progress(s, h, Charm);  // completing a quest advances a charm quest
}

}  // namespace nf::ninth_world
