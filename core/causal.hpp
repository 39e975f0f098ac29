// What a game declares so that `balance` can measure the causal value of its elements
// (experiments/run/causal_values.hpp): which element each seat holds in a deal, in which context
// (the deck, realm or map it is in), and how to put a group's neutral reference in its place on
// one side of the initial state. The value is then the paired score difference of the same deal
// and agent seeds played with and without the element.
#pragma once

#include <concepts>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace nf {

// A group of elements a designer balances against each other, with the neutral element that
// replaces them (a vanilla filler card, a median figure, a hero without power).
struct CausalGroup {
  std::string name;       // "warrior", "event"
  std::string reference;  // the neutral reference that takes an element's place
  std::string about;      // where the reference comes from, for the report
};

struct CausalSchema {
  std::vector<CausalGroup> groups;
  std::vector<std::string> elements;  // element names
  std::vector<int> group_of;          // each element's group
  // Contexts: what an element is measured within (a deck); a seat has one per deal. The
  // contexts themselves are valued against the field (a context drawn at random by the deal),
  // when the deal draws them at random.
  std::string context_label;  // "deck"
  std::vector<std::string> contexts;
  // Replacement games the default run plays per base game (the budget of `balance`).
  double replacements_per_game = 1;
};

// One element in play in a deal: held by `seat`, within context `context`.
struct CausalSlot {
  int element = 0;
  int seat = 0;
  int context = 0;
};

// A planted imbalance for `check --planted`: config changes that point at edited copies of the
// game's data written under a folder, and the element made much stronger and the one made dead.
struct PlantedImbalance {
  std::map<std::string, std::string> config;
  std::string strong, dead;
  std::string description;
};

// Writes a planted copy of a data file, `folder/file_name`, and returns its path; nf::Error
// naming the file when it cannot be written (core/causal.cpp).
std::filesystem::path write_planted_file(const std::filesystem::path& folder,
                                         const std::string& file_name, const std::string& text);

// A game with causal element values:
//   CausalSchema causal_schema() const;
//   void causal_slots(const State& initial, std::vector<CausalSlot>& out) const;
//   int causal_context(const State& initial, int seat) const;   // -1: none
//   bool contexts_randomized() const;  // contexts drawn from the deal: valued against the field
//   void causal_replace(State& initial, int seat, int element) const;
template <class G>
concept HasCausalValues = requires(const G& g, typename G::State& s, const typename G::State& cs,
                                   std::vector<CausalSlot>& slots) {
  { g.causal_schema() } -> std::same_as<CausalSchema>;
  g.causal_slots(cs, slots);
  { g.causal_context(cs, 0) } -> std::convertible_to<int>;
  { g.contexts_randomized() } -> std::convertible_to<bool>;
  g.causal_replace(s, 0, 0);
};

// A game with a planted-imbalance self-check:
//   static PlantedImbalance plant_imbalance(const std::filesystem::path& folder);
template <class G>
concept HasPlantedCheck = requires(const std::filesystem::path& folder) {
  { G::plant_imbalance(folder) } -> std::same_as<PlantedImbalance>;
};

}  // namespace nf
