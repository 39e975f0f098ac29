// The Nine: Ragnarok Rising, the collectible card game of the set. Two players with 40-card
// decks (20 warriors, 20 events) fight for 20 rounds and bid their warriors' lives for the
// Glory of the Ragnarok Rising (RR) cards. The cards are data (games/ragnarok/data), their
// effects a small vocabulary interpreted here. Rules as implemented and every ruling:
// docs/games/ragnarok.md.
//
// Big choices are small sequential decisions so search trees stay narrow: attackers are
// declared one at a time then "done"; blockers are added to each attacker one at a time (the
// order they are added is the order they take damage) then "next"; a bid adds its
// sacrifices one by one then "bid" or "pass".
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
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
#include "games/ragnarok/cards.hpp"

namespace nf::ragnarok {

inline constexpr int kMaxInPlay = 20;  // a deck holds 20 warriors
inline constexpr int kMaxHand = kDeckSize;
inline constexpr int kCardWords = (kMaxCards + 63) / 64;
using CardMask = std::array<uint64_t, kCardWords>;
// Whether card `id` is in the mask.
inline bool has(const CardMask& m, int id) { return m[size_t(id) / 64] >> (id % 64) & 1; }

struct Warrior {
  uint8_t card = kNone;
  int8_t health = 0;  // <= 0: dead, leaves for Valhalla at the next sweep
  uint8_t shame = 0;
  int8_t max_bonus = 0;  // lasting MaxHealth effects
  int8_t strength_round = 0, defence_round = 0, strength_lasting = 0, defence_lasting = 0;
  bool round_bonus = false;  // its own triggered bonus for the round has acted this round
};

// Per-game statistics of one player's cards for the balance report; they never affect play.
struct CardCounters {
  CardMask drawn{}, played{};
  std::array<uint8_t, kMaxCards> first_round{};  // round it was first played
  uint8_t initiatives_won = 0, chose_first = 0;
};

struct Side {
  int16_t health = 0;
  FixedVector<uint8_t, kMaxHand> hand;       // card ids
  uint64_t known = 0;                        // hand positions the opponent has seen
  FixedVector<uint8_t, kDeckSize> deck;      // back() is the top card
  FixedVector<uint8_t, kDeckSize> valhalla;  // in the order the cards arrived
  FixedVector<Warrior, kMaxInPlay> warriors;
  bool warrior_played = false, event_played = false;  // this round
  int8_t bid_bonus = 0;                               // this round, from events
  uint8_t deck_id = 0;
  // Bid Phase: warrior positions and RR ids offered; committed ones belong to a made bid.
  uint32_t offered = 0, committed = 0, offered_rr = 0, committed_rr = 0;
  int16_t bid = 0;  // value of the made bid, 0 when none
  CardCounters counters;
  // Bit r: RR card r is the card file's neutral RR card for this side (`balance` puts it in
  // the place of one RR card on one side, games/ragnarok/causal.cpp): claimed by this side it
  // is worth its Glory and does nothing else.
  uint32_t blank_rr = 0;
};

enum class Phase : uint8_t {
  Order,    // the d20 winner chooses to go first or second
  Main,     // the active player plays a warrior, an event, or is done
  Answer,   // the opponent may answer the pending event with an event of its own
  Attack,   // the attacker declares attackers one at a time
  Defend,   // the defender may play an event before blocks
  Block,    // the defender adds blockers to the current attacker
  PreBid,   // the active player may play an event before the Bid Phase
  Bid,      // the active bidder adds sacrifices, bids or passes
  RrBlock,  // Cleanup: the attacked player blocks an RR warrior
  // Windows of the variant event_windows=every:
  AfterBlocks,  // after blocks, before the dice: the attacker, then the defender, may play
  PreCleanup,   // at the start of the Cleanup Phase: each player in order may play
  Over,
};

// Where each RR card is.
enum class RrZone : uint8_t { Deck, Current, Unclaimed, Claimed0, Claimed1, Valhalla0, Valhalla1 };
enum class EndReason : uint8_t { None, Death, Glory, DoubleDeath, Draw };

struct State {
  std::array<Side, 2> sides{};
  FixedVector<uint8_t, kRrCards> rr_deck;  // back() is the top
  std::array<RrZone, kRrCards> rr_zone{};
  std::array<uint8_t, kRrCards> rr_shame{};
  uint8_t rr_current = kNone;
  uint8_t round = 0;
  Phase phase = Phase::Order;
  uint8_t first = 0;      // seat acting first this round
  uint8_t active = 0;     // seat to decide (the attacker in Attack/Block, the bidder in Bid)
  uint8_t step = 0;       // 0 or 1: which of the two players in order the phase is at
  uint8_t bid_stage = 0;  // 0 first bid, 1 outbid, 2 raise
  uint8_t bid_leader = kNone;
  // Combat: attacker positions in declaration order; the attacker each defender blocks.
  FixedVector<uint8_t, kMaxInPlay> attackers;
  std::array<uint8_t, kMaxInPlay> blocking{};  // attacker index, or kNone
  FixedVector<uint8_t, kMaxInPlay> block_order;
  uint8_t cursor = 0;  // attacker being blocked
  uint8_t window = 0;  // AfterBlocks: 0 the attacker decides, 1 the defender
  // Cleanup: RR warrior attacks still to fight, as (rr id << 1 | defending seat).
  FixedVector<uint8_t, 2 * kRrCards> rr_attacks;
  // An event waiting for the opponent's answer, and the phase to go back to.
  uint8_t pending_event = kNone, pending_seat = 0;
  Phase resume = Phase::Main;
  int8_t winner = -1;  // -1 with Over: a draw
  EndReason end_reason = EndReason::None;
  Rng rng;
};

enum class Verb : uint8_t {
  GoFirst,
  GoSecond,
  Warrior,  // a = card id: play it
  Event,    // a = card id: play it (or answer with it)
  Done,     // end the Player Phase, the attack declaration or the blocks of this attacker
  Attack,   // a = warrior position
  Block,    // a = warrior position, blocks the current attacker
  Pass,     // no event in this window, or no bid
  Offer,    // a = warrior position to sacrifice
  OfferRr,  // a = claimed RR id to sacrifice
  Bid,      // make the bid with what is offered
};

struct Action {
  Verb verb = Verb::Done;
  uint8_t a = 0;
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

class Heuristic;

class RagnarokGame {
 public:
  using State = ragnarok::State;
  using Action = ragnarok::Action;
  static constexpr std::string_view kId = "ragnarok";
  static constexpr std::string_view kDescription =
      "The Nine: Ragnarok Rising: 2-player card game, authored cards and decks, d10 combat, "
      "Glory bids";
  static constexpr int kMaxPlayers = 2;
  static constexpr int kMaxActions = 64;
  // Iterations per decision of the default ismcts (about 20 ms): heuristic rollouts are slow.
  static constexpr uint64_t kSearchIterations = 200;

  static ParamSchema config_schema();
  // Besides random decks: a fixed pairing of two of the sample decks, and every rule variant.
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"deck0", "control"}, {"deck1", "glory"}},
            {{"event_windows", "every"},
             {"shame", "turns"},
             {"claimed_rr_warrior", "idle"},
             {"copies", "box"}}};
  }
  // The TOML text that the value of a data option ("cards", "decks") names: the shipped file or
  // a path. Lets `fit` change a number in a copy of the designer's file.
  static std::string data_file_text(std::string_view option, const std::string& value) {
    return data_text(option, value);
  }
  explicit RagnarokGame(const ParamSet& config);
  RagnarokGame() : RagnarokGame(ParamSet(config_schema(), {}, "ragnarok")) {}

  int num_players() const { return 2; }
  const CardSet& cards() const { return *cards_; }
  const DeckSet& decks() const { return *decks_; }
  const Card& card(uint8_t id) const { return cards_->cards[id]; }
  // What the hot paths ask of a card, packed: playable from which round, event, counter,
  // and whether it has an aura.
  struct Traits {
    uint8_t turn = 0;
    bool event = false, counter = false, aura = false;
  };
  const Traits& traits(uint8_t id) const { return traits_[id]; }
  // RR cards with a lasting effect (the only ones an aura query must look at).
  const std::vector<uint8_t>& lasting_rr() const { return lasting_rr_; }
  const RrCard& rr(uint8_t id) const { return cards_->rr[id]; }
  int rounds() const { return rounds_; }
  int start_health() const { return start_health_; }
  // Rule variants (config): more event windows; shame counters spent per missed attack (turns)
  // rather than removed in the Player Phase; claimed RR warriors that do not attack.
  bool every_window() const { return every_window_; }
  bool shame_turns() const { return shame_turns_; }
  bool claimed_rr_attacks() const { return claimed_rr_attacks_; }
  // The deck ids of this game's seats for a seed (a fixed deck, or drawn from the seed).
  std::array<uint8_t, 2> deck_ids(uint64_t seed) const;
  const std::array<uint8_t, kDeckSize>& deck_cards(int deck) const {
    return deck_lists_[size_t(deck)];
  }

  State initial_state(uint64_t seed) const;
  int current_player(const State& s) const { return s.phase == Phase::Over ? -1 : decider(s); }
  bool is_terminal(const State& s) const { return s.phase == Phase::Over; }
  Returns<2> returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  void apply(State& s, Action a) const;
  void determinize(State& s, int observer, Rng& rng) const;

  std::string action_to_string(const State& s, Action a) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  uint64_t hash(const State& s) const;
  uint64_t observation_key(const State& s, int seat) const;
  // What observation() shows `seat` as a fixed-size tensor (observation_tensor.cpp).
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;

  // What is wrong with a state the rules reached (a card in no zone or two, health above its
  // maximum, the round outside the game), or "" (games/ragnarok/invariants.cpp).
  std::string broken_invariant(const State& s) const;

  // Balance statistics: cards, RR cards, decks and initiative choices.
  ElementSchema element_schema() const;
  void collect_elements(const State& final_state, ElementStats& stats) const;
  static std::vector<std::string> end_reasons();
  int end_reason(const State& s) const { return static_cast<int>(s.end_reason); }

  // Causal values (core/causal.hpp, games/ragnarok/causal.cpp): every card of a seat's deck
  // replaced on that seat by the filler of its type, and each RR card for one side by the
  // neutral RR card (its Glory only); a card's context is its deck.
  CausalSchema causal_schema() const;
  void causal_slots(const State& initial, std::vector<CausalSlot>& out) const;
  int causal_context(const State& s, int seat) const { return s.sides[size_t(seat)].deck_id; }
  bool contexts_randomized() const { return deck0_ < 0 && deck1_ < 0; }
  void causal_replace(State& initial, int seat, int element) const;
  // `check --planted`: Jarl made much stronger, Huscarl dead, in a copy of cards.toml.
  static PlantedImbalance plant_imbalance(const std::filesystem::path& folder);

  // Rules queries shared by the rules, the heuristic and the tests.
  int decider(const State& s) const;
  int strength(const State& s, int seat, int pos) const;
  int defence(const State& s, int seat, int pos) const;
  int max_health(const State& s, int seat, int pos) const;
  bool can_play_event(const State& s, int seat, bool answering) const;
  // RR cards whose lasting or repeating effects act on `seat` (claimed by it, or unclaimed).
  bool rr_affects(const State& s, int rr_id, int seat) const;
  int glory(const State& s, int seat) const;
  int bid_bonus(const State& s, int seat) const;
  int offered_value(const State& s, int seat) const;
  int bid_requirement(const State& s) const;
  int cards_drawn_per_round(const State& s, int seat) const;
  // A warrior's bid value: health minus a third of it (rounded down) per shame counter.
  static int bid_value(int health, int shame);
  // Damage of an attack total against blockers' summed defence: to the blockers in order
  // (their health in `health`, reduced in place) and, returned, to the defending player.
  // Unblocked (no blockers): half the attack, rounded up. Returns -1 when the attack is
  // blocked (attack <= defence): the attacker is shamed.
  static int combat_damage(int attack, int defence, std::span<int> health);

  using Heuristic = ragnarok::Heuristic;

 private:
  friend class Rules;
  void write_observation(const State& s, int seat, TensorWriter& w) const;
  void init_box();
  void init_causal();
  std::shared_ptr<const CardSet> cards_;
  std::shared_ptr<const DeckSet> decks_;
  std::vector<std::array<uint8_t, kDeckSize>> deck_lists_;  // after ablation
  std::array<Traits, kMaxCards> traits_{};
  std::vector<uint8_t> lasting_rr_;
  int deck0_, deck1_;  // fixed deck index, or -1: drawn from the seed
  int rounds_, start_health_, hand_size_, draw_;
  bool every_window_, shame_turns_, claimed_rr_attacks_;
  // copies=box: the deck pairs whose cards together fit in the box (empty: any pair).
  std::vector<std::array<uint8_t, 2>> box_pairs_;
  uint64_t data_hash_;
  // Causal elements: the cards some deck holds (fillers aside), by card id and back.
  std::vector<uint8_t> causal_cards_;
  std::array<int, kMaxCards> causal_element_{};
};

static_assert(nf::Game<RagnarokGame>);

}  // namespace nf::ragnarok

// The heuristic completes the game type: every file that sees the game sees the same agents.
#include "games/ragnarok/heuristic.hpp"  // IWYU pragma: export
