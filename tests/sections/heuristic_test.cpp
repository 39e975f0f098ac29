// The sections heuristic: its weights steer its choices, and it beats random play by a
// margin an exact binomial test cannot attribute to chance.
#include <catch2/catch.hpp>

#include <cmath>

#include "agents/registry.hpp"
#include "core/stats.hpp"
#include "experiments/run/runner.hpp"
#include "games/sections/heuristic.hpp"
#include "tests/sections/helpers.hpp"

using namespace nf;
using namespace nf::sections;
using namespace nf::sections::test;

namespace {

// The heuristic with one weight set and every other weight zero.
Heuristic only(const SectionsGame& game, const std::string& weight, const std::string& value) {
  std::map<std::string, std::string> weights;
  for (const ParamSpec& spec : Heuristic::schema())
    weights.emplace(spec.name, spec.name == weight ? value : "0");
  return Heuristic(game, ParamSet(Heuristic::schema(), weights, "heuristic"));
}

// The heuristic with its defaults but for the weights given.
Heuristic with(const SectionsGame& game, std::map<std::string, std::string> weights) {
  return Heuristic(game, ParamSet(Heuristic::schema(), weights, "heuristic"));
}

// The heuristic as it was before each rule below: the first weights, with `changes`.
Heuristic before(const SectionsGame& game, std::map<std::string, std::string> changes) {
  changes.insert({{"projected", "1"},
                  {"margin", "1"},
                  {"blocking", "1.5"},
                  {"stuck", "0.5"},
                  {"pairs", "0"},
                  {"endgame", "0"}});
  return with(game, changes);
}

// The seat that wins when every seat plays perfectly from `s` (a full search: small positions).
int winner_with_best_play(const SectionsGame& game, const State& s) {
  if (game.is_terminal(s)) return s.winner;
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  int winner = -1;
  for (const Action a : actions) {
    State next = s;
    game.apply(next, a);
    winner = winner_with_best_play(game, next);
    if (winner == s.to_move) break;
  }
  return winner;
}

// The action `h` plays in `s` after the action text, with whether best play then wins for the
// mover; the same for every seed (the heuristic's ties are drawn at random).
std::string chosen(const SectionsGame& game, const Heuristic& h, const State& s) {
  Rng first(1);
  const Action a = h.choose(s, first);
  for (uint64_t seed = 2; seed < 20; ++seed) {
    Rng rng(seed);
    REQUIRE(h.choose(s, rng) == a);
  }
  State next = s;
  game.apply(next, a);
  const bool wins = winner_with_best_play(game, next) == s.to_move;
  return game.action_to_string(s, a) + (wins ? " (wins)" : " (loses)");
}

// The share of `games` games the mover of `s` wins when it plays `a` and `h` plays on for
// every seat (fixed seeds: the same share on every run).
double wins_after(const SectionsGame& game, const Heuristic& h, const State& s, Action a,
                  int games) {
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    State next = s;
    game.apply(next, a);
    Rng rng(uint64_t(1000 + g));
    while (!game.is_terminal(next)) game.apply(next, h.choose(next, rng));
    wins += next.winner == s.to_move;
  }
  return double(wins) / games;
}

// P(X >= k) for X ~ Binomial(n, p): the one-sided p-value of k successes against rate p.
double binomial_upper_tail(int k, int n, double p) {
  double tail = 0;
  for (int i = k; i <= n; ++i)
    tail += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) +
                     i * std::log(p) + (n - i) * std::log1p(-p));
  return tail;
}

}  // namespace

TEST_CASE("sections heuristic: the blocking and stuck weights decide between two entries") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  put(s, "c5", kRed);
  fill_slot(s, "Tb", 0);  // slides to b9 and blocks Bb
  fill_slot(s, "Tc", 0);  // stops on c4 in front of the red
  fill_slot(s, "Bb", 1);
  fill_slot(s, "Bh", 1);
  Rng rng(1);
  CHECK(game.action_to_string(s, only(game, "blocking", "1").choose(s, rng)) == "enter Tb");
  CHECK(game.action_to_string(s, only(game, "blocking", "-1").choose(s, rng)) == "enter Tc");

  // The same line, but the counter in Bb is seat 0's own: the stuck weight avoids it.
  fill_slot(s, "Bb", 0);
  CHECK(game.action_to_string(s, only(game, "stuck", "1").choose(s, rng)) == "enter Tc");
  CHECK(game.action_to_string(s, only(game, "stuck", "-1").choose(s, rng)) == "enter Tb");
}

TEST_CASE("sections heuristic: the sections weight takes a section when it can") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  put(s, "e5", kRed);
  put(s, "d4", 1);
  put(s, "f4", 1);        // blue holds the centre 2-0
  fill_slot(s, "Te", 0);  // stops on e4: 1-2, the centre stays blue
  fill_slot(s, "Tb", 0);  // slides to b9 and takes the empty bottom-left section
  fill_slot(s, "Bh", 1);
  Rng rng(2);
  const Heuristic h = only(game, "sections", "1");
  CHECK(game.action_to_string(s, h.choose(s, rng)) == "enter Tb");
  State after = s;
  play(game, after, "enter Te");
  CHECK(h.evaluate(after, 0) == -1.0);  // no section against one
  CHECK(h.evaluate(after, 1) == 1.0);   // the same, seen by blue
}

TEST_CASE("sections heuristic: the reply weight enters first where the opponent would block") {
  // Yellow's L5 and blue's R5 face each other on an empty row: whoever enters first slides
  // across and blocks the other. One ply sees only that Ba blocks blue's L1 and enters it;
  // blue then blocks L5 and wins. Valued after blue's best reply, L5 comes first.
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  put(s, "d8", kRed);
  fill_slots(s, {"Ba", "L5", "R6"}, 0);
  fill_slots(s, {"Th", "Ti", "L1", "R5"}, 1);
  CHECK(chosen(game, before(game, {{"reply", "0"}, {"threat", "0"}}), s) == "enter Ba (loses)");
  CHECK(chosen(game, with(game, {}), s) == "enter L5 (wins)");
}

TEST_CASE("sections heuristic: the threat weight keeps a counter out of the opponent's reach") {
  // Both first moves block a blue counter: L1 slides to i1 in front of Ti, L7 across row 7
  // in front of R7. After L1, blue's R7 slides to a7 and blocks L7; after L7 no blue counter
  // can reach a1, so L1 still threatens Ti. Counting the counters each seat's next entry could
  // block sees it.
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  fill_slots(s, {"Bb", "Bg", "L1", "L7"}, 0);
  fill_slots(s, {"Tc", "Ti", "R7", "R9"}, 1);
  CHECK(chosen(game, before(game, {{"threat", "0"}}), s) == "enter L1 (loses)");
  CHECK(chosen(game, with(game, {}), s) == "enter L7 (wins)");
}

TEST_CASE("sections heuristic: plies searches past the reply") {
  // Ti slides to the corner i9 and blocks blue's Bi, but also yellow's own R9. After R9 first,
  // blue's Bi slides to i1 and blocks Ti, but then L1 stops on h1 and blocks blue's Th: two
  // plies see only the first exchange, a third sees L1's answer. Best play wins after R9.
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  put(s, "e5", kRed);
  put(s, "f7", kRed);
  put(s, "f5", 1);
  fill_slots(s, {"Ti", "L1", "L3", "R9"}, 0);
  fill_slots(s, {"Th", "Bi"}, 1);
  CHECK(chosen(game, with(game, {}), s) == "enter Ti (loses)");
  CHECK(chosen(game, with(game, {{"plies", "1"}}), s) == "enter R9 (wins)");
}

TEST_CASE("sections heuristic: the reply_place weight values a placement after the next one") {
  // Two slots are left and blue gets the one yellow leaves. A counter in L1 slides along the
  // empty row 1 to the corner i1, the entry cell of blue's R1 and of Ti: from there it threatens
  // two blue counters, while a yellow counter in Ti would face blue's L1. One ply values Ti
  // alone and takes it; after blue's placement L1 is worth more.
  const SectionsGame game = make_game(2);
  const State s = placement_position(game, {"f2", "c3", "g3", "d5", "c6", "h6", "b7", "e7", "g8"},
                                     {"Tb", "Tc", "Td", "Bb", "Bf", "Bg", "Bi", "L2", "L3", "L4",
                                      "L6", "L8", "R2", "R5", "R7", "R8", "R9"},
                                     {"Ta", "Te", "Tf", "Tg", "Th", "Ba", "Bc", "Bd", "Be", "Bh",
                                      "L5", "L7", "L9", "R1", "R3", "R4", "R6"});
  REQUIRE(legal_texts(game, s) == std::vector<std::string>{"place Ti", "place L1"});
  Rng rng(3);
  CHECK(game.action_to_string(
            s, before(game, {{"reply_place", "0"}, {"threat", "1"}}).choose(s, rng)) == "place Ti");
  const Heuristic h = with(game, {});
  CHECK(game.action_to_string(s, h.choose(s, rng)) == "place L1");
  // Played on by the heuristic on both sides, L1 wins nearly every game and Ti nearly none.
  CHECK(wins_after(game, h, s, place_counter(parse_slot("L1")), 64) > 0.9);
  CHECK(wins_after(game, h, s, place_counter(parse_slot("Ti")), 64) < 0.1);
}

TEST_CASE("sections heuristic: the pairs weight keeps a seat from facing itself on a line") {
  // Four slots are left, two for each seat. Row 9 has no red and yellow holds R9: a yellow
  // counter in L9 would face it, and whichever enters first slides to the far corner and
  // shuts the other in, so one of the two is wasted. The projection counts both landing; the
  // pairs weight counts the wasted one and yellow puts its counter in Bi instead. Played on by
  // the heuristic on both sides, Bi wins nearly every game and L9 about a third.
  const SectionsGame game = make_game(2);
  const State s = placement_position(game, {"b2", "h2", "e3", "g4", "d5", "b6", "b7", "g7", "e8"},
                                     {"Tb", "Tc", "Td", "Tf", "Tg", "L1", "L5", "R3", "R4", "R7",
                                      "R9", "Bb", "Bd", "Be", "Bf", "Bh"},
                                     {"Te", "Th", "Ti", "L2", "L3", "L4", "L6", "L7", "L8", "R2",
                                      "R5", "R6", "R8", "Ba", "Bc", "Bg"});
  REQUIRE(legal_texts(game, s) ==
          std::vector<std::string>{"place Ta", "place Bi", "place L9", "place R1"});
  Rng rng(4);
  CHECK(game.action_to_string(s, with(game, {{"pairs", "0"}}).choose(s, rng)) == "place L9");
  const Heuristic h = with(game, {});
  CHECK(game.action_to_string(s, h.choose(s, rng)) == "place Bi");
  CHECK(wins_after(game, h, s, place_counter(parse_slot("Bi")), 64) > 0.9);
  CHECK(wins_after(game, h, s, place_counter(parse_slot("L9")), 64) < 0.5);
}

TEST_CASE("sections heuristic: the endgame search plays the last placements out") {
  // Yellow places the second-last counter, Ta or R1; blue gets the other. Column a and row 1
  // run along the edges and have no red: a counter entering either slides to the far corner
  // and shuts in the two slots there. Ta faces blue's Ba and leaves blue R1, where it faces
  // its own L1 and wastes a counter, which the projection and the pairs weight like. But the
  // corner races of the movement then go blue's way, which only playing the placement out
  // and an entry and its reply into the movement shows: R1 wins. Played on by the heuristic
  // on both sides, R1 wins nearly every game and Ta none.
  const SectionsGame game = make_game(2);
  const State s = placement_position(game, {"g2", "b3", "f3", "e5", "c6", "h6", "b7", "h7", "f8"},
                                     {"Td", "Tf", "R2", "R4", "R5", "R6", "R7", "L3", "L6", "L9",
                                      "Bb", "Bc", "Be", "Bf", "Bg", "Bh", "Bi"},
                                     {"Tb", "Tc", "Te", "Tg", "Th", "Ti", "L1", "L2", "L4", "L5",
                                      "L7", "L8", "R3", "R8", "R9", "Ba", "Bd"});
  REQUIRE(legal_texts(game, s) == std::vector<std::string>{"place Ta", "place R1"});
  Rng rng(5);
  CHECK(game.action_to_string(s, with(game, {{"endgame", "0"}}).choose(s, rng)) == "place Ta");
  const Heuristic h = with(game, {});
  CHECK(game.action_to_string(s, h.choose(s, rng)) == "place R1");
  CHECK(wins_after(game, h, s, place_counter(parse_slot("R1")), 64) > 0.9);
  CHECK(wins_after(game, h, s, place_counter(parse_slot("Ta")), 64) < 0.1);
}

TEST_CASE("sections heuristic: clearly beats random play with 2, 3 and 4 players") {
  // The heuristic takes every seat in turn against random players; an exact one-sided
  // binomial test against its fair share 1/n.
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    std::vector<std::unique_ptr<Agent<SectionsGame>>> agents;
    agents.push_back(make_agent(game, "heuristic"));
    agents.push_back(make_agent(game, "random"));
    const int games = 30 * players;
    int wins = 0;
    for (int g = 0; g < games; ++g) {
      const int heuristic_seat = g % players;
      std::vector<Agent<SectionsGame>*> seats;
      std::vector<Rng> rngs;
      for (int seat = 0; seat < players; ++seat) {
        seats.push_back(agents[seat == heuristic_seat ? 0 : 1].get());
        rngs.emplace_back(derive_seed(99, uint64_t(g), Stream::Agent, uint64_t(seat)));
      }
      const auto played = play_game<SectionsGame>(game, seats, uint64_t(g), rngs);
      wins += played.final_state.winner == heuristic_seat;
    }
    const double fair = 1.0 / players;
    const double p_value = binomial_upper_tail(wins, games, fair);
    const Interval rate = wilson(wins, games);
    INFO(players << " players: heuristic won " << wins << " of " << games << " (fair share " << fair
                 << "), one-sided p = " << p_value);
    CHECK(p_value < 1e-6);
    CHECK(rate.low > fair + 0.15);
  }
}

TEST_CASE("sections heuristic: the exact binomial tail is right") {
  CHECK(binomial_upper_tail(0, 10, 0.3) == Approx(1.0));
  CHECK(binomial_upper_tail(10, 10, 0.5) == Approx(1.0 / 1024));
  CHECK(binomial_upper_tail(9, 10, 0.5) == Approx(11.0 / 1024));
}
