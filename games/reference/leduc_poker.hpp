// Leduc poker with OpenSpiel's rules: n players (default 2), a deck of (n + 1) ranks in two
// suits, one private card each, an ante of 1, two betting rounds with raises of 2 then 4 and
// at most two raises per round; a public card is dealt between the rounds. A pair with the
// public card beats any other hand, otherwise the higher private rank wins (then the lower);
// equal hands split the pot. Rules as implemented: docs/games/reference.md.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.hpp"
#include "core/game.hpp"

namespace nf::reference {

class LeducPokerGame {
 public:
  static constexpr std::string_view kId = "leduc_poker";
  static constexpr std::string_view kDescription =
      "Leduc poker (OpenSpiel rules): 2-10 players, private and public cards, two betting rounds";
  static constexpr int kMaxPlayers = 10;
  static constexpr int kMaxActions = 3;
  static constexpr bool kPerfectInformation = false;
  static constexpr int kMaxRaises = 2;
  static constexpr int kFirstRaise = 2, kSecondRaise = 4;
  static constexpr int kMaxBetsPerRound = 3 * kMaxPlayers - 2;
  static constexpr int8_t kNoCard = -1;

  enum class Action : uint8_t { Fold, Call, Raise };
  struct State {
    std::array<int8_t, kMaxPlayers> card{};   // private cards; card c has rank c / 2
    std::array<uint8_t, kMaxPlayers> ante{};  // chips each seat has put in the pot
    std::array<bool, kMaxPlayers> folded{};
    std::array<FixedVector<Action, kMaxBetsPerRound>, 2> sequence;  // betting of each round
    int8_t public_card = kNoCard;
    uint8_t round = 1;  // 1 or 2
    int8_t to_move = 0;
    uint8_t stakes = 1;  // what every seat still in must have put in to call
    uint8_t calls = 0, raises = 0;
    uint8_t remaining = 2;  // seats that have not folded
    uint8_t players = 2;
    bool over = false;
    Rng rng;
  };

  static ParamSchema config_schema();
  explicit LeducPokerGame(const ParamSet& config);
  LeducPokerGame() : LeducPokerGame(ParamSet(config_schema(), {}, "leduc_poker")) {}

  int num_players() const { return players_; }
  int deck_size() const { return 2 * (players_ + 1); }
  State initial_state(uint64_t seed) const;
  bool is_terminal(const State& s) const { return s.over; }
  int current_player(const State& s) const { return s.over ? -1 : s.to_move; }
  Returns<kMaxPlayers> returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    out.clear();
    if (s.over) return;
    if (s.stakes > s.ante[size_t(s.to_move)]) out.push_back(Action::Fold);  // only under pressure
    out.push_back(Action::Call);
    if (s.raises < kMaxRaises) out.push_back(Action::Raise);
  }
  // The legal move at rng.below(number of legal moves), as from legal_actions' list, without
  // the list: the moves are Fold, Call, Raise in that order, Fold and Raise when allowed.
  Action random_action(const State& s, Rng& rng) const {
    const bool can_fold = s.stakes > s.ante[size_t(s.to_move)];
    const uint32_t moves = 1 + can_fold + (s.raises < kMaxRaises);
    return static_cast<Action>(rng.below(moves) + !can_fold);
  }
  void apply(State& s, Action a) const;
  // Resamples every other seat's private card from the cards `observer` has not seen (its
  // own and the public card are seen); the public card, if still to come, comes from the
  // reseeded rng.
  void determinize(State& s, int observer, Rng& rng) const;

  // Exact enumeration hook (agents/game_hooks.hpp): the deals are the ordered picks of a private
  // card per seat; the call that ends the first round draws the public card from the rest.
  uint64_t deal_count() const { return arrangements(deck_size(), players_); }
  State deal_state(uint64_t deal) const;
  uint32_t chance_count(const State& s, Action a) const {
    State next = s;
    apply(next, a);
    return s.round == 1 && next.round == 2 ? uint32_t(deck_size() - players_) : 1;
  }
  void apply_outcome(State& s, Action a, uint32_t outcome) const {
    const uint8_t round = s.round;
    apply(s, a);
    if (round == 1 && s.round == 2) set_public_card(s, outcome);
  }

  // Search hook: what `seat` observes beyond the betting (its own card, the public card).
  uint64_t observation_key(const State& s, int seat) const {
    return mix_seed(mix_seed(uint64_t(seat), uint64_t(s.card[size_t(seat)])),
                    uint64_t(s.public_card + 1));
  }

  // Learning hooks (agents/observation_tensor.hpp, agents/action_space.hpp): the seat's card,
  // the public card, the seat, every seat's chips and folds, the round and both rounds'
  // betting; Fold, Call and Raise as 0, 1 and 2.
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  int action_space() const { return 3; }
  int action_index(Action a) const { return static_cast<int>(a); }

  std::string action_to_string(const State&, Action a) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  uint64_t hash(const State& s) const;
  // What every reachable state keeps (`ninefold check` calls it after every step): the private
  // cards and the public card are different cards of the deck, no seat has put in more than
  // the stakes, and a finished hand's returns add up to zero.
  std::string broken_invariant(const State& s) const;

  // Hand strength for the showdown: higher is better, equal is a split.
  int hand_rank(const State& s, int seat) const;

 private:
  bool round_finished(const State& s) const;
  int next_seat(const State& s, int after) const;
  void deal_public_card(State& s) const;
  // Makes the public card the `pick`-th lowest card nobody holds.
  void set_public_card(State& s, uint32_t pick) const;

  int players_;
};

// The moves' rules are defined here so that playouts and searches, which apply a move at
// every step, can inline them.

// A betting round ends when everyone still in has called with no raise, or when everyone but
// the last raiser has called it.
inline bool LeducPokerGame::round_finished(const State& s) const {
  return (s.raises == 0 && s.calls == s.remaining) || (s.raises > 0 && s.calls == s.remaining - 1);
}

inline int LeducPokerGame::next_seat(const State& s, int after) const {
  for (int i = 1; i <= players_; ++i) {
    const int seat = (after + i) % players_;
    if (!s.folded[size_t(seat)]) return seat;
  }
  assert(false);
  return -1;
}

inline void LeducPokerGame::apply(State& s, Action a) const {
  assert(!s.over);
  const auto seat = size_t(s.to_move);
  auto& sequence = s.sequence[size_t(s.round - 1)];
  sequence.push_back(a);
  if (a == Action::Fold) {
    assert(s.stakes > s.ante[seat]);
    s.folded[seat] = true;
    --s.remaining;
  } else if (a == Action::Call) {
    s.ante[seat] = s.stakes;
    ++s.calls;
  } else {
    assert(s.raises < kMaxRaises);
    s.stakes = static_cast<uint8_t>(s.stakes + (s.round == 1 ? kFirstRaise : kSecondRaise));
    s.ante[seat] = s.stakes;
    ++s.raises;
    s.calls = 0;
  }
  const bool finished = a != Action::Raise && round_finished(s);
  if (s.remaining == 1 || (s.round == 2 && finished)) {
    s.over = true;
  } else if (finished) {
    s.round = 2;
    s.raises = 0;
    s.calls = 0;
    deal_public_card(s);
    s.to_move = static_cast<int8_t>(next_seat(s, players_ - 1));  // first seat still in from 0
  } else {
    s.to_move = static_cast<int8_t>(next_seat(s, s.to_move));
  }
}

static_assert(Game<LeducPokerGame>);

}  // namespace nf::reference
