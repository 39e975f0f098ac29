// `ninefold learn`: a logistic value model of a game's positions from self-play
// (experiments/tuning/learn.hpp), written as a weights file that search reads with eval=learned.
#include "experiments/tuning/learn.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/with_game.hpp"

namespace nf {
namespace {

class LearnCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    LearnOptions& o = options_;
    auto* command = app.add_subcommand(
        "learn",
        "fit a logistic value model of a game's positions from self-play games, for search "
        "with eval=learned");
    game_.add_to(*command);
    add_run_flags(*command, o.seed, o.threads, o.quiet);
    command
        ->add_option("--agents", agents_text_,
                     "self-play agent specs by seat, or one for every seat (default: the "
                     "game's heuristic)")
        ->check(non_empty_value());
    command->add_option("--games", o.games, "self-play games")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 32));
    command->add_option("--every", o.every, "sample every k-th decision of a game")
        ->capture_default_str()
        ->check(CLI::Range(1, 1'000'000));
    command
        ->add_option("--held-out", o.held_out,
                     "share of the games kept out of the fit to score it, in (0, 1)")
        ->capture_default_str()
        ->check(CLI::Range(0.001, 0.999));
    command->add_option("--l2", o.l2, "L2 penalty on the weights (not the intercept)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e9));
    command
        ->add_option("--max-memory", o.max_memory_gb,
                     "GB the positions and their fit may take; a run that would need more stops "
                     "after its first games with an estimate (0: 80% of the machine's memory)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1e6));
    command->add_option("--out", o.out, "the weights file to write (TOML)")
        ->required()
        ->check(non_empty_value());
    return command;
  }
  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    if (!agents_text_.empty()) options_.agents = agent_specs(agents_text_);
    // Before any game is played, as every command's outputs.
    check_learn_options(options_);
    const OutputLocks locks = check_output(options_.out, "--out");
    return with_game(game.id, [&]<Game G>() { return run_learn<G>(options_); });
  }

 private:
  GameFlags game_;
  std::string agents_text_;
  LearnOptions options_;
};

}  // namespace

std::unique_ptr<Command> learn_command() { return std::make_unique<LearnCommand>(); }

}  // namespace nf
