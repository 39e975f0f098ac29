#include "experiments/fit_cli.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace nf {

FitCommand::FitCommand(CLI::App& app) {
  FitOptions& o = options_;
  fit_ = app.add_subcommand(
      "fit",
      "search numeric rules and data for the change that brings balance measures to targets, "
      "then confirm it on fresh deals");
  fit_->add_option("--game", game_, "game id (see `ninefold games`)")->required();
  fit_->add_option("--config", config_items_,
                   "option key=value of the original design (repeatable)");
  fit_->add_option("--target", o.targets,
                   "MEASURE=VALUE[@WEIGHT][,...]: seat_advantage, game_length, end(REASON), "
                   "METRIC(ELEMENT) such as win(Aesir), spread(METRIC)")
      ->required();
  fit_->add_option("--free", o.free,
                   "NAME=LOW..HIGH[,...]: a numeric config option (queen_redraws=0..3) or a field "
                   "of a data file OPTION.PATH (figures.Odin.health=4..7)")
      ->required();
  fit_->add_option("--agents", o.levels,
                   "a player level: agent specs by seat, or one for all seats; repeat for several "
                   "levels, the fit must hold at each (default: the heuristic, or random)");
  fit_->add_option("--setting", o.settings,
                   "a situation the design must also hold in: config changes key=value[,...] "
                   "(repeatable, e.g. --setting map=crossing); the objective sums over them");
  fit_->add_option("--budget", o.budget, "games for the search, all levels together")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  fit_->add_option("--games-per-candidate", o.games_per_candidate,
                   "games per candidate design and level (whole paired deals)")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 30));
  fit_->add_option("--confirm-games", o.confirm_games,
                   "games per design and level in the confirmation on fresh deals")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  fit_->add_option("--keep-close", o.keep_close,
                   "weight of the distance from the original design (each change as a share of "
                   "its range, added up)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e9));
  fit_->add_option("--method", o.method, "auto (NTBEA), ntbea, cmaes or spsa")
      ->capture_default_str();
  fit_->add_option("--grid", o.grid, "NTBEA: at most this many values per parameter")
      ->capture_default_str()
      ->check(CLI::Range(2, 1000));
  fit_->add_option("--population", o.population, "candidates per round (0: the method's default)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  fit_->add_option("--seed", o.seed, "master seed")->capture_default_str();
  fit_->add_option("--threads", o.threads, "worker threads; 0 uses every core")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  fit_->add_option("--out", o.out_dir,
                   "directory for fit.json and the fitted data files (default results/fit-<game>)");
  fit_->add_option("--report", o.report_path, "write a self-contained HTML report to this file");
  fit_->add_option("--checkpoint", o.checkpoint_path,
                   "save the search after every round and resume from this file when it exists");
  fit_->add_flag("--quiet", o.quiet, "no progress line");
}

int FitCommand::run() {
  if (!fit_->parsed()) return -1;
  const GameEntry& game = find_game(game_);
  options_.config = parse_key_values(config_items_, "--config");
  if (options_.levels.empty()) {
    std::string fallback = "random";
    for (const AgentListing& agent : game.agents())
      if (agent.name == "heuristic") fallback = agent.name;
    options_.levels = {fallback};
  }
  for (const std::string& level : options_.levels)
    for (const std::string& spec : split_top_level(level))
      if (spec.empty()) throw Error(fmt::format("--agents '{}': an agent spec is empty", level));
  return game.fit(options_);
}

}  // namespace nf
