// Text forms of War of the 9 Realms: action names (stable, used in game records), the
// human-readable state, each seat's observation and the state hash.
#include <fmt/format.h>

#include "core/hash.hpp"
#include "games/realms/realms.hpp"

namespace nf::realms {
namespace {

std::string_view slot_name(int slot) {
  return slot == kExtraVanguardSlot ? "Vanguard2" : figure_kind_name(kSlotKind[size_t(slot)]);
}

// Two letters per figure for the board drawing.
std::string_view slot_mark(int slot) {
  static constexpr std::array<std::string_view, kMaxFigures> marks = {"Od", "Fr", "Th", "Va", "Si",
                                                                      "Hj", "Sf", "Vg", "V2"};
  return marks[size_t(slot)];
}

std::string_view fate_name(int kind) {
  static constexpr std::array<std::string_view, kFateKinds> names = {
      "re-roll all", "+3 actions or re-roll one", "+5 attack or defence", "+6 attack",
      "+6 defence"};
  return names[size_t(kind)];
}

std::string dice_text(const Roll& roll) {
  return roll.dice.empty() ? "-" : fmt::format("{}", fmt::join(roll.dice, " "));
}

std::string hand_text(const Side& side) {
  std::vector<std::string_view> cards;
  for (int k = 0; k < kFateKinds; ++k)
    for (int c = 0; c < side.hand[size_t(k)]; ++c) cards.push_back(fate_name(k));
  return cards.empty() ? "-" : fmt::format("{}", fmt::join(cards, ", "));
}

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::Main:
      return "action phase";
    case Phase::Orders:
      return "orders";
    case Phase::Discard:
      return "All Seeing Eye discard";
    case Phase::Quarry:
      return "Sinfjotli chooses his quarry";
    case Phase::Window:
      return "response window";
    case Phase::Counter:
      return "counterattack decision";
    case Phase::Over:
      return "game over";
  }
  return "";
}

std::string_view end_reason_name(EndReason r) {
  static constexpr std::array<std::string_view, 5> names = {"none", "ruler killed", "double kill",
                                                            "blood cauldron", "turn cap"};
  return names[size_t(r)];
}

}  // namespace

std::vector<std::string> RealmsGame::end_reasons() {
  std::vector<std::string> out;
  for (int r = 0; r <= int(EndReason::TurnCap); ++r)
    out.emplace_back(end_reason_name(EndReason(r)));
  return out;
}

std::string RealmsGame::action_to_string(const State& s, Action a) const {
  auto reroll_text = [&](std::string_view who) {
    return a.b == 0 ? fmt::format("{} re-roll all", who)
                    : fmt::format("{} re-roll one {}", who, a.c);
  };
  switch (a.verb) {
    case Verb::EndTurn:
      return "end turn";
    case Verb::Select:
      return fmt::format("select {}", slot_name(a.a));
    case Verb::Move:
      return fmt::format("{} move {}", slot_name(a.a), board_->hex_name(a.b));
    case Verb::Close:
      return fmt::format("{} close-attack {}", slot_name(a.a), slot_name(a.b));
    case Verb::Ranged:
      return fmt::format("{} ranged-attack {}", slot_name(a.a), slot_name(a.b));
    case Verb::Transform:
      return fmt::format("{} transform {} to {}", slot_name(a.a), board_->hex_name(a.b),
                         terrain_name(Terrain(a.c)));
    case Verb::Rally:
      return fmt::format("rally {} at {}", slot_name(a.a), board_->hex_name(a.b));
    case Verb::Discard:
      return fmt::format("discard {}", fate_name(a.a));
    case Verb::Quarry:
      return fmt::format("quarry {}", slot_name(a.a));
    case Verb::Counter:
      return "counterattack";
    case Verb::NoCounter:
      return "no counterattack";
    case Verb::Pass:
      return "pass";
    case Verb::Fate:
      switch (FateUse(a.b)) {
        case FateUse::RerollAll:
          return "fate re-roll all";
        case FateUse::GainActions:
          return "fate +3 actions";
        case FateUse::RerollOne:
          return fmt::format("fate re-roll one {}", a.c);
        case FateUse::Attack:
          return fmt::format("fate +{} attack", a.a == Plus5 ? 5 : 6);
        case FateUse::Defence:
          return fmt::format("fate +{} defence", a.a == Plus5 ? 5 : 6);
      }
      break;
    case Verb::Foresight:
      return reroll_text("foresight");
    case Verb::BattleBorn:
      return reroll_text("battle born");
    case Verb::Hunter: {
      const Roll& roll = current_roll(s);
      std::vector<int> values;
      for (size_t i = 0; i < roll.dice.size(); ++i)
        if (a.c >> i & 1u) values.push_back(roll.dice[i]);
      return fmt::format("hunter re-roll {}", fmt::join(values, " "));
    }
  }
  return "?";
}

namespace {

// The state as `viewer` sees it (-1: everything). Deck order is never shown.
std::string describe(const RealmsGame& game, const State& s, int viewer) {
  const Board& board = game.board();
  std::string out = fmt::format("turn {}: {} (seat {}) - {}", s.turn, realm_name(s.active),
                                s.seat_of(s.active), phase_name(s.phase));
  if (s.phase == Phase::Over)
    out = s.winner < 0
              ? fmt::format("turn {}: game over - draw ({})", s.turn, end_reason_name(s.end_reason))
              : fmt::format("turn {}: game over - {} (seat {}) win by {}", s.turn,
                            realm_name(Realm(s.winner)), s.seat_of(Realm(s.winner)),
                            end_reason_name(s.end_reason));
  if (s.phase == Phase::Orders) out += fmt::format(" for {}", slot_name(s.selected));
  out += '\n';
  for (Realm r : {Aesir, Norsemen}) {
    const Side& side = s.sides[r];
    const bool hand_visible = viewer < 0 || s.realm_of_seat[size_t(viewer)] == r;
    out += fmt::format("  {} (seat {}): actions {}, blood {}, Fate hand {}", realm_name(r),
                       s.seat_of(r), side.actions, side.blood,
                       hand_visible ? fmt::format("[{}]", hand_text(side))
                                    : fmt::format("of {} hidden cards", side.hand_size()));
    if (side.rallied) out += ", rallied";
    if (side.foresight_used) out += ", Foresight used";
    if (side.bloodline_used) out += ", Ancient Bloodline used";
    if (side.quarry != kNoFigure) out += fmt::format(", quarry {}", slot_name(side.quarry));
    if (side.revenge_dice) out += fmt::format(", Revenge +{} dice", side.revenge_dice);
    for (int k = 0; k < kFateKinds; ++k)
      if (side.blank_fate >> k & 1) out += fmt::format(", {} does nothing", fate_name(k));
    out += '\n';
    out += "   ";
    for (int slot = first_slot(r); slot < end_slot(r); ++slot) {
      const Figure& f = s.figures[size_t(slot)];
      if (f.status == FigureStatus::Absent) continue;
      out += fmt::format(" {}", slot_name(slot));
      if (f.status == FigureStatus::Dead) {
        out += " dead;";
        continue;
      }
      out += fmt::format(" {} {}/{}", board.hex_name(f.hex), game.health_left(s, slot),
                         game.stats(s, slot).health);
      if (s.stand_in(slot)) out += " stand-in";
      if (f.moved) out += " moved";
      if (f.attacked) out += " attacked";
      out += ';';
    }
    out += '\n';
  }
  auto cards_text = [](const std::array<uint8_t, kFateKinds>& cards) {
    std::vector<std::string> names;
    for (int k = 0; k < kFateKinds; ++k)
      if (cards[size_t(k)]) names.push_back(fmt::format("{} x{}", fate_name(k), cards[size_t(k)]));
    return fmt::format("{}", fmt::join(names, ", "));
  };
  // The All Seeing Eye's discards lie face down: the Aesir know them, the Norsemen count them.
  int face_down = 0;
  for (uint8_t c : s.eye_discards) face_down += c;
  const bool eye_visible = viewer < 0 || s.realm_of_seat[size_t(viewer)] == Aesir;
  out += fmt::format(
      "  Fate deck {} cards, discards [{}], face down {}; terrain hexes left: plain {}, forest "
      "{}, water {}\n",
      s.deck.size(), cards_text(s.discards),
      eye_visible ? fmt::format("[{}]", cards_text(s.eye_discards)) : fmt::format("{}", face_down),
      s.supply[0], s.supply[1], s.supply[2]);
  if (s.phase == Phase::Window || s.phase == Phase::Counter || s.phase == Phase::Quarry) {
    const Combat& c = s.combat;
    out += fmt::format("  combat: {} {}-attacks {}: roll [{}] +{} against defence {}+{}",
                       slot_name(c.attacker), c.ranged ? "ranged" : "close", slot_name(c.target),
                       dice_text(c.attack), c.attack.attack_bonus, game.defence(s, c.target),
                       c.attack.defence_bonus);
    if (c.countered)
      out +=
          fmt::format("; counterattack roll [{}] +{} against defence {}+{}", dice_text(c.counter),
                      c.counter.attack_bonus, game.defence(s, c.attacker), c.counter.defence_bonus);
    if (s.phase == Phase::Window)
      out +=
          fmt::format("; {} to respond ({} passes)", realm_name(s.window_to_act), s.window_passes);
    out += '\n';
  }
  // The board: two letters per figure, terrain symbols elsewhere; odd rows sit half a hex right.
  int rows = 0;
  for (int h = 0; h < board.size(); ++h) rows = std::max(rows, board.hex(h).row + 1);
  for (int row = 0; row < rows; ++row) {
    std::string line = fmt::format("  {:>2} {}", row + 1, row % 2 ? "  " : "");
    for (int column = 0; column < kMaxColumns; ++column) {
      const uint8_t h = board.at(column, row);
      if (h == kNoHex) {
        line += "    ";
        continue;
      }
      char symbol = ".FWM"[size_t(s.terrain[h])];
      if (board.hex(h).half)
        symbol = '-';
      else if (board.hex(h).tile >= 0 && s.terrain[h] == Terrain::Plain)
        symbol = board.hex(h).tile == Aesir ? 'a' : 'n';
      const std::string_view cell =
          s.occupant[h] != kNoFigure ? slot_mark(s.occupant[h]) : std::string_view(&symbol, 1);
      line += fmt::format("{:<4}", cell);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

}  // namespace

std::string RealmsGame::render(const State& s) const { return describe(*this, s, -1); }

std::string RealmsGame::observation(const State& s, int seat) const {
  return describe(*this, s, seat);
}

uint64_t RealmsGame::hash(const State& s) const {
  Hasher h;
  for (const Figure& f : s.figures)
    h.add(f.hex).add(f.wounds).add(f.status).add(f.moved).add(f.attacked);
  for (const Side& side : s.sides) {
    h.add(side.actions).add(side.blood).add_range(side.hand).add(side.rallied);
    h.add(side.foresight_used).add(side.bloodline_used).add(side.quarry).add(side.revenge_dice);
  }
  for (int i = 0; i < board_->size(); ++i) h.add(s.terrain[size_t(i)]);
  h.add_range(s.supply).add_range(s.deck).add_range(s.discards).add_range(s.eye_discards);
  const Combat& c = s.combat;
  h.add(c.attacker).add(c.target).add(c.ranged).add(c.countered);
  for (const Roll* roll : {&c.attack, &c.counter})
    h.add_range(roll->dice)
        .add(roll->attack_bonus)
        .add(roll->defence_bonus)
        .add(roll->battle_born_used)
        .add(roll->hunter_used);
  h.add(s.window_roll).add(s.window_to_act).add(s.window_passes).add(s.phase).add(s.active);
  h.add(s.selected).add(s.realm_of_seat[0]).add(s.turn).add(s.winner).add(s.end_reason);
  h.add(s.rng.fingerprint());
  // Only the replaced games of the causal values have stand-ins or blank Fate cards: the
  // hashes of all other states stay as they were.
  if (s.stand_ins != 0 || s.sides[0].blank_fate != 0 || s.sides[1].blank_fate != 0)
    h.add(s.stand_ins).add(s.sides[0].blank_fate).add(s.sides[1].blank_fate);
  return h.value();
}

}  // namespace nf::realms
