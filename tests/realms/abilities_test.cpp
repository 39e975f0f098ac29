// Realms figure abilities: All Seeing Eye, Foresight, Battle Born, Death Seekers, Revenge,
// Ancient Bloodline, The Hunter, Hit Them Hard and the two-Vanguard variant.
#include <catch2/catch.hpp>

#include <set>

#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

// Two figures face to face on open ground at d4 and e4.
Scenario facing(int aesir, int norse, std::map<std::string, std::string> config = {}) {
  Scenario sc(std::move(config));
  sc.face_to_face(aesir, norse);
  return sc;
}

}  // namespace

TEST_CASE("realms abilities: Odin's All Seeing Eye draws to four and discards one") {
  Scenario sc;
  sc.play("end turn");
  CHECK(sc.s.sides[Norsemen].hand_size() == 3);  // no eye for the Norsemen
  sc.s.sides[Aesir].hand = {};
  sc.play("end turn");
  REQUIRE(sc.s.phase == Phase::Discard);
  CHECK(sc.s.sides[Aesir].hand_size() == 4);
  const auto options = sc.legal();
  int kinds = 0;
  for (int k = 0; k < kFateKinds; ++k) kinds += sc.s.sides[Aesir].hand[size_t(k)] > 0;
  CHECK(options.size() == size_t(kinds));
  for (const std::string& o : options) CHECK(o.rfind("discard ", 0) == 0);
  const auto hand = sc.s.sides[Aesir].hand;
  sc.play(options.back());
  CHECK(sc.s.sides[Aesir].hand_size() == 3);
  CHECK(sc.s.phase == Phase::Main);
  int discarded = 0;
  for (int k = 0; k < kFateKinds; ++k) {
    discarded += sc.s.eye_discards[size_t(k)];
    CHECK(sc.s.eye_discards[size_t(k)] == hand[size_t(k)] - sc.s.sides[Aesir].hand[size_t(k)]);
  }
  CHECK(discarded == 1);
  CHECK(sc.s.discards == std::array<uint8_t, kFateKinds>{});  // face down, not with the played
}

TEST_CASE("realms abilities: Frigg's Foresight re-rolls one or all of her dice once a turn") {
  Scenario sc = facing(kFrigg, kSinfjotli);
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Frigg", "close-attack Sinfjotli");
  REQUIRE(sc.s.phase == Phase::Window);
  sc.set_dice({9, 2});
  CHECK(sc.legal() == std::vector<std::string>{"pass", "foresight re-roll all",
                                               "foresight re-roll one 9",
                                               "foresight re-roll one 2"});
  sc.next_rolls({11});
  sc.play("foresight re-roll one 2");
  CHECK(sc.s.sides[Aesir].foresight_used);
  CHECK(sc.s.phase == Phase::Main);   // used up: nobody has anything left to play
  CHECK(sc.wounds(kSinfjotli) == 1);  // 11 and 9 instead of 9 and 2
  // It returns in the next Aesir turn, not in a counterattack during the Norse turn.
  sc.end_turn();
  sc.empty_hands();
  sc.s.sides[Norsemen].quarry = kOdin;
  sc.order("Sinfjotli", "close-attack Frigg");
  sc.play("counterattack");
  CHECK(sc.s.phase == Phase::Main);  // no window: Foresight is for Frigg's attacks
  sc.end_turn();
  CHECK_FALSE(sc.s.sides[Aesir].foresight_used);
}

TEST_CASE("realms abilities: Thor's Battle Born against figures with more health left") {
  {
    Scenario sc = facing(kThor, kSigmund);  // 5 health against Thor's 4
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Thor", "close-attack Sigmund");
    REQUIRE(sc.s.phase == Phase::Window);
    sc.set_dice({8, 8, 3, 1});
    CHECK(sc.legal() ==
          std::vector<std::string>{"pass", "battle born re-roll all", "battle born re-roll one 8",
                                   "battle born re-roll one 3", "battle born re-roll one 1"});
    sc.next_rolls({12, 12, 12, 12});
    sc.play("battle born re-roll all");
    CHECK(sc.s.phase == Phase::Main);  // once per attack
    CHECK(sc.wounds(kSigmund) == 4);
  }
  {
    Scenario sc = facing(kThor, kHjordis);  // 4 against 4: no
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Thor", "close-attack Hjordis");
    CHECK(sc.s.phase == Phase::Main);
  }
  {
    Scenario sc = facing(kThor, kSinfjotli);  // wounded Thor: 2 left against 4
    sc.s.figures[kThor].wounds = 2;
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Thor", "close-attack Sinfjotli");
    CHECK(sc.legal("battle born re-roll all"));
  }
  {
    // His counterattacks too.
    Scenario sc = facing(kThor, kSigmund);
    sc.end_turn();
    sc.empty_hands();
    sc.order("Sigmund", "close-attack Thor");
    REQUIRE(sc.s.phase == Phase::Counter);
    sc.set_dice({1, 1, 1});
    sc.play("counterattack");
    REQUIRE(sc.s.phase == Phase::Window);
    CHECK(sc.legal("battle born re-roll all"));
  }
}

TEST_CASE("realms abilities: the Valkyrie's Death Seekers add a die against the wounded") {
  Scenario sc = facing(kValkyrie, kSinfjotli);
  CHECK(sc.game.attack_dice(sc.s, kValkyrie, kSinfjotli, false, false) == 3);
  sc.s.figures[kSinfjotli].wounds = 1;
  CHECK(sc.game.attack_dice(sc.s, kValkyrie, kSinfjotli, false, false) == 4);
  CHECK(sc.game.attack_dice(sc.s, kValkyrie, kSinfjotli, true, false) == 4);
  CHECK(sc.game.attack_dice(sc.s, kValkyrie, kSinfjotli, false, true) == 3);  // not counters
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Valkyrie", "close-attack Sinfjotli");
  CHECK(sc.s.counters[kValkyrie].attacks == 1);
}

TEST_CASE("realms abilities: Sigmund's Revenge for each Norseman dying near him") {
  Scenario sc = facing(kThor, kVanguard);
  sc.place(kSigmund, "f4");  // two hexes from e4
  sc.s.sides[Norsemen].actions = 0;
  sc.next_rolls({12, 1, 1, 1});
  sc.order("Thor", "close-attack Vanguard");
  CHECK(sc.figure(kVanguard).status == FigureStatus::Dead);
  CHECK(sc.s.sides[Norsemen].revenge_dice == 1);
  // A death three hexes away gives nothing.
  sc.place(kHjordis, "e4");
  sc.s.figures[kHjordis].wounds = 3;
  sc.s.sides[Norsemen].bloodline_used = true;
  sc.place(kSigmund, "h4");
  sc.place(kOdin, "e5");
  sc.next_rolls({12, 12, 1, 1});
  sc.order("Odin", "close-attack Hjordis");
  CHECK(sc.figure(kHjordis).status == FigureStatus::Dead);
  CHECK(sc.s.sides[Norsemen].revenge_dice == 1);
  // Sigmund's next attack has one die more, and spends it.
  sc.end_turn();
  sc.empty_hands();
  sc.place(kSigmund, "e4");
  CHECK(sc.game.attack_dice(sc.s, kSigmund, kThor, false, false) == 4);
  CHECK(sc.game.attack_dice(sc.s, kSigmund, kThor, false, true) == 3);
  sc.order("Sigmund", "close-attack Thor");
  REQUIRE(sc.s.phase == Phase::Counter);
  CHECK(sc.s.combat.attack.dice.size() == 4u);
  CHECK(sc.s.sides[Norsemen].revenge_dice == 0);
}

TEST_CASE("realms abilities: Hjordis ignores one wound of one attack in each player's turn") {
  Scenario sc = facing(kThor, kHjordis);
  sc.place(kOdin, "e3");
  sc.s.sides[Norsemen].actions = 0;
  sc.next_rolls({12, 12, 1, 1});
  sc.order("Thor", "close-attack Hjordis");
  CHECK(sc.wounds(kHjordis) == 1);  // two wounds, one ignored
  CHECK(sc.s.sides[Aesir].blood == 1);
  CHECK(sc.s.sides[Norsemen].bloodline_used);
  sc.next_rolls({12, 1, 1, 1});
  sc.order("Odin", "close-attack Hjordis");
  CHECK(sc.wounds(kHjordis) == 2);  // the second attack this turn wounds fully
  // A new turn (the Norsemen's) brings it back.
  sc.end_turn();
  CHECK_FALSE(sc.s.sides[Norsemen].bloodline_used);
}

TEST_CASE("realms abilities: Ancient Bloodline ignores one of the attack's wounds, then health") {
  // "Ignore one Wound from one Attack": the wound comes off what the attack inflicts, before
  // the wounds are capped at the health she has left. Hjordis with one health left, hit for
  // two wounds, ignores one and dies of the other; the cap first would have left one wound to
  // ignore and let her live.
  Scenario sc = facing(kThor, kHjordis);
  sc.s.sides[Norsemen].actions = 0;
  sc.s.figures[kHjordis].wounds = 3;
  // The blood of those wounds, as if Thor had dealt them.
  sc.s.sides[Aesir].blood = 3;
  sc.s.counters[kThor].damage = 3;
  sc.s.counters[kHjordis].wounds_taken = 3;
  sc.next_rolls({12, 12, 1, 1});
  sc.order("Thor", "close-attack Hjordis");
  CHECK(sc.s.sides[Norsemen].bloodline_used);
  CHECK(sc.figure(kHjordis).status == FigureStatus::Dead);
  CHECK(sc.s.sides[Aesir].blood == 4);
  CHECK(sc.game.broken_invariant(sc.s).empty());
}

TEST_CASE("realms abilities: Sinfjotli the Hunter chooses a quarry and re-rolls against it") {
  Scenario sc = facing(kValkyrie, kSinfjotli);
  sc.end_turn();
  sc.empty_hands();
  sc.place(kThor, "f4");
  sc.s.sides[Aesir].actions = 0;
  sc.next_rolls({1, 1, 1, 1});
  sc.play("select Sinfjotli");
  sc.play("Sinfjotli close-attack Valkyrie");
  REQUIRE(sc.s.phase == Phase::Quarry);
  CHECK(sc.legal() ==
        std::vector<std::string>{"quarry Odin", "quarry Frigg", "quarry Thor", "quarry Valkyrie"});
  sc.play("quarry Thor");
  CHECK(sc.s.sides[Norsemen].quarry == kThor);
  // The Valkyrie is not his quarry: no Hunter's re-roll.
  CHECK(sc.s.phase == Phase::Main);

  // Next Norse turn he attacks Thor, his quarry.
  sc.end_turn();
  sc.end_turn();
  sc.empty_hands();
  sc.s.sides[Aesir].actions = 0;
  sc.order("Sinfjotli", "close-attack Thor");
  REQUIRE(sc.s.phase == Phase::Window);
  sc.set_dice({7, 7, 3, 1});
  // Every set of dice once: none to two sevens, with or without the 3 and the 1.
  std::vector<std::string> hunter;
  for (const std::string& t : sc.legal())
    if (t.rfind("hunter", 0) == 0) hunter.push_back(t);
  CHECK(hunter.size() == 11u);
  CHECK(std::set<std::string>(hunter.begin(), hunter.end()).size() == 11u);
  CHECK(sc.legal("hunter re-roll 3 1"));
  CHECK(sc.legal("hunter re-roll 7 7 3 1"));
  CHECK(sc.legal("hunter re-roll 7 3"));
  sc.next_rolls({12, 12});
  sc.play("hunter re-roll 3 1");
  CHECK(sc.s.phase == Phase::Main);  // once per attack
  CHECK(sc.wounds(kThor) == 2 + 0);  // 12 12 and 14 against 18
  // When the quarry dies he chooses again.
  sc.s.figures[kThor].wounds = 3;
  sc.end_turn();
  sc.end_turn();
  sc.empty_hands();
  sc.s.sides[Aesir].actions = 0;
  sc.next_rolls({12, 1, 1, 1});
  sc.order("Sinfjotli", "close-attack Thor");
  sc.play("pass");  // no Hunter's re-roll this time
  CHECK(sc.figure(kThor).status == FigureStatus::Dead);
  CHECK(sc.s.sides[Norsemen].quarry == kNoFigure);
}

TEST_CASE("realms abilities: the Vanguard's Hit Them Hard needs the two-Vanguard variant") {
  Scenario single = facing(kThor, kVanguard);
  CHECK(single.figure(kVanguard2).status == FigureStatus::Absent);
  CHECK(single.game.attack_dice(single.s, kVanguard, kThor, false, false) == 3);

  Scenario sc = facing(kThor, kVanguard, {{"vanguards", "2"}});
  REQUIRE(sc.figure(kVanguard2).status == FigureStatus::Active);
  sc.place(kVanguard2, "g5");  // two hexes from e4
  CHECK(sc.game.attack_dice(sc.s, kVanguard, kThor, false, false) == 4);
  CHECK(sc.game.attack_dice(sc.s, kVanguard, kThor, true, false) == 2);  // close attacks only
  CHECK(sc.game.attack_dice(sc.s, kVanguard, kThor, false, true) == 3);  // not counters
  sc.place(kVanguard2, "h5");                                            // three hexes
  CHECK(sc.game.attack_dice(sc.s, kVanguard, kThor, false, false) == 3);
  // The Norsemen rally the first fallen Vanguard first.
  sc.end_turn();
  sc.kill(kVanguard);
  sc.kill(kVanguard2);
  CHECK(sc.legal("rally Vanguard at l3"));
  CHECK_FALSE(sc.legal("rally Vanguard2 at l3"));
  sc.play("rally Vanguard at l3");
  sc.end_turn();
  sc.end_turn();
  CHECK(sc.legal("rally Vanguard2 at m3"));
}

TEST_CASE("realms abilities: Hjordis's Ancient Bloodline also ignores a counterattack's wound") {
  Scenario sc = facing(kThor, kHjordis);
  sc.end_turn();
  sc.empty_hands();
  sc.next_rolls({1, 1, 1});
  sc.order("Hjordis", "close-attack Thor");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({12, 12, 1, 1});
  sc.play("counterattack");
  CHECK(sc.wounds(kHjordis) == 1);  // two wounds, one ignored
  CHECK(sc.s.sides[Aesir].blood == 1);
  CHECK(sc.s.sides[Norsemen].bloodline_used);
  CHECK(sc.wounds(kThor) == 0);
}

TEST_CASE("realms abilities: Revenge for a Norseman killed by a counterattack") {
  Scenario sc = facing(kThor, kVanguard);
  sc.place(kSigmund, "f4");  // next to the Vanguard on e4
  sc.end_turn();
  sc.empty_hands();
  sc.next_rolls({1, 1, 1});
  sc.order("Vanguard", "close-attack Thor");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({12, 1, 1, 1});
  sc.play("counterattack");
  CHECK(sc.figure(kVanguard).status == FigureStatus::Dead);
  CHECK(sc.s.sides[Norsemen].revenge_dice == 1);
  CHECK(sc.game.attack_dice(sc.s, kSigmund, kThor, false, false) == 4);
}

TEST_CASE("realms abilities: The Hunter does not re-roll Sinfjotli's counterattacks") {
  Scenario sc = facing(kThor, kSinfjotli);
  sc.s.sides[Norsemen].quarry = kThor;
  sc.give(Norsemen, Plus5);  // so that the Norsemen are asked in the counterattack's window
  sc.next_rolls({1, 1, 1, 1});
  sc.order("Thor", "close-attack Sinfjotli");
  REQUIRE(sc.s.phase == Phase::Window);  // the Norsemen may answer Thor's roll
  sc.play("pass");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({7, 7, 3, 1});
  sc.play("counterattack");
  REQUIRE(sc.s.phase == Phase::Window);
  REQUIRE(sc.s.window_roll == RollKind::Counter);
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate +5 attack"});
}
