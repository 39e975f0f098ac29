// `ninefold tune`: an agent's parameters against a fixed opponent, confirmed by an SPRT.
#include "experiments/tuning/tune.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"

namespace nf {
namespace {

class TuneCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    TuneOptions& u = options_;
    auto* command =
        app.add_subcommand("tune",
                           "tune an agent's parameters against an opponent (NTBEA, CMA-ES, "
                           "SPSA) and confirm with an SPRT");
    game_.add_to(*command);
    add_run_flags(*command, u.seed, u.threads, u.quiet);
    command
        ->add_option("--agent", u.agent,
                     "agent spec with ranges [low,high] or value lists [a,b,c], e.g. "
                     "'heuristic(king=[0,6],aggression=[0,1])'")
        ->required()
        ->check(non_empty_value());
    command->add_option("--against", u.against, "the fixed opponent")
        ->capture_default_str()
        ->check(non_empty_value());
    command->add_option("--budget", u.budget, "games for the search")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
    command
        ->add_option("--games-per-candidate", u.games_per_candidate,
                     "games per candidate evaluation (whole paired deals)")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 30));
    command
        ->add_option("--method", u.method,
                     "auto (CMA-ES for ranges, NTBEA when there is a list), ntbea, cmaes or spsa")
        ->capture_default_str();
    command->add_option("--grid", u.grid, "NTBEA: values per continuous range")
        ->capture_default_str()
        ->check(CLI::Range(2, 1000));
    command
        ->add_option("--population", u.population, "candidates per round (0: the method's default)")
        ->capture_default_str()
        ->check(CLI::Range(0, 10000));
    command
        ->add_option("--confirm", confirm_text_,
                     "SPRT of the confirmation match, best against start")
        ->capture_default_str()
        ->check(non_empty_value());
    command
        ->add_option("--confirm-games", u.confirm_games, "the most games of the confirmation match")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
    command->add_flag("--no-confirm", no_confirm_, "skip the confirmation match");
    add_output_flags(*command, u.out_dir, u.report_path,
                     "directory for tune.json and best_agent.txt");
    return command;
  }
  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    options_.confirm = parse_sprt(confirm_text_);
    options_.confirm_match = !no_confirm_;
    const OutputLocks locks = check_outputs(options_.out_dir, options_.report_path, "tune");
    return run_tune(game, options_);
  }

 private:
  GameFlags game_;
  std::string confirm_text_ = "elo0=0,elo1=10,alpha=0.05,beta=0.05";
  bool no_confirm_ = false;
  TuneOptions options_;
};

}  // namespace

std::unique_ptr<Command> tune_command() { return std::make_unique<TuneCommand>(); }

}  // namespace nf
