// Balance statistics of The Ninth World, read from the final state: one row per hero, per
// starting region, for the hero who began with the monolith, for the team (co-op) and for
// every pair of heroes on a co-op team, with win rates, Valor, wounds and where the Valor
// came from.
#include "games/ninth_world/ninth_world.hpp"

#include <algorithm>
#include <vector>

namespace nf::ninth_world {
namespace {

enum Metric {
  Win,
  ValorMetric,
  Score,
  Wounds,
  Claims,
  Tiers,
  Conversion,
  Advances,
  SetBonus,
  Powers,
  Prizes,
  Margin,
  EndRound,
  TownLostRound,
  Claimed,
  WinWhenClaimed,
};

}  // namespace

std::vector<std::string> NinthWorldGame::end_reasons() {
  return {"none",           "highest_valor",  "team_won",      "failed_check_1",
          "failed_check_2", "failed_check_3", "town_destroyed"};
}

ElementSchema NinthWorldGame::element_schema() const {
  ElementSchema schema;
  schema.label = "element";
  const bool coop = cooperative();
  schema.metrics = {
      {"win", MetricKind::Rate,
       coop ? "games the team won with this hero (region: in this region)"
            : "hero: games it won; region: games won by the seat-0 hero there; first "
              "monolith: games won by the hero who began with the monolith",
       1},
      {"valor", MetricKind::Mean, "final Valor (before wound penalties)", 1},
      {"score", MetricKind::Mean, "final Valor minus 5 per wound", 1},
      {"wounds", MetricKind::Mean, "wounds at the end", -1},
      {"from_claims", MetricKind::Mean, "Valor printed on claimed cards", 0},
      {"from_tiers", MetricKind::Mean, "Valor from quest tiers", 0},
      {"from_conversion", MetricKind::Mean, "Valor from unspent skill points", 0},
      {"from_advances", MetricKind::Mean, "Valor from advancing skills (2 each)", 0},
      {"from_set_bonus", MetricKind::Mean, "Valor from the 5-Valor set bonuses", 0},
      {"from_powers", MetricKind::Mean, "Valor from powers and card effects", 0},
      {"from_prizes", MetricKind::Mean, "Valor from prizes", 0},
      {"margin", MetricKind::Mean,
       coop ? "team: lowest hero score minus the threshold at the last check made"
            : "hero: its score minus the best other score",
       0},
      {"end_round", MetricKind::Mean, "team: the round the game ended in", 0},
      {"town_lost_round", MetricKind::Mean, "team: the round the town fell, when it fell", 0},
      {"claimed", MetricKind::Rate, "card: hero-games in which the hero claimed a copy", 0},
      {"win_when_claimed", MetricKind::Rate,
       coop ? "card: team wins when a hero claimed a copy"
            : "card: wins of the heroes who claimed a copy",
       1},
  };
  // Heroes, regions and cards are compared within their own kind; the rows keep the order
  // collect_elements counts them in.
  const int heroes = schema.add_group(
      "hero", {"win", "valor", "score", "wounds", "from_claims", "from_tiers", "from_conversion",
               "from_advances", "from_set_bonus", "from_powers", "from_prizes", "margin"});
  const int regions = schema.add_group("region", {"win", "valor", "score"});
  const int monolith = schema.add_group("first monolith", {"win"});
  const int team = schema.add_group("team", {"win", "margin", "end_round", "town_lost_round"});
  const int cards = schema.add_group("card", {"claimed", "win_when_claimed"});
  for (const HeroDef& h : data_->heroes) schema.add_element(h.name, heroes);
  for (const RegionDef& r : data_->regions) schema.add_element("region:" + r.name, regions);
  schema.add_element("first monolith", monolith);
  schema.add_element("team", team);
  for (const std::string& name : card_names_) schema.add_element("card:" + name, cards);
  // Co-op: the team's win rate by each pair of heroes on it, heroes in data order.
  if (coop && players_ > 1) {
    const int pairs = schema.add_group("hero pair", {"win", "margin"});
    for (size_t a = 0; a < data_->heroes.size(); ++a)
      for (size_t b = a + 1; b < data_->heroes.size(); ++b)
        schema.add_element("pair:" + data_->heroes[a].name + "+" + data_->heroes[b].name, pairs);
  }
  return schema;
}

void NinthWorldGame::collect_elements(const State& s, ElementStats& stats) const {
  const int heroes_rows = int(data_->heroes.size());
  const int region_row = heroes_rows + s.region;
  const int monolith_row = heroes_rows + int(data_->regions.size());
  const int team_row = monolith_row + 1;
  const bool team_won = s.end_reason == EndReason::TeamWon;
  for (int h = 0; h < players_; ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    const int row = hero.def;
    const bool won = cooperative() ? team_won : s.winner == h;
    stats.add_rate(row, Win, won);
    stats.add_value(row, ValorMetric, hero.valor);
    stats.add_value(row, Score, hero.score());
    stats.add_value(row, Wounds, hero.wounds());
    for (int src = 0; src < kSources; ++src)
      stats.add_value(row, Claims + src, hero.valor_by[size_t(src)]);
    stats.add_value(region_row, ValorMetric, hero.valor);
    stats.add_value(region_row, Score, hero.score());
    if (!cooperative()) {
      int best_other = -1000;
      for (int o = 0; o < players_; ++o)
        if (o != h) best_other = std::max(best_other, s.heroes[size_t(o)].score());
      stats.add_value(row, Margin, hero.score() - best_other);
      if (h == s.first_monolith) stats.add_rate(monolith_row, Win, won);
    }
  }
  const int card_row = team_row + 1;
  for (int h = 0; h < players_; ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    std::vector<bool> any(card_names_.size(), false);
    for (int c = 0; c < kCards; ++c)
      if (hero.claimed[size_t(c) / 8] >> (c % 8) & 1) any[size_t(card_row_[size_t(c)])] = true;
    const bool won = cooperative() ? team_won : s.winner == h;
    for (size_t r = 0; r < any.size(); ++r) {
      stats.add_rate(card_row + int(r), Claimed, any[r]);
      if (any[r]) stats.add_rate(card_row + int(r), WinWhenClaimed, won);
    }
  }
  stats.add_rate(region_row, Win, cooperative() ? team_won : s.winner == 0);
  if (cooperative()) {
    stats.add_rate(team_row, Win, team_won);
    stats.add_value(team_row, EndRound, s.end_round);
    if (s.end_reason == EndReason::TownDestroyed)
      stats.add_value(team_row, TownLostRound, s.end_round);
    const bool checked = s.checks_passed > 0 || s.end_reason != EndReason::TownDestroyed;
    if (checked) stats.add_value(team_row, Margin, s.margin);
    if (players_ > 1) {
      // Pair (a, b) with a < b in data order: rows follow the cards, a's pairs in b's order.
      const int heroes = int(data_->heroes.size());
      const int pair_rows = card_row + int(card_names_.size());
      for (int x = 0; x < players_; ++x)
        for (int y = x + 1; y < players_; ++y) {
          const int a = std::min(s.heroes[size_t(x)].def, s.heroes[size_t(y)].def);
          const int b = std::max(s.heroes[size_t(x)].def, s.heroes[size_t(y)].def);
          const int row = pair_rows + a * heroes - a * (a + 1) / 2 + (b - a - 1);
          stats.add_rate(row, Win, team_won);
          if (checked) stats.add_value(row, Margin, s.margin);
        }
    }
  }
}

}  // namespace nf::ninth_world
