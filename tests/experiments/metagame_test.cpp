// The metagame a tournament reports: Nash mixture, best response and the dominance verdict.
#include <catch2/catch.hpp>

#include "experiments/run/tournament.hpp"

using namespace nf;

namespace {

// A head-to-head where the first agent's pairs of games score `strong` (out of 100 pairs)
// 2 points, the rest 1 point.
HeadToHead pairs_won(uint64_t strong) {
  HeadToHead h;
  h.pairs = {0, 0, 100 - strong, 0, strong};
  h.a_results = {strong * 2 + (100 - strong), 0, 100 - strong};
  return h;
}

HeadToHead pairs_lost(uint64_t strong) {
  HeadToHead h = pairs_won(strong);
  std::reverse(h.pairs.begin(), h.pairs.end());
  std::swap(h.a_results.wins, h.a_results.losses);
  return h;
}

RoundRobin three(const HeadToHead& ab, const HeadToHead& ac, const HeadToHead& bc) {
  RoundRobin rr;
  rr.specs = {"a", "b", "c"};
  rr.pairs.assign(3, std::vector<HeadToHead>(3));
  rr.pairs[0][1] = ab;
  rr.pairs[0][2] = ac;
  rr.pairs[1][2] = bc;
  return rr;
}

}  // namespace

TEST_CASE("tournament metagame: an entrant that beats every other with significance dominates") {
  const nlohmann::json m =
      round_robin_json(three(pairs_won(60), pairs_won(50), pairs_won(5)))["metagame"];
  CHECK(m["dominant"] == "a");
  CHECK_THAT(m["verdict"].get<std::string>(), Catch::Contains("dominant entrant: a"));
  CHECK(m["nash"][0]["probability"].get<double>() == Approx(1).margin(1e-6));
  CHECK(m["best_response_to_uniform"] == nlohmann::json::array({"a"}));
  CHECK(m["converged"].get<bool>());
}

TEST_CASE("tournament metagame: a cycle has no dominant entrant and a mixed equilibrium") {
  // a beats b, b beats c, c beats a, each by the same margin: the mixture is uniform.
  const nlohmann::json m =
      round_robin_json(three(pairs_won(40), pairs_lost(40), pairs_won(40)))["metagame"];
  CHECK(m["dominant"].is_null());
  CHECK_THAT(m["verdict"].get<std::string>(), Catch::Contains("no dominant entrant"));
  for (int i = 0; i < 3; ++i)
    CHECK(m["nash"][i]["probability"].get<double>() == Approx(1.0 / 3).margin(1e-6));
}

TEST_CASE("tournament metagame: a best entrant without significance is not called dominant") {
  // a is ahead of both others, but by a single pair in a hundred.
  const nlohmann::json m =
      round_robin_json(three(pairs_won(1), pairs_won(1), pairs_won(0)))["metagame"];
  CHECK(m["dominant"].is_null());
  CHECK(m["best_response_to_uniform"] == nlohmann::json::array({"a"}));
}
