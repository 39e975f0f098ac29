// Realms rules outside combat: setup, config, turns and the Resource Phase, movement,
// terrain, transforming hexes and Rally.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "agents/agent.hpp"
#include "core/error.hpp"
#include "tests/realms/grid_map.hpp"
#include "tests/realms/scenario.hpp"

using namespace nf;
using namespace nf::realms;
using namespace nf::realms::test;

namespace {

std::set<std::string> move_targets(const Scenario& sc, int slot) {
  FixedVector<uint8_t, kMaxHexes> hexes;
  sc.game.reachable(sc.s, slot, hexes);
  std::set<std::string> out;
  for (uint8_t h : hexes) out.insert(sc.game.board().hex_name(h));
  return out;
}

// An independent statement of the movement rule: every walk of at most `movement` steps
// through passable hexes (no Mountain, half hex or enemy; no step out of Water except the
// first) that ends on an empty hex other than the start. Walks are pruned only when they
// reach a hex with no more steps left than an earlier walk had there.
void walks(const RealmsGame& g, const State& s, int slot, uint8_t at, int left, bool first,
           std::set<std::string>& out, std::array<int, kMaxHexes>& best_left) {
  if (left <= best_left[at]) return;
  best_left[at] = left;
  if (!first && s.occupant[at] == kNoFigure) out.insert(g.board().hex_name(at));
  if (left == 0 || (!first && s.terrain[at] == Terrain::Water)) return;
  for (uint8_t n : g.board().neighbours(at)) {
    if (g.board().hex(n).half || s.terrain[n] == Terrain::Mountain) continue;
    if (s.occupant[n] != kNoFigure && slot_realm(s.occupant[n]) != slot_realm(slot)) continue;
    walks(g, s, slot, n, left - 1, false, out, best_left);
  }
}

}  // namespace

TEST_CASE("realms rules: a new game sets up the formations, hands and actions") {
  const RealmsGame game = make_game();
  const State s = game.initial_state(5);
  CHECK(s.realm_of_seat[0] == Aesir);
  CHECK(s.active == Aesir);
  CHECK(s.turn == 1);
  for (Realm r : {Aesir, Norsemen})
    for (const Placement& p : game.board().formation(r)) {
      const int slot = p.extra ? kExtraVanguardSlot : int(p.kind);
      CHECK(s.figures[size_t(slot)].status ==
            (p.extra ? FigureStatus::Absent : FigureStatus::Active));
      if (!p.extra) CHECK(s.occupant[p.hex] == slot);
    }
  // Odin's All Seeing Eye: the Aesir hold four and must discard one; the Norsemen hold three
  // and have no actions until their first turn.
  CHECK(s.phase == Phase::Discard);
  CHECK(s.sides[Aesir].hand_size() == 4);
  CHECK(s.sides[Norsemen].hand_size() == 3);
  CHECK(s.deck.size() == size_t(kFateCards - 7));
  CHECK(s.sides[Aesir].actions == 6);
  CHECK(s.sides[Norsemen].actions == 0);
  CHECK(game.current_player(s) == 0);

  const RealmsGame norse_first = make_game({{"seat0_realm", "norsemen"}});
  const State t = norse_first.initial_state(5);
  CHECK(t.realm_of_seat[0] == Norsemen);
  CHECK(t.active == Norsemen);
  CHECK(t.phase == Phase::Main);
  CHECK(t.sides[Norsemen].hand_size() == 3);
  CHECK(t.sides[Aesir].hand_size() == 3);
}

TEST_CASE("realms rules: seat0_realm=random draws the realms from the deal seed") {
  const RealmsGame game = make_game({{"seat0_realm", "random"}});
  int aesir_first = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const State s = game.initial_state(seed);
    CHECK(s.realm_of_seat[0] == game.initial_state(seed).realm_of_seat[0]);
    CHECK(s.realm_of_seat[1] == other(s.realm_of_seat[0]));
    CHECK(s.active == s.realm_of_seat[0]);
    aesir_first += s.realm_of_seat[0] == Aesir;
  }
  CHECK(aesir_first > 70);
  CHECK(aesir_first < 130);
}

TEST_CASE("realms rules: bad configs are clear errors") {
  auto error = [](std::map<std::string, std::string> config) {
    try {
      make_game(config);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error({{"map", "nowhere"}}).find("unknown map 'nowhere'") == 0);
  CHECK(error({{"vanguards", "3"}}) ==
        "realms test: vanguards=3: out of range (expected integer in [1, 2])");
  CHECK(error({{"seat0_realm", "giants"}}).find("seat0_realm=giants: not one of the choices") !=
        std::string::npos);
  CHECK(error({{"range", "diagonal"}}) ==
        "realms test: range=diagonal: not one of the choices (expected one of line, distance)");
  CHECK(make_game({}).range_count() == RangeCount::Line);
  CHECK(make_game({{"range", "distance"}}).range_count() == RangeCount::Distance);
  CHECK(make_game({{"map", "crossing"}}).board().name() == "Crossing");
  CHECK(make_game({{"vanguards", "2"}}).initial_state(1).figures[kVanguard2].status ==
        FigureStatus::Active);
}

TEST_CASE("realms rules: movement passes friends, stops at enemies, Mountains and Water") {
  Scenario sc;
  sc.place(kThor, "d4");
  sc.terrain("e4", Terrain::Plain);
  sc.terrain("e3", Terrain::Mountain);
  sc.terrain("e5", Terrain::Mountain);
  CHECK(move_targets(sc, kThor).count("f4") == 1);  // d4 e4 f4
  CHECK(move_targets(sc, kThor).count("e3") == 0);  // Mountains are never entered

  // Water ends a move: with e4 Water the other ways to f4 are longer than five.
  sc.terrain("e4", Terrain::Water);
  CHECK(move_targets(sc, kThor).count("e4") == 1);
  CHECK(move_targets(sc, kThor).count("f4") == 0);

  // An enemy blocks the way; a friend may be passed but not joined.
  sc.terrain("e4", Terrain::Plain);
  sc.place(kSigmund, "e4");
  CHECK(move_targets(sc, kThor).count("f4") == 0);
  sc.place(kSigmund, "l4");
  sc.place(kFrigg, "e4");
  CHECK(move_targets(sc, kThor).count("f4") == 1);
  CHECK(move_targets(sc, kThor).count("e4") == 0);

  // A figure in Water moves one hex.
  sc.place(kThor, "f3");
  std::set<std::string> one_step;
  for (uint8_t n : sc.game.board().neighbours(sc.hex("f3")))
    if (sc.s.occupant[n] == kNoFigure && sc.s.terrain[n] != Terrain::Mountain)
      one_step.insert(sc.game.board().hex_name(n));
  CHECK(move_targets(sc, kThor) == one_step);
}

TEST_CASE("realms rules: reachable hexes match every legal walk in random positions") {
  // Maps of two, three and four words of hex set: Vigridr, Crossing and the tallest map.
  const std::string tall = (std::filesystem::temp_directory_path() / "realms_tall_map.toml");
  std::ofstream(tall) << grid_map(12, kMaxRows);
  for (const std::string& map : {std::string("vigridr"), std::string("crossing"), tall}) {
    INFO("map " << map);
    const RealmsGame game = make_game({{"seat0_realm", "random"}, {"map", map}});
    const RandomPolicy<RealmsGame> random(game);
    Rng rng(3);
    int checked = 0;
    for (uint64_t seed = 0; seed < 30; ++seed) {
      State s = game.initial_state(seed);
      for (int step = 0; step < 400 && !game.is_terminal(s); ++step) {
        if (step % 7 == 0)
          for (int slot = 0; slot < kMaxFigures; ++slot) {
            if (s.figures[size_t(slot)].status != FigureStatus::Active) continue;
            FixedVector<uint8_t, kMaxHexes> hexes;
            game.reachable(s, slot, hexes);
            std::set<std::string> got, expected;
            for (uint8_t h : hexes) got.insert(game.board().hex_name(h));
            const uint8_t at = s.figures[size_t(slot)].hex;
            std::array<int, kMaxHexes> best_left;
            best_left.fill(-1);
            walks(game, s, slot, at,
                  s.terrain[at] == Terrain::Water ? 1 : game.stats(slot).movement, true, expected,
                  best_left);
            REQUIRE(got == expected);
            ++checked;
          }
        game.apply(s, random.choose(s, rng));
      }
    }
    CHECK(checked > 500);
  }
  std::filesystem::remove(tall);
}

TEST_CASE("realms rules: a move costs one action and each figure moves once a turn") {
  Scenario sc;
  sc.order("Thor", "move d3");
  CHECK(sc.figure(kThor).hex == sc.hex("d3"));
  CHECK(sc.s.occupant[sc.hex("c3")] == kNoFigure);
  CHECK(sc.s.sides[Aesir].actions == 5);
  CHECK(sc.s.phase == Phase::Main);
  sc.play("select Thor");
  for (const std::string& text : sc.legal()) CHECK(text.find("Thor move") == std::string::npos);
}

TEST_CASE("realms rules: a figure with nothing left to do cannot be selected") {
  Scenario sc;
  sc.s.sides[Aesir].actions = 0;
  CHECK(sc.legal() == std::vector<std::string>{"end turn"});
  sc.s.sides[Aesir].actions = 1;
  for (int slot : {kOdin, kFrigg, kThor, kValkyrie}) sc.s.figures[size_t(slot)].moved = true;
  CHECK(sc.legal() == std::vector<std::string>{"end turn"});  // no enemy in reach either
}

TEST_CASE(
    "realms rules: transforming an empty adjacent hex costs three actions and a terrain hex") {
  Scenario sc;
  sc.place(kThor, "d4");
  sc.place(kValkyrie, "d5");
  sc.play("select Thor");
  CHECK(sc.legal("Thor transform d3 to forest"));
  CHECK(sc.legal("Thor transform d3 to water"));
  CHECK_FALSE(sc.legal("Thor transform d3 to plain"));   // it is Plain already
  CHECK_FALSE(sc.legal("Thor transform d5 to forest"));  // the Valkyrie stands there
  CHECK(sc.legal("Thor transform e4 to plain"));         // Forest into Plain
  sc.play("Thor transform d3 to forest");
  CHECK(sc.s.terrain[sc.hex("d3")] == Terrain::Forest);
  const Board& board = sc.game.board();
  CHECK(sc.s.terrain_planes.of(Terrain::Forest, board.all_hexes())
            .contains(board.cell(sc.hex("d3"))));
  CHECK(sc.game.broken_invariant(sc.s).empty());
  CHECK(sc.s.supply[size_t(Terrain::Forest)] == 1);
  CHECK(sc.s.sides[Aesir].actions == 3);
  sc.play("select Thor");
  sc.play("Thor transform e5 to forest");
  CHECK(sc.s.supply[size_t(Terrain::Forest)] == 0);
  CHECK(sc.s.sides[Aesir].actions == 0);
  sc.s.sides[Aesir].actions = 6;
  sc.play("select Thor");
  for (const std::string& text : sc.legal()) CHECK(text.find("to forest") == std::string::npos);
  // Half hexes are never transformed: a3 is the half hex next to b3.
  sc.play("Thor move e3");
  sc.place(kFrigg, "b3");
  sc.play("select Frigg");
  CHECK(sc.legal("Frigg transform b2 to water"));
  CHECK_FALSE(sc.legal("Frigg transform a3 to water"));
}

TEST_CASE("realms rules: a Mountain may be transformed, and then it is open ground") {
  Scenario sc;
  REQUIRE(sc.s.terrain[sc.hex("g4")] == Terrain::Mountain);
  sc.place(kThor, "f4");
  sc.play("select Thor");
  CHECK_FALSE(sc.legal("Thor move g4"));
  for (const char* t : {"plain", "forest", "water"})
    CHECK(sc.legal(std::string("Thor transform g4 to ") + t));
  sc.play("Thor transform g4 to plain");
  CHECK(sc.s.terrain[sc.hex("g4")] == Terrain::Plain);
  CHECK(sc.s.supply[size_t(Terrain::Plain)] == 1);
  CHECK(sc.s.sides[Aesir].actions == 3);
  sc.play("select Thor");
  CHECK(sc.legal("Thor move g4"));
}

TEST_CASE("realms rules: a transformed hex may be transformed again") {
  // "Transform any empty hex adjacent to one of your Figures": a hex already transformed is
  // such a hex. Each transform takes a terrain hex from the supply; the one placed before stays.
  Scenario sc;
  sc.place(kThor, "d4");
  sc.play("select Thor");
  sc.play("Thor transform d3 to forest");
  sc.play("select Thor");
  CHECK_FALSE(sc.legal("Thor transform d3 to forest"));  // Forest already
  CHECK(sc.legal("Thor transform d3 to plain"));
  sc.play("Thor transform d3 to water");
  CHECK(sc.s.terrain[sc.hex("d3")] == Terrain::Water);
  CHECK(sc.s.supply[size_t(Terrain::Forest)] == 1);
  CHECK(sc.s.supply[size_t(Terrain::Water)] == 1);
  CHECK(sc.s.sides[Aesir].actions == 0);
  CHECK(sc.game.broken_invariant(sc.s).empty());
}

TEST_CASE("realms rules: no Rally while every hex of the realm tile is taken") {
  Scenario sc;
  sc.kill(kValkyrie);
  // Odin, Frigg and Thor stand on the Aesir tile; the four Norsemen fill the rest of it.
  std::vector<uint8_t> free;
  for (uint8_t h : sc.game.board().tile(Aesir))
    if (sc.s.occupant[h] == kNoFigure) free.push_back(h);
  REQUIRE(free.size() == 4);
  const std::array<int, 4> norse = {kSigmund, kHjordis, kSinfjotli, kVanguard};
  for (size_t i = 0; i < free.size(); ++i) sc.place(norse[i], sc.game.board().hex_name(free[i]));
  for (const std::string& text : sc.legal()) CHECK(text.find("rally") == std::string::npos);
  // One hex freed: the Valkyrie may come back there, and only there.
  sc.place(kVanguard, "h4");
  std::vector<std::string> rallies;
  for (const std::string& text : sc.legal())
    if (text.find("rally") == 0) rallies.push_back(text);
  CHECK(rallies ==
        std::vector<std::string>{"rally Valkyrie at " + sc.game.board().hex_name(free[3])});
}

TEST_CASE("realms rules: Rally returns a fallen warrior to its realm tile once a turn") {
  Scenario sc;
  for (const std::string& text : sc.legal()) CHECK(text.find("rally") == std::string::npos);
  sc.s.figures[kValkyrie].wounds = 1;
  sc.kill(kValkyrie);
  int options = 0;
  for (uint8_t h : sc.game.board().tile(Aesir))
    if (sc.s.occupant[h] == kNoFigure) {
      CHECK(sc.legal("rally Valkyrie at " + sc.game.board().hex_name(h)));
      ++options;
    }
  CHECK(options == 4);  // seven tile hexes, three taken
  sc.play("rally Valkyrie at c5");
  CHECK(sc.figure(kValkyrie).status == FigureStatus::Active);
  CHECK(sc.figure(kValkyrie).wounds == 0);
  CHECK(sc.figure(kValkyrie).hex == sc.hex("c5"));
  CHECK(sc.s.sides[Aesir].actions == 5);
  // It may act at once; a second Rally waits for the next turn.
  sc.order("Valkyrie", "move e5");
  sc.kill(kValkyrie);
  for (const std::string& text : sc.legal()) CHECK(text.find("rally") == std::string::npos);
  sc.end_turn();
  sc.end_turn();
  CHECK(sc.legal("rally Valkyrie at c5"));
  // The Norsemen rally their Vanguard.
  sc.end_turn();
  sc.kill(kVanguard);
  CHECK(sc.legal("rally Vanguard at m3"));
}

TEST_CASE("realms rules: a rallied warrior keeps the move and attack it spent before it fell") {
  // "A Figure may only move and attack once" (a turn): the Valkyrie moves, attacks, dies to the
  // counterattack and is rallied in the same turn; she may not move or attack again.
  Scenario sc;
  sc.terrain("d4", Terrain::Plain);
  sc.terrain("e4", Terrain::Plain);
  sc.place(kVanguard, "e4");
  sc.order("Valkyrie", "move d4");
  sc.next_rolls({1, 1, 1});
  sc.order("Valkyrie", "close-attack Vanguard");
  REQUIRE(sc.s.phase == Phase::Counter);
  sc.next_rolls({12, 1, 1});  // an automatic wound: the Valkyrie (health 1) dies
  sc.play("counterattack");
  REQUIRE(sc.figure(kValkyrie).status == FigureStatus::Dead);
  sc.play("rally Valkyrie at c5");
  CHECK(sc.figure(kValkyrie).status == FigureStatus::Active);
  CHECK(sc.figure(kValkyrie).moved);
  CHECK(sc.figure(kValkyrie).attacked);
  // Nothing left for her this turn once fewer than a transform's three actions are left.
  CHECK(sc.s.sides[Aesir].actions == 3);  // six less the move, the attack and the Rally
  sc.s.sides[Aesir].actions = 2;
  CHECK_FALSE(sc.legal("select Valkyrie"));
  // A warrior that fell before acting this turn may move and attack once rallied.
  sc.end_turn();
  sc.end_turn();
  CHECK_FALSE(sc.figure(kValkyrie).moved);
  CHECK_FALSE(sc.figure(kValkyrie).attacked);
  sc.kill(kValkyrie);
  sc.play("rally Valkyrie at c5");
  CHECK(sc.legal("select Valkyrie"));
}

TEST_CASE("realms rules: the Resource Phase resets actions and refills the Fate hand") {
  Scenario sc;
  sc.s.sides[Aesir].actions = 2;
  sc.s.sides[Norsemen].actions = 1;
  sc.s.sides[Norsemen].hand = {1, 0, 0, 0, 0};
  sc.s.deck.erase_at(0);
  sc.order("Thor", "move d3");
  sc.play("end turn");
  // Aesir keep their unspent action for counterattacks; the Norsemen start afresh.
  CHECK(sc.s.active == Norsemen);
  CHECK(sc.s.sides[Aesir].actions == 1);
  CHECK(sc.s.sides[Norsemen].actions == 6);
  CHECK(sc.s.sides[Norsemen].hand_size() == 3);
  CHECK(sc.figure(kThor).moved);  // reset at the Aesir's own next turn
  sc.end_turn();
  CHECK_FALSE(sc.figure(kThor).moved);
}

TEST_CASE("realms rules: an empty Fate deck is rebuilt from the discards") {
  Scenario sc;
  sc.s.deck.clear();
  sc.s.discards = {2, 2, 3, 2, 4};
  sc.s.eye_discards = {0, 0, 1, 0, 0};  // the All Seeing Eye's go back in too
  sc.s.sides[Aesir].hand = {};
  sc.play("end turn");
  CHECK(sc.s.sides[Norsemen].hand_size() == 3);
  CHECK(sc.s.deck.size() == 11u);
  CHECK(sc.s.discards == std::array<uint8_t, kFateKinds>{});
  CHECK(sc.s.eye_discards == std::array<uint8_t, kFateKinds>{});
}

TEST_CASE("realms rules: the turn cap ends the game in a draw") {
  Scenario sc(std::map<std::string, std::string>{{"turn_cap", "3"}});
  sc.s.turn = 1;
  sc.end_turn();
  sc.end_turn();
  CHECK_FALSE(sc.game.is_terminal(sc.s));
  sc.end_turn();
  CHECK(sc.game.is_terminal(sc.s));
  CHECK(sc.s.end_reason == EndReason::TurnCap);
  CHECK(sc.game.returns(sc.s) == Returns<2>{0.0, 0.0});
}
