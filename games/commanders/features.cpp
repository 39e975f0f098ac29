// Features of a position from one seat's view, for a learned value model (`ninefold learn`,
// search eval=learned), each scaled to about [0, 1]. They read only what the seat sees: both
// castles (the opponent's with its face-down commander put back, as observation() shows it),
// graveyards, deck sizes and the decks' contents (public: every troop card outside a deck has
// been shown), the battle on the table and the round.
#include <algorithm>

#include "games/commanders/commanders.hpp"

namespace nf::commanders {

namespace {

constexpr float kTroopScale = 10;  // the highest troop card

// The mean troop card left in a deck, and its nines (the cards that revive a commander).
struct DeckFeatures {
  float mean = 0, nines = 0;
};

DeckFeatures deck_features(const Side& side) {
  DeckFeatures d;
  if (side.deck.empty()) return d;
  int sum = 0, nines = 0;
  for (uint8_t card : side.deck) sum += card, nines += card == kNine;
  d.mean = float(sum) / float(side.deck.size()) / kTroopScale;
  d.nines = float(nines) / 2.0f;
  return d;
}

}  // namespace

std::array<std::string_view, CommandersGame::kFeatureCount> CommandersGame::feature_names() {
  return {"castle_own",      "castle_enemy",  "kings_own",       "queens_own",      "jacks_own",
          "aces_own",        "jokers_own",    "kings_enemy",     "queens_enemy",    "jacks_enemy",
          "aces_enemy",      "jokers_enemy",  "graveyard_own",   "graveyard_enemy", "deck_own",
          "deck_enemy",      "deck_mean_own", "deck_mean_enemy", "nines_own",       "nines_enemy",
          "battle_standing", "round"};
}

void CommandersGame::features(const State& s, int seat, std::span<float> out) const {
  const int enemy = 1 - seat;
  // Castles as the seat sees them: a commander on the table face down is still in the castle.
  std::array<std::array<uint8_t, kCommanderTypes>, 2> castle = {s.sides[0].castle,
                                                                s.sides[1].castle};
  if (s.phase == Phase::Choose && s.to_move == 1 && seat == 1) ++castle[0][s.choice[0]];
  int k = 0;
  for (int p : {seat, enemy}) {
    int n = 0;
    for (uint8_t c : castle[size_t(p)]) n += c;
    out[size_t(k++)] = float(n) / float(kCommandersPerSide);
  }
  for (int p : {seat, enemy})
    for (int c = 0; c < kCommanderTypes; ++c)
      out[size_t(k++)] = float(castle[size_t(p)][size_t(c)]) / float(kStartingCastle[size_t(c)]);
  for (int p : {seat, enemy})
    out[size_t(k++)] = float(s.sides[size_t(p)].graveyard.size()) / float(kCommandersPerSide);
  for (int p : {seat, enemy})
    out[size_t(k++)] = float(s.sides[size_t(p)].deck.size()) / float(kTroopCards);
  const DeckFeatures own = deck_features(s.sides[size_t(seat)]);
  const DeckFeatures theirs = deck_features(s.sides[size_t(enemy)]);
  out[size_t(k++)] = own.mean;
  out[size_t(k++)] = theirs.mean;
  out[size_t(k++)] = own.nines;
  out[size_t(k++)] = theirs.nines;
  out[size_t(k++)] = s.phase == Phase::QueenRedraw ? float(battle_standing(s, seat)) : 0.0f;
  out[size_t(k++)] = float(s.round) / float(std::max(1, round_cap_));
}

}  // namespace nf::commanders
