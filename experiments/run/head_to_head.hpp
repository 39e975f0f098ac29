// Two agents on paired deals: the building block of tournament, match, ladder and tune. Every
// deal is played twice with the seats swapped; the result keeps the first agent's
// win/draw/loss, the pentanomial pair counts and the whole balance accumulator.
#pragma once

#include <fmt/format.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/run/balance.hpp"
#include "stats/sprt.hpp"

namespace nf {

struct HeadToHead {
  std::string a, b;  // canonical specs
  WinDrawLoss a_results;
  Pentanomial pairs{};
  BalanceAccumulator totals;
  double seconds = 0;

  Interval score() const { return pentanomial_score(pairs); }
  Interval elo() const { return pentanomial_elo(pairs); }
};

struct HeadToHeadSetup {
  uint64_t games = 0;  // rounded up to whole pairs
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = true;
};

// Head-to-head commands need exactly two seats: the pentanomial model pairs seat orders.
template <Game G>
void require_two_seats(const G& game, std::string_view command) {
  if (game.num_players() != 2)
    throw Error(
        fmt::format("{} plays two agents head to head and needs a two-seat game; game "
                    "'{}' is set up for {} seats",
                    command, G::kId, game.num_players()));
  if (is_one_team(game))
    throw Error(fmt::format(
        "{} plays two agents head to head, but in this config of game '{}' both seats play "
        "on one team and share its result; compare teams with `balance --robust` instead",
        command, G::kId));
}

template <Game G>
BalanceOptions head_to_head_options(const std::string& a, const std::string& b,
                                    const HeadToHeadSetup& setup) {
  BalanceOptions o;
  o.agents = {a, b};
  o.games = setup.games;
  o.seed = setup.seed;
  o.threads = setup.threads;
  o.quiet = setup.quiet;
  o.paired = true;
  o.rotate_one_agent = true;  // the same spec on both sides still plays as two agents
  return o;
}

template <Game G>
HeadToHead head_to_head_result(const BalanceReport& report) {
  HeadToHead h;
  h.a = report.agents[0];
  h.b = report.agents[1];
  h.a_results = report.totals.by_agent[0];
  h.pairs = report.totals.pair_points;
  h.totals = report.totals;
  h.seconds = report.seconds;
  return h;
}

// Plays `a` against `b` on setup.games games (whole pairs) in parallel.
template <Game G>
HeadToHead play_head_to_head(const G& game, const ParamSet& config, const std::string& a,
                             const std::string& b, const HeadToHeadSetup& setup) {
  const BalanceOptions o = head_to_head_options<G>(a, b, setup);
  BalanceRun<G> run(game, config, o);
  return head_to_head_result<G>(run.run());
}

// The fields every head-to-head summary starts with.
inline void describe_run(nlohmann::json& summary, std::string_view game, const ParamSet& config,
                         uint64_t seed) {
  summary["game"] = std::string(game);
  summary["config"] = config.to_json();
  summary["seed"] = seed;
}

// "+12.3 [-4.0, +28.7]"
inline std::string format_elo(const Interval& elo) {
  return fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", elo.estimate, elo.low, elo.high);
}

}  // namespace nf
