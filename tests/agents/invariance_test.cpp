// The test that proves the search agents do not cheat: for two states that differ only in
// what the deciding seat cannot see, the decision and the root visit counts are identical.
#include <catch2/catch.hpp>

#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "tests/agents/helpers.hpp"

namespace {

const std::vector<std::string> kSpecs = {
    "ismcts(iterations=400)",        "ismcts(iterations=400,trees=mo)",
    "ismcts(iterations=400,sim=rm)", "ismcts(iterations=400,trees=mo,sim=exp3,threads=2)",
    "flatmc(iterations=300)",
};

// Same decision and visit counts for the seat to move in `a` and in `b`.
template <nf::Game G>
void check_invariant(const G& game, const typename G::State& a, const typename G::State& b) {
  const int seat = game.current_player(a);
  REQUIRE(game.current_player(b) == seat);
  REQUIRE(game.observation(a, seat) == game.observation(b, seat));
  REQUIRE(game.hash(a) != game.hash(b));
  for (const auto& spec : kSpecs) {
    INFO(G::kId << " " << spec << "\n" << game.render(a) << "versus\n" << game.render(b));
    auto agent = nf::make_agent(game, spec);
    nf::Rng rng_a(5), rng_b(5);
    const auto move_a = agent->act(a, rng_a);
    const auto visits_a = nf::testing::root_visits(game, *agent, a);
    const auto move_b = agent->act(b, rng_b);
    CHECK(move_a == move_b);
    CHECK(nf::testing::root_visits(game, *agent, b) == visits_a);
  }
}

}  // namespace

TEST_CASE("invariance: commanders - opponent's face-down card, troop deck orders, rng seed") {
  using namespace nf::commanders;
  const CommandersGame game;
  nf::Rng rng(3);
  const nf::RandomPolicy<CommandersGame> random(game);
  int checked = 0;
  for (uint64_t seed = 0; checked < 6; ++seed) {
    auto s = game.initial_state(seed);
    for (int i = 0, n = int(rng.below(12)); i < n && !game.is_terminal(s); ++i)
      game.apply(s, random.choose(s, rng));
    if (game.is_terminal(s) || s.phase != Phase::Choose) continue;
    if (s.to_move == 0)
      game.apply(s, random.choose(s, rng));  // seat 1 chooses, seat 0's card unseen
    if (game.is_terminal(s) || s.phase != Phase::Choose || s.to_move != 1) continue;
    auto other = s;
    // Seat 0's face-down card becomes another from its castle, if it has another type.
    const Commander played = other.choice[0];
    for (int c = 0; c < kCommanderTypes; ++c)
      if (c != played && other.sides[0].castle[c] > 0) {
        ++other.sides[0].castle[played];
        --other.sides[0].counters.played[played];
        --other.sides[0].castle[c];
        ++other.sides[0].counters.played[c];
        other.choice[0] = Commander(c);
        break;
      }
    for (Side& side : other.sides) rng.shuffle(side.deck.span());
    other.rng.reseed(rng.next());
    check_invariant(game, s, other);
    ++checked;
  }
}

TEST_CASE("invariance: kuhn and leduc poker - the opponents' cards and the rng seed") {
  const nf::reference::KuhnPokerGame kuhn;
  auto k = kuhn.deal({0, 1});
  auto k2 = kuhn.deal({0, 2}, 99);
  check_invariant(kuhn, k, k2);
  const nf::reference::LeducPokerGame leduc;
  auto l = leduc.initial_state(1);
  leduc.apply(l, nf::reference::LeducPokerGame::Action::Raise);  // seat 1 to act
  auto l2 = l;
  l2.card[0] = l.card[0] == 5 ? 4 : 5;
  if (l2.card[0] == l.card[1]) l2.card[0] = 3;
  l2.rng.reseed(1234);
  check_invariant(leduc, l, l2);
}

TEST_CASE("invariance: goofspiel with hidden bids - the opponent's bid history") {
  const nf::reference::GoofspielGame game(nf::ParamSet(
      nf::reference::GoofspielGame::config_schema(),
      {{"num_cards", "6"}, {"imp_info", "true"}, {"points_order", "ascending"}}, "goofspiel"));
  // Seat 1 bid 1 and 2; seat 0 won both turns with 6 then 5, or with 4 then 3.
  auto a = game.initial_state(1);
  for (int bid : {6, 1, 5, 2}) game.apply(a, uint8_t(bid - 1));
  auto b = game.initial_state(2);
  for (int bid : {4, 1, 3, 2}) game.apply(b, uint8_t(bid - 1));
  game.apply(a, 0);  // this turn seat 0 bids 1 in one world and 2 in the other
  game.apply(b, 1);
  check_invariant(game, a, b);
}
