// Combat in War of the 9 Realms: attack dice and line of sight, the attack roll, response
// windows (Fate cards and re-roll abilities), the counterattack, simultaneous resolution,
// Revenge, Ancient Bloodline, the Blood Cauldron and the end of the game.
#include <algorithm>
#include <bit>
#include <cassert>

#include "games/realms/realms.hpp"

namespace nf::realms {

// ---- queries ----

int RealmsGame::defence(const State& s, int slot) const {
  const uint8_t hex = s.figures[size_t(slot)].hex;
  return stats(s, slot).defence + (s.terrain[hex] == Terrain::Forest ? 4 : 0);
}

int RealmsGame::attack_dice(const State& s, int slot, int target, bool ranged, bool counter,
                            uint8_t from) const {
  const FigureStats& st = stats(s, slot);
  int dice = ranged ? st.ranged : st.close;
  if (dice == 0) return 0;  // abilities add dice to an attack; they do not create one
  const uint8_t hex = from == kNoHex ? s.figures[size_t(slot)].hex : from;
  const FigureKind kind = ability_of(s, slot);
  if (!counter) {  // abilities that speak of attacks only
    // Death Seekers: one die more against a wounded figure.
    if (kind == Valkyrie && s.figures[size_t(target)].wounds > 0) ++dice;
    // Hit Them Hard: one close die more for each other Vanguard within two hexes.
    if (kind == Vanguard && !ranged)
      for (int v = first_slot(Norsemen); v < end_slot(Norsemen); ++v)
        if (v != slot && kSlotKind[size_t(v)] == Vanguard &&
            s.figures[size_t(v)].status == FigureStatus::Active &&
            board_->distance(hex, s.figures[size_t(v)].hex) <= 2)
          ++dice;
    // Revenge: the dice Sigmund gained for his next attack.
    if (kind == Sigmund) dice += s.sides[Norsemen].revenge_dice;
  }
  if (s.terrain[hex] == Terrain::Forest) --dice;
  return std::clamp(dice, 0, kMaxDice);
}

bool RealmsGame::line_of_sight(const State& s, int from, int to) const {
  return !board_->sight_cells(from, to).blocked(sight_blocking(s));
}

bool RealmsGame::can_attack(const State& s, int slot, int target, bool ranged) const {
  const Targets targets = attack_targets(s, slot);
  return ((ranged ? targets.ranged : targets.close) >> target & 1) != 0;
}

bool RealmsGame::can_counter(const State& s) const {
  const Combat& c = s.combat;
  const Figure& t = s.figures[c.target];
  const Figure& a = s.figures[c.attacker];
  if (s.sides[slot_realm(c.target)].actions < 1) return false;
  // Close against close, ranged against ranged (with dice for it and a line of sight).
  if (attack_dice(s, c.target, c.attacker, c.ranged, true) == 0) return false;
  return !c.ranged || line_of_sight(s, t.hex, a.hex);
}

unsigned RealmsGame::die_position(const Roll& roll, int value) {
  for (size_t i = 0; i < roll.dice.size(); ++i)
    if (roll.dice[i] == value) return unsigned(i);
  return 0;
}

int RealmsGame::wounds(const Roll& roll, int defence) {
  int twelves = 0, total = roll.attack_bonus;
  for (uint8_t d : roll.dice) d == 12 ? ++twelves : total += d;
  return twelves + total / (defence + roll.defence_bonus);
}

// ---- rolls ----

namespace {

// Sorts a roll's dice from high to low: by insertion, which costs less than std::sort on the
// few dice of a roll.
void sort_dice(Roll& roll) {
  for (size_t i = 1; i < roll.dice.size(); ++i) {
    const uint8_t die = roll.dice[i];
    size_t j = i;
    for (; j > 0 && roll.dice[j - 1] < die; --j) roll.dice[j] = roll.dice[j - 1];
    roll.dice[j] = die;
  }
}

}  // namespace

void RealmsGame::roll_dice(State& s, Roll& roll, int count) const {
  roll = Roll{};
  for (int i = 0; i < count; ++i) roll.dice.push_back(uint8_t(1 + s.rng.below(12)));
  sort_dice(roll);
}

void RealmsGame::reroll(State& s, Roll& roll, unsigned mask) const {
  for (size_t i = 0; i < roll.dice.size(); ++i)
    if (mask >> i & 1u) roll.dice[i] = uint8_t(1 + s.rng.below(12));
  sort_dice(roll);
}

Roll& RealmsGame::current_roll(State& s) {
  return s.window_roll == RollKind::Attack ? s.combat.attack : s.combat.counter;
}

const Roll& RealmsGame::current_roll(const State& s) {
  return s.window_roll == RollKind::Attack ? s.combat.attack : s.combat.counter;
}

int RealmsGame::roller_slot(const State& s) const {
  return s.window_roll == RollKind::Attack ? s.combat.attacker : s.combat.target;
}

int RealmsGame::rolled_against(const State& s) const {
  return s.window_roll == RollKind::Attack ? s.combat.target : s.combat.attacker;
}

void RealmsGame::declare_attack(State& s, int slot, int target, bool ranged) const {
  --s.sides[slot_realm(slot)].actions;
  s.figures[size_t(slot)].attacked = true;
  ++s.counters[size_t(slot)].attacks;
  s.combat = Combat{};
  s.combat.attacker = uint8_t(slot);
  s.combat.target = uint8_t(target);
  s.combat.ranged = ranged;
  s.phase = Phase::Main;
  // The Hunter: Sinfjotli picks his quarry when he attacks without a living one.
  if (ability_of(s, slot) == Sinfjotli && s.sides[Norsemen].quarry == kNoFigure) {
    s.phase = Phase::Quarry;
    return;
  }
  roll_attack(s);
}

void RealmsGame::roll_attack(State& s) const {
  Combat& c = s.combat;
  roll_dice(s, c.attack, attack_dice(s, c.attacker, c.target, c.ranged, false));
  if (ability_of(s, c.attacker) == Sigmund) s.sides[Norsemen].revenge_dice = 0;  // spent
  open_window(s, RollKind::Attack);
}

void RealmsGame::begin_counterattack(State& s) const {
  Combat& c = s.combat;
  --s.sides[slot_realm(c.target)].actions;
  c.countered = true;
  roll_dice(s, c.counter, attack_dice(s, c.target, c.attacker, c.ranged, true));
  open_window(s, RollKind::Counter);
}

// ---- response windows ----

void RealmsGame::open_window(State& s, RollKind kind) const {
  s.window_roll = kind;
  s.window_to_act = slot_realm(roller_slot(s));  // the roller answers first
  s.window_passes = 0;
  s.phase = Phase::Window;
  advance_window(s);
}

// Whether `r` is asked in the window. Only public facts decide (the size of its hand, not
// its cards), so being skipped reveals nothing.
bool RealmsGame::window_has_options(const State& s, Realm r) const {
  if (s.sides[r].hand_size() > 0) return true;
  return r == slot_realm(roller_slot(s)) &&
         (foresight_ready(s) || battle_born_ready(s) || hunter_ready(s));
}

// Foresight: once in each Aesir turn Frigg may re-roll one or all of her attack dice.
bool RealmsGame::foresight_ready(const State& s) const {
  return s.window_roll == RollKind::Attack && ability_of(s, s.combat.attacker) == Frigg &&
         !s.sides[Aesir].foresight_used;
}

// Battle Born: against a figure with more health left than Thor, once in each of his
// attacks and counterattacks.
bool RealmsGame::battle_born_ready(const State& s) const {
  const int thor = roller_slot(s);
  return ability_of(s, thor) == Thor && !current_roll(s).battle_born_used &&
         health_left(s, rolled_against(s)) > health_left(s, thor);
}

// The Hunter: once in each attack on his quarry Sinfjotli re-rolls any of his dice.
bool RealmsGame::hunter_ready(const State& s) const {
  return s.window_roll == RollKind::Attack && ability_of(s, s.combat.attacker) == Sinfjotli &&
         s.combat.target == s.sides[Norsemen].quarry && !s.combat.attack.hunter_used;
}

// Realms with nothing to play pass at once; two passes in a row close the window.
void RealmsGame::advance_window(State& s) const {
  while (s.window_passes < 2 && !window_has_options(s, s.window_to_act)) {
    ++s.window_passes;
    s.window_to_act = other(s.window_to_act);
  }
  if (s.window_passes >= 2) close_window(s);
}

namespace {

// Calls add(value) once for each different value among the dice (sorted high to low) until
// add returns true; returns whether it did.
template <class Add>
bool for_each_value(const Roll& roll, Add add) {
  for (size_t i = 0; i < roll.dice.size(); ++i)
    if ((i == 0 || roll.dice[i] != roll.dice[i - 1]) && add(roll.dice[i])) return true;
  return false;
}

// The different values among the dice, in the order for_each_value offers them.
struct DieValues {
  std::array<uint8_t, kMaxDice> value;
  int count = 0;
};

DieValues die_values(const Roll& roll) {
  // Every die is written at the end of the list, which grows only by a new value: no branch
  // on each die.
  DieValues out;
  for (size_t i = 0; i < roll.dice.size(); ++i) {
    out.value[size_t(out.count)] = roll.dice[i];
    out.count += i == 0 || roll.dice[i] != roll.dice[i - 1];
  }
  return out;
}

// Calls visit(action) for every set of dice the Hunter may re-roll until visit returns true;
// returns whether it did. Any set but the empty one, counted once: dice of equal value are
// taken from the first of them.
template <class Visit>
bool visit_hunter_sets(const Roll& roll, Visit visit) {
  std::array<uint8_t, kMaxDice> start{}, size{}, take{};
  size_t groups = 0;
  for (size_t i = 0; i < roll.dice.size(); ++i) {
    if (i == 0 || roll.dice[i] != roll.dice[i - 1]) start[groups++] = uint8_t(i);
    ++size[groups - 1];
  }
  while (true) {
    size_t g = 0;
    while (g < groups && take[g] == size[g]) take[g++] = 0;
    if (g == groups) return false;
    ++take[g];
    unsigned mask = 0;
    for (size_t k = 0; k < groups; ++k) mask |= ((1u << take[k]) - 1) << start[k];
    if (visit(Action{Verb::Hunter, 0, 0, uint8_t(mask)})) return true;
  }
}

// The number of sets visit_hunter_sets offers: a value shown by n dice offers n + 1 choices,
// and the empty set is left out.
int hunter_set_count(const Roll& roll) {
  int sets = 1;
  for (size_t i = 0, same = 1; i < roll.dice.size(); ++i, ++same)
    if (i + 1 == roll.dice.size() || roll.dice[i + 1] != roll.dice[i])
      sets *= int(same) + 1, same = 0;
  return sets - 1;
}

}  // namespace

// Calls visit(action) for every action of the open window, in legal_actions order, until visit
// returns true; returns whether it did.
template <class Visit>
bool RealmsGame::visit_window_actions(const State& s, Visit visit) const {
  const Realm r = s.window_to_act;
  const bool rolling = r == slot_realm(roller_slot(s));
  const Roll& roll = current_roll(s);
  const Side& side = s.sides[r];
  if (visit(Action{Verb::Pass, 0, 0, 0})) return true;
  // Re-rolls act on the roll on the table, whoever plays them (one's own or forced).
  if (side.can_play(RerollAll) &&
      visit(Action{Verb::Fate, RerollAll, uint8_t(FateUse::RerollAll), 0}))
    return true;
  if (side.can_play(ActionsOrReroll)) {
    if (visit(Action{Verb::Fate, ActionsOrReroll, uint8_t(FateUse::GainActions), 0})) return true;
    if (for_each_value(roll, [&](uint8_t v) {
          return visit(Action{Verb::Fate, ActionsOrReroll, uint8_t(FateUse::RerollOne), v});
        }))
      return true;
  }
  // Bonuses: to one's own roll, or to the defence of one's own figure against it.
  const FateUse bonus = rolling ? FateUse::Attack : FateUse::Defence;
  if (side.can_play(Plus5) && visit(Action{Verb::Fate, Plus5, uint8_t(bonus), 0})) return true;
  if (rolling && side.can_play(Plus6Attack) &&
      visit(Action{Verb::Fate, Plus6Attack, uint8_t(bonus), 0}))
    return true;
  if (!rolling && side.can_play(Plus6Defence) &&
      visit(Action{Verb::Fate, Plus6Defence, uint8_t(bonus), 0}))
    return true;
  if (!rolling) return false;
  for (Verb ability : {Verb::Foresight, Verb::BattleBorn}) {
    if (ability == Verb::Foresight ? !foresight_ready(s) : !battle_born_ready(s)) continue;
    if (visit(Action{ability, 0, 0, 0})) return true;
    if (for_each_value(roll, [&](uint8_t v) { return visit(Action{ability, 0, 1, v}); }))
      return true;
  }
  return hunter_ready(s) && visit_hunter_sets(roll, visit);
}

void RealmsGame::window_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  visit_window_actions(s, [&out](Action a) {
    out.push_back(a);
    return false;
  });
}

Action RealmsGame::random_window_action(const State& s, Rng& rng) const {
  // The actions of visit_window_actions counted group by group and the drawn one taken from
  // its group, without visiting them; only the Hunter's sets of dice are walked.
  const Realm r = s.window_to_act;
  const bool rolling = r == slot_realm(roller_slot(s));
  const Roll& roll = current_roll(s);
  const Side& side = s.sides[r];
  const DieValues values = die_values(roll);
  const int reroll_all = side.can_play(RerollAll);
  const int actions_or_reroll = side.can_play(ActionsOrReroll) ? 1 + values.count : 0;
  const int plus5 = side.can_play(Plus5);
  const FateKind plus6 = rolling ? Plus6Attack : Plus6Defence;
  const int plus6s = side.can_play(plus6);
  const int foresight = rolling && foresight_ready(s) ? 1 + values.count : 0;
  const int battle_born = rolling && battle_born_ready(s) ? 1 + values.count : 0;
  const int hunter = rolling && hunter_ready(s) ? hunter_set_count(roll) : 0;
  int pick = int(rng.below(uint32_t(1 + reroll_all + actions_or_reroll + plus5 + plus6s +
                                    foresight + battle_born + hunter)));
  if (pick == 0) return {Verb::Pass, 0, 0, 0};
  pick -= 1;
  if (pick < reroll_all) return {Verb::Fate, RerollAll, uint8_t(FateUse::RerollAll), 0};
  pick -= reroll_all;
  // A re-roll of all the dice, then of one die of each value.
  auto reroll = [&](Verb verb, uint8_t a, uint8_t all, uint8_t one) {
    return pick == 0 ? Action{verb, a, all, 0}
                     : Action{verb, a, one, values.value[size_t(pick - 1)]};
  };
  if (pick < actions_or_reroll)
    return reroll(Verb::Fate, ActionsOrReroll, uint8_t(FateUse::GainActions),
                  uint8_t(FateUse::RerollOne));
  pick -= actions_or_reroll;
  const uint8_t bonus = uint8_t(rolling ? FateUse::Attack : FateUse::Defence);
  if (pick < plus5) return {Verb::Fate, Plus5, bonus, 0};
  pick -= plus5;
  if (pick < plus6s) return {Verb::Fate, plus6, bonus, 0};
  pick -= plus6s;
  if (pick < foresight) return reroll(Verb::Foresight, 0, 0, 1);
  pick -= foresight;
  if (pick < battle_born) return reroll(Verb::BattleBorn, 0, 0, 1);
  pick -= battle_born;
  return nth_visited([&](auto visit) { return visit_hunter_sets(roll, visit); }, uint32_t(pick));
}

void RealmsGame::apply_window_action(State& s, Action a) const {
  const Realm r = s.window_to_act;
  Roll& roll = current_roll(s);
  if (a.verb == Verb::Pass) {
    ++s.window_passes;
  } else if (a.verb != Verb::Fate) {
    s.window_passes = 0;
    const unsigned all = (1u << roll.dice.size()) - 1;
    const unsigned mask = a.verb == Verb::Hunter ? a.c
                          : a.b == 0             ? all
                                                 : 1u << die_position(roll, a.c);
    if (a.verb == Verb::Foresight) s.sides[Aesir].foresight_used = true;
    if (a.verb == Verb::BattleBorn) roll.battle_born_used = true;
    if (a.verb == Verb::Hunter) roll.hunter_used = true;
    reroll(s, roll, mask);
  } else {
    s.window_passes = 0;
    play_fate(s, r, FateKind(a.a));
    switch (FateUse(a.b)) {
      case FateUse::RerollAll:
        reroll(s, roll, (1u << roll.dice.size()) - 1);
        break;
      case FateUse::GainActions:
        s.sides[r].actions = uint8_t(s.sides[r].actions + kFateActions);
        break;
      case FateUse::RerollOne:
        reroll(s, roll, 1u << die_position(roll, a.c));
        break;
      case FateUse::Attack:
        roll.attack_bonus = uint8_t(roll.attack_bonus + (a.a == Plus5 ? 5 : 6));
        break;
      case FateUse::Defence:
        roll.defence_bonus = uint8_t(roll.defence_bonus + (a.a == Plus5 ? 5 : 6));
        break;
    }
  }
  s.window_to_act = other(r);
  advance_window(s);
}

void RealmsGame::close_window(State& s) const {
  if (s.window_roll == RollKind::Attack && can_counter(s)) {
    s.phase = Phase::Counter;
    return;
  }
  resolve_combat(s);
}

// ---- resolution ----

int RealmsGame::take_wounds(State& s, int slot, int wounds, int by) const {
  // Ancient Bloodline: Hjordis ignores the first wound of the first attack that wounds her
  // in each player's turn.
  if (ability_of(s, slot) == Hjordis && wounds > 0 && !s.sides[Norsemen].bloodline_used) {
    s.sides[Norsemen].bloodline_used = true;
    --wounds;
  }
  const int taken = std::min(wounds, health_left(s, slot));
  if (taken <= 0) return 0;
  s.figures[size_t(slot)].wounds = uint8_t(s.figures[size_t(slot)].wounds + taken);
  s.counters[size_t(slot)].wounds_taken = uint16_t(s.counters[size_t(slot)].wounds_taken + taken);
  s.counters[size_t(by)].damage = uint16_t(s.counters[size_t(by)].damage + taken);
  s.sides[slot_realm(by)].blood = uint8_t(s.sides[slot_realm(by)].blood + taken);
  return taken;
}

void RealmsGame::resolve_combat(State& s) const {
  const Combat c = s.combat;
  s.combat = Combat{};
  // Attack and counterattack are simultaneous: both are measured against the figures as
  // they stood, and the dead leave the board only afterwards.
  const int to_target = wounds(c.attack, defence(s, c.target));
  const int to_attacker = c.countered ? wounds(c.counter, defence(s, c.attacker)) : 0;
  take_wounds(s, c.target, to_target, c.attacker);
  take_wounds(s, c.attacker, to_attacker, c.target);
  for (const auto& [slot, killer] :
       {std::pair{int(c.target), int(c.attacker)}, std::pair{int(c.attacker), int(c.target)}}) {
    Figure& f = s.figures[size_t(slot)];
    if (f.status != FigureStatus::Active || health_left(s, slot) > 0) continue;
    ++s.counters[size_t(slot)].deaths;
    ++s.counters[size_t(killer)].kills;
    // Revenge: a Norseman dying within two hexes of Sigmund gives him a die.
    const Figure& sigmund = s.figures[size_t(ruler_slot(Norsemen))];
    if (slot_realm(slot) == Norsemen && slot != ruler_slot(Norsemen) &&
        ability_of(s, ruler_slot(Norsemen)) == Sigmund && sigmund.status == FigureStatus::Active &&
        health_left(s, ruler_slot(Norsemen)) > 0 && board_->distance(sigmund.hex, f.hex) <= 2 &&
        s.sides[Norsemen].revenge_dice < kMaxDice)
      ++s.sides[Norsemen].revenge_dice;
    if (s.sides[Norsemen].quarry == slot) s.sides[Norsemen].quarry = kNoFigure;
    set_figure_hex(s, slot, kNoHex);
    f.status = FigureStatus::Dead;
  }
  const Realm attacking = slot_realm(c.attacker), defending = other(attacking);
  auto ruler_alive = [&](Realm r) {
    return s.figures[size_t(ruler_slot(r))].status == FigureStatus::Active;
  };
  s.phase = Phase::Main;
  if (!ruler_alive(attacking) && !ruler_alive(defending))
    end_game(s, attacking, EndReason::DoubleKill);  // the attack was quicker
  else if (!ruler_alive(defending))
    end_game(s, attacking, EndReason::RulerKilled);
  else if (!ruler_alive(attacking))
    end_game(s, defending, EndReason::RulerKilled);
  else if (s.sides[attacking].blood >= blood_to_win_)
    end_game(s, attacking, EndReason::Cauldron);
  else if (s.sides[defending].blood >= blood_to_win_)
    end_game(s, defending, EndReason::Cauldron);
}

}  // namespace nf::realms
