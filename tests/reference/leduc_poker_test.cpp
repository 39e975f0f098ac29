#include <catch2/catch.hpp>

#include <set>
#include <tuple>

#include "games/reference/leduc_poker.hpp"
#include "tests/conformance.hpp"

using nf::reference::LeducPokerGame;
using Action = LeducPokerGame::Action;

namespace {

LeducPokerGame players(int n) {
  return LeducPokerGame(
      nf::ParamSet(LeducPokerGame::config_schema(), {{"players", std::to_string(n)}}, "leduc"));
}

// A hand with the given private cards; the public card, once dealt, is replaced by `board`.
LeducPokerGame::State play(const LeducPokerGame& game, std::vector<int8_t> cards, int8_t board,
                           std::string_view bets) {
  auto s = game.initial_state(7);
  for (size_t p = 0; p < cards.size(); ++p) s.card[p] = cards[p];
  for (char c : bets) {
    REQUIRE(!game.is_terminal(s));
    nf::ActionList<LeducPokerGame> legal;
    game.legal_actions(s, legal);
    const Action a = c == 'f' ? Action::Fold : c == 'c' ? Action::Call : Action::Raise;
    REQUIRE(legal.contains(a));
    game.apply(s, a);
    if (s.round == 2) s.public_card = board;
  }
  return s;
}

using InfoState = std::tuple<int, int, int, std::string>;

void collect(const LeducPokerGame& game, const LeducPokerGame::State& s, std::set<InfoState>& out) {
  if (game.is_terminal(s)) return;
  const int seat = game.current_player(s);
  std::string betting;
  for (int r = 0; r < 2; ++r) {
    for (auto a : s.sequence[size_t(r)]) betting += "fcr"[int(a)];
    betting += '/';
  }
  out.insert({seat, s.card[size_t(seat)], s.public_card, betting});
  nf::ActionList<LeducPokerGame> actions;
  game.legal_actions(s, actions);
  for (auto a : actions) {
    auto next = s;
    game.apply(next, a);
    if (next.round == 2 && s.round == 1 && !game.is_terminal(next)) {
      for (int8_t board = 0; board < 6; ++board) {  // every public card the deal allows
        if (board == next.card[0] || board == next.card[1]) continue;
        auto dealt = next;
        dealt.public_card = board;
        collect(game, dealt, out);
      }
    } else {
      collect(game, next, out);
    }
  }
}

}  // namespace

TEST_CASE("leduc_poker: two players have OpenSpiel's 936 information states") {
  const auto game = players(2);
  std::set<InfoState> infostates;
  for (int8_t a = 0; a < 6; ++a)
    for (int8_t b = 0; b < 6; ++b) {
      if (a == b) continue;
      auto s = game.initial_state(0);
      s.card[0] = a, s.card[1] = b;
      collect(game, s, infostates);
    }
  CHECK(infostates.size() == 936);
}

TEST_CASE("leduc_poker: raises are 2 then 4, at most two a round - the most one can win is 13") {
  const auto game = players(2);
  // Seat 0 holds a Jack (0), the board pairs it (1); seat 1 holds a King (4).
  const auto s = play(game, {0, 4}, 1,
                      "rrc"
                      "rrc");
  REQUIRE(game.is_terminal(s));
  CHECK(s.ante[0] == 13);
  CHECK(game.returns(s)[0] == 13);
  CHECK(game.returns(s)[1] == -13);
  auto capped = play(game, {0, 4}, 1, "rr");
  nf::ActionList<LeducPokerGame> legal;
  game.legal_actions(capped, legal);
  CHECK(legal == nf::ActionList<LeducPokerGame>{Action::Fold, Action::Call});
}

TEST_CASE("leduc_poker: folding is only allowed under pressure and ends the hand") {
  const auto game = players(2);
  auto s = game.initial_state(3);
  nf::ActionList<LeducPokerGame> legal;
  game.legal_actions(s, legal);
  CHECK(legal == nf::ActionList<LeducPokerGame>{Action::Call, Action::Raise});
  const auto folded = play(game, {2, 5}, 0, "rf");
  REQUIRE(game.is_terminal(folded));
  CHECK(game.returns(folded)[0] == 1);  // the folder loses its ante only
  CHECK(game.returns(folded)[1] == -1);
  // Check-check moves to round 2, which seat 0 opens; check-check again is a showdown.
  const auto round2 = play(game, {2, 5}, 0, "cc");
  CHECK(round2.round == 2);
  CHECK(game.current_player(round2) == 0);
  const auto showdown = play(game, {2, 5}, 0, "cccc");
  REQUIRE(game.is_terminal(showdown));
  CHECK(game.returns(showdown)[1] == 1);  // King beats Queen with no pair
}

TEST_CASE("leduc_poker: the same rank without a pair splits the pot - higher kicker wins") {
  const auto game = players(2);
  const auto split = play(game, {4, 5}, 0,
                          "crc"
                          "cc");
  REQUIRE(game.is_terminal(split));
  CHECK(game.returns(split)[0] == 0);
  CHECK(game.returns(split)[1] == 0);
  // Unpaired, the higher private rank wins: King high beats Queen high.
  CHECK(game.hand_rank(play(game, {4, 2}, 0, "cc"), 0) >
        game.hand_rank(play(game, {4, 2}, 0, "cc"), 1));
  // A pair of Jacks beats King high.
  CHECK(game.hand_rank(play(game, {0, 4}, 1, "cc"), 0) >
        game.hand_rank(play(game, {0, 4}, 1, "cc"), 1));
}

TEST_CASE("leduc_poker: three players - a fold leaves the round to the rest") {
  const auto game = players(3);
  // Seat 0 raises, seat 1 folds, seat 2 calls: round 1 is over.
  const auto s = play(game, {0, 2, 4}, 7, "rfc");
  CHECK(s.round == 2);
  CHECK(game.current_player(s) == 0);
  const auto done = play(game, {0, 2, 4}, 7,
                         "rfc"
                         "cc");
  REQUIRE(game.is_terminal(done));
  CHECK(game.returns(done)[1] == -1);
  CHECK(game.returns(done)[2] == 4);  // King high beats Jack high: pot 3 + 3 + 1
  CHECK(game.returns(done)[0] == -3);
}

TEST_CASE("leduc_poker: 2 and 3 players pass the conformance suite") {
  for (int n : {2, 3})
    nf::testing::require_conformance<LeducPokerGame>({{"players", std::to_string(n)}}, 5000);
}

TEST_CASE("leduc_poker invariants: a card dealt twice or chips above the stakes are named") {
  const auto game = players(2);
  const auto start = game.initial_state(4);
  REQUIRE(game.broken_invariant(start) == "");
  auto twice = start;
  twice.public_card = twice.card[0];
  CHECK_THAT(game.broken_invariant(twice), Catch::Contains("is dealt twice"));
  auto outside = start;
  outside.card[1] = int8_t(game.deck_size());
  CHECK_THAT(game.broken_invariant(outside), Catch::Contains("outside the deck 0..5"));
  auto chips = start;
  chips.ante[0] = uint8_t(chips.stakes + 1);
  CHECK_THAT(game.broken_invariant(chips), Catch::Contains("more than the stakes"));
}
