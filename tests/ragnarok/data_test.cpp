// The shipped card and deck files, and one clear message for every defect of a designer's file.
#include <fstream>

#include "core/error.hpp"
#include "games/ragnarok/embedded.hpp"
#include "tests/ragnarok/scenario.hpp"

using namespace nf;
using namespace nf::ragnarok;
using namespace nf::ragnarok::test;

namespace {

// The message of the nf::Error that parsing `text` throws; empty when it parses.
std::string card_error(const std::string& text) {
  try {
    parse_cards(text, "my_cards.toml");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string deck_error(const std::string& text) {
  const CardSet cards = load_cards("standard");
  try {
    parse_decks(text, "my_decks.toml", cards);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// A valid card file with `warrior_effect` as the effect of its first warrior.
std::string cards_with(const std::string& warrior_effect) {
  std::string text =
      "[[warrior]]\nname = \"A\"\nturn = 1\nhealth = 5\nstrength = 1\ndefence = 1\n"
      "copies = 5\neffect = " +
      warrior_effect + "\n";
  text += "[[event]]\nname = \"E\"\nturn = 1\ncopies = 5\n";
  for (int r = 0; r < kRrCards; ++r)
    text += "[[rr]]\nname = \"R" + std::to_string(r) +
            "\"\nglory = 5\nkind = \"warrior\"\nstrength = 3\n";
  return text + "[fillers]\nwarrior = \"A\"\nevent = \"E\"\nrr = \"Silent Portent\"\n";
}

}  // namespace

TEST_CASE("ragnarok data: the shipped set has 24+ warriors, 24+ events, 20 RR cards, 4+ decks") {
  const CardSet cards = load_cards("standard");
  int warriors = 0, events = 0;
  std::array<bool, kEffectKinds> kinds{};
  std::array<bool, 6> triggers{};
  for (const Card& c : cards.cards) {
    (c.type == CardType::Warrior ? warriors : events) += 1;
    CHECK((c.copies == 1 || c.copies == 3 || c.copies == 5));
    kinds[size_t(c.effect.kind)] = true;
    if (c.effect.kind != EffectKind::None && c.type == CardType::Warrior)
      triggers[size_t(c.effect.trigger)] = true;
  }
  std::array<int, 3> rr_kinds{};
  for (const RrCard& r : cards.rr) {
    ++rr_kinds[size_t(r.kind)];
    kinds[size_t(r.effect.kind)] = true;
  }
  CHECK(warriors >= 24);
  CHECK(events >= 24);
  CHECK(cards.rr.size() == 20);
  for (int k = 1; k < kEffectKinds; ++k) CHECK(kinds[size_t(k)]);  // every effect kind is used
  for (bool t : triggers) CHECK(t);                                // and every trigger
  for (int n : rr_kinds) CHECK(n > 0);
  const DeckSet decks = load_decks("standard", cards);
  CHECK(decks.decks.size() >= 4);
  for (const char* name : {"aggro", "control", "midrange", "glory"}) CHECK(decks.find(name) >= 0);
}

TEST_CASE("ragnarok data: card file errors name the file, the line and the field") {
  CHECK(card_error(cards_with("{ kind = \"damage\", amount = 2 }")).empty());
  CHECK(card_error("[[warrior]\nname = 1").find("my_cards.toml:1:") == 0);
  CHECK(card_error(cards_with("{ kind = \"smite\", amount = 2 }")) ==
        "my_cards.toml:8: warrior 'A'.effect.kind: unknown effect kind 'smite' (known: damage, "
        "heal, strength, defence, max_health, draw, discard, peek, shame, unshame, revive, "
        "counter, bid, gamble)");
  CHECK(card_error(cards_with("{ kind = \"damage\", amount = 99 }")) ==
        "my_cards.toml:8: warrior 'A'.effect.amount: 99 is out of range [1, 40]");
  CHECK(card_error(cards_with("{ kind = \"draw\", target = \"opponent\", amount = 1 }")) ==
        "my_cards.toml:8: warrior 'A'.effect.target: 'opponent' is not a target of draw "
        "(allowed: self)");
  CHECK(card_error(cards_with("{ kind = \"counter\" }")) ==
        "my_cards.toml:8: warrior 'A'.effect.kind: only events can counter");
  CHECK(card_error(cards_with("{ kind = \"gamble\", amount = 2 }")) ==
        "my_cards.toml:8: warrior 'A'.effect.threshold: missing");
  std::string copies = cards_with("{ kind = \"draw\", amount = 1 }");
  copies.replace(copies.find("copies = 5"), 10, "copies = 4");
  CHECK(card_error(copies) == "my_cards.toml:7: warrior 'A'.copies: must be 5, 3 or 1");
  std::string short_rr = cards_with("{ kind = \"draw\", amount = 1 }");
  short_rr.replace(short_rr.find("[[rr]]"), 6, "[[xx]]");
  CHECK(card_error(short_rr).find("unknown field") != std::string::npos);
}

TEST_CASE("ragnarok data: a deck breaking the rules names the deck, the card and the rule") {
  CHECK(deck_error("[d]\nplan = \"p\"\ncards = { \"Nobody\" = 1 }\n") ==
        "my_decks.toml:3: deck 'd': card 'Nobody': unknown card");
  CHECK(deck_error("[d]\nplan = \"p\"\ncards = { \"Jotun\" = 2 }\n") ==
        "my_decks.toml:3: deck 'd': card 'Jotun': 2 copies, but the card allows 1 to 1");
  CHECK(deck_error("[d]\nplan = \"p\"\ncards = { \"Jotun\" = 1 }\n") ==
        "my_decks.toml:3: deck 'd': a deck holds 20 warriors and 20 events, this one 1 and 0");
}

TEST_CASE("ragnarok data: config errors, files by path, ablation and the data hash") {
  CHECK_THROWS_WITH(make_game({{"deck0", "zerg"}}),
                    Catch::Contains("config deck0: unknown deck 'zerg'"));
  CHECK_THROWS_WITH(make_game({{"ablate", "Nobody"}}),
                    Catch::Contains("config ablate: unknown card 'Nobody'"));
  CHECK_THROWS_WITH(make_game({{"cards", "/nonexistent/cards.toml"}}),
                    Catch::Contains("cannot read cards file '/nonexistent/cards.toml'"));
  const RagnarokGame plain = make_game({{"deck0", "aggro"}});
  const RagnarokGame ablated = make_game({{"deck0", "aggro"}, {"ablate", "Berserker"}});
  const auto aggro = uint8_t(plain.decks().find("aggro"));
  const auto count = [&](const RagnarokGame& g, const std::string& name) {
    const auto list = g.deck_cards(aggro);
    return std::count(list.begin(), list.end(), g.cards().find(name));
  };
  CHECK(count(plain, "Berserker") == 5);
  CHECK(count(ablated, "Berserker") == 0);
  CHECK(count(ablated, "Thrall") == 5);
  // A card file read by path: the same text gives the same game; other text another hash.
  const std::string path = "ragnarok_test_cards.toml";
  std::string text;
  for (const auto& f : embedded_files())
    if (f.name == "cards.toml") text = std::string(f.text);
  std::ofstream(path) << text;
  const RagnarokGame standard = make_game();
  const RagnarokGame from_path = make_game({{"cards", path}});
  CHECK(from_path.hash(from_path.initial_state(4)) == standard.hash(standard.initial_state(4)));
  std::ofstream(path) << text << "\n# edited\n";
  const RagnarokGame edited = make_game({{"cards", path}});
  // Same deal, other data: a record made with one set does not replay with the other.
  CHECK(edited.hash(edited.initial_state(4)) != standard.hash(standard.initial_state(4)));
  std::remove(path.c_str());
}

TEST_CASE("ragnarok data: fit reads the card and deck files as text, shipped or by path") {
  const std::string cards = RagnarokGame::data_file_text("cards", "standard");
  const std::string decks = RagnarokGame::data_file_text("decks", "standard");
  const CardSet parsed = parse_cards(cards, "cards.toml");
  CHECK(parsed.content_hash == load_cards("standard").content_hash);
  CHECK(parse_decks(decks, "decks.toml", parsed).decks.size() ==
        load_decks("standard", parsed).decks.size());
  const std::string path = "ragnarok_data_text_test.toml";
  std::ofstream(path) << cards;
  CHECK(RagnarokGame::data_file_text("cards", path) == cards);
  std::remove(path.c_str());
  CHECK_THROWS_WITH(RagnarokGame::data_file_text("heroes", "standard"),
                    Catch::Contains("no data option 'heroes'"));
}
