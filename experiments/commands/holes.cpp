// `ninefold holes`: where a player's decisions differ from a search's, and what they cost
// (experiments/run/holes_tally.hpp).
#include <fmt/format.h>

#include <chrono>

#include <nlohmann/json.hpp>

#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/report/html.hpp"
#include "experiments/run/holes.hpp"
#include "experiments/run/run_limits.hpp"
#include "experiments/with_game.hpp"

namespace nf {
namespace {

class HolesCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* command = app.add_subcommand(
        "holes",
        "where a player's moves differ from a search's on the same states, and their cost");
    game_.add_to(*command);
    command
        ->add_option("--agent", options_.player,
                     "the player judged, on every seat "
                     "[default: the game's heuristic]")
        ->check(non_empty_value());
    command
        ->add_option("--search", options_.search,
                     "the search that judges it (ismcts, mcts or "
                     "flatmc, with options)")
        ->capture_default_str()
        ->check(non_empty_value());
    command->add_option("--games", options_.games, "games to play (game g is `play --seed SEED+g`)")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 32));
    command->add_option("--seed", options_.seed, "seed of the first game")->capture_default_str();
    command->add_option("--threads", options_.threads, "games played at once (0: every core)")
        ->capture_default_str()
        ->check(CLI::Range(0, kMaxThreads));
    command
        ->add_option("--value", value_,
                     "how the two moves are valued: 'continuations' (each followed by the player's "
                     "own play) or 'search' (a second search's root values)")
        ->capture_default_str()
        ->check(CLI::IsMember({"continuations", "search"}));
    command
        ->add_option("--continuations", options_.continuations,
                     "--value continuations: paired playouts after each move")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 20));
    command
        ->add_option("--min-visits", options_.min_visits,
                     "--value search: a move the search visited fewer times gets no regret (it is "
                     "counted as left out)")
        ->capture_default_str()
        ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
    command->add_option("--top", options_.top, "the costliest decisions listed")
        ->capture_default_str()
        ->check(CLI::Range(size_t{0}, size_t{10000}));
    add_output_flags(*command, out_dir_, report_path_, "directory for holes.json");
    return command;
  }

  int run() override {
    const GameInfo& info = game_.resolve(options_.config);
    if (options_.player.empty()) options_.player = info.default_agent();
    options_.value = value_ == "search" ? ValueBy::Search : ValueBy::Continuations;
    const OutputLocks locks = check_outputs(out_dir_, report_path_, "holes");
    const auto start = std::chrono::steady_clock::now();
    const std::vector<GameHoles> games =
        with_game(info.id, [&]<Game G>() { return find_holes<G>(options_); });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const nlohmann::json summary = holes_summary(info.id, options_, games, seconds);
    print_holes(summary);
    publish_summary(summary, out_dir_, "holes.json", report_path_, holes_html);
    return 0;
  }

 private:
  GameFlags game_;
  HolesOptions options_{.search = "ismcts"};
  std::string value_ = "continuations";
  std::string out_dir_, report_path_;
};

}  // namespace

std::unique_ptr<Command> holes_command() { return std::make_unique<HolesCommand>(); }

}  // namespace nf
