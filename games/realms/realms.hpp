// War of the 9 Realms (Print & Play): Aesir against Norsemen on a hex board, with action
// points, d12 combat, counterattacks, hidden Fate cards and figure abilities.
// Rules as implemented and every ruling: docs/games/realms.md.
//
// A turn is decomposed into small decisions so that search branches stay narrow: in the
// action phase the realm selects a figure (or rallies, plays "+3 actions" or ends its turn),
// then gives that figure one order (move, close or ranged attack, transform a hex). Every
// roll opens a response window in which both realms, the roller first, play Fate cards or
// abilities until both pass in a row.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/causal.hpp"
#include "core/fixed_vector.hpp"
#include "core/game.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "core/tensor_writer.hpp"
#include "games/realms/board.hpp"

namespace nf::realms {

// Figure slots: the four Aesir, then the Norsemen with a second Vanguard that takes part only
// in the two-Vanguard variant.
inline constexpr int kMaxFigures = 9;
inline constexpr uint8_t kNoFigure = 255;
inline constexpr std::array<FigureKind, kMaxFigures> kSlotKind = {
    Odin, Frigg, Thor, Valkyrie, Sigmund, Hjordis, Sinfjotli, Vanguard, Vanguard};
inline constexpr int kExtraVanguardSlot = 8;
// The ability of a figure played by its rank's stand-in (State::stand_ins): none.
inline constexpr FigureKind kNoAbility = FigureKind(kFigureKinds);
constexpr Realm slot_realm(int slot) { return slot < 4 ? Aesir : Norsemen; }
constexpr int ruler_slot(Realm r) { return r == Aesir ? 0 : 4; }
constexpr int first_slot(Realm r) { return r == Aesir ? 0 : 4; }
constexpr int end_slot(Realm r) { return r == Aesir ? 4 : kMaxFigures; }

enum class FigureStatus : uint8_t { Absent, Active, Dead };

struct Figure {
  uint8_t hex = kNoHex;
  uint8_t wounds = 0;
  FigureStatus status = FigureStatus::Absent;
  bool moved = false, attacked = false;
};

// Fate cards: five kinds, 14 cards.
enum FateKind : uint8_t { RerollAll, ActionsOrReroll, Plus5, Plus6Attack, Plus6Defence };
inline constexpr int kFateKinds = 5;
inline constexpr std::array<uint8_t, kFateKinds> kFateCopies = {2, 2, 4, 2, 4};
inline constexpr int kFateCards = 14;
// A Fate kind's name in the balance report ("fate:+5"), its element row and causal value.
std::string_view fate_element_name(int kind);
// How a Fate card is used.
enum class FateUse : uint8_t { RerollAll, GainActions, RerollOne, Attack, Defence };

inline constexpr int kActionsPerTurn = 6;
inline constexpr int kFateActions = 3;
inline constexpr int kTransformCost = 3;
inline constexpr int kMaxDice = 12;  // a pool never exceeds twelve dice
inline constexpr int kTerrainSupply = 2;

// Per-realm statistics for the balance report; they never affect play.
struct FigureCounters {
  uint16_t damage = 0, wounds_taken = 0, kills = 0, deaths = 0, attacks = 0;
};

struct Side {
  uint8_t actions = 0;
  uint8_t blood = 0;
  std::array<uint8_t, kFateKinds> hand{};
  bool rallied = false;                            // Rally used this turn
  bool foresight_used = false;                     // Frigg, this Aesir turn
  bool bloodline_used = false;                     // Hjordis, this player's turn
  uint8_t quarry = kNoFigure;                      // Sinfjotli's chosen figure
  uint8_t revenge_dice = 0;                        // Sigmund's dice for his next attack
  std::array<uint16_t, kFateKinds> fate_played{};  // statistics
  // Fate kinds that do nothing for this realm (bit: kind), the neutral reference of the
  // causal values: such a card is never played; it goes to the discards at the realm's next
  // Resource Phase, before the refill (the All Seeing Eye may discard it sooner).
  uint8_t blank_fate = 0;

  bool can_play(FateKind k) const { return hand[k] > 0 && !(blank_fate >> k & 1); }
  int hand_size() const {
    int n = 0;
    for (uint8_t c : hand) n += c;
    return n;
  }
};

// One roll of an attack or a counterattack with what has been added to it.
struct Roll {
  FixedVector<uint8_t, kMaxDice> dice;  // sorted from high to low
  uint8_t attack_bonus = 0, defence_bonus = 0;
  bool battle_born_used = false, hunter_used = false;
};

struct Combat {
  uint8_t attacker = kNoFigure, target = kNoFigure;
  bool ranged = false;
  bool countered = false;
  Roll attack, counter;
};

enum class Phase : uint8_t {
  Main,     // the active realm selects a figure, rallies, plays +3 actions or ends its turn
  Orders,   // the selected figure's order
  Discard,  // Odin's All Seeing Eye: the Aesir discard one of four cards
  Quarry,   // Sinfjotli chooses his quarry
  Window,   // response window after a roll
  Counter,  // the attacked realm decides on a counterattack
  Over,
};
enum class RollKind : uint8_t { Attack, Counter };
enum class EndReason : uint8_t { None, RulerKilled, DoubleKill, Cauldron, TurnCap };

struct State {
  std::array<Figure, kMaxFigures> figures{};
  std::array<FigureCounters, kMaxFigures> counters{};
  std::array<Side, kRealms> sides{};
  std::array<Terrain, kMaxHexes> terrain{};
  TerrainPlanes terrain_planes;  // `terrain` again, as sets; RealmsGame::set_terrain keeps both
  std::array<uint8_t, kMaxHexes> occupant{};  // figure slot or kNoFigure
  // The hexes of each realm's figures, `occupant` again as sets; RealmsGame::set_figure_hex keeps
  // both.
  std::array<HexSet, kRealms> figure_hexes{};
  std::array<uint8_t, kTransformTerrains> supply{};  // terrain hexes left: Plain, Forest, Water
  FixedVector<uint8_t, kFateCards> deck;             // back() is the top card
  std::array<uint8_t, kFateKinds> discards{};        // played Fate cards, face up
  std::array<uint8_t, kFateKinds> eye_discards{};    // All Seeing Eye discards, face down
  Combat combat{};
  RollKind window_roll = RollKind::Attack;
  Realm window_to_act = Aesir;
  uint8_t window_passes = 0;
  Phase phase = Phase::Main;
  Realm active = Aesir;
  uint8_t selected = kNoFigure;
  std::array<Realm, 2> realm_of_seat{Aesir, Norsemen};
  uint16_t turn = 0;   // turns begun, both realms counted
  int8_t winner = -1;  // realm; -1 when over is a draw
  EndReason end_reason = EndReason::None;
  // Figure slots played by their rank's stand-in (bit: slot): its printed values, no ability.
  // Set on an initial state only, by the causal values' replacement (causal.cpp).
  uint16_t stand_ins = 0;
  // The Fate kind the All Seeing Eye drew last (kFateKinds: none), so that a replaced Odin
  // can give back the card his first Resource Phase drew.
  uint8_t eye_draw = kFateKinds;
  Rng rng;

  int seat_of(Realm r) const { return realm_of_seat[0] == r ? 0 : 1; }
  bool stand_in(int slot) const { return stand_ins >> slot & 1; }
};

// The ability `slot` plays with: its figure's, or kNoAbility for a stand-in.
inline FigureKind ability_of(const State& s, int slot) {
  return s.stand_in(slot) ? kNoAbility : kSlotKind[size_t(slot)];
}

// Compact action: a verb and up to three small operands.
enum class Verb : uint8_t {
  EndTurn,
  Select,     // a = figure
  Move,       // a = figure, b = hex
  Close,      // a = figure, b = target
  Ranged,     // a = figure, b = target
  Transform,  // a = figure, b = hex, c = terrain
  Rally,      // a = figure, b = hex
  Discard,    // a = fate kind
  Quarry,     // a = figure
  Counter,
  NoCounter,
  Pass,
  Fate,        // a = fate kind, b = FateUse, c = die value (re-roll one)
  Foresight,   // b = 0 all / 1 one, c = die value
  BattleBorn,  // b = 0 all / 1 one, c = die value
  Hunter,      // c = mask of dice positions to re-roll
};

struct Action {
  Verb verb = Verb::EndTurn;
  uint8_t a = 0, b = 0, c = 0;
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

class Heuristic;

class RealmsGame {
 public:
  using State = realms::State;
  using Action = realms::Action;
  static constexpr std::string_view kId = "realms";
  static constexpr std::string_view kDescription =
      "War of the 9 Realms: 2 players, hex board, d12 combat, counterattacks, hidden Fate cards";
  static constexpr int kMaxPlayers = 2;
  static constexpr int kMaxActions = 256;
  // Iterations per decision of the default ismcts (about 20 ms): heuristic rollouts are slow.
  static constexpr uint64_t kSearchIterations = 100;
  // Rollouts of the default ismcts are cut after 12 moves and scored by the shipped value model.
  static constexpr int kSearchDepth = 12;

  static ParamSchema config_schema();
  // `ninefold check`, the golden playthroughs and the benchmarks cover the other map, the
  // two-Vanguard variant and range by hex distance too.
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"map", "crossing"}}, {{"vanguards", "2"}}, {{"range", "distance"}}};
  }
  // The TOML text that the value of a data option ("map", "figures") names: a shipped file or
  // a path. Lets tools change a number in a copy of the designer's file.
  static std::string data_file_text(std::string_view option, const std::string& value);
  explicit RealmsGame(const ParamSet& config);
  RealmsGame() : RealmsGame(ParamSet(config_schema(), {}, "realms")) {}

  int num_players() const { return 2; }
  const Board& board() const { return *board_; }
  const Roster& roster() const { return *roster_; }
  // The printed values of a slot's figure, and those it plays with in `s` (a stand-in's).
  const FigureStats& stats(int slot) const { return slot_stats_[0][size_t(slot)]; }
  const FigureStats& stats(const State& s, int slot) const {
    return slot_stats_[s.stand_in(slot)][size_t(slot)];
  }
  int turn_cap() const { return turn_cap_; }
  int blood_to_win() const { return blood_to_win_; }
  int vanguards() const { return vanguards_; }
  RangeCount range_count() const { return range_count_; }
  // The hexes a ranged attack from `hex` may reach, by the config's count of range.
  const HexSet& ranged_band(int hex) const { return board_->ranged_band(hex, range_count_); }

  State initial_state(uint64_t seed) const;
  // The one way to change a hex's terrain: it keeps the state's terrain planes in step.
  void set_terrain(State& s, int hex, Terrain t) const {
    s.terrain[size_t(hex)] = t;
    s.terrain_planes.set(board_->cell(hex), t);
  }
  // The one way to put a figure on a hex or (kNoHex) take it off the board: it keeps the
  // occupants and the realms' hex sets in step.
  void set_figure_hex(State& s, int slot, uint8_t hex) const {
    Figure& f = s.figures[size_t(slot)];
    HexSet& hexes = s.figure_hexes[slot_realm(slot)];
    if (f.hex != kNoHex) {
      s.occupant[f.hex] = kNoFigure;
      hexes.erase(board_->cell(f.hex));
    }
    f.hex = hex;
    if (hex != kNoHex) {
      s.occupant[hex] = uint8_t(slot);
      hexes.insert(board_->cell(hex));
    }
  }
  int current_player(const State& s) const;
  bool is_terminal(const State& s) const { return s.phase == Phase::Over; }
  Returns<2> returns(const State& s) const;
  // Estimated returns of an unfinished game (search rollouts cut off after a fixed depth).
  Returns<2> evaluate(const State& s) const;
  // Features from a seat's view and the shipped value model over them (features.cpp).
  static constexpr int kFeatureCount = 28;
  static std::array<std::string_view, kFeatureCount> feature_names();
  void features(const State& s, int seat, std::span<float> out) const;
  static std::string_view value_model_text();
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  // The move legal_actions followed by rng.below would draw, without listing a figure's moves.
  Action random_action(const State& s, Rng& rng) const;
  void apply(State& s, Action a) const;
  void determinize(State& s, int observer, Rng& rng) const;
  // Search hook: the Norsemen do not see which card the All Seeing Eye discards.
  bool sees_action(const State& s, Action, int seat) const {
    return !(s.phase == Phase::Discard && s.realm_of_seat[size_t(seat)] == Norsemen);
  }

  std::string action_to_string(const State& s, Action a) const;
  // What is wrong with a state the rules can reach; empty when nothing is (invariants.cpp).
  std::string broken_invariant(const State& s) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  // What observation() shows `seat` as a fixed-size tensor (observation_tensor.cpp).
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  uint64_t hash(const State& s) const;

  // Balance statistics: realms, figure types and Fate card kinds.
  static ElementSchema element_schema();
  void collect_elements(const State& final_state, ElementStats& stats) const;
  static std::vector<std::string> end_reasons();
  int end_reason(const State& s) const { return static_cast<int>(s.end_reason); }

  // Rules queries shared by the rules, the heuristic and the tests.
  Realm deciding_realm(const State& s) const;
  // Dice of an attack (or counterattack) by `slot` on `target`, abilities and Forest
  // included, as if made from `from` (default: where it stands); 0 when it cannot make it.
  int attack_dice(const State& s, int slot, int target, bool ranged, bool counter,
                  uint8_t from = kNoHex) const;
  int defence(const State& s, int slot) const;
  int health_left(const State& s, int slot) const {
    return stats(s, slot).health - s.figures[size_t(slot)].wounds;
  }
  bool line_of_sight(const State& s, int from, int to) const;
  // The hexes that block a line of sight: figures, Forest and Mountains (the terrains whose
  // value has its low bit set).
  HexSet sight_blocking(const State& s) const { return occupied(s) | s.terrain_planes.low; }
  bool can_attack(const State& s, int slot, int target, bool ranged) const;
  // The enemies `slot` can attack from where it stands (bit t: slot t), close and ranged:
  // can_attack of every enemy, in one pass.
  struct Targets {
    uint16_t close = 0, ranged = 0;
    bool any() const { return (close | ranged) != 0; }
  };
  Targets attack_targets(const State& s, int slot) const;
  // attack_targets on sets of W words (see Board::words), for the rules' hot paths (rules.cpp).
  template <int W>
  Targets attack_targets_in(const State& s, int slot) const;
  bool can_counter(const State& s) const;
  // Hexes `slot` can end a move on (ignoring actions and whether it has moved), as a set and
  // as a list in increasing order (the order of its Move actions).
  HexSet reachable(const State& s, int slot) const;
  void reachable(const State& s, int slot, FixedVector<uint8_t, kMaxHexes>& out) const;
  // reachable as a set of W words (see Board::words), for the rules' hot paths (rules.cpp).
  template <int W>
  BasicHexSet<W> reachable_in(const State& s, int slot) const;
  // The hexes the figures of `r` (or of both realms) stand on.
  const HexSet& occupied(const State& s, Realm r) const { return s.figure_hexes[r]; }
  HexSet occupied(const State& s) const { return occupied(s, Aesir) | occupied(s, Norsemen); }
  // Wounds a roll deals against a defence: twelves plus each multiple of the defence.
  static int wounds(const Roll& roll, int defence);
  // Position of the first die showing `value` (dice are sorted high to low).
  static unsigned die_position(const Roll& roll, int value);
  // The roll of the open response window (attack or counterattack).
  static const Roll& current_roll(const State& s);
  static Roll& current_roll(State& s);

  using Heuristic = realms::Heuristic;

  // Causal element values (core/causal.hpp, causal.cpp): figures against their rank's
  // stand-in, Fate cards against one that does nothing, within the realm a seat plays.
  CausalSchema causal_schema() const;
  void causal_slots(const State& initial, std::vector<CausalSlot>& out) const;
  int causal_context(const State& initial, int seat) const {
    return initial.realm_of_seat[size_t(seat)];
  }
  bool contexts_randomized() const { return seat0_realm_ < 0; }
  void causal_replace(State& initial, int seat, int element) const;
  static PlantedImbalance plant_imbalance(const std::filesystem::path& folder);

 private:
  void write_observation(const State& s, int seat, TensorWriter& w) const;
  // The start of every game before its draws: the board's terrain, the figures in formation,
  // the supply and the Fate deck in order. Built once (setup_); initial_state copies it.
  State setup() const;
  void begin_turn(State& s, Realm r) const;
  // Draws the top Fate card into r's hand; returns its kind (kFateKinds: none was left).
  int draw_card(State& s, Realm r) const;
  void play_fate(State& s, Realm r, FateKind kind) const;
  // Calls f(std::integral_constant<int, W>{}) with W the fewest words of a hex set that hold
  // the board's cells, so that the rules' hot paths work on no wider sets than the map needs
  // (Vigridr's seven rows fit in two words).
  template <class F>
  decltype(auto) with_words(F&& f) const {
    switch (words_) {
      case 1:
      case 2:
        return f(std::integral_constant<int, 2>{});
      case 3:
        return f(std::integral_constant<int, 3>{});
      default:
        return f(std::integral_constant<int, 4>{});
    }
  }
  // attack_targets, or (kFirstOnly) only the first target found, on sets of W words;
  // has_target: whether any.
  template <int W, bool kFirstOnly>
  Targets find_targets(const State& s, int slot) const;
  template <int W>
  bool has_target(const State& s, int slot) const;
  // The enemies an active `slot` can attack at range (bit t: slot t), or (kFirstOnly) only
  // the first found, on sets of W words; has_ranged_target: whether any.
  // Always inlined: it runs in selectable's loop over the figures.
  template <int W, bool kFirstOnly>
  [[gnu::always_inline]] uint16_t ranged_targets(const State& s, int slot) const;
  template <int W>
  [[gnu::always_inline]] bool has_ranged_target(const State& s, int slot) const;
  // The active realm's figures that have an order (bit: slot), the Select actions; W as in
  // reachable_in.
  template <int W>
  uint32_t selectable(const State& s) const;
  // random_action in the Orders and Main phases, on sets of W words. random_order inlines
  // everything it calls: an order's moves, targets and transforms are each found once per
  // decision, and the calls cost as much as some of them.
  template <int W>
  [[gnu::flatten]] Action random_order(const State& s, Rng& rng) const;
  template <int W>
  Action random_selection(const State& s, Rng& rng) const;
  template <class Visit>
  bool visit_window_actions(const State& s, Visit visit) const;  // combat.cpp
  Action random_window_action(const State& s, Rng& rng) const;
  // The action at position `pick` (from 0) of those visit_all(visit) offers; visit_all calls
  // visit(action) in order until it returns true.
  template <class VisitAll>
  static Action nth_visited(VisitAll&& visit_all, uint32_t pick) {
    Action chosen{};
    visit_all([&](Action a) {
      if (pick-- > 0) return false;
      chosen = a;
      return true;
    });
    return chosen;
  }
  // Counts the actions that visit_all(visit) offers, then draws one as rng.below would from
  // their list.
  template <class VisitAll>
  static Action draw_visited(VisitAll&& visit_all, Rng& rng) {
    uint32_t count = 0;
    visit_all([&count](Action) {
      ++count;
      return false;
    });
    return nth_visited(visit_all, rng.below(count));
  }
  void orders(const State& s, int slot, FixedVector<Action, kMaxActions>& out) const;
  void window_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  void declare_attack(State& s, int slot, int target, bool ranged) const;
  void roll_attack(State& s) const;
  void begin_counterattack(State& s) const;
  void roll_dice(State& s, Roll& roll, int count) const;
  void reroll(State& s, Roll& roll, unsigned mask) const;
  void open_window(State& s, RollKind kind) const;
  bool window_has_options(const State& s, Realm r) const;
  bool foresight_ready(const State& s) const;
  bool battle_born_ready(const State& s) const;
  bool hunter_ready(const State& s) const;
  void advance_window(State& s) const;
  void close_window(State& s) const;
  void apply_window_action(State& s, Action a) const;
  void resolve_combat(State& s) const;
  int take_wounds(State& s, int slot, int wounds, int by) const;
  void end_game(State& s, int winner, EndReason reason) const;
  int roller_slot(const State& s) const;
  int rolled_against(const State& s) const;

  std::shared_ptr<const Board> board_;
  std::shared_ptr<const Roster> roster_;
  int turn_cap_;
  int blood_to_win_;
  int vanguards_;
  RangeCount range_count_;
  int seat0_realm_;  // 0 Aesir, 1 Norsemen, -1 drawn from the seed
  // The slots with two printed close dice or more (bit: slot): abilities only add dice and
  // Forest takes one away, so next to an enemy they always have a close attack.
  // By stand-in (0: the figures, 1: their stand-ins); sure_close_slots(s) combines them.
  std::array<uint32_t, 2> sure_close_slots_{};
  uint32_t sure_close_slots(const State& s) const {
    return (sure_close_slots_[0] & ~uint32_t(s.stand_ins)) |
           (sure_close_slots_[1] & uint32_t(s.stand_ins));
  }
  // The roster's stats by slot, and board_->words(): read on every decision without following
  // the shared pointers.
  std::array<std::array<FigureStats, kMaxFigures>, 2> slot_stats_{};  // [stand-in][slot]
  int words_;
  State setup_;
};

static_assert(nf::Game<RealmsGame>);

}  // namespace nf::realms

// The heuristic completes the game type: every file that sees the game sees the same agents.
#include "games/realms/heuristic.hpp"  // IWYU pragma: export
