// The heuristic: it clearly beats random play, and its decisions follow its design (a
// Queen redraws when it pays, the last enemy commander is worth a Joker, a safe Ace kills).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "agents/registry.hpp"
#include "core/stats.hpp"
#include "experiments/run/runner.hpp"
#include "games/commanders/heuristic.hpp"
#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;
using namespace nf::commanders::test;

namespace {

Action decide(const Heuristic& h, const State& s) {
  Rng rng(1);
  return h.choose(s, rng);
}

}  // namespace

TEST_CASE("commanders heuristic: beats random play on paired deals") {
  const CommandersGame game;
  const auto heuristic = make_agent(game, "heuristic");
  const auto random = make_agent(game, "random");
  const int deals = 1000;
  double points = 0;
  int games = 0;
  for (int deal = 0; deal < deals; ++deal) {
    const uint64_t deal_seed = derive_seed(31, uint64_t(deal), Stream::Deal);
    for (int heuristic_seat = 0; heuristic_seat < 2; ++heuristic_seat) {  // each deal both ways
      std::array<Agent<CommandersGame>*, 2> seats = {heuristic.get(), random.get()};
      if (heuristic_seat == 1) std::swap(seats[0], seats[1]);
      std::array<Rng, 2> rngs = {Rng(derive_seed(31, uint64_t(deal), Stream::Agent, 0)),
                                 Rng(derive_seed(31, uint64_t(deal), Stream::Agent, 1))};
      const auto played = play_game<CommandersGame>(game, seats, deal_seed, rngs);
      const auto results = seat_results(played.returns, 2);
      points += results[heuristic_seat] == SeatResult::Win    ? 1.0
                : results[heuristic_seat] == SeatResult::Draw ? 0.5
                                                              : 0.0;
      ++games;
    }
  }
  const Interval score = wilson(points, games);
  INFO("heuristic scores " << score.estimate << " [" << score.low << ", " << score.high << "]");
  CHECK(score.low > 0.5);
  CHECK(score.estimate > 0.65);  // it scores about 0.75: a drop this far is a regression
}

TEST_CASE("commanders heuristic: keeps its named parameters") {
  std::set<std::string> names;
  for (const ParamSpec& spec : Heuristic::schema()) names.insert(spec.name);
  for (const char* name : {"king", "queen", "jack", "ace", "joker", "aggression", "temperature",
                           "redraw_margin", "win_value"})
    CHECK(names.count(name) == 1);
}

TEST_CASE("commanders heuristic: a Queen redraws when losing, stops when winning") {
  const CommandersGame game;
  const Heuristic h = heuristic_with(game, {});
  SECTION("the rulebook's example: 3 against the Jack's 6, redraw") {
    State s = make_state(make_side("K J", "", {6}), make_side("K Q", "", {3, 6, 4}));
    play_round(game, s, Jack, Queen);
    CHECK(decide(h, s) == Action::Redraw);
  }
  SECTION("10 against the Jack's 6: stop") {
    State s = make_state(make_side("K J", "", {6}), make_side("K Q", "", {10}));
    play_round(game, s, Jack, Queen);
    CHECK(decide(h, s) == Action::Stop);
  }
  SECTION("a redraw_margin above any gain never redraws") {
    const Heuristic cautious = heuristic_with(game, {{"redraw_margin", "5"}});
    State s = make_state(make_side("K J", "", {6}), make_side("K Q", "", {3, 6, 4}));
    play_round(game, s, Jack, Queen);
    CHECK(decide(cautious, s) == Action::Stop);
  }
}

TEST_CASE(
    "commanders heuristic: the last enemy commander is worth the Joker when win_value says so") {
  const CommandersGame game;
  // Seat 1 has one Jack left: the Joker wins for sure, a King only most of the time.
  const State s = make_state(make_side("K J Joker"), make_side("J"));
  CHECK(decide(heuristic_with(game, {{"win_value", "5"}}), s) == Action::PlayJoker);
  CHECK(decide(heuristic_with(game, {{"win_value", "0"}}), s) == Action::PlayKing);
}

TEST_CASE("commanders heuristic: an Ace that cannot die assassinates") {
  const CommandersGame game;
  // No enemy Joker or Ace is left: the Ace kills a castle card and comes home.
  const State s = make_state(make_side("K Q J A"), make_side("K Q J J"));
  const Heuristic h = heuristic_with(game, {});
  CHECK(decide(h, s) == Action::PlayAce);
  CHECK(h.play_score(s, 0, Ace) > 0);
}

TEST_CASE("commanders heuristic: temperature turns the best play into a spread") {
  const CommandersGame game;
  const State s = game.initial_state(4);
  const Heuristic greedy = heuristic_with(game, {{"mix", "false"}});
  const Heuristic soft = heuristic_with(game, {{"temperature", "2"}});
  std::set<Action> greedy_plays, soft_plays;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Rng a(seed), b(seed);
    greedy_plays.insert(greedy.choose(s, a));
    soft_plays.insert(soft.choose(s, b));
  }
  CHECK(greedy_plays.size() == 1);
  CHECK(soft_plays.size() >= 3);
}

TEST_CASE("commanders heuristic: mix samples the battle's equilibrium, not a fixed play") {
  // A battle is a simultaneous choice. With mix=false the heuristic plays its best reply to a
  // uniform opponent every time (a search that models it meets its opening Joker with a Jack);
  // the default samples the equilibrium of the battle's matrix game. The opening's equilibrium
  // is the Joker alone (it trades the cheapest card for any other): both play it. Later, in
  // heuristic games, the mixed choice is spread where the fixed one is not.
  const CommandersGame game;
  const Heuristic fixed = heuristic_with(game, {{"mix", "false"}});
  const Heuristic mixed = heuristic_with(game, {});
  auto plays = [](const Heuristic& h, const State& s) {
    std::set<Action> seen;
    for (uint64_t seed = 0; seed < 200; ++seed) {
      Rng rng(seed);
      seen.insert(h.choose(s, rng));
    }
    return seen;
  };
  const State opening = game.initial_state(4);
  CHECK(plays(fixed, opening) == std::set<Action>{Action(Joker)});
  CHECK(plays(mixed, opening) == std::set<Action>{Action(Joker)});
  // A saddle point is played as it is: iterating regret matching would leave its first,
  // uniform rounds in the average, and another card now and then.
  int other = 0;
  for (uint64_t seed = 0; seed < 20000; ++seed) {
    Rng rng(seed);
    other += mixed.choose(opening, rng) != Action(Joker);
  }
  CHECK(other == 0);
  int choices = 0, spread = 0;
  for (uint64_t deal = 0; deal < 20; ++deal) {
    State s = game.initial_state(deal);
    Rng rng(deal);
    while (!game.is_terminal(s)) {
      if (s.phase == Phase::Choose) {
        ++choices;
        CHECK(plays(fixed, s).size() <= 2);  // ties are broken at random
        spread += plays(mixed, s).size() >= 2;
      }
      game.apply(s, fixed.choose(s, rng));
    }
  }
  // Most battles have a saddle point (a pure equilibrium, played as it is); about a sixth of
  // these games' choices have none and are spread.
  CHECK(spread > choices / 10);
}
