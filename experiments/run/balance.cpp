#include "experiments/run/balance.hpp"
#include "core/params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "experiments/run/causal_tally.hpp"
#include "experiments/run/mpi.hpp"
#include "experiments/run/process_reduction.hpp"

namespace nf {
namespace {

// --detect: a pilot of a quarter of the default games, then as many games as make the
// largest element table's minimum detectable effect (its median row) reach the target.
uint64_t games_to_detect(const LoadedGame& game, const BalanceOptions& o) {
  if (!game.has_causal_values())
    throw Error(fmt::format("--detect: game '{}' declares no causal element values", game.id()));
  const uint64_t pilot = std::max<uint64_t>(500, o.games / 4);
  CausalRequest request{o.agents, o.seed, o.threads, o.quiet, pilot, std::nullopt, o.causal_groups};
  if (o.causal_games)
    request.replacements = *o.causal_games * pilot / std::max<uint64_t>(1, o.games);
  const nlohmann::json values = game.causal_values(request);
  if (values.is_null()) throw Error("--detect needs causal values: drop --causal-games 0");
  const double mde = causal_table_mde(values);
  const double scale = mde > 0 ? (mde / o.detect) * (mde / o.detect) : 1;
  const uint64_t games =
      std::clamp<uint64_t>(uint64_t(std::ceil(double(pilot) * scale)), 100, uint64_t{1} << 26);
  if (!o.quiet)
    fmt::print(stderr, "--detect {}: a pilot of {} games detects {:.3f}; playing {} games\n",
               o.detect, pilot, mde, games);
  return games;
}

}  // namespace

std::optional<BalanceReport> play_balance(const GameInfo& info, const BalanceOptions& options) {
  const std::unique_ptr<LoadedGame> game = info.load(options.config);
  if (options.tournament) {
    if (!game->has_match_points())
      throw Error(
          fmt::format("game '{}' does not define how a match is scored; --tournament "
                      "needs a game with match points",
                      info.id));
    if (!options.paired)
      throw Error("--tournament plays every deal in every seat order; drop --unpaired");
  }
  // --causal-groups is checked before any game is played (the causal run checks it again for
  // callers that reach it directly).
  if (!options.causal_groups.empty()) {
    if (!game->has_causal_values())
      throw Error(
          fmt::format("--causal-groups: game '{}' declares no causal element values", info.id));
    causal_groups_measured(game->causal_groups(), options.causal_groups, info.id);
  }
  BalanceOptions o = options;
  if (o.detect > 0) o.games = games_to_detect(*game, o);
  const std::unique_ptr<BalanceRun> run = game->balance_run(o);
  BalanceReport report = run->run();
  const bool publishes = reduce_balance_over_processes(report, run->empty_accumulator());
  // Causal values need every deal: not for a shard (`--shard`); under MPI every rank plays its
  // part of them, and the first rank, whole after the reduction, reports them. A checkpointed
  // run measures them once its deals are done, saving their progress in the same checkpoint.
  if (report.shard.whole() || mpi_world().size > 1)
    report.causal = game->causal_values({o.agents, o.seed, o.threads, o.quiet, report.deals,
                                         o.causal_games, o.causal_groups, run->checkpoint()});
  if (!publishes) return std::nullopt;
  return report;
}

int run_balance(const GameInfo& info, const BalanceOptions& options) {
  if (const std::optional<BalanceReport> report = play_balance(info, options))
    publish_balance(*report, options.out_dir, options.report_path);
  return 0;
}

}  // namespace nf
