// Causal values of War of the 9 Realms' figures and Fate cards (core/causal.hpp). In a deal,
// each figure type of the realm a seat plays is replaced, on that seat only, by the stand-in
// of its rank (the figures file's [reference]: printed values, no ability), and each Fate kind
// by a card that does nothing for that realm (held, discardable, never played). The context
// is the realm; with seat0_realm=random the deal draws it, so realms are valued against the
// field (the other realm).
#include <fmt/format.h>

#include <sstream>

#include "core/error.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {

// Elements: the figure types (FigureKind order), then the Fate kinds.
CausalSchema RealmsGame::causal_schema() const {
  const References& ref = roster_->reference;
  CausalSchema schema;
  schema.groups = {
      {"figure", ref.figure,
       fmt::format("{} [reference] figure: the stand-in of the figure's rank (ruler, companion, "
                   "champion, warrior) with the [reference.RANK] printed values and no ability",
                   ref.source)},
      {"fate", ref.fate,
       fmt::format("{} [reference] fate: a Fate card that does nothing for the realm (never "
                   "played; discarded at its next Resource Phase)",
                   ref.source)},
  };
  for (int k = 0; k < kFigureKinds; ++k) {
    schema.elements.emplace_back(figure_kind_name(FigureKind(k)));
    schema.group_of.push_back(0);
  }
  for (int k = 0; k < kFateKinds; ++k) {
    schema.elements.emplace_back(fate_element_name(k));
    schema.group_of.push_back(1);
  }
  schema.context_label = "realm";
  schema.contexts = {std::string(realm_name(Aesir)), std::string(realm_name(Norsemen))};
  // Nine elements a seat (four figure types, five Fate kinds), eighteen a deal: ten
  // replacement games a deal give each about 6,700 paired games in the default run.
  schema.replacements_per_game = 10;
  return schema;
}

void RealmsGame::causal_slots(const State& s, std::vector<CausalSlot>& out) const {
  out.clear();
  for (int seat = 0; seat < 2; ++seat) {
    const Realm r = s.realm_of_seat[size_t(seat)];
    for (int k = 0; k < kFigureKinds; ++k) {
      if (realm_of(FigureKind(k)) != r) continue;
      for (int slot = first_slot(r); slot < end_slot(r); ++slot)
        if (kSlotKind[size_t(slot)] == k &&
            s.figures[size_t(slot)].status != FigureStatus::Absent) {
          out.push_back({k, seat, int(r)});
          break;
        }
    }
    // The whole Fate deck is in play for both realms: either may draw any card.
    for (int k = 0; k < kFateKinds; ++k) out.push_back({kFigureKinds + k, seat, int(r)});
  }
}

void RealmsGame::causal_replace(State& s, int seat, int element) const {
  const Realm r = s.realm_of_seat[size_t(seat)];
  if (element >= kFigureKinds) {
    s.sides[r].blank_fate = uint8_t(s.sides[r].blank_fate | 1u << (element - kFigureKinds));
    return;
  }
  const auto kind = FigureKind(element);
  if (realm_of(kind) != r)
    throw Error(fmt::format("realms: seat {} plays the {}, who have no {}", seat, realm_name(r),
                            figure_kind_name(kind)));
  for (int slot = first_slot(r); slot < end_slot(r); ++slot)
    if (kSlotKind[size_t(slot)] == kind) s.stand_ins = uint16_t(s.stand_ins | 1u << slot);
  // Odin's All Seeing Eye drew a fourth card in the Aesir's first Resource Phase; the stand-in
  // has no Eye, so the card goes back on top of the deck, as a deal without it leaves it.
  if (kind == Odin && s.turn == 1 && s.active == Aesir && s.phase == Phase::Discard &&
      s.eye_draw < kFateKinds) {
    --s.sides[Aesir].hand[s.eye_draw];
    s.deck.push_back(s.eye_draw);
    s.eye_draw = kFateKinds;
    s.phase = Phase::Main;
  }
}

namespace {

// The figures file with one figure's printed values replaced.
std::string edit_figure(const std::string& text, std::string_view figure, const FigureStats& v) {
  std::istringstream in(text);
  std::ostringstream out;
  std::string line;
  bool inside = false, found = false;
  const std::string header = fmt::format("[{}]", figure);
  while (std::getline(in, line)) {
    if (line.starts_with("[")) inside = line.starts_with(header), found |= inside;
    if (inside) {
      for (auto [key, value] : {std::pair{"close", v.close}, std::pair{"ranged", v.ranged},
                                std::pair{"defence", v.defence}, std::pair{"movement", v.movement},
                                std::pair{"health", v.health}})
        if (line.starts_with(fmt::format("{} = ", key))) line = fmt::format("{} = {}", key, value);
    }
    out << line << '\n';
  }
  if (!found)
    throw Error(fmt::format("planted imbalance: no figure '{}' in the figures file", figure));
  return out.str();
}

}  // namespace

PlantedImbalance RealmsGame::plant_imbalance(const std::filesystem::path& folder) {
  // Thor (Aesir champion, 4/0/18/5/4, near the figures' median) made a 6/0/24/7/8 giant;
  // Frigg (Aesir companion, 2/3/16/5/4) made dead: one close die, defence 1, movement 1, her
  // printed health kept. Both are Aesir, so the realms stay within reach of each other and
  // neither realm's elements are valued only in games it cannot win. Her health stays: every
  // wound is blood for the enemy's cauldron, so a one-health figure denies blood and is worth
  // about as much as a vanilla one; a figure that only gives is dead in this game.
  std::string text = roster_text("standard");
  text = edit_figure(text, "Thor", {6, 0, 24, 7, 8});
  text = edit_figure(text, "Frigg", {1, 0, 1, 1, 4});
  const std::filesystem::path figures = write_planted_file(folder, "figures.toml", text);
  load_roster(figures.string());  // the edited file must still be a valid figures file
  return {{{"figures", figures.string()}},
          "Thor",
          "Frigg",
          "Thor made close 6, defence 24, movement 7, health 8; Frigg made dead: close 1, "
          "ranged 0, defence 1, movement 1 (health 4 as printed)"};
}

}  // namespace nf::realms
