#include "experiments/run/variant.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/html.hpp"
#include "stats/multiple_testing.hpp"

namespace nf {
namespace {

constexpr double kFdr = 0.05;
constexpr double kHuge = 1e9;  // the interval of a difference nothing bounds
constexpr double kUntested = std::numeric_limits<double>::quiet_NaN();

struct Row {
  std::string statistic, group;
  Interval base, variant, difference;
  double p = 1;  // NaN: not tested (too few observations in a run)
  bool paired = false;
  bool mean = false;  // a mean in the statistic's own unit, not a rate or score
};

// A statistic observed fewer than kMinTestedObservations times in either run (a card played
// in two games) is shown but not tested: its p-value is NaN, which Benjamini-Hochberg leaves
// out, so it is never significant.
bool testable(uint64_t base_n, uint64_t variant_n) {
  return std::min(base_n, variant_n) >= kMinTestedObservations;
}

Row unpaired_row(std::string statistic, std::string group, const Interval& base, double base_se,
                 const Interval& variant, double variant_se) {
  const double diff = variant.estimate - base.estimate;
  const double se = std::hypot(base_se, variant_se);
  return {std::move(statistic),
          std::move(group),
          base,
          variant,
          normal_interval(diff, se),
          se > 0 ? two_sided_p(diff / se) : (diff == 0 ? 1.0 : 0.0),
          false};
}

double binomial_se(const RateCounter& r) {
  if (r.trials == 0) return 0;
  const double p = double(r.hits) / double(r.trials);
  return std::sqrt(p * (1 - p) / double(r.trials));
}

Row rate_row(std::string statistic, std::string group, const RateCounter& base,
             const RateCounter& variant) {
  const Interval b = base.interval(), v = variant.interval();
  // Too few trials in a run (none: a card no deck holds after an ablation): the difference is
  // bounded only by the two Wilson intervals, which stay honest on any sample.
  if (!testable(base.trials, variant.trials))
    return {std::move(statistic),
            std::move(group),
            b,
            v,
            Interval{v.estimate - b.estimate, v.low - b.high, v.high - b.low},
            kUntested,
            false};
  return unpaired_row(std::move(statistic), std::move(group), b, binomial_se(base), v,
                      binomial_se(variant));
}

// Deal-by-deal difference of a per-deal quantity (scaled to per game).
template <class Get>
Row paired_row(std::string statistic, const VariantRun& base, const VariantRun& variant,
               double scale, Get get) {
  IntMoments b, v, d;
  for (size_t i = 0; i < base.deals.size() && i < variant.deals.size(); ++i) {
    b.add(get(base.deals[i]));
    v.add(get(variant.deals[i]));
    d.add(get(variant.deals[i]) - get(base.deals[i]));
  }
  auto scaled = [&](const IntMoments& m) {
    return normal_interval(m.mean() * scale, m.standard_error() * scale);
  };
  const double se = d.standard_error() * scale, diff = d.mean() * scale;
  const double p = !testable(d.n, d.n) ? kUntested
                   : se > 0            ? two_sided_p(diff / se)
                                       : (diff == 0 ? 1.0 : 0.0);
  return {std::move(statistic), "paired", scaled(b), scaled(v), scaled(d), p, true};
}

std::vector<Row> difference_rows(const VariantRun& base, const VariantRun& variant) {
  const BalanceReport& rb = base.report;
  const BalanceAccumulator &b = rb.totals, &v = variant.report.totals;
  const double orders = rb.paired ? double(b.players) : 1.0;
  std::vector<Row> rows;
  // Seats that form one team share its result: seat 0's is the team's, and agents and
  // other seats add nothing.
  if (!rb.one_team)
    rows.push_back(paired_row(fmt::format("score of agent 0 ({})", rb.agents[0]), base, variant,
                              1.0 / (2 * orders),
                              [](const DealOutcome& o) { return int64_t(o.agent0_half_points); }));
  rows.push_back(paired_row(rb.one_team ? "score of the team" : "score of seat 0", base, variant,
                            1.0 / (2 * orders),
                            [](const DealOutcome& o) { return int64_t(o.seat0_half_points); }));
  rows.push_back(paired_row("game length (decisions)", base, variant, 1.0 / orders,
                            [](const DealOutcome& o) { return o.decisions; }));
  rows.back().mean = true;
  // "agent 1", "seat 0"; "the team" has no number.
  auto label = [](const std::string& who, size_t i) {
    return who == "the team" ? who : fmt::format("{} {}", who, i);
  };
  auto wdl_rows = [&](const std::vector<WinDrawLoss>& vb, const std::vector<WinDrawLoss>& vv,
                      const std::string& who) {
    for (size_t i = 0; i < vb.size(); ++i) {
      rows.push_back(rate_row(fmt::format("win rate of {}", label(who, i)), "results",
                              {vb[i].wins, vb[i].games()}, {vv[i].wins, vv[i].games()}));
      rows.push_back(rate_row(fmt::format("draw rate of {}", label(who, i)), "results",
                              {vb[i].draws, vb[i].games()}, {vv[i].draws, vv[i].games()}));
    }
  };
  if (rb.one_team) {
    wdl_rows({b.by_seat[0]}, {v.by_seat[0]}, "the team");
  } else {
    wdl_rows(b.by_agent, v.by_agent, "agent");
    wdl_rows(b.by_seat, v.by_seat, "seat");
  }
  for (size_t i = 0; i < b.end_reasons.size() && i < rb.end_reason_names.size(); ++i)
    if (rb.end_reason_names[i] != "none")
      rows.push_back(rate_row(fmt::format("games ending: {}", rb.end_reason_names[i]),
                              "end reasons", {b.end_reasons[i], b.games},
                              {v.end_reasons[i], v.games}));
  if (rb.elements) {
    const ElementSchema& schema = *rb.elements;
    for (size_t e = 0; e < schema.elements.size(); ++e)
      for (size_t m = 0; m < schema.metrics.size(); ++m) {
        if (!schema.applies(e, m)) continue;
        const std::string name =
            fmt::format("{} {}: {}", schema.label, schema.elements[e], schema.metrics[m].name);
        if (schema.metrics[m].kind == MetricKind::Rate) {
          rows.push_back(rate_row(name, "elements", b.elements.rate(int(e), int(m)),
                                  v.elements.rate(int(e), int(m))));
        } else {
          const IntMoments &mb = b.elements.mean(int(e), int(m)),
                           &mv = v.elements.mean(int(e), int(m));
          // Too few values in a run: nothing bounds the difference (two equal values have a
          // standard error of 0).
          if (!testable(mb.n, mv.n))
            rows.push_back({name, "elements", mb.mean_interval(), mv.mean_interval(),
                            Interval{mb.n && mv.n ? mv.mean() - mb.mean() : 0.0, -kHuge, kHuge},
                            kUntested, false});
          else
            rows.push_back(unpaired_row(name, "elements", mb.mean_interval(), mb.standard_error(),
                                        mv.mean_interval(), mv.standard_error()));
          rows.back().mean = true;
        }
      }
  }
  return rows;
}

std::string changes_text(const std::map<std::string, std::string>& changes) {
  std::vector<std::string> parts;
  for (const auto& [k, v] : changes) parts.push_back(k + "=" + v);
  return fmt::format("{}", fmt::join(parts, ","));
}

}  // namespace

nlohmann::json variant_differences(const VariantRun& base, const VariantRun& variant) {
  const std::vector<Row> rows = difference_rows(base, variant);
  std::vector<double> p;
  for (const Row& r : rows) p.push_back(r.p);
  const std::vector<double> q = benjamini_hochberg(p);
  nlohmann::json out = nlohmann::json::array();
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const bool tested = !std::isnan(r.p);
    out.push_back({{"statistic", r.statistic},
                   {"group", r.group},
                   {"paired", r.paired},
                   {"unit", r.mean ? "mean" : "rate"},
                   {"base", interval_to_json(r.base)},
                   {"variant", interval_to_json(r.variant)},
                   {"difference", interval_to_json(r.difference)},
                   {"tested", tested},
                   {"p_value", tested ? nlohmann::json(r.p) : nlohmann::json(nullptr)},
                   {"q_value", tested ? nlohmann::json(q[i]) : nlohmann::json(nullptr)},
                   {"significant", tested && q[i] <= kFdr}});
  }
  return out;
}

nlohmann::json variant_summary_json(const VariantRun& base,
                                    const std::vector<VariantRun>& variants) {
  const BalanceReport& r = base.report;
  nlohmann::json list = nlohmann::json::array();
  for (const VariantRun& v : variants)
    list.push_back({{"changes", v.changes},
                    {"name", changes_text(v.changes)},
                    {"differences", variant_differences(base, v)},
                    {"summary", balance_summary_json(v.report)}});
  return {{"command", "variant"},
          {"game", r.game},
          {"config", r.config},
          {"agents", r.agents},
          {"seed", r.seed},
          {"games", r.totals.games},
          {"deals", r.deals},
          {"method",
           fmt::format("base rules and each variant on the same deals and agent seeds; scores and "
                       "game length compared deal by deal, other statistics with independent "
                       "standard errors; Benjamini-Hochberg q-values over every statistic of a "
                       "variant; a statistic with fewer than {} observations in either run is "
                       "not tested",
                       kMinTestedObservations)},
          {"false_discovery_rate", kFdr},
          {"base", balance_summary_json(r)},
          {"variants", list}};
}

std::string variant_q_text(const nlohmann::json& row) {
  if (!row["tested"].get<bool>()) return fmt::format("not tested (n < {})", kMinTestedObservations);
  return format_p(row["q_value"].get<double>()) + (row["significant"].get<bool>() ? " *" : "");
}

void print_variant_summary(const nlohmann::json& s, std::FILE* out) {
  fmt::print(out, "{}: base rules and {} variant(s), {} games each on the same {} deals, seed {}\n",
             s["game"].get<std::string>(), s["variants"].size(), s["games"].get<uint64_t>(),
             s["deals"].get<uint64_t>(), s["seed"].get<uint64_t>());
  for (const auto& v : s["variants"]) {
    fmt::print(out, "\nvariant {} against the base rules (* : q <= {}):\n",
               v["name"].get<std::string>(), s["false_discovery_rate"].get<double>());
    fmt::print(out, "{:<44} {:<24} {:<24} {:<28} {}\n", "statistic", "base", "variant",
               "difference (95% CI)", "q");
    int hidden = 0, untested = 0;
    for (const auto& row : v["differences"]) {
      if (row["group"] == "elements" && !row["significant"].get<bool>()) {
        ++hidden;
        untested += !row["tested"].get<bool>();
        continue;
      }
      const Interval d = interval_from_json(row["difference"]);
      fmt::print(out, "{:<44} {:<24} {:<24} {:<28} {}\n",
                 row["statistic"].get<std::string>().substr(0, 43),
                 format_interval(interval_from_json(row["base"])),
                 format_interval(interval_from_json(row["variant"])),
                 fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", d.estimate, d.low, d.high),
                 variant_q_text(row));
    }
    if (hidden)
      fmt::print(out,
                 "({} element statistics without a significant difference not shown; {} of them "
                 "not tested, with fewer than {} observations in a run)\n",
                 hidden, untested, kMinTestedObservations);
  }
}

void write_variant_table(const nlohmann::json& s, const std::string& out_dir) {
  const std::filesystem::path dir(out_dir);
  ensure_directory(dir);
  std::string csv =
      "variant,statistic,paired,base,base_low,base_high,variant,variant_low,variant_high,"
      "difference,difference_low,difference_high,p_value,q_value\n";
  for (const auto& v : s["variants"])
    for (const auto& row : v["differences"]) {
      auto triple = [&](const char* key) {
        const Interval i = interval_from_json(row[key]);
        return fmt::format("{:.6f},{:.6f},{:.6f}", i.estimate, i.low, i.high);
      };
      // An untested statistic has empty p and q.
      auto number = [&](const char* key) {
        return row[key].is_null() ? std::string() : fmt::format("{:.6g}", row[key].get<double>());
      };
      csv += fmt::format("\"{}\",\"{}\",{},{},{},{},{},{}\n", v["name"].get<std::string>(),
                         row["statistic"].get<std::string>(), row["paired"].get<bool>(),
                         triple("base"), triple("variant"), triple("difference"), number("p_value"),
                         number("q_value"));
    }
  write_file_atomically(dir / "differences.csv", csv);
}

VariantRun play_variant(const GameInfo& info, const BalanceOptions& options,
                        const std::map<std::string, std::string>& changes) {
  VariantRun out;
  out.changes = changes;
  BalanceOptions o = options;
  for (const auto& [key, value] : changes) o.config[key] = value;
  o.deal_outcomes = true;
  const auto game = info.load(o.config, changes.empty() ? "config" : "variant");
  const auto run = game->balance_run(o);
  const int threads = o.threads > 0 ? o.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  BalanceAccumulator totals = run->empty_accumulator();
  const auto start = std::chrono::steady_clock::now();
  run->run_chunks(0, run->chunk_count(), [&](uint64_t, BalanceChunk& chunk) {
    totals.merge(chunk.totals);
    out.deals.insert(out.deals.end(), chunk.deals.begin(), chunk.deals.end());
    return true;
  });
  out.report = run->report();
  out.report.totals = totals;
  out.report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

int run_variant(const GameInfo& info, const BalanceOptions& options) {
  std::vector<std::map<std::string, std::string>> changes;
  for (const std::string& text : options.variants) {
    changes.push_back(parse_key_values({text}, "--variant"));
    for (const auto& [key, value] : changes.back())
      if (options.config.count(key))
        throw Error(
            fmt::format("--variant {}: '{}' is also set by --config; a variant changes "
                        "the base rules, so give it in one place",
                        text, key));
  }
  // Every variant is built before any game is played, and must keep the base's seats: the
  // comparison is seat by seat and agent by agent on the same deals.
  const auto seats_of = [&](const std::map<std::string, std::string>& c, const std::string& what) {
    auto o = options.config;
    for (const auto& [key, value] : c) o[key] = value;
    return info.load(o, what)->num_players();
  };
  const int base_seats = seats_of({}, "config");
  for (size_t i = 0; i < changes.size(); ++i) {
    const int seats = seats_of(changes[i], "variant");
    if (seats != base_seats)
      throw Error(fmt::format(
          "--variant {}: the variant has {} seats where the base rules have {}; a variant is "
          "compared seat by seat on the same deals, so compare player counts with --sweep "
          "instead (e.g. --sweep players=1..5)",
          options.variants[i], seats, base_seats));
  }
  const VariantRun base = play_variant(info, options, {});
  std::vector<VariantRun> variants;
  for (const auto& c : changes) variants.push_back(play_variant(info, options, c));
  const nlohmann::json summary = variant_summary_json(base, variants);
  print_variant_summary(summary, stdout);
  publish_summary(
      summary, options.out_dir, "variants.json", options.report_path, variant_html,
      [&](const std::filesystem::path& folder) { write_variant_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
