// Causal values of the commander types (core/causal.hpp). The rules have their own neutral
// commander: the Jack, "no special power", whose troop card counts its face value. In a deal,
// every commander of a type a side holds (both Kings, both Queens, both Aces or the Joker) is
// replaced, on that side only, by a Jack before the first choice; the value is the side's
// score with its commanders minus with Jacks in their place, on the same deal and agent
// seeds. The Jack is the reference, not an element. Both armies are the same and nothing is
// drawn but the troop decks, so there is one context.
#include <fmt/format.h>

#include "core/error.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {

CausalSchema CommandersGame::causal_schema() {
  CausalSchema schema;
  schema.groups = {{"commander", std::string(commander_name(Jack)),
                    "the rules' Jack (Knight): no special power, its troop card at face value"}};
  // Elements are the commander types in their enum order, the Jack among them but never in
  // play as an element (causal_slots), so an element is its Commander value.
  for (int c = 0; c < kCommanderTypes; ++c) {
    schema.elements.emplace_back(commander_name(Commander(c)));
    schema.group_of.push_back(0);
  }
  schema.context_label = "armies";
  schema.contexts = {"K K Q Q J J A A Joker"};
  // Eight elements a deal (four types, two sides), but the default run is 6,000,000 short
  // games: one replacement game in ten deals gives each type about 150,000 paired games and
  // keeps the run within about a minute and a half.
  schema.replacements_per_game = 0.1;
  return schema;
}

void CommandersGame::causal_slots(const State& s, std::vector<CausalSlot>& out) const {
  out.clear();
  for (int seat = 0; seat < 2; ++seat)
    for (int c = 0; c < kCommanderTypes; ++c)
      if (c != Jack && s.sides[size_t(seat)].army[size_t(c)] > 0) out.push_back({c, seat, 0});
}

void CommandersGame::causal_replace(State& s, int seat, int element) const {
  if (element == Jack || element < 0 || element >= kCommanderTypes)
    throw Error(fmt::format("commanders: no causal element {}", element));
  Side& side = s.sides[size_t(seat)];
  if (s.round != 1 || s.phase != Phase::Choose || s.to_move != 0 || side.castle != side.army)
    throw Error("commanders: a causal replacement happens before the first choice");
  // The castle is the army before the first choice: both gain the Jacks.
  for (auto* counts : {&side.castle, &side.army}) {
    (*counts)[Jack] = uint8_t((*counts)[Jack] + (*counts)[size_t(element)]);
    (*counts)[size_t(element)] = 0;
  }
}

}  // namespace nf::commanders
