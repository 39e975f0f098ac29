// `ninefold play` and `ninefold replay`: one game, decision by decision.
#include "experiments/run/play.hpp"
#include "core/record.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/run/replay.hpp"
#include "experiments/with_game.hpp"

namespace nf {
namespace {

class PlayCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* ply = app.add_subcommand("play", "play one game and print every decision");
    game_.add_to(*ply);
    ply->add_option("--agents", agents_,
                    "agent specs by seat ('human' plays at the terminal; default: heuristic)")
        ->check(non_empty_value());
    ply->add_option("--seed", options_.seed, "seed")->capture_default_str()->check(whole_number());
    ply->add_flag("--show-hidden", options_.show_hidden,
                  "show the full state even to a human seat");
    ply->add_option("--render-every", options_.render_every,
                    "show the state after every K-th decision only (and at the end)")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
    ply->add_flag("--observations", options_.observations,
                  "after every state shown, print what each seat observes in it");
    return ply;
  }
  int run() override {
    const GameInfo& game = game_.resolve(options_.config);
    options_.agents = agent_specs(agents_.empty() ? game.default_agent() : agents_);
    return with_game(game.id, [&]<Game G>() { return run_play<G>(options_); });
  }

 private:
  GameFlags game_;
  std::string agents_;
  PlayOptions options_;
};

class ReplayCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* rep = app.add_subcommand("replay", "re-run a recorded game and check its result");
    rep->add_option("file", options_.path, "JSON Lines file of game records")
        ->required()
        ->check(non_empty_value());
    rep->add_option("--index", options_.index, "record number, from 0")
        ->capture_default_str()
        ->check(whole_number());
    rep->add_flag("--show", options_.show, "print every step");
    return rep;
  }
  int run() override {
    const GameRecord record = read_record(options_.path, options_.index);
    return with_game(find_game(record.game).id,
                     [&]<Game G>() { return run_replay<G>(options_, record); });
  }

 private:
  ReplayOptions options_;
};

}  // namespace

std::unique_ptr<Command> play_command() { return std::make_unique<PlayCommand>(); }
std::unique_ptr<Command> replay_command() { return std::make_unique<ReplayCommand>(); }

}  // namespace nf
