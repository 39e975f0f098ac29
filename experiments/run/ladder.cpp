#include "experiments/run/ladder.hpp"
#include <fmt/format.h>
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/html.hpp"

#include <cmath>

#include "core/record.hpp"

namespace nf {

LadderSpec parse_ladder(const std::string& text) {
  const AgentSpec spec = parse_agent_spec(text);
  LadderSpec out;
  for (const auto& [key, value] : spec.args) {
    auto items = bracketed_list(value, fmt::format("--ladder '{}': {}", text, key));
    if (!items) continue;
    if (!out.parameter.empty())
      throw Error(fmt::format("--ladder '{}': only one parameter may hold a list ({} and {} do)",
                              text, out.parameter, key));
    out.parameter = key;
    out.values = std::move(*items);
  }
  if (out.parameter.empty() || out.values.size() < 2)
    throw Error(
        fmt::format("--ladder '{}': give one parameter a list of two or more values, e.g. "
                    "'ismcts(iterations=[100,400,1600])'",
                    text));
  for (const std::string& v : out.values) {
    std::vector<std::string> args;
    for (const auto& [key, value] : spec.args)
      args.push_back(key + "=" + (key == out.parameter ? v : value));
    out.specs.push_back(fmt::format("{}({})", spec.name, fmt::join(args, ",")));
  }
  return out;
}

nlohmann::json ladder_json(const LadderSpec& ladder, const std::vector<HeadToHead>& steps) {
  nlohmann::json rungs = nlohmann::json::array(), step_rows = nlohmann::json::array();
  // The curve: Elo of each rung over the first, adding independent gaps (variances add).
  double elo = 0, variance = 0;
  rungs.push_back({{"rung", 0},
                   {"value", ladder.values[0]},
                   {"agent", ladder.specs[0]},
                   {"elo", interval_to_json({0, 0, 0})}});
  Pentanomial all{};
  // Every step replays the same deals, so the steps' seat-0 scores are correlated: their mean
  // gets the mean of their half-widths, an interval that holds whatever the correlation
  // (the standard error of a mean is at most the mean of the standard errors).
  double seat_mean = 0, seat_low = 0, seat_high = 0;
  for (size_t k = 0; k < steps.size(); ++k) {
    const HeadToHead& h = steps[k];
    const Interval gap = h.elo();
    const double se = (gap.high - gap.low) / (2 * kZ95);
    elo += gap.estimate, variance += se * se;
    const double half = kZ95 * std::sqrt(variance);
    rungs.push_back({{"rung", k + 1},
                     {"value", ladder.values[k + 1]},
                     {"agent", h.a},
                     {"elo", interval_to_json({elo, elo - half, elo + half})}});
    uint64_t pairs = 0;
    for (size_t i = 0; i < 5; ++i) pairs += h.pairs[i], all[i] += h.pairs[i];
    const Interval seat = h.totals.by_seat[0].score();
    seat_mean += seat.estimate, seat_low += seat.estimate - seat.low,
        seat_high += seat.high - seat.estimate;
    step_rows.push_back(
        {{"higher", h.a},
         {"lower", h.b},
         {"games", h.a_results.games()},
         {"score", interval_to_json(h.score())},
         {"elo_gap", interval_to_json(gap)},
         {"pentanomial", h.pairs},
         {"even_deals", interval_to_json(wilson(double(h.pairs[2]), double(pairs)))},
         {"swept_by_higher", interval_to_json(wilson(double(h.pairs[4]), double(pairs)))},
         {"swept_by_lower", interval_to_json(wilson(double(h.pairs[0]), double(pairs)))},
         {"seat0_score", interval_to_json(seat)}});
  }
  uint64_t pairs = 0;
  for (uint64_t c : all) pairs += c;
  const Interval span = interval_from_json(rungs.back()["elo"]);
  const Interval even = wilson(double(all[2]), double(pairs));
  const double n = double(std::max<size_t>(1, steps.size()));
  const double seat_estimate = seat_mean / n;
  const Interval seat{seat_estimate, std::max(0.0, seat_estimate - seat_low / n),
                      std::min(1.0, seat_estimate + seat_high / n)};
  const std::string text = fmt::format(
      "skill: the top rung is {:+.0f} Elo [{:+.0f}, {:+.0f}] over the bottom (it would score "
      "{:.2f} "
      "against it). luck: between neighbouring rungs {:.0f}% of deals played both ways ended even "
      "(each player won once, or both drew: the deal and the seat decided, not the players), and "
      "the first seat scores {:.3f} [{:.3f}, {:.3f}] on average over the steps (each step replays "
      "the same deals, so the interval is the steps' mean half-width).",
      span.estimate, span.low, span.high, elo_to_score(span.estimate), 100 * even.estimate,
      seat.estimate, seat.low, seat.high);
  return {{"command", "ladder"},
          {"parameter", ladder.parameter},
          {"rungs", rungs},
          {"steps", step_rows},
          {"luck_versus_skill",
           {{"skill_span_elo", interval_to_json(span)},
            {"top_expected_score_against_bottom", elo_to_score(span.estimate)},
            {"even_deals", interval_to_json(even)},
            {"seat0_score", interval_to_json(seat)},
            {"seat0_elo", score_to_elo(seat.estimate)},
            {"summary", text}}}};
}

void print_ladder(const nlohmann::json& s, std::FILE* out) {
  fmt::print(
      out, "{}: skill ladder over {}, neighbouring rungs on the same paired deals, seed {}\n\n",
      s["game"].get<std::string>(), s["parameter"].get<std::string>(), s["seed"].get<uint64_t>());
  fmt::print(out, "{:<5} {:<12} {:<44} {:<26} {:<26} {}\n", "rung",
             s["parameter"].get<std::string>(), "agent", "Elo over rung 0",
             "score vs previous rung", "even deals");
  for (size_t k = 0; k < s["rungs"].size(); ++k) {
    const auto& r = s["rungs"][k];
    std::string score = "-", even = "-";
    if (k > 0) {
      score = format_interval(interval_from_json(s["steps"][k - 1]["score"]));
      even = format_interval(interval_from_json(s["steps"][k - 1]["even_deals"]), 2);
    }
    fmt::print(out, "{:<5} {:<12} {:<44} {:<26} {:<26} {}\n", k, r["value"].get<std::string>(),
               r["agent"].get<std::string>().substr(0, 43),
               k == 0 ? std::string("0") : format_elo(interval_from_json(r["elo"])), score, even);
  }
  fmt::print(out, "\n{}\n", s["luck_versus_skill"]["summary"].get<std::string>());
}

int run_ladder(const GameInfo& info, const BalanceOptions& options) {
  const LadderSpec ladder = parse_ladder(options.ladder);
  const auto game = info.load(options.config);
  require_two_seats(*game, "--ladder");
  for (const std::string& spec : ladder.specs) game->agent_spec(spec);  // every rung, first
  const HeadToHeadSetup setup{options.games, options.seed, options.threads, options.quiet};
  std::vector<HeadToHead> steps;
  for (size_t k = 0; k + 1 < ladder.specs.size(); ++k) {
    if (!options.quiet && stderr_is_terminal())
      std::fprintf(stderr, "\r\033[Krung %zu vs %zu...", k + 1, k);
    // The higher rung is agent A: a positive gap means it is stronger.
    steps.push_back(play_head_to_head(*game, ladder.specs[k + 1], ladder.specs[k], setup));
  }
  if (!options.quiet && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
  nlohmann::json summary = ladder_json(ladder, steps);
  describe_run(summary, *game, options.seed);
  print_ladder(summary, stdout);
  publish_summary(summary, options.out_dir, "ladder.json", options.report_path, ladder_html);
  return 0;
}

}  // namespace nf
