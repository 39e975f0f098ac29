// Causal values of The Ninth World's heroes and cards (core/causal.hpp). In a deal, the hero a
// seat holds is replaced, on that seat only, by the data set's neutral hero ([neutral] hero:
// starting skills, no power, no token), before the first bid. A town or wilderness card kind
// is replaced, for one hero only, by the neutral card ([neutral] card): every copy keeps its
// place in the decks, type and cost, but claimed by that hero it gives nothing (no Valor, no
// effect, never displayed), as a Fate card of War of the 9 Realms does nothing for one realm.
// The value is the seat's score with the element minus with the neutral one, on the same deal
// and agent seeds. In co-op and solo the heroes share the team's result, so the value is the
// team's score difference.
//
// The regions are not elements: a region's powers act on every hero alike or on the board all
// share (revealed wilderness, a dealt town row), so it cannot be replaced on one side only in
// competitive play (docs/games/ninth-world.md, Causal values).
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/ninth_world/embedded.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

CausalSchema NinthWorldGame::causal_schema() const {
  CausalSchema schema;
  schema.groups = {{"hero", data_->neutral_hero.name,
                    "the data set's neutral hero ([neutral] hero: starting skills, no power, no "
                    "token)"},
                   {"card", data_->neutral_card,
                    "the data set's neutral card ([neutral] card): for one hero, every copy of "
                    "the card gives nothing when claimed (no Valor, no effect, never displayed)"}};
  // Elements: the heroes, then the town and wilderness card kinds (the balance rows' order).
  for (const HeroDef& hero : data_->heroes) {
    schema.elements.push_back(hero.name);
    schema.group_of.push_back(0);
  }
  for (const std::string& card : card_names_) {
    schema.elements.push_back(card);
    schema.group_of.push_back(1);
  }
  // One context: the table this config sets. A hero is in no deck, and the region is shared
  // by every hero, so splitting by region would only thin the games of each value.
  schema.context_label = "table";
  const std::string length = rounds_ == 9 ? "" : " quick";
  schema.contexts = {mode_ == Mode::Solo   ? "solo" + length
                     : mode_ == Mode::Coop ? fmt::format("co-op {}{}", players_, length)
                                           : fmt::format("{} heroes{}", players_, length)};
  // Every seat's hero and every card kind (on one hero's side) are in play in every deal; a
  // card changes few games, so its paired differences vary little and the budget goes mostly
  // to the heroes (causal_values.hpp spends it where intervals are widest).
  schema.replacements_per_game = double(players_) + kCardReplacementsPerGame;
  return schema;
}

namespace {

// The seat whose side a card kind is replaced on in a deal: drawn from the deal's shuffled
// decks, so that across deals every kind is measured with every seat, hero and monolith
// position alike, and one replacement game a kind and deal suffices.
int card_seat(const State& s, int kind, int players) {
  uint64_t h = 0;
  for (uint8_t c : s.town_deck) h = mix_seed(h, c);
  for (uint8_t c : s.wild_deck) h = mix_seed(h, c);
  return int(mix_seed(h, uint64_t(kind)) % uint64_t(players));
}

}  // namespace

void NinthWorldGame::causal_slots(const State& s, std::vector<CausalSlot>& out) const {
  out.clear();
  for (int h = 0; h < players_; ++h) {
    const uint8_t def = s.heroes[size_t(h)].def;
    if (def != kNeutralHero) out.push_back({int(def), h, 0});
  }
  const int first_card = int(data_->heroes.size());
  for (int kind = 0; kind < int(card_names_.size()); ++kind) {
    const int seat = card_seat(s, kind, players_);
    if (!s.heroes[size_t(seat)].blank_card(card_of_row_[size_t(kind)]))
      out.push_back({first_card + kind, seat, 0});
  }
}

void NinthWorldGame::causal_replace(State& s, int seat, int element) const {
  Hero& hero = s.heroes[size_t(seat)];
  const int first_card = int(data_->heroes.size());
  if (element >= first_card) {
    // Every copy of the card kind, wherever the deal put it, is the neutral card for this hero.
    for (int c = 0; c < kCards; ++c)
      if (card_row_[size_t(c)] == element - first_card)
        hero.blank[size_t(c) / 8] = uint8_t(hero.blank[size_t(c) / 8] | 1 << (c % 8));
    return;
  }
  if (hero.def != element)
    throw Error(fmt::format("causal replacement: seat {} holds {}, not {}", seat,
                            data_->hero(hero.def).name, data_->heroes[size_t(element)].name));
  // Before the first bid nothing else depends on the hero: its power and token are read from
  // its def when they act, and its hand is still the two starting skills and three Effort.
  const HeroDef& neutral = data_->neutral_hero;
  hero.def = kNeutralHero;
  hero.skill = {neutral.adjective, neutral.noun, Effort, Effort, Effort};
  hero.rank = {1, 1, 1, 1, 1};
}

namespace {

// The shipped base.toml with the power and token lines of one [[hero]] replaced.
std::string edit_hero(const std::string& text, const std::string& name, const std::string& power,
                      const std::string& token) {
  std::istringstream in(text);
  std::ostringstream out;
  std::string line;
  bool inside = false, found = false;
  while (std::getline(in, line)) {
    if (line == fmt::format("name = \"{}\"", name))
      inside = found = true;
    else if (line.empty() || line.starts_with("["))
      inside = false;
    if (inside && line.starts_with("power = ")) line = "power = " + power;
    if (inside && line.starts_with("token = ")) line = "token = " + token;
    out << line << '\n';
  }
  if (!found) throw Error(fmt::format("planted imbalance: no hero '{}' in base.toml", name));
  return out.str();
}

std::string shipped_base() {
  for (const EmbeddedFile& f : embedded_files())
    if (f.name == "base.toml") return std::string(f.text);
  throw Error("planted imbalance: the shipped base.toml is missing");
}

}  // namespace

PlantedImbalance NinthWorldGame::plant_imbalance(const std::filesystem::path& folder) {
  // Vexa Orm (near the median hero in the shipped set) gets +3 skill points in every phase;
  // Zenn Coral (the strongest shipped hero, with the copy power) gets a power and a token that
  // do nothing. The dead hero's verdict must reverse from the shipped one, so the check cannot
  // pass by leaving the set as it was.
  std::string text = shipped_base();
  text = edit_hero(text, "Vexa Orm",
                   "{ when = \"bid\", effect = \"points\", amount = 3, text = \"planted: +3 skill "
                   "points in every phase\" }",
                   "{ phase = \"charm\", effect = \"points\", amount = 2, skill = \"charm\", text "
                   "= \"hero token: +2 charm points\" }");
  text = edit_hero(text, "Zenn Coral",
                   "{ when = \"no_claim\", phase = \"focus\", effect = \"valor\", amount = 0, text "
                   "= \"planted: nothing\" }",
                   "{ phase = \"scout\", effect = \"points\", amount = 0, text = \"planted: "
                   "nothing\" }");
  const std::filesystem::path cards = write_planted_file(folder, "base.toml", text);
  load_data(cards.string());  // the edited file must still be a valid data set
  return {{{"cards", cards.string()}},
          "Vexa Orm",
          "Zenn Coral",
          "Vexa Orm given +3 skill points in every phase; Zenn Coral made dead: a power and a "
          "token that do nothing"};
}

}  // namespace nf::ninth_world
