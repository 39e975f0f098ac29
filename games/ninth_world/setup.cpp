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
      ParamSpec::text("heroes", "random",
                      "the heroes of seats 0, 1, ... joined by '+' (e.g. Qbrys+Selis); seats "
                      "not named draw a hero at random"),
      ParamSpec::text("allies", "random",
                      "solo: the three allies joined by '+'; those not named are drawn"),
      ParamSpec::choice("power_gain", "cover", {"cover", "under_wounds"},
                        "a power card gained while wounded: covers the wounds (cover) or goes "
                        "under them (under_wounds)"),
      ParamSpec::choice("unclaimed_pool", "lost", {"lost", "valor"},
                        "co-op: points pooled on a card nobody claims are lost, or converted "
                        "to Valor by the heroes who pooled them"),
      ParamSpec::choice("cost_checks", "printed", {"printed", "ambient"},
                        "creature dice and claim filters read the printed cost or the cost "
                        "after the ambient power"),
  };
}

NinthWorldGame::NinthWorldGame(const ParamSet& config)
    : data_(std::make_shared<const DataSet>(load_data(config.text("cards")))),
      rounds_(config.get_choice("length") == "quick" ? 5 : 9),
      town_slots_(int(config.get_int("town_slots"))),
      thresholds_{int(config.get_int("threshold1")), int(config.get_int("threshold2")),
                  int(config.get_int("threshold3"))},
      set_powers_(config.get_bool("set_powers")),
      power_under_wounds_(config.get_choice("power_gain") == "under_wounds"),
      pool_to_valor_(config.get_choice("unclaimed_pool") == "valor"),
      ambient_cost_checks_(config.get_choice("cost_checks") == "ambient") {
  const std::string& mode = config.get_choice("mode");
  mode_ = mode == "coop" ? Mode::Coop : mode == "solo" ? Mode::Solo : Mode::Competitive;
  players_ = int(config.get_int("players"));
  chosen_heroes_ = hero_list(config, "heroes", {});
  if (players_ == 0 && !chosen_heroes_.empty() && mode_ != Mode::Solo)
    players_ = int(chosen_heroes_.size());  // as many heroes as named
  if (players_ == 0) players_ = mode_ == Mode::Solo ? 1 : 4;
  if (players_ > kMaxHeroes)
    throw Error(fmt::format("game 'ninth-world' config: heroes: {} heroes named; at most {} play",
                            players_, kMaxHeroes));
  if (mode_ == Mode::Competitive && players_ < 2)
    throw Error("game 'ninth-world' config: players: competitive play needs 2 to 5 heroes");
  if (mode_ == Mode::Solo && players_ != 1)
    throw Error("game 'ninth-world' config: players: solo is played by one hero");
  if (size_t(players_ + (mode_ == Mode::Solo ? kAllies : 0)) > data_->heroes.size())
    throw Error(fmt::format("{}: hero: {} heroes are needed and the set has {}", data_->source,
                            players_, data_->heroes.size()));
  if (int(chosen_heroes_.size()) > players_)
    throw Error(fmt::format("game 'ninth-world' config: heroes: {} heroes named for {} seats",
                            chosen_heroes_.size(), players_));
  if (mode_ == Mode::Solo) {
    chosen_allies_ = hero_list(config, "allies", chosen_heroes_);
    if (int(chosen_allies_.size()) > kAllies)
      throw Error(fmt::format("game 'ninth-world' config: allies: {} allies named; solo has {}",
                              chosen_allies_.size(), kAllies));
  } else if (config.text("allies") != "random") {
    throw Error("game 'ninth-world' config: allies: only solo play has allies");
  }
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
    if (known != card_names_.end()) continue;
    card_names_.push_back(name);
    card_of_row_.push_back(uint8_t(c));
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

std::vector<uint8_t> NinthWorldGame::hero_list(const ParamSet& config, const std::string& key,
                                               const std::vector<uint8_t>& taken) const {
  // Names joined by '+' (a config value cannot hold a comma): "Qbrys+Branoc Aur".
  std::vector<uint8_t> out;
  const std::string& text = config.text(key);
  if (text == "random") return out;
  const std::string context = fmt::format("game 'ninth-world' config: {}", key);
  size_t begin = 0;
  while (true) {
    const size_t end = std::min(text.find('+', begin), text.size());
    std::string name = text.substr(begin, end - begin);
    while (!name.empty() && name.front() == ' ') name.erase(name.begin());
    while (!name.empty() && name.back() == ' ') name.pop_back();
    if (name.empty()) throw Error(fmt::format("{}: a hero name is empty in '{}'", context, text));
    std::vector<std::string> names;
    int found = -1;
    for (size_t i = 0; i < data_->heroes.size(); ++i) {
      if (data_->heroes[i].name == name) found = int(i);
      names.push_back(data_->heroes[i].name);
    }
    if (found < 0)
      throw Error(
          fmt::format("{}: unknown hero '{}' (known: {})", context, name, fmt::join(names, ", ")));
    if (std::find(out.begin(), out.end(), uint8_t(found)) != out.end() ||
        std::find(taken.begin(), taken.end(), uint8_t(found)) != taken.end())
      throw Error(fmt::format("{}: hero '{}' is named twice", context, name));
    out.push_back(uint8_t(found));
    if (end == text.size()) return out;
    begin = end + 1;
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
  // Heroes (and solo allies) are distinct heroes drawn from the set; the chosen ones take
  // their seats (and ally places) first, the others are drawn in the order of the shuffle.
  std::array<uint8_t, kMaxHeroDefs> pool{};
  for (size_t i = 0; i < data_->heroes.size(); ++i) pool[i] = uint8_t(i);
  s.rng.shuffle(std::span<uint8_t>(pool.data(), data_->heroes.size()));
  if (!chosen_heroes_.empty() || !chosen_allies_.empty()) {
    std::array<uint8_t, kMaxHeroDefs> order{};
    size_t n = 0;
    auto place = [&](const std::vector<uint8_t>& chosen, size_t places) {
      for (size_t i = 0; i < places; ++i) {
        if (i < chosen.size()) {
          order[n++] = chosen[i];
          continue;
        }
        for (size_t k = 0; k < data_->heroes.size(); ++k) {  // the next undrawn hero
          const uint8_t d = pool[k];
          const auto used = [&](const std::vector<uint8_t>& v) {
            return std::find(v.begin(), v.end(), d) != v.end();
          };
          if (used(chosen_heroes_) || used(chosen_allies_) ||
              std::find(order.begin(), order.begin() + long(n), d) != order.begin() + long(n))
            continue;
          order[n++] = d;
          break;
        }
      }
    };
    place(chosen_heroes_, size_t(players_));
    if (mode_ == Mode::Solo) place(chosen_allies_, size_t(kAllies));
    for (size_t i = 0; i < n; ++i) pool[i] = order[i];
  }
  for (int h = 0; h < players_; ++h) {
    Hero& hero = s.heroes[size_t(h)];
    hero.def = pool[size_t(h)];
    const HeroDef& def = data_->hero(hero.def);
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
  s.town_wound_card.fill(kNone);
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
  // Prizes go to the monolith owner and are replaced by further draws. A prize claimed in this
  // deal is set aside until the deal ends (so a reshuffle cannot bring it back), and the deal
  // stops when the deck and the discard hold no card that is not a prize: a deal claims each
  // prize at most once and always ends.
  int placeable = 0;
  for (uint8_t c : s.wild_deck) placeable += type_[c] != uint8_t(CardType::Prize);
  for (uint8_t c : s.wild_discard) placeable += type_[c] != uint8_t(CardType::Prize);
  FixedVector<uint8_t, kWildernessCards> aside;
  for (int placed = 0; placed < count && placeable > 0;) {
    const int card = draw_wild(s);
    if (type_[size_t(card)] == uint8_t(CardType::Prize)) {
      claim_prize(s, s.monolith, card, false);
      aside.push_back(uint8_t(card));
      continue;
    }
    WildCard w;
    w.card = uint8_t(card);
    s.wild.push_back(w);
    ++placed, --placeable;
  }
  for (uint8_t c : aside) s.wild_discard.push_back(c);
}

}  // namespace nf::ninth_world
