// The Ninth World: a skill-building game for 1 to 5 heroes, competitive (hidden simultaneous
// bids), co-operative or solo. Rules as implemented and every ruling: docs/games/ninth-world.md.
//
// Each skill phase is decomposed into small decisions so that search trees stay narrow: a bid
// is built one skill card at a time (then "end bid"), bid powers are used one at a time (then
// "pass"), and a hero's mid-phase turn is a sequence of single marks, claims, advances and
// heals ended by "end turn". Competitive bids are decisions the other seats do not see until
// all bids are revealed together.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
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
#include "games/ninth_world/data.hpp"

namespace nf::ninth_world {

inline constexpr int kMaxHeroes = 5;
inline constexpr int kHandSize = 5;
inline constexpr int kMaxTownSlots = 8;
// The caps are what the data can reach, so no card is ever dropped: the wilderness holds only
// wilderness cards, a stack only cards of the power deck, and the loader refuses a set with
// more cyphers and quests (the cards a hero displays) than kMaxDisplayable.
inline constexpr int kMaxWilderness = kWildernessCards;
inline constexpr int kMaxDisplay = kMaxDisplayable;
inline constexpr int kMaxStack = kPowerCards;  // power and wound cards covering a tableau
inline constexpr int kAllies = 3;              // solo
inline constexpr uint8_t kNone = 255;
inline constexpr uint8_t kWoundSide = 0x80;  // stack entry flag: the card shows its wound side
inline constexpr int kWoundPenalty = 5;
inline constexpr int kAdvanceValor = 2;
inline constexpr int kSetBonus = 5;
inline constexpr int kHealCost = 2;
inline constexpr int kAllyPoints = 2;
inline constexpr int kThresholdPhase = 6;  // after Focus, co-op and solo only

enum class Mode : uint8_t { Competitive, Coop, Solo };

// Where each hero's Valor came from; the hero's Valor is their sum.
enum Source : uint8_t {
  FromClaims,
  FromTiers,
  FromConversion,
  FromAdvances,
  FromSetBonus,
  FromPowers,
  FromPrizes
};
inline constexpr int kSources = 7;

// A faceup wilderness card.
struct WildCard {
  uint8_t card = kNone;
  uint8_t marks = 0;         // bit h: hero h has marked it
  uint8_t sideways = kNone;  // the hero who drew it this Scout phase, until the phase ends
  uint8_t tokens = 0;        // co-op: tiers of a wilderness quest completed
  uint8_t pooled = 0;        // co-op: points pooled against it this phase
  std::array<uint8_t, kMaxHeroes> pool_by{};  // co-op: of them, each hero's
  friend constexpr bool operator==(const WildCard&, const WildCard&) = default;
};

// A card displayed in front of a hero: a cypher, or a quest with its tokens.
struct Displayed {
  uint8_t card = kNone;
  uint8_t tokens = 0;
  bool used = false;  // a cypher's power used this phase (without discarding it)
  friend constexpr bool operator==(const Displayed&, const Displayed&) = default;
};

struct Hero {
  uint8_t def = 0;                       // index of the hero in the data set
  std::array<uint8_t, kHandSize> skill;  // the five skill cards: skill type (Effort..Focus)
  std::array<uint8_t, kHandSize> rank;   // and rank (1..4; Effort is 1)
  uint8_t spent = 0;                     // bit i: skill card i spent this round
  uint8_t bid = 0;                       // bit i: skill card i in the current bid
  bool bid_done = false;
  bool token = true;                                   // the hero token is on the tableau
  uint8_t bid_value = 0, phase_points = 0, total = 0;  // the bid, as revealed and with powers
  uint8_t points = 0;                                  // skill points left this phase
  uint8_t used = 0;       // bit 0: the tableau power, bit 1: the token, used this phase
  uint8_t claims = 0;     // cards claimed this phase
  uint8_t where = 0;      // this phase's claims: 0 not chosen, 1 town, 2 wilderness
  bool advanced = false;  // advanced a skill this Focus phase
  uint8_t set_bonus = 0;  // the highest all-skills rank whose 5 Valor is earned
  uint8_t allies = 0;     // solo: bit a: ally a not yet discarded
  uint8_t copy = kNone;   // a copy power's choice this phase: kCopiedCard + power card or
                          // kCopiedHero + hero index (see copied_power), or kNone
  FixedVector<uint8_t, kMaxStack> stack;  // covering cards, bottom power last
  FixedVector<Displayed, kMaxDisplay> display;
  std::array<int16_t, kSources> valor_by{};
  int16_t valor = 0;
  std::array<uint8_t, (kCards + 7) / 8> claimed{};  // bit c: card c claimed (statistics)
  // Bit c: card c is the data's neutral card for this hero (`balance` puts it in the place of
  // one card kind on one hero's side, games/ninth_world/causal.cpp): claimed at its cost, it
  // gives nothing and is never displayed.
  std::array<uint8_t, (kCards + 7) / 8> blank{};
  bool blank_card(int c) const { return blank[size_t(c) / 8] >> (c % 8) & 1; }

  int wounds() const;
  int score() const { return valor - kWoundPenalty * wounds(); }
};

enum class Step : uint8_t {
  SetPowers,  // optional rule: each hero keeps its power or covers it with a dealt card
  Bid,        // the actor adds skill cards to its bid one at a time
  BidPowers,  // after the reveal, lowest bid first: bid powers one at a time
  Act,        // mid-phase turns, highest bid first
  Over,
};

enum class EndReason : uint8_t {
  None,
  Highest,
  TeamWon,
  FailedCheck1,
  FailedCheck2,
  FailedCheck3,
  TownDestroyed
};
inline constexpr int kEndReasons = 7;

struct State {
  std::array<Hero, kMaxHeroes> heroes{};
  FixedVector<uint8_t, kTownCards> town_deck, town_discard;  // back() is the top card
  FixedVector<uint8_t, kWildernessCards> wild_deck, wild_discard;
  FixedVector<uint8_t, kPowerCards> power_deck;
  FixedVector<uint8_t, 2 * kMaxHeroes> offered;      // set your powers: two per hero, by seat
  std::array<uint8_t, kMaxTownSlots> town{};         // card or kNone
  std::array<uint8_t, kMaxTownSlots> town_pooled{};  // co-op: points pooled this phase
  std::array<std::array<uint8_t, kMaxHeroes>, kMaxTownSlots> town_pool_by{};  // by hero
  uint8_t town_wounds = 0;  // bit i: town slot i wounded (co-op)
  // The wound card lying on each wounded town slot (kNone: none was left in the deck).
  std::array<uint8_t, kMaxTownSlots> town_wound_card{};
  FixedVector<WildCard, kMaxWilderness> wild;
  FixedVector<uint8_t, kMaxHeroes> order;  // bid-power or mid-phase order
  uint8_t turn = 0;                        // index into order
  uint8_t actor = 0;
  Step step = Step::Bid;
  uint8_t round = 1, phase = Scout;
  uint8_t monolith = 0;
  uint8_t first_monolith = 0;  // who began with it, for the balance report
  uint8_t region = 0;
  std::array<uint8_t, kAllies> ally_def{};  // solo: the allies' hero indices
  int16_t threshold_raise = 0;              // co-op: cyphers left in the wilderness so far
  uint8_t checks_passed = 0;
  int16_t margin = 0;  // co-op: the lowest hero score minus the threshold at the last check
  uint8_t winner = kNone;
  EndReason end_reason = EndReason::None;
  uint8_t end_round = 0;
  Rng rng;
};

// Compact action: a verb and two small operands.
enum class Verb : uint8_t {
  Bid,  // a = skill card slot
  EndBid,
  Power,    // a = PowerSource, b = display index or ally
  Pass,     // no more bid powers
  Mark,     // a = wilderness index
  Draw,     // draw and mark a wilderness card
  Claim,    // a = 0 town / 1 wilderness, b = slot or wilderness index
  Pool,     // co-op: one point against a card; a, b as Claim
  Quest,    // discard displayed cypher b for a tier of tinker quest a (co-op: a >= kWildQuest
            // names wilderness quest a - kWildQuest)
  Advance,  // a = skill card slot, b = the new skill (advancing Effort) or 0
  Heal,
  EndTurn,
  KeepPower,  // set your powers: keep the tableau's power
  TakePower,  // set your powers: a = which of the two dealt cards covers it
};
inline constexpr uint8_t kWildQuest = 64;
enum PowerSource : uint8_t { TableauPower, HeroToken, CypherPower, AllyDiscard, CopyPower };
// CopyPower's operand: another hero's seat, or kCopyAlly + a solo ally.
inline constexpr uint8_t kCopyAlly = 8;
// Hero::copy: the copied power is power card c (kCopiedCard + c) or hero d's printed power
// (kCopiedHero + d).
inline constexpr uint8_t kCopiedCard = 0, kCopiedHero = 64;

struct Action {
  Verb verb = Verb::EndTurn;
  uint8_t a = 0, b = 0;
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

class Heuristic;

class NinthWorldGame {
 public:
  using State = ninth_world::State;
  using Action = ninth_world::Action;
  static constexpr std::string_view kId = "ninth-world";
  static constexpr std::string_view kDescription =
      "The Ninth World: 1-5 heroes build skills with hidden bids; competitive, co-op or solo";
  static constexpr int kMaxPlayers = kMaxHeroes;
  // Wilderness claims and pools, town claims and pools, quest tiers, powers, end turn.
  static constexpr int kMaxActions = 2 * kMaxWilderness + 2 * kMaxTownSlots + 2 * kMaxDisplay + 2;
  // Iterations per decision of the default ismcts (about 20 ms): heuristic rollouts are slow.
  static constexpr uint64_t kSearchIterations = 500;
  // The tableau power (or one copy per other hero or ally), the token, cyphers, allies.
  static constexpr int kMaxBidPowers =
      1 + std::max(kMaxHeroes - 1, kAllies) + kMaxDisplay + kAllies;

  static ParamSchema config_schema();
  // `ninefold check`, the golden playthroughs and the benchmarks cover every mode and the
  // largest table.
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"players", "5"}},
            {{"mode", "coop"}, {"players", "3"}},
            {{"mode", "solo"}, {"length", "quick"}}};
  }
  explicit NinthWorldGame(const ParamSet& config);
  NinthWorldGame() : NinthWorldGame(ParamSet(config_schema(), {}, "ninth-world")) {}

  int num_players() const { return players_; }
  int heroes() const { return players_; }
  Mode mode() const { return mode_; }
  bool cooperative() const { return mode_ != Mode::Competitive; }
  // Co-op and solo heroes play on one team and share its result (core/game.hpp).
  bool one_team() const { return cooperative(); }
  int rounds() const { return rounds_; }
  int town_slots() const { return town_slots_; }
  const DataSet& data() const { return *data_; }
  // The base threshold of check k (0-based) and the rounds after which the checks happen.
  int threshold(int check) const;
  int check_round(int check) const;
  int checks() const;  // 3 in a standard game, 2 in a quick one
  // Co-op: the Valor every hero needs at the next check (its threshold raised by the cyphers),
  // and the lowest hero score, which the check compares with it.
  int check_needs(const State& s) const { return threshold(s.checks_passed) + s.threshold_raise; }
  int lowest_score(const State& s) const;

  State initial_state(uint64_t seed) const;
  int current_player(const State& s) const { return s.step == Step::Over ? -1 : s.actor; }
  bool is_terminal(const State& s) const { return s.step == Step::Over; }
  Returns<kMaxPlayers> returns(const State& s) const;
  // Co-op and solo: how far the team got, from -1 to 1 (search `grade=`); 0 in competitive.
  Returns<kMaxPlayers> graded_returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  // The action random play draws from legal_actions, without building the whole list when
  // the choice is a bid or a bid power.
  Action random_action(const State& s, Rng& rng) const;
  void apply(State& s, Action a) const;
  void determinize(State& s, int observer, Rng& rng) const;
  // Competitive bids are unseen by the other seats until they are revealed together.
  bool sees_action(const State& s, Action a, int seat) const;

  std::string action_to_string(const State& s, Action a) const;
  // The phase and the move's first word ("scout bid", "focus advance"), for `ninefold holes`.
  std::string decision_kind(const State& s, Action a) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  // What observation() shows `seat` as a fixed-size tensor (observation_tensor.cpp).
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  uint64_t hash(const State& s) const;
  // What a reachable state breaks (every card in one zone, five skill cards of ranks 1-4 per
  // hero, Valor as the sum of its sources...), or "" (invariants.cpp).
  std::string broken_invariant(const State& s) const;

  // Balance statistics: heroes (competitive) or the team (co-op), Valor sources, regions.
  ElementSchema element_schema() const;
  void collect_elements(const State& final_state, ElementStats& stats) const;
  static std::vector<std::string> end_reasons();
  int end_reason(const State& s) const { return static_cast<int>(s.end_reason); }

  // Causal values (core/causal.hpp, games/ninth_world/causal.cpp): each seat's hero against
  // the data's neutral hero and each town and wilderness card kind against the neutral card on
  // one hero's side, in one context, the table this config sets (mode and heroes).
  CausalSchema causal_schema() const;
  void causal_slots(const State& initial, std::vector<CausalSlot>& out) const;
  int causal_context(const State&, int) const { return 0; }
  bool contexts_randomized() const { return false; }
  void causal_replace(State& initial, int seat, int element) const;
  // `check --planted`: one hero made much stronger and one dead, in a copy of base.toml.
  static PlantedImbalance plant_imbalance(const std::filesystem::path& folder);

  // Rules queries shared by the rules, the heuristic and the tests.
  // The power showing on the hero's tableau (its own or a power card; a copy power shows the
  // power it copied this phase, once one is chosen), or nullptr when a wound covers it.
  const Power* tableau_power(const Hero& h) const {
    const Power* own = printed_power(h);
    return own && own->effect == EffectKind::Copy && h.copy != kNone ? &copied_power(h.copy) : own;
  }
  // The card showing on the tableau (the hero's printed power or the top power card), or
  // nullptr when a wound covers it; a copy power shows as itself.
  const Power* printed_power(const Hero& h) const {
    if (h.stack.empty()) return &data_->hero(h.def).power;
    const uint8_t top = h.stack.back();
    return top & kWoundSide ? nullptr : &data_->powers[top];
  }
  const Power& copied_power(uint8_t copy) const {
    return copy >= kCopiedHero ? data_->hero(copy - kCopiedHero).power
                               : data_->powers[copy - kCopiedCard];
  }
  // Whether power `p` on hero `h`'s tableau can act in the current phase: its phase filter, and
  // a trigger the phase has. A claim power needs a phase that claims its card type (drawn
  // prizes in Scout are not claims), an advance power Focus; a power used on the turn that only
  // heals needs a wound (it would do nothing); bid and no-claim powers act in any phase.
  bool can_act_in_phase(const State& s, const Hero& h, const Power& p) const {
    if (p.phase != kAnyPhase && p.phase != s.phase) return false;
    switch (p.trigger) {
      case Trigger::Bid:
      case Trigger::NoClaim:
        return true;
      case Trigger::Use:
        return p.effect != EffectKind::Heal || h.wounds() > 0;
      case Trigger::Claim: {
        const uint8_t type = claimed_type(s.phase);
        return type != kAnyType && (p.card_type == kAnyType || p.card_type == type);
      }
      case Trigger::Advance:
        return s.phase == Focus;
      default:
        return false;
    }
  }
  // What a copy of target `b` (a seat, or kCopyAlly + ally) stores in Hero::copy.
  uint8_t copy_code(const State& s, uint8_t b) const {
    if (b >= kCopyAlly) return uint8_t(kCopiedHero + s.ally_def[size_t(b - kCopyAlly)]);
    const Hero& other = s.heroes[b];
    return other.stack.empty() ? uint8_t(kCopiedHero + other.def)
                               : uint8_t(kCopiedCard + other.stack.back());
  }
  // The claim cost a rule compares (creature dice, claim filters): printed, or with the
  // ambient power when cost_checks=ambient.
  int checked_cost(const State& s, int card) const {
    return ambient_cost_checks_ ? claim_cost(s, card) : data_->card(card).cost;
  }
  // Cost to claim `card` now (the ambient power applied, never below 1).
  int claim_cost(const State& s, int card) const {
    return cost_[size_t(s.region) * kCards + size_t(card)];
  }
  // Value of a skill card in the bid of `phase`.
  static int bid_points(const Hero& h, int slot, int phase) {
    return h.skill[size_t(slot)] == phase ? h.rank[size_t(slot)] : 1;
  }
  // Rank of `skill` in the hero's hand (0 when it has none).
  static int rank_of(const Hero& h, int skill) {
    for (int i = 0; i < kHandSize; ++i)
      if (h.skill[size_t(i)] == skill) return h.rank[size_t(i)];
    return 0;
  }
  // The card type claimed in a phase (Tinker: cyphers...), or kAnyType.
  static uint8_t claimed_type(int phase) {
    return phase == Tinker   ? uint8_t(CardType::Cypher)
           : phase == Charm  ? uint8_t(CardType::Quest)
           : phase == Combat ? uint8_t(CardType::Creature)
                             : kAnyType;
  }
  // Seats from the monolith owner clockwise: 0 for the owner.
  int distance_from_monolith(const State& s, int hero) const {
    return (hero - s.monolith + players_) % players_;
  }
  const RegionDef& region(const State& s) const { return data_->regions[s.region]; }
  // Path card of a round: 1; 2 & 9; 3 & 8; 4 & 7; 5 & 6.
  static int path_card(int round);

  // Steps of the rules, public for the scenario tests that set up a position by hand.
  void begin_phase(State& s) const;  // start-of-phase powers, then bids
  void reveal(State& s) const;       // bids are revealed: skip, bid powers or mid-phase
  void gain_valor(State& s, int hero, int amount, Source source) const;
  void apply_effect(State& s, int hero, const Power& p) const;
  void claim(State& s, int hero, bool wilderness, int index) const;
  void end_turn(State& s) const;
  void threshold_phase(State& s) const;
  void end_round(State& s) const;

  using Heuristic = ninth_world::Heuristic;

 private:
  void write_observation(const State& s, int seat, TensorWriter& w) const;
  // The heroes named in config `key` ("random": none), by data index; nf::Error for an unknown
  // or repeated name (also one in `taken`).
  std::vector<uint8_t> hero_list(const ParamSet& config, const std::string& key,
                                 const std::vector<uint8_t>& taken) const;
  void deal_town(State& s) const;
  int draw_wild(State& s) const;  // kNone when both deck and discard are empty
  int draw_town(State& s) const;
  void reveal_wild(State& s, int count) const;  // co-op setup and threshold phase
  void claim_prize(State& s, int hero, int card, bool to_discard = true) const;
  void discard(State& s, int card) const;  // to its deck's discard pile
  void gain_power(State& s, int hero) const;
  void gain_wound(State& s, int hero) const;
  void heal_wound(State& s, int hero) const;
  int roll_die(State& s) const;  // -1 bad, 0 blank, +1 good
  void region_powers(State& s, Trigger when) const;
  void passive(State& s, int hero, Trigger when, int card) const;
  // `except`: a wilderness index whose quest this action may not advance (the card marked).
  void quest_progress(State& s, int hero, int quest_skill, int except = -1) const;
  void wild_tier(State& s, int hero, WildCard& w) const;  // co-op: a wilderness quest's tier
  void complete_tier(State& s, int hero, int display_index) const;
  void complete_quest(State& s, int hero, int card) const;
  void start_bidding(State& s) const;
  void next_bidder(State& s) const;
  // Fills s.order with the heroes who bid, by decreasing rank(hero, seat) (ties: seat order).
  template <class Rank>
  void order_heroes(State& s, Rank&& rank) const;
  void start_bid_powers(State& s) const;
  void next_bid_power_hero(State& s) const;
  void start_mid_phase(State& s) const;
  void end_phase(State& s) const;
  void end_game(State& s, EndReason reason) const;
  bool has_bid_power(const State& s, int hero) const;
  void bid_power_actions(const State& s, int hero, FixedVector<Action, kMaxBidPowers>& out) const;
  // Calls visit(action) for each bid power the hero may use now, in legal-action order, while
  // it returns true; false when it stopped early.
  template <class Visit>
  bool visit_bid_powers(const State& s, int hero, Visit&& visit) const;
  uint8_t bid_slots(const State& s) const;  // the cards the actor may add to its bid (bits)
  void use_power(State& s, int hero, Action a) const;
  void act_actions(const State& s, FixedVector<Action, kMaxActions>& out) const;
  void act(State& s, Action a) const;  // a mark, draw, claim, pool, quest tier, advance or heal
  bool can_claim(const State& s, int hero, bool wilderness, int index, bool pool) const;
  void advance(State& s, int hero, int slot, int new_skill) const;

  std::shared_ptr<const DataSet> data_;
  Mode mode_;
  int players_;
  int rounds_;
  int town_slots_;
  std::array<int, 3> thresholds_;
  bool set_powers_;
  int region_choice_;  // -1: drawn from the deal seed
  // Variants (docs/games/ninth-world.md, Rulings).
  bool power_under_wounds_;   // power_gain=under_wounds
  bool pool_to_valor_;        // unclaimed_pool=valor
  bool ambient_cost_checks_;  // cost_checks=ambient
  // Chosen heroes (seats first) and solo allies, by data index; the rest are drawn.
  std::vector<uint8_t> chosen_heroes_, chosen_allies_;
  // Hot-path tables: each card's type and flags, and its cost to claim in each region (ambient
  // applied).
  enum CardFlag : uint8_t { kTinkerQuest = 1, kUsePower = 2 };
  std::array<uint8_t, kCards> type_{}, flags_{};
  std::vector<uint8_t> cost_;
  // Balance rows: one per distinct card name; the row of each card.
  std::vector<std::string> card_names_;
  std::array<int, kCards> card_row_{};
  std::vector<uint8_t> card_of_row_;  // a card of each row (its first copy)
  // Causal values: replacement games a deal for the card kinds, beyond one a hero.
  static constexpr double kCardReplacementsPerGame = 4;
};

template <class Visit>
bool NinthWorldGame::visit_bid_powers(const State& s, int h, Visit&& visit) const {
  const Hero& hero = s.heroes[size_t(h)];
  if (hero.bid_value == 0) return true;  // no powers without a bid of at least 1
  auto in_phase = [&](const Power& p) { return p.phase == kAnyPhase || p.phase == s.phase; };
  const Power* own = tableau_power(hero);
  if (own && own->trigger == Trigger::Bid && !(hero.used & 1) && in_phase(*own)) {
    if (own->effect != EffectKind::Copy) {
      if (!visit(Action{Verb::Power, TableauPower, 0})) return false;
    } else {
      // Not copied yet this phase: another hero's power showing now (not a wound, not a copy
      // power), or in solo an ally's not yet discarded, if it can act in this phase as the
      // copier's own power.
      auto copyable = [&](const Power* p) {
        return p && p->present() && p->effect != EffectKind::Copy && can_act_in_phase(s, hero, *p);
      };
      for (int g = 0; g < players_; ++g)
        if (g != h && copyable(printed_power(s.heroes[size_t(g)])) &&
            !visit(Action{Verb::Power, CopyPower, uint8_t(g)}))
          return false;
      for (int a = 0; a < kAllies; ++a)
        if ((hero.allies >> a & 1) && copyable(&data_->heroes[s.ally_def[size_t(a)]].power) &&
            !visit(Action{Verb::Power, CopyPower, uint8_t(kCopyAlly + a)}))
          return false;
    }
  }
  const Power& token = data_->hero(hero.def).token;
  if (hero.token && token.present() && in_phase(token) && !visit(Action{Verb::Power, HeroToken, 0}))
    return false;
  for (size_t c = 0; c < hero.display.size(); ++c) {
    const Power& p = data_->card(hero.display[c].card).power;
    if (p.trigger == Trigger::Bid && !hero.display[c].used && in_phase(p) &&
        !visit(Action{Verb::Power, CypherPower, uint8_t(c)}))
      return false;
  }
  for (int a = 0; a < kAllies; ++a) {
    if (!(hero.allies >> a & 1)) continue;
    const HeroDef& ally = data_->heroes[s.ally_def[size_t(a)]];
    if ((ally.adjective == s.phase || ally.noun == s.phase) &&
        !visit(Action{Verb::Power, AllyDiscard, uint8_t(a)}))
      return false;
  }
  return true;
}

static_assert(nf::Game<NinthWorldGame>);

}  // namespace nf::ninth_world

// The heuristic completes the game type: every file that sees the game sees the same agents.
#include "games/ninth_world/heuristic.hpp"  // IWYU pragma: export
