// Every sampled world is one the observer could be in: rebuilt from the real history of
// public moves and the world's own hidden data, it is legal and shows the observer exactly
// what it saw. A million samples per hidden-information game, zero failures allowed.
#include <tbb/parallel_for.h>
#include <catch2/catch.hpp>

#include <atomic>
#include <bit>
#include <functional>

#include "agents/agent.hpp"
#include "games/commanders/commanders.hpp"
#include "games/commanders/heuristic.hpp"  // agent_catalog offers the heuristic only when it is complete
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"

namespace {

constexpr int kHistories = 2000;
constexpr int kWorldsPerHistory = 500;  // 1,000,000 samples per game
// The observation text is the slow part: every sample gets the structural checks, every
// kFullCheckEvery-th also the comparison of the observer's whole view.
constexpr int kFullCheckEvery = 8;

// Plays a random history of random length from deal `seed`, samples worlds from the view of
// the player to move, and counts the worlds `consistent` rejects.
template <nf::Game G>
long count_impossible_worlds(
    const G& game,
    const std::function<bool(const typename G::State& initial, const typename G::State& real,
                             const std::vector<typename G::Action>& history,
                             const typename G::State& world, int observer, bool full)>&
        consistent) {
  std::atomic<long> failures{0}, samples{0};
  tbb::parallel_for(0, kHistories, [&](int h) {
    nf::Rng rng(nf::derive_seed(77, uint64_t(h), nf::Stream::Misc));
    const nf::RandomPolicy<G> random(game);
    const auto initial = game.initial_state(uint64_t(h));
    auto state = initial;
    std::vector<typename G::Action> history;
    const int steps = int(rng.below(40));
    for (int i = 0; i < steps && !game.is_terminal(state); ++i) {
      const auto a = random.choose(state, rng);
      const auto before = state;
      game.apply(state, a);
      if (game.is_terminal(state)) {
        state = before;
        break;
      }
      history.push_back(a);
    }
    const int observer = game.current_player(state);
    long bad = 0;
    for (int w = 0; w < kWorldsPerHistory; ++w) {
      auto world = state;
      game.determinize(world, observer, rng);
      bad += !consistent(initial, state, history, world, observer, w % kFullCheckEvery == 0);
    }
    failures += bad;
    samples += kWorldsPerHistory;
  });
  REQUIRE(samples.load() == long(kHistories) * kWorldsPerHistory);
  return failures.load();
}

}  // namespace

TEST_CASE("determinization: a million kuhn_poker worlds, all consistent") {
  using nf::reference::KuhnPokerGame;
  const KuhnPokerGame game;
  const long failures = count_impossible_worlds<KuhnPokerGame>(
      game, [&](const auto&, const auto& real, const auto& history, const auto& world, int observer,
                bool full) {
        if (world.card[0] == world.card[1] ||
            world.card[size_t(observer)] != real.card[size_t(observer)])
          return false;
        auto replay = game.deal(world.card);
        for (auto a : history) game.apply(replay, a);
        return (!full || game.observation(replay, observer) == game.observation(real, observer));
      });
  CHECK(failures == 0);
}

TEST_CASE("determinization: a million leduc_poker worlds, all consistent") {
  using nf::reference::LeducPokerGame;
  const LeducPokerGame game;
  const long failures = count_impossible_worlds<LeducPokerGame>(
      game, [&](const auto&, const auto& real, const auto& history, const auto& world, int observer,
                bool full) {
        // Private cards distinct and never the public card.
        if (world.card[0] == world.card[1] || world.card[0] == real.public_card ||
            world.card[1] == real.public_card)
          return false;
        auto replay = game.initial_state(0);
        replay.card = world.card;
        for (auto a : history) {
          nf::ActionList<LeducPokerGame> legal;
          game.legal_actions(replay, legal);
          if (!legal.contains(a)) return false;
          game.apply(replay, a);
          if (replay.round == 2) replay.public_card = real.public_card;  // the card everyone saw
        }
        return (!full || game.observation(replay, observer) == game.observation(real, observer));
      });
  CHECK(failures == 0);
}

TEST_CASE("determinization: a million goofspiel worlds with hidden bids, all consistent") {
  using nf::reference::GoofspielGame;
  for (const char* imp : {"true", "false"}) {
    const GoofspielGame game(nf::ParamSet(GoofspielGame::config_schema(),
                                          {{"num_cards", "9"}, {"imp_info", imp}}, "goofspiel"));
    const long failures = count_impossible_worlds<GoofspielGame>(
        game, [&](const auto& initial, const auto& real, const auto&, const auto& world,
                  int observer, bool full) {
          // Replay the world's own bids from the same deal (the point cards do not depend on
          // the bids): every bid legal, and the same winners, points, hands and observation.
          auto replay = initial;
          const int finished = int(world.winners.size());
          for (int t = 0; t <= finished && !replay.over; ++t) {
            const int bidders = t < finished ? game.num_players() : world.to_move;
            for (int p = 0; p < bidders && !replay.over; ++p) {
              const uint8_t bid = world.bids[size_t(t)][size_t(p)];
              if (!(replay.hand[size_t(p)] >> bid & 1)) return false;
              game.apply(replay, bid);
            }
          }
          return replay.winners == real.winners && replay.points == real.points &&
                 replay.hand == world.hand &&
                 (!full || game.observation(replay, observer) == game.observation(real, observer));
        });
    CHECK(failures == 0);
  }
}

TEST_CASE("determinization: a million commanders worlds, all consistent") {
  using namespace nf::commanders;
  const CommandersGame game;
  const long failures = count_impossible_worlds<CommandersGame>(
      game, [&](const State&, const State& real, const auto&, const State& world, int observer,
                bool full) {
        // Each side still has all 18 troop cards (two of each 2..10) and 9 commanders.
        for (int seat = 0; seat < 2; ++seat) {
          const Side& side = world.sides[size_t(seat)];
          std::array<int, 11> count{};
          for (uint8_t card : side.deck) ++count[card];
          for (uint8_t card : side.used) ++count[card];
          for (uint8_t card : side.battle) ++count[card];
          for (int v = 2; v <= 10; ++v)
            if (count[size_t(v)] != 2) return false;
          int commanders = side.castle_size() + int(side.graveyard.size());
          if ((world.phase == Phase::Choose && seat < world.to_move) ||
              world.phase == Phase::QueenRedraw)
            ++commanders;  // on the table
          if (commanders != kCommandersPerSide) return false;
        }
        return !full || game.observation(world, observer) == game.observation(real, observer);
      });
  CHECK(failures == 0);
}
