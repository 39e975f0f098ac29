// The shipped base set and the data-file errors: one message naming file, line and field.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/error.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;

namespace {

// The base text with the first `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = base_text();
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The line of the first `text` in the base file.
long line_of(const std::string& text) {
  const std::string base = base_text();
  return 1 + std::count(base.begin(), base.begin() + long(base.find(text)), '\n');
}

std::string error_of(const std::string& text) {
  try {
    parse_data(text, "set.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("the base set: heroes, regions, decks and the rulebook's named numbers") {
  const NinthWorldGame game = make_game();
  const DataSet& data = game.data();
  CHECK(data.heroes.size() >= 12);
  CHECK(data.regions.size() == 9);
  std::array<int, kCardTypes> town{}, wild{};
  std::array<int, kSkills> quests{};
  for (int c = 0; c < kCards; ++c) {
    const CardDef& card = data.card(c);
    ++(card.wilderness ? wild : town)[size_t(card.type)];
    if (card.type == CardType::Quest) ++quests[card.quest_skill];
    CHECK(card.wilderness == (c >= kTownCards));
  }
  CHECK(town[size_t(CardType::Prize)] == 0);
  for (int t = 0; t < 3; ++t) CHECK(town[size_t(t)] > 0);
  for (int t = 0; t < kCardTypes; ++t) CHECK(wild[size_t(t)] > 0);
  for (int k = Scout; k <= Focus; ++k) CHECK(quests[size_t(k)] > 0);  // all five quest types
  const CardDef& jewel = data.card(card_index(game, "Mind Jewel"));
  CHECK(jewel.cost == 3);
  CHECK(jewel.valor == 4);
  CHECK(data.card(card_index(game, "Jiraskar")).cost == 5);
  const CardDef& ellnoica = data.card(card_index(game, "Ellnoica"));
  CHECK(ellnoica.cost == 3);
  CHECK(ellnoica.power.effect == EffectKind::ValorPerRank);
  CHECK(ellnoica.power.skill == Focus);
  for (const char* hero : {"Branoc Aur", "Qbrys", "Selis", "Kwaidyno", "Rorke"})
    CHECK(hero_index(game, hero) >= 0);
  for (const RegionDef& r : data.regions)
    CHECK((r.powers[0].trigger == Trigger::None || r.powers[0].trigger == Trigger::Ambient));
}

TEST_CASE("data errors name the file, the line and the field") {
  CHECK(error_of("[[hero]\nname = 1").starts_with("set.toml:1:"));
  CHECK(
      error_of(edited("name = \"Qbrys\"", "name = \"Qbrys\"\ncolour = \"blue\"")) ==
      fmt::format(
          "set.toml:{}: hero[2].colour: unknown field (known: name, adjective, noun, power, token)",
          line_of("name = \"Qbrys\"") + 1));
  CHECK(error_of(edited("adjective = \"charm\"", "adjective = \"dance\""))
            .find("hero[2].adjective: 'dance' is not one of") != std::string::npos);
  CHECK(error_of(edited("name = \"Queb\"\ntype = \"creature\"\ncost = 4",
                        "name = \"Queb\"\ntype = \"creature\"")) ==
        fmt::format("set.toml:{}: town[1].cost: missing", line_of("name = \"Queb\"") - 1));
  CHECK(error_of(edited("copies = 3", "copies = 2")) ==
        fmt::format("set.toml:{}: town: the town deck has 47 cards; it needs 48",
                    line_of("name = \"Queb\"") - 1));
  CHECK(error_of(edited("when = \"no_claim\", phase = \"tinker\", effect = \"valor\", amount = 1, "
                        "text = \"after",
                        "when = \"advance\", phase = \"tinker\", effect = \"valor\", amount = 1, "
                        "text = \"after"))
            .find("town[9].power.when: 'advance' is not allowed here (allowed: bid, use, "
                  "no_claim)") != std::string::npos);
  CHECK(error_of(edited("when = \"use\", effect = \"gamble\", amount = 4",
                        "when = \"use\", effect = \"points\", amount = 4"))
            .find("wilderness[11].power.effect: points are added by bid powers only") !=
        std::string::npos);
  CHECK(error_of(edited("  { name = \"Qi\", power = { when = \"arrival\", effect = "
                        "\"refresh_town\", text = \"on arrival: the town row is dealt again\" } "
                        "},\n",
                        ""))
            .find("region[1].path: must be five tables") != std::string::npos);
  CHECK(error_of(edited("tiers = [1, 1, 2]", "tiers = []"))
            .find("tiers: must list 1 to 4 tier Valor values") != std::string::npos);
}

TEST_CASE("config errors: unknown cards file or region, players for the mode") {
  CHECK_THROWS_WITH(make_game({{"cards", "/nonexistent/set.toml"}}),
                    "cannot read cards file '/nonexistent/set.toml'");
  CHECK_THROWS_WITH(make_game({{"cards", "/dev/zero"}}),
                    "cards file '/dev/zero' is not a regular file");
  CHECK_THROWS_WITH(make_game({{"cards", "expansion"}}),
                    Catch::Contains("unknown cards 'expansion' (shipped: base"));
  CHECK_THROWS_WITH(make_game({{"region", "Atlantis"}}),
                    Catch::Contains("region: unknown region 'Atlantis' (known: Ancuan"));
  CHECK_THROWS_WITH(make_game({{"players", "1"}}), Catch::Contains("competitive play needs 2"));
  CHECK_THROWS_WITH(make_game({{"mode", "solo"}, {"players", "2"}}),
                    Catch::Contains("solo is played by one hero"));
}

TEST_CASE("another card set loads from a path and changes the state hash") {
  const std::string path = "ninth_world_test_cards.toml";
  {
    std::ofstream out(path);
    out << edited("name = \"Queb\"\ntype = \"creature\"\ncost = 4\nvalor = 7",
                  "name = \"Queb\"\ntype = \"creature\"\ncost = 4\nvalor = 8");
  }
  const NinthWorldGame base = make_game();
  const NinthWorldGame other = make_game({{"cards", path}});
  std::remove(path.c_str());
  CHECK(other.data().card(card_index(other, "Queb")).valor == 8);
  CHECK(other.data().content_hash != base.data().content_hash);
  CHECK(other.hash(other.initial_state(1)) != base.hash(base.initial_state(1)));
}
