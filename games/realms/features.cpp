// Features of a position from one realm's view, for a learned value model (`ninefold learn`,
// search eval=learned). Each is scaled to about [-1, 1]. They follow the two ways to win (Blood
// toward the cauldron, wounds on the enemy ruler), the force left to pursue them, how close each
// side's figures stand to the enemy ruler, and the tempo of the turn. Everything read is public:
// the number of Fate cards in each hand is, the cards themselves are not read.
#include <algorithm>

#include "games/realms/embedded.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {

namespace {

// Distances at or beyond this count as far away (a figure moves about 2-4 hexes a turn).
constexpr int kFarDistance = 10;
// Hand sizes and adjacent figures are divided by these to stay near [0, 1].
constexpr float kHandScale = 4;
constexpr float kAdjacentScale = 3;

}  // namespace

std::array<std::string_view, RealmsGame::kFeatureCount> RealmsGame::feature_names() {
  return {"aesir",
          "to_move",
          "blood_own",
          "blood_enemy",
          "ruler_wounds_own",
          "ruler_wounds_enemy",
          "force_own",
          "force_enemy",
          "figures_own",
          "figures_enemy",
          "reach_enemy_ruler",
          "threat_own_ruler",
          "adjacent_enemy_ruler",
          "adjacent_own_ruler",
          "actions_own",
          "actions_enemy",
          "fate_own",
          "fate_enemy",
          "turn",
          "health_odin",
          "health_frigg",
          "health_thor",
          "health_valkyrie",
          "health_sigmund",
          "health_hjordis",
          "health_sinfjotli",
          "health_vanguard",
          "health_vanguard2"};
}

void RealmsGame::features(const State& s, int seat, std::span<float> out) const {
  const Realm me = s.realm_of_seat[size_t(seat)], them = other(me);
  const float blood_goal = float(std::max(1, blood_to_win_));
  // Per realm: health left over health present, active figures over present ones, the closest
  // active figure to the enemy ruler and the figures next to it.
  struct RealmFeatures {
    float force = 0, figures = 0, reach = 0, adjacent = 0;
  };
  std::array<RealmFeatures, kRealms> side{};
  for (Realm r : {Aesir, Norsemen}) {
    const Figure& enemy_ruler = s.figures[size_t(ruler_slot(other(r)))];
    int left = 0, full = 0, active = 0, present = 0, closest = kFarDistance, adjacent = 0;
    for (int slot = first_slot(r); slot < end_slot(r); ++slot) {
      const Figure& f = s.figures[size_t(slot)];
      if (f.status == FigureStatus::Absent) continue;
      ++present;
      full += stats(s, slot).health;
      if (f.status != FigureStatus::Active) continue;
      ++active;
      left += health_left(s, slot);
      if (f.hex == kNoHex || enemy_ruler.hex == kNoHex) continue;
      const int d = board_->distance(f.hex, enemy_ruler.hex);
      closest = std::min(closest, d);
      adjacent += d == 1;
    }
    side[r] = {float(left) / float(std::max(1, full)), float(active) / float(std::max(1, present)),
               1.0f - float(closest) / float(kFarDistance), float(adjacent) / kAdjacentScale};
  }
  auto ruler_wounds = [&](Realm r) {
    const int slot = ruler_slot(r);
    return float(s.figures[size_t(slot)].wounds) / float(std::max<int>(1, stats(s, slot).health));
  };
  const bool my_turn = s.active == me;
  int k = 0;
  out[size_t(k++)] = me == Aesir ? 1.0f : -1.0f;
  out[size_t(k++)] = my_turn ? 1.0f : -1.0f;
  out[size_t(k++)] = std::min(1.0f, float(s.sides[me].blood) / blood_goal);
  out[size_t(k++)] = std::min(1.0f, float(s.sides[them].blood) / blood_goal);
  out[size_t(k++)] = ruler_wounds(me);
  out[size_t(k++)] = ruler_wounds(them);
  out[size_t(k++)] = side[me].force;
  out[size_t(k++)] = side[them].force;
  out[size_t(k++)] = side[me].figures;
  out[size_t(k++)] = side[them].figures;
  out[size_t(k++)] = side[me].reach;
  out[size_t(k++)] = side[them].reach;
  out[size_t(k++)] = side[me].adjacent;
  out[size_t(k++)] = side[them].adjacent;
  out[size_t(k++)] = my_turn ? float(s.sides[me].actions) / float(kActionsPerTurn) : 0.0f;
  out[size_t(k++)] = my_turn ? 0.0f : float(s.sides[them].actions) / float(kActionsPerTurn);
  out[size_t(k++)] = float(s.sides[me].hand_size()) / kHandScale;
  out[size_t(k++)] = float(s.sides[them].hand_size()) / kHandScale;
  out[size_t(k++)] = float(s.turn) / float(std::max(1, turn_cap_));
  // Each figure's health left as a share of its health, positive for the seat's own figures and
  // negative for the enemy's: one weight per figure says what its health is worth to its owner.
  for (int slot = 0; slot < kMaxFigures; ++slot) {
    const Figure& f = s.figures[size_t(slot)];
    const float health =
        f.status == FigureStatus::Active
            ? float(health_left(s, slot)) / float(std::max<int>(1, stats(s, slot).health))
            : 0.0f;
    out[size_t(k++)] = slot_realm(slot) == me ? health : -health;
  }
}

std::string_view RealmsGame::value_model_text() {
  for (const EmbeddedFile& f : embedded_files())
    if (f.name == "value.toml") return f.text;
  return {};
}

}  // namespace nf::realms
