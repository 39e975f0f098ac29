// Realms Fate cards: the deck, hidden hands, response windows after every roll, and what
// each card does.
#include <catch2/catch.hpp>

#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

// Odin next to Sinfjotli on open ground, both realms with six actions and no cards.
Scenario duel() {
  Scenario sc;
  sc.face_to_face(kOdin, kSinfjotli);
  return sc;
}

Realm to_act(const Scenario& sc) {
  return Realm(sc.s.realm_of_seat[size_t(sc.game.current_player(sc.s))]);
}

}  // namespace

TEST_CASE("realms fate: fourteen cards in five kinds, three in each hand") {
  const RealmsGame game = make_game({{"seat0_realm", "norsemen"}});
  const State s = game.initial_state(9);
  std::array<int, kFateKinds> count{};
  for (uint8_t c : s.deck) ++count[c];
  for (const Side& side : s.sides)
    for (int k = 0; k < kFateKinds; ++k) count[size_t(k)] += side.hand[size_t(k)];
  CHECK(count == std::array<int, kFateKinds>{2, 2, 4, 2, 4});
  CHECK(s.sides[Aesir].hand_size() == 3);
  CHECK(s.sides[Norsemen].hand_size() == 3);
}

TEST_CASE("realms fate: hands are hidden from the other realm") {
  Scenario sc;
  sc.give(Aesir, Plus6Defence);
  sc.give(Norsemen, RerollAll);
  const int aesir_seat = sc.s.seat_of(Aesir), norse_seat = sc.s.seat_of(Norsemen);
  const std::string aesir_view = sc.game.observation(sc.s, aesir_seat);
  CHECK(aesir_view.find("+6 defence") != std::string::npos);
  CHECK(aesir_view.find("re-roll all") == std::string::npos);
  CHECK(aesir_view.find("of 1 hidden cards") != std::string::npos);
  // Another Norse card of the same count looks the same to the Aesir.
  State other_hand = sc.s;
  other_hand.sides[Norsemen].hand = {0, 0, 0, 1, 0};
  CHECK(sc.game.observation(other_hand, aesir_seat) == aesir_view);
  CHECK(sc.game.observation(other_hand, norse_seat) != sc.game.observation(sc.s, norse_seat));
}

TEST_CASE("realms fate: both realms answer every roll, the roller first, until both pass") {
  Scenario sc = duel();
  sc.give(Aesir, Plus5);
  sc.give(Norsemen, Plus6Defence);
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Odin", "close-attack Sinfjotli");
  REQUIRE(sc.s.phase == Phase::Window);
  CHECK(to_act(sc) == Aesir);
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate +5 attack"});
  sc.play("pass");
  CHECK(to_act(sc) == Norsemen);
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate +6 defence"});
  sc.play("fate +6 defence");
  // A card played reopens the window for the other realm.
  CHECK(to_act(sc) == Aesir);
  CHECK(sc.s.combat.attack.defence_bonus == 6);
  sc.play("pass");
  // The Norsemen hold no cards now: they are not asked, and the window closes.
  CHECK(sc.s.phase == Phase::Main);
  CHECK(sc.s.discards[Plus6Defence] == 1);
  CHECK(sc.s.sides[Norsemen].fate_played[Plus6Defence] == 1);
}

TEST_CASE("realms fate: attack and defence bonuses change the wounds, never make twelves") {
  {
    Scenario sc = duel();
    sc.give(Aesir, Plus5);
    sc.give(Aesir, Plus6Attack);
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Odin", "close-attack Sinfjotli");
    sc.set_dice({11, 3, 2, 1});        // 17 against 18: a miss
    sc.play("fate +5 attack");         // 22: one wound
    sc.play("fate +6 attack");         // 28: still one
    CHECK(sc.s.phase == Phase::Main);  // nobody holds a card: the window closed
    CHECK(sc.wounds(kSinfjotli) == 1);
    CHECK(sc.s.sides[Aesir].hand_size() == 0);
  }
  {
    Scenario sc = duel();
    sc.give(Norsemen, Plus5);
    sc.give(Norsemen, Plus6Defence);
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Odin", "close-attack Sinfjotli");
    sc.set_dice({12, 11, 11, 10});  // 12 and 32 against 18: two wounds
    sc.play("fate +5 defence");     // 32 against 23: still two
    sc.play("fate +6 defence");     // 32 against 29: the twelve alone
    CHECK(sc.wounds(kSinfjotli) == 2);
  }
  {
    Scenario sc = duel();
    sc.give(Norsemen, Plus6Defence, 2);
    sc.s.sides[Norsemen].actions = 0;
    sc.order("Odin", "close-attack Sinfjotli");
    sc.set_dice({11, 11, 11, 10});
    sc.play("fate +6 defence");
    sc.play("fate +6 defence");  // no limit on cards at once: 43 against 30
    CHECK(sc.wounds(kSinfjotli) == 1);
  }
}

TEST_CASE("realms fate: re-rolls of all dice or one die, one's own or forced") {
  Scenario sc = duel();
  sc.give(Aesir, ActionsOrReroll);
  sc.give(Norsemen, RerollAll);
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Odin", "close-attack Sinfjotli");
  sc.set_dice({12, 12, 12, 9});
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate +3 actions", "fate re-roll one 12",
                                               "fate re-roll one 9"});
  sc.next_rolls({10});
  sc.play("fate re-roll one 9");
  CHECK(std::vector<int>(sc.s.combat.attack.dice.begin(), sc.s.combat.attack.dice.end()) ==
        std::vector<int>{12, 12, 12, 10});
  // The Norsemen force the Aesir to re-roll everything.
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate re-roll all"});
  sc.next_rolls({1, 2, 3, 4});
  sc.play("fate re-roll all");
  CHECK(sc.s.phase == Phase::Main);   // nobody holds a card: the window closed
  CHECK(sc.wounds(kSinfjotli) == 0);  // 1 2 3 4 instead of three twelves
}

TEST_CASE("realms fate: bonuses stay on a roll that is re-rolled") {
  Scenario sc = duel();
  sc.give(Aesir, Plus5);
  sc.give(Norsemen, RerollAll);
  sc.s.sides[Norsemen].actions = 0;
  sc.order("Odin", "close-attack Sinfjotli");
  sc.play("fate +5 attack");
  sc.next_rolls({9, 2, 1, 1});
  sc.play("fate re-roll all");
  CHECK(sc.s.phase == Phase::Main);
  CHECK(sc.wounds(kSinfjotli) == 1);  // 13 + 5
}

TEST_CASE("realms fate: +3 actions in the action phase and to pay for a counterattack") {
  Scenario sc = duel();
  sc.give(Aesir, ActionsOrReroll);
  sc.play("fate +3 actions");
  CHECK(sc.s.sides[Aesir].actions == 9);
  CHECK(sc.s.discards[ActionsOrReroll] == 1);

  // The Norsemen, out of actions, buy a counterattack in the attack's window.
  Scenario c = duel();
  c.give(Norsemen, ActionsOrReroll);
  c.s.sides[Norsemen].actions = 0;
  c.order("Odin", "close-attack Sinfjotli");
  REQUIRE(to_act(c) == Norsemen);  // the Aesir hold nothing
  c.play("fate +3 actions");
  CHECK(c.s.phase == Phase::Counter);
  c.play("counterattack");
  CHECK(c.s.sides[Norsemen].actions == 2);
}

TEST_CASE("realms fate: the counterattack's roll has its own window") {
  Scenario sc = duel();
  sc.give(Aesir, Plus6Defence);
  sc.give(Norsemen, Plus6Attack);
  sc.order("Odin", "close-attack Sinfjotli");
  sc.set_dice({1, 1, 1, 1});
  sc.play("pass");  // Aesir
  // The Norsemen may not add +6 attack to the Aesir's roll.
  CHECK(sc.legal() == std::vector<std::string>{"pass"});
  sc.play("pass");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.play("counterattack");
  REQUIRE(sc.s.phase == Phase::Window);
  CHECK(to_act(sc) == Norsemen);
  sc.set_dice({10, 9, 1, 1});  // 21 against Odin's 20
  sc.play("fate +6 attack");
  CHECK(sc.legal() == std::vector<std::string>{"pass", "fate +6 defence"});
  sc.play("fate +6 defence");  // 27 against 26
  CHECK(sc.s.phase == Phase::Main);
  CHECK(sc.wounds(kOdin) == 1);
}
