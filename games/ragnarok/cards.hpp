// The card set of The Nine: Ragnarok Rising, as a designer writes it in TOML. Warriors and
// events share one table of card ids; the 20 Ragnarok Rising (RR) cards have their own.
// Effects are values of a small vocabulary (docs/games/ragnarok.md) that rules.cpp interprets.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nf::ragnarok {

inline constexpr int kMaxCards = 96;  // distinct warriors and events in a card file
inline constexpr int kRrCards = 20;
inline constexpr int kDeckSize = 40, kDeckWarriors = 20, kDeckEvents = 20;
inline constexpr uint8_t kNone = 255;

enum class CardType : uint8_t { Warrior, Event };

enum class EffectKind : uint8_t {
  None,
  Damage,     // amount damage to the target (players or warriors)
  Heal,       // amount health back, never above the maximum (players: the starting health)
  Strength,   // +amount strength (negative allowed), for the round or lasting
  Defence,    // +amount defence, for the round or lasting
  MaxHealth,  // +amount maximum health and health, lasting
  Draw,       // the owner draws amount cards
  Discard,    // the opponent discards amount cards at random
  Peek,       // the owner sees the opponent's hand as it is now
  Shame,      // amount shame counters on the target warriors
  Unshame,    // removes amount shame counters from the target warriors
  Revive,     // amount warriors return from the owner's Valhalla to the hand, latest first
  Counter,    // cancels the opponent's event it answers
  Bid,        // +amount to the owner's bids (this round; every round from an RR card)
  Gamble,     // roll a d10: at least threshold deals amount to the opponent, else to the owner
};
inline constexpr int kEffectKinds = 15;

enum class Trigger : uint8_t {
  Play,     // when the card is played (events always)
  Attack,   // when the warrior's attack is resolved, before the dice
  Block,    // when the warrior blocks, before the dice
  Death,    // when the warrior dies in combat or by an effect
  Cleanup,  // every Cleanup Phase while in play (RR repeating effects)
  Aura,     // while in play (RR lasting effects): strength, defence, bid, draw
};

enum class Target : uint8_t {
  Opponent,        // the opponent player
  Self,            // the owner player
  This,            // the warrior itself
  OwnWarriors,     // every warrior of the owner in play
  EnemyWarriors,   // every warrior of the opponent in play
  EnemyStrongest,  // the opponent's warrior with the highest strength (earliest on ties)
  OwnWeakest,      // the owner's warrior with the least health (earliest on ties)
};

enum class Duration : uint8_t { Round, Lasting };

struct Effect {
  EffectKind kind = EffectKind::None;
  Trigger trigger = Trigger::Play;
  Target target = Target::Opponent;
  Duration duration = Duration::Round;
  int8_t amount = 0;
  int8_t threshold = 0;  // Gamble: the least d10 that succeeds
};

struct Card {
  std::string name;
  CardType type = CardType::Warrior;
  uint8_t turn = 1;  // turn requirement: playable from this round on
  uint8_t health = 0, strength = 0, defence = 0;
  uint8_t copies = 1;  // the most copies a deck may hold: 5, 3 or 1
  Effect effect;
};

enum class RrKind : uint8_t { Warrior, Lasting, Repeating };

struct RrCard {
  std::string name;
  uint8_t glory = 1;
  RrKind kind = RrKind::Warrior;
  uint8_t strength = 0;  // warriors: the attack is d10 + strength
  Effect effect;         // lasting (Aura) or repeating (Cleanup) effects
};

struct Deck {
  std::string name, plan;
  std::array<uint8_t, kDeckSize> cards{};  // card ids, warriors first
};

struct CardSet {
  std::string source;
  std::vector<Card> cards;
  std::vector<RrCard> rr;  // exactly kRrCards
  uint8_t filler_warrior = kNone, filler_event = kNone;
  // The neutral RR card ([fillers] rr): in one side's place, an RR card worth its Glory that
  // does nothing else (no lasting or repeating effect, no attack); only its name is data.
  std::string filler_rr;
  uint64_t content_hash = 0;

  // The id of the card named `name`, or kNone.
  uint8_t find(std::string_view name) const;
};

struct DeckSet {
  std::string source;
  std::vector<Deck> decks;
  uint64_t content_hash = 0;

  // The index of the deck named `name`, or -1.
  int find(std::string_view name) const;
};

// Parsing; every defect is one nf::Error naming the file, the line and the field (decks: the
// deck, the card and the rule broken).
CardSet parse_cards(std::string_view toml_text, const std::string& source);
DeckSet parse_decks(std::string_view toml_text, const std::string& source, const CardSet& cards);
// "standard" (the shipped file) or the path of a .toml file.
CardSet load_cards(const std::string& name_or_path);
DeckSet load_decks(const std::string& name_or_path, const CardSet& cards);
// The TOML text of a data option ("cards", "decks") whose value is "standard" or a path.
std::string data_text(std::string_view option, const std::string& name_or_path);

std::string_view effect_kind_name(EffectKind k);
std::string_view trigger_name(Trigger t);
std::string_view target_name(Target t);

}  // namespace nf::ragnarok
