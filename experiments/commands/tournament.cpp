// `ninefold tournament`: a round robin of agents on paired deals.
#include "experiments/run/tournament.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/run/entrant.hpp"
#include "experiments/run/run_limits.hpp"

namespace nf {
namespace {

class TournamentCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    TournamentOptions& t = options_;
    auto* command = app.add_subcommand(
        "tournament", "round robin of agents on paired deals: score matrix and Elo ratings");
    game_.add_to(*command);
    add_run_flags(*command, t.seed, t.threads, t.quiet);
    command
        ->add_option("--agents", agents_,
                     "entrants, comma-separated (two or more): agent specs, each optionally "
                     "with seat options of the game (heuristic@deck=aggro; "
                     "heuristic@deck=aggro|control is two entrants)")
        ->required()
        ->check(non_empty_value());
    command->add_option("--games", t.games, "games per pair of agents (whole paired deals)")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(kMinPairedGames, kMaxGames));
    add_output_flags(*command, t.out_dir, t.report_path,
                     "directory for tournament.json and CSV tables");
    return command;
  }
  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    options_.agents = expand_entrants(agent_specs(agents_));
    const OutputLocks locks = check_outputs(options_.out_dir, options_.report_path, "tournament");
    return run_tournament(game, options_);
  }

 private:
  GameFlags game_;
  std::string agents_;
  TournamentOptions options_;
};

}  // namespace

std::unique_ptr<Command> tournament_command() { return std::make_unique<TournamentCommand>(); }

}  // namespace nf
