// Thousands of random games with the invariants checked after every step; determinism,
// replay from the action texts, and determinization.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <set>

#include "agents/agent.hpp"
#include "agents/registry.hpp"
#include "experiments/run/runner.hpp"
#include "games/sections/heuristic.hpp"
#include "tests/sections/helpers.hpp"

using namespace nf;
using namespace nf::sections;
using namespace nf::sections::test;

namespace {

int count_of(const auto& cells, uint8_t who) {
  return int(std::count(cells.begin(), cells.end(), who));
}

void check_invariants(const SectionsGame& game, const State& s, int steps) {
  const int players = game.num_players();
  REQUIRE(int(s.turn) == steps);
  // Counter conservation: every counter is in hand, in a slot or on the board.
  for (int p = 0; p < kMaxSeats; ++p) {
    const int total =
        s.in_hand[size_t(p)] + std::popcount(s.slots_of[size_t(p)]) + count_of(s.board, uint8_t(p));
    REQUIRE(total == (p < players ? game.counters_per_seat() : 0));
  }
  // Reds: one per marked section, never on an edge cell.
  std::array<int, kSections> reds{};
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t owner = s.board[size_t(cell)];
    REQUIRE((owner == kNone || owner == kRed || owner < players));
    if (owner != kRed) continue;
    REQUIRE_FALSE(is_edge(cell));
    ++reds[size_t(section_of(cell))];
  }
  for (int section = 0; section < kSections; ++section)
    REQUIRE(reds[size_t(section)] == int(s.red_sections >> section & 1u));
  const int on_board = kCells - count_of(s.board, kNone) - std::popcount(unsigned(s.red_sections));
  // A slot holds one counter at most, and it is blocked exactly when its entry cell is taken.
  for (int p = 0; p < kMaxSeats; ++p)
    for (int q = p + 1; q < kMaxSeats; ++q)
      REQUIRE((s.slots_of[size_t(p)] & s.slots_of[size_t(q)]) == 0);
  for (int slot = 0; slot < kSlots; ++slot)
    REQUIRE(bool(s.blocked & slot_bit(slot)) == (s.board[size_t(entry_cell(slot))] != kNone));
  const int in_slots = std::popcount(filled_slots(s));
  int in_hand = 0;
  for (auto n : s.in_hand) in_hand += n;
  const bool capped =
      s.end_reason == EndReason::CapMostSections || s.end_reason == EndReason::CapTieRule;
  switch (s.phase) {
    case Phase::Setup:
      REQUIRE((on_board == 0 && in_slots == 0 && in_hand == kCountersTotal));
      break;
    case Phase::Placement:
      REQUIRE(s.red_sections == (1u << kSections) - 1);
      REQUIRE((on_board == 0 && in_slots + in_hand == kCountersTotal));
      break;
    case Phase::Movement:
      REQUIRE((in_hand == 0 && on_board + in_slots == kCountersTotal));
      REQUIRE(SectionsGame::can_enter(s, s.to_move));
      break;
    case Phase::Over:
      REQUIRE(s.end_reason != EndReason::None);
      if (!capped)  // the game ends when nobody can move
        for (int p = 0; p < players; ++p) REQUIRE_FALSE(SectionsGame::can_enter(s, p));
      break;
  }
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  REQUIRE(actions.empty() == game.is_terminal(s));
  if (!game.is_terminal(s)) {
    REQUIRE(game.current_player(s) == s.to_move);
    REQUIRE(s.to_move < players);
    return;
  }
  std::array<uint8_t, kMaxSeats> scores{};
  for (int section = 0; section < kSections; ++section) {
    const int owner = game.section_owner(s, section);
    if (owner >= 0) ++scores[size_t(owner)];
  }
  REQUIRE(scores == s.scores);
  bool tied = false;
  REQUIRE(s.winner == winner_of(scores, players, true, tied));
  REQUIRE((s.end_reason == EndReason::TieRule || s.end_reason == EndReason::CapTieRule) == tied);
  double sum = 0;
  for (int p = 0; p < players; ++p) sum += game.returns(s)[size_t(p)];
  REQUIRE(sum == Approx(0.0).margin(1e-12));
}

// Every legal action has its own text, and the text finds that action again.
void check_texts(const SectionsGame& game, const State& s) {
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::set<std::string> seen;
  for (const Action a : actions) {
    const std::string text = game.action_to_string(s, a);
    REQUIRE(seen.insert(text).second);
    Action found{};
    REQUIRE(find_action_by_text(game, s, text, found));
    REQUIRE(found == a);
  }
}

}  // namespace

TEST_CASE("sections: random games keep every invariant (soak)") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    const RandomPolicy<SectionsGame> random(game);
    Rng rng(uint64_t(players) * 1000);
    std::array<uint64_t, 5> end_reasons{};
    std::array<uint64_t, kMaxSeats> wins{};
    for (uint64_t g = 0; g < 1500; ++g) {
      State s = game.initial_state(g);
      int steps = 0;
      check_invariants(game, s, steps);
      while (!game.is_terminal(s)) {
        if (g < 50) check_texts(game, s);
        const State before = s;
        game.apply(s, random.choose(s, rng));
        ++steps;
        REQUIRE(game.hash(s) != game.hash(before));
        check_invariants(game, s, steps);
      }
      REQUIRE(steps <= 81);
      ++end_reasons[size_t(s.end_reason)];
      ++wins[size_t(s.winner)];
    }
    // Random games reach both endings and every seat wins some.
    CHECK(end_reasons[size_t(EndReason::MostSections)] > 0);
    CHECK(end_reasons[size_t(EndReason::TieRule)] > 0);
    for (int p = 0; p < players; ++p) CHECK(wins[size_t(p)] > 0);
  }
}

TEST_CASE("sections: heuristic games keep every invariant too") {
  for (int players = 2; players <= 4; ++players) {
    const SectionsGame game = make_game(players);
    const Heuristic heuristic(game, ParamSet(Heuristic::schema(), {}, "heuristic"));
    Rng rng(7);
    for (uint64_t g = 0; g < 30; ++g) {
      State s = game.initial_state(g);
      int steps = 0;
      while (!game.is_terminal(s)) {
        game.apply(s, heuristic.choose(s, rng));
        check_invariants(game, s, ++steps);
      }
    }
  }
}

namespace {

struct Played {
  std::vector<std::string> actions;
  uint64_t hash = 0;
  Returns<kMaxSeats> returns{};
};

Played play_with(const SectionsGame& game, const std::vector<std::string>& specs, uint64_t seed) {
  std::vector<std::unique_ptr<Agent<SectionsGame>>> agents;
  std::vector<Agent<SectionsGame>*> seats;
  std::vector<Rng> rngs;
  for (size_t seat = 0; seat < specs.size(); ++seat) {
    agents.push_back(make_agent(game, specs[seat]));
    seats.push_back(agents.back().get());
    rngs.emplace_back(derive_seed(seed, 0, Stream::Agent, seat));
  }
  Played out;
  const PlayedGame<SectionsGame> played =
      play_game<SectionsGame>(game, seats, seed, rngs, &out.actions);
  out.hash = game.hash(played.final_state);
  out.returns = played.returns;
  return out;
}

}  // namespace

TEST_CASE("sections: a game is a pure function of config, seed and the agents' streams") {
  const SectionsGame game = make_game(3);
  const std::vector<std::string> specs = {"heuristic", "random", "heuristic(blocking=2)"};
  const Played a = play_with(game, specs, 11), b = play_with(game, specs, 11);
  CHECK(a.actions == b.actions);
  CHECK(a.hash == b.hash);
  CHECK(a.returns == b.returns);
  const Played c = play_with(game, specs, 12);  // other agent streams, another game
  CHECK(c.actions != a.actions);
}

// Replay of random games through their action texts, for 2 to 4 players: `ninefold check`.

TEST_CASE("sections: determinize keeps the whole position and only reseeds the rng") {
  const SectionsGame game = make_game(4);
  const RandomPolicy<SectionsGame> random(game);
  Rng rng(3);
  State s = game.initial_state(9);
  for (int step = 0; step < 60; ++step) game.apply(s, random.choose(s, rng));
  REQUIRE(s.phase == Phase::Movement);
  for (int observer = 0; observer < 4; ++observer) {
    State world = s;
    Rng a(100 + uint64_t(observer)), b(200 + uint64_t(observer));
    game.determinize(world, observer, a);
    CHECK(world.board == s.board);
    CHECK(world.slots_of == s.slots_of);
    CHECK(world.blocked == s.blocked);
    CHECK(world.to_move == s.to_move);
    CHECK(world.turn == s.turn);
    CHECK(game.observation(world, observer) == game.observation(s, observer));
    CHECK_FALSE(world.rng == s.rng);
    State other = s;
    game.determinize(other, observer, b);
    CHECK_FALSE(other.rng == world.rng);
  }
  // Perfect information: every seat sees the same.
  CHECK(game.observation(s, 0) == game.observation(s, 3));
  CHECK(game.observation(s, 0) == game.render(s));
}
