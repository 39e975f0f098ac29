// Scenario tests: one or more per rule of the rulebook (the-nine-commanders.txt) and of the
// commanders rulings, each from an explicit position, including the rulebook's own examples.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/error.hpp"
#include "tests/commanders/scenario.hpp"

using namespace nf;
using namespace nf::commanders;
using namespace nf::commanders::test;

namespace {

using Graveyard = std::vector<Commander>;

}  // namespace

TEST_CASE("commanders: a new game has full castles and shuffled 18-card troop decks") {
  const CommandersGame game;
  const State s = game.initial_state(1);
  for (const Side& side : s.sides) {
    CHECK(side.castle == kStartingCastle);
    CHECK(side.castle_size() == kCommandersPerSide);
    CHECK(side.graveyard.empty());
    CHECK(side.used.empty());
    CHECK(side.battle.empty());
  }
  CHECK(broken_invariant(game, s).empty());
  CHECK(s.round == 1);
  CHECK(game.current_player(s) == 0);
  CHECK(cards_of(s.sides[0].deck.span()) != cards_of(s.sides[1].deck.span()));
  CHECK(cards_of(s.sides[0].deck.span()) != cards_of(game.initial_state(2).sides[0].deck.span()));
}

TEST_CASE("commanders: the default config is the rulebook's") {
  const CommandersGame game;
  CHECK(game.round_cap() == 300);
  CHECK(game.queen_redraws() == 2);
  CHECK(game.nines_revive());
  CHECK_FALSE(game.ace_order_by_seat());
  CHECK(game_with({{"ace_order", "seat"}}).ace_order_by_seat());
  CHECK_THROWS_AS(game_with({{"ace_order", "random"}}), Error);
  CHECK_THROWS_AS(game_with({{"queen_redraws", "6"}}), Error);
  CHECK_THROWS_AS(game_with({{"round_cap", "0"}}), Error);
}

// ---------------------------------------------------------------------------------------
// The simultaneous choice

TEST_CASE("commanders: seat 0 chooses, then seat 1, then the cards are revealed") {
  const CommandersGame game;
  State s = game.initial_state(3);
  CHECK(action_texts(game, s) == std::vector<std::string>{"K", "Q", "J", "A", "Joker"});
  act(game, s, "Q");
  CHECK(s.phase == Phase::Choose);
  CHECK(game.current_player(s) == 1);
  CHECK(s.sides[0].castle == castle_of("K K Q J J A A Joker"));  // the card is face down
  CHECK(action_texts(game, s) == std::vector<std::string>{"K", "Q", "J", "A", "Joker"});
  act(game, s, "Joker");  // the reveal: Joker kills both
  CHECK(s.phase == Phase::Choose);
  CHECK(game.current_player(s) == 0);
  CHECK(s.round == 2);
  CHECK(graveyard_of(s.sides[0]) == Graveyard{Queen});
  CHECK(graveyard_of(s.sides[1]) == Graveyard{Joker});
}

TEST_CASE("commanders: seat 1 cannot see seat 0's face-down card - seat 0 can") {
  const CommandersGame game;
  // Mid-game castles with a graveyard, a used pile and a deck.
  State start = make_state(make_side("K Q J J A Joker", "Q K"), make_side("K Q Q J A", "Joker"));
  for (int i = 0; i < 5; ++i) start.sides[0].used.push_back(start.sides[0].deck.pop_back());
  const std::string seat1_view = [&] {
    State s = start;
    act(game, s, "K");
    return game.observation(s, 1);
  }();
  std::vector<std::string> seat0_views;
  for (const std::string& choice : action_texts(game, start)) {
    State s = start;
    act(game, s, choice);
    INFO("seat 0 plays " << choice);
    CHECK(game.observation(s, 1) == seat1_view);
    seat0_views.push_back(game.observation(s, 0));
    CHECK(seat0_views.back().find("played " + choice) != std::string::npos);
  }
  std::sort(seat0_views.begin(), seat0_views.end());
  CHECK(std::unique(seat0_views.begin(), seat0_views.end()) == seat0_views.end());
  // Seat 1 sees seat 0's castle as it stood before the choice, face-down card included.
  CHECK(seat1_view.find("seat 0 castle [K Q J J A Joker]") != std::string::npos);
  CHECK(seat1_view.find("played ?") != std::string::npos);
}

TEST_CASE("commanders: after the reveal both played cards are public") {
  const CommandersGame game;
  State s = make_state(make_side("K Q J", "", {5, 4}), make_side("K Q J", "", {3}));
  play_round(game, s, Jack, Queen);  // the Queen may redraw: the battle stays on the table
  REQUIRE(s.phase == Phase::QueenRedraw);
  CHECK(game.observation(s, 0) == game.observation(s, 1));
  CHECK(game.observation(s, 1).find("seat 0 castle [K Q] graveyard") != std::string::npos);
  CHECK(game.observation(s, 1).find("played J") != std::string::npos);
}

// ---------------------------------------------------------------------------------------
// Joker

TEST_CASE("commanders: a Joker kills both played cards, whatever it meets") {
  const CommandersGame game;
  for (Commander other : {King, Queen, Jack, Ace, Joker}) {
    for (int joker_seat = 0; joker_seat < 2; ++joker_seat) {
      INFO("Joker of seat " << joker_seat << " against " << commander_name(other));
      State s =
          make_state(make_side("K Q J A Joker", "", {9}), make_side("K Q J A Joker", "", {9}));
      const State before = s;
      if (joker_seat == 0)
        play_round(game, s, Joker, other);
      else
        play_round(game, s, other, Joker);
      const int other_seat = 1 - joker_seat;
      CHECK(graveyard_of(s.sides[joker_seat]).back() == Joker);
      CHECK(graveyard_of(s.sides[other_seat]).back() == other);
      for (int seat = 0; seat < 2; ++seat) {
        // Only the played card left the castle: no assassination, no troop card drawn.
        CHECK(s.sides[seat].castle_size() == before.sides[seat].castle_size() - 1);
        CHECK(s.sides[seat].graveyard.size() == before.sides[seat].graveyard.size() + 1);
        CHECK(cards_of(s.sides[seat].deck.span()) == cards_of(before.sides[seat].deck.span()));
        CHECK(s.sides[seat].used.empty());
      }
      CHECK(s.phase == Phase::Choose);
      CHECK(s.round == 2);
    }
  }
}

TEST_CASE("commanders: an Ace against a Joker dies with it and assassinates nobody") {
  const CommandersGame game;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State s = make_state(make_side("K Q A Joker"), make_side("K J J A Joker"), seed);
    play_round(game, s, Ace, Joker);
    CHECK(s.sides[0].castle == castle_of("K Q Joker"));
    CHECK(s.sides[1].castle == castle_of("K J J A"));
    CHECK(graveyard_of(s.sides[0]).back() == Ace);
    CHECK(graveyard_of(s.sides[1]).back() == Joker);
    State t = make_state(make_side("K Q A Joker"), make_side("K J J A Joker"), seed);
    play_round(game, t, Joker, Ace);
    CHECK(t.sides[0].castle == castle_of("K Q A"));
    CHECK(t.sides[1].castle == castle_of("K J J Joker"));
  }
}

TEST_CASE("commanders: a Joker against an Ace whose opponent's castle is empty") {
  // The Joker's side played its last card, so the Ace would act as a Jack; against a Joker
  // a Jack dies too: both cards die and the Joker's side, its castle empty, loses.
  const CommandersGame game;
  for (int joker_seat = 0; joker_seat < 2; ++joker_seat) {
    INFO("Joker of seat " << joker_seat);
    const Side joker_side = make_side("Joker"), ace_side = make_side("A K");
    State s = joker_seat == 0 ? make_state(joker_side, ace_side) : make_state(ace_side, joker_side);
    play_round(game, s, joker_seat == 0 ? Joker : Ace, joker_seat == 0 ? Ace : Joker);
    const int ace_seat = 1 - joker_seat;
    CHECK(s.sides[joker_seat].castle_size() == 0);
    CHECK(graveyard_of(s.sides[joker_seat]).back() == Joker);
    CHECK(s.sides[ace_seat].castle == castle_of("K"));
    CHECK(graveyard_of(s.sides[ace_seat]).back() == Ace);
    CHECK(s.sides[ace_seat].counters.kills[Ace] == 0);
    CHECK(s.sides[ace_seat].deck.size() == size_t(kTroopCards));  // no battle
    CHECK(s.phase == Phase::Over);
    CHECK(s.winner == ace_seat);
    // The Ace was its side's last card too: both castles are empty, a draw.
    State last = joker_seat == 0 ? make_state(joker_side, make_side("A"))
                                 : make_state(make_side("A"), joker_side);
    play_round(game, last, joker_seat == 0 ? Joker : Ace, joker_seat == 0 ? Ace : Joker);
    CHECK(last.phase == Phase::Over);
    CHECK(last.winner == -1);
  }
}

// ---------------------------------------------------------------------------------------
// Ace (Assassin)

namespace {

// How often each commander type is assassinated when seat 0's Ace meets seat 1's `played`,
// over `trials` seeds: the victim is the type that left seat 1's castle for the graveyard.
std::array<int, kCommanderTypes> assassinations(const Side& victim, Commander played, int trials,
                                                int& own_ace_killed) {
  const CommandersGame game;
  std::array<int, kCommanderTypes> counts{};
  own_ace_killed = 0;
  for (int seed = 0; seed < trials; ++seed) {
    State s =
        make_state(make_side("K Q J A"), victim, derive_seed(7, uint64_t(seed), Stream::Misc));
    play_round(game, s, Ace, played);
    if (s.sides[0].castle[Ace] == 0) {  // picked an Ace: seat 0's own Ace died
      ++own_ace_killed;
      CHECK(s.sides[1].castle == victim.castle);
      continue;
    }
    REQUIRE(s.sides[1].graveyard.size() == victim.graveyard.size() + 1);
    ++counts[s.sides[1].graveyard.back()];
  }
  return counts;
}

// Pearson's chi-square of observed counts against expected probabilities.
double chi_square(const std::vector<double>& observed, const std::vector<double>& probability) {
  double total = 0, chi = 0;
  for (double o : observed) total += o;
  for (size_t i = 0; i < observed.size(); ++i) {
    const double e = total * probability[i];
    chi += (observed[i] - e) * (observed[i] - e) / e;
  }
  return chi;
}

}  // namespace

TEST_CASE(
    "commanders: the blind pick is uniform over the other castle cards, never the played one") {
  // Seat 1 plays its only Queen; its castle then holds K J J Joker: K 1/4, J 1/2, Joker 1/4.
  const int trials = 8000;
  int own_ace = 0;
  const auto counts = assassinations(make_side("K Q J J Joker"), Queen, trials, own_ace);
  CHECK(own_ace == 0);
  CHECK(counts[Queen] == 0);
  CHECK(counts[Ace] == 0);
  // Chi-square with 2 degrees of freedom; 13.8 is its 0.1% tail.
  const double chi = chi_square({double(counts[King]), double(counts[Jack]), double(counts[Joker])},
                                {0.25, 0.5, 0.25});
  INFO("K " << counts[King] << " J " << counts[Jack] << " Joker " << counts[Joker]);
  CHECK(chi < 13.8);
  // A pick weighted by type instead of by card would give J 1/3 and fail this by far.
  CHECK(std::abs(counts[Jack] / double(trials) - 0.5) < 0.03);
}

TEST_CASE("commanders: the blind pick finds an Ace as often as there are Aces") {
  // Seat 1 plays a King; its castle then holds K Q A A: each card 1/4, an Ace 1/2.
  const int trials = 8000;
  int own_ace = 0;
  const auto counts = assassinations(make_side("K K Q A A"), King, trials, own_ace);
  const double chi =
      chi_square({double(counts[King]), double(counts[Queen]), double(own_ace)}, {0.25, 0.25, 0.5});
  INFO("K " << counts[King] << " Q " << counts[Queen] << " own Ace " << own_ace);
  CHECK(chi < 13.8);
  CHECK(counts[Ace] == 0);  // a picked Ace never dies
}

TEST_CASE("commanders: picking an Ace kills the picker's own Ace - the picked Ace survives") {
  const CommandersGame game;
  State s = make_state(make_side("K A", "Q"), make_side("J A", "K"));
  play_round(game, s, Ace, Jack);  // seat 1's castle holds only its Ace
  CHECK(s.sides[0].castle == castle_of("K"));
  CHECK(graveyard_of(s.sides[0]).back() == Ace);
  CHECK(s.sides[1].castle == castle_of("J A"));  // the Jack returned, the Ace was never harmed
  CHECK(graveyard_of(s.sides[1]).back() == King);
  CHECK(s.sides[0].counters.kills[Ace] == 0);
  CHECK(s.sides[1].counters.assassinated == std::array<uint16_t, kCommanderTypes>{});
}

TEST_CASE("commanders: an Ace against a King, Queen or Jack assassinates - both return") {
  const CommandersGame game;
  for (Commander other : {King, Queen, Jack}) {
    for (int ace_seat = 0; ace_seat < 2; ++ace_seat) {
      INFO("Ace of seat " << ace_seat << " against " << commander_name(other));
      // Once `other` is played, the victim's castle holds only its Joker.
      const Side ace_side = make_side("K J A", "", {10});
      const Side victim = make_side(std::string(commander_name(other)) + " Joker", "", {10});
      State s = ace_seat == 0 ? make_state(ace_side, victim) : make_state(victim, ace_side);
      if (ace_seat == 0)
        play_round(game, s, Ace, other);
      else
        play_round(game, s, other, Ace);
      const Side& v = s.sides[1 - ace_seat];
      CHECK(v.castle == castle_of(commander_name(other)));  // the played card came back
      CHECK(graveyard_of(v).back() == Joker);
      CHECK(s.sides[ace_seat].castle == castle_of("K J A"));
      for (const Side& side : s.sides) CHECK(side.deck.size() == size_t(kTroopCards));  // no battle
      CHECK(s.sides[ace_seat].counters.kills[Ace] == 1);
      CHECK(v.counters.assassinated[Joker] == 1);
    }
  }
}

TEST_CASE("commanders: an Ace whose opponent played its last card battles as a Jack") {
  const CommandersGame game;
  SECTION("the Ace's face value beats the King's doubled card") {
    State s = make_state(make_side("K A", "", {10}), make_side("K", "", {4}));
    play_round(game, s, Ace, King);
    CHECK(s.phase == Phase::Over);  // the King died, seat 1's castle is empty
    CHECK(s.winner == 0);
    CHECK(s.sides[0].castle == castle_of("K A"));
    CHECK(cards_of(s.sides[0].used.span()) == std::vector<int>{10});
    CHECK(cards_of(s.sides[1].used.span()) == std::vector<int>{4});
  }
  SECTION("the Ace counts face value, not double: 7 loses to a King's 4") {
    State s = make_state(make_side("K A", "", {7}), make_side("K", "", {4}));
    play_round(game, s, Ace, King);
    CHECK(s.sides[0].castle == castle_of("K"));
    CHECK(graveyard_of(s.sides[0]).back() == Ace);
    CHECK(s.sides[1].castle == castle_of("K"));
  }
  SECTION("a tie leaves both") {
    State s = make_state(make_side("J A", "", {6}), make_side("J", "", {6}));
    play_round(game, s, Ace, Jack);
    CHECK(s.sides[0].castle == castle_of("J A"));
    CHECK(s.sides[1].castle == castle_of("J"));
    CHECK(s.round == 2);
  }
  SECTION("an Ace as Jack against a Queen: the Queen may redraw") {
    State s = make_state(make_side("Q", "", {3, 5}), make_side("J A", "", {8}));
    play_round(game, s, Queen, Ace);
    REQUIRE(s.phase == Phase::QueenRedraw);
    CHECK(game.current_player(s) == 0);
    act(game, s, "redraw");
    act(game, s, "stop");
    CHECK(s.phase == Phase::Over);
    CHECK(s.winner == 1);
  }
  SECTION("an Ace that is its owner's last card still assassinates") {
    State s = make_state(make_side("A"), make_side("K J J"), 1);
    play_round(game, s, Ace, King);
    CHECK(s.sides[0].castle == castle_of("A"));
    CHECK(s.sides[1].castle == castle_of("K J"));
    CHECK(s.sides[0].deck.size() == size_t(kTroopCards));
  }
}

TEST_CASE("commanders: Ace against Ace, each assassinates from the other's castle") {
  const CommandersGame game;
  SECTION("both kill") {
    State s = make_state(make_side("K K A"), make_side("Q Q A"));
    play_round(game, s, Ace, Ace);
    CHECK(s.sides[0].castle == castle_of("K A"));
    CHECK(s.sides[1].castle == castle_of("Q A"));
    CHECK(graveyard_of(s.sides[0]).back() == King);
    CHECK(graveyard_of(s.sides[1]).back() == Queen);
    CHECK(s.sides[0].deck.size() == size_t(kTroopCards));
  }
  SECTION("castles as they stood: a pick that empties a castle does not cancel the other") {
    State s = make_state(make_side("J A"), make_side("K A"));
    play_round(game, s, Ace, Ace);
    CHECK(s.sides[0].castle == castle_of("A"));
    CHECK(s.sides[1].castle == castle_of("A"));
    CHECK(s.phase == Phase::Choose);  // both Aces came home: the game goes on
  }
  SECTION("one picks the other's Ace: its own Ace goes under the castle card it loses") {
    State s = make_state(make_side("J A", "K"), make_side("A A", "K"));
    play_round(game, s, Ace, Ace);
    CHECK(graveyard_of(s.sides[0]) ==
          Graveyard{King, Queen, Queen, Jack, Ace, Joker, King, Ace, Jack});
    CHECK(s.sides[0].castle_size() == 0);
    CHECK(s.sides[1].castle == castle_of("A A"));
    CHECK(s.phase == Phase::Over);
    CHECK(s.winner == 1);
  }
  SECTION("both picks find Aces: both played Aces die, nobody else") {
    // Seat 0's pick always finds seat 1's other Ace; seat 1's finds seat 0's Ace or King.
    const State s = make_state(make_side("A A K", "Q"), make_side("A A", "J"));
    int both_aces = 0, king_lost = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      State t = s;
      t.rng.reseed(seed);
      play_round(game, t, Ace, Ace);
      CHECK(t.sides[0].counters.died_played[Ace] == 1);
      CHECK(t.sides[0].counters.kills[Ace] == 0);
      if (t.sides[0].castle == castle_of("A K")) {
        ++both_aces;
        CHECK(graveyard_of(t.sides[0]) == Graveyard{King, Queen, Jack, Jack, Joker, Queen, Ace});
        CHECK(t.sides[1].castle == castle_of("A"));
        CHECK(graveyard_of(t.sides[1]).back() == Ace);
        CHECK(t.sides[1].counters.died_played[Ace] == 1);
        CHECK(t.sides[1].counters.kills[Ace] == 0);
      } else {  // seat 0 lost its Ace and its King: the Ace lies under the King
        ++king_lost;
        CHECK(t.sides[0].castle == castle_of("A"));
        CHECK(graveyard_of(t.sides[0]) ==
              Graveyard{King, Queen, Jack, Jack, Joker, Queen, Ace, King});
        CHECK(t.sides[1].castle == castle_of("A A"));
        CHECK(t.sides[1].counters.kills[Ace] == 1);
      }
    }
    CHECK(both_aces > 5);
    CHECK(king_lost > 5);
    State both = make_state(make_side("A A", "Q"), make_side("A A", "J"));
    play_round(game, both, Ace, Ace);
    CHECK(both.sides[0].castle == castle_of("A"));
    CHECK(both.sides[1].castle == castle_of("A"));
    CHECK(graveyard_of(both.sides[0]).back() == Ace);
    CHECK(graveyard_of(both.sides[1]).back() == Ace);
    CHECK(both.sides[0].graveyard.size() == 8);
    CHECK(both.sides[1].graveyard.size() == 8);
    CHECK(both.phase == Phase::Choose);
  }
}

TEST_CASE("commanders: Ace against Ace, the graveyard order does not depend on the seat") {
  // The picker finds the other's Ace and loses a Jack to the other's Ace: its Ace goes
  // under the Jack, so the 9 it draws in the next round revives the Jack, whichever seat.
  const Side picker = make_side("J J A", "", {9}), other = make_side("A A", "", {2});
  for (int seat = 0; seat < 2; ++seat) {
    INFO("the side picking an Ace is seat " << seat);
    const CommandersGame game;
    State s = seat == 0 ? make_state(picker, other) : make_state(other, picker);
    play_round(game, s, Ace, Ace);
    const std::vector<Commander> graveyard = graveyard_of(s.sides[seat]);
    REQUIRE(graveyard.size() == 8);
    CHECK(graveyard[6] == Ace);
    CHECK(graveyard[7] == Jack);
    CHECK(s.sides[seat].castle == castle_of("J"));
    CHECK(s.sides[1 - seat].castle == castle_of("A A"));
    // Its last Jack against an Ace with nobody to assassinate: a battle, 9 against 2.
    play_round(game, s, seat == 0 ? Jack : Ace, seat == 0 ? Ace : Jack);
    CHECK(s.sides[seat].castle == castle_of("J J"));
    CHECK(graveyard_of(s.sides[seat]).back() == Ace);
    CHECK(s.sides[1 - seat].castle == castle_of("A"));
    // The variant ace_order=seat resolves seat 0's assassination first: seat 0's Ace lies
    // under its Jack, seat 1's on top, and seat 1's 9 would revive its Ace.
    const CommandersGame by_seat = game_with({{"ace_order", "seat"}});
    State t = seat == 0 ? make_state(picker, other) : make_state(other, picker);
    play_round(by_seat, t, Ace, Ace);
    CHECK(graveyard_of(t.sides[seat]).back() == (seat == 0 ? Jack : Ace));
  }
}

// ---------------------------------------------------------------------------------------
// Battles

TEST_CASE("commanders: in a battle the higher troop card wins and the loser dies") {
  const CommandersGame game;
  State s = make_state(make_side("J J K", "", {8}), make_side("J K", "Q", {5}));
  play_round(game, s, Jack, Jack);
  CHECK(s.sides[0].castle == castle_of("J J K"));  // the winner came home
  CHECK(s.sides[1].castle == castle_of("K"));
  CHECK(graveyard_of(s.sides[1]).back() == Jack);
  CHECK(cards_of(s.sides[0].used.span()) == std::vector<int>{8});
  CHECK(cards_of(s.sides[1].used.span()) == std::vector<int>{5});
  CHECK(s.sides[0].battle.empty());
  CHECK(s.sides[0].counters.kills[Jack] == 1);
  CHECK(s.sides[1].counters.died_played[Jack] == 1);
}

TEST_CASE("commanders: battle values: a King doubles its card, equal values leave both") {
  struct Battle {
    const char* name;
    Commander first;
    int first_card;
    Commander second;
    int second_card;
    int loser;  // -1: a tie
  };
  const Battle battles[] = {
      {"Jack 7 against Jack 7: a tie", Jack, 7, Jack, 7, -1},
      {"the rulebook's King: Jack 7 against King 4, the King's 8 wins", Jack, 7, King, 4, 0},
      {"a King's doubled 5 ties a Jack's 10", Jack, 10, King, 5, -1},
      {"a King's doubled 4 loses to a Jack's 10", King, 4, Jack, 10, 0},
      {"King 3 against King 2", King, 3, King, 2, 1},
      {"King 2 against King 2: a tie", King, 2, King, 2, -1},
  };
  const CommandersGame game;
  for (const Battle& b : battles) {
    INFO(b.name);
    State s =
        make_state(make_side("K J", "", {b.first_card}), make_side("K J", "", {b.second_card}));
    play_round(game, s, b.first, b.second);
    for (int seat = 0; seat < 2; ++seat) {
      const Commander played_here = seat == 0 ? b.first : b.second;
      const bool died = seat == b.loser;
      CHECK(s.sides[seat].castle[played_here] == (died ? 0 : 1));
      CHECK(s.sides[seat].graveyard.back() == (died ? played_here : Joker));
    }
  }
}

TEST_CASE("commanders: the rulebook's Queen example (Jack 6, Queen 3 then 6 then 4)") {
  const CommandersGame game;
  for (int queen_seat = 0; queen_seat < 2; ++queen_seat) {
    INFO("Queen of seat " << queen_seat);
    const Side jack_side = make_side("K J", "", {6});
    const Side queen_side = make_side("K Q", "", {3, 6, 4});
    State s =
        queen_seat == 1 ? make_state(jack_side, queen_side) : make_state(queen_side, jack_side);
    if (queen_seat == 1)
      play_round(game, s, Jack, Queen);
    else
      play_round(game, s, Queen, Jack);
    // The Queen's player sees the 3 against the 6 and decides.
    REQUIRE(s.phase == Phase::QueenRedraw);
    CHECK(game.current_player(s) == queen_seat);
    CHECK(action_texts(game, s) == std::vector<std::string>{"redraw", "stop"});
    CHECK(CommandersGame::battle_standing(s, queen_seat) == -1);
    act(game, s, "redraw");
    REQUIRE(s.phase == Phase::QueenRedraw);  // a 6: she could accept the tie
    CHECK(CommandersGame::battle_standing(s, queen_seat) == 0);
    CHECK(cards_of(s.sides[queen_seat].battle.span()) == std::vector<int>{3, 6});
    {
      State accept = s;
      act(game, accept, "stop");
      CHECK(accept.phase == Phase::Choose);
      CHECK(accept.sides[queen_seat].castle == castle_of("K Q"));
      CHECK(accept.sides[1 - queen_seat].castle == castle_of("K J"));
    }
    act(game, s, "redraw");  // a 4: the last card drawn counts, the Queen dies
    CHECK(s.phase == Phase::Choose);
    CHECK(s.sides[queen_seat].castle == castle_of("K"));
    CHECK(graveyard_of(s.sides[queen_seat]).back() == Queen);
    CHECK(s.sides[1 - queen_seat].castle == castle_of("K J"));
    CHECK(cards_of(s.sides[queen_seat].used.span()) == std::vector<int>{3, 6, 4});
    CHECK(cards_of(s.sides[1 - queen_seat].used.span()) == std::vector<int>{6});
  }
}

TEST_CASE("commanders: a Queen's redraws are decisions, at most queen_redraws of them") {
  SECTION("she may decide even when winning; stopping ends the battle at once") {
    const CommandersGame game;
    State s = make_state(make_side("Q J", "", {10}), make_side("J K", "", {2}));
    play_round(game, s, Queen, Jack);
    REQUIRE(s.phase == Phase::QueenRedraw);
    act(game, s, "stop");
    CHECK(s.phase == Phase::Choose);
    CHECK(s.sides[1].castle == castle_of("K"));
    CHECK(s.sides[0].used.size() == 1);
  }
  SECTION("a redraw that turns a win into a loss counts") {
    const CommandersGame game;
    State s = make_state(make_side("Q J", "", {10, 2}), make_side("J K", "", {3}));
    play_round(game, s, Queen, Jack);
    act(game, s, "redraw");
    act(game, s, "stop");
    CHECK(s.sides[0].castle == castle_of("J"));
    CHECK(s.sides[1].castle == castle_of("J K"));
  }
  for (int redraws = 0; redraws <= 5; ++redraws) {
    DYNAMIC_SECTION("queen_redraws=" << redraws) {
      const CommandersGame game = game_with({{"queen_redraws", std::to_string(redraws)}});
      State s = make_state(make_side("Q J", "", {2, 2, 3, 3, 4, 4}), make_side("J K", "", {10}));
      play_round(game, s, Queen, Jack);
      int decisions = 0;
      while (s.phase == Phase::QueenRedraw) {
        CHECK(s.sides[0].redraws_left == redraws - decisions);
        act(game, s, "redraw");
        ++decisions;
      }
      CHECK(decisions == redraws);
      CHECK(s.sides[0].used.size() == size_t(redraws + 1));
      CHECK(graveyard_of(s.sides[0]).back() == Queen);
    }
  }
}

TEST_CASE("commanders: two Queens: the losing player decides first, seat 0 on a tie") {
  const CommandersGame game;
  SECTION("seat 1 losing decides first; each draw decides again who is losing") {
    State s = make_state(make_side("Q K", "", {8, 2, 3}), make_side("Q K", "", {5, 10, 2}));
    play_round(game, s, Queen, Queen);
    REQUIRE(s.phase == Phase::QueenRedraw);
    CHECK(game.current_player(s) == 1);  // 5 against 8
    act(game, s, "redraw");              // seat 1 turns a 10
    CHECK(game.current_player(s) == 0);  // now seat 0 is losing
    act(game, s, "redraw");              // 2 against 10
    CHECK(game.current_player(s) == 0);  // still losing, one redraw left
    act(game, s, "redraw");              // 3 against 10
    CHECK(game.current_player(s) == 1);  // seat 0 has no redraw left; seat 1 may still
    act(game, s, "stop");
    CHECK(s.phase == Phase::Choose);
    CHECK(s.sides[0].castle == castle_of("K"));
    CHECK(s.sides[1].castle == castle_of("Q K"));
  }
  SECTION("a tie: seat 0 decides first") {
    State s = make_state(make_side("Q K", "", {6, 7}), make_side("Q K", "", {6, 8}));
    play_round(game, s, Queen, Queen);
    CHECK(game.current_player(s) == 0);
    act(game, s, "redraw");  // 7 against 6
    CHECK(game.current_player(s) == 1);
  }
  SECTION("a tie with seat 0 stopping: seat 1 decides alone from then on") {
    State s = make_state(make_side("Q K", "", {6}), make_side("Q K", "", {6, 3, 4}));
    play_round(game, s, Queen, Queen);
    CHECK(game.current_player(s) == 0);
    act(game, s, "stop");
    CHECK(game.current_player(s) == 1);
  }
  SECTION("stop is final for that battle, even when the other side overtakes") {
    State s = make_state(make_side("Q K", "", {7}), make_side("Q K", "", {4, 10, 3}));
    play_round(game, s, Queen, Queen);
    CHECK(game.current_player(s) == 1);
    act(game, s, "redraw");  // 10 against 7: seat 0 is losing now
    CHECK(game.current_player(s) == 0);
    act(game, s, "stop");
    CHECK(game.current_player(s) == 1);  // seat 0 never decides again in this battle
    act(game, s, "redraw");              // 3 against 7: seat 1 is losing again
    CHECK(s.phase == Phase::Choose);     // seat 1 used both redraws, seat 0 stopped
    CHECK(s.sides[1].castle == castle_of("K"));
    CHECK(s.sides[0].castle == castle_of("Q K"));
  }
}

// ---------------------------------------------------------------------------------------
// 9s

TEST_CASE("commanders: a 9 revives the top of its owner's graveyard at once") {
  const CommandersGame game;
  SECTION("in a battle's first draw; the revived commander is playable next round") {
    State s = make_state(make_side("J K", "K Joker", {9}), make_side("J K", "", {5}));
    play_round(game, s, Jack, Jack);
    CHECK(s.sides[0].castle == castle_of("J K Joker"));
    CHECK(s.sides[0].counters.revived[Joker] == 1);
    CHECK(graveyard_of(s.sides[0]).back() == King);
    CHECK(graveyard_of(s.sides[1]).back() == Jack);  // 9 beats 5
    CHECK(action_texts(game, s) == std::vector<std::string>{"K", "J", "Joker"});
  }
  SECTION("the graveyard as it stands: the revive comes before the loser is buried") {
    State s = make_state(make_side("J K", "Q", {9}), make_side("K", "", {5}));
    play_round(game, s, Jack, King);  // 9 loses to 10
    CHECK(s.sides[0].castle == castle_of("K Q"));
    CHECK(graveyard_of(s.sides[0]).back() == Jack);
  }
  SECTION("a 9 on a Queen's redraw") {
    State s = make_state(make_side("Q", "A", {2, 9}), make_side("K", "", {4}));
    play_round(game, s, Queen, King);
    act(game, s, "redraw");
    CHECK(s.sides[0].castle == castle_of("A"));  // revived while the battle is on
    act(game, s, "stop");                        // 9 against 8
    CHECK(s.sides[0].castle == castle_of("Q A"));
    CHECK(s.sides[1].castle_size() == 0);
    CHECK(s.phase == Phase::Over);
    CHECK(s.winner == 0);
  }
  SECTION("two 9s revive two commanders, the newest dead first") {
    State s = make_state(make_side("Q", "K J", {9, 9}), make_side("J", "", {10}));
    play_round(game, s, Queen, Jack);
    CHECK(s.sides[0].castle == castle_of("J"));
    act(game, s, "redraw");
    CHECK(s.sides[0].castle == castle_of("K J"));
    CHECK(graveyard_of(s.sides[0]).size() == 6);
  }
  SECTION("a 9 with an empty graveyard revives nothing") {
    State s = make_state(make_side("K K Q Q J J A A Joker", "", {9}),
                         make_side("K K Q Q J J A A Joker", "", {3}));
    play_round(game, s, Jack, Jack);
    CHECK(s.sides[0].castle == kStartingCastle);
    CHECK(s.sides[0].graveyard.empty());
    CHECK(s.sides[0].counters.revived == std::array<uint16_t, kCommanderTypes>{});
  }
  SECTION("nines_revive=false turns the rule off") {
    const CommandersGame no_nines = game_with({{"nines_revive", "false"}});
    State s = make_state(make_side("J K", "K Joker", {9}), make_side("J K", "", {5}));
    play_round(no_nines, s, Jack, Jack);
    CHECK(s.sides[0].castle == castle_of("J K"));
    CHECK(graveyard_of(s.sides[0]).back() == Joker);
  }
}

// ---------------------------------------------------------------------------------------
// The troop deck

TEST_CASE(
    "commanders: an empty troop deck is rebuilt from the used cards - the battle's stay out") {
  const CommandersGame game;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    // Seat 0's deck holds one card, a 3; the other 17 are used.
    State s = make_state(make_side("Q J"), make_side("J K", "", {8}), seed);
    Side& q = s.sides[0];
    q.deck.clear();
    for (int v = 10; v >= 2; --v)
      for (int k = 0; k < (v == 3 ? 1 : 2); ++k) q.used.push_back(uint8_t(v));
    q.deck.push_back(3);
    const std::vector<int> used_before = cards_of(q.used.span());
    play_round(game, s, Queen, Jack);
    REQUIRE(s.phase == Phase::QueenRedraw);
    CHECK(s.sides[0].deck.empty());
    act(game, s, "redraw");  // the deck is rebuilt from the 17 used cards
    const Side& side = s.sides[0];
    CHECK(side.used.empty());
    CHECK(side.deck.size() == 16);
    CHECK(side.battle.size() == 2);
    CHECK(side.battle[0] == 3);
    std::vector<int> rebuilt = cards_of(side.deck.span());
    rebuilt.push_back(side.battle[1]);
    std::vector<int> expected = used_before;
    std::sort(rebuilt.begin(), rebuilt.end());
    std::sort(expected.begin(), expected.end());
    CHECK(rebuilt == expected);  // the 3 in the battle stayed out
    CHECK(broken_invariant(game, s).empty());
  }
}

TEST_CASE("commanders: the rebuilt deck is shuffled by the state's rng") {
  const CommandersGame game;
  std::set<std::vector<int>> orders;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State s = make_state(make_side("J K"), make_side("J K"), seed);
    Side& side = s.sides[0];
    while (!side.deck.empty()) side.used.push_back(side.deck.pop_back());
    play_round(game, s, Jack, Jack);
    CHECK(s.sides[0].deck.size() == 17);
    CHECK(s.sides[0].used.size() == 1);
    orders.insert(cards_of(s.sides[0].deck.span()));
  }
  CHECK(orders.size() == 20);
}

// ---------------------------------------------------------------------------------------
// The end of the game

TEST_CASE("commanders: a side with an empty castle at the start of a round loses") {
  const CommandersGame game;
  State s = make_state(make_side("K J", "", {3}), make_side("J", "", {2}));
  play_round(game, s, King, Jack);
  CHECK(game.is_terminal(s));
  CHECK(s.winner == 0);
  CHECK(s.end_reason == EndReason::CastleEmptied);
  CHECK(game.returns(s) == Returns<2>{1, -1});
  CHECK(game.current_player(s) == -1);
  CHECK(action_texts(game, s).empty());
  CHECK(s.sides[0].castle == castle_of("K J"));  // the winner's King came home
  CHECK(broken_invariant(game, s).empty());

  // An Ace against a Queen that was its side's last card battles; the Queen stops and dies.
  State t = make_state(make_side("Q", "", {2}), make_side("K A", "", {5}));
  play_round(game, t, Queen, Ace);
  act(game, t, "stop");
  CHECK(t.winner == 1);
  CHECK(game.returns(t) == Returns<2>{-1, 1});
}

TEST_CASE("commanders: both castles empty is a draw") {
  const CommandersGame game;
  State s = make_state(make_side("Joker"), make_side("J"));
  play_round(game, s, Joker, Jack);
  CHECK(game.is_terminal(s));
  CHECK(s.winner == -1);
  CHECK(s.end_reason == EndReason::BothCastlesEmptied);
  CHECK(game.returns(s) == Returns<2>{0, 0});
  CHECK(broken_invariant(game, s).empty());
}

TEST_CASE("commanders: a game still going at round_cap ends in a draw") {
  // Both troop decks are stacked alike before every round: each King-against-King battle
  // is a tie and nobody ever dies.
  const Side stacked = make_side("K");
  auto tied_round = [&](const CommandersGame& game, State& s) {
    for (Side& side : s.sides) side.deck = stacked.deck, side.used.clear();
    play_round(game, s, King, King);
  };
  for (int cap : {1, 3, 300}) {
    INFO("round_cap=" << cap);
    const CommandersGame game =
        cap == 300 ? CommandersGame() : game_with({{"round_cap", std::to_string(cap)}});
    State s = make_state(stacked, stacked);
    for (int round = 1; round < cap; ++round) {
      tied_round(game, s);
      REQUIRE(s.phase == Phase::Choose);
      REQUIRE(s.round == round + 1);
    }
    tied_round(game, s);
    CHECK(game.is_terminal(s));
    CHECK(s.round == cap);
    CHECK(s.end_reason == EndReason::RoundCap);
    CHECK(game.returns(s) == Returns<2>{0, 0});
    CHECK(broken_invariant(game, s).empty());
  }
}

TEST_CASE("commanders: a castle emptied in the last round is a loss, not a round-cap draw") {
  const CommandersGame game = game_with({{"round_cap", "1"}});
  State s = make_state(make_side("K", "", {6}), make_side("K", "", {5}));
  play_round(game, s, King, King);
  CHECK(s.end_reason == EndReason::CastleEmptied);
  CHECK(s.winner == 0);
}

// ---------------------------------------------------------------------------------------
// Actions and their text

TEST_CASE("commanders: legal actions in each phase and the action text") {
  const CommandersGame game;
  State s = make_state(make_side("K Q A", "", {4}), make_side("Q J J Joker", "", {4}));
  CHECK(action_texts(game, s) == std::vector<std::string>{"K", "Q", "A"});
  act(game, s, "Q");
  CHECK(action_texts(game, s) == std::vector<std::string>{"Q", "J", "Joker"});
  act(game, s, "Q");
  CHECK(action_texts(game, s) == std::vector<std::string>{"redraw", "stop"});

  const std::vector<std::pair<Action, std::string>> names = {
      {Action::PlayKing, "K"}, {Action::PlayQueen, "Q"},     {Action::PlayJack, "J"},
      {Action::PlayAce, "A"},  {Action::PlayJoker, "Joker"}, {Action::Redraw, "redraw"},
      {Action::Stop, "stop"}};
  for (const auto& [action, text] : names) CHECK(game.action_to_string(s, action) == text);
}

TEST_CASE("commanders: find_action_by_text round-trips and refuses illegal or unknown text") {
  const CommandersGame game;
  State s = make_state(make_side("K Q A", "", {4}), make_side("Q J J Joker", "", {4}));
  Action a{};
  for (const std::string& text : action_texts(game, s)) {
    REQUIRE(find_action_by_text(game, s, text, a));
    CHECK(game.action_to_string(s, a) == text);
  }
  CHECK_FALSE(find_action_by_text(game, s, "J", a));       // no Jack in seat 0's castle
  CHECK_FALSE(find_action_by_text(game, s, "redraw", a));  // not in a battle
  CHECK_FALSE(find_action_by_text(game, s, "king", a));
  CHECK_FALSE(find_action_by_text(game, s, "", a));
  act(game, s, "Q");
  act(game, s, "Q");
  CHECK_FALSE(find_action_by_text(game, s, "K", a));
  REQUIRE(find_action_by_text(game, s, "stop", a));
  CHECK(a == Action::Stop);
}

TEST_CASE("commanders: the table of castle type sets counts and orders every set's types") {
  for (uint32_t types = 0; types < (1u << kCommanderTypes); ++types) {
    std::vector<int> listed;
    for (int c = 0; c < kCommanderTypes; ++c)
      if (types >> c & 1) listed.push_back(c);
    REQUIRE(kTypeSets.count[types] == listed.size());
    for (size_t n = 0; n < listed.size(); ++n) CHECK(kTypeSets.nth[types][n] == listed[n]);
  }
}
