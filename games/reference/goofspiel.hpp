// Goofspiel with OpenSpiel's rules and parameters: each player holds bid cards 1..num_cards,
// a deck of point cards 1..num_cards is turned one at a time (random, ascending or
// descending order) and everyone bids one card at once; the unique highest bid takes the
// point card, a tie at the top discards it. The last turn, with one card left everywhere, is
// played automatically. With imp_info, players see only who won each turn, not the bids.
// Simultaneous bids are sequential decisions (seat 0 first) that later seats do not see.
// Rules as implemented: docs/games/reference.md.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.hpp"
#include "core/game.hpp"

namespace nf::reference {

class GoofspielGame {
 public:
  static constexpr std::string_view kId = "goofspiel";
  static constexpr std::string_view kDescription =
      "Goofspiel (OpenSpiel rules): 2-10 players, simultaneous bids, optional hidden bids";
  static constexpr int kMaxPlayers = 10;
  static constexpr int kMaxCards = 16;
  static constexpr int kMaxActions = kMaxCards;
  static constexpr bool kPerfectInformation = false;  // bids within a turn are simultaneous

  enum class PointsOrder : uint8_t { Random, Descending, Ascending };
  enum class ReturnsType : uint8_t { WinLoss, PointDifference, TotalPoints };
  static constexpr int8_t kNoWinner = -1;  // a tie at the top discards the point card

  using Action = uint8_t;  // the bid card's index, 0..num_cards-1 (its value is index + 1)
  struct State {
    std::array<uint16_t, kMaxPlayers> hand{};  // bit c set: bid card c still in hand
    std::array<int16_t, kMaxPlayers> points{};
    std::array<std::array<uint8_t, kMaxPlayers>, kMaxCards> bids{};  // bids[turn][seat]
    FixedVector<uint8_t, kMaxCards> point_cards;  // turned so far; back() is on the table
    uint16_t unturned = 0;  // bit c set: point card c not turned yet (follows point_cards)
    FixedVector<int8_t, kMaxCards> winners;  // per finished turn: the seat or kNoWinner
    uint8_t turn = 0;
    uint8_t to_move = 0;  // the seat bidding next in this turn
    bool over = false;
    Rng rng;
  };

  static ParamSchema config_schema();
  // Besides the default: OpenSpiel's benchmarked variant (9 cards, hidden bids, random point
  // order, win/loss returns) and three players.
  static std::vector<std::map<std::string, std::string>> check_configs() {
    return {{{"num_cards", "9"},
             {"imp_info", "true"},
             {"points_order", "random"},
             {"returns_type", "win_loss"}},
            {{"players", "3"}}};
  }
  explicit GoofspielGame(const ParamSet& config);
  GoofspielGame() : GoofspielGame(ParamSet(config_schema(), {}, "goofspiel")) {}

  int num_players() const { return players_; }
  int num_cards() const { return cards_; }
  bool imp_info() const { return imp_info_; }
  State initial_state(uint64_t seed) const;
  bool is_terminal(const State& s) const { return s.over; }
  int current_player(const State& s) const { return s.over ? -1 : s.to_move; }
  Returns<kMaxPlayers> returns(const State& s) const;
  void legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
    out.clear();
    if (s.over) return;
    for (unsigned hand = s.hand[s.to_move]; hand != 0; hand &= hand - 1)
      out.push_back(static_cast<Action>(std::countr_zero(hand)));
  }
  // The bid legal_actions + rng.below would pick; the seat to move holds one card per turn
  // left.
  Action random_action(const State& s, Rng& rng) const {
    return static_cast<Action>(
        nth_set_bit(s.hand[s.to_move], rng.below(static_cast<uint32_t>(cards_ - s.turn))));
  }
  void apply(State& s, Action bid) const {
    assert(!s.over && bid < cards_ && (s.hand[s.to_move] >> bid & 1));
    s.bids[s.turn][s.to_move] = bid;
    s.hand[s.to_move] &= static_cast<uint16_t>(~(1u << bid));
    if (++s.to_move == players_) resolve_turn(s);
  }
  // Resamples what `observer` has not seen: the bids already made this turn by earlier
  // seats and, with imp_info, every other seat's past bids (consistent with who won each
  // turn), hence their hands; reseeds the rng (the order of the remaining point cards).
  void determinize(State& s, int observer, Rng& rng) const;

  // Exact enumeration hook (agents/game_hooks.hpp): with a random order, the first point card
  // is the deal and the bid that ends a turn turns the next one; fixed orders draw no chance.
  uint64_t deal_count() const { return order_ == PointsOrder::Random ? uint64_t(cards_) : 1; }
  State deal_state(uint64_t deal) const {
    State s = initial_state(0);
    if (order_ == PointsOrder::Random) turn_instead(s, uint32_t(deal));
    return s;
  }
  uint32_t chance_count(const State& s, Action) const {
    const bool ends_turn = s.to_move == players_ - 1 && s.turn + 1 < cards_;
    return order_ == PointsOrder::Random && ends_turn ? uint32_t(cards_ - s.turn - 1) : 1;
  }
  void apply_outcome(State& s, Action bid, uint32_t outcome) const {
    // With two or more cards left to turn, no turn is played automatically after the draw.
    const bool drawn = chance_count(s, bid) > 1;
    apply(s, bid);
    if (drawn) turn_instead(s, outcome);
  }

  // Optional search hook: whether `seat` sees the bid the player to move makes. A bid is
  // hidden from the seats that bid after it in the same turn; with imp_info from everyone.
  bool sees_action(const State& s, Action, int seat) const {
    return seat == s.to_move || (!imp_info_ && seat < s.to_move);
  }
  // Optional search hook: what `seat` observes beyond its own bids - the point cards, who
  // won each turn and, without imp_info, every finished turn's bids.
  uint64_t observation_key(const State& s, int seat) const;
  // Optional search hook: the returns if the game ended now (for depth-limited rollouts).
  Returns<kMaxPlayers> evaluate(const State& s) const;

  // Learning hooks (agents/observation_tensor.hpp, agents/action_space.hpp): the seat's hand,
  // the point cards in turn order, each turn's winner, the points, the seat and the seat to
  // bid, and without imp_info the bids of finished turns; a bid card's index as its action.
  std::vector<int> observation_shape() const;
  void observation_tensor(const State& s, int seat, std::span<float> out) const;
  int action_space() const { return cards_; }
  int action_index(Action bid) const { return bid; }

  std::string action_to_string(const State&, Action bid) const;
  std::string render(const State& s) const;
  std::string observation(const State& s, int seat) const;
  uint64_t hash(const State& s) const;
  // What every reachable state keeps (`ninefold check` calls it after every step): the points
  // are the values of the point cards won, every seat holds one bid card per turn to come,
  // and a finished game's returns add up to zero unless they are the total points.
  std::string broken_invariant(const State& s) const;

 private:
  void start_turn(State& s) const;
  // Puts the point card just turned back and turns the `pick`-th lowest unturned card instead.
  void turn_instead(State& s, uint32_t pick) const;
  void resolve_turn(State& s) const;
  // The seat with the unique highest bid, or kNoWinner on a tie at the top.
  int turn_winner(const std::array<uint8_t, kMaxPlayers>& bids) const;
  Returns<kMaxPlayers> returns_from_points(const State& s) const;
  bool resample_bids(State& s, int observer, int turn, int seat, Rng& rng) const;

  int cards_;
  int players_;
  PointsOrder order_;
  ReturnsType returns_type_;
  bool imp_info_;
};

static_assert(Game<GoofspielGame>);

}  // namespace nf::reference
