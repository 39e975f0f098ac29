// Realms with agents: the heuristic beats random play (with a significance bound), decides
// only on what its seat sees, follows its named weights; whole games are deterministic
// and replay from their action texts.
#include <catch2/catch.hpp>

#include "agents/registry.hpp"
#include "core/stats.hpp"
#include "experiments/run/runner.hpp"
#include "games/realms/heuristic.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

Heuristic default_heuristic(const RealmsGame& game, std::map<std::string, std::string> args = {}) {
  return Heuristic(game, ParamSet(Heuristic::schema(), args, "heuristic"));
}

PlayedGame<RealmsGame> play(const RealmsGame& game, const std::string& a, const std::string& b,
                            uint64_t seed, std::vector<std::string>* actions = nullptr) {
  auto first = make_agent(game, a), second = make_agent(game, b);
  std::array<Agent<RealmsGame>*, 2> seats = {first.get(), second.get()};
  std::array<Rng, 2> rngs = {Rng(seed * 2 + 1), Rng(seed * 2 + 2)};
  return play_game<RealmsGame>(game, seats, seed, rngs, actions);
}

}  // namespace

TEST_CASE("realms agents: the heuristic beats random play on both maps") {
  for (const char* map : {"vigridr", "crossing"}) {
    const RealmsGame game = make_game({{"seat0_realm", "random"}, {"map", map}});
    RateCounter heuristic_wins;
    for (uint64_t deal = 0; deal < 60; ++deal) {  // each deal played from both seats
      heuristic_wins.add(play(game, "heuristic", "random", deal).returns[0] > 0);
      heuristic_wins.add(play(game, "random", "heuristic", deal).returns[1] > 0);
    }
    INFO(map << ": heuristic won " << heuristic_wins.hits << " of " << heuristic_wins.trials);
    // 95% Wilson interval entirely above 0.9: far beyond chance (a coin would give 0.5).
    CHECK(heuristic_wins.interval().low > 0.9);
  }
}

TEST_CASE("realms agents: the heuristic decides only on what its seat sees") {
  const RealmsGame game = make_game({{"seat0_realm", "random"}});
  const Heuristic heuristic = default_heuristic(game);
  Rng play_rng(1), world_rng(2);
  int decisions = 0;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    State s = game.initial_state(seed);
    while (!game.is_terminal(s)) {
      State world = s;
      game.determinize(world, game.current_player(s), world_rng);
      Rng a(seed * 1000 + uint64_t(decisions)), b = a;
      REQUIRE(heuristic.choose(s, a) == heuristic.choose(world, b));
      game.apply(s, heuristic.choose(s, play_rng));
      ++decisions;
    }
  }
  CHECK(decisions > 1000);
}

TEST_CASE("realms agents: the heuristic focuses fire on the wounded") {
  Scenario sc;
  sc.face_to_face(kThor, kSinfjotli);
  sc.place(kHjordis, "d3");
  sc.s.sides[Norsemen].actions = 0;
  sc.s.figures[kSinfjotli].wounds = 2;
  const Heuristic h = default_heuristic(sc.game);
  sc.play("select Thor");
  Rng rng(1);
  CHECK(sc.game.action_to_string(sc.s, h.choose(sc.s, rng)) == "Thor close-attack Sinfjotli");
  CHECK(h.order_score(sc.s, {Verb::Close, kThor, kSinfjotli, 0}) >
        h.order_score(sc.s, {Verb::Close, kThor, kHjordis, 0}));
  // Without focus on the wounded, the wounded target is still worth more (closer to a
  // kill), but by less.
  const Heuristic no_focus = default_heuristic(sc.game, {{"focus_wounded", "0"}});
  CHECK(h.order_score(sc.s, {Verb::Close, kThor, kSinfjotli, 0}) >
        no_focus.order_score(sc.s, {Verb::Close, kThor, kSinfjotli, 0}));
}

TEST_CASE("realms agents: the heuristic plays a defence card to save its ruler") {
  Scenario sc;
  sc.face_to_face(kOdin, kSinfjotli);
  sc.s.figures[kOdin].wounds = 4;
  sc.end_turn();
  sc.empty_hands();
  sc.give(Aesir, Plus6Defence);
  sc.s.sides[Norsemen].quarry = kThor;
  sc.order("Sinfjotli", "close-attack Odin");
  REQUIRE(sc.s.phase == Phase::Window);
  CHECK(sc.game.deciding_realm(sc.s) == Aesir);
  sc.set_dice({10, 9, 3, 1});  // 23 against 20 kills Odin; +6 makes it 26
  const Heuristic h = default_heuristic(sc.game);
  Rng rng(1);
  CHECK(sc.game.action_to_string(sc.s, h.choose(sc.s, rng)) == "fate +6 defence");
  // With nothing at stake it keeps the card.
  sc.set_dice({3, 2, 1, 1});
  CHECK(sc.game.action_to_string(sc.s, h.choose(sc.s, rng)) == "pass");
}

TEST_CASE("realms agents: the heuristic keeps actions for counterattacks") {
  Scenario sc;
  const Heuristic keep =
      default_heuristic(sc.game, {{"keep_actions", "2"}, {"reserve_value", "5"}});
  const Heuristic spend =
      default_heuristic(sc.game, {{"keep_actions", "0"}, {"reserve_value", "5"}});
  sc.s.sides[Aesir].actions = 2;
  Rng rng(1);
  // Far from the enemy: advancing is worth something, but not a kept action.
  CHECK(keep.choose(sc.s, rng).verb == Verb::EndTurn);
  CHECK(spend.choose(sc.s, rng).verb == Verb::Select);
}

TEST_CASE("realms agents: the heuristic counterattacks and uses its re-roll abilities") {
  Scenario sc;
  sc.face_to_face(kThor, kSigmund);
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Thor", "close-attack Sigmund");
  REQUIRE(sc.s.phase == Phase::Window);
  const Heuristic h = default_heuristic(sc.game);
  Rng rng(1);
  sc.set_dice({12, 12, 12, 12});  // nothing to gain from Battle Born
  CHECK(h.choose(sc.s, rng).verb == Verb::Pass);
  sc.set_dice({2, 2, 1, 1});  // a re-roll of all can only help
  const Action a = h.choose(sc.s, rng);
  CHECK(sc.game.action_to_string(sc.s, a) == "battle born re-roll all");
  CHECK(h.roll_value(sc.s) == 0.0);

  Scenario c;
  c.face_to_face(kThor, kVanguard);
  c.order("Thor", "close-attack Vanguard");
  REQUIRE(c.s.phase == Phase::Counter);
  CHECK(default_heuristic(c.game).choose(c.s, rng).verb == Verb::Counter);
}

TEST_CASE("realms agents: games are deterministic and replay from their action texts") {
  const RealmsGame game = make_game({{"seat0_realm", "random"}});
  for (uint64_t seed = 0; seed < 10; ++seed) {
    std::vector<std::string> first, second;
    const auto a = play(game, "heuristic", "random", seed, &first);
    const auto b = play(game, "heuristic", "random", seed, &second);
    REQUIRE(first == second);
    REQUIRE(game.hash(a.final_state) == game.hash(b.final_state));
    // Replaying the texts from the seed reaches the same final state.
    State s = game.initial_state(seed);
    for (const std::string& text : first) {
      Action action{};
      REQUIRE(find_action_by_text(game, s, text, action));
      game.apply(s, action);
    }
    REQUIRE(game.is_terminal(s));
    CHECK(game.hash(s) == game.hash(a.final_state));
    CHECK(game.returns(s) == a.returns);
  }
  // Different seeds give different games.
  std::vector<std::string> x, y;
  play(game, "random", "random", 1, &x);
  play(game, "random", "random", 2, &y);
  CHECK(x != y);
}

TEST_CASE("realms agents: ismcts and flatmc play whole games reproducibly") {
  const RealmsGame game;
  for (const char* spec : {"ismcts(iterations=20)", "flatmc(iterations=20)"}) {
    std::vector<std::string> first_run, second_run;
    const auto a = play(game, spec, "random", 5, &first_run);
    const auto b = play(game, spec, "random", 5, &second_run);
    CHECK(game.is_terminal(a.final_state));
    CHECK(first_run == second_run);
    CHECK(game.hash(a.final_state) == game.hash(b.final_state));
  }
}

TEST_CASE("realms evaluation: even at the start, for the realm ahead after wounds and blood") {
  Scenario sc;
  const RealmsGame& game = sc.game;
  const Returns<2> start = game.evaluate(sc.s);
  CHECK(start[0] == Approx(0.0).margin(1e-12));  // both realms at full strength, no blood
  CHECK(start[0] == -start[1]);
  // Wounds on the Norse ruler and blood shed by the Aesir: the Aesir (seat 0) lead.
  State ahead = sc.s;
  ahead.figures[size_t(ruler_slot(Norsemen))].wounds = 2;
  ahead.sides[Aesir].blood = 2;
  const Returns<2> lead = game.evaluate(ahead);
  CHECK(lead[0] > 0.3);
  CHECK(lead[0] < 1.0);  // a cut-off is never as sure as a win
  CHECK(lead[1] == -lead[0]);
  // More wounds on the same ruler are worth more.
  State further = ahead;
  ++further.figures[size_t(ruler_slot(Norsemen))].wounds;
  CHECK(game.evaluate(further)[0] > lead[0]);
  // Seats follow the realms: with the Norsemen in seat 0 the same position favours seat 1.
  Scenario swapped(std::map<std::string, std::string>{{"seat0_realm", "norsemen"}});
  State mirrored = swapped.s;
  mirrored.figures[size_t(ruler_slot(Norsemen))].wounds = 2;
  mirrored.sides[Aesir].blood = 2;
  CHECK(swapped.game.evaluate(mirrored)[1] == Approx(lead[0]));
  // A finished game scores as its returns.
  State over = sc.s;
  over.phase = Phase::Over;
  over.winner = Norsemen;
  CHECK(game.evaluate(over) == game.returns(over));
}

TEST_CASE("realms agents: depth-limited searches play whole games reproducibly") {
  const RealmsGame game;
  for (const char* spec : {"ismcts(iterations=20,depth=6)",
                           "flatmc(iterations=20,rollout=heuristic,epsilon=0.2,depth=10)"}) {
    INFO(spec);
    std::vector<std::string> first_run, second_run;
    const auto a = play(game, spec, "heuristic", 7, &first_run);
    play(game, spec, "heuristic", 7, &second_run);
    CHECK(game.is_terminal(a.final_state));
    CHECK(first_run == second_run);
  }
}
