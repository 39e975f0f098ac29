// Causal values of Ragnarok Rising's cards (core/causal.hpp): in a deal, every card a seat's
// deck holds is replaced, on that seat only, by the card file's neutral filler of its type
// ([fillers]: Thrall for warriors, Omen for events), every copy in the shuffled deck and the
// hand at the same positions, so the same deal draws the filler where it drew the card.
// The RR cards are shared: an RR card is replaced for one side only by the neutral RR card
// ([fillers] rr): claimed by that side it is worth its Glory and does nothing else, as a Fate
// card of War of the 9 Realms does nothing for one realm; unclaimed or claimed by the other
// side it acts as printed. The context of a card is the deck it is in (an RR card's: the deck
// of the side it is replaced for); decks are valued against the field.
#include <fmt/format.h>

#include <sstream>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

// Each RR card is replaced in one deal of this many (rr_seat).
constexpr uint64_t kRrDealShare = 5;

}  // namespace

CausalSchema RagnarokGame::causal_schema() const {
  CausalSchema schema;
  const CardSet& set = *cards_;
  schema.groups = {
      {"warrior", set.cards[set.filler_warrior].name,
       "the card file's neutral filler warrior ([fillers] warrior)"},
      {"event", set.cards[set.filler_event].name,
       "the card file's neutral filler event ([fillers] event)"},
      {"rr", set.filler_rr,
       "the card file's neutral RR card ([fillers] rr): for one side, the RR card is worth its "
       "Glory when claimed and does nothing else (no lasting or repeating effect, no attack)"},
  };
  // Elements: the deck cards (card-file order), then the RR cards.
  for (uint8_t id : causal_cards_) {
    schema.elements.push_back(set.cards[id].name);
    schema.group_of.push_back(set.cards[id].type == CardType::Warrior ? 0 : 1);
  }
  for (const RrCard& rr : set.rr) {
    schema.elements.push_back(rr.name);
    schema.group_of.push_back(2);
  }
  schema.context_label = "deck";
  for (const Deck& d : decks_->decks) schema.contexts.push_back(d.name);
  // About 13 distinct cards a deck, two decks a game, and about 4 RR cards a deal: every
  // element in play is replaced in every deal of the default run, and the deck cards' values
  // are those of the same run without the RR cards.
  schema.replacements_per_game = 27 + double(kRrCards) / kRrDealShare;
  return schema;
}

namespace {

// Whether an RR card is replaced in a deal, and for which side: drawn from the deal's shuffled
// RR deck, so that across deals every RR card is measured in one deal of kRrDealShare, with
// both seats and every deck alike. All twenty in every deal would cost 20 replacement games a
// deal for cards that change few games.
int rr_seat(const State& s, int rr) {
  uint64_t h = 0;
  for (uint8_t r : s.rr_deck) h = mix_seed(h, r);
  const uint64_t draw = mix_seed(h, uint64_t(rr));
  return draw % kRrDealShare == 0 ? int(draw >> 32 & 1) : -1;
}

}  // namespace

void RagnarokGame::causal_slots(const State& s, std::vector<CausalSlot>& out) const {
  out.clear();
  for (int seat = 0; seat < 2; ++seat) {
    const int deck = s.sides[size_t(seat)].deck_id;
    CardMask seen{};
    for (uint8_t c : deck_lists_[size_t(deck)]) {
      if (has(seen, c)) continue;
      Rules::set_bit(seen, c);
      const int element = causal_element_[c];
      if (element >= 0) out.push_back({element, seat, deck});
    }
  }
  const int first_rr = int(causal_cards_.size());
  for (int r = 0; r < kRrCards; ++r) {
    const int seat = rr_seat(s, r);
    if (seat < 0) continue;  // not replaced in this deal
    const Side& side = s.sides[size_t(seat)];
    if (!(side.blank_rr >> r & 1)) out.push_back({first_rr + r, seat, side.deck_id});
  }
}

void RagnarokGame::causal_replace(State& s, int seat, int element) const {
  const int first_rr = int(causal_cards_.size());
  if (element >= first_rr) {
    // Before the first Bid Phase no RR card is claimed: the bit only acts once one is.
    s.sides[size_t(seat)].blank_rr |= uint32_t(1) << (element - first_rr);
    return;
  }
  const uint8_t card = causal_cards_[size_t(element)];
  const uint8_t filler =
      cards_->cards[card].type == CardType::Warrior ? cards_->filler_warrior : cards_->filler_event;
  Side& side = s.sides[size_t(seat)];
  bool in_hand = false;
  for (uint8_t& c : side.hand)
    if (c == card) c = filler, in_hand = true;
  for (uint8_t& c : side.deck)
    if (c == card) c = filler;
  // What has been drawn so far follows the hand.
  if (in_hand) {
    side.counters.drawn[size_t(card) / 64] &= ~(uint64_t(1) << (card % 64));
    Rules::set_bit(side.counters.drawn, filler);
  }
}

void RagnarokGame::init_causal() {
  causal_element_.fill(-1);
  for (const auto& list : deck_lists_)
    for (uint8_t c : list)
      if (c != cards_->filler_warrior && c != cards_->filler_event && causal_element_[c] < 0) {
        causal_element_[c] = 0;  // numbered below, in card-file order
      }
  for (size_t c = 0; c < cards_->cards.size(); ++c)
    if (causal_element_[c] >= 0) {
      causal_element_[c] = int(causal_cards_.size());
      causal_cards_.push_back(uint8_t(c));
    }
}

namespace {

// The shipped cards.toml with one warrior's numbers changed and its effect removed.
std::string edit_warrior(const std::string& text, const std::string& name, int health, int strength,
                         int defence, bool drop_effect) {
  std::istringstream in(text);
  std::ostringstream out;
  std::string line;
  bool inside = false, found = false;
  while (std::getline(in, line)) {
    if (line == fmt::format("name = \"{}\"", name))
      inside = found = true;
    else if (line.empty() || line.starts_with("["))
      inside = false;
    if (inside) {
      if (line.starts_with("health = ")) line = fmt::format("health = {}", health);
      if (line.starts_with("strength = ")) line = fmt::format("strength = {}", strength);
      if (line.starts_with("defence = ")) line = fmt::format("defence = {}", defence);
      if (drop_effect && line.starts_with("effect = ")) continue;
    }
    out << line << '\n';
  }
  if (!found) throw Error(fmt::format("planted imbalance: no warrior '{}' in cards.toml", name));
  return out.str();
}

}  // namespace

PlantedImbalance RagnarokGame::plant_imbalance(const std::filesystem::path& folder) {
  // Jarl (midrange, 3 copies, turn 4, near the median warrior) made a 16-health 9/6 with its
  // aura; Berserker (aggro 5 copies, tricks 4, the most valuable warrior of the shipped set)
  // made dead: 1 health, no strength, no defence, no effect. Both verdicts reverse or move
  // far from the shipped ones, so the check cannot pass by leaving them as they were.
  std::string text = data_text("cards", "standard");
  text = edit_warrior(text, "Jarl", 16, 9, 6, false);
  text = edit_warrior(text, "Berserker", 1, 0, 0, true);
  const std::filesystem::path cards = write_planted_file(folder, "cards.toml", text);
  load_cards(cards.string());  // the edited file must still be a valid card set
  return {{{"cards", cards.string()}},
          "Jarl",
          "Berserker",
          "Jarl (midrange) made 16 health, strength 9, defence 6; Berserker (aggro, tricks) made "
          "dead: 1 health, strength 0, defence 0, no effect"};
}

}  // namespace nf::ragnarok
