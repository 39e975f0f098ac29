// Realms combat: the rulebook's examples, dice pools and Forest, range and line of sight,
// counterattacks, simultaneous resolution, the Blood Cauldron and the end of the game.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

Roll roll_of(std::vector<int> dice, int attack_bonus = 0, int defence_bonus = 0) {
  Roll r;
  for (int d : dice) r.dice.push_back(uint8_t(d));
  r.attack_bonus = uint8_t(attack_bonus);
  r.defence_bonus = uint8_t(defence_bonus);
  return r;
}

// Odin next to Sinfjotli on open ground; the Norsemen cannot counterattack (no actions).
Scenario odin_against_sinfjotli() {
  Scenario sc;
  sc.face_to_face(kOdin, kSinfjotli);
  sc.s.sides[Norsemen].actions = 0;
  return sc;
}

}  // namespace

TEST_CASE("realms combat: the rulebook's examples of wounds") {
  // Odin's 31 exceeds Sinfjotli's defence of 18: one wound. 36 is two.
  CHECK(RealmsGame::wounds(roll_of({10, 10, 8, 3}), 18) == 1);
  CHECK(RealmsGame::wounds(roll_of({11, 11, 9, 5}), 18) == 2);
  CHECK(RealmsGame::wounds(roll_of({9, 9}), 18) == 1);  // equalling the defence wounds
  CHECK(RealmsGame::wounds(roll_of({9, 8}), 18) == 0);
  // Twelves are automatic wounds and are not totalled: 12 + 6 is one wound, not two.
  CHECK(RealmsGame::wounds(roll_of({12, 6}), 18) == 1);
  CHECK(RealmsGame::wounds(roll_of({12, 12, 5}), 18) == 2);
  CHECK(RealmsGame::wounds(roll_of({12, 11, 10}), 18) == 2);
  // Bonuses raise the total (never making twelves) and the defence.
  CHECK(RealmsGame::wounds(roll_of({10, 3}, 5), 18) == 1);
  CHECK(RealmsGame::wounds(roll_of({11, 11, 9, 5}, 0, 6), 18) == 1);
}

TEST_CASE("realms combat: Odin's attack on Sinfjotli as the rulebook tells it") {
  for (const auto& [dice, expected] : std::vector<std::pair<std::vector<int>, int>>{
           {{10, 10, 8, 3}, 1}, {{11, 11, 9, 5}, 2}, {{12, 12, 7, 2}, 2}, {{5, 4, 3, 2}, 0}}) {
    Scenario sc = odin_against_sinfjotli();
    sc.next_rolls(dice);
    sc.order("Odin", "close-attack Sinfjotli");
    CHECK(sc.wounds(kSinfjotli) == expected);
    CHECK(sc.s.sides[Aesir].blood == expected);
    CHECK(sc.s.counters[kOdin].damage == expected);
    CHECK(sc.s.sides[Aesir].actions == 5);
    CHECK(sc.figure(kOdin).attacked);
    CHECK(sc.s.phase == Phase::Main);
  }
}

TEST_CASE("realms combat: close attacks reach adjacent figures, once a turn per figure") {
  Scenario sc = odin_against_sinfjotli();
  sc.play("select Odin");
  CHECK(sc.legal("Odin close-attack Sinfjotli"));
  CHECK_FALSE(sc.legal("Odin close-attack Sigmund"));
  CHECK_FALSE(sc.legal("Odin ranged-attack Sinfjotli"));  // Odin has no ranged dice
  sc.play("Odin close-attack Sinfjotli");
  sc.play("select Odin");
  for (const std::string& text : sc.legal()) CHECK(text.find("attack") == std::string::npos);
}

TEST_CASE("realms combat: Forest adds four to defence and takes a die from attacks") {
  Scenario sc = odin_against_sinfjotli();
  CHECK(sc.game.defence(sc.s, kSinfjotli) == 18);
  CHECK(sc.game.attack_dice(sc.s, kOdin, kSinfjotli, false, false) == 4);
  sc.terrain("e4", Terrain::Forest);
  CHECK(sc.game.defence(sc.s, kSinfjotli) == 22);
  sc.terrain("d4", Terrain::Forest);
  CHECK(sc.game.attack_dice(sc.s, kOdin, kSinfjotli, false, false) == 3);
  CHECK(sc.game.attack_dice(sc.s, kOdin, kSinfjotli, false, true) == 3);  // counterattacks too
  // 36 against 22 is one wound, not two.
  sc.terrain("d4", Terrain::Plain);
  sc.next_rolls({11, 11, 9, 5});
  sc.order("Odin", "close-attack Sinfjotli");
  CHECK(sc.wounds(kSinfjotli) == 1);
}

TEST_CASE("realms combat: a figure with no dice left cannot attack") {
  const std::string path = "realms_combat_test_figures.toml";
  {
    std::ofstream out(path);
    const Roster standard = load_roster("standard");
    for (int k = 0; k < kFigureKinds; ++k) {
      FigureStats st = standard.stats[size_t(k)];
      if (k == Frigg) st.close = 1;
      out << "[" << figure_kind_name(FigureKind(k)) << "]\nclose = " << int(st.close)
          << "\nranged = " << int(st.ranged) << "\ndefence = " << int(st.defence)
          << "\nmovement = " << int(st.movement) << "\nhealth = " << int(st.health) << "\n";
    }
  }
  Scenario sc(std::map<std::string, std::string>{{"figures", path}});
  std::remove(path.c_str());
  sc.face_to_face(kFrigg, kSinfjotli);
  sc.play("select Frigg");
  CHECK(sc.legal("Frigg close-attack Sinfjotli"));
  sc.s.phase = Phase::Main;
  sc.terrain("d4", Terrain::Forest);
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSinfjotli, false));
  CHECK(sc.game.attack_dice(sc.s, kFrigg, kSinfjotli, false, false) == 0);
}

TEST_CASE("realms combat: ranged attacks need range two to four and a line of sight") {
  Scenario sc;
  for (const char* h : {"d4", "e4", "f4", "g4", "h4", "i4"}) sc.terrain(h, Terrain::Plain);
  sc.place(kFrigg, "d4");
  sc.s.sides[Norsemen].actions = 0;
  auto can_shoot = [&](const char* where) {
    sc.place(kSigmund, where);
    return sc.game.can_attack(sc.s, kFrigg, kSigmund, true);
  };
  CHECK_FALSE(can_shoot("e4"));  // adjacent: close only
  CHECK(can_shoot("f4"));
  CHECK(can_shoot("h4"));        // four hexes
  CHECK_FALSE(can_shoot("i4"));  // five
  // Intervening Forest, Mountain and figures (friend or foe) block; Water does not.
  sc.place(kSigmund, "h4");
  for (Terrain t : {Terrain::Forest, Terrain::Mountain}) {
    sc.terrain("f4", t);
    CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  }
  sc.terrain("f4", Terrain::Water);
  CHECK(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  sc.place(kThor, "g4");
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  sc.place(kThor, "c3");
  sc.place(kSinfjotli, "e4");
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  sc.place(kSinfjotli, "l5");
  // Figures in Forest are visible when nothing intervenes; so is a shooter in Forest.
  sc.terrain("h4", Terrain::Forest);
  sc.terrain("d4", Terrain::Forest);
  CHECK(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  CHECK(sc.game.attack_dice(sc.s, kFrigg, kSigmund, true, false) == 2);
}

TEST_CASE("realms combat: range counts the hexes the attack line passes through or along") {
  // The rulebook counts "the number of hexes the Attack line passes through and/or along the
  // edge of": the target's hex and both hexes of an edge the line runs along, not the
  // attacker's own hex (an adjacent figure is one hex away, close-attack range).
  const Scenario board_owner;  // the game owns the board: it must outlive `b`
  const Board& b = board_owner.game.board();
  auto range = [&](const char* from, const char* to) {
    return b.line_range(b.parse_hex(from), b.parse_hex(to));
  };
  CHECK(range("e4", "f4") == 1);
  CHECK(range("e4", "h4") == 3);  // f4, g4, h4
  CHECK(range("e4", "g3") == 3);  // along the edge of f3 and f4, then g3
  CHECK(range("e4", "i3") == 5);  // f4, g3, g4, h3, i3: four hexes away, five counted
  CHECK(range("e5", "a6") == 5);  // d5, c5, c6, b6, a6
  CHECK(range("a2", "a6") == 6);  // along a3|b3, through a4, along a5|b5, then a6
  CHECK(b.distance(b.parse_hex("e5"), b.parse_hex("a6")) == 4);

  // Hjordis on e5 and Frigg on a6 with a clear line between them: four hexes apart, out of
  // range by the rulebook's count, in range by hex distance.
  for (const auto& [count, in_range] : {std::pair{"line", false}, std::pair{"distance", true}}) {
    Scenario sc(std::map<std::string, std::string>{{"range", count}});
    INFO("range=" << count);
    for (const char* h : {"e5", "d5", "c5", "c6", "b6", "a6"}) sc.terrain(h, Terrain::Plain);
    sc.place(kValkyrie, "d3");  // off the line (it starts on c5)
    sc.game.set_figure_hex(sc.s, kFrigg, sc.hex("a6"));
    sc.place(kHjordis, "e5");
    REQUIRE(sc.game.line_of_sight(sc.s, sc.hex("e5"), sc.hex("a6")));
    CHECK(sc.game.can_attack(sc.s, kHjordis, kFrigg, true) == in_range);
    CHECK(sc.game.can_attack(sc.s, kFrigg, kHjordis, true) == in_range);
    sc.s.active = Norsemen;
    CHECK(sc.legal("select Hjordis"));
    sc.play("select Hjordis");
    CHECK(sc.legal("Hjordis ranged-attack Frigg") == in_range);
    // Four hexes along a row count four: in range either way.
    sc.terrain("d4", Terrain::Plain);
    sc.place(kOdin, "b2");  // off the row (he starts on b4)
    sc.game.set_figure_hex(sc.s, kHjordis, sc.hex("e4"));
    sc.game.set_figure_hex(sc.s, kFrigg, sc.hex("a4"));
    for (const char* h : {"b4", "c4", "d4"}) REQUIRE(sc.s.occupant[sc.hex(h)] == kNoFigure);
    CHECK(sc.game.can_attack(sc.s, kHjordis, kFrigg, true));
  }
}

TEST_CASE("realms combat: a line along a hex edge is blocked only when both hexes block") {
  Scenario sc;
  // e4 to g3 runs along the edge between f3 (Water) and f4 (Plain).
  sc.terrain("e4", Terrain::Plain);
  sc.place(kFrigg, "e4");
  sc.place(kSigmund, "g3");
  CHECK(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  sc.place(kThor, "f4");
  CHECK(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));  // only one side blocks
  sc.terrain("f3", Terrain::Mountain);
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));  // both sides block
  sc.place(kThor, "c3");
  CHECK(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
  sc.terrain("f4", Terrain::Forest);
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kSigmund, true));
}

TEST_CASE("realms combat: a line crossing an edge at an angle is blocked by either hex") {
  // Range by hex distance, which puts i3 (four hexes from e4, a count of five) in reach.
  Scenario sc(std::map<std::string, std::string>{{"range", "distance"}});
  // e4 to i3 crosses f4, g3, the Mountain g4 and h3: it passes through the inside of g3
  // and g4, so each blocks on its own, both for the attack and for the counterattack.
  for (const char* h : {"e4", "f4", "g3", "h3", "i3"}) sc.terrain(h, Terrain::Plain);
  REQUIRE(sc.s.terrain[sc.hex("g4")] == Terrain::Mountain);
  sc.place(kFrigg, "e4");
  sc.place(kVanguard, "i3");
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kVanguard, true));
  CHECK_FALSE(sc.game.can_attack(sc.s, kVanguard, kFrigg, true));
  sc.terrain("g4", Terrain::Plain);
  CHECK(sc.game.can_attack(sc.s, kFrigg, kVanguard, true));
  sc.place(kThor, "g3");
  CHECK_FALSE(sc.game.can_attack(sc.s, kFrigg, kVanguard, true));
  CHECK_FALSE(sc.game.can_attack(sc.s, kVanguard, kFrigg, true));
}

TEST_CASE("realms combat: counterattacks answer close with close and ranged with ranged") {
  Scenario sc;
  sc.face_to_face(kThor, kVanguard);
  sc.order("Thor", "close-attack Vanguard");
  REQUIRE(sc.s.phase == Phase::Counter);
  CHECK(sc.game.current_player(sc.s) == sc.s.seat_of(Norsemen));
  CHECK(sc.legal() == std::vector<std::string>{"counterattack", "no counterattack"});
  sc.set_dice({1, 1, 1, 1});
  sc.play("counterattack");
  // The Vanguard answers a close attack with its three close dice, not its two ranged.
  CHECK(sc.s.sides[Norsemen].actions == 5);
  CHECK(sc.s.phase == Phase::Main);
  CHECK(sc.figure(kVanguard).status == FigureStatus::Active);

  // A ranged attack is answered by ranged dice.
  Scenario r;
  for (const char* h : {"d4", "e4", "f4", "g4"}) r.terrain(h, Terrain::Plain);
  r.place(kFrigg, "d4");
  r.place(kVanguard, "g4");
  r.order("Frigg", "ranged-attack Vanguard");
  r.play("pass");  // Frigg's Foresight opens a window for the Aesir
  REQUIRE(r.s.phase == Phase::Counter);
  CHECK(r.game.attack_dice(r.s, kVanguard, kFrigg, true, true) == 2);
  // A figure without ranged dice cannot answer a ranged attack.
  Scenario n;
  for (const char* h : {"d4", "e4", "f4", "g4"}) n.terrain(h, Terrain::Plain);
  n.place(kFrigg, "d4");
  n.place(kSinfjotli, "g4");
  n.order("Frigg", "ranged-attack Sinfjotli");
  n.play("pass");
  CHECK(n.s.phase == Phase::Main);
  // Without actions there is no counterattack.
  Scenario z;
  z.s.sides[Norsemen].actions = 0;
  z.face_to_face(kThor, kVanguard);
  z.order("Thor", "close-attack Vanguard");
  CHECK(z.s.phase == Phase::Main);
}

TEST_CASE("realms combat: counterattacks are simultaneous and the killed still strike back") {
  Scenario sc;
  sc.face_to_face(kThor, kVanguard);
  sc.next_rolls({12, 3, 2, 1});  // kills the Vanguard (health 1)
  sc.order("Thor", "close-attack Vanguard");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({12, 9, 9});  // 12 + 18 against Thor's 18: two wounds
  sc.play("counterattack");
  CHECK(sc.figure(kVanguard).status == FigureStatus::Dead);
  CHECK(sc.s.occupant[sc.hex("e4")] == kNoFigure);
  CHECK(sc.wounds(kThor) == 2);
  CHECK(sc.s.sides[Aesir].blood == 1);  // a wound beyond health is not blood
  CHECK(sc.s.sides[Norsemen].blood == 2);
  CHECK(sc.s.counters[kThor].kills == 1);
  CHECK(sc.s.counters[kVanguard].deaths == 1);
  CHECK(sc.s.counters[kVanguard].damage == 2);
  CHECK(sc.s.phase == Phase::Main);
}

TEST_CASE("realms combat: killing the enemy ruler wins - in a double kill the attacker wins") {
  auto duel = [](int odin_wounds, int sigmund_wounds, std::vector<int> attack,
                 std::vector<int> counter) {
    Scenario sc;
    sc.face_to_face(kOdin, kSigmund);
    sc.s.figures[kOdin].wounds = uint8_t(odin_wounds);
    sc.s.figures[kSigmund].wounds = uint8_t(sigmund_wounds);
    sc.next_rolls(attack);
    sc.order("Odin", "close-attack Sigmund");
    if (sc.s.phase == Phase::Counter) {
      sc.next_rolls(counter);
      sc.play("counterattack");
    }
    return sc;
  };
  {
    const Scenario sc = duel(0, 4, {12, 1, 1, 1}, {1, 1, 1});
    CHECK(sc.game.is_terminal(sc.s));
    CHECK(sc.s.winner == Aesir);
    CHECK(sc.s.end_reason == EndReason::RulerKilled);
    CHECK(sc.game.returns(sc.s)[size_t(sc.s.seat_of(Aesir))] == 1.0);
  }
  {
    const Scenario sc = duel(4, 4, {12, 1, 1, 1}, {12, 1, 1});
    CHECK(sc.s.winner == Aesir);
    CHECK(sc.s.end_reason == EndReason::DoubleKill);
    CHECK(sc.figure(kOdin).status == FigureStatus::Dead);
    CHECK(sc.figure(kSigmund).status == FigureStatus::Dead);
  }
  {
    const Scenario sc = duel(4, 0, {1, 1, 1, 1}, {12, 1, 1});
    CHECK(sc.s.winner == Norsemen);
    CHECK(sc.s.end_reason == EndReason::RulerKilled);
  }
}

TEST_CASE("realms combat: nine blood with the ruler alive fills the Blood Cauldron") {
  Scenario sc;
  sc.face_to_face(kThor, kSinfjotli);
  sc.s.sides[Aesir].blood = 8;
  sc.s.sides[Norsemen].actions = 0;
  sc.next_rolls({12, 1, 1, 1});
  sc.order("Thor", "close-attack Sinfjotli");
  CHECK(sc.s.sides[Aesir].blood == 9);
  CHECK(sc.s.winner == Aesir);
  CHECK(sc.s.end_reason == EndReason::Cauldron);

  // The defender's counterattack can fill its own cauldron.
  Scenario d;
  d.face_to_face(kThor, kSinfjotli);
  d.s.sides[Norsemen].blood = 8;
  d.next_rolls({1, 1, 1, 1});
  d.order("Thor", "close-attack Sinfjotli");
  d.next_rolls({12, 1, 1, 1});
  d.play("counterattack");
  CHECK(d.s.winner == Norsemen);
  CHECK(d.s.end_reason == EndReason::Cauldron);

  // A configured cauldron size.
  Scenario c(std::map<std::string, std::string>{{"blood_to_win", "2"}});
  c.face_to_face(kThor, kSinfjotli);
  c.s.sides[Norsemen].actions = 0;
  c.next_rolls({12, 12, 1, 1});
  c.order("Thor", "close-attack Sinfjotli");
  CHECK(c.s.end_reason == EndReason::Cauldron);
}

TEST_CASE("realms combat: both cauldrons reaching nine in one combat: the attacker's first") {
  // The Aesir attack: both wound, both reach nine, the Aesir win.
  Scenario sc;
  sc.face_to_face(kThor, kSinfjotli);
  sc.s.sides[Aesir].blood = sc.s.sides[Norsemen].blood = 8;
  sc.next_rolls({12, 1, 1, 1});
  sc.order("Thor", "close-attack Sinfjotli");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({12, 1, 1, 1});
  sc.play("counterattack");
  CHECK(sc.s.sides[Aesir].blood == 9);
  CHECK(sc.s.sides[Norsemen].blood == 9);
  CHECK(sc.s.winner == Aesir);
  CHECK(sc.s.end_reason == EndReason::Cauldron);

  // The Norsemen attack: the Norsemen win.
  Scenario n;
  n.face_to_face(kThor, kVanguard);
  n.end_turn();
  n.empty_hands();
  n.s.sides[Aesir].blood = n.s.sides[Norsemen].blood = 8;
  n.next_rolls({12, 1, 1});
  n.order("Vanguard", "close-attack Thor");
  REQUIRE(n.s.phase == Phase::Counter);
  n.next_rolls({12, 1, 1, 1});
  n.play("counterattack");
  CHECK(n.s.sides[Aesir].blood == 9);
  CHECK(n.s.sides[Norsemen].blood == 9);
  CHECK(n.s.winner == Norsemen);
  CHECK(n.s.end_reason == EndReason::Cauldron);
}

TEST_CASE("realms combat: one figure counterattacks as often as its realm has actions") {
  Scenario sc;
  sc.face_to_face(kThor, kVanguard);
  sc.place(kOdin, "f4");
  sc.place(kValkyrie, "e5");
  sc.s.sides[Norsemen].actions = 2;
  for (const char* attacker : {"Thor", "Odin"}) {
    INFO(attacker << " attacks");
    sc.next_rolls({1, 1, 1, 1});
    sc.order(attacker, "close-attack Vanguard");
    REQUIRE(sc.s.phase == Phase::Counter);
    sc.next_rolls({1, 1, 1});
    sc.play("counterattack");
    CHECK(sc.s.phase == Phase::Main);
  }
  CHECK(sc.s.sides[Norsemen].actions == 0);
  CHECK_FALSE(sc.figure(kVanguard).attacked);  // counterattacks are not its attack
  CHECK(sc.s.counters[kVanguard].attacks == 0);
  // The third attack finds no action left to pay for an answer.
  sc.next_rolls({1, 1, 1});
  sc.order("Valkyrie", "close-attack Vanguard");
  CHECK(sc.s.phase == Phase::Main);
  CHECK(sc.figure(kVanguard).status == FigureStatus::Active);
}
