#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "experiments/run/entrant.hpp"

using namespace nf;

TEST_CASE("an entrant is an agent spec with seat options after '@'") {
  const Entrant plain = parse_entrant("heuristic(temperature=0.1,aggression=1)");
  CHECK(plain.agent == "heuristic(temperature=0.1,aggression=1)");
  CHECK(plain.seated.empty());
  const Entrant deck = parse_entrant("ismcts(iterations=64)@deck=aggro@hand=6");
  CHECK(deck.agent == "ismcts(iterations=64)");
  CHECK(deck.seated == std::map<std::string, std::string>{{"deck", "aggro"}, {"hand", "6"}});
  CHECK(entrant_label("ismcts(iterations=64)", deck) == "ismcts(iterations=64)@deck=aggro@hand=6");
  CHECK_THROWS_WITH(parse_entrant("heuristic@deck"), Catch::Contains("'deck' after '@'"));
  CHECK_THROWS_WITH(parse_entrant("heuristic@deck=a@deck=b"), Catch::Contains("given twice"));
}

TEST_CASE("alternatives after '=' expand into one entrant each, in order") {
  CHECK(expand_entrants({"heuristic@deck=aggro|control", "random"}) ==
        std::vector<std::string>{"heuristic@deck=aggro", "heuristic@deck=control", "random"});
  CHECK(expand_entrants({"h@deck=a|b@hand=5|6"}) ==
        std::vector<std::string>{"h@deck=a@hand=5", "h@deck=a@hand=6", "h@deck=b@hand=5",
                                 "h@deck=b@hand=6"});
  CHECK_THROWS_WITH(expand_entrants({"h@deck=a||b"}), Catch::Contains("alternative is empty"));
}

TEST_CASE("seat options become the per-seat options of the seat the entrant sits in") {
  const ParamSchema schema = {ParamSpec::text("deck0", "random", ""),
                              ParamSpec::text("deck1", "random", ""),
                              ParamSpec::integer("rounds", 20, 1, 20, "")};
  const std::vector<Entrant> seats = {parse_entrant("h@deck=glory"), parse_entrant("r@deck=aggro")};
  CHECK(
      seated_config(schema, {{"rounds", "10"}}, seats, "g") ==
      std::map<std::string, std::string>{{"deck0", "glory"}, {"deck1", "aggro"}, {"rounds", "10"}});
  CHECK_THROWS_WITH(seated_config(schema, {}, {parse_entrant("h@colour=red")}, "g"),
                    Catch::Contains("no per-seat option 'colour' (colour0 for seat 0)"));
  CHECK_THROWS_WITH(seated_config(schema, {{"deck1", "tricks"}}, seats, "g"),
                    Catch::Contains("both set seat 1's deck"));
}
