// `ninefold balance`: many games on paired deals, summarised with intervals; with --variant,
// --ladder or --tournament its other experiments on the same deals. Its flags, the checks of
// their combinations, and the dispatch to the run.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/ladder.hpp"
#include "experiments/run/mpi.hpp"
#include "experiments/run/robust.hpp"
#include "experiments/run/run_limits.hpp"
#include "experiments/run/sweep.hpp"
#include "experiments/run/variant.hpp"

namespace nf {
namespace {

class BalanceCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    BalanceOptions& o = options_;
    auto* bal =
        app.add_subcommand("balance", "play many games in parallel and report balance statistics");
    bal->add_option("--game", game_.game, "game id (see `ninefold games`)")->required();
    bal->add_option("--agents", agents_,
                    "agent specs by seat, comma-separated, or one for all seats (default: "
                    "heuristic)")
        ->check(non_empty_value());
    bal->add_option("--config", game_.config_items, "game option key=value (repeatable)")
        ->check(non_empty_value());
    games_option_ = bal->add_option(
        "--games", o.games, "games to play, rounded up to whole paired deals (default: per game)");
    games_option_->check(whole_number())->check(CLI::Range(uint64_t{1}, kMaxGames));
    bal->add_option("--seed", o.seed, "master seed")->capture_default_str()->check(whole_number());
    bal->add_option("--threads", o.threads, "worker threads; 0 uses every core")
        ->capture_default_str()
        ->check(CLI::Range(0, kMaxThreads));
    bal->add_option("--out", o.out_dir,
                    "directory for summary.json and CSV tables (default results/<game>)")
        ->check(non_empty_value());
    bal->add_flag("--unpaired", unpaired_,
                  "deal every game afresh instead of replaying each deal in every seat order");
    bal->add_option("--record", o.record_path, "write game records (JSON Lines) to this file")
        ->check(non_empty_value());
    bal->add_option("--record-every", o.record_every, "record every K-th game")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{1}, kMaxGames));
    bal->add_flag("--quiet", o.quiet, "no progress line");
    bal->add_flag("--tournament", o.tournament,
                  "also score matches: each deal in every seat order, match points summed (games "
                  "that define match points)");
    decisiveness_option_ =
        bal->add_option(
               "--decisiveness-games", decisiveness_games_,
               "about this many games get the Decisiveness metric (random-playout state values); "
               "0 skips it (default: as many as take about a tenth of the run's time)")
            ->check(whole_number());
    bal->add_option("--decisiveness-playouts", o.decisiveness_playouts,
                    "random playouts per state for Decisiveness")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    bal->add_option("--shard", shard_,
                    "play only part i of n of the deals (e.g. 0/4); combine with `ninefold merge`")
        ->check(non_empty_value());
    bal->add_option("--checkpoint", o.checkpoint_path,
                    "save progress to this file and resume from it when it exists")
        ->check(non_empty_value());
    bal->add_option("--checkpoint-every", o.checkpoint_seconds, "seconds between checkpoint saves")
        ->capture_default_str()
        ->check(positive_seconds(86400.0));
    bal->add_option("--variant", o.variants,
                    "compare a rule variant (key=value[,key=value]) with the base rules on the "
                    "same deals (repeatable)")
        ->check(non_empty_value());
    bal->add_option("--ladder", o.ladder,
                    "skill ladder: an agent spec with one parameter as a list, e.g. "
                    "'heuristic(temperature=[2,1,0])'")
        ->check(non_empty_value());
    bal->add_option("--sweep", o.sweep,
                    "one balance run per value of a config option, side by side: KEY=LOW..HIGH "
                    "or KEY=[a,b,...], e.g. players=1..5")
        ->check(non_empty_value());
    bal->add_option("--robust", o.robust_levels,
                    "also play the same deals with these agents (specs by seat, or one for all; "
                    "repeatable) and say whether each verdict holds at every player level")
        ->check(non_empty_value());
    causal_option_ =
        bal->add_option("--causal-games", causal_games_,
                        "replacement games for the causal element values (each element replaced "
                        "by its group's neutral reference on the same deals); 0 skips them "
                        "(default: the game's share of --games)")
            ->check(whole_number());
    // Split here rather than by CLI11, which drops a trailing empty name ("hero,").
    bal->add_option("--causal-groups", causal_groups_,
                    "value only these groups of elements, comma-separated (e.g. hero): the "
                    "budget goes to them alone (default: every group the game declares)")
        ->check(non_empty_value());
    bal->add_option("--detect", o.detect,
                    "play as many games as make the element tables' minimum detectable effect "
                    "(80% power, score units) reach this, e.g. 0.02")
        ->check(CLI::Range(0.001, 1.0));
    bal->add_option("--report", o.report_path, "write a self-contained HTML report to this file")
        ->check(non_empty_value());
    return bal;
  }

  int run() override {
    BalanceOptions& o = options_;
    const GameInfo& game = game_.resolve(o.config);
    o.agents = agent_specs(agents_.empty() ? game.default_agent() : agents_);
    o.paired = !unpaired_;
    if (o.out_dir.empty()) o.out_dir = "results/" + game.id;
    if (games_option_->count() == 0) o.games = game.default_games;
    if (decisiveness_option_->count() > 0) o.decisiveness_games = decisiveness_games_;
    if (causal_option_->count() > 0) o.causal_games = causal_games_;
    for (const std::string& list : causal_groups_)
      for (std::string& group : split_top_level(list)) o.causal_groups.push_back(std::move(group));
    if (o.detect > 0 && games_option_->count() > 0)
      throw Error("--detect chooses the number of games: drop --games");
    if (!shard_.empty()) o.shard = parse_shard(shard_);
    for (const std::string& level : o.robust_levels) agent_specs(level);
    check_combinations();
    const OutputLocks locks = check_outputs_writable();
    if (!o.variants.empty()) return run_variant(game, o);
    if (!o.ladder.empty()) return run_ladder(game, o);
    if (!o.sweep.empty()) return run_sweep(game, o);
    if (!o.robust_levels.empty()) return run_robust(game, o);
    return run_balance(game, o);
  }

 private:
  // nf::Error for flags that cannot work together; under MPI each rank takes its shard.
  void check_combinations() {
    BalanceOptions& o = options_;
    const MpiWorld world = mpi_world();
    std::vector<std::string> modes;
    if (!o.variants.empty()) modes.push_back("--variant");
    if (!o.ladder.empty()) modes.push_back("--ladder");
    if (!o.sweep.empty()) modes.push_back("--sweep");
    if (!o.robust_levels.empty()) modes.push_back("--robust");
    if (modes.size() > 1)
      throw Error(fmt::format("{} are separate experiments: give one", fmt::join(modes, " and ")));
    if (!modes.empty() && (!shard_.empty() || !o.checkpoint_path.empty() || world.size > 1 ||
                           !o.record_path.empty() || o.tournament))
      throw Error(
          fmt::format("{} runs on one machine: it cannot be combined with --shard, --checkpoint, "
                      "--record, --tournament or mpirun",
                      modes[0]));
    check_causal_groups(modes);
    if (!o.ladder.empty() && !agents_.empty())
      throw Error(
          "--ladder plays its rungs against each other, so --agents would not be used; drop "
          "--agents (seat options go on the ladder's spec)");
    if (o.tournament && (!shard_.empty() || !o.checkpoint_path.empty() || world.size > 1))
      throw Error(
          "--tournament runs in one process: it cannot be combined with --shard, --checkpoint or "
          "mpirun");
    if (!o.checkpoint_path.empty() && !o.record_path.empty())
      throw Error(
          "--record cannot be combined with --checkpoint (records of a resumed run would be "
          "incomplete)");
    if (world.size > 1) {
      if (!shard_.empty())
        throw Error("--shard cannot be combined with mpirun: the ranks are the shards");
      if (!o.record_path.empty()) throw Error("--record cannot be combined with mpirun");
      o.shard = {uint64_t(world.rank), uint64_t(world.size)};
      // Each rank keeps its own checkpoint: a restart with the same -np resumes every rank.
      if (!o.checkpoint_path.empty())
        o.checkpoint_path += fmt::format(".rank{}of{}", world.rank, world.size);
      if (world.rank != 0) o.quiet = true;
    }
  }

  // --causal-groups only steers the causal values: nf::Error where none are measured (a
  // shard, --causal-games 0, an experiment other than a whole balance or --robust run).
  void check_causal_groups(const std::vector<std::string>& modes) const {
    const BalanceOptions& o = options_;
    if (o.causal_groups.empty()) return;
    if (o.causal_games == uint64_t{0})
      throw Error(
          "--causal-groups names groups to value, but --causal-games 0 values none: drop one");
    if (!shard_.empty())
      throw Error(
          "--causal-groups has no effect with --shard: a shard measures no causal values (they "
          "need every deal); give it to the whole run, or to mpirun");
    if (!modes.empty() && modes[0] != "--robust")
      throw Error(fmt::format("--causal-groups has no effect with {}: it measures no causal values",
                              modes[0]));
  }

  // Before any game is played: nf::Error when --out, --record, --report or --checkpoint
  // cannot be written or another run writes one of them; held, they are this run's alone.
  OutputLocks check_outputs_writable() const {
    const BalanceOptions& o = options_;
    // Two outputs on one path would overwrite each other; a file inside --out would be
    // removed when the folder is replaced whole at the end.
    check_distinct_outputs({{"--out", o.out_dir, true},
                            {"--record", o.record_path},
                            {"--report", o.report_path},
                            {"--checkpoint", o.checkpoint_path}});
    // Under MPI only rank 0 writes the results.
    OutputLocks locks;
    if (mpi_world().rank == 0) locks = check_outputs(o.out_dir, o.report_path, results_command());
    if (!o.record_path.empty()) check_output_file(o.record_path, "--record");
    if (!o.checkpoint_path.empty()) check_output_file(o.checkpoint_path, "--checkpoint");
    locks.add(OutputLocks({{"--record", o.record_path}, {"--checkpoint", o.checkpoint_path}}));
    return locks;
  }

  // The "command" of the summary this run writes: its experiment's.
  const char* results_command() const {
    const BalanceOptions& o = options_;
    if (!o.variants.empty()) return "variant";
    if (!o.ladder.empty()) return "ladder";
    if (!o.sweep.empty()) return "sweep";
    if (!o.robust_levels.empty()) return "robust";
    return "balance";
  }

  GameFlags game_;
  std::string agents_, shard_;
  std::vector<std::string> causal_groups_;  // as given: comma-separated lists
  bool unpaired_ = false;
  uint64_t decisiveness_games_ = 0, causal_games_ = 0;
  CLI::Option* games_option_ = nullptr;
  CLI::Option* causal_option_ = nullptr;
  CLI::Option* decisiveness_option_ = nullptr;
  BalanceOptions options_;
};

}  // namespace

std::unique_ptr<Command> balance_command() { return std::make_unique<BalanceCommand>(); }

}  // namespace nf
