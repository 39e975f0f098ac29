// Realms determinization: it keeps everything the observer saw, resamples the opponent's
// Fate hand and the deck order from the unseen cards, and reseeds the dice.
#include <catch2/catch.hpp>

#include <set>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
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
      // The All Seeing Eye's face-down discards: known to the Aesir, counted by the Norsemen.
      if (mine == Aesir) REQUIRE(d.eye_discards == s.eye_discards);
      int face_down = 0;
      for (int k = 0; k < kFateKinds; ++k)
        face_down += d.eye_discards[size_t(k)] - s.eye_discards[size_t(k)];
      REQUIRE(face_down == 0);
      REQUIRE_FALSE(d.rng == s.rng);
      // Every card is still somewhere, in the right numbers.
      std::array<int, kFateKinds> cards{};
      for (uint8_t c : d.deck) ++cards[c];
      for (int k = 0; k < kFateKinds; ++k)
        REQUIRE(cards[size_t(k)] + d.discards[size_t(k)] + d.eye_discards[size_t(k)] +
                    d.sides[0].hand[size_t(k)] + d.sides[1].hand[size_t(k)] ==
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

TEST_CASE("realms determinize: the All Seeing Eye's discard is face down for the Norsemen") {
  Scenario sc;
  sc.play("end turn");  // the Norsemen's turn; the Aesir will refill to four and discard
  sc.give(Aesir, RerollAll);
  sc.give(Aesir, Plus5);
  sc.give(Aesir, Plus6Defence);
  sc.play("end turn");
  REQUIRE(sc.s.phase == Phase::Discard);
  const int norse = sc.s.seat_of(Norsemen), aesir = sc.s.seat_of(Aesir);
  FixedVector<Action, RealmsGame::kMaxActions> actions;
  sc.game.legal_actions(sc.s, actions);
  // The decision is unseen by the Norsemen, seen by the Aesir.
  CHECK_FALSE(sees_action(sc.game, sc.s, actions[0], norse));
  CHECK(sees_action(sc.game, sc.s, actions[0], aesir));

  // After the discard: the Norsemen cannot tell which card went, the Aesir can.
  State reroll_gone = sc.s, plus5_gone = sc.s;
  Action a{};
  REQUIRE(find_action_by_text(sc.game, reroll_gone, "discard re-roll all", a));
  sc.game.apply(reroll_gone, a);
  REQUIRE(find_action_by_text(sc.game, plus5_gone, "discard +5 attack or defence", a));
  sc.game.apply(plus5_gone, a);
  CHECK(sc.game.observation(reroll_gone, norse) == sc.game.observation(plus5_gone, norse));
  CHECK(sc.game.observation(reroll_gone, aesir) != sc.game.observation(plus5_gone, aesir));
  CHECK(sc.game.observation(reroll_gone, norse).find("face down 1") != std::string::npos);
  CHECK(sees_action(sc.game, reroll_gone, Action{Verb::EndTurn}, norse));  // back to seen moves

  // Determinized for the Norsemen, the face-down card is drawn again from what they have
  // not seen; for the Aesir it stays.
  Rng rng(6);
  std::set<std::array<uint8_t, kFateKinds>> face_down;
  for (int i = 0; i < 60; ++i) {
    State d = reroll_gone;
    sc.game.determinize(d, norse, rng);
    REQUIRE(sc.game.observation(d, norse) == sc.game.observation(reroll_gone, norse));
    face_down.insert(d.eye_discards);
    State e = reroll_gone;
    sc.game.determinize(e, aesir, rng);
    REQUIRE(e.eye_discards == reroll_gone.eye_discards);
  }
  CHECK(face_down.size() >= 3);
}
