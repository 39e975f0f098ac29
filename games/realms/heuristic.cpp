#include "games/realms/heuristic.hpp"

#include <algorithm>

namespace nf::realms {
namespace {

constexpr double kWin = 50;  // the value of winning the game, in wounds
constexpr int kMaxSum = 11 * kMaxDice;
constexpr int kMaxDefence = 80;  // defences above this are treated as this
constexpr int kMaxWounds = 8;    // P(wounds >= k) is tabled up to this k

// Exact distributions of d12 pools, built once: dist[n][t][s] is the probability that n
// dice show t twelves and the others sum to s; at_least[n][d][k] is P(wounds >= k) for n
// dice against defence d.
struct DiceTables {
  std::array<std::array<std::array<float, kMaxSum + 1>, kMaxDice + 1>, kMaxDice + 1> dist{};
  std::array<std::array<std::array<float, kMaxWounds + 1>, kMaxDefence + 1>, kMaxDice + 1>
      at_least{};

  DiceTables() {
    dist[0][0][0] = 1;
    for (int n = 0; n < kMaxDice; ++n)
      for (int t = 0; t <= n; ++t)
        for (int s = 0; s <= 11 * n; ++s) {
          const float p = dist[size_t(n)][size_t(t)][size_t(s)] / 12.0f;
          if (p == 0) continue;
          for (int face = 1; face <= 11; ++face)
            dist[size_t(n + 1)][size_t(t)][size_t(s + face)] += p;
          dist[size_t(n + 1)][size_t(t + 1)][size_t(s)] += p;
        }
    for (int n = 0; n <= kMaxDice; ++n)
      for (int d = 1; d <= kMaxDefence; ++d)
        for (int t = 0; t <= n; ++t)
          for (int s = 0; s <= 11 * n; ++s) {
            const float p = dist[size_t(n)][size_t(t)][size_t(s)];
            const int wounds = std::min(kMaxWounds, t + s / d);
            for (int k = 1; k <= wounds; ++k) at_least[size_t(n)][size_t(d)][size_t(k)] += p;
          }
  }
};

const DiceTables& tables() {
  static const DiceTables t;
  return t;
}

// How much a Fate card is worth keeping, relative to the card_value weight.
constexpr std::array<double, kFateKinds> kCardWorth = {1.0, 0.8, 1.0, 0.9, 1.0};

bool is_ruler(int slot) { return slot == ruler_slot(slot_realm(slot)); }

}  // namespace

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("blood", 3.0, 0, 10, "value of one wound dealt (blood), and of one taken"),
      ParamSpec::real("kill", 4.0, 0, 20, "value of a kill, times the figure's worth"),
      ParamSpec::real("ruler", 4.0, 0, 20, "worth of a ruler (its death also decides the game)"),
      ParamSpec::real("hero", 1.5, 0, 20, "worth of a companion or champion"),
      ParamSpec::real("warrior", 0.75, 0, 20, "worth of a warrior (it can be rallied)"),
      ParamSpec::real("focus_wounded", 0.5, 0, 5,
                      "focus fire: attacks gain this share per wound the target already has"),
      ParamSpec::real("protect_ruler", 4.0, 0, 10, "how much more the ruler fears danger"),
      ParamSpec::real("caution", 0.1, 0, 5, "weight of the danger of ending a move near enemies"),
      ParamSpec::real("use_forest", 0.0, 0, 5,
                      "bonus for ending a move in Forest (its defence already lowers the danger)"),
      ParamSpec::real("advance", 0.08, 0, 2, "value of each hex gained towards the enemy ruler"),
      ParamSpec::real("keep_actions", 2, 0, 6, "actions kept for counterattacks"),
      ParamSpec::real("reserve_value", 1.0, 0, 10, "gain needed to spend a kept action"),
      ParamSpec::real("card_value", 0.6, 0, 10, "gain needed to play a Fate card"),
      ParamSpec::real("counter_threshold", 0.0, -10, 10, "gain needed to counterattack"),
      ParamSpec::real("hunt_ruler", 0.0, 0, 1,
                      "at least 0.5: Sinfjotli hunts the enemy ruler, else his first target"),
      ParamSpec::real("epsilon", 0.0, 0, 1, "chance of a uniformly random legal move"),
  };
}

Heuristic::Heuristic(const RealmsGame& game, const ParamSet& p)
    : game_(&game), w_{p.get_real("blood"),         p.get_real("kill"),
                       p.get_real("ruler"),         p.get_real("hero"),
                       p.get_real("warrior"),       p.get_real("focus_wounded"),
                       p.get_real("protect_ruler"), p.get_real("caution"),
                       p.get_real("use_forest"),    p.get_real("advance"),
                       p.get_real("keep_actions"),  p.get_real("reserve_value"),
                       p.get_real("card_value"),    p.get_real("counter_threshold"),
                       p.get_real("hunt_ruler"),    p.get_real("epsilon")} {
  tables();  // build the dice tables before any playout
}

// ---- values ----

double Heuristic::figure_value(int slot) const {
  switch (role_of(kSlotKind[size_t(slot)])) {
    case Role::Ruler:
      return w_.ruler;
    case Role::Warrior:
      return w_.warrior;
    default:
      return w_.hero;
  }
}

double Heuristic::marginal_wound(const State& s, int slot, int k) const {
  const int left = game_->health_left(s, slot);
  if (k > left) return 0;
  const Realm dealer = other(slot_realm(slot));
  double v = w_.blood;
  if (k == left) v += is_ruler(slot) ? kWin : w_.kill * figure_value(slot);
  if (s.sides[dealer].blood + k == game_->blood_to_win()) v += kWin;
  return v;
}

double Heuristic::attack_value(const State& s, int dice, int slot, int defence) const {
  if (dice <= 0) return 0;
  const auto& at_least =
      tables()
          .at_least[size_t(std::min(dice, kMaxDice))][size_t(std::clamp(defence, 1, kMaxDefence))];
  // Ancient Bloodline takes the first wound away.
  const int shift = ability_of(s, slot) == Hjordis && !s.sides[Norsemen].bloodline_used;
  const int left = std::min(game_->health_left(s, slot), kMaxWounds - shift);
  double v = 0;
  for (int k = 1; k <= left; ++k) v += at_least[size_t(k + shift)] * marginal_wound(s, slot, k);
  return v;
}

double Heuristic::value_of_wounds(const State& s, int wounds) const {
  const int victim = s.window_roll == RollKind::Attack ? s.combat.target : s.combat.attacker;
  if (ability_of(s, victim) == Hjordis && !s.sides[Norsemen].bloodline_used) --wounds;
  double v = 0;
  for (int k = 1; k <= wounds; ++k) v += marginal_wound(s, victim, k);
  return v;
}

double Heuristic::roll_value(const State& s) const {
  const int victim = s.window_roll == RollKind::Attack ? s.combat.target : s.combat.attacker;
  return value_of_wounds(
      s, RealmsGame::wounds(RealmsGame::current_roll(s), game_->defence(s, victim)));
}

double Heuristic::reroll_value(const State& s, unsigned mask) const {
  const Roll& roll = RealmsGame::current_roll(s);
  const int victim = s.window_roll == RollKind::Attack ? s.combat.target : s.combat.attacker;
  const int defence = game_->defence(s, victim) + roll.defence_bonus;
  int twelves = 0, sum = roll.attack_bonus, rerolled = 0;
  for (size_t i = 0; i < roll.dice.size(); ++i) {
    if (mask >> i & 1u)
      ++rerolled;
    else
      roll.dice[i] == 12 ? ++twelves : sum += roll.dice[i];
  }
  const auto& dist = tables().dist[size_t(rerolled)];
  double v = 0;
  for (int t = 0; t <= rerolled; ++t)
    for (int x = 0; x <= 11 * rerolled; ++x)
      if (dist[size_t(t)][size_t(x)] > 0)
        v += dist[size_t(t)][size_t(x)] * value_of_wounds(s, twelves + t + (sum + x) / defence);
  return v;
}

// ---- positions ----

double Heuristic::danger(const State& s, int slot, uint8_t hex) const {
  const Board& board = game_->board();
  const Realm enemy = other(slot_realm(slot));
  const int defence = game_->stats(s, slot).defence + (s.terrain[hex] == Terrain::Forest ? 4 : 0);
  double total = 0;
  for (int e = first_slot(enemy); e < end_slot(enemy); ++e) {
    const Figure& f = s.figures[size_t(e)];
    if (f.status != FigureStatus::Active) continue;
    const FigureStats& st = game_->stats(s, e);
    const int reach = s.terrain[f.hex] == Terrain::Water ? 1 : st.movement;
    const int d = board.distance(f.hex, hex);
    const int dice = d <= reach + 1 ? st.close : (d <= reach + 4 ? st.ranged : 0);
    total += attack_value(s, dice, slot, defence);
  }
  return total;
}

double Heuristic::best_attack_from(const State& s, int slot, uint8_t hex) const {
  const Board& board = game_->board();
  const Realm enemy = other(slot_realm(slot));
  double best = 0;
  for (int t = first_slot(enemy); t < end_slot(enemy); ++t) {
    const Figure& f = s.figures[size_t(t)];
    if (f.status != FigureStatus::Active) continue;
    const bool ranged = board.distance(hex, f.hex) >= 2;
    if (ranged && !(game_->ranged_band(hex).contains(board.cell(f.hex)) &&
                    game_->line_of_sight(s, hex, f.hex)))
      continue;
    const int dice = game_->attack_dice(s, slot, t, ranged, false, hex);
    best = std::max(best, attack_value(s, dice, t, game_->defence(s, t)));
  }
  return best;
}

double Heuristic::position_value(const State& s, int slot, uint8_t hex, int actions) const {
  const bool ruler = is_ruler(slot);
  double v = s.terrain[hex] == Terrain::Forest ? w_.use_forest : 0.0;
  v -= w_.caution * (ruler ? w_.protect_ruler : 1.0) * danger(s, slot, hex);
  const Figure& enemy_ruler = s.figures[size_t(ruler_slot(other(slot_realm(slot))))];
  v -= w_.advance * (ruler ? 0.25 : 1.0) * game_->board().distance(hex, enemy_ruler.hex);
  // The attack it could still make from there this turn, if it is worth an action.
  if (!s.figures[size_t(slot)].attacked && actions > 0)
    v += std::max(0.0, 0.9 * best_attack_from(s, slot, hex) - action_cost(actions));
  return v;
}

double Heuristic::action_cost(int actions) const {
  return 0.02 + (actions <= int(w_.keep_actions + 0.5) ? w_.reserve_value : 0.0);
}

double Heuristic::order_score(const State& s, Action a) const {
  return order_score(s, a, a.verb == Verb::Move ? here_value(s, a.a) : 0.0);
}

double Heuristic::here_value(const State& s, int slot) const {
  return position_value(s, slot, s.figures[size_t(slot)].hex, s.sides[slot_realm(slot)].actions);
}

double Heuristic::order_score(const State& s, Action a, double here) const {
  const int slot = a.a;
  switch (a.verb) {
    case Verb::Move: {
      const int actions = s.sides[slot_realm(slot)].actions;
      return position_value(s, slot, a.b, actions - 1) - here - action_cost(actions);
    }
    case Verb::Close:
    case Verb::Ranged: {
      const bool ranged = a.verb == Verb::Ranged;
      const int target = a.b;
      const Figure& t = s.figures[size_t(target)];
      double v = attack_value(s, game_->attack_dice(s, slot, target, ranged, false), target,
                              game_->defence(s, target));
      v *= 1.0 + w_.focus_wounded * t.wounds / game_->stats(s, target).health;
      // The counterattack that may answer it.
      if (s.sides[slot_realm(target)].actions >= 1)
        v -= attack_value(s, game_->attack_dice(s, target, slot, ranged, true), slot,
                          game_->defence(s, slot));
      return v - action_cost(s.sides[s.active].actions);
    }
    default:
      return -1.0;  // transforming terrain is left to other agents
  }
}

// ---- decisions ----

Action Heuristic::choose(const State& s, Rng& rng) const {
  if (w_.epsilon > 0 && rng.chance(w_.epsilon)) {
    FixedVector<Action, RealmsGame::kMaxActions> actions;
    game_->legal_actions(s, actions);
    return actions[rng.below(uint32_t(actions.size()))];
  }
  switch (s.phase) {
    case Phase::Main:
      return choose_main(s, rng);
    case Phase::Orders:
      return choose_order(s);
    case Phase::Discard:
      return choose_discard(s);
    case Phase::Quarry:
      return choose_quarry(s);
    case Phase::Window:
      return choose_window(s);
    case Phase::Counter:
      return choose_counter(s);
    case Phase::Over:
      break;
  }
  return Action{};
}

Action Heuristic::choose_main(const State& s, Rng&) const {
  FixedVector<Action, RealmsGame::kMaxActions> actions, orders;
  game_->legal_actions(s, actions);
  Action best{Verb::EndTurn, 0, 0, 0};
  double best_score = 0;
  State selected = s;
  selected.phase = Phase::Orders;
  for (const Action& a : actions) {
    if (a.verb == Verb::Select) {
      selected.selected = a.a;
      game_->legal_actions(selected, orders);
      const double here = here_value(s, a.a);  // the figure's moves all leave the same hex
      for (const Action& o : orders) {
        const double score = order_score(s, o, here);
        if (score > best_score) best_score = score, best = a;
      }
    } else if (a.verb == Verb::Rally) {
      // The warrior regained, what it can strike at once and the danger it stands in.
      const double score = w_.kill * figure_value(a.a) + 0.9 * best_attack_from(s, a.a, a.b) -
                           w_.caution * danger(s, a.a, a.b) -
                           action_cost(s.sides[s.active].actions);
      if (score > best_score) best_score = score, best = a;
    } else if (a.verb == Verb::Fate && s.sides[s.active].actions == 0) {
      // +3 actions when an attack is still worth making.
      for (int slot = first_slot(s.active); slot < end_slot(s.active); ++slot) {
        if (s.figures[size_t(slot)].status != FigureStatus::Active ||
            s.figures[size_t(slot)].attacked)
          continue;
        const double score = best_attack_from(s, slot, s.figures[size_t(slot)].hex) -
                             w_.card_value * kCardWorth[ActionsOrReroll];
        if (score > best_score) best_score = score, best = a;
      }
    }
  }
  return best;
}

Action Heuristic::choose_order(const State& s) const {
  FixedVector<Action, RealmsGame::kMaxActions> orders;
  game_->legal_actions(s, orders);
  Action best = orders[0];
  double best_score = -1e300;
  const double here = here_value(s, s.selected);  // every move leaves the same hex
  for (const Action& o : orders) {
    const double score = order_score(s, o, here);
    if (score > best_score) best_score = score, best = o;
  }
  return best;
}

Action Heuristic::choose_window(const State& s) const {
  FixedVector<Action, RealmsGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  const Realm me = s.window_to_act;
  const Combat& c = s.combat;
  const Roll& roll = RealmsGame::current_roll(s);
  const int roller = s.window_roll == RollKind::Attack ? c.attacker : c.target;
  const bool rolling = slot_realm(roller) == me;
  const int victim = s.window_roll == RollKind::Attack ? c.target : c.attacker;
  const double now = roll_value(s);
  const double sign = rolling ? 1.0 : -1.0;  // the roll's value is the roller's gain
  const unsigned all = (1u << roll.dice.size()) - 1;
  Action best{Verb::Pass, 0, 0, 0};
  double best_gain = 0;
  for (const Action& a : actions) {
    double gain = 0, cost = 0.01;
    switch (a.verb) {
      case Verb::Foresight:
      case Verb::BattleBorn:
        gain = reroll_value(s, a.b == 0 ? all : 1u << RealmsGame::die_position(roll, a.c)) - now;
        break;
      case Verb::Hunter:
        gain = reroll_value(s, a.c) - now;
        break;
      case Verb::Fate: {
        cost = w_.card_value * kCardWorth[a.a];
        const int bonus = a.a == Plus5 ? 5 : 6;
        Roll changed = roll;
        switch (FateUse(a.b)) {
          case FateUse::RerollAll:
            gain = sign * (reroll_value(s, all) - now);
            break;
          case FateUse::RerollOne:
            gain = sign * (reroll_value(s, 1u << RealmsGame::die_position(roll, a.c)) - now);
            break;
          case FateUse::Attack:
            changed.attack_bonus = uint8_t(changed.attack_bonus + bonus);
            gain = value_of_wounds(s, RealmsGame::wounds(changed, game_->defence(s, victim))) - now;
            break;
          case FateUse::Defence:
            changed.defence_bonus = uint8_t(changed.defence_bonus + bonus);
            gain = now - value_of_wounds(s, RealmsGame::wounds(changed, game_->defence(s, victim)));
            break;
          case FateUse::GainActions:
            // Buys a counterattack when the realm has no action left.
            if (!rolling && s.window_roll == RollKind::Attack && s.sides[me].actions == 0)
              gain = attack_value(s, game_->attack_dice(s, c.target, c.attacker, c.ranged, true),
                                  c.attacker, game_->defence(s, c.attacker));
            break;
        }
        break;
      }
      default:
        continue;
    }
    if (gain - cost > best_gain) best_gain = gain - cost, best = a;
  }
  return best;
}

Action Heuristic::choose_counter(const State& s) const {
  const Combat& c = s.combat;
  const double gain = attack_value(s, game_->attack_dice(s, c.target, c.attacker, c.ranged, true),
                                   c.attacker, game_->defence(s, c.attacker));
  return gain > w_.counter_threshold ? Action{Verb::Counter, 0, 0, 0}
                                     : Action{Verb::NoCounter, 0, 0, 0};
}

Action Heuristic::choose_discard(const State& s) const {
  // A card that does nothing for the realm (Side::blank_fate) is worth nothing.
  const Side& side = s.sides[s.active];
  auto worth = [&](int k) { return side.blank_fate >> k & 1 ? 0.0 : kCardWorth[size_t(k)]; };
  int worst = -1;
  for (int k = 0; k < kFateKinds; ++k)
    if (side.hand[size_t(k)] > 0 && (worst < 0 || worth(k) < worth(worst))) worst = k;
  return {Verb::Discard, uint8_t(worst), 0, 0};
}

Action Heuristic::choose_quarry(const State& s) const {
  const int ruler = ruler_slot(other(s.active));
  return {Verb::Quarry, uint8_t(w_.hunt_ruler >= 0.5 ? ruler : s.combat.target), 0, 0};
}

}  // namespace nf::realms
