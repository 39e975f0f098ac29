// Information-set trees split nodes by G::observation_key, so the key must be a function of
// what the seat observes and of nothing hidden: every determinization from the seat's view
// keeps it, and two states with the same observation text share it. Where the key stands
// for the whole observation (commanders), different observations also get different keys.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "agents/agent.hpp"
#include "agents/game_hooks.hpp"
#include "games/commanders/commanders.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"

namespace {

constexpr int kGames = 400;
constexpr int kWorldsPerState = 4;

// Plays random games and checks every seat's key at every state; returns the number of
// distinct observations seen (so a test can tell that it saw many).
template <nf::Game G>
size_t check_keys(const G& game, bool key_is_whole_observation) {
  std::map<std::string, uint64_t> key_of_observation;
  std::map<uint64_t, std::string> observation_of_key;
  const nf::RandomPolicy<G> random(game);
  nf::Rng rng(2024);
  for (int g = 0; g < kGames; ++g) {
    auto state = game.initial_state(uint64_t(g));
    while (!game.is_terminal(state)) {
      for (int seat = 0; seat < game.num_players(); ++seat) {
        const uint64_t key = nf::observation_key(game, state, seat);
        // Keys are per seat: the same text seen by another seat may be another key.
        const std::string seen =
            "seat " + std::to_string(seat) + ": " + game.observation(state, seat);
        for (int w = 0; w < kWorldsPerState; ++w) {
          auto world = state;
          game.determinize(world, seat, rng);
          INFO(G::kId << " game " << g << " seat " << seat << " sees\n" << seen);
          REQUIRE(nf::observation_key(game, world, seat) == key);
        }
        const auto [known, added] = key_of_observation.emplace(seen, key);
        INFO(G::kId << ": one observation, two keys:\n" << seen);
        REQUIRE(known->second == key);
        if (key_is_whole_observation && added) {
          const auto [other, fresh] = observation_of_key.emplace(key, seen);
          INFO(G::kId << ": one key for two observations:\n" << other->second << "\n" << seen);
          REQUIRE(other->second == seen);
        }
      }
      game.apply(state, random.choose(state, rng));
    }
  }
  return key_of_observation.size();
}

}  // namespace

TEST_CASE("observation keys: commanders keys exactly what a seat observes") {
  CHECK(check_keys(nf::commanders::CommandersGame{}, true) > 5000);
}

TEST_CASE("observation keys: the poker keys ignore the opponent's card") {
  CHECK(check_keys(nf::reference::KuhnPokerGame{}, false) > 10);
  CHECK(check_keys(nf::reference::LeducPokerGame{}, false) > 100);
}

TEST_CASE("observation keys: goofspiel keys ignore the bids a seat has not seen") {
  for (const char* imp_info : {"true", "false"}) {
    const nf::reference::GoofspielGame game(
        nf::ParamSet(nf::reference::GoofspielGame::config_schema(),
                     {{"num_cards", "6"}, {"imp_info", imp_info}}, "goofspiel"));
    CHECK(check_keys(game, false) > 100);
  }
}
