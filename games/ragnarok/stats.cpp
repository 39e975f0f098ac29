// Balance statistics of Ragnarok Rising: one row per card, per RR card, per deck and one for
// the initiative choice, read from the counters the rules keep in the final state.
#include <fmt/format.h>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {
namespace {

enum Metric {
  PlayRate,
  WinDrawn,
  WinPlayed,
  WinNotDrawn,
  RoundPlayed,
  Claimed,
  WinnerClaimed,
  GloryShare,
  DeathUnclaimed,
  DeathClaimed,
  GloryUnclaimed,
  GloryClaimed,
  Win,
  FinalGlory,
  FinalHealth,
  ChoseFirst,
  WinMoreInitiatives,
  GloryMargin,
};

}  // namespace

ElementSchema RagnarokGame::element_schema() const {
  ElementSchema schema;
  schema.label = "card";
  schema.metrics = {
      {"play_rate", MetricKind::Rate, "card: players whose deck holds it who played it"},
      {"win_drawn", MetricKind::Rate, "card: wins of players who drew it (had it in hand)", +1},
      {"win_played", MetricKind::Rate, "card: wins of players who played it"},
      {"win_not_drawn", MetricKind::Rate,
       "card: wins of players whose deck holds it who never drew it; win_drawn minus this is "
       "the improvement when drawn (confounded by game length)"},
      {"round_played", MetricKind::Mean, "card: round it was first played"},
      {"claimed", MetricKind::Rate, "RR card: revealed and claimed by a bid"},
      {"winner_claimed", MetricKind::Rate,
       "RR card: claimed by the winner, among decided games where it was claimed", +1},
      {"glory_share", MetricKind::Mean,
       "RR card: percent of the winner's final Glory it gave (0 when not the winner's)"},
      // An unclaimed RR card acts on both players alike, so it cannot favour a seat: its
      // effect on the result shows in how games end and in the Glory the others bring.
      {"death_unclaimed", MetricKind::Rate,
       "RR card: games ending by a death (one or both players), among those where it was "
       "revealed and stayed unclaimed"},
      {"death_claimed", MetricKind::Rate,
       "RR card: games ending by a death (one or both players), among those where it was "
       "claimed"},
      {"glory_unclaimed", MetricKind::Mean,
       "RR card: both players' final Glory from the other RR cards, games where it stayed "
       "unclaimed"},
      {"glory_claimed", MetricKind::Mean,
       "RR card: both players' final Glory from the other RR cards, games where it was "
       "claimed"},
      {"win", MetricKind::Rate, "deck: games won by a player with it (draws are not wins)", +1},
      {"final_glory", MetricKind::Mean, "deck: Glory at the end of the game"},
      {"final_health", MetricKind::Mean, "deck: health at the end of the game"},
      {"chose_first", MetricKind::Rate, "initiative: the d20 winner chose to go first"},
      {"win_more_initiatives", MetricKind::Rate,
       "initiative: wins of the player who won more d20 rolls"},
      {"glory_margin", MetricKind::Mean,
       "game: the winner's Glory minus the loser's, in decided games (negative: won by death "
       "while behind on Glory)"},
  };
  // Cards, Ragnarok Rising cards and decks are compared within their own kind; the rows keep
  // the order collect_elements counts them in.
  const int cards = schema.add_group(
      "card", {"play_rate", "win_drawn", "win_played", "win_not_drawn", "round_played"});
  const int rr =
      schema.add_group("RR card", {"claimed", "winner_claimed", "glory_share", "death_unclaimed",
                                   "death_claimed", "glory_unclaimed", "glory_claimed"});
  const int decks = schema.add_group("deck", {"win", "final_glory", "final_health"});
  const int initiative = schema.add_group("initiative", {"chose_first", "win_more_initiatives"});
  const int game = schema.add_group("game", {"glory_margin"});
  for (const Card& c : cards_->cards) schema.add_element(c.name, cards);
  for (const RrCard& c : cards_->rr) schema.add_element("rr:" + c.name, rr);
  for (const Deck& d : decks_->decks) schema.add_element("deck:" + d.name, decks);
  schema.add_element("initiative", initiative);
  schema.add_element("game", game);
  // The regression row of a game: for every deck but the first (the reference) and every
  // card, seat 0's indicator minus seat 1's (its deck; drew it), so what both sides share,
  // such as a long game's extra draws, cancels; the intercept is the first seat's edge.
  for (size_t d = 1; d < decks_->decks.size(); ++d)
    schema.covariates.push_back("deck:" + decks_->decks[d].name);
  for (const Card& c : cards_->cards) schema.covariates.push_back(c.name);
  schema.regression_help = fmt::format(
      "logistic regression of seat 0's result (a draw counts 1/2) on which cards each side "
      "drew (seat 0's minus seat 1's) and the decks (against {}), L2-penalised; one row per "
      "game",
      decks_->decks[0].name);
  return schema;
}

void RagnarokGame::collect_elements(const State& s, ElementStats& stats) const {
  const int n_cards = int(cards_->cards.size());
  const int rr_row = n_cards, deck_row = rr_row + kRrCards;
  const int initiative_row = deck_row + int(decks_->decks.size());
  for (int seat = 0; seat < 2; ++seat) {
    const Side& side = s.sides[size_t(seat)];
    const bool won = s.winner == seat;
    CardMask in_deck{};
    for (uint8_t c : deck_lists_[side.deck_id]) Rules::set_bit(in_deck, c);
    for (int c = 0; c < n_cards; ++c) {
      if (!has(in_deck, c)) continue;
      const bool drawn = has(side.counters.drawn, c), played = has(side.counters.played, c);
      stats.add_rate(c, PlayRate, played);
      stats.add_rate(c, drawn ? WinDrawn : WinNotDrawn, won);
      if (played) {
        stats.add_rate(c, WinPlayed, won);
        stats.add_value(c, RoundPlayed, side.counters.first_round[size_t(c)]);
      }
    }
    const int d = deck_row + side.deck_id;
    stats.add_rate(d, Win, won);
    stats.add_value(d, FinalGlory, glory(s, seat));
    stats.add_value(d, FinalHealth, side.health);
    stats.add_rate_counts(initiative_row, ChoseFirst, side.counters.chose_first,
                          side.counters.initiatives_won);
  }
  const int more = s.sides[0].counters.initiatives_won > s.sides[1].counters.initiatives_won   ? 0
                   : s.sides[1].counters.initiatives_won > s.sides[0].counters.initiatives_won ? 1
                                                                                               : -1;
  if (more >= 0) stats.add_rate(initiative_row, WinMoreInitiatives, s.winner == more);
  const int winner_glory = s.winner >= 0 ? glory(s, s.winner) : 0;
  if (s.winner >= 0)
    stats.add_value(initiative_row + 1, GloryMargin, winner_glory - glory(s, 1 - s.winner));
  const bool death = s.end_reason == EndReason::Death || s.end_reason == EndReason::DoubleDeath;
  const int both_glory = glory(s, 0) + glory(s, 1);
  std::vector<int16_t> row;
  const auto covariate = [&](int index, int value) {
    if (value != 0) row.push_back(int16_t(value > 0 ? index + 1 : -(index + 1)));
  };
  const int n_decks = int(decks_->decks.size());
  for (int d = 1; d < n_decks; ++d)
    covariate(d - 1, int(s.sides[0].deck_id == d) - int(s.sides[1].deck_id == d));
  for (int c = 0; c < n_cards; ++c)
    covariate(n_decks - 1 + c,
              int(has(s.sides[0].counters.drawn, c)) - int(has(s.sides[1].counters.drawn, c)));
  stats.add_row(row, s.winner == 0 ? 2 : s.winner < 0 ? 1 : 0);
  for (int r = 0; r < kRrCards; ++r) {
    const RrZone z = s.rr_zone[size_t(r)];
    if (z == RrZone::Deck) continue;
    // A card still up for its bid when the game ended was neither claimed nor left.
    if (z != RrZone::Current) {
      const bool unclaimed = z == RrZone::Unclaimed;
      const bool held = z == RrZone::Claimed0 || z == RrZone::Claimed1;
      stats.add_rate(rr_row + r, unclaimed ? DeathUnclaimed : DeathClaimed, death);
      stats.add_value(rr_row + r, unclaimed ? GloryUnclaimed : GloryClaimed,
                      both_glory - (held ? rr(uint8_t(r)).glory : 0));
    }
    const int holder = z == RrZone::Claimed0 || z == RrZone::Valhalla0   ? 0
                       : z == RrZone::Claimed1 || z == RrZone::Valhalla1 ? 1
                                                                         : -1;
    stats.add_rate(rr_row + r, Claimed, holder >= 0);
    if (holder >= 0 && s.winner >= 0) stats.add_rate(rr_row + r, WinnerClaimed, holder == s.winner);
    if (winner_glory > 0) {
      const bool winners = z == (s.winner == 0 ? RrZone::Claimed0 : RrZone::Claimed1);
      stats.add_value(rr_row + r, GloryShare,
                      winners ? 100 * rr(uint8_t(r)).glory / winner_glory : 0);
    }
  }
}

std::vector<std::string> RagnarokGame::end_reasons() {
  return {"none", "death", "glory", "double_death", "draw"};
}

}  // namespace nf::ragnarok
