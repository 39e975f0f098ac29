// `ninefold holes`: where a player's decisions differ from a search's, and what they cost.
// The player plays every seat; at each decision with a choice the search searches the same
// state. Where the two moves differ, both are valued from the mover's side, in the game's
// return units, and the decision's regret is the search's move's value minus the player's (an
// agreement costs 0). Values (`--value`):
//   continuations  each move followed by the player's own play on every seat, K paired
//                  continuations (the same streams for both moves): what changing this one
//                  decision and nothing else gains, unbiased; the default;
//   search         the root values of a second search of the state, independent of the one
//                  that chose; a move it visited less than min_visits times is left out.
// Decisions are grouped by the kind of the player's move (the game's decision_kind, or the
// first word of its text: "claim", "bid", "end") and by the pair (player's kind, search's kind)
// where they differ.
//
// A screen that says where to look (and which games and decisions to replay): a rule written
// from it is checked by playing it (balance, match). Game g is dealt and played as `ninefold
// play --seed <seed + g>` plays it, so every decision listed can be watched there by number.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace nf {

enum class ValueBy { Continuations, Search };

struct HolesOptions {
  std::map<std::string, std::string> config;
  std::string player;  // the agent whose decisions are judged; it plays every seat
  std::string search;  // the search agent that judges them
  uint64_t games = 20;
  uint64_t seed = 1;
  int threads = 0;  // games played at once (0: every core)
  ValueBy value = ValueBy::Continuations;
  uint64_t continuations = 32;  // ValueBy::Continuations: playouts after each move
  uint64_t min_visits = 10;     // ValueBy::Search: a move visited less has no regret measured
  size_t top = 10;              // the worst decisions listed
};

// One decision where the player and the search chose differently.
struct HoleDecision {
  uint64_t game = 0, decision = 0;  // decision: 1-based, as `ninefold play` numbers them
  int seat = 0;
  std::string player_move, search_move;
  uint64_t player_visits = 0, search_visits = 0;
  double player_value = 0, search_value = 0;
  bool measured = false;  // valued (by search: both moves visited at least min_visits times)
  double regret() const { return search_value - player_value; }
};

// A game's decisions of one kind (the player's move kind, or a "kind -> kind" pair).
struct KindTally {
  uint64_t decisions = 0, agreements = 0, unmeasured = 0;
  double regret = 0;  // summed over the measured decisions (agreements count 0)
};

struct GameHoles {
  uint64_t decisions = 0;  // decisions with a choice
  std::map<std::string, KindTally> by_kind, by_pair;
  std::vector<HoleDecision> differences;
  std::vector<double> returns;
};

// The first word of a move's text, lower case: a decision's kind in a game without
// decision_kind.
std::string move_kind(const std::string& move_text);

// Folds the games' tallies (in game order) into the summary printed and written by the command.
nlohmann::json holes_summary(const std::string& game_id, const HolesOptions& options,
                             const std::vector<GameHoles>& games, double seconds);
// Prints a summary from holes_summary to stdout.
void print_holes(const nlohmann::json& summary);
// The HTML report of a holes summary (experiments/report/html_holes.cpp).
std::string holes_html(const nlohmann::json& summary);

}  // namespace nf
