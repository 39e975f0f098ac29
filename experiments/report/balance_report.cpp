#include "experiments/report/balance_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

#include "core/provenance.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/causal_values.hpp"
#include "experiments/run/checkpoint.hpp"
#include "stats/adjusted_values.hpp"
#include "stats/ludii_metrics.hpp"
#include "stats/multiple_testing.hpp"
#include "stats/sprt.hpp"

namespace nf {
namespace {

constexpr double kElementFdr = 0.05;  // false discovery rate of the element flags

bool two_agent_pairs(const BalanceReport& r) {
  return !r.one_team && r.paired && r.totals.players == 2 && r.totals.lineup == 2;
}

constexpr const char* kTeamNote =
    "every seat plays on one team and shares its result: the team's record is counted once "
    "per game; measures that compare seats (first-seat advantage, win rates by seat, Ludii's "
    "AdvantageP1 and Drawishness) do not apply";

nlohmann::json wdl_rows(const std::vector<WinDrawLoss>& rows, const char* key,
                        const std::vector<std::string>* names = nullptr) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t i = 0; i < rows.size(); ++i) {
    nlohmann::json row = rows[i].to_json();
    row[key] = i;
    if (names) row["spec"] = (*names)[i];
    out.push_back(row);
  }
  return out;
}

std::string csv_interval(const Interval& i) {
  return fmt::format("{:.6f},{:.6f},{:.6f}", i.estimate, i.low, i.high);
}

std::string wdl_csv(const std::vector<WinDrawLoss>& rows, const std::string& key,
                    const std::vector<std::string>* names) {
  std::string out = key + (names ? ",spec" : "") +
                    ",games,wins,draws,losses,win_rate,win_low,win_high,draw_rate,draw_low,"
                    "draw_high,score,score_low,score_high\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    const WinDrawLoss& w = rows[i];
    out += fmt::format("{}{},{},{},{},{},{},{},{}\n", i, names ? ",\"" + (*names)[i] + "\"" : "",
                       w.games(), w.wins, w.draws, w.losses, csv_interval(w.win_rate()),
                       csv_interval(w.draw_rate()), csv_interval(w.score()));
  }
  return out;
}

void print_wdl_row(std::FILE* out, const std::string& label, const WinDrawLoss& w) {
  fmt::print(out, "{:<34} {:>9}  {:<22} {:<22} {:<22}\n", label, w.games(),
             format_interval(w.win_rate()), format_interval(w.draw_rate()),
             format_interval(w.score()));
}

void print_wdl_header(std::FILE* out, const char* first) {
  fmt::print(out, "\n{:<34} {:>9}  {:<22} {:<22} {:<22}\n", first, "games", "win (95% CI)", "draw",
             "score");
}

// Agents, seats and the first seat's advantage.
void print_seat_tables(const BalanceReport& r, std::FILE* out) {
  const BalanceAccumulator& t = r.totals;
  print_wdl_header(out, "agent");
  for (int a = 0; a < t.lineup; ++a)
    print_wdl_row(out, fmt::format("{} {}", a, r.agents[size_t(a)]), t.by_agent[size_t(a)]);
  print_wdl_header(out, "seat");
  for (int s = 0; s < t.players; ++s)
    print_wdl_row(out, fmt::format("{}", s), t.by_seat[size_t(s)]);
  const SeatAdvantage adv = seat_advantage(t);
  fmt::print(out, "\nfirst-seat advantage: seat 0 scores {} against a fair {:.3f} ({})\n",
             format_interval(adv.score), adv.fair, p_clause(adv.p_value));
}

// One team: its record once per game, and by the agent in each seat when they differ. Rows
// name the lineup's index, as the agent table does: a lineup may list one agent twice.
void print_team_table(const BalanceReport& r, std::FILE* out) {
  const BalanceAccumulator& t = r.totals;
  print_wdl_header(out, "team");
  print_wdl_row(out, fmt::format("{} seat{}", t.players, t.players == 1 ? "" : "s"),
                t.by_seat.empty() ? WinDrawLoss{} : t.by_seat[0]);
  if (t.lineup > 1) {
    print_wdl_header(out, "team, by the agent in a seat");
    for (int a = 0; a < t.lineup; ++a)
      for (int s = 0; s < t.players; ++s)
        print_wdl_row(out, fmt::format("{} {} in seat {}", a, r.agents[size_t(a)], s),
                      t.by_agent_seat[size_t(a * t.players + s)]);
  }
  fmt::print(out, "\nnote: {}\n", kTeamNote);
}

constexpr const char* kAdjustedWithdrawn =
    "the regression on which cards each side drew disagrees in sign with the paired "
    "replacements (drawing a card is a proxy for a long game); the causal values replace it";

constexpr const char* kConfoundedNote =
    "raw rates are confounded by the context an element comes with (its deck, realm, map) and "
    "by game length: they describe, they do not measure strength; the verdict is the causal "
    "values'";

// With causal values, a raw rate's flag is a description: "above/below the others".
std::vector<ElementFlag> element_flags(const BalanceReport& r) {
  auto flags = flag_elements(*r.elements, r.totals.elements, kElementFdr);
  if (!r.causal.is_null())
    for (ElementFlag& f : flags)
      if (f.verdict == "too strong" || f.verdict == "too weak")
        f.verdict = f.direction > 0 ? "above the others" : "below the others";
  return flags;
}

// One table per group of elements, with that group's metrics only, then every flag. With
// causal values no raw rate is a strength verdict.
void print_element_tables(const ElementSchema& schema, const ElementStats& stats, bool causal,
                          std::FILE* out) {
  if (causal) fmt::print(out, "\nraw rates (descriptive): {}\n", kConfoundedNote);
  size_t width = 10;  // the longest element or group name, at least 10
  for (const auto& name : schema.elements) width = std::max(width, name.size() + 1);
  for (int g = 0; g < schema.group_count(); ++g) {
    width = std::max(width, schema.group_name(g).size() + 1);
  }
  for (int g = 0; g < schema.group_count(); ++g) {
    const std::vector<int> metrics = schema.group_metrics(g);
    fmt::print(out, "\n{:<{}}", schema.group_name(g), width);
    for (int m : metrics) fmt::print(out, " {:<24}", schema.metrics[size_t(m)].name);
    fmt::print(out, "\n");
    for (int e : schema.group_elements(g)) {
      fmt::print(out, "{:<{}}", schema.elements[size_t(e)], width);
      for (int m : metrics) {
        const bool rate = schema.metrics[size_t(m)].kind == MetricKind::Rate;
        const bool empty = rate ? stats.rate(e, m).trials == 0 : stats.mean(e, m).n == 0;
        const Interval i = rate ? stats.rate(e, m).interval() : stats.mean(e, m).mean_interval();
        fmt::print(out, " {:<24}", empty ? "-" : format_interval(i));  // never observed
      }
      fmt::print(out, "\n");
    }
  }
  // Every flag of summary.json and the HTML report: a verdict ("too weak": a realm that wins
  // too rarely) on a line of its own, the descriptive differences one line per group and
  // metric so that dozens of them stay readable.
  const auto flags = flag_elements(schema, stats, kElementFdr);
  const auto strength = [&](int metric) {
    return causal ? 0 : schema.metrics[size_t(metric)].strength;
  };
  fmt::print(out,
             "\n{}s {} against the median of the others of their group (Benjamini-Hochberg, "
             "false discovery rate {}): {}\n",
             schema.label, causal ? "whose raw rates differ" : "flagged", kElementFdr,
             flags.empty() ? "none" : "");
  for (const ElementFlag& f : flags)
    if (strength(f.metric) != 0)
      fmt::print(out, "  {} {}: {} by {} ({:.4g} against the others' median {:.4g}, q {})\n",
                 schema.group_name(schema.group(size_t(f.element))),
                 schema.elements[size_t(f.element)], f.verdict,
                 schema.metrics[size_t(f.metric)].name, f.value, f.others,
                 f.q < 1e-6 ? std::string("< 1e-6") : fmt::format("= {:.2g}", f.q));
  // flag_elements orders its flags by group, then metric: one line per run of them.
  for (size_t i = 0; i < flags.size();) {
    const ElementFlag& first = flags[i];
    const int group = schema.group(size_t(first.element));
    size_t end = i;
    std::vector<std::string> above, below;
    for (; end < flags.size() && flags[end].metric == first.metric &&
           schema.group(size_t(flags[end].element)) == group;
         ++end)
      (flags[end].direction > 0 ? above : below)
          .push_back(fmt::format("{} {:.4g}", schema.elements[size_t(flags[end].element)],
                                 flags[end].value));
    if (strength(first.metric) == 0) {
      std::vector<std::string> parts;
      if (!above.empty()) parts.push_back(fmt::format("above {}", fmt::join(above, ", ")));
      if (!below.empty()) parts.push_back(fmt::format("below {}", fmt::join(below, ", ")));
      fmt::print(out, "  {} {}: {}\n", schema.group_name(group),
                 schema.metrics[size_t(first.metric)].name, fmt::join(parts, "; "));
    }
    i = end;
  }
}

// The regression-adjusted values (stats/adjusted_values.hpp), when the game keeps rows.
void print_adjusted_values(const nlohmann::json& a, std::FILE* out) {
  if (a.is_null()) return;
  fmt::print(out, "\nadjusted values: {} ({} games; the first seat's log-odds {}{})\n",
             a["about"].get<std::string>(), a["rows"].get<uint64_t>(),
             format_interval(interval_from_json(a["seat0"])),
             a["converged"].get<bool>() ? "" : "; the fit did not converge");
  fmt::print(out, "{:<26} {:>7}  {:<26} {}\n", "covariate", "n", "log-odds (95% CI)",
             "win in an even game");
  for (const auto& c : a["covariates"])
    fmt::print(out, "{:<26} {:>7}  {:<26} {}\n", c["name"].get<std::string>(),
               c["n"].get<uint64_t>(), format_interval(interval_from_json(c["log_odds"])),
               format_interval(interval_from_json(c["even_game_win"])));
}

// Every verdict is a statement about games between these players.
std::string verdicts_rest_on(const BalanceReport& r) {
  const bool one = std::all_of(r.agents.begin(), r.agents.end(),
                               [&](const std::string& a) { return a == r.agents[0]; });
  return fmt::format(
      "the verdicts rest on {}: `balance --robust AGENTS` checks them with other players",
      one ? fmt::format("{} in every seat", r.agents.empty() ? "" : r.agents[0])
          : fmt::format("{}", fmt::join(r.agents, " against ")));
}

}  // namespace

nlohmann::json balance_summary_json(const BalanceReport& r) {
  const BalanceAccumulator& t = r.totals;
  nlohmann::json j;
  j["provenance"] = run_provenance(
      r.game, r.config,
      r.identity.is_object() ? r.identity.value("data", nlohmann::json()) : nullptr, r.seed);
  j["command"] = "balance";
  j["game"] = r.game;
  j["config"] = r.config;
  j["agents"] = r.agents;
  j["verdicts_rest_on"] = verdicts_rest_on(r);
  j["seed"] = r.seed;
  j["games"] = t.games;
  j["deals"] = r.deals;
  j["paired"] = r.paired;
  if (!r.pairing_note.empty()) j["pairing_note"] = r.pairing_note;
  j["players"] = t.players;
  j["threads"] = r.threads;
  j["seconds"] = r.seconds;
  j["games_per_second"] = r.seconds > 0 ? double(t.games) / r.seconds : 0.0;
  nlohmann::json agent_seat = nlohmann::json::array();
  for (int a = 0; a < t.lineup; ++a)
    for (int s = 0; s < t.players; ++s) {
      nlohmann::json row = t.by_agent_seat[size_t(a * t.players + s)].to_json();
      row["agent"] = a;
      row["seat"] = s;
      agent_seat.push_back(row);
    }
  if (r.one_team) {
    // Every seat's record is the team's: by_seat[0] counts each game once.
    j["one_team"] = true;
    j["team"] = t.by_seat.empty() ? WinDrawLoss{}.to_json() : t.by_seat[0].to_json();
    j["team"]["note"] = kTeamNote;
    // With several agents on the team: the team's record by the agent in each seat.
    if (t.lineup > 1) j["team_by_agent_and_seat"] = agent_seat;
  } else {
    j["by_agent"] = wdl_rows(t.by_agent, "agent", &r.agents);
    j["by_seat"] = wdl_rows(t.by_seat, "seat");
    j["by_agent_and_seat"] = agent_seat;
    const SeatAdvantage adv = seat_advantage(t);
    j["first_seat_advantage"] = {{"seat0_score", interval_to_json(adv.score)},
                                 {"fair_share", adv.fair},
                                 {"advantage", adv.score.estimate - adv.fair},
                                 {"p_value", adv.p_value}};
  }
  if (two_agent_pairs(r)) {
    const Interval paired = pentanomial_score(t.pair_points);
    j["paired_comparison"] = {
        {"agent", 0},
        {"against", 1},
        {"score", interval_to_json(paired)},
        {"p_value", pentanomial_p_value(t.pair_points)},
        {"pentanomial", t.pair_points},
        {"note", "agent 0's mean score per game over deals played in both seat orders"}};
  }
  j["game_length"] = {{"unit", "decisions"},
                      {"moments", t.length.to_json()},
                      {"distribution", t.length_histogram.to_json()}};
  nlohmann::json ends = nlohmann::json::array();
  for (size_t i = 0; i < t.end_reasons.size(); ++i) {
    if (i < r.end_reason_names.size() && r.end_reason_names[i] == "none") continue;
    ends.push_back({{"reason", i < r.end_reason_names.size() ? r.end_reason_names[i] : ""},
                    {"games", t.end_reasons[i]},
                    {"rate", interval_to_json(wilson(double(t.end_reasons[i]), double(t.games)))}});
  }
  j["end_reasons"] = ends;
  if (r.elements) {
    j["elements"] = element_stats_to_json(*r.elements, t.elements);
    j["element_flags"] = element_flags_to_json(*r.elements, element_flags(r), kElementFdr);
    if (!r.causal.is_null()) j["element_flags"]["note"] = kConfoundedNote;
    if (auto adjusted = adjusted_values_json(*r.elements, t.elements); !adjusted.is_null())
      j["adjusted_values"] =
          r.causal.is_null() ? adjusted : nlohmann::json{{"withdrawn", kAdjustedWithdrawn}};
  }
  if (!r.causal.is_null()) j["causal_values"] = r.causal;
  j["ludii_metrics"] =
      ludii_metrics_json(ludii_metrics(t.ludii, t.games, t.end_reasons, r.end_reason_names));
  j["ludii_metrics"]["decisiveness_playouts"] = r.decisiveness_playouts;
  if (r.one_team) {
    // Both count games no seat won: a team's loss is not a draw (its draws are in `team`).
    j["ludii_metrics"].erase("advantage_p1");
    j["ludii_metrics"].erase("drawishness");
  }
  if (r.tournament) j["tournament"] = r.tournament->to_json(r.agents, t.players);
  if (!r.shard.whole()) j["shard"] = {{"index", r.shard.index}, {"count", r.shard.count}};
  j["identity"] = r.identity;
  j["counts"] = t.counts_json();
  return j;
}

void write_balance_outputs(const BalanceReport& r, const std::string& out_dir) {
  namespace fs = std::filesystem;
  const fs::path dir(out_dir);
  ensure_directory(dir);
  const BalanceAccumulator& t = r.totals;
  if (r.one_team) {
    write_file_atomically(
        dir / "team.csv",
        wdl_csv({t.by_seat.empty() ? WinDrawLoss{} : t.by_seat[0]}, "team", nullptr));
  } else {
    write_file_atomically(dir / "agents.csv", wdl_csv(t.by_agent, "agent", &r.agents));
    write_file_atomically(dir / "seats.csv", wdl_csv(t.by_seat, "seat", nullptr));
  }
  std::string lengths = "decisions,games\n";
  for (size_t v = 0; v < t.length_histogram.counts.size(); ++v)
    if (t.length_histogram.counts[v])
      lengths += fmt::format("{},{}\n", v, t.length_histogram.counts[v]);
  write_file_atomically(dir / "game_length.csv", lengths);
  std::string ends = "reason,games,rate,low,high\n";
  for (size_t i = 0; i < t.end_reasons.size() && i < r.end_reason_names.size(); ++i)
    if (r.end_reason_names[i] != "none")
      ends += fmt::format("\"{}\",{},{}\n", r.end_reason_names[i], t.end_reasons[i],
                          csv_interval(wilson(double(t.end_reasons[i]), double(t.games))));
  write_file_atomically(dir / "end_reasons.csv", ends);
  if (r.elements) {
    const ElementSchema& schema = *r.elements;
    std::string csv = schema.label + ",group";
    for (const auto& m : schema.metrics)
      csv += m.kind == MetricKind::Rate ? fmt::format(",{0},{0}_low,{0}_high,{0}_trials", m.name)
                                        : fmt::format(",{0},{0}_low,{0}_high,{0}_sd", m.name);
    csv += '\n';
    for (size_t e = 0; e < schema.elements.size(); ++e) {
      csv += fmt::format("\"{}\",\"{}\"", schema.elements[e], schema.group_name(schema.group(e)));
      for (size_t m = 0; m < schema.metrics.size(); ++m) {
        if (!schema.applies(e, m)) {
          csv += ",,,,";  // the metric does not apply to this element's group
        } else if (schema.metrics[m].kind == MetricKind::Rate) {
          const RateCounter& rc = t.elements.rate(int(e), int(m));
          csv += fmt::format(",{},{}", csv_interval(rc.interval()), rc.trials);
        } else {
          const IntMoments& mo = t.elements.mean(int(e), int(m));
          csv += fmt::format(",{},{:.6f}", csv_interval(mo.mean_interval()), mo.sd());
        }
      }
      csv += '\n';
    }
    write_file_atomically(dir / (schema.label + "s.csv"), csv);
  }
  if (!r.causal.is_null())
    write_file_atomically(dir / "causal_values.csv", causal_values_csv(r.causal));
  // summary.json last: its presence means the whole set is there.
  nlohmann::json summary = balance_summary_json(r);
  // Each data file the run used, relative to this folder (the staging folder is beside the
  // target, so the path holds for it too): `merge` finds it from any working directory.
  if (r.identity.contains("data") && r.identity["data"].is_object() &&
      !r.identity["data"].empty()) {
    nlohmann::json paths = nlohmann::json::object();
    for (auto it = r.identity["data"].begin(); it != r.identity["data"].end(); ++it)
      if (r.config.contains(it.key()) && r.config[it.key()].is_string())
        paths[it.key()] = fs::absolute(r.config[it.key()].get<std::string>())
                              .lexically_normal()
                              .lexically_relative(fs::absolute(dir).lexically_normal())
                              .generic_string();
    summary["data_paths"] = paths;
  }
  // `merge` takes this file as a shard: what no check of the counts can see, it sees here.
  summary["checksum"] = content_checksum(summary);
  write_file_atomically(dir / "summary.json", summary.dump(2) + "\n");
}

void print_balance_table(const BalanceReport& r, std::FILE* out) {
  const BalanceAccumulator& t = r.totals;
  if (!r.causal.is_null()) {
    print_causal_verdict(r.causal, out);
    fmt::print(out, "  ({})\n\n", verdicts_rest_on(r));
  }
  // Search agents can play under ten games a second: then two decimals, not "0 games/s".
  const double rate = r.seconds > 0 ? double(t.games) / r.seconds : 0.0;
  fmt::print(out, "{}: {} games on {}{} {}deals, seed {}, {:.1f} s ({:.{}f} games/s, {} threads)\n",
             r.game, t.games,
             r.shard.whole() ? "" : fmt::format("shard {}/{} of ", r.shard.index, r.shard.count),
             r.deals, r.paired ? "paired " : "", r.seed, r.seconds, rate, rate < 10 ? 2 : 0,
             r.threads);
  const std::string config = [&] {
    std::vector<std::string> parts;
    for (auto it = r.config.begin(); it != r.config.end(); ++it)
      parts.push_back(it.key() + "=" + it.value().get<std::string>());
    return fmt::format("{}", fmt::join(parts, " "));
  }();
  if (!config.empty()) fmt::print(out, "config: {}\n", config);
  if (r.causal.is_null()) fmt::print(out, "players: {}\n", verdicts_rest_on(r));
  if (!r.pairing_note.empty()) fmt::print(out, "note: {}\n", r.pairing_note);
  if (r.one_team)
    print_team_table(r, out);
  else
    print_seat_tables(r, out);
  if (two_agent_pairs(r)) {
    const Interval paired = pentanomial_score(t.pair_points);
    fmt::print(out, "paired: {} scores {} against {} over {} deals played both ways\n", r.agents[0],
               format_interval(paired), r.agents[1], r.deals);
  }
  const auto& h = t.length_histogram;
  fmt::print(out,
             "game length (decisions): mean {:.1f}, sd {:.1f}, min {}, p5 {}, median {}, p95 {}, "
             "max {}\n",
             t.length.mean(), t.length.sd(), h.quantile(0), h.quantile(0.05), h.quantile(0.5),
             h.quantile(0.95), h.counts.empty() ? 0 : h.counts.size() - 1);
  std::vector<std::string> ends;
  for (size_t i = 0; i < t.end_reasons.size() && i < r.end_reason_names.size(); ++i)
    if (r.end_reason_names[i] != "none")
      ends.push_back(
          fmt::format("{} {}", r.end_reason_names[i],
                      format_interval(wilson(double(t.end_reasons[i]), double(t.games)))));
  if (!ends.empty()) fmt::print(out, "how games end: {}\n", fmt::join(ends, "; "));
  const LudiiMetrics ludii = ludii_metrics(t.ludii, t.games, t.end_reasons, r.end_reason_names);
  fmt::print(out, "Ludii metrics: ");
  if (!r.one_team)
    fmt::print(out, "AdvantageP1 {}, Drawishness {}, ", format_interval(ludii.advantage_p1),
               format_interval(ludii.drawishness));
  fmt::print(out, "Timeouts {}", format_interval(ludii.timeouts));
  if (ludii.decisiveness_games > 0)
    fmt::print(out, ", Decisiveness {} ({} games, {} playouts per state)",
               format_interval(ludii.decisiveness), ludii.decisiveness_games,
               r.decisiveness_playouts);
  fmt::print(out, "\n");
  if (r.tournament) r.tournament->print(out, r.agents, t.players);
  if (!r.causal.is_null()) print_causal_tables(r.causal, out);
  if (r.elements) {
    print_element_tables(*r.elements, t.elements, !r.causal.is_null(), out);
    if (r.causal.is_null())
      print_adjusted_values(adjusted_values_json(*r.elements, t.elements), out);
    else if (!adjusted_values_json(*r.elements, t.elements).is_null())
      fmt::print(out, "\nadjusted values: withdrawn: {}\n", kAdjustedWithdrawn);
  }
}

void publish_balance(const BalanceReport& report, const std::string& out_dir,
                     const std::string& report_path) {
  publish_outputs(
      out_dir,
      [&](const std::filesystem::path& staging) {
        write_balance_outputs(report, staging.string());
      },
      report_path, [&] { return balance_html(balance_summary_json(report)); });
  print_balance_table(report, stdout);
  if (!out_dir.empty()) fmt::print("\nwrote {}/summary.json and CSV tables\n", out_dir);
  if (!report_path.empty()) fmt::print("wrote {}\n", report_path);
}

}  // namespace nf
