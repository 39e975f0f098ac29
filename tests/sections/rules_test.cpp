// Scenario tests: every rule of "9" (docs/games/sections.md) on positions built by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <set>

#include "core/error.hpp"
#include "tests/sections/helpers.hpp"

using namespace nf;
using namespace nf::sections;
using namespace nf::sections::test;

TEST_CASE("sections: 36 slots, one per edge cell and side, corner cells feed two") {
  std::map<int, int> slots_per_entry;
  std::set<std::string> names;
  for (int slot = 0; slot < kSlots; ++slot) {
    const int entry = entry_cell(slot);
    CHECK(is_edge(entry));
    ++slots_per_entry[entry];
    // A slot's line runs straight across the board to the opposite edge.
    const int far = path_cell(slot, kSize - 1);
    CHECK(is_edge(far));
    CHECK((row_of(far) == row_of(entry) || col_of(far) == col_of(entry)));
    CHECK(std::abs(row_of(far) - row_of(entry)) + std::abs(col_of(far) - col_of(entry)) == 8);
    names.insert(slot_name(slot));
    CHECK(parse_slot(slot_name(slot)) == slot);
  }
  CHECK(names.size() == size_t(kSlots));
  int edge_cells = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    CHECK(parse_cell(cell_name(cell)) == cell);
    if (!is_edge(cell)) continue;
    ++edge_cells;
    const bool corner =
        (row_of(cell) == 0 || row_of(cell) == 8) && (col_of(cell) == 0 || col_of(cell) == 8);
    CHECK(slots_per_entry[cell] == (corner ? 2 : 1));
  }
  CHECK(edge_cells == 32);
  CHECK(slot_name(0) == "Ta");
  CHECK(slot_name(kSlots - 1) == "R9");
  CHECK(entry_cell(parse_slot("Bc")) == parse_cell("c9"));
  CHECK(entry_cell(parse_slot("R4")) == parse_cell("i4"));
  CHECK(parse_cell("j1") == -1);
  CHECK(parse_slot("T1") == -1);
}

TEST_CASE("sections: reds go one per section, never on an edge cell, seats taking turns") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    State s = game.initial_state(7);
    CHECK(s.phase == Phase::Setup);
    const auto first = legal_texts(game, s);
    CHECK(first.size() == 49);  // the 7x7 inner cells
    for (const std::string& text : first) CHECK_FALSE(is_edge(parse_cell(text.substr(4))));
    play(game, s, "red e5");
    for (const std::string& text : legal_texts(game, s))
      CHECK(section_of(parse_cell(text.substr(4))) != section_of(parse_cell("e5")));
    CHECK(legal_texts(game, s).size() == 49 - 9);
    // The rest in the order the legal actions come, checking whose turn it is.
    for (int red = 1; red < kSections; ++red) {
      CHECK(s.phase == Phase::Setup);
      CHECK(game.current_player(s) == red % players);
      FixedVector<Action, SectionsGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      game.apply(s, actions[0]);
    }
    CHECK(s.phase == Phase::Placement);
    CHECK(game.current_player(s) == 0);
    std::array<int, kSections> reds{};
    for (int cell = 0; cell < kCells; ++cell)
      if (s.board[size_t(cell)] == kRed) {
        CHECK_FALSE(is_edge(cell));
        ++reds[size_t(section_of(cell))];
      }
    for (int n : reds) CHECK(n == 1);
  }
}

TEST_CASE(
    "sections: placement gives 18, 12 or 9 counters a seat, in turn, until every slot is full") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    CHECK(game.counters_per_seat() == 36 / players);
    State s = game.initial_state(3);
    FixedVector<Action, SectionsGame::kMaxActions> actions;
    while (s.phase == Phase::Setup) {
      game.legal_actions(s, actions);
      game.apply(s, actions[0]);
    }
    int placed = 0;
    while (s.phase == Phase::Placement) {
      CHECK(game.current_player(s) == placed % players);
      game.legal_actions(s, actions);
      CHECK(actions.size() == size_t(kSlots - placed));
      game.apply(s, actions[actions.size() / 2]);
      ++placed;
    }
    CHECK(placed == kSlots);
    CHECK(s.phase == Phase::Movement);
    CHECK(game.current_player(s) == 0);
    for (int p = 0; p < players; ++p) {
      CHECK(std::popcount(s.slots_of[size_t(p)]) == 36 / players);
      CHECK(s.in_hand[size_t(p)] == 0);
    }
  }
}

TEST_CASE("sections: a counter slides until the next cell is occupied, by any counter") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  put(s, "e5", kRed);
  put(s, "c6", 1);
  fill_slot(s, "Te", 0);
  fill_slot(s, "Tc", 0);
  fill_slot(s, "Be", 1);
  play(game, s, "enter Te");
  CHECK(at(s, "e4") == 0);                          // stopped before the red
  CHECK(slot_owner(s, parse_slot("Te")) == kNone);  // the slot is empty now
  CHECK(game.current_player(s) == 1);
  play(game, s, "enter Be");
  CHECK(at(s, "e6") == 1);  // from below, stopped before the same red
  play(game, s, "enter Tc");
  CHECK(at(s, "c5") == 0);  // stopped before blue's counter
}

TEST_CASE("sections: a counter reaching the far edge blocks the slot in front of it") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  fill_slot(s, "Tb", 0);
  fill_slot(s, "Bb", 1);
  fill_slot(s, "Bh", 1);
  CHECK(SectionsGame::landing_cell(s, parse_slot("Tb")) == parse_cell("b9"));
  play(game, s, "enter Tb");
  CHECK(at(s, "b9") == 0);
  CHECK(SectionsGame::landing_cell(s, parse_slot("Bb")) == -1);
  CHECK(legal_texts(game, s) == std::vector<std::string>{"enter Bh"});
}

TEST_CASE("sections: a counter stopping on a corner cell blocks both of its slots") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 0);
  fill_slot(s, "R1", 0);
  fill_slot(s, "L1", 1);
  fill_slot(s, "Ta", 1);
  fill_slot(s, "Te", 1);
  s.to_move = 1;
  CHECK(legal_texts(game, s) == std::vector<std::string>{"enter Ta", "enter Te", "enter L1"});
  s.to_move = 0;
  play(game, s, "enter R1");
  CHECK(at(s, "a1") == 0);  // row 1 was empty: from i1 all the way to a1
  CHECK(at(s, "e1") == kNone);
  CHECK(legal_texts(game, s) == std::vector<std::string>{"enter Te"});
}

TEST_CASE("sections: a seat that cannot move passes, and when nobody can the game ends") {
  const SectionsGame game = make_game(2);
  State s = movement_position(game, 1);
  put(s, "a5", kRed);  // not a legal red square, but it blocks L5 for good
  fill_slot(s, "L5", 0);
  fill_slot(s, "Tc", 1);
  fill_slot(s, "Td", 1);
  CHECK_FALSE(SectionsGame::can_enter(s, 0));
  play(game, s, "enter Tc");
  CHECK(game.current_player(s) == 1);  // seat 0 passes
  CHECK_FALSE(game.is_terminal(s));
  play(game, s, "enter Td");
  CHECK(game.is_terminal(s));
  CHECK(game.current_player(s) == -1);
  CHECK(legal_texts(game, s).empty());
  CHECK(s.turn == 2);
  CHECK(at(s, "c9") == 1);
  CHECK(at(s, "d9") == 1);
  CHECK(s.scores[0] == 0);
  CHECK(s.scores[1] == 2);  // bottom-left and bottom
  CHECK(s.winner == 1);
  CHECK(slot_owner(s, parse_slot("L5")) == 0);  // the stuck counter stays in its slot
}

TEST_CASE("sections: a section goes to a strict majority and reds count for nobody") {
  const SectionsGame game3 = make_game(3);
  const int centre = section_of(parse_cell("e5"));
  auto owner = [&](std::initializer_list<std::pair<const char*, uint8_t>> counters) {
    State s = movement_position(game3, 0);
    for (const auto& [cell, who] : counters) put(s, cell, who);
    return game3.section_owner(s, centre);
  };
  CHECK(owner({}) == -1);
  CHECK(owner({{"d4", 0}, {"e4", 0}, {"f4", 1}}) == 0);
  CHECK(owner({{"d4", 0}, {"e4", 1}}) == -1);
  CHECK(owner({{"d4", 1}, {"e5", kRed}}) == 1);
  CHECK(owner({{"d4", 1}, {"e5", kRed}, {"f6", 2}}) == -1);
  CHECK(owner({{"d4", 0}, {"d5", 0}, {"e4", 1}, {"e5", 1}, {"f6", 2}}) == -1);
  CHECK(owner({{"d4", 0}, {"d5", 0}, {"e4", 1}, {"f6", 2}}) == 0);
  CHECK(owner({{"c4", 0}, {"g5", 0}, {"e4", 1}}) == 1);  // c4 and g5 lie in other sections
}

TEST_CASE("sections: with four players a section goes to whoever has more than each other") {
  const SectionsGame game4 = make_game(4);
  const int centre = section_of(parse_cell("e5"));
  auto owner = [&](std::initializer_list<std::pair<const char*, uint8_t>> counters) {
    State s = movement_position(game4, 0);
    for (const auto& [cell, who] : counters) put(s, cell, who);
    return game4.section_owner(s, centre);
  };
  CHECK(owner({{"d4", 3}}) == 3);
  CHECK(owner({{"d4", 0}, {"e4", 1}, {"f4", 2}, {"d5", 3}}) == -1);  // one each
  CHECK(owner({{"d4", 0}, {"e4", 1}, {"f4", 2}, {"d5", 3}, {"e5", 3}}) == 3);
  CHECK(owner({{"d4", 2}, {"e4", 2}, {"d5", 3}, {"e5", 3}, {"f6", 0}}) == -1);
  CHECK(owner({{"d4", 3}, {"e4", 3}, {"d5", 0}, {"e5", 1}, {"f5", 2}, {"f6", kRed}}) == 3);
  CHECK(owner({{"d4", 1},
               {"e4", 1},
               {"f4", 1},
               {"d5", 0},
               {"e5", 2},
               {"f5", 3},
               {"d6", 0},
               {"e6", 2},
               {"f6", 3}}) == 1);
}

namespace {

// Counters in the middle cells of sections; the last move, by `last_seat` from slot R7, stops
// on i7 in front of the red on h7 and conquers the empty bottom-right section.
State final_move_position(const SectionsGame& game,
                          std::initializer_list<std::pair<const char*, uint8_t>> counters,
                          int last_seat) {
  State s = movement_position(game, last_seat);
  put(s, "h7", kRed);
  for (const auto& [cell, who] : counters) put(s, cell, who);
  fill_slot(s, "R7", uint8_t(last_seat));
  return s;
}

}  // namespace

TEST_CASE("sections: the rulebook's example, 5 sections to 4, is a win for Yellow") {
  const SectionsGame game = make_game(2);
  State s = final_move_position(
      game,
      {{"b2", 0}, {"e2", 0}, {"h2", 0}, {"b5", 0}, {"e5", 0}, {"h5", 1}, {"b8", 1}, {"e8", 1}}, 1);
  play(game, s, "enter R7");
  CHECK(at(s, "i7") == 1);
  REQUIRE(game.is_terminal(s));
  CHECK(s.scores[0] == 5);
  CHECK(s.scores[1] == 4);
  CHECK(s.winner == 0);
  CHECK(s.end_reason == EndReason::MostSections);
  CHECK(game.returns(s)[0] == 1.0);
  CHECK(game.returns(s)[1] == -1.0);
}

TEST_CASE("sections: a tie for the most sections goes to the tied seat last in seat order") {
  SECTION("two players tied: the second player wins, as in the rulebook's example") {
    const SectionsGame game = make_game(2);
    State s = final_move_position(
        game, {{"b2", 0}, {"e2", 0}, {"h2", 0}, {"b5", 0}, {"e5", 1}, {"h5", 1}, {"b8", 1}}, 1);
    play(game, s, "enter R7");
    REQUIRE(game.is_terminal(s));
    CHECK(s.scores[0] == 4);
    CHECK(s.scores[1] == 4);
    CHECK(s.winner == 1);
    CHECK(s.end_reason == EndReason::TieRule);
    const auto results = seat_results(game.returns(s), 2);
    CHECK(results[0] == SeatResult::Loss);
    CHECK(results[1] == SeatResult::Win);
  }
  SECTION("three players, seats 0 and 1 tied ahead of seat 2: seat 1 wins") {
    const SectionsGame game = make_game(3);
    State s = final_move_position(
        game, {{"b2", 0}, {"e2", 0}, {"h2", 0}, {"b5", 1}, {"e5", 1}, {"h5", 2}, {"b8", 2}}, 1);
    play(game, s, "enter R7");
    REQUIRE(game.is_terminal(s));
    CHECK(std::vector<int>(s.scores.begin(), s.scores.begin() + 3) == std::vector<int>{3, 3, 2});
    CHECK(s.winner == 1);
    CHECK(s.end_reason == EndReason::TieRule);
    const auto r = game.returns(s);
    CHECK(r[0] == -0.5);
    CHECK(r[1] == 1.0);
    CHECK(r[2] == -0.5);
  }
  SECTION("three players, seats 0 and 2 tied: seat 2 wins") {
    const SectionsGame game = make_game(3);
    State s = final_move_position(
        game, {{"b2", 0}, {"e2", 0}, {"h2", 0}, {"b5", 1}, {"e5", 1}, {"h5", 2}, {"b8", 2}}, 2);
    play(game, s, "enter R7");
    REQUIRE(game.is_terminal(s));
    CHECK(std::vector<int>(s.scores.begin(), s.scores.begin() + 3) == std::vector<int>{3, 2, 3});
    CHECK(s.winner == 2);
  }
  SECTION("the score table alone") {
    bool tied = false;
    CHECK(winner_of({2, 2, 2, 2}, 4, true, tied) == 3);
    CHECK(tied);
    CHECK(winner_of({3, 1, 3, 0}, 4, true, tied) == 2);
    CHECK(winner_of({5, 2, 1, 1}, 4, true, tied) == 0);
    CHECK_FALSE(tied);
    CHECK(winner_of({1, 4, 4, 0}, 3, true, tied) == 2);
    CHECK(winner_of({1, 4, 4, 0}, 3, false, tied) == -1);
    CHECK(tied);
  }
}

TEST_CASE("sections: with four players the most sections win, scored on the whole board") {
  const SectionsGame game = make_game(4);
  State s = final_move_position(
      game,
      {{"b2", 0}, {"e2", 0}, {"h2", 1}, {"b5", 1}, {"e5", 2}, {"h5", 2}, {"b8", 3}, {"e8", 3}}, 3);
  play(game, s, "enter R7");
  REQUIRE(game.is_terminal(s));
  CHECK(std::vector<int>(s.scores.begin(), s.scores.end()) == std::vector<int>{2, 2, 2, 3});
  CHECK(s.winner == 3);
  CHECK(s.end_reason == EndReason::MostSections);
  const auto r = game.returns(s);
  CHECK(r[3] == 1.0);
  CHECK(r[0] + r[1] + r[2] + r[3] == Approx(0.0));
}

TEST_CASE("sections: with tie_rule=draw the tied seats share the win") {
  const SectionsGame game = make_game(3, {{"tie_rule", "draw"}});
  State s = final_move_position(
      game, {{"b2", 0}, {"e2", 0}, {"h2", 0}, {"b5", 1}, {"e5", 1}, {"h5", 2}, {"b8", 2}}, 1);
  play(game, s, "enter R7");
  REQUIRE(game.is_terminal(s));
  CHECK(s.winner == -1);
  CHECK(s.end_reason == EndReason::TieRule);
  const auto r = game.returns(s);
  CHECK(r[0] == 0.25);
  CHECK(r[1] == 0.25);
  CHECK(r[2] == -0.5);
  const auto results = seat_results(r, 3);
  CHECK(results[0] == SeatResult::Draw);
  CHECK(results[1] == SeatResult::Draw);
  CHECK(results[2] == SeatResult::Loss);
}

TEST_CASE("sections: returns are +1 for the winner and sum to zero") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    State s = final_move_position(game, {{"b2", 0}, {"e2", 0}}, players - 1);
    play(game, s, "enter R7");
    REQUIRE(game.is_terminal(s));
    CHECK(s.winner == 0);
    const auto r = game.returns(s);
    double sum = 0;
    for (int p = 0; p < players; ++p) sum += r[size_t(p)];
    CHECK(sum == Approx(0.0).margin(1e-12));
    CHECK(r[0] == 1.0);
    CHECK(r[1] == Approx(-1.0 / (players - 1)));
  }
}

TEST_CASE("sections: the turn cap ends the game and scores it as it stands") {
  const SectionsGame game = make_game(3, {{"turn_cap", "20"}});
  State s = game.initial_state(5);
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  int decisions = 0;
  while (!game.is_terminal(s)) {
    game.legal_actions(s, actions);
    game.apply(s, actions[0]);
    ++decisions;
  }
  CHECK(decisions == 20);
  CHECK(s.turn == 20);
  CHECK(s.end_reason == EndReason::CapTieRule);  // no counter on the board yet: 0-0-0
  CHECK(s.winner == 2);
}

TEST_CASE("sections: a bad player count or option is one clear error") {
  REQUIRE_THROWS_AS(make_game(5), Error);
  REQUIRE_THROWS_WITH(make_game(5),
                      Catch::Contains("players=5: out of range") && Catch::Contains("[2, 4]"));
  REQUIRE_THROWS_WITH(make_game(1), Catch::Contains("players=1: out of range"));
  REQUIRE_THROWS_WITH(make_game(2, {{"tie_rule", "first"}}), Catch::Contains("tie_rule=first"));
}

TEST_CASE("sections: action texts name the red's cell or the slot") {
  const SectionsGame game = make_game(2);
  const State s = game.initial_state(1);
  CHECK(game.action_to_string(s, place_red(parse_cell("e5"))) == "red e5");
  CHECK(game.action_to_string(s, place_counter(parse_slot("Ta"))) == "place Ta");
  CHECK(game.action_to_string(s, enter(parse_slot("R7"))) == "enter R7");
}
