// Text forms of the sections game: cell, slot and action names (stable, used in game
// records), the board picture, the state hash, and the balance statistics.
#include <fmt/format.h>

#include "core/hash.hpp"
#include "games/sections/sections.hpp"

namespace nf::sections {

std::string cell_name(int cell) {
  return fmt::format("{}{}", char('a' + col_of(cell)), row_of(cell) + 1);
}

std::string slot_name(int slot) {
  static constexpr std::array<char, 4> side_letters = {'T', 'B', 'L', 'R'};
  const int line = line_of(slot);
  const Side side = side_of(slot);
  const bool by_column = side == Side::Top || side == Side::Bottom;
  return fmt::format("{}{}", side_letters[size_t(side)],
                     by_column ? char('a' + line) : char('1' + line));
}

int parse_cell(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '9')
    return -1;
  return cell_at(text[1] - '1', text[0] - 'a');
}

int parse_slot(std::string_view text) {
  for (int slot = 0; slot < kSlots; ++slot)
    if (slot_name(slot) == text) return slot;
  return -1;
}

std::string_view section_name(int section) {
  static constexpr std::array<std::string_view, kSections> names = {
      "top-left", "top",         "top-right", "left",        "centre",
      "right",    "bottom-left", "bottom",    "bottom-right"};
  return names[size_t(section)];
}

char seat_letter(int seat) {
  static constexpr std::array<char, kMaxSeats + 1> letters = {'Y', 'B', 'O', 'G', 'R'};
  return letters[size_t(seat)];
}

std::string SectionsGame::action_to_string(const State&, Action a) const {
  switch (a.kind) {
    case ActionKind::PlaceRed:
      return "red " + cell_name(a.target);
    case ActionKind::PlaceCounter:
      return "place " + slot_name(a.target);
    case ActionKind::Enter:
      return "enter " + slot_name(a.target);
  }
  return "?";
}

namespace {

char mark(uint8_t owner, char none) { return owner == kNone ? none : seat_letter(owner); }

}  // namespace

std::string SectionsGame::render(const State& s) const {
  static constexpr std::array<std::string_view, 4> phases = {"setup", "placement", "movement",
                                                             "game over"};
  std::string out = fmt::format("{}, turn {}", phases[size_t(s.phase)], s.turn);
  if (s.phase == Phase::Over) {
    std::vector<std::string> scores;
    for (int p = 0; p < players_; ++p)
      scores.push_back(fmt::format("{} {}", seat_letter(p), s.scores[size_t(p)]));
    out += fmt::format(" - sections: {}", fmt::join(scores, ", "));
    if (s.winner >= 0)
      out += fmt::format(" - seat {} ({}) wins", s.winner, seat_letter(s.winner));
    else
      out += " - the tied seats share the win";
    if (s.end_reason == EndReason::TieRule || s.end_reason == EndReason::CapTieRule)
      out += " on the tie rule";
    if (s.end_reason == EndReason::CapMostSections || s.end_reason == EndReason::CapTieRule)
      out += " (turn cap)";
  } else {
    out += fmt::format(" - seat {} ({}) to move", s.to_move, seat_letter(s.to_move));
    if (s.phase != Phase::Movement) {
      std::vector<std::string> hands;
      for (int p = 0; p < players_; ++p)
        hands.push_back(fmt::format("{} {}", seat_letter(p), s.in_hand[size_t(p)]));
      out += fmt::format(" - in hand: {}", fmt::join(hands, ", "));
    }
  }
  // The board with its slots around it; '-' is an empty slot, '.' an empty cell, R red.
  auto slot_row = [&](Side side) {
    std::string line = "     ";
    for (int c = 0; c < kSize; ++c) {
      line += mark(slot_owner(s, int(side) * kSize + c), '-');
      if (c + 1 < kSize) line += c % 3 == 2 ? "   " : " ";
    }
    return line + '\n';
  };
  const std::string rule = "   +-------+-------+-------+\n";
  out += "\n     a b c   d e f   g h i\n";
  out += slot_row(Side::Top) + rule;
  for (int r = 0; r < kSize; ++r) {
    out += fmt::format("{} {}|", r + 1, mark(slot_owner(s, int(Side::Left) * kSize + r), '-'));
    for (int c = 0; c < kSize; ++c) {
      out += ' ';
      out += mark(s.board[size_t(cell_at(r, c))], '.');
      if (c % 3 == 2) out += " |";
    }
    out += mark(slot_owner(s, int(Side::Right) * kSize + r), '-');
    out += '\n';
    if (r % 3 == 2) out += rule;
  }
  out += slot_row(Side::Bottom);
  return out;
}

std::string SectionsGame::observation(const State& s, int) const {
  return render(s);  // perfect information: every seat sees the whole state
}

uint64_t SectionsGame::hash(const State& s) const {
  Hasher h;
  h.add_range(s.board)
      .add_range(s.slots_of)
      .add(s.blocked)
      .add_range(s.in_hand)
      .add_range(s.scores);
  h.add(s.red_sections).add(s.turn).add(s.phase).add(s.to_move).add(s.winner);
  h.add(s.end_reason).add(s.rng.fingerprint());
  return h.value();
}

// Element rows: the nine sections, then the tie rule, then one row per score value.
namespace {
constexpr int kTieRuleRow = kSections;
constexpr int kFirstScoreRow = kSections + 1;
enum Metric { Any, ByWinner, FirstSeat };
}  // namespace

ElementSchema SectionsGame::element_schema() const {
  ElementSchema schema;
  schema.label = "outcome";
  schema.metrics = {
      {"any", MetricKind::Rate,
       "section rows: games in which someone conquered it; tie-rule row: games decided by "
       "the tie rule; score rows: seat-games ending with that score (all seats together)"},
      {"winner", MetricKind::Rate,
       "section rows: games in which the winner conquered it; tie-rule row: as 'any'; score "
       "rows: games whose winner had that score"},
  };
  for (int p = 0; p < players_; ++p)
    schema.metrics.push_back(
        {fmt::format("seat{}", p), MetricKind::Rate,
         fmt::format("section rows: games in which seat {0} conquered it; tie-rule row: games "
                     "seat {0} won on the tie rule; score rows: games seat {0} ended with that "
                     "score",
                     p)});
  // Sections are compared with sections and scores with scores, never with each other.
  std::vector<std::string> all;
  for (const MetricSpec& m : schema.metrics) all.push_back(m.name);
  const int sections = schema.add_group("section", all);
  const int tie_rule = schema.add_group("tie rule", all);
  const int scores = schema.add_group("score", all);
  for (int section = 0; section < kSections; ++section)
    schema.add_element(fmt::format("section {}", section_name(section)), sections);
  schema.add_element("tie-rule win", tie_rule);
  for (int score = 0; score <= kSections; ++score)
    schema.add_element(fmt::format("score {}", score), scores);
  return schema;
}

void SectionsGame::collect_elements(const State& s, ElementStats& stats) const {
  for (int section = 0; section < kSections; ++section) {
    const int owner = section_owner(s, section);
    stats.add_rate(section, Any, owner >= 0);
    stats.add_rate(section, ByWinner, owner >= 0 && owner == s.winner);
    for (int p = 0; p < players_; ++p) stats.add_rate(section, FirstSeat + p, owner == p);
  }
  const bool tie_rule = s.end_reason == EndReason::TieRule || s.end_reason == EndReason::CapTieRule;
  stats.add_rate(kTieRuleRow, Any, tie_rule);
  stats.add_rate(kTieRuleRow, ByWinner, tie_rule);
  for (int p = 0; p < players_; ++p)
    stats.add_rate(kTieRuleRow, FirstSeat + p, tie_rule && s.winner == p);
  for (int score = 0; score <= kSections; ++score) {
    const int row = kFirstScoreRow + score;
    stats.add_rate(row, ByWinner, s.winner >= 0 && s.scores[size_t(s.winner)] == score);
    for (int p = 0; p < players_; ++p) {
      const bool hit = s.scores[size_t(p)] == score;
      stats.add_rate(row, Any, hit);
      stats.add_rate(row, FirstSeat + p, hit);
    }
  }
}

std::vector<std::string> SectionsGame::end_reasons() {
  return {"none", "most sections", "tie rule", "turn cap, most sections", "turn cap, tie rule"};
}

}  // namespace nf::sections
