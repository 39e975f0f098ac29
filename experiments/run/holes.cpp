#include "experiments/run/holes_tally.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/record.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/text_table.hpp"
#include "stats/mean_interval.hpp"

namespace nf {
namespace {

using json = nlohmann::json;

// Regret per game of one kind: the mean over every game (a game without the kind counts 0),
// so that kinds compare by what they cost a game, with a t interval over games.
Interval regret_per_game(const std::vector<GameHoles>& games, const std::string& kind, bool pair) {
  std::vector<double> per_game;
  for (const GameHoles& g : games) {
    const auto& tallies = pair ? g.by_pair : g.by_kind;
    const auto it = tallies.find(kind);
    per_game.push_back(it == tallies.end() ? 0.0 : it->second.regret);
  }
  return mean_t_interval(per_game);
}

json kind_rows(const std::vector<GameHoles>& games, bool pair, double total_regret) {
  std::map<std::string, KindTally> totals;
  for (const GameHoles& g : games)
    for (const auto& [kind, t] : pair ? g.by_pair : g.by_kind) {
      KindTally& sum = totals[kind];
      sum.decisions += t.decisions;
      sum.agreements += t.agreements;
      sum.unmeasured += t.unmeasured;
      sum.regret += t.regret;
    }
  json rows = json::array();
  for (const auto& [kind, t] : totals) {
    const uint64_t measured = t.decisions - t.unmeasured;
    json row = {{"kind", kind},
                {"decisions", t.decisions},
                {"unmeasured", t.unmeasured},
                {"regret_per_game", interval_to_json(regret_per_game(games, kind, pair))},
                {"regret_per_decision", measured ? t.regret / double(measured) : 0.0},
                {"share", total_regret > 0 ? t.regret / total_regret : 0.0}};
    if (!pair)
      row["agreement"] = interval_to_json(wilson(double(t.agreements), double(t.decisions)));
    rows.push_back(row);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const json& a, const json& b) {
    return a["regret_per_game"]["estimate"].get<double>() >
           b["regret_per_game"]["estimate"].get<double>();
  });
  return rows;
}

std::string play_command(const std::string& game, const json& config, const std::string& player) {
  std::string out = "ninefold play --game " + game;
  std::vector<std::string> items;
  for (const auto& [k, v] : config.items()) items.push_back(k + "=" + v.get<std::string>());
  if (!items.empty()) out += " --config " + fmt::format("{}", fmt::join(items, ","));
  return out + " --agents '" + player + "' --seed";
}

}  // namespace

std::string move_kind(const std::string& move_text) {
  std::string kind;
  for (char c : move_text) {
    if (c == ' ') {
      if (kind.empty()) continue;
      break;
    }
    kind += char(std::tolower(static_cast<unsigned char>(c)));
  }
  return kind.empty() ? "(empty)" : kind;
}

json holes_summary(const std::string& game_id, const HolesOptions& options,
                   const std::vector<GameHoles>& games, double seconds) {
  uint64_t decisions = 0, differences = 0, unmeasured = 0;
  double total_regret = 0;
  std::vector<double> per_game;
  std::vector<const HoleDecision*> measured;
  for (const GameHoles& g : games) {
    decisions += g.decisions;
    differences += g.differences.size();
    double regret = 0;
    for (const HoleDecision& d : g.differences) {
      if (!d.measured) {
        ++unmeasured;
        continue;
      }
      regret += d.regret();
      measured.push_back(&d);
    }
    total_regret += regret;
    per_game.push_back(regret);
  }
  std::stable_sort(measured.begin(), measured.end(),
                   [](const auto* a, const auto* b) { return a->regret() > b->regret(); });
  json worst = json::array();
  for (size_t i = 0; i < std::min(options.top, measured.size()); ++i) {
    const HoleDecision& d = *measured[i];
    worst.push_back({{"game", d.game},
                     {"seed", options.seed + d.game},
                     {"decision", d.decision},
                     {"seat", d.seat},
                     {"player_move", d.player_move},
                     {"player_value", d.player_value},
                     {"player_visits", d.player_visits},
                     {"search_move", d.search_move},
                     {"search_value", d.search_value},
                     {"search_visits", d.search_visits},
                     {"regret", d.regret()}});
  }
  json returns = json::array();
  if (!games.empty())
    for (size_t seat = 0; seat < games[0].returns.size(); ++seat) {
      std::vector<double> r;
      for (const GameHoles& g : games) r.push_back(g.returns[seat]);
      returns.push_back(interval_to_json(mean_t_interval(r)));
    }
  json config = json::object();
  for (const auto& [k, v] : options.config) config[k] = v;
  json kinds = kind_rows(games, false, total_regret), pairs = kind_rows(games, true, total_regret);
  return {
      {"engine", kEngineVersion},
      {"command", "holes"},
      {"game", game_id},
      {"config", config},
      {"player", options.player},
      {"search", options.search},
      {"games", options.games},
      {"seed", options.seed},
      {"value", options.value == ValueBy::Search ? "search" : "continuations"},
      {"continuations", options.continuations},
      {"min_visits", options.min_visits},
      {"seconds", seconds},
      {"decisions", decisions},
      {"differences", differences},
      {"unmeasured", unmeasured},
      {"agreement", interval_to_json(wilson(double(decisions - differences), double(decisions)))},
      {"regret_per_game", interval_to_json(mean_t_interval(per_game))},
      {"player_returns", returns},
      {"kinds", kinds},
      {"pairs", pairs},
      {"worst", worst},
      {"replay", play_command(game_id, config, options.player)}};
}

void print_holes(const json& s) {
  fmt::print("{} playing every seat of {}, judged by {}: {} games (seeds {} to {}), {:.1f} s\n",
             s["player"].get<std::string>(), s["game"].get<std::string>(),
             s["search"].get<std::string>(), s["games"].get<uint64_t>(), s["seed"].get<uint64_t>(),
             s["seed"].get<uint64_t>() + s["games"].get<uint64_t>() - 1,
             s["seconds"].get<double>());
  const uint64_t decisions = s["decisions"], differences = s["differences"];
  const std::string valued =
      s["value"] == "search"
          ? fmt::format(
                "by a second search's root values; {} moves it visited fewer than {} "
                "times are left out",
                s["unmeasured"].get<uint64_t>(), s["min_visits"].get<uint64_t>())
          : fmt::format("each move followed by {} paired continuations of the player's own play",
                        s["continuations"].get<uint64_t>());
  fmt::print(
      "{} decisions with a choice; the search chose the same move in {} ({}); regret per game "
      "{} (in the game's return units, {})\n",
      decisions, decisions - differences, format_interval(s["agreement"]),
      format_interval(s["regret_per_game"]), valued);
  std::vector<std::vector<std::string>> rows = {{"the player's move", "decisions", "same move",
                                                 "regret per game", "per decision", "share",
                                                 "left out"}};
  for (const json& k : s["kinds"])
    rows.push_back({k["kind"], std::to_string(k["decisions"].get<uint64_t>()),
                    format_interval(k["agreement"]), format_interval(k["regret_per_game"]),
                    fmt::format("{:+.4f}", k["regret_per_decision"].get<double>()),
                    fmt::format("{:.2f}", k["share"].get<double>()),
                    std::to_string(k["unmeasured"].get<uint64_t>())});
  fmt::print(
      "\nBy the kind of the player's move (regret per game: mean over games, t interval):\n");
  std::fflush(stdout);
  print_columns(rows, stdout);
  rows = {{"player -> search", "decisions", "regret per game", "per decision", "share"}};
  size_t shown = 0;
  for (const json& k : s["pairs"]) {
    if (++shown > 12) break;
    rows.push_back({k["kind"], std::to_string(k["decisions"].get<uint64_t>()),
                    format_interval(k["regret_per_game"]),
                    fmt::format("{:+.4f}", k["regret_per_decision"].get<double>()),
                    fmt::format("{:.2f}", k["share"].get<double>())});
  }
  fmt::print("\nWhere they differ, by the kinds of the two moves (the costliest {}):\n",
             std::min<size_t>(12, s["pairs"].size()));
  std::fflush(stdout);
  print_columns(rows, stdout);
  fmt::print("\nThe costliest decisions (watch one with: {} SEED, at decision #N):\n",
             s["replay"].get<std::string>());
  const char* sample = s["value"] == "search" ? "visits" : "continuations";
  for (const json& d : s["worst"])
    fmt::print(
        "  seed {} #{} seat {}: played '{}' ({:+.3f}, {} {}), the search '{}' ({:+.3f}, "
        "{} {}): regret {:+.3f}\n",
        d["seed"].get<uint64_t>(), d["decision"].get<uint64_t>(), d["seat"].get<int>(),
        d["player_move"].get<std::string>(), d["player_value"].get<double>(),
        d["player_visits"].get<uint64_t>(), sample, d["search_move"].get<std::string>(),
        d["search_value"].get<double>(), d["search_visits"].get<uint64_t>(), sample,
        d["regret"].get<double>());
}

}  // namespace nf
