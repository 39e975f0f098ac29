// Kuhn poker with OpenSpiel's rules: n players (default 2), a deck of n + 1 cards ranked
// 0..n, one private card each, an ante of 1; in turn each player passes or bets 1. If nobody
// bets after one round the highest card dealt wins the antes; after the first bet everyone
// after the bettor (and before it, in a second lap) calls or folds, and the highest card
// among those who bet wins the pot. Rules as implemented: docs/games/reference.md.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.hpp"
#include "core/game.hpp"

namespace nf::reference {

class KuhnPokerGame {
 public:
  static constexpr std::string_view kId = "kuhn_poker";
  static constexpr std::string_view kDescription =
      "Kuhn poker (OpenSpiel rules): 2-10 players, one private card each, chance deal";
  static constexpr int kMaxPlayers = 10;
  static constexpr int kMaxActions = 2;
  static constexpr bool kPerfectInformation = false;

  enum class Action : uint8_t { Pass, Bet };
  struct State {
    std::array<int8_t, kMaxPlayers> card{};            // each seat's private card, 0..players
    FixedVector<Action, 2 * kMaxPlayers - 1> history;  // the betting, in order
    int8_t first_bettor = -1;
    int8_t winner = -1;  // set when the hand is over
    uint8_t players = 2;
    Rng rng;
  };

  static ParamSchema config_schema();
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"players", "3"}}};
  }
  explicit KuhnPokerGame(const ParamSet& config);
  KuhnPokerGame() : KuhnPokerGame(ParamSet(config_schema(), {}, "kuhn_poker")) {}

  int num_players() const { return players_; }
  State initial_state(uint64_t seed) const;
  // The hand with these cards dealt (a permutation's first `players` cards); for tests and
  // exact enumeration over deals.
  State deal(const std::array<int8_t, kMaxPlayers>& cards, uint64_t seed = 0) const;
  bool is_terminal(const State& s) const { return s.winner >= 0; }
  int current_player(const State& s) const {
    return is_terminal(s) ? -1 : int(s.history.size()) % players_;
  }
  Returns<kMaxPlayers> returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    out.clear();
    if (is_terminal(s)) return;
    out.push_back(Action::Pass);
    out.push_back(Action::Bet);
  }
  void apply(State& s, Action a) const;
  // Resamples every other seat's card from the cards `observer` does not hold.
  void determinize(State& s, int observer, Rng& rng) const;

  // Exact enumeration hook (agents/game_hooks.hpp): the deals are the ordered picks of a card
  // per seat from the deck; the betting draws no chance.
  uint64_t deal_count() const { return arrangements(players_ + 1, players_); }
  State deal_state(uint64_t deal) const {
    std::array<int8_t, kMaxPlayers> cards{};
    nth_arrangement(deal, players_ + 1, players_, cards.data());
    return this->deal(cards);
  }
  uint32_t chance_count(const State&, Action) const { return 1; }
  void apply_outcome(State& s, Action a, uint32_t) const { apply(s, a); }

  // Search hook: what `seat` observes beyond the betting (its own card).
  uint64_t observation_key(const State& s, int seat) const {
    return mix_seed(uint64_t(seat), uint64_t(s.card[size_t(seat)]));
  }

  // Learning hooks (agents/observation_tensor.hpp, agents/action_space.hpp): the seat's
  // card, the seat, the betting so far and, once over, the winner; Pass and Bet as 0 and 1.
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  int action_space() const { return 2; }
  int action_index(Action a) const { return static_cast<int>(a); }

  std::string action_to_string(const State&, Action a) const {
    return a == Action::Pass ? "Pass" : "Bet";
  }
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  uint64_t hash(const State& s) const;
  // What every reachable state keeps (`ninefold check` calls it after every step): each seat
  // holds a different card of the deck, and a finished hand's returns add up to zero.
  std::string broken_invariant(const State& s) const;

  // Whether `seat` has put a second chip in (bet or called); meaningful once someone bet.
  static bool did_bet(const State& s, int seat);

 private:
  int players_;
};

static_assert(Game<KuhnPokerGame>);

}  // namespace nf::reference
