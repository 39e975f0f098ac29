// The command-line side of the experiments at scale: the extra `balance` options (--shard,
// --checkpoint, --variant, --ladder, --report) and the subcommands tournament, match, tune
// and merge. Kept apart from main.cpp so each command's flags live next to each other.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "experiments/registry.hpp"

namespace nf {

struct BalanceScaleFlags {
  std::string shard, checkpoint, ladder, report;
  double checkpoint_every = 30;
  std::vector<std::string> variants;
};
void add_balance_scale_options(CLI::App& balance, BalanceScaleFlags& flags);
// Fills the options (the MPI rank's shard included); nf::Error for combinations that cannot
// work together.
void apply_balance_scale_options(const BalanceScaleFlags& flags, BalanceOptions& options);
// Before any game is played: nf::Error when --out, --record, --report or --checkpoint
// cannot be written.
void check_balance_outputs(const BalanceOptions& options);
// `balance` itself, or its variant or ladder mode.
int run_balance(const GameEntry& game, const BalanceOptions& options);

// tournament, match, tune and merge. Holds the parsed values, so it must outlive parsing.
class ScaleCommands {
 public:
  explicit ScaleCommands(CLI::App& app);
  ScaleCommands(const ScaleCommands&) = delete;
  ScaleCommands& operator=(const ScaleCommands&) = delete;
  // Runs the subcommand that was given; -1 when none of these was.
  int run();

 private:
  CLI::App *tournament_ = nullptr, *match_ = nullptr, *tune_ = nullptr, *merge_ = nullptr;
  std::string game_, agents_, config_text_;
  std::vector<std::string> config_items_;
  TournamentOptions tournament_options_;
  MatchOptions match_options_;
  std::string sprt_text_;
  TuneOptions tune_options_;
  std::string confirm_text_ = "elo0=0,elo1=10,alpha=0.05,beta=0.05";
  bool no_confirm_ = false;
  std::vector<std::string> merge_files_;
  MergeOptions merge_options_;
};

}  // namespace nf
