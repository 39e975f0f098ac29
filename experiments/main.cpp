// The `ninefold` command line: one binary, one subcommand per job.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/record.hpp"
#include "experiments/cli_values.hpp"
#include "experiments/fit_cli.hpp"
#include "experiments/mpi.hpp"
#include "experiments/registry.hpp"
#include "experiments/scale_cli.hpp"

namespace nf {
namespace {

std::vector<std::string> agent_list(const std::string& text) {
  std::vector<std::string> out = split_top_level(text);
  for (const auto& spec : out)
    if (spec.empty()) throw Error(fmt::format("--agents '{}': an agent spec is empty", text));
  return out;
}

void print_schema(const ParamSchema& schema, const char* indent) {
  for (const ParamSpec& p : schema)
    fmt::print("{}{}={}  ({}) {}\n", indent, p.name, p.default_value, p.describe_range(), p.help);
}

// The game's heuristic when it has one, otherwise random play.
std::string default_agent(const GameEntry& game) {
  for (const AgentListing& agent : game.agents())
    if (agent.name == "heuristic") return agent.name;
  return "random";
}

int list_games() {
  for (const GameEntry& g : game_registry()) {
    fmt::print("{:<12} {} players  {}\n", g.id, g.players, g.description);
    if (!g.config_schema.empty()) fmt::print("  config options (--config key=value):\n");
    print_schema(g.config_schema, "    ");
  }
  return 0;
}

int list_agents(const std::string& game) {
  for (const GameEntry& g : game_registry()) {
    if (!game.empty() && g.id != game) continue;
    fmt::print("{}:\n", g.id);
    for (const AgentListing& a : g.agents()) {
      fmt::print("  {:<10} {}\n", a.name, a.description);
      print_schema(a.schema, "      ");
    }
  }
  return 0;
}

// What `check --all` covers, one line each ("sections players=3"): for scripts and ctest.
int list_check_configs() {
  for (const GameEntry& game : game_registry())
    for (const auto& config : game.check_configs) {
      fmt::print("{}", game.id);
      for (const auto& [key, value] : config) fmt::print(" {}={}", key, value);
      fmt::print("\n");
    }
  return 0;
}

// `ninefold check`: one game and config, or every game on every config it declares.
int run_checks(const std::string& game_id, bool all, const std::vector<std::string>& config_items,
               CheckOptions options) {
  if (all == !game_id.empty()) throw Error("check: give either --game G or --all");
  if (!all) {
    options.config = parse_key_values(config_items, "--config");
    return find_game(game_id).check(options);
  }
  if (!config_items.empty()) throw Error("check --all: --config applies to one --game only");
  int failed = 0, runs = 0;
  for (const GameEntry& game : game_registry())
    for (const auto& config : game.check_configs) {
      options.config = config;
      failed += game.check(options) != 0;
      ++runs;
    }
  fmt::print("{} of {} game configs pass every check\n", runs - failed, runs);
  return failed ? 1 : 0;
}

int run(int argc, char** argv) {
  CLI::App app{"ninefold: balance experiments and game-playing agents for five tabletop games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(kEngineVersion));

  auto* games = app.add_subcommand("games", "list the games and their config options");

  std::string agents_game;
  auto* agents = app.add_subcommand("agents", "list the agents and their parameters");
  agents->add_option("--game", agents_game, "only this game's agents");

  std::string game_id, agents_text;  // default: the game's heuristic, or random if it has none
  std::vector<std::string> config_items;
  BalanceOptions balance;
  auto* bal =
      app.add_subcommand("balance", "play many games in parallel and report balance statistics");
  bal->add_option("--game", game_id, "game id (see `ninefold games`)")->required();
  bal->add_option("--agents", agents_text,
                  "agent specs by seat, comma-separated, or one for all seats (default: heuristic)")
      ->check(non_empty_value());
  bal->add_option("--config", config_items, "game option key=value (repeatable)")
      ->check(non_empty_value());
  auto* games_option =
      bal->add_option("--games", balance.games,
                      "games to play, rounded up to whole paired deals (default: per game)");
  games_option->check(whole_number())->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  bal->add_option("--seed", balance.seed, "master seed")
      ->capture_default_str()
      ->check(whole_number());
  bal->add_option("--threads", balance.threads, "worker threads; 0 uses every core")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  bal->add_option("--out", balance.out_dir,
                  "directory for summary.json and CSV tables (default results/<game>)")
      ->check(non_empty_value());
  bool unpaired = false;
  bal->add_flag("--unpaired", unpaired,
                "deal every game afresh instead of replaying each deal in every seat order");
  bal->add_option("--record", balance.record_path, "write game records (JSON Lines) to this file")
      ->check(non_empty_value());
  bal->add_option("--record-every", balance.record_every, "record every K-th game")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  bal->add_flag("--quiet", balance.quiet, "no progress line");
  bal->add_flag("--tournament", balance.tournament,
                "also score matches: each deal in every seat order, match points summed (games "
                "that define match points)");
  uint64_t decisiveness_games = 0;
  auto* decisiveness_option =
      bal->add_option(
             "--decisiveness-games", decisiveness_games,
             "about this many games get the Decisiveness metric (random-playout state values); 0 "
             "skips it (default: as many as take about a tenth of the run's time)")
          ->check(whole_number());
  bal->add_option("--decisiveness-playouts", balance.decisiveness_playouts,
                  "random playouts per state for Decisiveness")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  BalanceScaleFlags balance_scale;
  add_balance_scale_options(*bal, balance_scale);

  PlayOptions play;
  auto* ply = app.add_subcommand("play", "play one game and print every decision");
  ply->add_option("--game", game_id, "game id")->required();
  ply->add_option("--agents", agents_text,
                  "agent specs by seat ('human' plays at the terminal; default: heuristic)")
      ->check(non_empty_value());
  ply->add_option("--config", config_items, "game option key=value (repeatable)")
      ->check(non_empty_value());
  ply->add_option("--seed", play.seed, "seed")->capture_default_str()->check(whole_number());
  ply->add_flag("--show-hidden", play.show_hidden, "show the full state even to a human seat");
  ply->add_option("--render-every", play.render_every,
                  "show the state after every K-th decision only (and at the end)")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));

  ReplayOptions replay;
  auto* rep = app.add_subcommand("replay", "re-run a recorded game and check its result");
  rep->add_option("file", replay.path, "JSON Lines file of game records")
      ->required()
      ->check(non_empty_value());
  rep->add_option("--index", replay.index, "record number, from 0")
      ->capture_default_str()
      ->check(whole_number());
  rep->add_flag("--show", replay.show, "print every step");

  CheckOptions check;
  bool check_all = false;
  auto* chk = app.add_subcommand(
      "check",
      "conformance checks of a game: soak with invariants, replay, determinization, "
      "invariance, allocations");
  chk->add_option("--game", game_id, "game id")->check(non_empty_value());
  chk->add_flag("--all", check_all,
                "every game, on its default config and every config it "
                "declares worth checking");
  chk->add_option("--config", config_items, "game option key=value (repeatable)");
  chk->add_option("--games", check.games, "random games to play")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 32));
  chk->add_option("--seed", check.seed, "master seed")
      ->capture_default_str()
      ->check(whole_number());
  bool check_list = false;
  chk->add_flag("--list", check_list,
                "list every game and config `--all` checks, one per line: id key=value...");

  ScaleCommands scale(app);  // tournament, match, tune, merge
  FitCommand fit(app);

  // CLI11 would answer an unknown command with "A subcommand is required": name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* command : app.get_subcommands({})) names.push_back(command->get_name());
    if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
      fmt::print(stderr, "ninefold: error: unknown command '{}' (commands: {})\n", argv[1],
                 fmt::join(names, ", "));
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "ninefold: error: {}\n", e.what());
    return 2;
  }

  if (games->parsed()) return list_games();
  if (agents->parsed()) {
    if (!agents_game.empty()) find_game(agents_game);
    return list_agents(agents_game);
  }
  if (bal->parsed()) {
    const GameEntry& game = find_game(game_id);
    balance.agents = agent_list(agents_text.empty() ? default_agent(game) : agents_text);
    balance.config = parse_key_values(config_items, "--config");
    balance.paired = !unpaired;
    if (balance.out_dir.empty()) balance.out_dir = "results/" + game.id;
    if (games_option->count() == 0) balance.games = game.default_games;
    if (decisiveness_option->count() > 0) balance.decisiveness_games = decisiveness_games;
    apply_balance_scale_options(balance_scale, balance);
    check_balance_outputs(balance);
    return run_balance(game, balance);
  }
  if (ply->parsed()) {
    const GameEntry& game = find_game(game_id);
    play.agents = agent_list(agents_text.empty() ? default_agent(game) : agents_text);
    play.config = parse_key_values(config_items, "--config");
    return game.play(play);
  }
  if (chk->parsed() && check_list) return list_check_configs();
  if (chk->parsed()) return run_checks(game_id, check_all, config_items, check);
  if (rep->parsed()) {
    const GameRecord record = read_record(replay.path, replay.index);
    return find_game(record.game).replay(replay, record);
  }
  if (const int code = scale.run(); code >= 0) return code;
  if (const int code = fit.run(); code >= 0) return code;
  return 2;
}

}  // namespace
}  // namespace nf

namespace {
// Under mpirun a failing rank names itself and ends the others, which would wait for it.
int fail(int code, const char* kind, const char* what) {
  std::fflush(stdout);
  const nf::MpiWorld world = nf::mpi_world();
  if (world.size > 1) {
    fmt::print(stderr, "ninefold: {} (rank {} of {}): {}\n", kind, world.rank, world.size, what);
    nf::mpi_abort(code);
  }
  fmt::print(stderr, "ninefold: {}: {}\n", kind, what);
  return code;
}
}  // namespace

int main(int argc, char** argv) {
  nf::mpi_start(argc, argv);
  int code = 0;
  try {
    code = nf::run(argc, argv);
  } catch (const nf::Error& e) {
    code = fail(1, "error", e.what());
  } catch (const std::exception& e) {
    code = fail(3, "internal error", e.what());
  }
  nf::mpi_stop();
  return code;
}
