// Everything a reachable realms state keeps, whatever was played (`ninefold check` and the
// tests call it after every step).
#include <array>
#include <string>

#include "games/realms/realms.hpp"

namespace nf::realms {

std::string RealmsGame::broken_invariant(const State& s) const {
  const Board& board = this->board();
  // Figures and the occupancy of the board agree.
  int active = 0;
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    const Figure& f = s.figures[size_t(slot)];
    const std::string who = "figure slot " + std::to_string(slot) + ": ";
    if ((f.status == FigureStatus::Absent) != (slot == kExtraVanguardSlot && vanguards() == 1))
      return who + "absent exactly when it is the second Vanguard of a one-Vanguard game";
    if (f.wounds > stats(s, slot).health) return who + "more wounds than health";
    if (f.status != FigureStatus::Active) {
      if (f.hex != kNoHex) return who + "off the board but on a hex";
      continue;
    }
    ++active;
    if (f.hex >= board.size() || s.occupant[f.hex] != slot)
      return who + "its hex does not name it as the occupant";
    if (board.hex(f.hex).half) return who + "on a half hex";
    if (s.terrain[f.hex] == Terrain::Mountain) return who + "on a Mountain";
    if (f.wounds >= stats(s, slot).health) return who + "active with wounds that kill it";
  }
  int occupied = 0;
  for (int h = 0; h < board.size(); ++h) occupied += s.occupant[size_t(h)] != kNoFigure;
  if (occupied != active) return "occupied hexes and active figures differ in number";
  // The realms' hex sets say where their figures stand, and nothing else.
  for (Realm r : {Aesir, Norsemen}) {
    HexSet hexes;
    for (int slot = first_slot(r); slot < end_slot(r); ++slot)
      if (s.figures[size_t(slot)].status == FigureStatus::Active)
        hexes.insert(board.cell(s.figures[size_t(slot)].hex));
    if (!(hexes == s.figure_hexes[r]))
      return std::string(realm_name(r)) + ": hex set disagrees with where its figures stand";
  }
  if (!is_terminal(s) && (s.figures[size_t(ruler_slot(Aesir))].status != FigureStatus::Active ||
                          s.figures[size_t(ruler_slot(Norsemen))].status != FigureStatus::Active))
    return "a ruler is gone but the game goes on";
  for (Realm r : {Aesir, Norsemen}) {
    const std::string who = std::string(realm_name(r)) + ": ";
    // Blood is the wounds a realm caused.
    int caused = 0, suffered_by_enemy = 0;
    for (int slot = first_slot(r); slot < end_slot(r); ++slot)
      caused += s.counters[size_t(slot)].damage;
    for (int slot = first_slot(other(r)); slot < end_slot(other(r)); ++slot)
      suffered_by_enemy += s.counters[size_t(slot)].wounds_taken;
    if (s.sides[r].blood != caused || s.sides[r].blood != suffered_by_enemy)
      return who + "blood is not the wounds it caused";
    if (!is_terminal(s) && s.sides[r].blood >= blood_to_win())
      return who + "enough blood to win but the game goes on";
    // Six a turn and at most two "+3 actions" cards on top.
    if (s.sides[r].actions > kActionsPerTurn + 2 * kFateActions)
      return who + "more actions than a turn can give";
    if (s.sides[r].hand_size() > (s.phase == Phase::Discard && r == s.active ? 4 : 3))
      return who + "too many Fate cards in hand";
  }
  // The 14 Fate cards are all somewhere.
  std::array<int, kFateKinds> cards{};
  for (uint8_t c : s.deck) ++cards[c];
  for (int k = 0; k < kFateKinds; ++k) {
    cards[size_t(k)] += s.discards[size_t(k)] + s.eye_discards[size_t(k)] +
                        s.sides[0].hand[size_t(k)] + s.sides[1].hand[size_t(k)];
    if (cards[size_t(k)] != kFateCopies[size_t(k)])
      return "Fate card kind " + std::to_string(k) + " is not all in deck, hands and discards";
  }
  // The terrain planes say what the terrain of every hex says, and nothing off the map.
  TerrainPlanes planes;
  for (int h = 0; h < board.size(); ++h) planes.set(board.cell(h), s.terrain[size_t(h)]);
  if (!(planes == s.terrain_planes)) return "terrain planes disagree with the terrain of the hexes";
  for (int t = 0; t < kTransformTerrains; ++t)
    if (s.supply[size_t(t)] > kTerrainSupply) return "a terrain supply above its size";
  if (s.turn > turn_cap()) return "turn past the cap";
  // A finished game is won and lost, or drawn at nothing each.
  if (s.phase == Phase::Over) {
    const Returns<2> r = returns(s);
    if (!sums_to_zero(r, 2)) return "the returns of the finished game do not add up to zero";
    if ((s.winner < 0) != (r[0] == 0.0))
      return "a finished game's returns disagree with its winner";
  }
  return "";
}

}  // namespace nf::realms
