// `ninefold match`: two agents on paired deals, an SPRT or a fixed number of games.
#include <fmt/format.h>

#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/run/match.hpp"
#include "experiments/run/run_limits.hpp"

namespace nf {
namespace {

class MatchCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    MatchOptions& m = options_;
    auto* command =
        app.add_subcommand("match", "two agents on paired deals: SPRT or a fixed number of games");
    game_.add_to(*command);
    add_run_flags(*command, m.seed, m.threads, m.quiet);
    command->add_option("--agents", agents_, "the two agents A,B")
        ->required()
        ->check(non_empty_value());
    command
        ->add_option("--sprt", sprt_text_,
                     "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05")
        ->check(non_empty_value());
    command
        ->add_option("--games", m.games,
                     fmt::format("games to play (with --sprt: the most before giving up) "
                                 "[default: {}, with --sprt {}]",
                                 kDefaultMatchGames, kDefaultSprtMaxGames))
        ->check(whole_number())
        ->check(CLI::Range(kMinPairedGames, kMaxGames));
    command
        ->add_option("--print-every", m.print_every, "games between two lines of the running LLR")
        ->capture_default_str()
        ->check(whole_number())
        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
    add_output_flags(*command, m.out_dir, m.report_path, "directory for match.json");
    return command;
  }
  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    options_.agents = agent_specs(agents_);
    if (!sprt_text_.empty()) options_.sprt = parse_sprt(sprt_text_);
    const OutputLocks locks = check_outputs(options_.out_dir, options_.report_path, "match");
    return run_match(game, options_);
  }

 private:
  GameFlags game_;
  std::string agents_, sprt_text_;
  MatchOptions options_;
};

}  // namespace

std::unique_ptr<Command> match_command() { return std::make_unique<MatchCommand>(); }

}  // namespace nf
