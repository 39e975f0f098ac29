// The Ninth World's config, setup and the small rules queries everything else shares.
#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

ParamSchema NinthWorldGame::config_schema() {
  return {
      ParamSpec::choice("mode", "competitive", {"competitive", "coop", "solo"},
                        "competitive (2-5 heroes, hidden bids), coop (1-5, a team against the "
                        "thresholds) or solo (one hero with three allies)"),
      ParamSpec::integer("players", 0, 0, kMaxHeroes,
                         "heroes; 0: 4 in competitive and co-op, 1 in solo"),
      ParamSpec::choice("length", "standard", {"standard", "quick"},
                        "standard: 9 rounds; quick: 5 rounds"),
      ParamSpec::text("cards", "base",
                      "the data set: the shipped 'base' or the path of a .toml file"),
      ParamSpec::text("region", "random",
                      "the starting region (its path of five cards), or random from the deal"),
      ParamSpec::boolean("set_powers", false,
                         "advanced rule: each hero may cover its power with one of two dealt "
                         "power cards"),
      ParamSpec::integer("town_slots", 5, 1, kMaxTownSlots, "faceup town cards (town slots)"),
      ParamSpec::integer("threshold1", 15, 0, 500, "co-op: Valor every hero needs at check 1"),
      ParamSpec::integer("threshold2", 40, 0, 500, "co-op: Valor every hero needs at check 2"),
      ParamSpec::integer("threshold3", 75, 0, 500, "co-op: Valor every hero needs at check 3"),
  };
}

NinthWorldGame::NinthWorldGame(const ParamSet& config)
    : data_(std::make_shared<const DataSet>(load_data(config.text("cards")))),
      rounds_(config.get_choice("length") == "quick" ? 5 : 9),
      town_slots_(int(config.get_int("town_slots"))),
      thresholds_{int(config.get_int("threshold1")), int(config.get_int("threshold2")),
                  int(config.get_int("threshold3"))},
      set_powers_(config.get_bool("set_powers")) {
  const std::string& mode = config.get_choice("mode");
  mode_ = mode == "coop" ? Mode::Coop : mode == "solo" ? Mode::Solo : Mode::Competitive;
  players_ = int(config.get_int("players"));
  if (players_ == 0) players_ = mode_ == Mode::Solo ? 1 : 4;
  if (mode_ == Mode::Competitive && players_ < 2)
    throw Error("game 'ninth-world' config: players: competitive play needs 2 to 5 heroes");
  if (mode_ == Mode::Solo && players_ != 1)
    throw Error("game 'ninth-world' config: players: solo is played by one hero");
  if (size_t(players_ + (mode_ == Mode::Solo ? kAllies : 0)) > data_->heroes.size())
    throw Error(fmt::format("{}: hero: {} heroes are needed and the set has {}", data_->source,
                            players_, data_->heroes.size()));
  for (int c = 0; c < kCards; ++c) {
    const CardDef& def = data_->card(c);
    type_[size_t(c)] = uint8_t(def.type);
    flags_[size_t(c)] =
        uint8_t((def.type == CardType::Quest && def.quest_skill == Tinker ? kTinkerQuest : 0) |
                (def.power.trigger == Trigger::Use ? kUsePower : 0));
  }
  for (const RegionDef& r : data_->regions)
    for (int c = 0; c < kCards; ++c) {
      const CardDef& def = data_->card(c);
      int cost = def.cost;
      const Power& ambient = r.powers[0];
      if (ambient.trigger == Trigger::Ambient && ambient.effect == EffectKind::Cost &&
          (ambient.card_type == kAnyType || ambient.card_type == uint8_t(def.type)))
        cost += ambient.amount;
      cost_.push_back(uint8_t(std::max(1, cost)));  // never below 1
    }
  for (int c = 0; c < kCards; ++c) {
    const std::string& name = data_->card(c).name;
    const auto known = std::find(card_names_.begin(), card_names_.end(), name);
    card_row_[size_t(c)] = int(known - card_names_.begin());
    if (known == card_names_.end()) card_names_.push_back(name);
  }
  const std::string& region = config.text("region");
  region_choice_ = -1;
  if (region != "random") {
    std::vector<std::string> names;
    for (size_t r = 0; r < data_->regions.size(); ++r) {
      if (data_->regions[r].name == region) region_choice_ = int(r);
      names.push_back(data_->regions[r].name);
    }
    if (region_choice_ < 0)
      throw Error(fmt::format("game 'ninth-world' config: region: unknown region '{}' (known: {})",
                              region, fmt::join(names, ", ")));
  }
}

int Hero::wounds() const {
  int n = 0;
  for (uint8_t c : stack) n += (c & kWoundSide) != 0;
  return n;
}

int NinthWorldGame::path_card(int round) {
  static constexpr std::array<int, 10> cards = {0, 0, 1, 2, 3, 4, 4, 3, 2, 1};
  return cards[size_t(round)];
}

int NinthWorldGame::check_round(int check) const {
  return rounds_ == 9 ? 3 * (check + 1) : (check == 0 ? 3 : 5);
}

int NinthWorldGame::checks() const { return rounds_ == 9 ? 3 : 2; }

int NinthWorldGame::threshold(int check) const {
  // A quick game checks the first and second thresholds after rounds 3 and 5.
  return thresholds_[size_t(check)];
}

State NinthWorldGame::initial_state(uint64_t seed) const {
  State s;
  s.rng.reseed(seed);
  s.region = uint8_t(region_choice_ >= 0 ? region_choice_
                                         : int(s.rng.below(uint32_t(data_->regions.size()))));
  // Heroes (and solo allies) are distinct heroes drawn from the set.
  std::array<uint8_t, kMaxHeroDefs> pool{};
  for (size_t i = 0; i < data_->heroes.size(); ++i) pool[i] = uint8_t(i);
  s.rng.shuffle(std::span<uint8_t>(pool.data(), data_->heroes.size()));
  for (int h = 0; h < players_; ++h) {
    Hero& hero = s.heroes[size_t(h)];
    hero.def = pool[size_t(h)];
    const HeroDef& def = data_->heroes[hero.def];
    hero.skill = {def.adjective, def.noun, Effort, Effort, Effort};
    hero.rank = {1, 1, 1, 1, 1};
  }
  if (mode_ == Mode::Solo) {
    for (int a = 0; a < kAllies; ++a) s.ally_def[size_t(a)] = pool[size_t(1 + a)];
    s.heroes[0].allies = (1 << kAllies) - 1;
  }
  for (int c = 0; c < kTownCards; ++c) s.town_deck.push_back(uint8_t(c));
  for (int c = kTownCards; c < kCards; ++c) s.wild_deck.push_back(uint8_t(c));
  for (int c = 0; c < kPowerCards; ++c) s.power_deck.push_back(uint8_t(c));
  s.rng.shuffle(s.town_deck.span());
  s.rng.shuffle(s.wild_deck.span());
  s.rng.shuffle(s.power_deck.span());
  s.town.fill(kNone);
  s.monolith = mode_ == Mode::Solo ? 0 : uint8_t(s.rng.below(uint32_t(players_)));
  s.first_monolith = s.monolith;
  deal_town(s);
  if (cooperative()) reveal_wild(s, players_);
  if (set_powers_) {
    for (int h = 0; h < players_; ++h)
      for (int k = 0; k < 2; ++k) s.offered.push_back(s.power_deck.pop_back());
    s.step = Step::SetPowers;
    s.actor = 0;
    return s;
  }
  s.round = 1;
  region_powers(s, Trigger::Arrival);
  begin_phase(s);
  return s;
}

void NinthWorldGame::deal_town(State& s) const {
  for (int slot = 0; slot < town_slots_; ++slot) {
    if (s.town[size_t(slot)] != kNone || (s.town_wounds >> slot & 1)) continue;
    const int card = draw_town(s);
    if (card == int(kNone)) return;
    s.town[size_t(slot)] = uint8_t(card);
  }
}

int NinthWorldGame::draw_town(State& s) const {
  if (s.town_deck.empty()) {
    // The discards are shuffled into a new deck when it runs out.
    while (!s.town_discard.empty()) s.town_deck.push_back(s.town_discard.pop_back());
    s.rng.shuffle(s.town_deck.span());
  }
  return s.town_deck.empty() ? int(kNone) : s.town_deck.pop_back();
}

int NinthWorldGame::draw_wild(State& s) const {
  if (s.wild_deck.empty()) {
    while (!s.wild_discard.empty()) s.wild_deck.push_back(s.wild_discard.pop_back());
    s.rng.shuffle(s.wild_deck.span());
  }
  return s.wild_deck.empty() ? int(kNone) : s.wild_deck.pop_back();
}

void NinthWorldGame::discard(State& s, int card) const {
  if (data_->card(card).wilderness)
    s.wild_discard.push_back(uint8_t(card));
  else
    s.town_discard.push_back(uint8_t(card));
}

void NinthWorldGame::reveal_wild(State& s, int count) const {
  // Prizes go to the monolith owner and are replaced by further draws.
  for (int placed = 0, draws = 0; placed < count && !s.wild.full() && draws < kWildernessCards;
       ++draws) {
    const int card = draw_wild(s);
    if (card == int(kNone)) return;
    if (data_->card(card).type == CardType::Prize) {
      claim_prize(s, s.monolith, card);
      continue;
    }
    WildCard w;
    w.card = uint8_t(card);
    s.wild.push_back(w);
    ++placed;
  }
}

}  // namespace nf::ninth_world
