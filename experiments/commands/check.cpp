// `ninefold check`: the conformance suite on one game and config, or on every game and every
// config it declares worth checking.
#include <fmt/format.h>

#include "core/error.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/run/check.hpp"
#include "experiments/run/planted.hpp"
#include "experiments/run/run_limits.hpp"
#include "experiments/with_game.hpp"

namespace nf {
namespace {

// The conformance suite on game `id` (game-typed: it plays and checks the game's own states).
int check_game(const std::string& id, const CheckOptions& options) {
  return with_game(id, [&]<Game G>() { return run_check<G>(options); });
}

class CheckCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* chk = app.add_subcommand(
        "check",
        "conformance checks of a game: soak with invariants, replay, determinization, "
        "invariance, allocations");
    game_.add_to(*chk, /*required=*/false);
    chk->add_flag("--all", all_,
                  "every game, on its default config and every config it "
                  "declares worth checking");
    games_option_ = chk->add_option("--games", options_.games, "random games to play")
                        ->capture_default_str()
                        ->check(whole_number())
                        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
    chk->add_option("--seed", options_.seed, "master seed")
        ->capture_default_str()
        ->check(whole_number());
    chk->add_flag("--planted", planted_,
                  "self-check of the balance verdict: a copy of the game's data with one element "
                  "made much stronger and one dead; passes when the causal values call them too "
                  "strong and too weak (--games: the balance games, default the game's)");
    chk->add_option("--threads", threads_, "worker threads for --planted; 0 uses every core")
        ->check(CLI::Range(0, kMaxThreads));
    chk->add_flag("--list", list_,
                  "list every game and config `--all` checks, one per line: id key=value...");
    return chk;
  }

  int run() override {
    if (list_) return list_configs();
    if (all_ == !game_.game.empty()) throw Error("check: give either --game G or --all");
    if (planted_) {
      if (all_ || game_.game.empty()) throw Error("check --planted: give one --game");
      const GameInfo& entry = game_.entry();
      PlantedOptions p;
      p.config = game_.config();
      p.agents = agent_specs(entry.default_agent());
      p.games = games_option_->count() > 0 ? options_.games : entry.default_games;
      p.seed = options_.seed;
      p.threads = threads_;
      return run_planted(entry, p);
    }
    if (!all_) {
      options_.config = game_.config();
      return check_game(game_.game, options_);
    }
    if (!game_.config_items.empty())
      throw Error("check --all: --config applies to one --game only");
    int failed = 0, runs = 0;
    for (const GameInfo& game : game_catalog())
      for (const auto& config : game.check_configs) {
        options_.config = config;
        failed += check_game(game.id, options_) != 0;
        ++runs;
      }
    fmt::print("{} of {} game configs pass every check\n", runs - failed, runs);
    return failed ? 1 : 0;
  }

 private:
  // What `check --all` covers, one line each ("sections players=3"): for scripts and ctest.
  static int list_configs() {
    for (const GameInfo& game : game_catalog())
      for (const auto& config : game.check_configs) {
        fmt::print("{}", game.id);
        for (const auto& [key, value] : config) fmt::print(" {}={}", key, value);
        fmt::print("\n");
      }
    return 0;
  }

  GameFlags game_;
  bool all_ = false, list_ = false, planted_ = false;
  int threads_ = 0;
  CLI::Option* games_option_ = nullptr;
  CheckOptions options_;
};

}  // namespace

std::unique_ptr<Command> check_command() { return std::make_unique<CheckCommand>(); }

}  // namespace nf
