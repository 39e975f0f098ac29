// `ninefold fit`: the smallest change of a game's numeric rules and data that brings balance
// measures to their targets (experiments/tuning/fit.hpp), confirmed on fresh deals.
#include "experiments/tuning/fit.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/run/run_limits.hpp"

namespace nf {
namespace {

class FitCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    FitOptions& o = options_;
    auto* fit = app.add_subcommand(
        "fit",
        "search numeric rules and data for the change that brings balance measures to targets, "
        "then confirm it on fresh deals");
    game_.add_to(*fit);
    fit->add_option("--target", o.targets,
                    "MEASURE=VALUE[@WEIGHT][,...]: seat_advantage, game_length, end(REASON), "
                    "METRIC(ELEMENT) such as win(Aesir), spread(METRIC)")
        ->required();
    fit->add_option("--free", o.free,
                    "NAME=LOW..HIGH[,...]: a numeric config option (queen_redraws=0..3) or a field "
                    "of a data file OPTION.PATH (figures.Odin.health=4..7)")
        ->required();
    fit->add_option("--agents", o.levels,
                    "a player level: agent specs by seat, or one for all seats; repeat for several "
                    "levels, the fit must hold at each (default: the heuristic, or random)");
    fit->add_option("--setting", o.settings,
                    "a situation the design must also hold in: config changes key=value[,...] "
                    "(repeatable, e.g. --setting map=crossing); the objective sums over them");
    fit->add_option("--budget", o.budget, "games for the search, all levels together")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
    fit->add_option("--games-per-candidate", o.games_per_candidate,
                    "games per candidate design and level (whole paired deals)")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 30));
    fit->add_option("--confirm-games", o.confirm_games,
                    "games per design and level in the confirmation on fresh deals")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
    fit->add_option("--keep-close", o.keep_close,
                    "weight of the distance from the original design (each change as a share of "
                    "its range, added up)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e9));
    fit->add_option("--method", o.method, "auto (NTBEA), ntbea, cmaes or spsa")
        ->capture_default_str();
    fit->add_option("--grid", o.grid, "NTBEA: at most this many values per parameter")
        ->capture_default_str()
        ->check(CLI::Range(2, 1000));
    fit->add_option("--population", o.population, "candidates per round (0: the method's default)")
        ->capture_default_str()
        ->check(CLI::Range(0, 10000));
    fit->add_option("--seed", o.seed, "master seed")->capture_default_str();
    fit->add_option("--threads", o.threads, "worker threads; 0 uses every core")
        ->capture_default_str()
        ->check(CLI::Range(0, kMaxThreads));
    fit->add_option(
        "--out", o.out_dir,
        "directory for fit.json and the fitted data files (default results/fit-<game>)");
    fit->add_option("--report", o.report_path, "write a self-contained HTML report to this file");
    fit->add_option("--checkpoint", o.checkpoint_path,
                    "save the search after every round and resume from this file when it exists");
    fit->add_flag("--quiet", o.quiet, "no progress line");
    return fit;
  }

  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    if (options_.levels.empty()) options_.levels = {game.default_agent()};
    for (const std::string& level : options_.levels) agent_specs(level);
    return run_fit(game, options_);
  }

 private:
  GameFlags game_;
  FitOptions options_;
};

}  // namespace

std::unique_ptr<Command> fit_command() { return std::make_unique<FitCommand>(); }

}  // namespace nf
