// Text forms of the commanders game: action names (stable, used in game records), the
// human-readable state, each seat's observation, the state hash, and balance statistics.
#include <fmt/format.h>

#include "core/hash.hpp"
#include "games/commanders/commanders.hpp"

namespace nf::commanders {
namespace {

std::string cards_text(std::span<const uint8_t> cards) {
  if (cards.empty()) return "-";
  return fmt::format("{}", fmt::join(cards, " "));
}

std::string castle_text(const std::array<uint8_t, kCommanderTypes>& castle) {
  std::vector<std::string_view> names;
  for (int c = 0; c < kCommanderTypes; ++c)
    for (int k = 0; k < castle[c]; ++k) names.push_back(commander_name(Commander(c)));
  return names.empty() ? "-" : fmt::format("{}", fmt::join(names, " "));
}

std::string graveyard_text(const Side& side) {
  std::vector<std::string_view> names;
  for (uint8_t c : side.graveyard) names.push_back(commander_name(Commander(c)));
  return names.empty() ? "-" : fmt::format("{} (top last)", fmt::join(names, " "));
}

}  // namespace

std::string_view commander_name(Commander c) {
  static constexpr std::array<std::string_view, kCommanderTypes> names = {"K", "Q", "J", "A",
                                                                          "Joker"};
  return names[c];
}

std::string CommandersGame::action_to_string(const State&, Action a) const {
  if (is_play(a)) return std::string(commander_name(played(a)));
  return a == Action::Redraw ? "redraw" : "stop";
}

std::string CommandersGame::render(const State& s) const {
  std::string out = fmt::format("round {}", s.round);
  if (s.phase == Phase::Over) {
    out +=
        s.winner < 0 ? " - game over: draw" : fmt::format(" - game over: seat {} wins", s.winner);
  } else if (s.phase == Phase::Choose) {
    out += fmt::format(" - seat {} chooses a commander", s.to_move);
  } else {
    out += fmt::format(" - battle: seat {} decides a Queen redraw", s.to_move);
  }
  out += '\n';
  for (int seat = 0; seat < 2; ++seat) {
    const Side& side = s.sides[seat];
    out += fmt::format("  seat {}: castle [{}]  graveyard [{}]  deck {}  used [{}]", seat,
                       castle_text(side.castle), graveyard_text(side), side.deck.size(),
                       cards_text(side.used.span()));
    if (s.phase == Phase::QueenRedraw)
      out += fmt::format("  battle: {} with [{}]", commander_name(s.choice[seat]),
                         cards_text(side.battle.span()));
    else if (s.phase == Phase::Choose && seat < s.to_move)
      out += fmt::format("  played {} face down", commander_name(s.choice[seat]));
    out += '\n';
  }
  return out;
}

std::string CommandersGame::observation(const State& s, int seat) const {
  // Public: castles (derivable from the graveyards), graveyards, used cards, deck sizes, the
  // battle. Private: the observer's own face-down choice. Hidden: deck orders, the
  // opponent's face-down choice.
  std::string out = fmt::format("round {} phase {} to_move {} winner {}\n", s.round,
                                static_cast<int>(s.phase), s.to_move, s.winner);
  for (int p = 0; p < 2; ++p) {
    const Side& side = s.sides[p];
    const bool on_table =
        s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && p < s.to_move);
    const bool visible = s.phase == Phase::QueenRedraw || p == seat;
    auto castle = side.castle;
    if (on_table && !visible) ++castle[s.choice[p]];  // a face-down card could be any of them
    out += fmt::format("seat {} castle [{}] graveyard [{}] deck {} used [{}] battle [{}]", p,
                       castle_text(castle), graveyard_text(side), side.deck.size(),
                       cards_text(side.used.span()), cards_text(side.battle.span()));
    if (on_table)
      out += visible ? fmt::format(" played {}", commander_name(s.choice[p])) : " played ?";
    if (s.phase == Phase::QueenRedraw)
      out += fmt::format(" redraws_left {} stopped {}", side.redraws_left, side.stopped);
    out += '\n';
  }
  return out;
}

uint64_t CommandersGame::hash(const State& s) const {
  Hasher h;
  for (const Side& side : s.sides) {
    h.add_range(side.castle).add_range(side.graveyard).add_range(side.deck).add_range(side.used);
    h.add_range(side.battle).add(side.redraws_left).add(side.stopped);
    // Only a causal replacement changes an army: other states hash as before.
    if (side.army != kStartingCastle) h.add_range(side.army);
  }
  h.add(s.choice[0]).add(s.choice[1]).add(s.phase).add(s.to_move).add(s.winner);
  h.add(s.end_reason).add(s.round).add(s.rng.fingerprint());
  return h.value();
}

namespace {
enum Metric {
  PlayShare,
  PlaysPerGame,
  KillRate,
  DeathRate,
  Assassinated,
  Revived,
  WinWhenLost,
  WinWhenNeverLost
};
}

ElementSchema CommandersGame::element_schema() {
  ElementSchema schema;
  schema.label = "commander";
  schema.metrics = {
      {"play_share", MetricKind::Rate, "share of all plays that were this commander"},
      {"plays_per_game", MetricKind::Mean, "times one side played it in a game"},
      {"kill_rate", MetricKind::Rate, "plays of it that killed an enemy commander"},
      {"death_rate", MetricKind::Rate, "plays of it in which it died"},
      {"assassinated_per_game", MetricKind::Mean, "times one side lost it in the castle to an Ace"},
      {"revived_per_game", MetricKind::Mean, "times one side revived it with a 9"},
      {"win_when_lost", MetricKind::Rate,
       "games won by a side that lost at least one of it (killed when played or assassinated)"},
      {"win_when_never_lost", MetricKind::Rate,
       "games won by a side that never lost one of it; the gap to win_when_lost is what "
       "keeping it is worth"},
  };
  // Kings, Queens and Jacks fight battles with troop cards; the Ace and the Joker have powers
  // of their own, so each kind is compared with its own.
  std::vector<std::string> all;
  for (const MetricSpec& m : schema.metrics) all.push_back(m.name);
  const int battle = schema.add_group("battle commander", all);
  const int special = schema.add_group("special commander", all);
  for (int c = 0; c < kCommanderTypes; ++c)
    schema.add_element(std::string(commander_name(Commander(c))),
                       c == Ace || c == Joker ? special : battle);
  return schema;
}

void CommandersGame::collect_elements(const State& s, ElementStats& stats) const {
  for (int seat = 0; seat < 2; ++seat) {
    const SideCounters& k = s.sides[seat].counters;
    int total_plays = 0;
    for (int c = 0; c < kCommanderTypes; ++c) total_plays += k.played[c];
    const bool won = s.winner == seat;
    for (int c = 0; c < kCommanderTypes; ++c) {
      stats.add_rate_counts(c, PlayShare, k.played[c], total_plays);
      stats.add_value(c, PlaysPerGame, k.played[c]);
      stats.add_rate_counts(c, KillRate, k.kills[c], k.played[c]);
      stats.add_rate_counts(c, DeathRate, k.died_played[c], k.played[c]);
      stats.add_value(c, Assassinated, k.assassinated[c]);
      stats.add_value(c, Revived, k.revived[c]);
      const bool lost = k.died_played[c] + k.assassinated[c] > 0;
      stats.add_rate(c, lost ? WinWhenLost : WinWhenNeverLost, won);
    }
  }
}

std::vector<std::string> CommandersGame::end_reasons() {
  return {"none", "castle emptied", "both castles emptied", "round cap"};
}

}  // namespace nf::commanders
