// The heuristic beats random play clearly; the search agents play whole games.
#include "tests/agents/helpers.hpp"
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

TEST_CASE("ragnarok heuristic: beats random play, on both seats") {
  const RagnarokGame game = make_game({{"deck0", "random"}, {"deck1", "random"}});
  auto heuristic = make_agent(game, "heuristic");
  auto random = make_agent(game, "random");
  int wins = 0, games = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const int seat = int(seed % 2);
    std::vector<Agent<RagnarokGame>*> agents = {random.get(), random.get()};
    agents[size_t(seat)] = heuristic.get();
    const auto r = nf::testing::play(game, agents, seed);
    wins += r[size_t(seat)] > 0;
    ++games;
  }
  INFO(wins << " wins of " << games);
  CHECK(wins > games * 3 / 4);
}

TEST_CASE("ragnarok: ismcts and flatmc play whole games") {
  const RagnarokGame game = make_game();
  for (const char* spec : {"ismcts(iterations=30)", "flatmc(iterations=20)"}) {
    auto search = make_agent(game, spec);
    auto heuristic = make_agent(game, "heuristic");
    const auto r = nf::testing::play<RagnarokGame>(game, {search.get(), heuristic.get()}, 1);
    CHECK(r[0] + r[1] == 0);
  }
}

TEST_CASE("ragnarok heuristic: its weights are named and validated") {
  const RagnarokGame game = make_game();
  CHECK_NOTHROW(make_agent(game, "heuristic(glory=3,aggression=0)"));
  CHECK_THROWS(make_agent(game, "heuristic(bravery=1)"));
}
