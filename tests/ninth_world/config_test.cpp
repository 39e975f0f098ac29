// The config options of The Ninth World beyond the rulebook's numbers: chosen heroes and
// allies (names joined by '+'), and the errors for unknown or repeated names.
#include <catch2/catch.hpp>

#include <set>

#include "core/error.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

TEST_CASE("heroes chosen by name take the first seats and the others are drawn") {
  const NinthWorldGame two = make_game({{"heroes", "Qbrys+Branoc Aur"}});
  CHECK(two.num_players() == 2);  // as many heroes as named
  for (uint64_t seed = 0; seed < 10; ++seed) {
    const State s = two.initial_state(seed);
    CHECK(s.heroes[0].def == hero_index(two, "Qbrys"));
    CHECK(s.heroes[1].def == hero_index(two, "Branoc Aur"));
  }
  const NinthWorldGame some = make_game({{"players", "4"}, {"heroes", "Selis"}});
  bool varied = false;
  for (uint64_t seed = 0; seed < 10; ++seed) {
    const State s = some.initial_state(seed);
    CHECK(s.heroes[0].def == hero_index(some, "Selis"));
    std::set<int> seen;
    for (int h = 0; h < 4; ++h) seen.insert(s.heroes[size_t(h)].def);
    CHECK(seen.size() == 4);
    varied |= s.heroes[1].def != some.initial_state(0).heroes[1].def;
  }
  CHECK(varied);
  // The same deal otherwise: a chosen hero does not change the decks.
  const NinthWorldGame drawn = make_game({{"players", "4"}});
  CHECK(some.initial_state(7).town == drawn.initial_state(7).town);
}

TEST_CASE("solo allies chosen by name") {
  const NinthWorldGame game =
      make_game({{"mode", "solo"}, {"heroes", "Zenn Coral"}, {"allies", "Rorke+Hallik"}});
  for (uint64_t seed = 0; seed < 10; ++seed) {
    const State s = game.initial_state(seed);
    CHECK(s.heroes[0].def == hero_index(game, "Zenn Coral"));
    CHECK(s.ally_def[0] == hero_index(game, "Rorke"));
    CHECK(s.ally_def[1] == hero_index(game, "Hallik"));
    CHECK(s.ally_def[2] != hero_index(game, "Zenn Coral"));
    CHECK(s.ally_def[2] != hero_index(game, "Rorke"));
    CHECK(s.ally_def[2] != hero_index(game, "Hallik"));
  }
}

TEST_CASE("hero names: unknown or repeated names are errors naming them") {
  CHECK_THROWS_WITH(make_game({{"heroes", "Qbrys+Bilbo"}}),
                    Catch::Contains("heroes: unknown hero 'Bilbo' (known: Branoc Aur, Qbrys"));
  CHECK_THROWS_WITH(make_game({{"heroes", "Qbrys+Selis+Qbrys"}}),
                    Catch::Contains("heroes: hero 'Qbrys' is named twice"));
  CHECK_THROWS_WITH(make_game({{"heroes", "Qbrys++Selis"}}),
                    Catch::Contains("heroes: a hero name is empty"));
  CHECK_THROWS_WITH(make_game({{"players", "2"}, {"heroes", "Qbrys+Selis+Rorke"}}),
                    Catch::Contains("heroes: 3 heroes named for 2 seats"));
  CHECK_THROWS_WITH(make_game({{"heroes", "Qbrys+Selis+Rorke+Undrel+Hallik+Iadace"}}),
                    Catch::Contains("6 heroes named; at most 5 play"));
  CHECK_THROWS_WITH(make_game({{"mode", "solo"}, {"heroes", "Qbrys"}, {"allies", "Qbrys"}}),
                    Catch::Contains("allies: hero 'Qbrys' is named twice"));
  CHECK_THROWS_WITH(make_game({{"allies", "Qbrys"}}),
                    Catch::Contains("allies: only solo play has allies"));
  CHECK_THROWS_WITH(make_game({{"mode", "solo"}, {"allies", "Qbrys+Selis+Rorke+Undrel"}}),
                    Catch::Contains("allies: 4 allies named; solo has 3"));
}

TEST_CASE("the copy effect is a bid power of a hero or a power card") {
  std::string text = base_text();
  const std::string from = "when = \"use\", effect = \"heal\", discard = true";
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), "when = \"bid\", effect = \"copy\", discard = true");
  std::string message;
  try {
    parse_data(text, "set.toml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK_THAT(message,
             Catch::Contains("power.effect: copy is a bid power of a hero or a power card"));
}
