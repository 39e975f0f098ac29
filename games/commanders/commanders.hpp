// The Nine Commanders: a two-player card game of simultaneous commander choices, assassins,
// jokers and troop-card battles. Rules as implemented: docs/games/commanders.md.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/causal.hpp"
#include "core/fixed_vector.hpp"
#include "core/game.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "core/tensor_writer.hpp"

namespace nf::commanders {

enum Commander : uint8_t { King, Queen, Jack, Ace, Joker };
inline constexpr int kCommanderTypes = 5;
inline constexpr std::array<uint8_t, kCommanderTypes> kStartingCastle = {2, 2, 2, 2, 1};
inline constexpr int kCommandersPerSide = 9;
inline constexpr int kTroopCards = 18;  // 2..10 in two suits
inline constexpr int kNine = 9;

std::string_view commander_name(Commander c);  // "K", "Q", "J", "A", "Joker"

// Play one commander type from the castle, or decide a Queen redraw.
enum class Action : uint8_t { PlayKing, PlayQueen, PlayJack, PlayAce, PlayJoker, Redraw, Stop };
constexpr Action play(Commander c) { return static_cast<Action>(c); }
constexpr bool is_play(Action a) { return a <= Action::PlayJoker; }
constexpr Commander played(Action a) { return static_cast<Commander>(a); }

enum class Phase : uint8_t { Choose, QueenRedraw, Over };
enum class EndReason : uint8_t { None, CastleEmptied, BothCastlesEmptied, RoundCap };

// Per-side counters kept for the balance statistics; they do not affect play.
struct SideCounters {
  std::array<uint16_t, kCommanderTypes> played{};        // times played
  std::array<uint16_t, kCommanderTypes> kills{};         // enemy commanders it killed when played
  std::array<uint16_t, kCommanderTypes> died_played{};   // times it died when played
  std::array<uint16_t, kCommanderTypes> assassinated{};  // killed in the castle by an Ace
  std::array<uint16_t, kCommanderTypes> revived{};       // returned from the graveyard by a 9
};

struct Side {
  std::array<uint8_t, kCommanderTypes> castle{};  // commanders in hand, by type
  // The commanders the side started with: kStartingCastle, or with one type's commanders
  // replaced by Jacks for `balance`'s causal values (games/commanders/causal.cpp).
  std::array<uint8_t, kCommanderTypes> army = kStartingCastle;
  FixedVector<uint8_t, kCommandersPerSide> graveyard;  // back() is the top
  FixedVector<uint8_t, kTroopCards> deck;              // back() is the top card
  FixedVector<uint8_t, kTroopCards> used;              // face-up discards
  FixedVector<uint8_t, 8> battle;  // troop cards turned this battle; back() counts
  uint8_t redraws_left = 0;
  bool stopped = false;
  SideCounters counters;

  int castle_size() const {
    int n = 0;
    for (uint8_t c : castle) n += c;
    return n;
  }
};

struct State {
  std::array<Side, 2> sides{};
  std::array<Commander, 2> choice{};  // commanders on the table this round
  std::array<bool, 2> played_dead{};  // whether each played commander has died this round
  Phase phase = Phase::Choose;
  uint8_t to_move = 0;
  int8_t winner = -1;  // 0 or 1; -1 with phase Over is a draw
  EndReason end_reason = EndReason::None;
  uint16_t round = 1;
  Rng rng;
};

class Heuristic;

// For each set of commander types (bit c: type c), how many it holds and which is the n-th:
// a random choice from a castle without counting bits one at a time.
struct TypeSetTable {
  std::array<uint8_t, 1u << kCommanderTypes> count{};
  std::array<std::array<uint8_t, kCommanderTypes>, 1u << kCommanderTypes> nth{};
};
inline constexpr TypeSetTable kTypeSets = [] {
  TypeSetTable table;
  for (uint32_t types = 0; types < (1u << kCommanderTypes); ++types)
    for (int c = 0; c < kCommanderTypes; ++c)
      if (types >> c & 1) table.nth[types][table.count[types]++] = uint8_t(c);
  return table;
}();

class CommandersGame {
 public:
  using State = commanders::State;
  using Action = commanders::Action;
  static constexpr std::string_view kId = "commanders";
  static constexpr std::string_view kDescription =
      "The Nine Commanders: 2 players, simultaneous commander choices, assassins, troop battles";
  static constexpr int kMaxPlayers = 2;
  static constexpr int kMaxActions = 5;
  // The default ismcts rolls out (and models the opponent) with the heuristic's fixed best
  // replies, not its default mixed ones: that search scored 0.545 against the one rolling out
  // the mixed heuristic (docs/games/commanders.md).
  static constexpr std::string_view kSearchRollout = "heuristic(mix=false)";

  static ParamSchema config_schema();
  explicit CommandersGame(const ParamSet& config);
  CommandersGame() : CommandersGame(ParamSet(config_schema(), {}, "commanders")) {}

  int num_players() const { return 2; }
  int round_cap() const { return round_cap_; }
  int queen_redraws() const { return queen_redraws_; }
  bool nines_revive() const { return nines_revive_; }
  bool ace_order_by_seat() const { return ace_order_by_seat_; }

  State initial_state(uint64_t seed) const;
  int current_player(const State& s) const { return s.phase == Phase::Over ? -1 : s.to_move; }
  bool is_terminal(const State& s) const { return s.phase == Phase::Over; }
  Returns<2> returns(const State& s) const {
    if (s.phase != Phase::Over || s.winner < 0) return {0.0, 0.0};
    return s.winner == 0 ? Returns<2>{1.0, -1.0} : Returns<2>{-1.0, 1.0};
  }
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    out.clear();
    if (s.phase == Phase::Choose) {
      const Side& side = s.sides[s.to_move];
      for (int c = 0; c < kCommanderTypes; ++c)
        if (side.castle[c] > 0) out.push_back(play(Commander(c)));
    } else if (s.phase == Phase::QueenRedraw) {
      out.push_back(Action::Redraw);
      out.push_back(Action::Stop);
    }
  }
  // The move legal_actions followed by rng.below would draw, without listing the moves.
  Action random_action(const State& s, Rng& rng) const {
    if (s.phase == Phase::QueenRedraw) return rng.below(2) == 0 ? Action::Redraw : Action::Stop;
    const Side& side = s.sides[s.to_move];
    uint32_t types = 0;  // bit c: the castle holds a commander of type c
    for (int c = 0; c < kCommanderTypes; ++c) types |= uint32_t(side.castle[c] > 0) << c;
    return play(Commander(kTypeSets.nth[types][rng.below(kTypeSets.count[types])]));
  }
  void apply(State& s, Action a) const;
  // Features from a seat's view for a learned value model (features.cpp).
  static constexpr int kFeatureCount = 22;
  static std::array<std::string_view, kFeatureCount> feature_names();
  void features(const State& s, int seat, std::span<float> out) const;
  void determinize(State& s, int observer, Rng& rng) const;
  // Search hook: whether `seat` sees which action the player to move takes with `a`. Seat 1
  // chooses without seeing seat 0's face-down commander; every other move is seen.
  bool sees_action(const State& s, Action, int seat) const {
    return !(s.phase == Phase::Choose && s.to_move == 0 && seat == 1);
  }
  // Search hook: while seat 1 chooses, seat 0's face-down commander goes back to its castle
  // and seat 0 is to choose again (agents/game_hooks.hpp).
  bool take_back_unseen_move(State& s, int seat) const;
  // Search hook: a fingerprint of what observation() shows `seat` (observation_key.cpp).
  uint64_t observation_key(const State& s, int seat) const;
  // What observation() shows `seat` as a fixed-size tensor (observation_tensor.cpp).
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;

  std::string action_to_string(const State& s, Action a) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  // What is wrong with a state the rules reached, or "" (games/commanders/invariants.cpp).
  std::string broken_invariant(const State& s) const;
  uint64_t hash(const State& s) const;

  // Balance statistics for this game: one row per commander type.
  static ElementSchema element_schema();
  void collect_elements(const State& final_state, ElementStats& stats) const;
  static std::vector<std::string> end_reasons();
  int end_reason(const State& s) const { return static_cast<int>(s.end_reason); }

  // Causal values (core/causal.hpp, games/commanders/causal.cpp): each commander type a side
  // holds against the Jack, the rules' commander without a power, on that side only.
  static CausalSchema causal_schema();
  void causal_slots(const State& initial, std::vector<CausalSlot>& out) const;
  int causal_context(const State&, int) const { return 0; }
  bool contexts_randomized() const { return false; }
  void causal_replace(State& initial, int seat, int element) const;

  // The troop card's worth in a battle: a King doubles it.
  static int battle_value(Commander c, uint8_t card) { return c == King ? 2 * card : card; }
  // +1 if `seat` currently wins the battle on the table, -1 if it loses, 0 on a tie.
  static int battle_standing(const State& s, int seat);

  using Heuristic = commanders::Heuristic;

 private:
  void write_observation(const State& s, int seat, TensorWriter& w) const;
  void draw_troop(State& s, int seat) const;
  void resolve_reveal(State& s) const;
  // The blind pick of `seat`'s Ace among the opponent's castle cards (a chance event).
  static Commander assassin_pick(State& s, int seat);
  // Kills the picked commander in the opponent's castle, or the picker's own Ace.
  static void assassinate(State& s, int seat, Commander picked);
  void start_battle(State& s) const;
  void next_queen_decision(State& s) const;
  void finish_battle(State& s) const;
  void end_round(State& s) const;
  static void kill_played(State& s, int seat);
  static void kill_in_castle(State& s, int seat, Commander c);

  int round_cap_;
  int queen_redraws_;
  bool nines_revive_;
  bool ace_order_by_seat_;  // config ace_order=seat
};

static_assert(nf::Game<CommandersGame>);

}  // namespace nf::commanders

// The heuristic completes the game type: every file that sees the game sees the same agents.
#include "games/commanders/heuristic.hpp"  // IWYU pragma: export
