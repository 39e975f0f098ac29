#include "games/ninth_world/heuristic.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace nf::ninth_world {

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("extra_scout", 0, 0, 5, "cards bid in Scout besides Scout cards"),
      ParamSpec::real("extra_tinker", 0, 0, 5, "cards bid in Tinker besides Tinker cards"),
      ParamSpec::real("extra_charm", 0, 0, 5, "cards bid in Charm besides Charm cards"),
      ParamSpec::real("extra_combat", 0, 0, 5, "cards bid in Combat besides Combat cards"),
      ParamSpec::real("wound", 7, 0, 30, "cost of a wound (5 Valor at the end and a lost power)"),
      ParamSpec::real("wound_healed", 3, 0, 30,
                      "competitive: cost of a wound taken before Focus (healed there for 2 "
                      "points, its power covered until then)"),
      ParamSpec::real("power", 2, 0, 20, "value of gaining a power card"),
      ParamSpec::real("cypher", 1, 0, 20, "value of a displayed cypher's power"),
      ParamSpec::real("quest_tier", 0.5, 0, 2,
                      "share of a quest's tier Valor counted at claim (competitive: of the "
                      "tiers it can complete in the rounds left)"),
      ParamSpec::real("quest_pace", 0.5, 0, 3,
                      "competitive: tiers a round of a tinker, charm or combat quest"),
      ParamSpec::real("rank", 2, 0, 20, "co-op: future value of one more rank, rounds left scaled"),
      ParamSpec::real("rank_round", 1, 0, 5,
                      "competitive: value of one more rank for each round left after this one"),
      ParamSpec::real("point_scout", 0, -1, 3,
                      "competitive: value of a Scout point beyond the Valor it converts to "
                      "(a rank's future points, a new skill's choice)"),
      ParamSpec::real("point_tinker", 0.3, -1, 3, "competitive: the same for a Tinker point"),
      ParamSpec::real("point_charm", 0.3, -1, 3, "competitive: the same for a Charm point"),
      ParamSpec::real("point_combat", 0.5, -1, 3, "competitive: the same for a Combat point"),
      ParamSpec::real("point_focus", 0.5, -1, 3, "competitive: the same for a Focus point"),
      ParamSpec::real("set_share", 0.5, 0, 2,
                      "share of the next all-skills bonus counted for raising a lowest skill"),
      ParamSpec::real("claim_extra", 0.5, 0, 5,
                      "competitive: net gain a claim must exceed to bid extra cards for it"),
      ParamSpec::real("heal", 2, 0, 20, "value of the power a healed wound uncovers"),
      ParamSpec::real("mark", 0.5, 0, 5,
                      "share of a wilderness card's net value gained by marking it"),
      ParamSpec::real("draw", 1.2, 0, 5, "value of drawing and marking an unseen wilderness card"),
      ParamSpec::real("threat", 3, 0, 20,
                      "co-op: value of taking a cypher or creature out of the wilderness"),
      ParamSpec::real("mark_later", 0.5, 0, 1,
                      "co-op: share of a card's danger counted when marking it for a later round"),
      ParamSpec::real("coop_focus", 1, 0, 5,
                      "co-op: points of other cards kept for advancing in Focus"),
      ParamSpec::real("town_risk", 1.3, 0, 10,
                      "co-op: a creature's danger scales with the hits the wilderness's "
                      "creatures would deal the town in the rounds left per unwounded slot, "
                      "times this, at most 1 (0: always full)"),
      ParamSpec::real("coop_skill", 2, 0, 20,
                      "co-op: extra future value of a Combat or Scout rank"),
      ParamSpec::real("coop_effort", 0, 0, 1,
                      "co-op (not solo): share of `rank` counted for advancing Effort (a new "
                      "rank-1 skill adds no point, a rank 2 or more adds one a round)"),
      ParamSpec::real("coop_wound", 7, 0, 30,
                      "co-op: cost of a wound taken before Focus (healed there for 2 points)"),
      ParamSpec::real("cypher_threat", 0.5, 0, 5,
                      "co-op: danger of a wilderness cypher (it raises every hero's threshold)"),
      ParamSpec::real("check_threat", 1, 0, 10,
                      "co-op: before the last check, a wilderness cypher's danger per round to "
                      "it, times how short the lowest hero is"),
      ParamSpec::real("coop_town", 3, 0, 20,
                      "co-op (not solo): cost of a town claim while a marked wilderness card "
                      "is worth claiming or pooling on instead"),
      ParamSpec::real("coop_rescue", 1, 0, 5,
                      "co-op with 2 or more heroes: weight, in marking, of the wounds a healing "
                      "cypher would heal of the marking hero's (each costs 5 at every check)"),
      ParamSpec::real("quest_threat", 1, 0, 5,
                      "co-op: danger of an incomplete wilderness quest (it deals a card a round)"),
      ParamSpec::boolean("coop_own_extra", false,
                         "co-op: true bids every rank-1 card of a claiming phase in it, false "
                         "only what the phase's claims need (the rest count as much later)"),
      ParamSpec::boolean("hold_token", false,
                         "competitive: true keeps the hero token for a phase whose plan is short "
                         "of points (or the last round), false uses it in its phase at once"),
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
  w_.wound = p.get_real("wound");
  w_.wound_healed = p.get_real("wound_healed");
  w_.power = p.get_real("power");
  w_.cypher = p.get_real("cypher");
  w_.quest_tier = p.get_real("quest_tier");
  w_.quest_pace = p.get_real("quest_pace");
  w_.rank = p.get_real("rank");
  w_.rank_round = p.get_real("rank_round");
  w_.set_share = p.get_real("set_share");
  w_.point = {0,
              p.get_real("point_scout"),
              p.get_real("point_tinker"),
              p.get_real("point_charm"),
              p.get_real("point_combat"),
              p.get_real("point_focus")};
  w_.claim_extra = p.get_real("claim_extra");
  w_.heal = p.get_real("heal");
  w_.mark = p.get_real("mark");
  w_.draw = p.get_real("draw");
  w_.threat = p.get_real("threat");
  w_.quest_threat = p.get_real("quest_threat");
  w_.coop_skill = p.get_real("coop_skill");
  w_.coop_effort = p.get_real("coop_effort");
  w_.coop_wound = p.get_real("coop_wound");
  w_.cypher_threat = p.get_real("cypher_threat");
  w_.coop_town = p.get_real("coop_town");
  w_.coop_rescue = p.get_real("coop_rescue");
  w_.town_risk = p.get_real("town_risk");
  w_.check_threat = p.get_real("check_threat");
  w_.hold_token = p.get_bool("hold_token");
  w_.coop_own_extra = p.get_bool("coop_own_extra");
  w_.coop_focus = p.get_real("coop_focus");
  w_.mark_later = p.get_real("mark_later");
  w_.town_bias = p.get_real("town_bias");
  w_.claim_margin = p.get_real("claim_margin");
  w_.epsilon = p.get_real("epsilon");
}

uint8_t Heuristic::desired_bid(const State& s, int h) const {
  const Hero& hero = s.heroes[size_t(h)];
  const uint8_t free = uint8_t(~hero.spent & 0x1f);
  if (s.phase == Focus) return free;  // unbid cards are wasted at the round's end
  if (game_->cooperative()) return coop_bid(s, h);
  // Competitive. A card of rank 2 or more counts its rank only in its own phase, so it is bid
  // there. Every other card (Effort, rank 1, a card whose phase has passed) is worth 1 point
  // wherever it is bid: it joins a bid only for what the phase offers, as an extra, and the
  // rest wait for Focus.
  uint8_t want = 0, pool = 0;
  int base = 0;
  for (int i = 0; i < kHandSize; ++i) {
    if (!(free >> i & 1)) continue;
    const int skill = hero.skill[size_t(i)], rank = hero.rank[size_t(i)];
    if (skill == s.phase && rank > 1) {
      want = uint8_t(want | 1 << i), base += rank;
    } else if (skill == Effort || rank == 1 || skill < s.phase) {
      pool = uint8_t(pool | 1 << i);
    }
  }
  const Bonus bonuses = phase_bonus(s, h, s.phase);
  const int bonus = bonuses.lasting;
  const std::array<double, 5> extras = {w_.extra_scout, w_.extra_tinker, w_.extra_charm,
                                        w_.extra_combat, 5};
  // What the phase offers: the points its best claims cost; in Scout a mark for every tier
  // of a displayed scout quest and every wilderness card worth marking; at least one card
  // when a lasting bid power adds points (they become Valor). The cards the planned Focus
  // advance needs stay in hand.
  int extra = int(std::lround(extras[size_t(s.phase - 1)]));
  if (!pool) return want;  // no card to add
  // The once-only powers (token, cyphers discarded for points) may pay for a claim too.
  const int need =
      s.phase == Scout
          ? scout_need(s, h, base + bonus + std::popcount(unsigned(pool)))
          : claim_need(s, h, base + bonus, base + std::popcount(unsigned(pool)) + bonuses.all);
  extra = std::max(extra, need - base - bonus);
  if (!want && bonus > 0) extra = std::max(extra, 1);
  if (extra <= 0) return want;
  extra = std::min(extra, std::popcount(unsigned(pool)) - focus_reserve(s, h));
  // Cards whose phase has passed first, then Effort, then this phase's, then later phases'.
  for (int pass = 0; pass < 4; ++pass)
    for (int i = 0; i < kHandSize && extra > 0; ++i) {
      const int skill = hero.skill[size_t(i)];
      const bool fits = pass == 0   ? skill != Effort && skill < s.phase
                        : pass == 1 ? skill == Effort
                        : pass == 2 ? skill == s.phase
                                    : skill > s.phase;
      if ((pool >> i & 1) && fits)
        want = uint8_t(want | 1 << i), pool = uint8_t(pool & ~(1 << i)), --extra;
    }
  return want;
}

Heuristic::Bonus Heuristic::phase_bonus(const State& s, int h, int phase) const {
  // Points the hero's bid powers add in `phase`: the lasting ones (its tableau power and kept
  // cyphers), and all of them (also its token and the cyphers discarded for points).
  const Hero& hero = s.heroes[size_t(h)];
  auto points = [&](const Power& p) {
    return p.trigger == Trigger::Bid && p.effect == EffectKind::Points &&
                   (p.phase == kAnyPhase || p.phase == phase)
               ? int(p.amount)
               : 0;
  };
  Bonus bonus;
  if (const Power* own = game_->tableau_power(hero); own && !(hero.used & 1))
    bonus.lasting += points(*own);
  if (hero.token) bonus.all += points(game_->data().hero(hero.def).token);
  for (const Displayed& d : hero.display) {
    if (d.used) continue;
    const Power& p = game_->data().card(d.card).power;
    (p.discard ? bonus.all : bonus.lasting) += points(p);
  }
  bonus.all += bonus.lasting;
  return bonus;
}

int Heuristic::tier_gain(const State& s, int h, int quest_skill) const {
  // The Valor of the next tier of the quest an action of this type advances (the oldest
  // displayed quest of the type).
  for (const Displayed& d : s.heroes[size_t(h)].display) {
    const CardDef& def = game_->data().card(d.card);
    if (def.type == CardType::Quest && def.quest_skill == quest_skill)
      return def.tier_valor[d.tokens];
  }
  return 0;
}

int Heuristic::quest_tiers_left(const State& s, int h, int quest_skill) const {
  int tiers = 0;
  for (const Displayed& d : s.heroes[size_t(h)].display) {
    const CardDef& def = game_->data().card(d.card);
    if (def.type == CardType::Quest && def.quest_skill == quest_skill)
      tiers += def.tiers - d.tokens;
  }
  return tiers;
}

int Heuristic::scout_need(const State& s, int h, int cap) const {
  // Competitive Scout: a point for each scout quest tier left and each wilderness card worth
  // marking (the same test as its marks on its turn).
  int need = quest_tiers_left(s, h, Scout);
  for (const WildCard& w : s.wild) {
    if (need >= cap) break;  // as many as it could pay for
    if (w.marks >> h & 1) continue;
    const double net = card_value(s, h, w.card, true) - game_->claim_cost(s, w.card);
    if (w_.mark * net - 1 > 0) ++need;
  }
  return need;
}

int Heuristic::claim_need(const State& s, int h, int base, int limit) const {
  // Competitive Tinker, Charm, Combat: the points of the best set of claims the hero could
  // afford with up to `limit` points (town or wilderness, not both), greedy by net gain, at
  // most three; a claim paid beyond the `base` points must gain more than claim_extra.
  const Hero& hero = s.heroes[size_t(h)];
  const uint8_t type = NinthWorldGame::claimed_type(s.phase);
  if (hero.display.full() && type != uint8_t(CardType::Creature)) return 0;
  const double tier = type == uint8_t(CardType::Creature) ? tier_gain(s, h, Combat) : 0;
  struct Candidate {
    uint8_t cost;
    bool wild;
    double gain, first;  // net gain; as the phase's first claim (claim power, quest tier)
  };
  FixedVector<Candidate, kMaxTownSlots + kMaxWilderness> candidates;
  auto consider = [&](int card, bool wild) {
    if (uint8_t(game_->data().card(card).type) != type) return;
    const int cost = game_->claim_cost(s, card);
    if (cost > limit) return;
    const double g =
        card_value(s, h, card, wild) - cost + (wild ? 0 : w_.town_bias) - w_.claim_margin;
    candidates.push_back({uint8_t(cost), wild, g, g + tier + claim_bonus(s, h, card)});
  };
  for (int k = 0; k < game_->town_slots(); ++k)
    if (s.town[size_t(k)] != kNone) consider(s.town[size_t(k)], false);
  for (const WildCard& w : s.wild)
    if (w.marks >> h & 1) consider(w.card, true);
  int best_need = 0;
  double best_gain = 0;
  for (int wild = 0; wild < 2; ++wild) {
    int spent = 0;
    double gain = 0;
    uint64_t taken = 0;
    for (int round = 0; round < 3; ++round) {
      int pick = -1;
      double pick_gain = 0;
      for (size_t k = 0; k < candidates.size(); ++k) {
        const Candidate& c = candidates[k];
        if (c.wild != bool(wild) || (taken >> k & 1) || spent + c.cost > limit) continue;
        const double g = round == 0 ? c.first : c.gain;
        if (g > (spent + c.cost > base ? w_.claim_extra : 0) && g > pick_gain)
          pick = int(k), pick_gain = g;
      }
      if (pick < 0) break;
      taken |= uint64_t(1) << pick, spent += candidates[size_t(pick)].cost, gain += pick_gain;
    }
    if (gain > best_gain) best_gain = gain, best_need = spent;
  }
  return best_need;
}

int Heuristic::focus_reserve(const State& s, int h) const {
  // The 1-point cards the hero keeps for Focus: the cost of the advance it plans and of
  // healing its wounds, less the Focus card's rank and the Focus points its powers add.
  const Hero& hero = s.heroes[size_t(h)];
  const int cost = advance_cost(s, h) + kHealCost * hero.wounds();
  if (cost == 0) return 0;
  int focus = phase_bonus(s, h, Focus).lasting;
  for (int i = 0; i < kHandSize; ++i)
    if (!(hero.spent >> i & 1) && hero.skill[size_t(i)] == Focus && hero.rank[size_t(i)] > 1)
      focus += hero.rank[size_t(i)];
  return std::max(0, cost - focus);
}

int Heuristic::advance_cost(const State& s, int h) const {
  // The cost of the advance worth most after its cost (0: none is worth making).
  const Hero& hero = s.heroes[size_t(h)];
  int cost = 0;
  double best = 0;
  bool effort_seen = false;  // the Effort cards are alike
  for (int i = 0; i < kHandSize; ++i) {
    const bool effort = hero.skill[size_t(i)] == Effort;
    if (effort ? effort_seen : hero.rank[size_t(i)] >= kMaxRank) continue;
    effort_seen = effort_seen || effort;
    int skill = 0;  // Effort: the missing skill whose points are worth most
    for (int k = Scout; effort && k <= Focus; ++k)
      if (NinthWorldGame::rank_of(hero, k) == 0 &&
          (!skill || w_.point[size_t(k)] > w_.point[size_t(skill)]))
        skill = k;
    const double v = advance_value(s, h, i, skill);
    const int c = effort ? 1 : hero.rank[size_t(i)] + 1;
    if (v - c > best) best = v - c, cost = c;
  }
  return cost;
}

int Heuristic::points_wanted(const State& s, int h) const {
  // Competitive, after the reveal: the points this phase's plan costs.
  const Hero& hero = s.heroes[size_t(h)];
  if (s.phase == Scout) return scout_need(s, h, hero.points + phase_bonus(s, h, Scout).lasting + 1);
  if (s.phase == Focus) return advance_cost(s, h) + kHealCost * hero.wounds();
  const Bonus bonus = phase_bonus(s, h, s.phase);
  return claim_need(s, h, hero.points + bonus.lasting, hero.points + bonus.all);
}

double Heuristic::advance_value(const State& s, int h, int slot, int new_skill) const {
  // Competitive: 2 Valor, a point more in the skill's phase every round left, the share of
  // the next all-skills bonus a lowest skill's rank brings (or the bonus itself), a focus
  // quest tier and advance powers. The cost is the caller's.
  const Hero& hero = s.heroes[size_t(h)];
  const bool effort = hero.skill[size_t(slot)] == Effort;
  const double rounds_after = game_->rounds() - s.round;
  double v = kAdvanceValor + tier_gain(s, h, Focus);
  // A rank adds a point in its phase every round left; a new skill (from Effort) only
  // chooses the phase whose ranks come next.
  const int skill = effort ? new_skill : hero.skill[size_t(slot)];
  v += effort ? w_.point[size_t(skill)] : (w_.rank_round + w_.point[size_t(skill)]) * rounds_after;
  // The lowest rank over the five skills (Effort counts 0) and how many skills hold it.
  int lowest = kMaxRank, at_lowest = 0;
  for (int i = 0; i < kHandSize; ++i) {
    const int r = hero.skill[size_t(i)] == Effort ? 0 : hero.rank[size_t(i)];
    if (r < lowest) lowest = r, at_lowest = 0;
    if (r == lowest) ++at_lowest;
  }
  const int r = effort ? 0 : hero.rank[size_t(slot)];
  if (r == lowest && lowest < kMaxRank)
    v += at_lowest == 1 ? kSetBonus : w_.set_share * kSetBonus / at_lowest;
  if (const Power* own = game_->tableau_power(hero); own && own->trigger == Trigger::Advance &&
                                                     !(hero.used & 1) &&
                                                     own->effect == EffectKind::Valor)
    v += own->amount;
  return v;
}

uint8_t Heuristic::coop_bid(const State& s, int h) const {
  // Cards join in order (the phase's own, Effort, then cards whose phase has passed) while
  // the cards left still pay for what it marked for the later claiming phases; beyond this
  // phase's target only the phase's own cards join, and in Tinker, Charm and Combat only those
  // of rank 2 or more: a rank-1 card counts 1 in any phase, and kept it pays for a later claim,
  // a heal or an advance in Focus (holes: the search stopped where the heuristic bid them).
  const Hero& hero = s.heroes[size_t(h)];
  const int target = coop_target(s, h), later = committed(s, h, s.phase);
  const bool claiming = !w_.coop_own_extra && s.phase >= Tinker && s.phase <= Combat;
  uint8_t want = 0;
  int value = 0;
  for (int pass = 0; pass < 3; ++pass)
    for (int i = 0; i < kHandSize; ++i) {
      const int skill = hero.skill[size_t(i)];
      const bool fits = pass == 0   ? skill == s.phase
                        : pass == 1 ? skill == Effort
                                    : skill != Effort && skill < s.phase;
      const bool extra = pass > 0 || (claiming && hero.rank[size_t(i)] == 1);
      if (!fits || ((hero.spent | want) >> i & 1) || (extra && value >= target)) continue;
      if (claim_budget(s, h, uint8_t(want | 1 << i)) < later) continue;
      want = uint8_t(want | 1 << i);
      value += NinthWorldGame::bid_points(hero, i, s.phase);
    }
  return want;
}

int Heuristic::claim_budget(const State& s, int h, uint8_t reserved) const {
  // What the hero's unspent cards are worth in the claiming phases still to come this round:
  // a Tinker, Charm or Combat card its rank in its own phase, Effort and a passed phase's
  // card 1 (Focus cards stay for advancing).
  const Hero& hero = s.heroes[size_t(h)];
  int budget = 0;
  for (int i = 0; i < kHandSize; ++i) {
    const int skill = hero.skill[size_t(i)];
    if (((hero.spent | hero.bid | reserved) >> i & 1) || skill == Focus) continue;
    budget += skill > s.phase ? hero.rank[size_t(i)] : 1;
  }
  return std::max(0, budget - int(w_.coop_focus));
}

int Heuristic::share(const State& s, int card) const {
  // A card of cost 4 or more is worth pooling on: a hero counts on paying half of it.
  const int cost = game_->claim_cost(s, card);
  return game_->heroes() > 1 && cost >= kPoolCost ? (cost + 1) / 2 : cost;
}

int Heuristic::marked_cost(const State& s, int h, int phase) const {
  // The cost of the wilderness cards it marked and may claim in `phase`: cyphers in Tinker,
  // completed quests in Charm, creatures in Combat.
  const uint8_t type = NinthWorldGame::claimed_type(phase);
  if (type == kAnyType) return 0;
  int cost = 0;
  for (const WildCard& w : s.wild) {
    const CardDef& def = game_->data().card(w.card);
    if (!(w.marks >> h & 1) || uint8_t(def.type) != type) continue;
    // A completed quest gives only its Valor, what its cost would convert to.
    if (def.type == CardType::Quest &&
        (w.tokens < def.tiers ||
         card_value(s, h, w.card, true, w.tokens) <= game_->claim_cost(s, w.card)))
      continue;
    cost += share(s, w.card);
  }
  return cost;
}

int Heuristic::committed(const State& s, int h, int after) const {
  int cost = 0;
  for (int phase = std::max(after + 1, int(Tinker)); phase <= Combat; ++phase)
    cost += marked_cost(s, h, phase);
  return cost;
}

double Heuristic::danger(const State& s, int h, const WildCard& w) const {
  // Creatures attack the town (two dice from cost 5; less where it is safe), cyphers raise the
  // threshold, incomplete quests deal one more card every round (worth marking only by a hero who
  // can complete their tiers).
  const CardDef& def = game_->data().card(w.card);
  switch (def.type) {
    case CardType::Creature:
      return (def.cost >= 5 ? 3.0 : 2.0) * town_risk(s);
    case CardType::Cypher: {
      // Each round it stays raises every later check by one. Before the last check that is
      // the team's risk; before earlier ones the creatures' marks matter more (standard games
      // lost up to 0.09 with it there).
      if (s.checks_passed + 1 != game_->checks()) return w_.cypher_threat;
      const int rounds = game_->check_round(s.checks_passed) - s.round + 1;
      return w_.cypher_threat + w_.check_threat * check_pressure(s) * rounds / 3.0;
    }
    case CardType::Quest:
      return w.tokens < def.tiers && can_progress(s, h, def.quest_skill) ? w_.quest_threat : 0;
    default:
      return 0;
  }
}

double Heuristic::town_risk(const State& s) const {
  // Quick games' towns rarely fall, and there the marks go to the cyphers that raise the
  // checks (holes: the search left creatures for cyphers). The risk is the hits the
  // wilderness's creatures would deal in the rounds left (a die a round, two from cost 5, a
  // bad face in three) per unwounded slot.
  if (w_.town_risk <= 0) return 1;
  double hits = 0;
  for (const WildCard& w : s.wild) {
    const CardDef& def = game_->data().card(w.card);
    if (def.type == CardType::Creature) hits += (def.cost >= 5 ? 2.0 : 1.0) / 3.0;
  }
  const int slots = game_->town_slots() - std::popcount(unsigned(s.town_wounds));
  const double risk = hits * (game_->rounds() - s.round + 1) / std::max(slots, 1);
  return std::clamp(w_.town_risk * risk, 0.25, 1.0);
}

double Heuristic::check_pressure(const State& s) const {
  // Full pressure when the lowest hero must gain 10 Valor a round or more to pass.
  constexpr double kFullPace = 10;
  const int rounds = game_->check_round(s.checks_passed) - s.round + 1;
  const double short_by = game_->check_needs(s) - game_->lowest_score(s);
  return std::clamp(short_by / (rounds * kFullPace), 0.0, 1.0);
}

bool Heuristic::worth_marking(const State& s, int h, const WildCard& w) const {
  // A dangerous card nobody marked, or one that takes pooled points and has one marker.
  if (w.marks >> h & 1 || danger(s, h, w) == 0) return false;
  const int markers = std::popcount(unsigned(w.marks));
  return markers == 0 || (markers == 1 && share(s, w.card) < game_->claim_cost(s, w.card));
}

bool Heuristic::affordable(const State& s, int h, const WildCard& w, int extra_marks) const {
  // Marking pays off only when the hero can still claim the card this round (a quest: it
  // needs its tiers first, so only the mark is paid now).
  const CardDef& def = game_->data().card(w.card);
  const int cost = def.type == CardType::Quest ? 0 : share(s, w.card);
  return extra_marks + committed(s, h, s.phase) + cost <= claim_budget(s, h);
}

int Heuristic::coop_target(const State& s, int h) const {
  const DataSet& data = game_->data();
  if (s.phase == Scout) {
    // As many marks as leave enough to claim what they mark, most dangerous cards first.
    FixedVector<uint8_t, kMaxWilderness> order;
    std::array<double, kMaxWilderness> dangers{};
    for (size_t i = 0; i < s.wild.size(); ++i)
      if (worth_marking(s, h, s.wild[i]))
        order.push_back(uint8_t(i)), dangers[i] = danger(s, h, s.wild[i]);
    // Most dangerous first, ties in wilderness order (std::sort: no allocation).
    std::sort(order.begin(), order.end(), [&](uint8_t a, uint8_t b) {
      return dangers[a] != dangers[b] ? dangers[a] > dangers[b] : a < b;
    });
    int marks = 0, cost = committed(s, h, Scout);
    const int budget = claim_budget(s, h);
    for (uint8_t i : order) {
      const CardDef& def = data.card(s.wild[i].card);
      const int claim = def.type == CardType::Quest ? 0 : share(s, s.wild[i].card);
      if (marks + 1 + cost + claim > budget) continue;
      ++marks, cost += claim;
    }
    return marks;
  }
  return marked_cost(s, h, s.phase);
}

bool Heuristic::can_progress(const State& s, int h, int quest_skill) const {
  // Scout and Focus quests advance by what every hero does each round; combat quests by
  // claiming creatures; tinker quests by discarding a displayed cypher (co-op, not solo: or
  // a wilderness cypher it marked, once claimed); charm quests when another quest completes
  // (co-op: one it marked or displays and can advance).
  const Hero& hero = s.heroes[size_t(h)];
  const DataSet& data = game_->data();
  const bool team = game_->mode() == Mode::Coop;
  switch (quest_skill) {
    case Scout:
    case Focus:
    case Combat:
      return true;
    case Tinker:
      for (const Displayed& d : hero.display)
        if (data.card(d.card).type == CardType::Cypher) return true;
      for (const WildCard& w : s.wild)
        if (team && (w.marks >> h & 1) && data.card(w.card).type == CardType::Cypher) return true;
      return false;
    case Charm:
      if (!team) return false;
      for (const Displayed& d : hero.display)
        if (data.card(d.card).type == CardType::Quest && data.card(d.card).quest_skill != Charm)
          return true;
      for (const WildCard& w : s.wild) {
        const CardDef& def = data.card(w.card);
        if ((w.marks >> h & 1) && def.type == CardType::Quest && def.quest_skill != Charm &&
            w.tokens < def.tiers && can_progress(s, h, def.quest_skill))
          return true;
      }
      return false;
    default:
      return false;
  }
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

double Heuristic::wound_cost(const State& s) const {
  // A wound taken before Focus is healed there for 2 points.
  if (s.phase == Focus) return w_.wound;
  return game_->cooperative() ? w_.coop_wound : w_.wound_healed;
}

double Heuristic::claim_bonus(const State& s, int h, int card) const {
  // What the hero's claim power (a tableau power not used this phase) adds to claiming it.
  const Hero& hero = s.heroes[size_t(h)];
  const Power* own = game_->tableau_power(hero);
  if (!own || own->trigger != Trigger::Claim || (hero.used & 1) ||
      (own->phase != kAnyPhase && own->phase != s.phase))
    return 0;
  const CardDef& def = game_->data().card(card);
  if ((own->card_type != kAnyType && own->card_type != uint8_t(def.type)) ||
      game_->checked_cost(s, card) < own->min_cost)
    return 0;
  return effect_value(s, h, *own);
}

double Heuristic::effect_value(const State& s, int h, const Power& p) const {
  const Hero& hero = s.heroes[size_t(h)];
  switch (p.effect) {
    case EffectKind::Valor:
    case EffectKind::Points:
      return p.amount;
    case EffectKind::Wound:
      return -wound_cost(s) * p.amount;
    case EffectKind::Heal:
      return hero.wounds() > 0 ? w_.heal + kWoundPenalty : 0;
    case EffectKind::Power:
      return w_.power * p.amount;
    case EffectKind::ValorPerRank:
      return NinthWorldGame::rank_of(hero, p.skill);
    case EffectKind::Gamble:
      return (p.amount - wound_cost(s)) / 3.0;
    case EffectKind::Token:
      return hero.token ? 0 : 1;
    default:
      return 0;
  }
}

double Heuristic::heal_worth(const State& s, int h, const Power& p) const {
  if (p.effect != EffectKind::Heal) return 0;
  const int healed = std::min(int(p.amount), s.heroes[size_t(h)].wounds());
  return healed * (kWoundPenalty + w_.heal);
}

double Heuristic::quest_tiers_value(const State& s, int h, const CardDef& def) const {
  // Competitive: the Valor of the tiers of a quest claimed now that the hero can complete in
  // the rounds left, at the pace its type allows, behind the tiers of the quests of the type
  // it already displays (progress goes to the oldest); its effect when all are reached. A
  // scout tier costs the point of its mark, a tinker tier the cypher discarded for it.
  const int skill = def.quest_skill;
  const double rounds_left = game_->rounds() - s.round + (skill > Charm ? 1 : 0);
  const double pace = skill == Scout ? 2 : skill == Focus ? 1 : w_.quest_pace;
  const double reach = pace * rounds_left - quest_tiers_left(s, h, skill);
  const double cost = skill == Scout ? 1 : skill == Tinker ? w_.cypher : 0;
  double v = 0;
  int t = 0;
  for (; t < def.tiers && t + 1 <= reach; ++t) v += def.tier_valor[size_t(t)] - cost;
  if (t == def.tiers && def.power.present()) v += effect_value(s, h, def.power);
  return w_.quest_tier * v;
}

double Heuristic::card_value(const State& s, int h, int card, bool wilderness,
                             int tiers_done) const {
  const CardDef& def = game_->data().card(card);
  const bool threat = game_->cooperative() && wilderness && def.type != CardType::Quest;
  // The neutral card gives the hero nothing; claiming it only clears a co-op threat.
  if (s.heroes[size_t(h)].blank_card(card)) return threat ? w_.threat : 0;
  double v = def.valor;
  switch (def.type) {
    case CardType::Creature:
    case CardType::Prize:
      if (def.power.present()) v += effect_value(s, h, def.power);
      break;
    case CardType::Cypher:
      // Co-op: a healing cypher is worth the wounds it heals (each costs 5 at every check).
      if (def.power.present())
        v += game_->cooperative() && def.power.effect == EffectKind::Heal
                 ? heal_worth(s, h, def.power)
                 : w_.cypher;
      break;
    case CardType::Quest: {
      double tiers = 0;
      for (int t = 0; t < def.tiers; ++t) tiers += def.tier_valor[size_t(t)];
      if (game_->cooperative() && wilderness) {
        // Its tiers go to the heroes who complete them before it can be claimed, and the
        // last one brings its effect: the tiers done (all, once it can be claimed) are paid.
        for (int t = 0; t < tiers_done; ++t) tiers -= def.tier_valor[size_t(t)];
        v += tiers;
        if (def.power.present() && tiers_done < def.tiers) v += effect_value(s, h, def.power);
      } else if (game_->cooperative()) {
        v += w_.quest_tier * tiers;
      } else {
        v += quest_tiers_value(s, h, def);
      }
      break;
    }
  }
  if (threat) v += w_.threat;
  return v;
}

double Heuristic::action_score(const State& s, Action a) const {
  const bool town_claim = a.verb == Verb::Claim && a.a != 1;
  return action_score(s, a, town_claim ? town_claim_cost(s) : 0);
}

double Heuristic::action_score(const State& s, Action a, double town_cost) const {
  const int h = s.actor;
  const Hero& hero = s.heroes[size_t(h)];
  const DataSet& data = game_->data();
  const double rounds_left = game_->rounds() - s.round;
  switch (a.verb) {
    case Verb::Mark: {
      const int card = s.wild[a.a].card;
      const double net =
          card_value(s, h, card, true, s.wild[a.a].tokens) - game_->claim_cost(s, card);
      if (!game_->cooperative()) return w_.mark * net - 1 + tier_gain(s, h, Scout);
      // A card it cannot pay for this round is still worth marking for a later round, less.
      const WildCard& w = s.wild[a.a];
      if (!worth_marking(s, h, w)) return -1;
      const double later = affordable(s, h, w, 0) ? 1.0 : w_.mark_later;
      // The town comes first: the card's own worth only breaks ties between equal dangers,
      // except, in a team, the wounds a healing cypher would heal, which the checks count in
      // full (the others mark the creatures; a lone hero marking it leaves them to the town).
      const CardDef& def = data.card(card);
      const double rescue =
          def.type == CardType::Cypher && game_->heroes() > 1 ? heal_worth(s, h, def.power) : 0;
      return w_.mark * std::min(net, 2.0) - 1 +
             later * (w_.threat * danger(s, h, w) + w_.coop_rescue * rescue);
    }
    case Verb::Draw:
      // Co-op: a drawn creature, cypher or quest works against the team.
      return w_.draw - 1 - (game_->cooperative() ? w_.threat : 0) + tier_gain(s, h, Scout);
    case Verb::Claim: {
      const bool wild = a.a == 1;
      const int card = wild ? s.wild[a.b].card : s.town[a.b];
      const int pooled = wild ? s.wild[a.b].pooled : s.town_pooled[a.b];
      const double pay = game_->claim_cost(s, card) - pooled;
      const double tier =
          (data.card(card).type == CardType::Creature ? tier_gain(s, h, Combat) : 0) +
          claim_bonus(s, h, card);
      // Co-op: the town's cards clear no threat; a claim there closes the wilderness for the
      // phase, so a marked card worth claiming there comes first.
      const double town = wild ? 0 : w_.town_bias - town_cost;
      const int tiers_done = wild ? s.wild[a.b].tokens : 0;
      return card_value(s, h, card, wild, tiers_done) - pay + tier + town - w_.claim_margin + 0.01;
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
      if (!game_->cooperative()) return advance_value(s, h, a.a, a.b) - cost + 0.02;
      // Co-op: Combat and Scout ranks claim and mark more of the wilderness every round.
      const int skill = effort ? a.b : hero.skill[a.a];
      const double use = skill == Combat || skill == Scout ? w_.coop_skill : 0;
      const double future = (w_.rank + use) * rounds_left / game_->rounds();
      // A new rank-1 skill adds no point to any bid: only ranks from 2 raise the team's reach.
      const double share = effort && game_->mode() == Mode::Coop ? w_.coop_effort : 1;
      return kAdvanceValor + share * future - cost + 0.02;
    }
    case Verb::Heal:
      return kWoundPenalty + w_.heal - kHealCost;
    case Verb::Power: {
      if (a.a == CypherPower) {
        const Power& p = data.card(hero.display[a.b].card).power;
        // Competitive: a heal waits for the end of the turn (a claim may wound the hero).
        if (p.effect == EffectKind::Heal && !game_->cooperative() && s.phase != Focus)
          return effect_value(s, h, p) > 0 ? 0.015 : 0;
        return effect_value(s, h, p) - (p.discard ? w_.cypher * 0.5 : 0);
      }
      const Power* own = game_->tableau_power(hero);
      return own ? effect_value(s, h, *own) : 0;
    }
    default:
      return 0;
  }
}

double Heuristic::town_claim_cost(const State& s) const {
  if (game_->mode() != Mode::Coop || w_.coop_town <= 0) return 0;
  // A marked wilderness card the actor would claim or pool on in this phase.
  if (s.heroes[s.actor].where == 1) return 0;
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  for (const Action& a : actions)
    if ((a.verb == Verb::Claim || a.verb == Verb::Pool) && a.a == 1 && action_score(s, a, 0) > 0)
      return w_.coop_town;
  return 0;
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
    case Step::BidPowers: {
      // Points are never worth less than the Valor they convert to. A copy power copies the
      // power worth most: points to use now first.
      if (actions[0].verb != Verb::Power) return actions[0];
      if (actions[0].a != CopyPower) {
        // Competitive: lasting powers and the token are used at once (holding the token for a
        // short phase lost 0.513 against using it, 2 heroes); the cyphers discarded for points
        // only when the phase's plan needs the points, or in the last round.
        if (game_->cooperative() || s.round == game_->rounds()) return actions[0];
        const Hero& hero = s.heroes[s.actor];
        const int short_by =
            points_wanted(s, s.actor) - hero.points - phase_bonus(s, s.actor, s.phase).lasting;
        for (const Action& a : actions) {
          if (a.verb != Verb::Power) continue;
          const bool once =
              (a.a == HeroToken && w_.hold_token) ||
              (a.a == CypherPower && game_->data().card(hero.display[a.b].card).power.discard);
          if (!once || short_by > 0) return a;
        }
        return {Verb::Pass, 0, 0};
      }
      Action best = actions[0];
      double best_value = -1e9;
      for (const Action& a : actions) {
        if (a.verb != Verb::Power || a.a != CopyPower) continue;
        const Power& p = game_->copied_power(game_->copy_code(s, a.b));
        const double value = effect_value(s, s.actor, p) + (p.trigger == Trigger::Bid ? 1 : 0);
        if (value > best_value) best_value = value, best = a;
      }
      return best;
    }
    default:
      break;
  }
  Action best = {Verb::EndTurn, 0, 0};
  double best_score = 0;
  double town_cost = -1;  // worked out at the first town claim, the same for every one
  for (const Action& a : actions) {
    if (a.verb == Verb::EndTurn) continue;
    if (a.verb == Verb::Claim && a.a != 1 && town_cost < 0) town_cost = town_claim_cost(s);
    const double score = action_score(s, a, std::max(town_cost, 0.0));
    if (score > best_score) best_score = score, best = a;
  }
  return best;
}

}  // namespace nf::ninth_world
