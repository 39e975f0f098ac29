// Realms determinization: it keeps everything the observer saw, resamples the opponent's
// Fate hand and the deck order from the unseen cards, and reseeds the dice.
#include <catch2/catch.hpp>

#include <set>

#include "agents/agent.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

// Random positions from random play, some in every phase.
std::vector<State> sample_positions(const RealmsGame& game, int games) {
  const RandomPolicy<RealmsGame> random(game);
  Rng rng(21);
  std::vector<State> out;
  for (int g = 0; g < games; ++g) {
    State s = game.initial_state(uint64_t(g));
    for (int step = 0; !game.is_terminal(s); ++step) {
      if (step % 5 == 0) out.push_back(s);
      game.apply(s, random.choose(s, rng));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("realms determinize: the observer's view, own hand and card counts are kept") {
  const RealmsGame game = make_game({{"seat0_realm", "random"}});
  Rng rng(4);
  int hands_changed = 0, decks_changed = 0, samples = 0;
  for (const State& s : sample_positions(game, 40)) {
    for (int observer = 0; observer < 2; ++observer) {
      State d = s;
      game.determinize(d, observer, rng);
      ++samples;
      const Realm mine = s.realm_of_seat[size_t(observer)], theirs = other(mine);
      REQUIRE(game.observation(d, observer) == game.observation(s, observer));
      REQUIRE(d.sides[mine].hand == s.sides[mine].hand);
      REQUIRE(d.sides[theirs].hand_size() == s.sides[theirs].hand_size());
      REQUIRE(d.deck.size() == s.deck.size());
      REQUIRE(d.discards == s.discards);
      REQUIRE_FALSE(d.rng == s.rng);
      // Every card is still somewhere, in the right numbers.
      std::array<int, kFateKinds> cards{};
      for (uint8_t c : d.deck) ++cards[c];
      for (int k = 0; k < kFateKinds; ++k)
        REQUIRE(cards[size_t(k)] + d.discards[size_t(k)] + d.sides[0].hand[size_t(k)] +
                    d.sides[1].hand[size_t(k)] ==
                kFateCopies[size_t(k)]);
      hands_changed += d.sides[theirs].hand != s.sides[theirs].hand;
      decks_changed += !(d.deck == s.deck);
      // Whoever is to move has the same choices when the observer moves.
      if (game.current_player(s) == observer) REQUIRE(legal_texts(game, d) == legal_texts(game, s));
    }
  }
  CHECK(samples > 1000);
  // What the observer cannot see does change.
  CHECK(hands_changed > samples / 4);
  CHECK(decks_changed > samples / 4);
}

TEST_CASE("realms determinize: the dice are reseeded and differ between samples") {
  const RealmsGame game = make_game();
  const State s = game.initial_state(2);
  auto next_dice = [](State state) {
    std::vector<int> dice;
    for (int k = 0; k < 4; ++k) dice.push_back(int(1 + state.rng.below(12)));
    return dice;
  };
  std::set<std::vector<int>> rolls;
  Rng rng(8);
  for (int i = 0; i < 20; ++i) {
    State d = s;
    game.determinize(d, 0, rng);
    rolls.insert(next_dice(d));
  }
  CHECK(rolls.size() >= 19);
  CHECK(rolls.count(next_dice(s)) == 0);
}

TEST_CASE("realms determinize: the Aesir's four-card choice is hidden from the Norsemen") {
  const RealmsGame game = make_game();
  State s = game.initial_state(3);
  REQUIRE(s.phase == Phase::Discard);
  Rng rng(5);
  const int norse = s.seat_of(Norsemen);
  int changed = 0;
  for (int i = 0; i < 50; ++i) {
    State d = s;
    game.determinize(d, norse, rng);
    CHECK(d.sides[Aesir].hand_size() == 4);
    CHECK(d.sides[Norsemen].hand == s.sides[Norsemen].hand);
    changed += d.sides[Aesir].hand != s.sides[Aesir].hand;
  }
  CHECK(changed > 10);
}
