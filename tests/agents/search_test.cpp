#include <catch2/catch.hpp>

#include "agents/search/bandits.hpp"
#include "agents/search/game_defaults.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/realms/heuristic.hpp"
#include "games/realms/realms.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"
#include "games/sections/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/sections/sections.hpp"
#include "tests/agents/helpers.hpp"

using nf::reference::TicTacToeGame;

namespace {

// The game-theoretic value of a tic-tac-toe position for seat 0 (x): +1, 0 or -1.
int minimax(const TicTacToeGame& game, const TicTacToeGame::State& s) {
  if (game.is_terminal(s)) return int(game.returns(s)[0]);
  nf::ActionList<TicTacToeGame> actions;
  game.legal_actions(s, actions);
  int best = s.to_move == 0 ? -2 : 2;
  for (auto a : actions) {
    auto next = s;
    game.apply(next, a);
    const int v = minimax(game, next);
    best = s.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

}  // namespace

TEST_CASE("mcts on tic_tac_toe never loses to random play and draws against itself") {
  const TicTacToeGame game;
  auto mcts = nf::make_agent(game, "mcts(iterations=3000)");
  auto random = nf::make_agent(game, "random");
  for (uint64_t seed = 0; seed < 40; ++seed) {
    const auto as_x = nf::testing::play<TicTacToeGame>(game, {mcts.get(), random.get()}, seed);
    const auto as_o = nf::testing::play<TicTacToeGame>(game, {random.get(), mcts.get()}, seed);
    CHECK(as_x[0] >= 0);
    CHECK(as_o[1] >= 0);
  }
  auto other = nf::make_agent(game, "mcts(iterations=3000)");
  for (uint64_t seed = 0; seed < 20; ++seed)
    CHECK(nf::testing::play<TicTacToeGame>(game, {mcts.get(), other.get()}, seed)[0] == 0);
}

TEST_CASE("mcts on tic_tac_toe keeps every forced win against the best defence") {
  const TicTacToeGame game;
  auto mcts = nf::make_agent(game, "mcts(iterations=4000)");
  // Positions where the player to move can force a win: x wins now, x's corner opening
  // answered on the adjacent edge (a win in three by a fork), o wins now.
  for (const char* board : {"xx.oo....", "xo.......", "xx.oo.x.."}) {
    auto s = game.from_text(board);
    const int winner = s.to_move;
    REQUIRE(minimax(game, s) == (winner == 0 ? 1 : -1));
    nf::Rng rng(7);
    while (!game.is_terminal(s)) {
      if (s.to_move == winner) {
        game.apply(s, mcts->act(s, rng));
        INFO("after mcts on " << board << ":\n" << game.render(s));
        REQUIRE(minimax(game, s) == (winner == 0 ? 1 : -1));
      } else {  // the defender plays a drawing move if one existed
        nf::ActionList<TicTacToeGame> actions;
        game.legal_actions(s, actions);
        auto best = actions[0];
        for (auto a : actions) {
          auto next = s;
          game.apply(next, a);
          if (minimax(game, next) == 0) best = a;
        }
        game.apply(s, best);
      }
    }
    CHECK(game.returns(s)[size_t(winner)] == 1);
  }
}

TEST_CASE("mcts refuses hidden-information games unless told to see the hidden state") {
  const nf::commanders::CommandersGame game;
  CHECK_THROWS_WITH(nf::make_agent(game, "mcts"),
                    Catch::Contains("hides information") && Catch::Contains("see_hidden=true"));
  auto cheat = nf::make_agent(game, "mcts(iterations=200,see_hidden=true)");
  nf::Rng rng(1);
  const auto s = game.initial_state(3);
  nf::ActionList<nf::commanders::CommandersGame> legal;
  game.legal_actions(s, legal);
  CHECK(legal.contains(cheat->act(s, rng)));
}

TEST_CASE("rollout options need the game's heuristic or evaluation") {
  const TicTacToeGame ttt;
  CHECK_THROWS_WITH(nf::make_agent(ttt, "ismcts(rollout=heuristic)"),
                    Catch::Contains("no heuristic"));
  CHECK_THROWS_WITH(nf::make_agent(ttt, "flatmc(depth=3)"), Catch::Contains("no evaluation"));
  CHECK_THROWS_WITH(nf::make_agent(ttt, "ismcts(trees=xo)"), Catch::Contains("trees"));
  CHECK_THROWS_WITH(nf::make_agent(ttt, "ismcts(epsilon=0.1)"), Catch::Contains("epsilon"));
  CHECK_THROWS_WITH(nf::make_agent(ttt, "mcts(prior=1)"), Catch::Contains("prior"));
  CHECK_THROWS_WITH(nf::make_agent(ttt, "ismcts(grade=0.2)"), Catch::Contains("graded outcome"));
  const nf::reference::GoofspielGame goofspiel;
  auto cut = nf::make_agent(goofspiel, "ismcts(iterations=300,depth=2)");
  CHECK(cut->spec() == "ismcts(iterations=300,depth=2)");
  nf::Rng rng(2);
  const auto s = goofspiel.initial_state(5);
  nf::ActionList<nf::reference::GoofspielGame> legal;
  goofspiel.legal_actions(s, legal);
  CHECK(legal.contains(cut->act(s, rng)));
  // A time budget still returns a legal move.
  auto timed = nf::make_agent(goofspiel, "ismcts(ms=5)");
  CHECK(legal.contains(timed->act(s, rng)));
}

TEST_CASE(
    "epsilon-greedy heuristic rollouts: 0 is the plain heuristic, more mixes in random moves") {
  // Root statistics of flatmc on commanders: identical rollouts give identical statistics.
  const nf::commanders::CommandersGame game;
  auto state = game.initial_state(11);
  game.apply(state, nf::commanders::Action::PlayJack);
  const auto stats = [&](const std::string& spec) {
    auto agent = nf::make_agent(game, spec);
    nf::Rng rng(42);
    agent->act(state, rng);
    return nf::testing::root_visits(game, *agent, state);
  };
  CHECK(stats("flatmc(iterations=400,rollout=heuristic,epsilon=0)") ==
        stats("flatmc(iterations=400,rollout=heuristic)"));
  const auto greedy = stats("flatmc(iterations=400,rollout=heuristic)");
  const auto mixed = stats("flatmc(iterations=400,rollout=heuristic,epsilon=0.3)");
  const auto random = stats("flatmc(iterations=400)");
  CHECK(mixed != greedy);
  CHECK(mixed != random);
}

TEST_CASE("progressive bias: the favoured arm gets bias / (visits + 1), fading with visits") {
  struct Arm {
    double mean;
    uint32_t visits, available;
  };
  const auto arm = [](double mean, uint32_t visits) { return Arm{mean, visits, 100}; };
  // Equal visits: UCB picks the higher mean.
  nf::search::Ucb<true> plain(0.7, 0.7 * nf::search::sqrt_log(100));
  plain.add(0, arm(0.50, 9));
  plain.add(1, arm(0.45, 9));
  CHECK(plain.best == 0);
  // A bias of 1 on arm 1 adds 1/10 = 0.1 > 0.05: arm 1.
  nf::search::Ucb<true> biased(0.7, 0.7 * nf::search::sqrt_log(100));
  biased.favoured = 1, biased.bias = 1;
  biased.add(0, arm(0.50, 9));
  biased.add(1, arm(0.45, 9));
  CHECK(biased.best == 1);
  CHECK(biased.best_value == Approx(0.45 + 0.7 * std::sqrt(std::log(100.0)) / 3 + 0.1));
  // With 99 visits each the bias is 1/100 < 0.05: the statistics win again.
  nf::search::Ucb<true> faded(0.7, 0.7 * nf::search::sqrt_log(1000));
  faded.favoured = 1, faded.bias = 1;
  faded.add(0, arm(0.50, 99));
  faded.add(1, arm(0.45, 99));
  CHECK(faded.best == 0);
}

TEST_CASE("a heuristic prior is tried first and pulls visits toward the heuristic's move") {
  // With one iteration the only root arm tried is the heuristic's move; the commanders
  // heuristic at the first decision plays the same card whatever its rng.
  const nf::commanders::CommandersGame game;
  const auto state = game.initial_state(11);
  const nf::commanders::Heuristic heuristic(
      game, nf::ParamSet(nf::commanders::Heuristic::schema(), {}, "heuristic"));
  nf::Rng h1(1), h2(2);
  const auto expected = heuristic.choose(state, h1);
  REQUIRE(heuristic.choose(state, h2) == expected);
  auto agent = nf::make_agent(game, "ismcts(iterations=1,prior=1)");
  nf::Rng rng(5);
  agent->act(state, rng);
  for (const auto& [move, n, reward] : nf::testing::root_visits(game, *agent, state))
    CHECK(n == (move == game.action_to_string(state, expected) ? 1u : 0u));
  // A bias that dominates the exploration term keeps most visits on that move.
  const auto visits_of_expected = [&](const std::string& spec) {
    auto a = nf::make_agent(game, spec);
    nf::Rng r(5);
    a->act(state, r);
    for (const auto& [move, n, reward] : nf::testing::root_visits(game, *a, state))
      if (move == game.action_to_string(state, expected)) return n;
    return uint64_t{0};
  };
  CHECK(visits_of_expected("ismcts(iterations=400,prior=100)") > 200);
  // rollout=heuristic(...) gives the heuristic its parameters, the prior's included: with the
  // Joker worth 10 the heuristic opens with another card, and the search tries that one.
  const nf::commanders::Heuristic rich(
      game, nf::ParamSet(nf::commanders::Heuristic::schema(), {{"joker", "10"}}, "heuristic"));
  nf::Rng h3(1);
  const auto rich_move = rich.choose(state, h3);
  REQUIRE(rich_move != expected);
  auto tuned = nf::make_agent(game, "ismcts(iterations=1,prior=1,rollout=heuristic(joker=10))");
  nf::Rng r(5);
  tuned->act(state, r);
  for (const auto& [move, n, reward] : nf::testing::root_visits(game, *tuned, state))
    CHECK(n == (move == game.action_to_string(state, rich_move) ? 1u : 0u));
}

TEST_CASE("rollout=heuristic(...) takes the heuristic's parameters, and names a wrong one") {
  const nf::commanders::CommandersGame game;
  const auto agent = nf::make_agent(game, "ismcts(rollout=heuristic(mix=true,joker=2))");
  CHECK(agent->spec() == "ismcts(rollout=heuristic(mix=true,joker=2))");
  CHECK(nf::make_agent(game, "flatmc(rollout=heuristic(mix=true))").get() != nullptr);
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=heuristic(nope=1))"),
                    Catch::Contains("nope"));
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=heuristic(joker=abc))"),
                    Catch::Contains("joker"));
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=random(mix=true))"),
                    Catch::Contains("random rollouts take no parameters"));
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=greedy)"),
                    Catch::Contains("expected 'random' or 'heuristic'"));
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=heuristic(mix=true)"),
                    Catch::Contains("rollout"));
}

TEST_CASE("the default ismcts uses the heuristic and the evaluation a game has") {
  using nf::search::Rollout;
  const auto defaults = [](auto game_tag) {
    using G = decltype(game_tag);
    const auto d = nf::search::game_defaults<G>();
    const auto schema = nf::search::search_schema(nf::search::Variant::SingleObserver, false, d);
    return nf::search::search_config(nf::ParamSet(schema, {}, "ismcts"),
                                     nf::search::Variant::SingleObserver, false, d);
  };
  // No heuristic, no evaluation: random rollouts to the end, no prior.
  const auto plain = defaults(TicTacToeGame{});
  CHECK(plain.iterations == 1000);
  CHECK(plain.rollout == Rollout::Random);
  CHECK(plain.prior == 0);
  CHECK(plain.depth == 0);
  // An evaluation alone (goofspiel) changes nothing: cut-offs are for slow heuristic rollouts.
  CHECK(defaults(nf::reference::GoofspielGame{}).depth == 0);
  // A heuristic: epsilon-greedy heuristic rollouts and a progressive bias toward its move.
  const auto commanders = defaults(nf::commanders::CommandersGame{});
  CHECK(commanders.iterations == 1000);
  CHECK(commanders.rollout == Rollout::Heuristic);
  CHECK(commanders.epsilon == 0.1);
  CHECK(commanders.prior == 5);
  CHECK(commanders.depth == 0);
  // A heuristic, a shipped value model and costly iterations (realms): cut-offs at the game's
  // depth scored by the value model, and fewer iterations.
  const auto realms = defaults(nf::realms::RealmsGame{});
  CHECK(realms.iterations == nf::realms::RealmsGame::kSearchIterations);
  CHECK(realms.rollout == Rollout::Heuristic);
  CHECK(realms.depth == nf::realms::RealmsGame::kSearchDepth);
  CHECK(realms.evaluation == nf::search::Evaluation::Learned);
  CHECK(realms.weights == "shipped");
  // Features without a shipped model (commanders) leave the evaluation alone.
  CHECK(commanders.evaluation == nf::search::Evaluation::Game);
  // Asking for random rollouts drops the default epsilon; an epsilon asked for is refused.
  const nf::commanders::CommandersGame game;
  CHECK(nf::make_agent(game, "ismcts").get() != nullptr);
  CHECK(nf::make_agent(game, "ismcts(rollout=random)")->spec() == "ismcts(rollout=random)");
  CHECK_THROWS_WITH(nf::make_agent(game, "ismcts(rollout=random,epsilon=0.2)"),
                    Catch::Contains("epsilon"));
}

TEST_CASE("the default mcts searches the iterations a game declares") {
  // Sections declares 4000 (its random-rollout search kept winning with every doubling);
  // tic-tac-toe keeps 1000. Every iteration passes through the root.
  CHECK(nf::search::mcts_defaults<TicTacToeGame>().iterations == 1000);
  const nf::sections::SectionsGame game;
  const auto root_total = [&](const std::string& spec) {
    auto agent = nf::make_agent(game, spec);
    const auto state = game.initial_state(3);
    nf::Rng rng(4);
    agent->act(state, rng);
    uint64_t total = 0;
    for (const auto& [move, n, reward] : nf::testing::root_visits(game, *agent, state)) total += n;
    return total;
  };
  CHECK(root_total("mcts") == nf::sections::SectionsGame::kMctsIterations);
  CHECK(nf::sections::SectionsGame::kMctsIterations == 4000);
  CHECK(root_total("mcts(iterations=10)") == 10);
}

TEST_CASE("progressive widening: a node tries another move only while tried < visits^widen") {
  // Commanders' first decision has five moves. widen=0.5 adds the second move once the first
  // has 2 visits (1 < sqrt 2) and the third at 5 (2 < sqrt 5): 4 iterations try 2 root
  // moves and 10 try 3, where plain selection tries a new move every iteration until all five
  // are tried.
  const nf::commanders::CommandersGame game;
  const auto state = game.initial_state(11);
  const auto tried = [&](const std::string& spec) {
    auto agent = nf::make_agent(game, spec);
    nf::Rng rng(3);
    agent->act(state, rng);
    int n = 0;
    for (const auto& [move, visits, reward] : nf::testing::root_visits(game, *agent, state))
      n += visits > 0;
    return n;
  };
  CHECK(tried("ismcts(iterations=4,prior=0,widen=0.5)") == 2);
  CHECK(tried("ismcts(iterations=10,prior=0,widen=0.5)") == 3);
  CHECK(tried("ismcts(iterations=4,prior=0)") == 4);
  CHECK(tried("ismcts(iterations=10,prior=0)") == 5);
  // Widening keeps every visit on tried moves: the visits still add up.
  auto agent = nf::make_agent(game, "ismcts(iterations=500,widen=0.3)");
  nf::Rng rng(3);
  agent->act(state, rng);
  uint64_t total = 0;
  for (const auto& [move, visits, reward] : nf::testing::root_visits(game, *agent, state))
    total += visits;
  CHECK(total == 500);
}

TEST_CASE("a seed gives the same decision and visit counts - another seed other counts") {
  const nf::commanders::CommandersGame game;
  auto state = game.initial_state(11);
  game.apply(state, nf::commanders::Action::PlayJack);  // seat 1 to choose, unseen card
  for (const char* spec :
       {"ismcts(iterations=600)", "ismcts(iterations=600,trees=mo,sim=rm)",
        "ismcts(iterations=600,sim=exp3,threads=3)", "flatmc(iterations=600,threads=2)",
        "ismcts(iterations=600,prior=1,rollout=heuristic,epsilon=0.1)",
        "ismcts(iterations=600,widen=0.4)", "mcts(iterations=600,see_hidden=true,threads=2)"}) {
    INFO(spec);
    auto a = nf::make_agent(game, spec);
    auto b = nf::make_agent(game, spec);
    nf::Rng rng_a(42), rng_b(42), rng_c(43);
    const auto first = a->act(state, rng_a);
    const auto visits = nf::testing::root_visits(game, *a, state);
    CHECK(b->act(state, rng_b) == first);
    CHECK(nf::testing::root_visits(game, *b, state) == visits);
    uint64_t total = 0;
    for (const auto& [move, n, reward] : visits) total += n;
    CHECK(total == 600);
    a->act(state, rng_c);
    CHECK(nf::testing::root_visits(game, *a, state) != visits);
    // The agent is reusable: searching again with the first seed repeats the first search.
    nf::Rng again(42);
    CHECK(a->act(state, again) == first);
    CHECK(nf::testing::root_visits(game, *a, state) == visits);
  }
}

TEST_CASE("ismcts plays every reference game and n-player variants to the end") {
  const nf::reference::LeducPokerGame leduc(
      nf::ParamSet(nf::reference::LeducPokerGame::config_schema(), {{"players", "3"}}, "leduc"));
  auto so = nf::make_agent(leduc, "ismcts(iterations=200)");
  auto mo = nf::make_agent(leduc, "ismcts(iterations=200,trees=mo)");
  auto flat = nf::make_agent(leduc, "flatmc(iterations=100)");
  for (uint64_t seed = 0; seed < 10; ++seed) {
    const auto r = nf::testing::play<nf::reference::LeducPokerGame>(
        leduc, {so.get(), mo.get(), flat.get()}, seed);
    CHECK(r[0] + r[1] + r[2] == Approx(0).margin(1e-9));
  }
  const nf::reference::GoofspielGame goofspiel(
      nf::ParamSet(nf::reference::GoofspielGame::config_schema(),
                   {{"imp_info", "true"}, {"num_cards", "6"}}, "goofspiel"));
  auto rm = nf::make_agent(goofspiel, "ismcts(iterations=200,trees=mo,sim=rm)");
  auto exp3 = nf::make_agent(goofspiel, "ismcts(iterations=200,sim=exp3)");
  for (uint64_t seed = 0; seed < 10; ++seed)
    nf::testing::play<nf::reference::GoofspielGame>(goofspiel, {rm.get(), exp3.get()}, seed);
}
