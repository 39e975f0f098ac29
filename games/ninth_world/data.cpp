// Loading the designer's data file: heroes, regions, the town, wilderness and power decks.
// Every defect is one nf::Error naming the file, the line and the field.
#include "games/ninth_world/data.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <toml++/toml.h>
#include <algorithm>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/toml_data.hpp"
#include "games/ninth_world/embedded.hpp"

namespace nf::ninth_world {
namespace {

using toml_data::check_keys;
using toml_data::fail;

constexpr std::array<std::string_view, kSkills> kSkillNames = {"effort", "scout",  "tinker",
                                                               "charm",  "combat", "focus"};
constexpr std::array<std::string_view, kCardTypes> kTypeNames = {"creature", "cypher", "quest",
                                                                 "prize"};
constexpr std::array<std::string_view, kTriggers> kTriggerNames = {
    "none",     "bid",     "use",         "no_claim",  "claim",  "advance",
    "complete", "arrival", "phase_start", "departure", "ambient"};
constexpr std::array<std::string_view, kEffectKinds> kEffectNames = {
    "valor",  "wound", "heal",         "power",  "points", "valor_per_rank",
    "gamble", "token", "refresh_town", "reveal", "cost",   "copy"};

template <size_t N>
int word_index(const std::string& source, const toml::node* node, const std::string& field,
               const std::array<std::string_view, N>& words) {
  if (!node->is_string()) fail(source, node, field, "must be text");
  const std::string& text = node->as_string()->get();
  for (size_t i = 0; i < N; ++i)
    if (words[i] == text) return int(i);
  fail(source, node, field, fmt::format("'{}' is not one of {}", text, fmt::join(words, ", ")));
}

// Reads the fields of one table with the context of its messages.
struct Reader {
  const std::string& source;
  const toml::table& table;
  const toml::node* self;
  std::string prefix;

  std::string field(std::string_view key) const { return prefix + std::string(key); }
  const toml::node* get(std::string_view key, bool required) const {
    const toml::node* node = table.get(key);
    if (!node && required) fail(source, self, field(key), "missing");
    return node;
  }
  std::string text(std::string_view key, bool required = true) const {
    const toml::node* node = get(key, required);
    if (!node) return {};
    if (!node->is_string()) fail(source, node, field(key), "must be text");
    return node->as_string()->get();
  }
  int integer(std::string_view key, int lo, int hi, bool required, int fallback = 0) const {
    const toml::node* node = get(key, required);
    if (!node) return fallback;
    if (!node->is_integer()) fail(source, node, field(key), "must be an integer");
    const int64_t v = node->as_integer()->get();
    if (v < lo || v > hi)
      fail(source, node, field(key), fmt::format("{} is out of range [{}, {}]", v, lo, hi));
    return int(v);
  }
  bool boolean(std::string_view key) const {
    const toml::node* node = get(key, false);
    if (!node) return false;
    if (!node->is_boolean()) fail(source, node, field(key), "must be true or false");
    return node->as_boolean()->get();
  }
  template <size_t N>
  int word(std::string_view key, const std::array<std::string_view, N>& words, bool required,
           int fallback = 0) const {
    const toml::node* node = get(key, required);
    if (!node) return fallback;
    return word_index(source, node, field(key), words);
  }
};

// Which triggers a power may have where it is printed.
enum class Holder { Hero, Token, Creature, Prize, Cypher, Quest, RegionFirst, Region, PowerCard };

Power parse_power(const std::string& source, const toml::node* node, const std::string& field,
                  Holder holder) {
  const toml::table* table = node->as_table();
  if (!table) fail(source, node, field, "must be a table such as { when = \"bid\", ... }");
  check_keys(source, *table, field + ".",
             {"when", "phase", "type", "min_cost", "discard", "effect", "amount", "skill", "text"});
  const Reader r{source, *table, node, field + "."};
  Power p;
  const bool implicit = holder == Holder::Token || holder == Holder::Creature ||
                        holder == Holder::Prize || holder == Holder::Quest;
  if (implicit) {
    if (table->get("when")) fail(source, node, r.field("when"), "not allowed here (implied)");
    p.trigger = holder == Holder::Token   ? Trigger::Bid
                : holder == Holder::Quest ? Trigger::Complete
                                          : Trigger::Claim;
  } else {
    p.trigger = Trigger(r.word("when", kTriggerNames, true));
    std::vector<Trigger> allowed;
    switch (holder) {
      case Holder::Hero:
      case Holder::PowerCard:
        allowed = {Trigger::Bid, Trigger::Use, Trigger::NoClaim, Trigger::Claim, Trigger::Advance};
        break;
      case Holder::Cypher:
        allowed = {Trigger::Bid, Trigger::Use, Trigger::NoClaim};
        break;
      case Holder::RegionFirst:
        allowed = {Trigger::Ambient};
        break;
      case Holder::Region:
        allowed = {Trigger::Arrival, Trigger::PhaseStart, Trigger::Departure};
        break;
      default:
        break;
    }
    if (std::find(allowed.begin(), allowed.end(), p.trigger) == allowed.end()) {
      std::vector<std::string_view> names;
      for (Trigger t : allowed) names.push_back(kTriggerNames[size_t(t)]);
      fail(source, table->get("when"), r.field("when"),
           fmt::format("'{}' is not allowed here (allowed: {})", kTriggerNames[size_t(p.trigger)],
                       fmt::join(names, ", ")));
    }
  }
  p.phase = uint8_t(r.word("phase", kSkillNames, false, 0));
  if (p.trigger == Trigger::PhaseStart && p.phase == kAnyPhase)
    fail(source, node, r.field("phase"), "phase_start needs a phase (scout..focus)");
  p.card_type = table->get("type") ? uint8_t(r.word("type", kTypeNames, true)) : kAnyType;
  p.min_cost = uint8_t(r.integer("min_cost", 0, 20, false));
  p.discard = r.boolean("discard");
  if (p.discard && holder != Holder::Cypher)
    fail(source, table->get("discard"), r.field("discard"), "only a cypher is discarded to use");
  p.effect = EffectKind(r.word("effect", kEffectNames, true));
  p.amount = int8_t(r.integer("amount", -9, 20, false, 1));
  p.skill = uint8_t(r.word("skill", kSkillNames, false, 0));
  p.text = r.text("text", false);
  const toml::node* effect_node = table->get("effect");
  const bool region = holder == Holder::Region || holder == Holder::RegionFirst;
  switch (p.effect) {
    case EffectKind::Points:
      if (p.trigger != Trigger::Bid)
        fail(source, effect_node, r.field("effect"), "points are added by bid powers only");
      break;
    case EffectKind::ValorPerRank:
      if (p.skill == Effort)
        fail(source, node, r.field("skill"), "valor_per_rank needs a skill (scout..focus)");
      break;
    case EffectKind::Cost:
      if (p.trigger != Trigger::Ambient)
        fail(source, effect_node, r.field("effect"), "cost changes are ambient region powers");
      break;
    case EffectKind::RefreshTown:
    case EffectKind::Reveal:
      if (!region) fail(source, effect_node, r.field("effect"), "only a region does this");
      break;
    case EffectKind::Copy:
      if ((holder != Holder::Hero && holder != Holder::PowerCard) || p.trigger != Trigger::Bid)
        fail(source, effect_node, r.field("effect"),
             "copy is a bid power of a hero or a power card");
      break;
    default:
      break;
  }
  if (p.trigger == Trigger::Ambient && p.effect != EffectKind::Cost)
    fail(source, effect_node, r.field("effect"), "an ambient power is a cost change");
  if (p.amount < 0 && p.effect != EffectKind::Cost)
    fail(source, table->get("amount"), r.field("amount"), "only a cost change may be negative");
  return p;
}

const toml::array& array_of_tables(const std::string& source, const toml::table& doc,
                                   std::string_view key) {
  const toml::node* node = doc.get(key);
  if (!node) fail(source, nullptr, key, fmt::format("missing (write [[{}]] tables)", key));
  const toml::array* array = node->as_array();
  if (!array || !array->is_array_of_tables())
    fail(source, node, key, fmt::format("must be [[{}]] tables", key));
  return *array;
}

void parse_cards(const std::string& source, const toml::table& doc, bool wilderness, DataSet& out,
                 toml_data::NameSet& names) {
  const std::string_view key = wilderness ? "wilderness" : "town";
  const int first = wilderness ? kTownCards : 0;
  const int wanted = wilderness ? kWildernessCards : kTownCards;
  int next = first;
  const toml::array& cards = array_of_tables(source, doc, key);
  for (size_t i = 0; i < cards.size(); ++i) {
    const toml::table& table = *cards.get(i)->as_table();
    const std::string prefix = fmt::format("{}[{}].", key, i + 1);
    check_keys(source, table, prefix,
               {"name", "type", "cost", "valor", "copies", "quest", "tiers", "power"});
    const Reader r{source, table, cards.get(i), prefix};
    CardDef card;
    card.name = r.text("name");
    names.add(cards.get(i), r.field("name"), card.name);
    card.type = CardType(r.word("type", kTypeNames, true));
    card.wilderness = wilderness;
    card.line = int(cards.get(i)->source().begin.line);
    if (card.type == CardType::Prize && !wilderness)
      fail(source, table.get("type"), r.field("type"), "prizes are wilderness cards");
    card.cost = uint8_t(
        r.integer("cost", card.type == CardType::Prize ? 0 : 1, 20, card.type != CardType::Prize));
    card.valor = uint8_t(r.integer("valor", 0, 30, true));
    if (card.type == CardType::Quest) {
      card.quest_skill = uint8_t(r.word("quest", kSkillNames, true));
      if (card.quest_skill == Effort)
        fail(source, table.get("quest"), r.field("quest"), "a quest type is scout..focus");
      const toml::node* tiers = r.get("tiers", true);
      const toml::array* list = tiers->as_array();
      if (!list || list->empty() || list->size() > size_t(kMaxTiers))
        fail(source, tiers, r.field("tiers"),
             fmt::format("must list 1 to {} tier Valor values", kMaxTiers));
      card.tiers = uint8_t(list->size());
      for (size_t t = 0; t < list->size(); ++t) {
        const toml::node* v = list->get(t);
        if (!v->is_integer() || v->as_integer()->get() < 0 || v->as_integer()->get() > 30)
          fail(source, tiers, r.field("tiers"), "tier Valor values are integers 0..30");
        card.tier_valor[t] = uint8_t(v->as_integer()->get());
      }
    } else {
      for (std::string_view k : {"quest", "tiers"})
        if (table.get(k)) fail(source, table.get(k), r.field(k), "only quests have it");
    }
    if (const toml::node* power = table.get("power")) {
      static constexpr std::array<Holder, kCardTypes> holders = {Holder::Creature, Holder::Cypher,
                                                                 Holder::Quest, Holder::Prize};
      card.power = parse_power(source, power, r.field("power"), holders[size_t(card.type)]);
    }
    const int copies = r.integer("copies", 1, wanted, false, 1);
    for (int c = 0; c < copies; ++c) {
      if (next - first >= wanted)
        fail(source, cards.get(i), prefix + "copies",
             fmt::format("the {} deck has more than {} cards", key, wanted));
      out.cards[size_t(next++)] = card;
    }
  }
  if (next - first != wanted)
    fail(source, doc.get(key), key,
         fmt::format("the {} deck has {} cards; it needs {}", key, next - first, wanted));
}

}  // namespace

std::string_view skill_name(int skill) { return kSkillNames[size_t(skill)]; }
std::string_view card_type_name(CardType t) { return kTypeNames[size_t(t)]; }

DataSet parse_data(std::string_view toml_text, const std::string& source) {
  const toml::table doc = toml_data::parse(toml_text, source);
  check_keys(source, doc, "", {"hero", "neutral", "region", "town", "wilderness", "power"});
  DataSet data;
  data.source = source;
  data.content_hash = hash_text(toml_text);
  // Names are shown in tables and typed by players: checked and unique within their kind.
  toml_data::NameSet hero_names(source, "hero"), region_names(source, "region"),
      path_names(source, "path card"), card_names(source, "card"),
      power_names(source, "power card");

  const toml::array& heroes = array_of_tables(source, doc, "hero");
  for (size_t i = 0; i < heroes.size(); ++i) {
    const toml::table& table = *heroes.get(i)->as_table();
    const std::string prefix = fmt::format("hero[{}].", i + 1);
    check_keys(source, table, prefix, {"name", "adjective", "noun", "power", "token"});
    const Reader r{source, table, heroes.get(i), prefix};
    HeroDef hero;
    hero.name = r.text("name");
    hero_names.add(heroes.get(i), r.field("name"), hero.name);
    hero.adjective = uint8_t(r.word("adjective", kSkillNames, true));
    hero.noun = uint8_t(r.word("noun", kSkillNames, true));
    if (hero.adjective == Effort || hero.noun == Effort || hero.adjective == hero.noun)
      fail(source, heroes.get(i), r.field("noun"),
           "the adjective and noun are two different skills (scout..focus)");
    hero.power = parse_power(source, r.get("power", true), r.field("power"), Holder::Hero);
    hero.token = parse_power(source, r.get("token", true), r.field("token"), Holder::Token);
    data.heroes.push_back(std::move(hero));
  }
  if (data.heroes.size() < 4 || data.heroes.size() > size_t(kMaxHeroDefs))
    fail(source, doc.get("hero"), "hero",
         "needs 4 to 64 heroes (solo takes one hero and three allies)");

  // The neutral references `balance` measures elements against: a hero with starting skills
  // and neither power nor token, and a card that gives nothing.
  const toml::node* neutral = doc.get("neutral");
  if (!neutral)
    fail(source, nullptr, "neutral", "missing (write a [neutral] table with hero = {...})");
  if (!neutral->is_table()) fail(source, neutral, "neutral", "must be a table ([neutral])");
  check_keys(source, *neutral->as_table(), "neutral.", {"hero", "card"});
  const toml::node* neutral_card_name = nullptr;  // checked with the deck's cards, once read
  {
    const Reader n{source, *neutral->as_table(), neutral, "neutral."};
    const toml::node* node = n.get("hero", true);
    const toml::table* table = node->as_table();
    if (!table)
      fail(source, node, "neutral.hero",
           "must be a table such as { name = ..., adjective = ..., noun = ... }");
    check_keys(source, *table, "neutral.hero.", {"name", "adjective", "noun"});
    const Reader r{source, *table, node, "neutral.hero."};
    HeroDef& hero = data.neutral_hero;
    hero.name = r.text("name");
    hero_names.add(node, r.field("name"), hero.name);
    hero.adjective = uint8_t(r.word("adjective", kSkillNames, true));
    hero.noun = uint8_t(r.word("noun", kSkillNames, true));
    if (hero.adjective == Effort || hero.noun == Effort || hero.adjective == hero.noun)
      fail(source, node, r.field("noun"),
           "the adjective and noun are two different skills (scout..focus)");
    const toml::node* card = n.get("card", true);
    const toml::table* card_table = card->as_table();
    if (!card_table) fail(source, card, "neutral.card", "must be a table such as { name = ... }");
    check_keys(source, *card_table, "neutral.card.", {"name"});
    data.neutral_card = Reader{source, *card_table, card, "neutral.card."}.text("name");
    neutral_card_name = card_table->get("name");
  }

  const toml::array& regions = array_of_tables(source, doc, "region");
  for (size_t i = 0; i < regions.size(); ++i) {
    const toml::table& table = *regions.get(i)->as_table();
    const std::string prefix = fmt::format("region[{}].", i + 1);
    check_keys(source, table, prefix, {"name", "path"});
    const Reader r{source, table, regions.get(i), prefix};
    RegionDef region;
    region.name = r.text("name");
    region_names.add(regions.get(i), r.field("name"), region.name);
    const toml::node* path = r.get("path", true);
    const toml::array* cards = path->as_array();
    if (!cards || cards->size() != size_t(kPathCards) || !cards->is_array_of_tables())
      fail(source, path, r.field("path"),
           "must be five tables { name = ..., power = {...} }: round 1; 2 & 9; 3 & 8; 4 & 7; "
           "5 & 6");
    for (size_t c = 0; c < size_t(kPathCards); ++c) {
      const toml::table& card = *cards->get(c)->as_table();
      const std::string card_prefix = fmt::format("{}path[{}].", prefix, c + 1);
      check_keys(source, card, card_prefix, {"name", "power"});
      const Reader cr{source, card, cards->get(c), card_prefix};
      region.cards[c] = cr.text("name");
      path_names.add(cards->get(c), cr.field("name"), region.cards[c]);
      if (const toml::node* power = card.get("power"))
        region.powers[c] = parse_power(source, power, cr.field("power"),
                                       c == 0 ? Holder::RegionFirst : Holder::Region);
    }
    data.regions.push_back(std::move(region));
  }
  if (data.regions.empty() || data.regions.size() > 64)
    fail(source, doc.get("region"), "region", "needs 1 to 64 starting regions");

  parse_cards(source, doc, false, data, card_names);
  parse_cards(source, doc, true, data, card_names);
  // Tables name the card an element is valued against: it must not be one of the deck's.
  card_names.add(neutral_card_name, "neutral.card.name", data.neutral_card);
  // A hero may display every cypher and quest of the set: their number is bounded.
  int displayable = 0;
  for (const CardDef& card : data.cards)
    displayable += card.type == CardType::Cypher || card.type == CardType::Quest;
  if (displayable > kMaxDisplayable)
    fail(source, doc.get("wilderness"), "wilderness",
         fmt::format("the town and wilderness decks have {} cyphers and quests; at most {}",
                     displayable, kMaxDisplayable));

  const toml::array& powers = array_of_tables(source, doc, "power");
  int next = 0;
  for (size_t i = 0; i < powers.size(); ++i) {
    const toml::table& table = *powers.get(i)->as_table();
    const std::string prefix = fmt::format("power[{}].", i + 1);
    check_keys(source, table, prefix, {"name", "copies", "power"});
    const Reader r{source, table, powers.get(i), prefix};
    const std::string name = r.text("name");
    power_names.add(powers.get(i), r.field("name"), name);
    const Power power =
        parse_power(source, r.get("power", true), r.field("power"), Holder::PowerCard);
    const int copies = r.integer("copies", 1, kPowerCards, false, 1);
    for (int c = 0; c < copies; ++c) {
      if (next >= kPowerCards)
        fail(source, powers.get(i), prefix + "copies",
             fmt::format("the power deck has more than {} cards", kPowerCards));
      data.power_names[size_t(next)] = name;
      data.powers[size_t(next++)] = power;
    }
  }
  if (next != kPowerCards)
    fail(source, doc.get("power"), "power",
         fmt::format("the power deck has {} cards; it needs {}", next, kPowerCards));
  return data;
}

DataSet load_data(const std::string& name_or_path) {
  if (toml_data::names_a_file(name_or_path))
    return parse_data(toml_data::read_file(name_or_path, "cards"), name_or_path);
  std::vector<std::string> names;
  for (const EmbeddedFile& f : embedded_files()) {
    const std::string_view stem = f.name.substr(0, f.name.size() - 5);
    if (stem == name_or_path)
      return parse_data(f.text, fmt::format("games/ninth_world/data/{}", f.name));
    names.emplace_back(stem);
  }
  throw Error(fmt::format("unknown cards '{}' (shipped: {}; or give the path of a .toml file)",
                          name_or_path, fmt::join(names, ", ")));
}

}  // namespace nf::ninth_world
