// The rules of War of the 9 Realms outside combat: setup, the Resource Phase, the action
// phase (selecting figures, moving, transforming hexes, Rally, ending the turn), Fate card
// draws and determinization. Combat and response windows: combat.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/error.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {

ParamSchema RealmsGame::config_schema() {
  return {
      ParamSpec::text("map", "vigridr",
                      "board: a shipped map (vigridr, crossing) or the path of a map .toml file"),
      ParamSpec::text("figures", "standard",
                      "figure stats: the shipped set 'standard' or the path of a .toml file"),
      ParamSpec::choice("seat0_realm", "random", {"random", "aesir", "norsemen"},
                        "realm of seat 0, who moves first; random draws it from the deal seed, so "
                        "experiments rotate realms over seats"),
      ParamSpec::integer("turn_cap", 100, 1, 10000,
                         "turns (both realms' turns counted) after which the game is a draw"),
      ParamSpec::integer("blood_to_win", 9, 1, 99,
                         "blood in a realm's cauldron that wins the game while its ruler lives"),
      ParamSpec::integer("vanguards", 1, 1, 2,
                         "Norsemen Vanguards; 2 is the rulebook's two-Vanguard variant"),
      ParamSpec::choice("range", "line", {"line", "distance"},
                        "how far a ranged attack (2 to 4) reaches: line counts the hexes the line "
                        "from centre to centre passes through or along the edge of, as the "
                        "rulebook says; distance is the hex distance"),
  };
}

std::string RealmsGame::data_file_text(std::string_view option, const std::string& value) {
  if (option == "map") return map_text(value);
  if (option == "figures") return roster_text(value);
  throw Error(
      fmt::format("game 'realms' has no data option '{}' (data options: map, figures)", option));
}

RealmsGame::RealmsGame(const ParamSet& config)
    : board_(std::make_shared<const Board>(load_board(config.text("map")))),
      roster_(std::make_shared<const Roster>(load_roster(config.text("figures")))),
      turn_cap_(static_cast<int>(config.get_int("turn_cap"))),
      blood_to_win_(static_cast<int>(config.get_int("blood_to_win"))),
      vanguards_(static_cast<int>(config.get_int("vanguards"))),
      range_count_(config.get_choice("range") == "distance" ? RangeCount::Distance
                                                            : RangeCount::Line),
      words_(board_->words()) {
  const std::string& seat0 = config.get_choice("seat0_realm");
  seat0_realm_ = seat0 == "aesir" ? Aesir : seat0 == "norsemen" ? Norsemen : -1;
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    slot_stats_[0][size_t(slot)] = roster_->stats[kSlotKind[size_t(slot)]];
    slot_stats_[1][size_t(slot)] =
        roster_->reference.stand_in[size_t(role_of(kSlotKind[size_t(slot)]))];
    for (int stand_in = 0; stand_in < 2; ++stand_in)
      if (slot_stats_[size_t(stand_in)][size_t(slot)].close >= 2)
        sure_close_slots_[size_t(stand_in)] |= 1u << slot;
  }
  if (vanguards_ == 2 && !board_->has_extra_vanguard())
    throw Error(fmt::format("{}: formation.norsemen.Vanguard2: missing, and vanguards=2 needs it",
                            board_->source()));
  setup_ = setup();
}

State RealmsGame::setup() const {
  State s;
  s.occupant.fill(kNoFigure);
  for (int h = 0; h < board_->size(); ++h) set_terrain(s, h, board_->hex(h).terrain);
  s.supply.fill(kTerrainSupply);
  for (Realm r : {Aesir, Norsemen})
    for (const Placement& p : board_->formation(r)) {
      if (p.extra && vanguards_ < 2) continue;
      const int slot = p.extra ? kExtraVanguardSlot : int(p.kind);
      s.figures[size_t(slot)].status = FigureStatus::Active;
      set_figure_hex(s, slot, p.hex);
    }
  for (int k = 0; k < kFateKinds; ++k)
    for (int c = 0; c < kFateCopies[size_t(k)]; ++c) s.deck.push_back(uint8_t(k));
  return s;
}

State RealmsGame::initial_state(uint64_t seed) const {
  State s = setup_;
  s.rng.reseed(seed);
  const Realm first = seat0_realm_ < 0 ? Realm(s.rng.below(2)) : Realm(seat0_realm_);
  s.realm_of_seat = {first, other(first)};
  s.rng.shuffle(s.deck.span());
  for (int seat = 0; seat < 2; ++seat)
    for (int c = 0; c < 3; ++c) draw_card(s, s.realm_of_seat[size_t(seat)]);
  begin_turn(s, first);
  return s;
}

int RealmsGame::current_player(const State& s) const {
  return s.phase == Phase::Over ? -1 : s.seat_of(deciding_realm(s));
}

Realm RealmsGame::deciding_realm(const State& s) const {
  switch (s.phase) {
    case Phase::Window:
      return s.window_to_act;
    case Phase::Counter:
      return other(s.active);
    default:
      return s.active;
  }
}

Returns<2> RealmsGame::returns(const State& s) const {
  if (s.phase != Phase::Over || s.winner < 0) return {0.0, 0.0};
  return s.seat_of(Realm(s.winner)) == 0 ? Returns<2>{1.0, -1.0} : Returns<2>{-1.0, 1.0};
}

int RealmsGame::draw_card(State& s, Realm r) const {
  if (s.deck.empty()) {  // rebuild the deck from the discards, face up and face down
    for (int k = 0; k < kFateKinds; ++k) {
      for (; s.discards[size_t(k)] > 0; --s.discards[size_t(k)]) s.deck.push_back(uint8_t(k));
      for (; s.eye_discards[size_t(k)] > 0; --s.eye_discards[size_t(k)])
        s.deck.push_back(uint8_t(k));
    }
    s.rng.shuffle(s.deck.span());
    if (s.deck.empty()) return kFateKinds;
  }
  const uint8_t kind = s.deck.pop_back();
  ++s.sides[r].hand[kind];
  return kind;
}

void RealmsGame::begin_turn(State& s, Realm r) const {
  if (s.turn >= turn_cap_) {
    end_game(s, -1, EndReason::TurnCap);
    return;
  }
  ++s.turn;
  s.active = r;
  s.selected = kNoFigure;
  // Every slot is read, the other realm's kept: a loop of fixed length, whose end is never
  // mispredicted as that of the realm's few slots is every other turn.
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    Figure& f = s.figures[size_t(slot)];
    const bool others = slot_realm(slot) != r;
    f.moved = f.moved & others;
    f.attacked = f.attacked & others;
  }
  Side& side = s.sides[r];
  side.rallied = side.foresight_used = false;
  s.sides[Norsemen].bloodline_used = false;  // Hjordis: once in each player's turn
  // Resource Phase: actions to six, the Fate hand to three (Odin's All Seeing Eye: to four,
  // then one is discarded).
  side.actions = kActionsPerTurn;
  // A card that does nothing (Side::blank_fate) goes to the discards before the refill: it
  // held a place in the hand for one round.
  if (side.blank_fate != 0)
    for (int k = 0; k < kFateKinds; ++k)
      if (side.blank_fate >> k & 1) {
        s.discards[size_t(k)] = uint8_t(s.discards[size_t(k)] + side.hand[size_t(k)]);
        side.hand[size_t(k)] = 0;
      }
  const bool all_seeing_eye = r == Aesir && ability_of(s, ruler_slot(Aesir)) == Odin &&
                              s.figures[size_t(ruler_slot(Aesir))].status == FigureStatus::Active;
  const int hand_target = all_seeing_eye ? 4 : 3;
  for (int drawn = side.hand_size(); drawn < hand_target; ++drawn) {
    const int kind = draw_card(s, r);
    if (drawn == 3) s.eye_draw = uint8_t(kind);
  }
  s.phase = all_seeing_eye && side.hand_size() >= 4 ? Phase::Discard : Phase::Main;
}

void RealmsGame::end_game(State& s, int winner, EndReason reason) const {
  s.phase = Phase::Over;
  s.winner = int8_t(winner);
  s.end_reason = reason;
  s.selected = kNoFigure;
}

// ---- movement ----

template <int W>
BasicHexSet<W> RealmsGame::reachable_in(const State& s, int slot) const {
  using Set = BasicHexSet<W>;
  const uint8_t start = s.figures[size_t(slot)].hex;
  const Realm realm = slot_realm(slot);
  // Water: a figure in it moves one hex; entering it ends the move.
  const int budget = s.terrain[start] == Terrain::Water ? 1 : stats(s, slot).movement;
  // Half hexes, Mountains and enemies block; friends may be passed, not joined.
  const Set enemies(occupied(s, other(realm))), taken = Set(occupied(s, realm)) | enemies;
  const Set open =
      Set(board_->all_hexes())
          .minus(Set(board_->half_hexes()) | enemies | Set(s.terrain_planes.mountains()));
  // Breadth first: each step adds the open neighbours of every hex seen that a move may go on
  // from (all but Water, which ends a move; the start always). Spreading from all of `seen`
  // rather than from the last ring alone finds the same hexes, since the neighbours of older
  // rings are seen already, and needs no ring. The first step (a budget is at least one) takes
  // the start's neighbours from the board's table rather than spreading.
  const Set from(board_->hex_set(start));
  const Set stops = Set(s.terrain_planes.waters()).minus(from);
  Set seen = from | (Set(board_->neighbour_set(start)) & open);
  for (int step = 1; step < budget; ++step) seen |= seen.minus(stops).spread() & open;
  return seen.minus(taken);
}

HexSet RealmsGame::reachable(const State& s, int slot) const {
  return with_words([&](auto words) { return HexSet(reachable_in<words()>(s, slot)); });
}

void RealmsGame::reachable(const State& s, int slot, FixedVector<uint8_t, kMaxHexes>& out) const {
  out.clear();
  reachable(s, slot).for_each([&](int cell) { out.push_back(board_->hex_at_cell(cell)); });
}

// ---- attack targets ----

// Here rather than with combat, so that the action phase's hot paths inline them.
template <int W, bool kFirstOnly>
RealmsGame::Targets RealmsGame::find_targets(const State& s, int slot) const {
  using Set = BasicHexSet<W>;
  const Figure& f = s.figures[size_t(slot)];
  if (f.status != FigureStatus::Active) return {};
  // Close at distance one, with dice for it; ranged (ranged_targets) when no close target
  // ends the search. The enemies' hexes among the figure's neighbours are the few candidates.
  const FigureStats& st = stats(s, slot);
  const Set enemies(occupied(s, other(slot_realm(slot))));
  const bool close_sure = sure_close_slots(s) >> slot & 1;
  Targets out;
  // Most figures have no enemy near: the emptiness of a set is tested first, without a branch
  // on each of its words.
  const Set near = Set(board_->neighbour_set(f.hex)) & enemies;
  const bool found_close = st.close > 0 && !near.empty() && near.any_of([&](int cell) {
    const int t = s.occupant[board_->hex_at_cell(cell)];
    if (!close_sure && attack_dice(s, slot, t, false, false) == 0) return false;
    out.close = uint16_t(out.close | 1u << t);
    return kFirstOnly;
  });
  if (!found_close) out.ranged = ranged_targets<W, kFirstOnly>(s, slot);
  return out;
}

template <int W, bool kFirstOnly>
inline uint16_t RealmsGame::ranged_targets(const State& s, int slot) const {
  using Set = BasicHexSet<W>;
  // From two to four hexes (counted as `range` says) with a line of sight, with dice for it:
  // the enemies' hexes in the figure's ranged band are the candidates.
  const FigureStats& st = stats(s, slot);
  if (st.ranged == 0) return 0;
  const uint8_t from = s.figures[size_t(slot)].hex;
  const Set band = Set(ranged_band(from)) & Set(occupied(s, other(slot_realm(slot))));
  if (band.empty()) return 0;
  const bool ranged_sure = st.ranged >= 2;
  const HexSet blocking = sight_blocking(s);
  uint16_t out = 0;
  band.any_of([&](int cell) {
    const uint8_t hex = board_->hex_at_cell(cell);
    const int t = s.occupant[hex];
    if ((!ranged_sure && attack_dice(s, slot, t, true, false) == 0) ||
        board_->sight_cells(from, hex).blocked(blocking))
      return false;
    out = uint16_t(out | 1u << t);
    return kFirstOnly;
  });
  return out;
}

RealmsGame::Targets RealmsGame::attack_targets(const State& s, int slot) const {
  return with_words([&](auto words) { return attack_targets_in<words()>(s, slot); });
}

template <int W>
RealmsGame::Targets RealmsGame::attack_targets_in(const State& s, int slot) const {
  return find_targets<W, false>(s, slot);
}

template <int W>
bool RealmsGame::has_target(const State& s, int slot) const {
  return find_targets<W, true>(s, slot).any();
}

template <int W>
inline bool RealmsGame::has_ranged_target(const State& s, int slot) const {
  return ranged_targets<W, true>(s, slot) != 0;
}

// ---- the action phase ----

namespace {

// The hexes `slot` may be ordered to move to now: none once it has moved or without an action.
template <int W>
BasicHexSet<W> move_orders(const RealmsGame& game, const State& s, int slot) {
  const Figure& f = s.figures[size_t(slot)];
  if (f.status != FigureStatus::Active || f.moved || s.sides[slot_realm(slot)].actions < 1)
    return {};
  return game.reachable_in<W>(s, slot);
}

// The enemies `slot` may be ordered to attack now: none once it has attacked or without an
// action. W as in move_orders.
template <int W>
RealmsGame::Targets attack_orders(const RealmsGame& game, const State& s, int slot) {
  const Figure& f = s.figures[size_t(slot)];
  if (f.attacked || s.sides[slot_realm(slot)].actions < 1) return {};
  return game.attack_targets_in<W>(s, slot);
}

// Calls visit(action) for every Transform order of `slot` until visit returns true; returns
// whether it did.
template <class Visit>
bool visit_transforms(const RealmsGame& game, const State& s, int slot, Visit visit) {
  const Figure& f = s.figures[size_t(slot)];
  if (f.status != FigureStatus::Active || s.sides[slot_realm(slot)].actions < kTransformCost)
    return false;
  for (uint8_t n : game.board().neighbours(f.hex)) {
    if (game.board().hex(n).half || s.occupant[n] != kNoFigure) continue;
    for (int t = 0; t < kTransformTerrains; ++t)
      if (s.supply[size_t(t)] > 0 && s.terrain[n] != Terrain(t) &&
          visit(Action{Verb::Transform, uint8_t(slot), n, uint8_t(t)}))
        return true;
  }
  return false;
}

// The number of Transform orders visit_transforms offers: the empty whole hexes around `slot`,
// each taking every terrain left in supply but its own.
int transform_count(const RealmsGame& game, const State& s, int slot) {
  const Figure& f = s.figures[size_t(slot)];
  if (f.status != FigureStatus::Active || s.sides[slot_realm(slot)].actions < kTransformCost)
    return 0;
  int supplied = 0;  // terrains left in supply
  for (int t = 0; t < kTransformTerrains; ++t) supplied += s.supply[size_t(t)] > 0;
  if (supplied == 0) return 0;  // the supply runs out early in most games
  // What a hex of each terrain takes is worked out once, so that counting the hexes does not
  // branch on their terrain, nor on whether they are empty (the figure's own hex, which pads
  // the list, is not).
  std::array<int, kTerrains> takes{};
  for (int t = 0; t < kTerrains; ++t)
    takes[size_t(t)] = supplied - (t < kTransformTerrains && s.supply[size_t(t)] > 0);
  int count = 0;
  for (uint8_t n : game.board().whole_around(f.hex))
    count += takes[size_t(s.terrain[n])] & -int(s.occupant[n] == kNoFigure);
  return count;
}

// Calls visit(action) for every order `slot` may be given now (moves in hex order, close
// attacks, ranged attacks, transforms) until visit returns true; returns whether it did.
template <class Visit>
bool visit_orders(const RealmsGame& game, const State& s, int slot, Visit visit) {
  bool stop = false;
  move_orders<HexSet::kWords>(game, s, slot).for_each([&](int cell) {
    stop = stop || visit(Action{Verb::Move, uint8_t(slot), game.board().hex_at_cell(cell), 0});
  });
  if (stop) return true;
  const RealmsGame::Targets targets = attack_orders<HexSet::kWords>(game, s, slot);
  for (const auto& [verb, mask] :
       {std::pair{Verb::Close, targets.close}, std::pair{Verb::Ranged, targets.ranged}})
    for (uint32_t m = mask; m != 0; m &= m - 1)
      if (visit(Action{verb, uint8_t(slot), uint8_t(std::countr_zero(m)), 0})) return true;
  return visit_transforms(game, s, slot, visit);
}

// The dead warrior a Rally may return now (lowest slot first), or kNoFigure: none once the
// realm has rallied this turn or without an action.
int rally_candidate(const State& s, Realm r) {
  // Only warriors rally: the few warrior slots of both realms are read, without a loop whose
  // length depends on the realm, and the realm's own kept; nor a branch on whether it may.
  constexpr auto kWarriors = [] {
    FixedVector<uint8_t, kMaxFigures> slots;
    for (int slot = 0; slot < kMaxFigures; ++slot)
      if (role_of(kSlotKind[size_t(slot)]) == Role::Warrior) slots.push_back(uint8_t(slot));
    return slots;
  }();
  uint32_t fallen = 0;
  for (uint8_t slot : kWarriors)
    fallen |= uint32_t(s.figures[slot].status == FigureStatus::Dead) << slot;
  const Side& side = s.sides[r];
  const bool may = !side.rallied & (side.actions >= 1);
  fallen &= ((1u << end_slot(r)) - (1u << first_slot(r))) & -uint32_t(may);
  return fallen != 0 ? std::countr_zero(fallen) : kNoFigure;
}

// Calls visit(action) for every action of a decision other than an order or a response
// window (the action phase, where `figures` have orders; the All Seeing Eye's discard; the
// quarry; the counterattack) until visit returns true; returns whether it did.
template <class Visit>
bool visit_phase_actions(const RealmsGame& game, const State& s, uint32_t figures, Visit visit) {
  const Side& side = s.sides[s.active];
  switch (s.phase) {
    case Phase::Main: {
      for (uint32_t m = figures; m != 0; m &= m - 1)
        if (visit(Action{Verb::Select, uint8_t(std::countr_zero(m)), 0, 0})) return true;
      const int fallen = rally_candidate(s, s.active);
      if (fallen != kNoFigure)
        for (uint8_t h : game.board().tile(s.active))
          if (s.occupant[h] == kNoFigure && visit(Action{Verb::Rally, uint8_t(fallen), h, 0}))
            return true;
      if (side.can_play(ActionsOrReroll) &&
          visit(Action{Verb::Fate, ActionsOrReroll, uint8_t(FateUse::GainActions), 0}))
        return true;
      return visit(Action{Verb::EndTurn, 0, 0, 0});
    }
    case Phase::Discard:
      for (int k = 0; k < kFateKinds; ++k)
        if (side.hand[size_t(k)] > 0 && visit(Action{Verb::Discard, uint8_t(k), 0, 0})) return true;
      return false;
    case Phase::Quarry: {
      const Realm enemy = other(s.active);
      for (int t = first_slot(enemy); t < end_slot(enemy); ++t)
        if (s.figures[size_t(t)].status == FigureStatus::Active &&
            visit(Action{Verb::Quarry, uint8_t(t), 0, 0}))
          return true;
      return false;
    }
    case Phase::Counter:
      return visit(Action{Verb::Counter, 0, 0, 0}) || visit(Action{Verb::NoCounter, 0, 0, 0});
    default:
      return false;
  }
}

}  // namespace

template <int W>
uint32_t RealmsGame::selectable(const State& s) const {
  using Set = BasicHexSet<W>;
  const Side& side = s.sides[s.active];
  if (side.actions < 1) return 0;  // every order costs an action
  // The hexes next to a figure are tested as one set: an empty enterable neighbour is a move
  // (without searching every hex), an empty neighbour of another terrain left in supply a
  // transform, an enemy neighbour a close attack. Ranged attacks come next, and last a move
  // through friends.
  const Set empty =
      Set(board_->all_hexes())
          .minus(Set(board_->half_hexes()) | Set(occupied(s, Aesir)) | Set(occupied(s, Norsemen)));
  const Set enterable = empty.minus(Set(s.terrain_planes.mountains()));
  // Transformable: an empty hex of another terrain than one left in supply; with two terrains
  // in supply, every empty hex.
  Set transformable;
  if (side.actions >= kTransformCost) {
    int supplied = 0, last = 0;
    for (int t = 0; t < kTransformTerrains; ++t)
      if (s.supply[size_t(t)] > 0) ++supplied, last = t;
    if (supplied >= 2)
      transformable = empty;
    else if (supplied == 1)
      transformable = empty.minus(Set(s.terrain_planes.of(Terrain(last), board_->all_hexes())));
  }
  const Set enemies(occupied(s, other(s.active)));
  // The neighbours that give a figure an order, by whether it may still move (bit 1) and
  // attack at close range (bit 0): picked by index rather than by branches.
  const std::array<Set, 4> ordering = {transformable, transformable | enemies,
                                       transformable | enterable,
                                       transformable | enterable | enemies};
  uint32_t figures = 0;
  // Read once: the calls in the loop would have them read again for every figure.
  const std::span<const HexSet> neighbour_sets = board_->neighbour_sets();
  const uint32_t sure_close = sure_close_slots(s);
  const int end = end_slot(s.active);
  for (int slot = first_slot(s.active); slot < end; ++slot) {
    const Figure& f = s.figures[size_t(slot)];
    if (f.status != FigureStatus::Active) continue;
    // A figure without a sure close attack (sure_close_slots_) is asked has_target.
    const bool close_sure = sure_close >> slot & 1;
    const int may = (!f.moved) << 1 | (!f.attacked & close_sure);
    if (!(Set(neighbour_sets[f.hex]) & ordering[size_t(may)]).empty() ||
        (!f.attacked && (close_sure ? has_ranged_target<W>(s, slot) : has_target<W>(s, slot))) ||
        (!f.moved && !reachable_in<W>(s, slot).empty()))
      figures |= 1u << slot;
  }
  return figures;
}

void RealmsGame::orders(const State& s, int slot, FixedVector<Action, kMaxActions>& out) const {
  visit_orders(*this, s, slot, [&out](Action a) {
    out.push_back(a);
    return false;
  });
}

template <int W>
Action RealmsGame::random_order(const State& s, Rng& rng) const {
  // Moves and attacks are sets counted without listing them; the few transforms are counted
  // and then walked to the drawn one.
  const int slot = s.selected;
  const BasicHexSet<W> moves = move_orders<W>(*this, s, slot);
  const Targets targets = attack_orders<W>(*this, s, slot);
  const int transforms = transform_count(*this, s, slot);
  const std::array<uint64_t, W> move_counts = moves.running_counts();
  int move_count = 0;
  for (uint64_t running : move_counts) move_count += int(running >> 56);
  const int close_count = bit_count16(targets.close), ranged_count = bit_count16(targets.ranged);
  int pick = int(rng.below(uint32_t(move_count + close_count + ranged_count + transforms)));
  if (pick < move_count)
    return {Verb::Move, uint8_t(slot), board_->hex_at_cell(moves.nth(pick, move_counts)), 0};
  pick -= move_count;
  if (pick < close_count)
    return {Verb::Close, uint8_t(slot), uint8_t(select_bit16(targets.close, uint32_t(pick))), 0};
  pick -= close_count;
  if (pick < ranged_count)
    return {Verb::Ranged, uint8_t(slot), uint8_t(select_bit16(targets.ranged, uint32_t(pick))), 0};
  pick -= ranged_count;
  return nth_visited([&](auto visit) { return visit_transforms(*this, s, slot, visit); },
                     uint32_t(pick));
}

template <int W>
Action RealmsGame::random_selection(const State& s, Rng& rng) const {
  // The action phase's selections, rallies, "+3 actions" and end turn, counted in the order
  // of visit_phase_actions without visiting them.
  const Side& side = s.sides[s.active];
  const uint32_t figures = selectable<W>(s);
  const int fallen = rally_candidate(s, s.active);
  int rallies = 0;
  if (fallen != kNoFigure)
    for (uint8_t h : board_->tile(s.active)) rallies += s.occupant[h] == kNoFigure;
  const int selections = bit_count16(figures), fate = side.can_play(ActionsOrReroll);
  int pick = int(rng.below(uint32_t(selections + rallies + fate + 1)));
  if (pick < selections)
    return {Verb::Select, uint8_t(select_bit16(figures, uint32_t(pick))), 0, 0};
  pick -= selections;
  if (pick < rallies)
    for (uint8_t h : board_->tile(s.active))
      if (s.occupant[h] == kNoFigure && pick-- == 0) return {Verb::Rally, uint8_t(fallen), h, 0};
  if (pick == rallies && fate)
    return {Verb::Fate, ActionsOrReroll, uint8_t(FateUse::GainActions), 0};
  return {Verb::EndTurn, 0, 0, 0};
}

Action RealmsGame::random_action(const State& s, Rng& rng) const {
  if (s.phase == Phase::Orders)
    return with_words([&](auto words) { return random_order<words()>(s, rng); });
  if (s.phase == Phase::Window) return random_window_action(s, rng);
  if (s.phase == Phase::Main)
    return with_words([&](auto words) { return random_selection<words()>(s, rng); });
  // The counterattack and the discard, drawn as from visit_phase_actions' lists.
  if (s.phase == Phase::Counter) return {rng.below(2) == 0 ? Verb::Counter : Verb::NoCounter};
  if (s.phase == Phase::Discard) {
    uint32_t kinds = 0;  // in hand (bit: kind)
    for (int k = 0; k < kFateKinds; ++k)
      kinds |= uint32_t(s.sides[s.active].hand[size_t(k)] > 0) << k;
    const uint32_t pick = rng.below(uint32_t(bit_count16(kinds)));
    return {Verb::Discard, uint8_t(select_bit16(kinds, pick)), 0, 0};
  }
  return draw_visited([&](auto visit) { return visit_phase_actions(*this, s, 0, visit); }, rng);
}

void RealmsGame::legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  out.clear();
  if (s.phase == Phase::Orders) {
    orders(s, s.selected, out);
  } else if (s.phase == Phase::Window) {
    window_actions(s, out);
  } else {
    const uint32_t figures = s.phase == Phase::Main ? selectable<HexSet::kWords>(s) : 0;
    visit_phase_actions(*this, s, figures, [&out](Action a) {
      out.push_back(a);
      return false;
    });
  }
}

void RealmsGame::play_fate(State& s, Realm r, FateKind kind) const {
  Side& side = s.sides[r];
  assert(side.hand[kind] > 0);
  --side.hand[kind];
  ++s.discards[kind];
  ++side.fate_played[kind];
}

void RealmsGame::apply(State& s, Action a) const {
  assert(s.phase != Phase::Over);
  // Every action of a response window is the window's, and most others select a figure, move
  // it, end the turn or attack: these are told apart before the switch, whose jump is often
  // mispredicted.
  if (s.phase == Phase::Window) {
    apply_window_action(s, a);
    return;
  }
  Side& side = s.sides[s.active];
  if (a.verb == Verb::Select) {
    s.selected = a.a;
    s.phase = Phase::Orders;
    return;
  }
  if (a.verb == Verb::Move) {
    set_figure_hex(s, a.a, a.b);
    s.figures[a.a].moved = true;
    --side.actions;
    s.phase = Phase::Main;
    return;
  }
  if (a.verb == Verb::EndTurn) {
    begin_turn(s, other(s.active));
    return;
  }
  if (a.verb == Verb::Close || a.verb == Verb::Ranged) {
    declare_attack(s, a.a, a.b, a.verb == Verb::Ranged);
    return;
  }
  switch (a.verb) {
    case Verb::Transform:
      set_terrain(s, a.b, Terrain(a.c));
      --s.supply[a.c];
      side.actions = uint8_t(side.actions - kTransformCost);
      s.phase = Phase::Main;
      return;
    case Verb::Rally: {
      // The fallen warrior returns unwounded on its realm tile and may act at once, but "a
      // Figure may only move and attack once": a move or attack it made before it fell this
      // turn stays spent (begin_turn clears them at the start of the realm's turn).
      Figure& f = s.figures[a.a];
      f.wounds = 0;
      f.status = FigureStatus::Active;
      set_figure_hex(s, a.a, a.b);
      side.rallied = true;
      --side.actions;
      return;
    }
    case Verb::Discard:  // face down: the Norsemen do not learn the card
      --side.hand[a.a];
      ++s.eye_discards[a.a];
      s.phase = Phase::Main;
      return;
    case Verb::Fate:
      if (s.phase == Phase::Main) {  // "+3 actions" during the action phase
        play_fate(s, s.active, FateKind(a.a));
        side.actions = uint8_t(side.actions + kFateActions);
        return;
      }
      break;
    case Verb::Quarry:
      s.sides[Norsemen].quarry = a.a;
      roll_attack(s);
      return;
    case Verb::Counter:
      begin_counterattack(s);
      return;
    case Verb::NoCounter:
      resolve_combat(s);
      return;
    default:
      break;
  }
  apply_window_action(s, a);
}

// ---- hidden information ----

void RealmsGame::determinize(State& s, int observer, Rng& rng) const {
  // Unseen by the observer: the opponent's hand, the deck order and, for the Norsemen, the
  // All Seeing Eye's face-down discards. The face-up discards, every hand's size, the
  // number of face-down discards and the observer's own hand are known.
  const Realm opponent = other(s.realm_of_seat[size_t(observer)]);
  std::array<uint8_t, kFateKinds>& hand = s.sides[opponent].hand;
  FixedVector<uint8_t, kFateCards> unseen = s.deck;
  int hand_size = 0, face_down = 0;
  for (int k = 0; k < kFateKinds; ++k)
    for (; hand[size_t(k)] > 0; --hand[size_t(k)], ++hand_size) unseen.push_back(uint8_t(k));
  if (opponent == Aesir)
    for (int k = 0; k < kFateKinds; ++k)
      for (; s.eye_discards[size_t(k)] > 0; --s.eye_discards[size_t(k)], ++face_down)
        unseen.push_back(uint8_t(k));
  // Sorted first, so the sample depends on what the observer knows, never on the true order.
  std::sort(unseen.begin(), unseen.end());
  rng.shuffle(unseen.span());
  for (int i = 0; i < hand_size; ++i) ++hand[unseen.pop_back()];
  for (int i = 0; i < face_down; ++i) ++s.eye_discards[unseen.pop_back()];
  s.deck = unseen;
  s.rng.reseed(rng.next());
}

}  // namespace nf::realms
