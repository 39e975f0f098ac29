#include "experiments/run/head_to_head.hpp"
#include <fmt/format.h>
#include "core/error.hpp"
#include "core/params.hpp"

namespace nf {

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

HeadToHead play_head_to_head(const LoadedGame& game, const std::string& a, const std::string& b,
                             const HeadToHeadSetup& setup) {
  return head_to_head_result(game.balance_run(head_to_head_options(a, b, setup))->run());
}

}  // namespace nf
