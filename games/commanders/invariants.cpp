// Everything a reachable commanders state keeps, whatever was played (`ninefold check` and the
// tests call it after every step).
#include <array>
#include <string>

#include "games/commanders/commanders.hpp"

namespace nf::commanders {
namespace {

// Commanders on the table: seat 0's face-down card while seat 1 chooses, both in a battle.
std::array<int, kCommanderTypes> on_table(const State& s, int seat) {
  std::array<int, kCommanderTypes> out{};
  const bool shown =
      s.phase == Phase::QueenRedraw || (s.phase == Phase::Choose && seat < s.to_move);
  if (shown) ++out[s.choice[seat]];
  return out;
}

}  // namespace

std::string CommandersGame::broken_invariant(const State& s) const {
  const CommandersGame& game = *this;
  for (int seat = 0; seat < 2; ++seat) {
    const Side& side = s.sides[seat];
    const std::string who = "seat " + std::to_string(seat) + ": ";
    std::array<int, 11> troops{};  // index 0 counts values outside 2..10
    auto count = [&](uint8_t v) { ++troops[v >= 2 && v <= 10 ? v : 0]; };
    for (uint8_t v : side.deck) count(v);
    for (uint8_t v : side.used) count(v);
    for (uint8_t v : side.battle) count(v);
    if (side.deck.size() + side.used.size() + side.battle.size() != size_t(kTroopCards))
      return who + "troop cards are not 18 across deck, used pile and battle";
    for (int v = 0; v <= 10; ++v)
      if (troops[v] != (v >= 2 ? 2 : 0)) return who + "troop cards are not two of each 2..10";
    std::array<int, kCommanderTypes> commanders = on_table(s, seat);
    for (int c = 0; c < kCommanderTypes; ++c) commanders[c] += side.castle[c];
    for (uint8_t c : side.graveyard) {
      if (c >= kCommanderTypes) return who + "a graveyard holds no commander";
      ++commanders[c];
    }
    for (int c = 0; c < kCommanderTypes; ++c)
      if (commanders[c] != side.army[c])
        return who + "castle, graveyard and table do not hold " + std::to_string(side.army[c]) +
               " " + std::string(commander_name(Commander(c)));
    int army = 0;
    for (uint8_t n : side.army) army += n;
    if (army != kCommandersPerSide) return who + "an army of other than nine commanders";
    if ((s.phase == Phase::QueenRedraw) == side.battle.empty())
      return who + "troop cards are on the table exactly when a battle is undecided";
    if (side.battle.size() > size_t(1 + game.queen_redraws()))
      return who + "more troop cards in a battle than a Queen may draw";
    if (side.redraws_left > 0 && s.choice[seat] != Queen && s.phase == Phase::QueenRedraw)
      return who + "redraws left for a commander that is not a Queen";
  }
  if (s.round < 1 || s.round > game.round_cap()) return "round outside 1..round_cap";
  FixedVector<Action, CommandersGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  if (game.is_terminal(s)) {
    if (!actions.empty()) return "legal actions in a finished game";
    if (game.current_player(s) != -1) return "a player to move in a finished game";
    const auto r = game.returns(s);
    const bool empty0 = s.sides[0].castle_size() == 0, empty1 = s.sides[1].castle_size() == 0;
    switch (s.end_reason) {
      case EndReason::CastleEmptied:
        if (empty0 == empty1) return "castle emptied, but not exactly one castle is empty";
        if (s.winner != (empty0 ? 1 : 0)) return "the winner is not the side with commanders";
        break;
      case EndReason::BothCastlesEmptied:
        if (!empty0 || !empty1 || s.winner != -1) return "both castles emptied, but not a draw";
        break;
      case EndReason::RoundCap:
        if (empty0 || empty1 || s.winner != -1 || s.round != game.round_cap())
          return "round cap, but not a draw at the cap with both castles manned";
        break;
      default:
        return "a finished game without an end reason";
    }
    const Returns<2> expected = s.winner < 0    ? Returns<2>{0, 0}
                                : s.winner == 0 ? Returns<2>{1, -1}
                                                : Returns<2>{-1, 1};
    if (r != expected) return "returns do not match the winner";
    return "";
  }
  if (s.end_reason != EndReason::None || s.winner != -1) return "a result before the end";
  if (actions.empty()) return "no legal action for the player to move";
  if (game.current_player(s) != s.to_move || s.to_move > 1) return "bad player to move";
  if (s.phase == Phase::QueenRedraw) {
    const Side& mover = s.sides[s.to_move];
    if (s.choice[s.to_move] != Queen || mover.redraws_left == 0 || mover.stopped)
      return "a redraw decision for a side that may not redraw";
  }
  return "";
}

}  // namespace nf::commanders
