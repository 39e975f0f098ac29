// Causal values of The Ninth World's heroes (core/causal.hpp): in a deal, the hero a seat holds
// is replaced, on that seat only, by the data set's neutral hero ([neutral] hero: starting
// skills, no power, no token), before the first bid; the value is the seat's score with its
// hero minus with the neutral one, on the same deal and agent seeds. In co-op and solo the
// heroes share the team's result, so the value is the team's score difference.
//
// Town and wilderness cards and the regions are not elements here: every hero meets the same
// cards and the same path, so none of them can be replaced on one side only in competitive
// play (docs/games/ninth-world.md, Causal values).
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "core/error.hpp"
#include "games/ninth_world/embedded.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

CausalSchema NinthWorldGame::causal_schema() const {
  CausalSchema schema;
  schema.groups = {{"hero", data_->neutral_hero.name,
                    "the data set's neutral hero ([neutral] hero: starting skills, no power, no "
                    "token)"}};
  for (const HeroDef& hero : data_->heroes) {
    schema.elements.push_back(hero.name);
    schema.group_of.push_back(0);
  }
  // One context: the table this config sets. A hero is in no deck, and the region is shared
  // by every hero, so splitting by region would only thin the games of each value.
  schema.context_label = "table";
  const std::string length = rounds_ == 9 ? "" : " quick";
  schema.contexts = {mode_ == Mode::Solo   ? "solo" + length
                     : mode_ == Mode::Coop ? fmt::format("co-op {}{}", players_, length)
                                           : fmt::format("{} heroes{}", players_, length)};
  // Every seat's hero in every deal: one replacement game per seat. The default run (20,000
  // deals of four heroes) then takes about 25 s on two cores at a load average of 10.
  schema.replacements_per_game = double(players_);
  return schema;
}

void NinthWorldGame::causal_slots(const State& s, std::vector<CausalSlot>& out) const {
  out.clear();
  for (int h = 0; h < players_; ++h) {
    const uint8_t def = s.heroes[size_t(h)].def;
    if (def != kNeutralHero) out.push_back({int(def), h, 0});
  }
}

void NinthWorldGame::causal_replace(State& s, int seat, int element) const {
  Hero& hero = s.heroes[size_t(seat)];
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
