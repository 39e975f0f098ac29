// The conformance suite on random decks (invariants after every step, replay, determinization,
// invariance), the invariants' own scenarios, and what determinize keeps of Ragnarok's cards.
#include "tests/agents/helpers.hpp"
#include "tests/conformance.hpp"
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

// Every card in exactly one zone, health within bounds, the round within the game.
void check_invariants(const RagnarokGame& game, const State& s) {
  INFO(game.render(s));
  REQUIRE(game.broken_invariant(s) == "");
}

}  // namespace

TEST_CASE("ragnarok: random decks pass the conformance suite") {
  nf::testing::require_conformance<RagnarokGame>({{"deck0", "random"}, {"deck1", "random"}}, 300);
}
TEST_CASE("ragnarok invariants: a card lost, an RR card out of place or a bad round is named") {
  const RagnarokGame game = make_game();
  const State start = game.initial_state(5);
  REQUIRE(game.broken_invariant(start) == "");
  State lost = start;
  lost.sides[1].hand.pop_back();
  CHECK_THAT(game.broken_invariant(lost), Catch::Contains("seat 1: hand, deck"));
  State misplaced = start;
  misplaced.rr_zone[misplaced.rr_deck.back()] = RrZone::Unclaimed;
  CHECK_THAT(game.broken_invariant(misplaced), Catch::Contains("in the RR deck"));
  State late = start;
  late.round = uint8_t(game.rounds() + 1);
  CHECK_THAT(game.broken_invariant(late), Catch::Contains("outside 1..20"));
  State healthy = start;
  healthy.sides[0].health = int16_t(game.start_health() + 1);
  CHECK_THAT(game.broken_invariant(healthy), Catch::Contains("health above"));
}

TEST_CASE("ragnarok determinize: own hand, known cards and card counts are kept") {
  const RagnarokGame game = make_game({{"deck0", "random"}, {"deck1", "random"}});
  const RandomPolicy<RagnarokGame> random(game);
  Rng rng(3);
  int hands_changed = 0, samples = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    State s = game.initial_state(seed);
    for (int step = 0; !game.is_terminal(s); ++step) {
      if (step % 7 == 0) {
        const int observer = int(step / 7 % 2);
        State d = s;
        game.determinize(d, observer, rng);
        ++samples;
        const Side &mine = d.sides[size_t(observer)], &theirs = d.sides[size_t(1 - observer)];
        REQUIRE(mine.hand == s.sides[size_t(observer)].hand);
        REQUIRE(game.observation(d, observer) == game.observation(s, observer));
        REQUIRE(game.observation_key(d, observer) == game.observation_key(s, observer));
        const Side& before = s.sides[size_t(1 - observer)];
        for (size_t i = 0; i < theirs.hand.size(); ++i)
          if (before.known >> i & 1) REQUIRE(theirs.hand[i] == before.hand[i]);
        check_invariants(game, d);
        hands_changed += !(theirs.hand == before.hand);
        if (game.current_player(s) == observer)
          REQUIRE(legal_texts(game, d) == legal_texts(game, s));
      }
      game.apply(s, random.choose(s, rng));
    }
  }
  CHECK(samples > 300);
  CHECK(hands_changed > samples / 2);
}

TEST_CASE("ragnarok invariance: searches decide the same when only hidden cards differ") {
  const RagnarokGame game = make_game({{"deck0", "random"}, {"deck1", "random"}});
  const RandomPolicy<RagnarokGame> random(game);
  Rng rng(11);
  int checked = 0;
  for (uint64_t seed = 0; checked < 3; ++seed) {
    State a = game.initial_state(seed);
    for (int i = 0, n = 10 + int(rng.below(20)); i < n && !game.is_terminal(a); ++i)
      game.apply(a, random.choose(a, rng));
    if (game.is_terminal(a)) continue;
    const int seat = game.current_player(a);
    State b = a;
    game.determinize(b, seat, rng);  // other hidden cards, deck orders and dice
    if (game.hash(a) == game.hash(b)) continue;
    for (const char* spec : {"ismcts(iterations=200)", "flatmc(iterations=150)"}) {
      auto agent = make_agent(game, spec);
      Rng ra(5), rb(5);
      const Action move_a = agent->act(a, ra);
      const auto visits_a = nf::testing::root_visits(game, *agent, a);
      const Action move_b = agent->act(b, rb);
      CHECK(move_a == move_b);
      CHECK(nf::testing::root_visits(game, *agent, b) == visits_a);
    }
    ++checked;
  }
}
