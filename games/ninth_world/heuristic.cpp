#include "games/ninth_world/heuristic.hpp"

#include <algorithm>
#include <cmath>

namespace nf::ninth_world {

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("extra_scout", 0, 0, 5, "cards bid in Scout besides Scout cards"),
      ParamSpec::real("extra_tinker", 0, 0, 5, "cards bid in Tinker besides Tinker cards"),
      ParamSpec::real("extra_charm", 0, 0, 5, "cards bid in Charm besides Charm cards"),
      ParamSpec::real("extra_combat", 0, 0, 5, "cards bid in Combat besides Combat cards"),
      ParamSpec::real("coop_scout", 1, 0, 5, "co-op: more cards bid in Scout"),
      ParamSpec::real("coop_combat", 1, 0, 5, "co-op: more cards bid in Combat"),
      ParamSpec::real("wound", 7, 0, 30, "cost of a wound (5 Valor at the end and a lost power)"),
      ParamSpec::real("power", 2, 0, 20, "value of gaining a power card"),
      ParamSpec::real("cypher", 1, 0, 20, "value of a displayed cypher's power"),
      ParamSpec::real("quest_tier", 0.5, 0, 2, "share of a quest's tier Valor counted at claim"),
      ParamSpec::real("rank", 2, 0, 20, "future value of one more rank, rounds left scaled"),
      ParamSpec::real("heal", 2, 0, 20, "value of the power a healed wound uncovers"),
      ParamSpec::real("mark", 0.5, 0, 5,
                      "share of a wilderness card's net value gained by marking it"),
      ParamSpec::real("draw", 1.2, 0, 5, "value of drawing and marking an unseen wilderness card"),
      ParamSpec::real("threat", 3, 0, 20,
                      "co-op: value of taking a cypher or creature out of the wilderness"),
      ParamSpec::real("town_bias", 0, -5, 5, "preference for town claims over wilderness claims"),
      ParamSpec::real("claim_margin", 0, -5, 5, "net gain a claim must exceed"),
      ParamSpec::real("epsilon", 0, 0, 1, "chance of a uniformly random legal move"),
  };
}

Heuristic::Heuristic(const NinthWorldGame& game, const ParamSet& p) : game_(&game) {
  w_.extra_scout = p.get_real("extra_scout");
  w_.extra_tinker = p.get_real("extra_tinker");
  w_.extra_charm = p.get_real("extra_charm");
  w_.extra_combat = p.get_real("extra_combat");
  w_.coop_scout = p.get_real("coop_scout");
  w_.coop_combat = p.get_real("coop_combat");
  w_.wound = p.get_real("wound");
  w_.power = p.get_real("power");
  w_.cypher = p.get_real("cypher");
  w_.quest_tier = p.get_real("quest_tier");
  w_.rank = p.get_real("rank");
  w_.heal = p.get_real("heal");
  w_.mark = p.get_real("mark");
  w_.draw = p.get_real("draw");
  w_.threat = p.get_real("threat");
  w_.town_bias = p.get_real("town_bias");
  w_.claim_margin = p.get_real("claim_margin");
  w_.epsilon = p.get_real("epsilon");
}

uint8_t Heuristic::desired_bid(const State& s, int h) const {
  const Hero& hero = s.heroes[size_t(h)];
  const uint8_t free = uint8_t(~hero.spent & 0x1f);
  if (s.phase == Focus) return free;  // unbid cards are wasted at the round's end
  uint8_t want = 0;
  for (int i = 0; i < kHandSize; ++i)
    if ((free >> i & 1) && hero.skill[size_t(i)] == s.phase) want = uint8_t(want | 1 << i);
  const std::array<double, 5> extras = {w_.extra_scout, w_.extra_tinker, w_.extra_charm,
                                        w_.extra_combat, 5};
  double more = 0;
  if (game_->cooperative())
    more = s.phase == Scout ? w_.coop_scout : s.phase == Combat ? w_.coop_combat : 0;
  int extra = int(std::lround(extras[size_t(s.phase - 1)] + more));
  // Co-op Combat: enough to claim the cheapest creature this hero has marked in the wilderness.
  if (game_->cooperative() && s.phase == Combat) {
    int target = 0;
    for (const WildCard& w : s.wild)
      if ((w.marks >> h & 1) && game_->data().card(w.card).type == CardType::Creature) {
        const int cost = game_->claim_cost(s, w.card);
        target = target == 0 ? cost : std::min(target, cost);
      }
    int value = 0;
    for (int i = 0; i < kHandSize; ++i)
      if (want >> i & 1) value += NinthWorldGame::bid_points(hero, i, s.phase);
    extra = std::max(extra, target - value);
  }
  // Effort first, then ranked cards whose own phase has passed this round.
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < kHandSize && extra > 0; ++i) {
      const int skill = hero.skill[size_t(i)];
      const bool fits = pass == 0 ? skill == Effort : (skill != Effort && skill < s.phase);
      if ((free >> i & 1) && !(want >> i & 1) && fits) want = uint8_t(want | 1 << i), --extra;
    }
  return want;
}

Action Heuristic::choose_bid(const State& s) const {
  const Hero& hero = s.heroes[s.actor];
  const uint8_t missing = uint8_t(desired_bid(s, s.actor) & ~hero.bid);
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  for (int i = 0; i < kHandSize; ++i) {
    if (!(missing >> i & 1)) continue;
    for (const Action& a : actions)  // an identical card stands for the wanted one
      if (a.verb == Verb::Bid && hero.skill[a.a] == hero.skill[size_t(i)] &&
          hero.rank[a.a] == hero.rank[size_t(i)])
        return a;
  }
  return {Verb::EndBid, 0, 0};
}

double Heuristic::effect_value(const State& s, int h, const Power& p) const {
  const Hero& hero = s.heroes[size_t(h)];
  switch (p.effect) {
    case EffectKind::Valor:
    case EffectKind::Points:
      return p.amount;
    case EffectKind::Wound:
      return -w_.wound * p.amount;
    case EffectKind::Heal:
      return hero.wounds() > 0 ? w_.heal + kWoundPenalty : 0;
    case EffectKind::Power:
      return w_.power * p.amount;
    case EffectKind::ValorPerRank:
      return NinthWorldGame::rank_of(hero, p.skill);
    case EffectKind::Gamble:
      return (p.amount - w_.wound) / 3.0;
    case EffectKind::Token:
      return hero.token ? 0 : 1;
    default:
      return 0;
  }
}

double Heuristic::card_value(const State& s, int h, int card, bool wilderness) const {
  const CardDef& def = game_->data().card(card);
  double v = def.valor;
  switch (def.type) {
    case CardType::Creature:
    case CardType::Prize:
      if (def.power.present()) v += effect_value(s, h, def.power);
      break;
    case CardType::Cypher:
      if (def.power.present()) v += w_.cypher;
      break;
    case CardType::Quest: {
      double tiers = 0;
      for (int t = 0; t < def.tiers; ++t) tiers += def.tier_valor[size_t(t)];
      if (game_->cooperative() && wilderness) {
        if (def.power.present()) v += effect_value(s, h, def.power);
      } else {
        v += w_.quest_tier * tiers;
      }
      break;
    }
  }
  if (game_->cooperative() && wilderness && def.type != CardType::Quest) v += w_.threat;
  return v;
}

double Heuristic::action_score(const State& s, Action a) const {
  const int h = s.actor;
  const Hero& hero = s.heroes[size_t(h)];
  const DataSet& data = game_->data();
  const double rounds_left = game_->rounds() - s.round;
  switch (a.verb) {
    case Verb::Mark: {
      const int card = s.wild[a.a].card;
      const double net = card_value(s, h, card, true) - game_->claim_cost(s, card);
      if (!game_->cooperative()) return w_.mark * net - 1;
      // Co-op: creatures attack the town (two dice from cost 5), cyphers raise the threshold.
      const CardDef& def = data.card(card);
      const double danger = def.type == CardType::Creature ? (def.cost >= 5 ? 2.0 : 1.0)
                            : def.type == CardType::Cypher ? 0.5
                                                           : 0.0;
      return w_.mark * net - 1 + w_.threat * danger;
    }
    case Verb::Draw:
      return w_.draw - 1;
    case Verb::Claim: {
      const bool wild = a.a == 1;
      const int card = wild ? s.wild[a.b].card : s.town[a.b];
      const int pooled = wild ? s.wild[a.b].pooled : s.town_pooled[a.b];
      const double pay = game_->claim_cost(s, card) - pooled;
      return card_value(s, h, card, wild) - pay + (wild ? 0 : w_.town_bias) - w_.claim_margin +
             0.01;
    }
    case Verb::Pool: {
      const bool wild = a.a == 1;
      const int card = wild ? s.wild[a.b].card : s.town[a.b];
      const bool threat = game_->cooperative() && wild && data.card(card).type != CardType::Quest;
      return threat && pool_completes(s, wild, a.b) ? w_.threat / game_->claim_cost(s, card) : -1;
    }
    case Verb::Quest: {
      const int quest = a.a >= kWildQuest ? s.wild[a.a - kWildQuest].card : hero.display[a.a].card;
      const int tokens =
          a.a >= kWildQuest ? s.wild[a.a - kWildQuest].tokens : hero.display[a.a].tokens;
      const bool power = data.card(hero.display[a.b].card).power.present();
      return data.card(quest).tier_valor[size_t(tokens)] - (power ? w_.cypher : 0) + 0.01;
    }
    case Verb::Advance: {
      const bool effort = hero.skill[a.a] == Effort;
      const int cost = effort ? 1 : hero.rank[a.a] + 1;
      return kAdvanceValor + w_.rank * rounds_left / game_->rounds() - cost + 0.02;
    }
    case Verb::Heal:
      return kWoundPenalty + w_.heal - kHealCost;
    case Verb::Power: {
      if (a.a == CypherPower) {
        const Power& p = data.card(hero.display[a.b].card).power;
        return effect_value(s, h, p) - (p.discard ? w_.cypher * 0.5 : 0);
      }
      const Power* own = game_->tableau_power(hero);
      return own ? effect_value(s, h, *own) : 0;
    }
    default:
      return 0;
  }
}

bool Heuristic::pool_completes(const State& s, bool wilderness, int index) const {
  const int card = wilderness ? s.wild[size_t(index)].card : s.town[size_t(index)];
  int points = (wilderness ? s.wild[size_t(index)].pooled : s.town_pooled[size_t(index)]) +
               s.heroes[s.actor].points;
  for (size_t t = s.turn + 1u; t < s.order.size(); ++t) {
    const int h = s.order[t];
    const Hero& other = s.heroes[size_t(h)];
    if (wilderness && !(s.wild[size_t(index)].marks >> h & 1)) continue;
    if (other.where == (wilderness ? 1 : 2)) continue;
    points += other.points;
  }
  return points >= game_->claim_cost(s, card);
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  if (w_.epsilon > 0 && rng.chance(w_.epsilon)) return actions[rng.below(uint32_t(actions.size()))];
  switch (s.step) {
    case Step::SetPowers: {
      // A dealt power card replaces the tableau's when it is a plain Valor or point gain.
      const Power* own = game_->tableau_power(s.heroes[s.actor]);
      Action best = {Verb::KeepPower, 0, 0};
      double best_value = own ? effect_value(s, s.actor, *own) : 0;
      for (int k = 0; k < 2; ++k) {
        const Power& p = game_->data().powers[s.offered[size_t(2 * s.actor + k)]];
        if (effect_value(s, s.actor, p) > best_value)
          best_value = effect_value(s, s.actor, p), best = {Verb::TakePower, uint8_t(k), 0};
      }
      return best;
    }
    case Step::Bid:
      return choose_bid(s);
    case Step::BidPowers:
      // Points are never worth less than the Valor they convert to.
      return actions[0];
    default:
      break;
  }
  Action best = {Verb::EndTurn, 0, 0};
  double best_score = 0;
  for (const Action& a : actions) {
    if (a.verb == Verb::EndTurn) continue;
    const double score = action_score(s, a);
    if (score > best_score) best_score = score, best = a;
  }
  return best;
}

}  // namespace nf::ninth_world
