// The designer's base set of The Ninth World as immutable data: heroes, the nine starting
// regions with their paths, the town and wilderness decks and the power deck. Loaded once
// from TOML (shipped inside the program or read from a path); every defect is one nf::Error
// naming the file, the line and the field. The rules interpret the powers below; nothing
// about a particular card is written in C++.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nf::ninth_world {

// Skill card types. The five phases are named after the skills Scout..Focus (1..5).
enum Skill : uint8_t { Effort, Scout, Tinker, Charm, Combat, Focus };
inline constexpr int kSkills = 6;
inline constexpr uint8_t kAnyPhase = 0;  // a power usable in every phase
inline constexpr int kMaxRank = 4;
std::string_view skill_name(int skill);  // "effort", "scout"...

enum class CardType : uint8_t { Creature, Cypher, Quest, Prize };
inline constexpr int kCardTypes = 4;
inline constexpr uint8_t kAnyType = 255;
std::string_view card_type_name(CardType t);

// When a power acts.
enum class Trigger : uint8_t {
  None,
  Bid,         // a bid power: after the reveal, by a hero who bid at least 1
  Use,         // during the hero's own turn in the phase
  NoClaim,     // at the end of the hero's turn in the phase if it claimed nothing
  Claim,       // passive: when the hero claims a card (type and cost filters); for a
               // creature or prize card, the card's own effect when it is claimed
  Advance,     // passive: when the hero advances a skill
  Complete,    // a quest's effect when it is completed
  Arrival,     // region: at the start of the round it is visited
  PhaseStart,  // region: at the start of a phase of the round it is visited
  Departure,   // region: at the end of the round it is visited
  Ambient,     // region (the round-1 card): a cost change in effect the entire game
};
inline constexpr int kTriggers = 11;

// The effect vocabulary (docs/games/ninth-world.md). `amount` and `skill` qualify it.
enum class EffectKind : uint8_t {
  Valor,         // gain `amount` Valor
  Wound,         // gain `amount` wounds
  Heal,          // heal up to `amount` wounds
  Power,         // gain a power card from the power deck
  Points,        // add `amount` skill points to the bid (of phase `skill` when set)
  ValorPerRank,  // gain Valor equal to the rank of skill `skill`
  Gamble,        // roll a die: good gains `amount` Valor, bad a wound, blank nothing
  Token,         // the hero token returns to the tableau
  RefreshTown,   // discard the town row and deal it again
  Reveal,        // deal `amount` wilderness cards faceup, unmarked
  Cost,          // claims of the filtered cards cost `amount` more (negative: less)
  Copy,          // a bid power: for the phase, the power of another hero (solo: an ally)
};
inline constexpr int kEffectKinds = 12;

struct Power {
  Trigger trigger = Trigger::None;
  uint8_t phase = kAnyPhase;     // the phase it is limited to (Scout..Focus), or any
  uint8_t card_type = kAnyType;  // Claim and Cost: the card type it applies to
  uint8_t min_cost = 0;          // Claim: only cards printed at this cost or more
  bool discard = false;          // a displayed cypher is discarded to use it
  EffectKind effect = EffectKind::Valor;
  int8_t amount = 0;
  uint8_t skill = 0;  // Points: its phase (0: no phase); ValorPerRank: the skill
  std::string text;   // the card text, for logs and the rendered state

  bool present() const { return trigger != Trigger::None; }
};

inline constexpr int kMaxTiers = 4;
struct CardDef {
  std::string name;
  CardType type = CardType::Creature;
  bool wilderness = false;
  uint8_t cost = 0, valor = 0;
  uint8_t quest_skill = 0;  // quests: the skill whose actions complete tiers (Scout..Focus)
  uint8_t tiers = 0;        // quests: 1..kMaxTiers
  std::array<uint8_t, kMaxTiers> tier_valor{};
  Power power;
  int line = 0;  // where it is defined, for messages
};

struct HeroDef {
  std::string name;
  uint8_t adjective = Scout, noun = Tinker;  // the two rank-1 starting skills
  Power power;                               // the printed power ("Who ...")
  Power token;                               // what spending the hero token does (a bid power)
};

inline constexpr int kPathCards = 5;
struct RegionDef {
  std::string name;                           // the starting region (kingdom)
  std::array<std::string, kPathCards> cards;  // region card names, round 1 card first
  std::array<Power, kPathCards> powers;       // card 0's power is ambient
};

inline constexpr int kMaxHeroDefs = 64;
// Hero::def of the neutral hero (DataSet::neutral_hero), which no deal draws: `balance` puts it
// in a seat's place to measure what the seat's own hero is worth (games/ninth_world/causal.cpp).
inline constexpr uint8_t kNeutralHero = kMaxHeroDefs;
inline constexpr int kTownCards = 48, kWildernessCards = 60, kPowerCards = 50;
inline constexpr int kCards = kTownCards + kWildernessCards;  // town ids first
// Cyphers and quests a set may have in all: a hero can display every one of them.
inline constexpr int kMaxDisplayable = 64;

struct DataSet {
  std::string source;  // file name, for messages
  uint64_t content_hash = 0;
  std::vector<HeroDef> heroes;
  std::vector<RegionDef> regions;
  std::array<CardDef, kCards> cards;      // by card instance: town 0..47, wilderness 48..107
  std::array<Power, kPowerCards> powers;  // the power side of each power/wound card
  std::array<std::string, kPowerCards> power_names;
  // The neutral reference of the heroes ([neutral] hero): starting skills, no power, no token.
  HeroDef neutral_hero;
  // The neutral reference of the town and wilderness cards ([neutral] card): in one hero's
  // place a card of the same type and cost that gives nothing (no Valor, no effect, never
  // displayed); only its name is data.
  std::string neutral_card;

  const CardDef& card(int id) const { return cards[size_t(id)]; }
  // A hero of the set by Hero::def, or the neutral hero (kNeutralHero).
  const HeroDef& hero(int def) const {
    return def == kNeutralHero ? neutral_hero : heroes[size_t(def)];
  }
};

// Parses one data file; throws nf::Error "file:line: field: problem".
DataSet parse_data(std::string_view toml_text, const std::string& source);
// "base" (shipped) or the path of a .toml file.
DataSet load_data(const std::string& name_or_path);

}  // namespace nf::ninth_world
