#include "games/ragnarok/heuristic.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

constexpr double kMeanD10 = 5.5;

bool can_attack(const State& s, int seat) {
  for (const Warrior& w : s.sides[size_t(seat)].warriors)
    if (w.health > 0 && w.shame == 0) return true;
  return false;
}

}  // namespace

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("go_first", 1.0, -5, 5,
                      "the d20 winner goes first when this plus first_race times the race "
                      "reaches 0.5"),
      ParamSpec::real("first_race", 0.0, -20, 20,
                      "weight of the race (own expected damage per combat as a share of the "
                      "opponent's health, less the opponent's) for going first"),
      ParamSpec::integer("second_until", 3, 0, 20,
                         "the d20 winner goes second up to this round (0: never)"),
      ParamSpec::real("aggression", 8.0, -10, 20,
                      "attack when strength plus this reaches the best enemy blocker's defence"),
      ParamSpec::real("block", 0.4, 0, 10,
                      "worth of one point of own health saved, against a blocker's loss"),
      ParamSpec::real("wall", 0.6, 0, 2,
                      "skip an attacker whose expected attack is below this times the enemy's "
                      "summed expected defence shared among the own warriors able to attack "
                      "(0: never)"),
      ParamSpec::real("sure_block", 3.0, 0, 20,
                      "blockers are added until their expected defence exceeds the expected "
                      "attack by this, while the free blockers outnumber the attackers still to "
                      "block"),
      ParamSpec::boolean("block_dice", true,
                         "a lone blocker's loss and the damage it saves are averaged over both "
                         "dice (false: taken at the dice's means, which never counts its death "
                         "while the mean damage is below its health)"),
      ParamSpec::real("glory", 0.7, 0, 10,
                      "worth of one Glory point, against the board value sacrificed for it"),
      ParamSpec::real("rr_effect", 1.3, 0, 5,
                      "worth of a claimed RR card's lasting or repeating effect for its owner, "
                      "per round counted"),
      ParamSpec::real("rr_attack", 0.0, 0, 5,
                      "worth of a claimed RR warrior's expected unblocked damage to the "
                      "opponent, per round counted"),
      ParamSpec::real("rr_horizon", 1.0, 1, 20,
                      "rounds of a claimed RR card's effect or attacks counted (at most the "
                      "rounds left)"),
      ParamSpec::real("lasting", 1.0, 0, 5,
                      "worth of a warrior's cleanup effect per round it stays in play, and of "
                      "its aura as a lasting bonus, in its choice and its board value"),
      ParamSpec::real("lifetime", 5.0, 1, 20,
                      "rounds a warrior is expected to stay in play (its cleanup effect counts "
                      "for the lesser of these and the rounds left)"),
      ParamSpec::real("growth", 0.0, 0, 5,
                      "worth per round of a lasting bonus a warrior gains every Cleanup, in "
                      "one-round bonuses (the bonus grows a step a round; 3 rates it as a "
                      "lasting bonus every round)"),
      ParamSpec::real("endgame", 13.0, 0, 20,
                      "rounds before the end from which the warriors a bid sacrifices cost less, "
                      "in proportion to the rounds left (0: never)"),
      ParamSpec::real("contest", 0.4, 0, 1,
                      "share of an RR card's worth lost to a bid the other bidder can still "
                      "beat"),
      ParamSpec::real("counter", 2.0, 0, 20,
                      "least estimated worth of an opponent's event that is worth a counter"),
      ParamSpec::real("event_threshold", 0.5, -5, 20, "least estimated worth to play an event"),
      ParamSpec::real("epsilon", 0.0, 0, 1, "chance of a uniformly random legal move"),
  };
}

Heuristic::Heuristic(const RagnarokGame& game, const ParamSet& p)
    : game_(&game),
      w_{p.get_real("go_first"),
         p.get_real("first_race"),
         p.get_real("aggression"),
         p.get_real("block"),
         p.get_real("wall"),
         p.get_real("sure_block"),
         p.get_real("glory"),
         p.get_real("rr_effect"),
         p.get_real("rr_attack"),
         p.get_real("rr_horizon"),
         p.get_real("lasting"),
         p.get_real("lifetime"),
         p.get_real("growth"),
         p.get_real("endgame"),
         p.get_real("contest"),
         p.get_real("counter"),
         p.get_real("event_threshold"),
         p.get_real("epsilon"),
         p.get_bool("block_dice"),
         int(p.get_int("second_until"))} {}

double Heuristic::board_value(const State& s, int seat, int pos) const {
  const Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  const double fighting = game_->strength(s, seat, pos) + game_->defence(s, seat, pos);
  return w.health * 0.5 + fighting * (w.shame > 0 ? 0.5 : 1.0) +
         lasting_worth(s, game_->card(w.card).effect, seat, 0);
}

double Heuristic::effect_value(const State& s, const Effect& e, int owner) const {
  return rate(s, e, owner, 0, false);
}

double Heuristic::round_value(const State& s, const Effect& e, int owner, int joining) const {
  return rate(s, e, owner, joining, true);
}

double Heuristic::lasting_worth(const State& s, const Effect& e, int seat, int joining) const {
  if (w_.lasting == 0) return 0;
  if (e.trigger == Trigger::Cleanup) {
    // A lasting bonus gained every Cleanup is a stock that grows a step a round, already in
    // the board value as it grows. Rated as a lasting bonus in every round (growth 3) it
    // counted about three times over, and the heuristic played a growing wall before its
    // stronger warriors; control mirrors score best with growth 0 (docs/games/ragnarok.md).
    Effect each = e;
    each.duration = Duration::Round;
    const double per_round = e.duration == Duration::Lasting
                                 ? w_.growth * round_value(s, each, seat, joining)
                                 : round_value(s, e, seat, joining);
    return w_.lasting * per_round * std::min(w_.lifetime, rounds_left(s));
  }
  if (e.trigger == Trigger::Aura) {
    // An aura acts like a lasting bonus that ends with the warrior, not one more each round.
    Effect bonus = e;
    bonus.duration = Duration::Lasting;
    return w_.lasting * rate(s, bonus, seat, joining, true);
  }
  return 0;
}

double Heuristic::rate(const State& s, const Effect& e, int owner, int joining,
                       bool recurring) const {
  const int enemy = 1 - owner;
  auto alive = [&](int seat) {
    int n = 0;
    for (const Warrior& w : s.sides[size_t(seat)].warriors) n += w.health > 0;
    return n;
  };
  const int mine = alive(owner) + joining, theirs = alive(enemy);
  const double a = e.amount;
  auto count = [&](Target t) {
    switch (t) {
      case Target::OwnWarriors:
        return double(mine);
      case Target::EnemyWarriors:
        return -double(theirs);
      case Target::EnemyStrongest:
        return theirs > 0 ? -1.0 : 0.0;
      case Target::OwnWeakest:
      case Target::This:
        return mine > 0 ? 1.0 : 0.0;
      default:
        return 0.0;
    }
  };
  switch (e.kind) {
    case EffectKind::Damage:
      if (e.target == Target::Opponent) return a;
      if (e.target == Target::Self) return -a;
      return -count(e.target) * a * 0.8;
    case EffectKind::Heal:
      // Every round to come heals health lost by then; once, only what is lost already.
      if (e.target == Target::Self)
        return 0.5 *
               (recurring
                    ? a
                    : std::min(a, double(game_->start_health() - s.sides[size_t(owner)].health)));
      return 0.3 * a * count(e.target);
    case EffectKind::Strength:
    case EffectKind::Defence:
      return a * count(e.target) * (e.duration == Duration::Lasting ? 1.5 : 0.5);
    case EffectKind::MaxHealth:
      return 0.6 * a * count(e.target);
    case EffectKind::Draw:
      return 2 * a * (s.sides[size_t(owner)].deck.empty() ? 0 : 1);
    case EffectKind::Discard:
      return 1.5 * std::min(a, double(s.sides[size_t(enemy)].hand.size()));
    case EffectKind::Peek:
      return 0.5;
    case EffectKind::Shame:
      return -count(e.target) * a;
    case EffectKind::Unshame: {
      int shamed = 0;
      for (const Warrior& w : s.sides[size_t(owner)].warriors) shamed += w.shame > 0;
      return a * std::min(shamed, e.target == Target::This ? 1 : 20);
    }
    case EffectKind::Revive: {
      int dead = 0;
      for (uint8_t c : s.sides[size_t(owner)].valhalla)
        dead += game_->card(c).type == CardType::Warrior;
      return 2.0 * std::min(a, double(dead));
    }
    case EffectKind::Bid:
      return 0.6 * a;
    case EffectKind::Gamble: {
      const double p = (11 - e.threshold) / 10.0;
      return a * (2 * p - 1);
    }
    case EffectKind::Counter:
    case EffectKind::None:
      return 0;
  }
  return 0;
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  if (w_.epsilon > 0 && rng.chance(w_.epsilon)) {
    FixedVector<Action, RagnarokGame::kMaxActions> actions;
    game_->legal_actions(s, actions);
    return actions[rng.below(uint32_t(actions.size()))];
  }
  const int seat = game_->decider(s);
  switch (s.phase) {
    case Phase::Order:
      return choose_order(s, seat);
    case Phase::Main:
      return choose_main(s, seat);
    case Phase::Answer:
      return choose_answer(s, seat);
    case Phase::Defend:
    case Phase::PreBid:
    case Phase::AfterBlocks:
    case Phase::PreCleanup:
      return choose_window(s, seat);
    case Phase::Attack:
      return choose_attack(s, seat);
    case Phase::Block: {
      const int attacker = 1 - seat;
      return choose_block(s, seat, game_->strength(s, attacker, s.attackers[s.cursor]));
    }
    case Phase::RrBlock:
      return choose_block(s, seat, game_->rr(s.rr_attacks.back() >> 1).strength);
    case Phase::Bid:
      return choose_bid(s, seat);
    case Phase::Over:
      break;
  }
  return {Verb::Done, 0};
}

double Heuristic::race(const State& s, int seat) const {
  auto pressure = [&](int attacker) {
    double damage = 0;
    const auto& ws = s.sides[size_t(attacker)].warriors;
    for (size_t p = 0; p < ws.size(); ++p)
      if (ws[p].health > 0 && ws[p].shame == 0)
        damage += (game_->strength(s, attacker, int(p)) + kMeanD10) / 2;
    return damage / std::max(1, int(s.sides[size_t(1 - attacker)].health));
  };
  return pressure(seat) - pressure(1 - seat);
}

double Heuristic::rr_value(const State& s, int seat, uint8_t r) const {
  const RrCard& k = game_->rr(r);
  const double late = 1.0 + s.round / double(game_->rounds());
  // Unclaimed, the card acts on both players alike; claimed, on its owner's behalf alone, in
  // every Cleanup left (this round's included). Most games end by a death well before the
  // last round, so only the next few rounds count.
  const double left = std::min(w_.rr_horizon, rounds_left(s));
  double effect = 0;
  switch (k.kind) {
    case RrKind::Warrior:
      // Its expected unblocked damage to the opponent at each Cleanup.
      if (game_->claimed_rr_attacks()) effect = w_.rr_attack * (k.strength + kMeanD10) / 2 * left;
      break;
    case RrKind::Lasting:
      // effect_value already rates a lasting bonus above a one-round one.
      effect = w_.rr_effect * round_value(s, k.effect, seat, 0) * left / 4;
      break;
    case RrKind::Repeating:
      effect = w_.rr_effect * round_value(s, k.effect, seat, 0) * left;
      break;
  }
  // Claimed by `seat`, the neutral RR card (Side::blank_rr) is worth its Glory only.
  if (s.sides[size_t(seat)].blank_rr >> r & 1) effect = 0;
  return k.glory * w_.glory * late + effect;
}

Action Heuristic::choose_order(const State& s, int seat) const {
  // Going first strikes first in combat and has the last word in the bid (the counter bid),
  // which decides more games the closer the end: measured over paired continuations, going
  // first is worth nothing in rounds 4-11 and up to 0.2 of a game's score by round 18, even when
  // behind in the race. Going second sees the opponent's plays before its own, and pays in rounds 2
  // and 3. (`first_race` weighs the race between the boards; 0 by default.)
  if (s.round <= w_.second_until) return {Verb::GoSecond, 0};
  const double lean = w_.go_first + w_.first_race * race(s, seat);
  return {lean >= 0.5 ? Verb::GoFirst : Verb::GoSecond, 0};
}

Action Heuristic::choose_main(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  double best = -1e9;
  uint8_t best_card = kNone;
  if (!side.warrior_played)
    for (uint8_t c : side.hand) {
      const Card& k = game_->card(c);
      if (k.type != CardType::Warrior || k.turn > s.round) continue;
      double v = k.health * 0.5 + k.strength + k.defence + lasting_worth(s, k.effect, seat, 1);
      if (k.effect.trigger == Trigger::Play) v += effect_value(s, k.effect, seat);
      if (v > best) best = v, best_card = c;
    }
  if (best_card != kNone) return {Verb::Warrior, best_card};
  // Events: bid bonuses wait for the Bid Phase, one-round fighting bonuses for combat.
  if (!side.event_played)
    for (uint8_t c : side.hand) {
      const Card& k = game_->card(c);
      if (k.type != CardType::Event || k.turn > s.round) continue;
      const EffectKind kind = k.effect.kind;
      if (kind == EffectKind::Counter || kind == EffectKind::Bid) continue;
      // A one-round defence bonus waits for blocks; a one-round strength bonus is worth it
      // now only when this player attacks this round (it attacks after the Player Phases).
      if (k.effect.duration == Duration::Round &&
          (kind == EffectKind::Defence || (kind == EffectKind::Strength && !can_attack(s, seat))))
        continue;
      const double v = effect_value(s, k.effect, seat);
      if (v >= w_.event_threshold && v > best) best = v, best_card = c;
    }
  if (best_card != kNone) return {Verb::Event, best_card};
  return {Verb::Done, 0};
}

Action Heuristic::choose_window(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  const bool defending =
      s.phase == Phase::Defend || (s.phase == Phase::AfterBlocks && seat != s.active);
  double best = -1e9;
  uint8_t best_card = kNone;
  for (uint8_t c : side.hand) {
    const Card& k = game_->card(c);
    if (k.type != CardType::Event || k.turn > s.round) continue;
    const EffectKind kind = k.effect.kind;
    if (kind == EffectKind::Counter) continue;
    // Before blocks (and a defender after them): defence helps now; an attacker after blocks:
    // strength; before the bid: bid bonuses when a bid is in reach; before the Cleanup:
    // defence (RR warriors to block) and whatever lasts.
    bool fitting = false;
    if (defending)
      fitting = kind == EffectKind::Defence || kind == EffectKind::Damage;
    else if (s.phase == Phase::AfterBlocks)
      fitting = kind == EffectKind::Strength || kind == EffectKind::Damage;
    else if (s.phase == Phase::PreCleanup)
      fitting = kind != EffectKind::Strength && kind != EffectKind::Bid;
    else if (kind == EffectKind::Bid)
      fitting = Rules(*game_).best_possible_bid(s, seat) + k.effect.amount >=
                game_->rr(s.rr_current).glory;
    else
      fitting = kind != EffectKind::Strength && kind != EffectKind::Defence;
    if (!fitting) continue;
    const double v = effect_value(s, k.effect, seat);
    if (v >= w_.event_threshold && v > best) best = v, best_card = c;
  }
  if (best_card != kNone) return {Verb::Event, best_card};
  return {Verb::Pass, 0};
}

Action Heuristic::choose_answer(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  const double threat = effect_value(s, game_->card(s.pending_event).effect, 1 - seat);
  for (uint8_t c : side.hand) {
    const Card& k = game_->card(c);
    if (k.type == CardType::Event && k.turn <= s.round && k.effect.kind == EffectKind::Counter &&
        threat >= w_.counter)
      return {Verb::Event, c};
  }
  return {Verb::Pass, 0};
}

Action Heuristic::choose_attack(const State& s, int seat) const {
  const int enemy = 1 - seat;
  int best_defence = -100;
  double wall = 0;  // the enemy's summed expected defence: every warrior may block, shamed too
  for (size_t p = 0; p < s.sides[size_t(enemy)].warriors.size(); ++p)
    if (s.sides[size_t(enemy)].warriors[p].health > 0) {
      const int d = game_->defence(s, enemy, int(p));
      best_defence = std::max(best_defence, d);
      wall += d + kMeanD10;
    }
  const auto& ws = s.sides[size_t(seat)].warriors;
  int able = 0;
  for (const Warrior& w : ws) able += w.health > 0 && w.shame == 0;
  // A defender adds blockers until their defence covers the attack, so against a wall of
  // blockers (every living warrior may block, shamed ones too) an attack is mostly held and
  // shamed, for no damage: the warrior misses the next round's attack and loses two thirds of
  // its bid value in this round's bid. Shared among the warriors able to attack, the wall is
  // what each of them meets.
  const double met = w_.wall * wall / std::max(1, able);
  for (size_t p = 0; p < ws.size(); ++p) {
    if (ws[p].health <= 0 || ws[p].shame > 0 || s.attackers.contains(uint8_t(p))) continue;
    const int strength = game_->strength(s, seat, int(p));
    if (strength + w_.aggression >= best_defence && strength + kMeanD10 >= met)
      return {Verb::Attack, uint8_t(p)};
  }
  return {Verb::Done, 0};
}

Action Heuristic::choose_block(const State& s, int seat, int attack_strength) const {
  const double attack = attack_strength + kMeanD10;
  const auto& ws = s.sides[size_t(seat)].warriors;
  double defence = 0;
  if (s.phase == Phase::Block) {
    for (uint8_t b : s.block_order)
      if (s.blocking[b] == s.cursor) defence += game_->defence(s, seat, b) + kMeanD10;
  } else {
    for (uint8_t b : s.block_order) defence += game_->defence(s, seat, b) + kMeanD10;
  }
  // An attack the blockers hold is shamed (it misses the next round's attack and most of its
  // bid value); one whose dice beat them damages the blockers. With blockers to spare for the
  // attackers still to come, more are added until the defence is sure, not just even on
  // average.
  int free = 0, to_come = 0;
  for (size_t p = 0; p < ws.size(); ++p)
    free += ws[p].health > 0 && !s.block_order.contains(uint8_t(p));
  if (s.phase == Phase::Block)
    for (size_t j = s.cursor + 1; j < s.attackers.size(); ++j) {
      const Warrior& a = s.sides[size_t(1 - seat)].warriors[s.attackers[j]];
      to_come += a.health > 0 && a.shame == 0;
    }
  const double margin = free > to_come ? w_.sure_block : 0;
  if (defence >= attack + margin) return {Verb::Done, 0};
  int best = -1;
  for (size_t p = 0; p < ws.size(); ++p)
    if (ws[p].health > 0 && !s.block_order.contains(uint8_t(p)) &&
        (best < 0 || game_->defence(s, seat, int(p)) > game_->defence(s, seat, best)))
      best = int(p);
  if (best < 0) return {Verb::Done, 0};
  const double health = s.sides[size_t(seat)].health;
  const double point = w_.block * (1 + 20 / std::max(1.0, health));  // a point of health saved
  if (w_.block_dice && defence == 0) {
    const LoneBlock b =
        lone_block(attack_strength, game_->defence(s, seat, best), ws[size_t(best)].health);
    const double lost = b.damage * 0.5 + b.slain * board_value(s, seat, best) * 0.5;
    return b.saved * point >= lost ? Action{Verb::Block, uint8_t(best)} : Action{Verb::Done, 0};
  }
  const double with = defence + game_->defence(s, seat, best) + kMeanD10;
  const double hit = std::max(0.0, attack - with);
  const double lost = std::min(hit, double(ws[size_t(best)].health)) * 0.5 +
                      (hit >= ws[size_t(best)].health ? board_value(s, seat, best) * 0.5 : 0);
  const double saved = (attack / 2 - std::max(0.0, hit - ws[size_t(best)].health) / 2) * point;
  return saved >= lost ? Action{Verb::Block, uint8_t(best)} : Action{Verb::Done, 0};
}

Heuristic::LoneBlock Heuristic::lone_block(int strength, int defence, int health) {
  // Resolved as the Combat Phase resolves it. A blocked attack depends on the two d10 only
  // through their difference k (10 - |k| of the 100 pairs of faces), an unblocked one on the
  // attacker's die.
  LoneBlock b;
  for (int a = 1; a <= 10; ++a) b.saved += RagnarokGame::combat_damage(strength + a, 0, {}) * 10;
  for (int k = -9; k <= 9; ++k) {
    const int pairs = 10 - std::abs(k);
    std::array<int, 1> left{health};
    const int through = RagnarokGame::combat_damage(strength + k, defence, left);
    b.damage += pairs * (health - left[0]);
    b.slain += pairs * (left[0] <= 0);
    b.saved -= pairs * std::max(through, 0);
  }
  b.damage /= 100, b.slain /= 100, b.saved /= 100;
  return b;
}

Heuristic::BidPlan Heuristic::plan_bid(const State& s, int seat, int need) const {
  const Side& side = s.sides[size_t(seat)];
  BidPlan plan;
  int have = game_->offered_value(s, seat);
  // Warriors offered in this turn are not lost yet (a pass withdraws them): they count.
  for (size_t p = 0; p < side.warriors.size(); ++p)
    if ((side.offered & ~side.committed) >> p & 1) plan.cost += board_value(s, seat, int(p));
  // Greedy: the warriors cheapest on the board per bid point first.
  struct Item {
    double cost;
    int value;
    Action action;
  };
  FixedVector<Item, kMaxInPlay> items;
  for (size_t p = 0; p < side.warriors.size(); ++p) {
    const Warrior& w = side.warriors[p];
    if (w.health <= 0 || (side.offered >> p & 1)) continue;
    const int v = RagnarokGame::bid_value(w.health, w.shame);
    if (v > 0) items.push_back({board_value(s, seat, int(p)), v, {Verb::Offer, uint8_t(p)}});
  }
  std::sort(items.begin(), items.end(),
            [](const Item& a, const Item& b) { return a.cost * b.value < b.cost * a.value; });
  for (const Item& it : items) {
    if (have >= need) break;
    if (plan.next.verb == Verb::Pass) plan.next = it.action;
    plan.cost += it.cost, have += it.value;
  }
  plan.reaches = have >= need;
  // A warrior sacrificed in the last rounds would have fought only those rounds.
  if (w_.endgame > 0) plan.cost *= std::min(1.0, rounds_left(s) / w_.endgame);
  return plan;
}

Action Heuristic::choose_bid(const State& s, int seat) const {
  const Side& side = s.sides[size_t(seat)];
  const int need = game_->bid_requirement(s);
  const double value = rr_value(s, seat, s.rr_current);
  // Every card of a made bid is lost, won or not: a bid the other bidder can still beat (it
  // answers with everything it has) risks the sacrifice for nothing. Either outbid its reach
  // now, or bid the least and count the card as likely lost.
  int target = need;
  double keep = 1;
  if (s.bid_stage < 2 && w_.contest > 0) {
    const int reach = Rules(*game_).best_possible_bid(s, 1 - seat);
    if (reach > need) {
      const BidPlan least = plan_bid(s, seat, need), safe = plan_bid(s, seat, reach + 1);
      if (safe.reaches && value - safe.cost >= (1 - w_.contest) * value - least.cost)
        target = reach + 1;
      else
        keep = 1 - w_.contest;
    }
  }
  const BidPlan plan = plan_bid(s, seat, target);
  const bool added = side.offered != side.committed || side.offered_rr != side.committed_rr;
  if (!plan.reaches) return {Verb::Pass, 0};
  if (plan.next.verb == Verb::Pass) return added ? Action{Verb::Bid, 0} : Action{Verb::Pass, 0};
  return keep * value >= plan.cost ? plan.next : Action{Verb::Pass, 0};
}

}  // namespace nf::ragnarok
