#include <catch2/catch.hpp>

#include <functional>
#include <map>

#include "games/reference/kuhn_poker.hpp"
#include "tests/conformance.hpp"

using nf::reference::KuhnPokerGame;
using Action = KuhnPokerGame::Action;

namespace {

KuhnPokerGame two_players() { return KuhnPokerGame(); }
KuhnPokerGame players(int n) {
  return KuhnPokerGame(
      nf::ParamSet(KuhnPokerGame::config_schema(), {{"players", std::to_string(n)}}, "kuhn"));
}

KuhnPokerGame::State play(const KuhnPokerGame& game, std::array<int8_t, 10> cards,
                          std::string_view bets) {
  auto s = game.deal(cards);
  for (char c : bets) {
    REQUIRE(!game.is_terminal(s));
    game.apply(s, c == 'b' ? Action::Bet : Action::Pass);
  }
  return s;
}

// The probability that a seat holding `card` after betting history `history` bets (or calls),
// in the equilibrium family with parameter alpha (Kuhn 1950).
double equilibrium_bet(int seat, int card, std::string_view history, double alpha) {
  if (seat == 0 && history.empty()) return card == 0 ? alpha : card == 1 ? 0.0 : 3 * alpha;
  if (seat == 0 && history == "pb") return card == 0 ? 0.0 : card == 1 ? alpha + 1.0 / 3 : 1.0;
  if (seat == 1 && history == "b") return card == 0 ? 0.0 : card == 1 ? 1.0 / 3 : 1.0;
  if (seat == 1 && history == "p") return card == 0 ? 1.0 / 3 : card == 1 ? 0.0 : 1.0;
  FAIL("no decision after " << history);
  return 0;
}

// Expected returns of a state under the equilibrium policy, exactly, by enumerating actions.
std::array<double, 2> expected(const KuhnPokerGame& game, const KuhnPokerGame::State& s,
                               std::string& history, double alpha) {
  if (game.is_terminal(s)) {
    const auto r = game.returns(s);
    return {r[0], r[1]};
  }
  const int seat = game.current_player(s);
  const double bet = equilibrium_bet(seat, s.card[size_t(seat)], history, alpha);
  std::array<double, 2> total{};
  for (Action a : {Action::Pass, Action::Bet}) {
    const double p = a == Action::Bet ? bet : 1 - bet;
    if (p == 0) continue;
    auto next = s;
    game.apply(next, a);
    history.push_back(a == Action::Bet ? 'b' : 'p');
    const auto v = expected(game, next, history, alpha);
    history.pop_back();
    for (int i = 0; i < 2; ++i) total[size_t(i)] += p * v[size_t(i)];
  }
  return total;
}

}  // namespace

TEST_CASE("kuhn_poker: every two-player betting line pays as OpenSpiel's rules say") {
  const auto game = two_players();
  // cards: seat 0 holds the Queen (1), seat 1 the King (2).
  const std::array<int8_t, 10> qk{1, 2};
  CHECK(game.returns(play(game, qk, "pp"))[0] == -1);   // showdown for the antes
  CHECK(game.returns(play(game, qk, "bp"))[0] == 1);    // seat 1 folds to the bet
  CHECK(game.returns(play(game, qk, "bb"))[0] == -2);   // called: the King wins 2
  CHECK(game.returns(play(game, qk, "pbp"))[0] == -1);  // seat 0 folds to seat 1's bet
  CHECK(game.returns(play(game, qk, "pbb"))[1] == 2);
  for (const char* line : {"pp", "bp", "bb", "pbp", "pbb"})
    CHECK(game.is_terminal(play(game, qk, line)));
  CHECK(!game.is_terminal(play(game, qk, "pb")));
  CHECK(game.current_player(play(game, qk, "pb")) == 0);
}

TEST_CASE("kuhn_poker: three players - the first bet closes after a full lap") {
  const auto game = players(3);
  const std::array<int8_t, 10> cards{3, 0, 2};
  // Seat 1 bets, seats 2 and 0 fold: seat 1 takes the pot of 4 with the lowest card.
  const auto s = play(game, cards, "pbpp");
  REQUIRE(game.is_terminal(s));
  CHECK(game.returns(s)[0] == -1);
  CHECK(game.returns(s)[1] == 2);
  CHECK(game.returns(s)[2] == -1);
  // Seat 0 calls in the second lap: the highest card among those who bet wins 2 + 1.
  const auto called = play(game, cards, "pbpb");
  REQUIRE(game.is_terminal(called));
  CHECK(game.returns(called)[0] == 3);
  CHECK(game.returns(called)[1] == -2);
  // Nobody bets: the highest card dealt (3) wins the antes.
  CHECK(game.returns(play(game, cards, "ppp"))[0] == 2);
}

TEST_CASE("kuhn_poker: the first seat's value under the Nash equilibrium is -1/18") {
  const auto game = two_players();
  for (double alpha : {0.0, 0.2, 1.0 / 3}) {
    double value = 0;
    for (int8_t a = 0; a < 3; ++a)
      for (int8_t b = 0; b < 3; ++b) {
        if (a == b) continue;
        std::string history;
        value += expected(game, game.deal({a, b}), history, alpha)[0] / 6;
      }
    CHECK(value == Approx(-1.0 / 18).epsilon(1e-12));
  }
}

TEST_CASE("kuhn_poker: deals are uniform over ordered pairs of distinct cards") {
  const auto game = two_players();
  std::map<std::pair<int, int>, int> counts;
  for (uint64_t seed = 0; seed < 60000; ++seed) {
    const auto s = game.initial_state(seed);
    REQUIRE(s.card[0] != s.card[1]);
    ++counts[{s.card[0], s.card[1]}];
  }
  REQUIRE(counts.size() == 6);
  for (const auto& [deal, n] : counts) CHECK(std::abs(n - 10000) < 500);
}

TEST_CASE("kuhn_poker: 2 and 4 players pass the conformance suite") {
  for (int n : {2, 4})
    nf::testing::require_conformance<KuhnPokerGame>({{"players", std::to_string(n)}}, 5000);
}

TEST_CASE("kuhn_poker invariants: a card dealt twice or outside the deck is named") {
  const auto game = players(3);
  const auto dealt = game.deal({0, 1, 3});
  REQUIRE(game.broken_invariant(dealt) == "");
  auto twice = dealt;
  twice.card[2] = 0;
  CHECK_THAT(game.broken_invariant(twice), Catch::Contains("card 0 is dealt twice"));
  auto outside = dealt;
  outside.card[1] = 4;
  CHECK_THAT(game.broken_invariant(outside), Catch::Contains("outside the deck 0..3"));
}
