// Loading the designer's files: the card set and the sample decks, shipped inside the program
// or read from a path. Every defect is one nf::Error naming the file, the line and the field.
#include <fmt/format.h>

#include <toml++/toml.h>
#include <algorithm>
#include <map>

#include "core/error.hpp"
#include "core/toml_data.hpp"
#include "games/ragnarok/cards.hpp"
#include "games/ragnarok/embedded.hpp"

namespace nf::ragnarok {
namespace {

constexpr std::array<std::string_view, kEffectKinds> kKindNames = {
    "none", "damage", "heal",    "strength", "defence", "max_health", "draw",  "discard",
    "peek", "shame",  "unshame", "revive",   "counter", "bid",        "gamble"};
constexpr std::array<std::string_view, 6> kTriggerNames = {"play",  "attack",  "block",
                                                           "death", "cleanup", "aura"};
constexpr std::array<std::string_view, 7> kTargetNames = {
    "opponent", "self", "this", "own_warriors", "enemy_warriors", "enemy_strongest", "own_weakest"};

using T = Target;
// The targets each kind accepts; the first is the default when the file gives none.
std::vector<Target> allowed_targets(EffectKind k) {
  switch (k) {
    case EffectKind::Damage:
      return {T::Opponent, T::Self, T::This, T::EnemyWarriors, T::EnemyStrongest, T::OwnWarriors};
    case EffectKind::Heal:
      return {T::Self, T::This, T::OwnWarriors, T::OwnWeakest};
    case EffectKind::Strength:
    case EffectKind::Defence:
      return {T::This, T::OwnWarriors, T::EnemyWarriors, T::EnemyStrongest};
    case EffectKind::MaxHealth:
      return {T::This, T::OwnWarriors, T::OwnWeakest};
    case EffectKind::Shame:
      return {T::EnemyStrongest, T::EnemyWarriors, T::This};
    case EffectKind::Unshame:
      return {T::OwnWarriors, T::This};
    case EffectKind::Draw:
    case EffectKind::Revive:
    case EffectKind::Bid:
      return {T::Self};
    case EffectKind::Discard:
    case EffectKind::Peek:
    case EffectKind::Counter:
    case EffectKind::Gamble:
      return {T::Opponent};
    case EffectKind::None:
      break;
  }
  return {};
}

// What a card of each sort may say (its "where" in messages).
enum class Holder { Warrior, Event, RrLasting, RrRepeating };

using toml_data::check_keys;
using toml_data::fail;

int64_t get_int(const std::string& source, const toml::table& t, std::string_view key,
                const std::string& field, int64_t lo, int64_t hi, const toml::node* parent,
                const int64_t* fallback = nullptr) {
  const toml::node* v = t.get(key);
  if (!v) {
    if (fallback) return *fallback;
    fail(source, parent, field, "missing");
  }
  if (!v->is_integer()) fail(source, v, field, "must be an integer");
  const int64_t x = v->as_integer()->get();
  if (x < lo || x > hi)
    fail(source, v, field, fmt::format("{} is out of range [{}, {}]", x, lo, hi));
  return x;
}

std::string get_text(const std::string& source, const toml::table& t, std::string_view key,
                     const std::string& field, const toml::node* parent, bool required = true) {
  const toml::node* v = t.get(key);
  if (!v) {
    if (required) fail(source, parent, field, "missing");
    return {};
  }
  if (!v->is_string()) fail(source, v, field, "must be text");
  return v->as_string()->get();
}

template <size_t N>
int index_of(const std::array<std::string_view, N>& names, std::string_view word) {
  const auto it = std::find(names.begin(), names.end(), word);
  return it == names.end() ? -1 : int(it - names.begin());
}

Effect parse_effect(const std::string& source, const toml::node& node, const std::string& field,
                    Holder holder) {
  const toml::table* t = node.as_table();
  if (!t) fail(source, &node, field, "must be a table such as { kind = \"damage\", amount = 2 }");
  check_keys(source, *t, field + ".",
             {"kind", "trigger", "target", "duration", "amount", "threshold"});
  Effect e;
  const std::string kind = get_text(source, *t, "kind", field + ".kind", &node);
  const int k = index_of(kKindNames, kind);
  if (k <= 0)
    fail(source, t->get("kind"), field + ".kind",
         fmt::format("unknown effect kind '{}' (known: {})", kind,
                     fmt::join(kKindNames.begin() + 1, kKindNames.end(), ", ")));
  e.kind = EffectKind(k);

  // Trigger: warriors choose theirs; events are played; RR cards are lasting or repeating.
  const std::string trigger = get_text(source, *t, "trigger", field + ".trigger", &node, false);
  if (holder == Holder::Warrior) {
    const int tr = trigger.empty() ? 0 : index_of(kTriggerNames, trigger);
    if (tr < 0)
      fail(
          source, t->get("trigger"), field + ".trigger",
          fmt::format("unknown trigger '{}' (known: {})", trigger, fmt::join(kTriggerNames, ", ")));
    e.trigger = Trigger(tr);
  } else {
    if (!trigger.empty())
      fail(source, t->get("trigger"), field + ".trigger",
           holder == Holder::Event ? "events have no trigger: they act when played"
                                   : "RR cards have no trigger: their kind says when they act");
    e.trigger = holder == Holder::Event       ? Trigger::Play
                : holder == Holder::RrLasting ? Trigger::Aura
                                              : Trigger::Cleanup;
  }

  // Which kinds each holder may use.
  const bool stat = e.kind == EffectKind::Strength || e.kind == EffectKind::Defence;
  if (e.kind == EffectKind::Counter && holder != Holder::Event)
    fail(source, t->get("kind"), field + ".kind", "only events can counter");
  if (e.trigger == Trigger::Aura && !stat && holder == Holder::Warrior)
    fail(source, t->get("trigger"), field + ".trigger",
         "an aura can only change strength or defence");
  if (holder == Holder::RrLasting && !stat && e.kind != EffectKind::Bid &&
      e.kind != EffectKind::Draw)
    fail(source, t->get("kind"), field + ".kind",
         "a lasting RR effect is one of strength, defence, bid, draw");
  if (holder == Holder::RrRepeating &&
      (stat || e.kind == EffectKind::Bid || e.kind == EffectKind::Peek))
    fail(source, t->get("kind"), field + ".kind",
         "a repeating RR effect cannot be strength, defence, bid or peek (use a lasting card)");

  const std::vector<Target> targets = allowed_targets(e.kind);
  const std::string target = get_text(source, *t, "target", field + ".target", &node, false);
  if (target.empty()) {
    e.target = targets.front();
  } else {
    const int tg = index_of(kTargetNames, target);
    std::vector<std::string_view> names;
    for (Target x : targets) names.push_back(kTargetNames[size_t(x)]);
    if (tg < 0 || std::find(targets.begin(), targets.end(), Target(tg)) == targets.end())
      fail(source, t->get("target"), field + ".target",
           fmt::format("'{}' is not a target of {} (allowed: {})", target, kind,
                       fmt::join(names, ", ")));
    e.target = Target(tg);
  }
  const bool own_card = holder == Holder::Warrior;
  if (!own_card && e.target == Target::This)
    fail(source, t->get("target"), field + ".target", "'this' is for a warrior's own effects");
  if (e.trigger == Trigger::Aura && e.target != Target::OwnWarriors &&
      e.target != Target::EnemyWarriors && stat)
    fail(source, t->get("target"), field + ".target",
         "an aura applies to own_warriors or enemy_warriors");

  const std::string duration = get_text(source, *t, "duration", field + ".duration", &node, false);
  if (!duration.empty()) {
    if (!stat)
      fail(source, t->get("duration"), field + ".duration", "only strength and defence last");
    if (duration != "round" && duration != "lasting")
      fail(source, t->get("duration"), field + ".duration",
           fmt::format("'{}' is not round or lasting", duration));
    e.duration = duration == "round" ? Duration::Round : Duration::Lasting;
  }
  const bool signed_amount = stat;
  const int64_t lo = signed_amount ? -20 : 1;
  if (e.kind == EffectKind::Peek || e.kind == EffectKind::Counter) {
    const int64_t zero = 0;
    e.amount = int8_t(get_int(source, *t, "amount", field + ".amount", 0, 0, &node, &zero));
  } else {
    e.amount = int8_t(get_int(source, *t, "amount", field + ".amount", lo, stat ? 20 : 40, &node));
    if (e.amount == 0) fail(source, t->get("amount"), field + ".amount", "must not be 0");
  }
  if (e.kind == EffectKind::Gamble)
    e.threshold = int8_t(get_int(source, *t, "threshold", field + ".threshold", 1, 10, &node));
  else if (t->get("threshold"))
    fail(source, t->get("threshold"), field + ".threshold", "only a gamble has a threshold");
  return e;
}

const toml::array* get_list(const std::string& source, const toml::table& doc,
                            std::string_view key) {
  const toml::node* node = doc.get(key);
  if (!node) fail(source, nullptr, key, "missing");
  const toml::array* list = node->as_array();
  if (!list || !list->is_array_of_tables())
    fail(source, node, key, fmt::format("must be a list of tables ([[{}]])", key));
  return list;
}

uint64_t fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : text) h = (h ^ uint8_t(c)) * 0x100000001b3ULL;
  return h;
}

template <class Parse>
auto load(const std::string& value, std::string_view what, std::string_view shipped_name,
          Parse parse) {
  if (value != "standard") return parse(toml_data::read_file(value, what), value);
  for (const EmbeddedFile& f : embedded_files())
    if (f.name == shipped_name) return parse(f.text, fmt::format("games/ragnarok/data/{}", f.name));
  throw Error(fmt::format("the shipped {} file is missing", what));
}

}  // namespace

std::string_view effect_kind_name(EffectKind k) { return kKindNames[size_t(k)]; }
std::string_view trigger_name(Trigger t) { return kTriggerNames[size_t(t)]; }
std::string_view target_name(Target t) { return kTargetNames[size_t(t)]; }

uint8_t CardSet::find(std::string_view name) const {
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].name == name) return uint8_t(i);
  return kNone;
}

int DeckSet::find(std::string_view name) const {
  for (size_t i = 0; i < decks.size(); ++i)
    if (decks[i].name == name) return int(i);
  return -1;
}

CardSet parse_cards(std::string_view text, const std::string& source) {
  const toml::table doc = toml_data::parse(text, source);
  check_keys(source, doc, "", {"warrior", "event", "rr", "fillers"});
  CardSet set;
  set.source = source;
  set.content_hash = fnv1a(text);
  toml_data::NameSet card_names(source, "card"), rr_names(source, "RR card");
  for (const auto type : {CardType::Warrior, CardType::Event}) {
    const bool warrior = type == CardType::Warrior;
    const std::string_view key = warrior ? "warrior" : "event";
    const toml::array* list = get_list(source, doc, key);
    for (size_t i = 0; i < list->size(); ++i) {
      const toml::node& node = *list->get(i);
      const toml::table& t = *node.as_table();
      Card c;
      c.type = type;
      c.name = get_text(source, t, "name", fmt::format("{}[{}].name", key, i + 1), &node);
      const std::string field = fmt::format("{} '{}'", key, c.name);
      card_names.add(&node, field, c.name);
      if (warrior)
        check_keys(source, t, field + ".",
                   {"name", "turn", "health", "strength", "defence", "copies", "effect"});
      else
        check_keys(source, t, field + ".", {"name", "turn", "copies", "effect"});
      c.turn = uint8_t(get_int(source, t, "turn", field + ".turn", 1, 20, &node));
      c.copies = uint8_t(get_int(source, t, "copies", field + ".copies", 1, 5, &node));
      if (c.copies != 1 && c.copies != 3 && c.copies != 5)
        fail(source, t.get("copies"), field + ".copies", "must be 5, 3 or 1");
      if (warrior) {
        c.health = uint8_t(get_int(source, t, "health", field + ".health", 1, 40, &node));
        c.strength = uint8_t(get_int(source, t, "strength", field + ".strength", 0, 20, &node));
        c.defence = uint8_t(get_int(source, t, "defence", field + ".defence", 0, 20, &node));
      }
      if (const toml::node* e = t.get("effect"))
        c.effect =
            parse_effect(source, *e, field + ".effect", warrior ? Holder::Warrior : Holder::Event);
      if (set.cards.size() >= size_t(kMaxCards))
        fail(source, &node, field, fmt::format("more than {} cards", kMaxCards));
      set.cards.push_back(std::move(c));
    }
  }
  const toml::array* rr = get_list(source, doc, "rr");
  for (size_t i = 0; i < rr->size(); ++i) {
    const toml::node& node = *rr->get(i);
    const toml::table& t = *node.as_table();
    RrCard c;
    c.name = get_text(source, t, "name", fmt::format("rr[{}].name", i + 1), &node);
    const std::string field = fmt::format("rr '{}'", c.name);
    rr_names.add(&node, field, c.name);
    c.glory = uint8_t(get_int(source, t, "glory", field + ".glory", 1, 60, &node));
    const std::string kind = get_text(source, t, "kind", field + ".kind", &node);
    if (kind == "warrior") {
      c.kind = RrKind::Warrior;
      check_keys(source, t, field + ".", {"name", "glory", "kind", "strength"});
      c.strength = uint8_t(get_int(source, t, "strength", field + ".strength", 0, 20, &node));
    } else if (kind == "lasting" || kind == "repeating") {
      c.kind = kind == "lasting" ? RrKind::Lasting : RrKind::Repeating;
      check_keys(source, t, field + ".", {"name", "glory", "kind", "effect"});
      const toml::node* e = t.get("effect");
      if (!e) fail(source, &node, field + ".effect", "missing");
      c.effect = parse_effect(source, *e, field + ".effect",
                              kind == "lasting" ? Holder::RrLasting : Holder::RrRepeating);
    } else {
      fail(source, t.get("kind"), field + ".kind",
           fmt::format("'{}' is not warrior, lasting or repeating", kind));
    }
    set.rr.push_back(std::move(c));
  }
  if (set.rr.size() != size_t(kRrCards))
    fail(source, doc.get("rr"), "rr",
         fmt::format("the Ragnarok Rising deck needs exactly {} cards, not {}", kRrCards,
                     set.rr.size()));
  const toml::node* fillers = doc.get("fillers");
  if (!fillers) fail(source, nullptr, "fillers", "missing");
  const toml::table* ft = fillers->as_table();
  if (!ft) fail(source, fillers, "fillers", "must be a table");
  check_keys(source, *ft, "fillers.", {"warrior", "event", "rr"});
  for (const auto type : {CardType::Warrior, CardType::Event}) {
    const std::string key = type == CardType::Warrior ? "warrior" : "event";
    const std::string name = get_text(source, *ft, key, "fillers." + key, fillers);
    const uint8_t id = set.find(name);
    if (id == kNone || set.cards[id].type != type)
      fail(source, ft->get(key), "fillers." + key, fmt::format("'{}' is not a {} card", name, key));
    (type == CardType::Warrior ? set.filler_warrior : set.filler_event) = id;
  }
  // A name of its own among the RR cards: it stands beside them in the causal tables.
  set.filler_rr = get_text(source, *ft, "rr", "fillers.rr", fillers);
  rr_names.add(ft->get("rr"), "fillers.rr", set.filler_rr);
  return set;
}

DeckSet parse_decks(std::string_view text, const std::string& source, const CardSet& cards) {
  const toml::table doc = toml_data::parse(text, source);
  DeckSet set;
  set.source = source;
  set.content_hash = fnv1a(text);
  toml_data::NameSet deck_names(source, "deck");
  for (auto&& [key, node] : doc) {
    const std::string deck_name(key.str());
    const std::string field = fmt::format("deck '{}'", deck_name);
    // deck0=NAME and heuristic@deck=NAME select a deck by its name; "random" draws one.
    toml_data::check_selectable_name(source, &node, field, deck_name, {"random"});
    deck_names.add(&node, field, deck_name);
    const toml::table* t = node.as_table();
    if (!t) fail(source, &node, field, "must be a table ([name] with plan and cards)");
    check_keys(source, *t, field + ".", {"plan", "cards"});
    Deck deck;
    deck.name = deck_name;
    deck.plan = get_text(source, *t, "plan", field + ".plan", &node);
    const toml::node* list_node = t->get("cards");
    if (!list_node) fail(source, &node, field + ".cards", "missing");
    const toml::table* list = list_node->as_table();
    if (!list) fail(source, list_node, field + ".cards", "must be a table of \"card\" = copies");
    std::vector<uint8_t> warriors, events;
    for (auto&& [card_key, count_node] : *list) {
      const std::string card_name(card_key.str());
      const std::string where = fmt::format("{}: card '{}'", field, card_name);
      const uint8_t id = cards.find(card_name);
      if (id == kNone) fail(source, &count_node, where, "unknown card");
      if (!count_node.is_integer()) fail(source, &count_node, where, "copies must be an integer");
      const int64_t n = count_node.as_integer()->get();
      if (n < 1 || n > cards.cards[id].copies)
        fail(source, &count_node, where,
             fmt::format("{} copies, but the card allows 1 to {}", n, cards.cards[id].copies));
      auto& into = cards.cards[id].type == CardType::Warrior ? warriors : events;
      for (int64_t c = 0; c < n; ++c) into.push_back(id);
    }
    if (warriors.size() != size_t(kDeckWarriors) || events.size() != size_t(kDeckEvents))
      fail(source, list_node, field,
           fmt::format("a deck holds 20 warriors and 20 events, this one {} and {}",
                       warriors.size(), events.size()));
    std::copy(warriors.begin(), warriors.end(), deck.cards.begin());
    std::copy(events.begin(), events.end(), deck.cards.begin() + kDeckWarriors);
    set.decks.push_back(std::move(deck));
  }
  if (set.decks.empty()) fail(source, nullptr, "decks", "the file holds no deck");
  return set;
}

CardSet load_cards(const std::string& value) {
  return load(value, "cards", "cards.toml", [](std::string_view text, const std::string& source) {
    return parse_cards(text, source);
  });
}

std::string data_text(std::string_view option, const std::string& value) {
  const auto as_text = [](std::string_view text, const std::string&) { return std::string(text); };
  if (option == "cards") return load(value, "cards", "cards.toml", as_text);
  if (option == "decks") return load(value, "decks", "decks.toml", as_text);
  throw Error(
      fmt::format("game 'ragnarok' has no data option '{}' (data options: cards, decks)", option));
}

DeckSet load_decks(const std::string& value, const CardSet& cards) {
  return load(value, "decks", "decks.toml", [&](std::string_view text, const std::string& source) {
    return parse_decks(text, source, cards);
  });
}

}  // namespace nf::ragnarok
