// Hidden information: determinize keeps what the observer has seen, resamples what it has
// not (deck orders, seat 0's face-down card) and reseeds the rng; the heuristic decides
// only on what its seat sees.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "games/commanders/heuristic.hpp"
#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;
using namespace nf::commanders::test;

namespace {

// States met in random games, in every phase: about `per_game` from each of `games` games.
std::vector<State> sample_states(const CommandersGame& game, int games, int per_game = 6) {
  const RandomPolicy<CommandersGame> random(game);
  std::vector<State> out;
  for (int g = 0; g < games; ++g) {
    Rng rng(derive_seed(21, uint64_t(g), Stream::Agent));
    State s = game.initial_state(derive_seed(21, uint64_t(g), Stream::Deal));
    std::vector<State> seen;
    while (!game.is_terminal(s)) {
      seen.push_back(s);
      game.apply(s, random.choose(s, rng));
    }
    for (int k = 0; k < per_game; ++k) out.push_back(seen[rng.below(uint32_t(seen.size()))]);
  }
  return out;
}

std::vector<int> deck_of(const State& s, int seat) { return cards_of(s.sides[seat].deck.span()); }

}  // namespace

TEST_CASE("commanders determinize: the observer's view is unchanged and the state stays legal") {
  const CommandersGame game;
  Rng rng(5);
  int phases_seen[3] = {};
  for (const State& s : sample_states(game, 300)) {
    ++phases_seen[int(s.phase)];
    for (int observer = 0; observer < 2; ++observer) {
      State world = s;
      game.determinize(world, observer, rng);
      INFO("observer " << observer << "\n" << game.render(s));
      REQUIRE(game.observation(world, observer) == game.observation(s, observer));
      REQUIRE(broken_invariant(game, world).empty());
      CHECK(game.current_player(world) == game.current_player(s));
      // Public piles and the battle stay exactly as they were.
      for (int p = 0; p < 2; ++p) {
        CHECK(cards_of(world.sides[p].used.span()) == cards_of(s.sides[p].used.span()));
        CHECK(graveyard_of(world.sides[p]) == graveyard_of(s.sides[p]));
      }
    }
  }
  CHECK(phases_seen[int(Phase::Choose)] > 100);
  CHECK(phases_seen[int(Phase::QueenRedraw)] > 20);
}

TEST_CASE("commanders determinize: what nobody has seen, the deck orders, is resampled") {
  const CommandersGame game;
  const State s = game.initial_state(9);
  for (int observer = 0; observer < 2; ++observer) {
    std::set<std::vector<int>> orders0, orders1;
    Rng rng(uint64_t(observer + 1));
    for (int k = 0; k < 50; ++k) {
      State world = s;
      game.determinize(world, observer, rng);
      orders0.insert(deck_of(world, 0));
      orders1.insert(deck_of(world, 1));
    }
    CHECK(orders0.size() == 50);
    CHECK(orders1.size() == 50);
    CHECK_FALSE(orders0.count(deck_of(s, 0)));
  }
}

TEST_CASE("commanders determinize: seat 1 choosing does not know seat 0's face-down card") {
  const CommandersGame game;
  State s = make_state(make_side("K Q J A A Joker"), make_side("K Q J"));
  act(game, s, "Q");
  REQUIRE(game.current_player(s) == 1);
  Rng rng(3);
  std::set<int> choices;
  for (int k = 0; k < 200; ++k) {
    State world = s;
    game.determinize(world, 1, rng);
    choices.insert(world.choice[0]);
    // The face-down card and the castle together are the castle seat 1 saw.
    auto castle = world.sides[0].castle;
    ++castle[world.choice[0]];
    CHECK(castle == castle_of("K Q J A A Joker"));
  }
  CHECK(choices == std::set<int>{King, Queen, Jack, Ace, Joker});
  // Seat 0 knows its own card.
  for (int k = 0; k < 50; ++k) {
    State world = s;
    game.determinize(world, 0, rng);
    CHECK(world.choice[0] == Queen);
    CHECK(world.sides[0].castle == castle_of("K J A A Joker"));
  }
  // In a battle both cards are face up: nobody resamples them.
  State battle = make_state(make_side("Q J", "", {2}), make_side("K Q", "", {8}));
  play_round(game, battle, Queen, King);
  REQUIRE(battle.phase == Phase::QueenRedraw);
  for (int observer = 0; observer < 2; ++observer) {
    State world = battle;
    game.determinize(world, observer, rng);
    CHECK(world.choice[0] == Queen);
    CHECK(world.choice[1] == King);
  }
}

TEST_CASE("commanders determinize: the rng is reseeded, so future chance differs") {
  const CommandersGame game;
  // Seat 0 has played an Ace and knows it: whom the Ace will pick once seat 1 plays a King is
  // the only thing left to chance, and a search must not foresee it.
  State s = make_state(make_side("K Q J A"), make_side("K K Q Q J J Joker"));
  act(game, s, "A");
  Rng rng(17);
  std::set<uint64_t> fingerprints;
  std::set<int> victims;
  for (int k = 0; k < 100; ++k) {
    State world = s;
    game.determinize(world, 0, rng);
    CHECK(world.rng != s.rng);
    fingerprints.insert(world.rng.fingerprint());
    act(game, world, "K");
    victims.insert(world.sides[1].graveyard.back());
  }
  CHECK(fingerprints.size() == 100);
  CHECK(victims == std::set<int>{King, Queen, Jack, Joker});
  // Without determinize the same state always gives the same pick.
  std::set<int> fixed;
  for (int k = 0; k < 20; ++k) {
    State copy = s;
    act(game, copy, "K");
    fixed.insert(copy.sides[1].graveyard.back());
  }
  CHECK(fixed.size() == 1);
}

// ---------------------------------------------------------------------------------------
// The heuristic sees only its seat's view

TEST_CASE("commanders heuristic: same decision in states its seat cannot tell apart") {
  const CommandersGame game;
  const std::map<std::string, std::string> mixed, fixed = {{"mix", "false"}},
                                                  soft = {{"temperature", "1"}};
  for (const auto& params : {mixed, fixed, soft}) {
    INFO("mix " << !params.count("mix") << ", temperature " << params.count("temperature"));
    const Heuristic h = heuristic_with(game, params);
    Rng rng(8);
    int hidden_choice_varied = 0, decks_varied = 0, decisions = 0;
    for (const State& s : sample_states(game, 300)) {
      const int seat = s.to_move;
      Rng r1(99);
      const Action decided = h.choose(s, r1);
      for (int k = 0; k < 4; ++k) {
        State world = s;  // the same view, different hidden cards and chance
        game.determinize(world, seat, rng);
        REQUIRE(game.observation(world, seat) == game.observation(s, seat));
        hidden_choice_varied += world.choice[0] != s.choice[0] && s.phase == Phase::Choose;
        decks_varied += deck_of(world, 1 - seat) != deck_of(s, 1 - seat);
        Rng r2(99);
        INFO(game.render(s) << "variant:\n" << game.render(world));
        REQUIRE(h.choose(world, r2) == decided);
        ++decisions;
      }
    }
    // The variants really did differ in what the seat cannot see.
    CHECK(hidden_choice_varied > 100);
    CHECK(decks_varied > decisions / 2);
  }
}

TEST_CASE("commanders heuristic: seat 1's scores do not depend on seat 0's face-down card") {
  const CommandersGame game;
  const Heuristic h = heuristic_with(game, {});
  State start = make_state(make_side("K Q J J A Joker"), make_side("K Q Q J A"));
  std::vector<double> reference;
  for (Commander hidden : {King, Queen, Jack, Ace, Joker}) {
    State s = start;
    act(game, s, commander_name(hidden));
    std::vector<double> scores;
    for (Commander mine : {King, Queen, Jack, Ace}) scores.push_back(h.play_score(s, 1, mine));
    if (reference.empty()) reference = scores;
    CHECK(scores == reference);
  }
}
