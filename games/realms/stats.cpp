// Balance statistics of War of the 9 Realms: one row per realm, per figure type and per
// Fate card kind, read from the counters the rules keep in the final state.
#include "games/realms/realms.hpp"

namespace nf::realms {
namespace {

enum Metric {
  Win,
  WinMovingFirst,
  Damage,
  WoundsTaken,
  Kills,
  Deaths,
  Attacks,
  Survival,
  WinWhenSurvives,
  WinWhenKilled,
  WinWhenPlayed,
  PlayedPerGame,
  WinWhenNotPlayed,
};

constexpr int kRealmRow = 0, kFigureRow = kRealms, kFateRow = kFigureRow + kFigureKinds;

// Short enough for the ten-character label column of the text table.
constexpr std::array<std::string_view, kFateKinds> kFateRowNames = {
    "fate:rrall", "fate:+3rr1", "fate:+5", "fate:+6atk", "fate:+6def"};

}  // namespace

std::string_view fate_element_name(int kind) { return kFateRowNames[size_t(kind)]; }

ElementSchema RealmsGame::element_schema() {
  ElementSchema schema;
  schema.label = "element";
  schema.metrics = {
      {"win", MetricKind::Rate, "realm: games it won", 1},
      {"win_moving_first", MetricKind::Rate, "realm: games it won as seat 0 (it moved first)", 1},
      {"damage_dealt", MetricKind::Mean, "wounds caused per game (realm: its blood)"},
      {"wounds_taken", MetricKind::Mean, "wounds received per game"},
      {"kills", MetricKind::Mean, "enemy figures killed per game"},
      {"deaths", MetricKind::Mean, "deaths per game (a rallied warrior can die again)"},
      {"attacks", MetricKind::Mean, "attacks made per game (counterattacks not counted)"},
      {"survival", MetricKind::Rate, "figure: alive at the end of the game"},
      {"win_when_survives", MetricKind::Rate,
       "figure: its realm's wins when it was alive at the end"},
      {"win_when_killed", MetricKind::Rate, "figure: its realm's wins when it died at least once"},
      {"win_when_played", MetricKind::Rate, "Fate card: games won by a realm that played it"},
      {"played_per_game", MetricKind::Mean, "Fate card: cards of this kind one realm played"},
      {"win_when_not_played", MetricKind::Rate,
       "Fate card: games won by a realm that did not play it"},
  };
  // Realms, figures and Fate cards are compared only among their own kind; a figure has its
  // own fate (damage, survival) rather than its realm's win.
  const int realms = schema.add_group("realm", {"win", "win_moving_first", "damage_dealt",
                                                "wounds_taken", "kills", "deaths", "attacks"});
  const int figures =
      schema.add_group("figure", {"damage_dealt", "wounds_taken", "kills", "deaths", "attacks",
                                  "survival", "win_when_survives", "win_when_killed"});
  const int fate =
      schema.add_group("Fate card", {"win_when_played", "win_when_not_played", "played_per_game"});
  for (Realm r : {Aesir, Norsemen}) schema.add_element(std::string(realm_name(r)), realms);
  for (int k = 0; k < kFigureKinds; ++k)
    schema.add_element(std::string(figure_kind_name(FigureKind(k))), figures);
  for (std::string_view name : kFateRowNames) schema.add_element(std::string(name), fate);
  return schema;
}

void RealmsGame::collect_elements(const State& s, ElementStats& stats) const {
  for (Realm r : {Aesir, Norsemen}) {
    const bool won = s.winner == r;
    const int realm_row = kRealmRow + r;
    stats.add_rate(realm_row, Win, won);
    if (s.seat_of(r) == 0) stats.add_rate(realm_row, WinMovingFirst, won);
    FigureCounters realm_total;
    std::array<FigureCounters, kFigureKinds> by_kind{};
    for (int slot = first_slot(r); slot < end_slot(r); ++slot) {
      const Figure& f = s.figures[size_t(slot)];
      if (f.status == FigureStatus::Absent) continue;
      const FigureCounters& c = s.counters[size_t(slot)];
      for (FigureCounters* total : {&realm_total, &by_kind[kSlotKind[size_t(slot)]]}) {
        total->damage = uint16_t(total->damage + c.damage);
        total->wounds_taken = uint16_t(total->wounds_taken + c.wounds_taken);
        total->kills = uint16_t(total->kills + c.kills);
        total->deaths = uint16_t(total->deaths + c.deaths);
        total->attacks = uint16_t(total->attacks + c.attacks);
      }
      const int row = kFigureRow + kSlotKind[size_t(slot)];
      const bool alive = f.status == FigureStatus::Active;
      stats.add_rate(row, Survival, alive);
      if (alive) stats.add_rate(row, WinWhenSurvives, won);
      if (c.deaths > 0) stats.add_rate(row, WinWhenKilled, won);
    }
    auto add_counters = [&](int row, const FigureCounters& c) {
      stats.add_value(row, Damage, c.damage);
      stats.add_value(row, WoundsTaken, c.wounds_taken);
      stats.add_value(row, Kills, c.kills);
      stats.add_value(row, Deaths, c.deaths);
      stats.add_value(row, Attacks, c.attacks);
    };
    add_counters(realm_row, realm_total);
    for (int k = 0; k < kFigureKinds; ++k) {
      if (realm_of(FigureKind(k)) != r) continue;
      add_counters(kFigureRow + k, by_kind[size_t(k)]);
    }
    for (int k = 0; k < kFateKinds; ++k) {
      const int played = s.sides[r].fate_played[size_t(k)];
      stats.add_value(kFateRow + k, PlayedPerGame, played);
      stats.add_rate(kFateRow + k, played > 0 ? WinWhenPlayed : WinWhenNotPlayed, won);
    }
  }
}

}  // namespace nf::realms
