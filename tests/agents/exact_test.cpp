// Exact best responses and CFR on enumerated trees: the chance hooks enumerate what the rng
// draws, known exploitability values (OpenSpiel's), the Kuhn equilibrium family is unexploitable
// and CFR's average policy approaches it.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <type_traits>

#include "agents/exact/best_response.hpp"
#include "agents/exact/cfr.hpp"
#include "core/error.hpp"
#include "experiments/run/exploitability.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"

using nf::exact::enumerate_game;
using nf::exact::TabularPolicy;
using nf::reference::GoofspielGame;
using nf::reference::KuhnPokerGame;
using nf::reference::LeducPokerGame;

namespace {

template <class G>
G make(std::map<std::string, std::string> config) {
  return G(nf::ParamSet(G::config_schema(), config, "test"));
}

const std::map<std::string, std::string> kSmallGoofspiel = {
    {"num_cards", "4"}, {"imp_info", "true"}, {"points_order", "random"}};

// Seat 0's mean return over random playouts from initial_state, and its standard error.
template <class G>
std::pair<double, double> random_playout_mean(const G& game, int games) {
  const nf::RandomPolicy<G> policy(game);
  nf::Rng rng(7);
  double sum = 0, squares = 0;
  for (int i = 0; i < games; ++i) {
    auto s = game.initial_state(nf::derive_seed(3, uint64_t(i), nf::Stream::Deal));
    nf::playout(game, s, policy, rng);
    const double r = game.returns(s)[0];
    sum += r, squares += r * r;
  }
  const double mean = sum / games;
  return {mean, std::sqrt((squares / games - mean * mean) / games)};
}

// The Kuhn equilibrium with parameter alpha (Kuhn 1950), as a tabular policy: the probability
// of Bet at each information set (actions are Pass, Bet).
TabularPolicy kuhn_equilibrium(const nf::exact::EnumeratedGame<KuhnPokerGame>& g, double alpha) {
  TabularPolicy policy;
  for (const auto& s : g.infoset_states) {
    const int seat = int(s.history.size()) % 2;
    const int card = s.card[size_t(seat)];
    std::string h;
    for (auto a : s.history) h += a == KuhnPokerGame::Action::Bet ? 'b' : 'p';
    double bet = 0;
    if (h.empty()) bet = card == 0 ? alpha : card == 1 ? 0.0 : 3 * alpha;
    if (h == "pb") bet = card == 0 ? 0.0 : card == 1 ? alpha + 1.0 / 3 : 1.0;
    if (h == "b") bet = card == 0 ? 0.0 : card == 1 ? 1.0 / 3 : 1.0;
    if (h == "p") bet = card == 0 ? 1.0 / 3 : card == 1 ? 0.0 : 1.0;
    policy.push_back({1 - bet, bet});
  }
  return policy;
}

double exploitability_of(const std::string& game, const std::string& agent,
                         const std::map<std::string, std::string>& config = {}) {
  nf::ExploitabilityOptions options;
  options.agent = agent;
  options.config = config;
  if (game == "kuhn_poker")
    return nf::measure_exploitability<KuhnPokerGame>(options).values.exploitability;
  if (game == "leduc_poker")
    return nf::measure_exploitability<LeducPokerGame>(options).values.exploitability;
  return nf::measure_exploitability<GoofspielGame>(options).values.exploitability;
}

}  // namespace

TEST_CASE("exact: the chance hooks enumerate what initial_state and apply draw") {
  // Under uniform random play the enumerated expectation equals the mean of real playouts.
  auto check = [](const auto& game, int games) {
    const auto g = enumerate_game(game);
    const double exact = nf::exact::policy_values(g.tree, g.tree.uniform_policy())[0];
    const auto [mean, se] = random_playout_mean(game, games);
    INFO(std::decay_t<decltype(game)>::kId << ": exact " << exact << ", playouts " << mean << " +- "
                                           << se);
    CHECK(std::abs(exact - mean) < 4 * se);
  };
  check(KuhnPokerGame(), 40000);
  check(LeducPokerGame(), 40000);
  check(make<GoofspielGame>(kSmallGoofspiel), 40000);
  check(make<GoofspielGame>({{"num_cards", "4"}, {"returns_type", "point_difference"}}), 40000);
  // Deals: every ordered pick of distinct cards once.
  const KuhnPokerGame kuhn;
  REQUIRE(kuhn.deal_count() == 6);
  std::set<std::pair<int, int>> deals;
  for (uint64_t d = 0; d < 6; ++d)
    deals.insert({kuhn.deal_state(d).card[0], kuhn.deal_state(d).card[1]});
  CHECK(deals.size() == 6);
  CHECK(LeducPokerGame().deal_count() == 30);
}

TEST_CASE("exact: information sets of Kuhn and Leduc poker are OpenSpiel's") {
  CHECK(enumerate_game(KuhnPokerGame()).tree.infosets.size() == 12);
  CHECK(enumerate_game(LeducPokerGame()).tree.infosets.size() == 936);
}

TEST_CASE("exact: uniform random play is as exploitable as OpenSpiel reports") {
  const auto kuhn = enumerate_game(KuhnPokerGame());
  const auto k = nf::exact::exploitability(kuhn.tree, kuhn.tree.uniform_policy());
  CHECK(k.nash_conv == Approx(0.916666666667).epsilon(1e-9));
  CHECK(k.exploitability == Approx(0.458333333333).epsilon(1e-9));
  // Seat 1's best response to uniform play, by hand: bet or call with the King (1.75 a deal),
  // call a bet and bet after a pass with the Queen (0.25), fold and bluff with the Jack (-0.75).
  CHECK(k.best_response[1] == Approx((1.75 + 0.25 - 0.75) / 3).epsilon(1e-12));
  CHECK(k.best_response[0] == Approx(0.5).epsilon(1e-12));
  CHECK(k.policy_value[0] + k.policy_value[1] == Approx(0).margin(1e-12));
  const auto leduc = enumerate_game(LeducPokerGame());
  CHECK(nf::exact::exploitability(leduc.tree, leduc.tree.uniform_policy()).nash_conv ==
        Approx(4.747222222222).epsilon(1e-9));
  // Through the command's path: the random agent's policy is read as uniform.
  CHECK(exploitability_of("kuhn_poker", "random") == Approx(0.458333333333).epsilon(1e-9));
}

TEST_CASE("exact: the Kuhn equilibrium family is unexploitable and worth -1/18 to seat 0") {
  const auto g = enumerate_game(KuhnPokerGame());
  for (double alpha : {0.0, 0.2, 1.0 / 3}) {
    const auto e = nf::exact::exploitability(g.tree, kuhn_equilibrium(g, alpha));
    CHECK(e.nash_conv == Approx(0).margin(1e-12));
    CHECK(e.policy_value[0] == Approx(-1.0 / 18).epsilon(1e-12));
    CHECK(e.best_response[0] == Approx(-1.0 / 18).epsilon(1e-12));
  }
  // Off the family: seat 0 never bluffing with the Jack but betting the King always is not it.
  auto off = kuhn_equilibrium(g, 0.0);
  for (size_t i = 0; i < off.size(); ++i)
    if (g.infoset_states[i].history.empty() && g.infoset_states[i].card[0] == 2) off[i] = {0, 1};
  CHECK(nf::exact::exploitability(g.tree, off).nash_conv > 0.01);
}

TEST_CASE("exact: CFR's average policy approaches an equilibrium") {
  const auto g = enumerate_game(KuhnPokerGame());
  for (bool plus : {true, false}) {
    INFO("plus " << plus);
    nf::exact::CfrSolver solver(g.tree, plus);
    double previous = 1e9;
    for (uint64_t total : {10, 100, 1000}) {
      solver.run(total - solver.iterations());
      const double e = nf::exact::exploitability(g.tree, solver.average_policy()).exploitability;
      INFO(total << " iterations: " << e);
      CHECK(e < previous);
      previous = e;
    }
    // Both checked against a direct transcription of the textbook updates: 0.00485 and 0.00650.
    CHECK(previous < (plus ? 0.005 : 0.007));
  }
  CHECK(exploitability_of("kuhn_poker", "cfr(iterations=1000)") < 0.005);
  CHECK(exploitability_of("leduc_poker", "cfr(iterations=200)") < 0.1);
  CHECK(exploitability_of("goofspiel", "cfr(iterations=100)", kSmallGoofspiel) < 0.05);
}

TEST_CASE("exact: a search's visit shares are a policy, and games without the hook refuse") {
  // A search's policy at each set is a distribution; it beats uniform play on Kuhn.
  const double search = exploitability_of("kuhn_poker", "ismcts(iterations=2000)");
  CHECK(search >= 0);
  CHECK(search < 0.458);
  nf::ExploitabilityOptions options;
  options.agent = "random";
  CHECK_THROWS_WITH(nf::measure_exploitability<nf::reference::TicTacToeGame>(options),
                    Catch::Contains("does not enumerate its chance"));
  CHECK_THROWS_WITH(enumerate_game(LeducPokerGame(), 1000),
                    Catch::Contains("too large to enumerate"));
}
