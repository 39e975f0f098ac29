#include "experiments/scale_cli.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/error.hpp"
#include "experiments/cli_values.hpp"
#include "experiments/entrant.hpp"
#include "experiments/mpi.hpp"
#include "experiments/result_folder.hpp"

namespace nf {

void add_balance_scale_options(CLI::App& bal, BalanceScaleFlags& f) {
  bal.add_option("--shard", f.shard,
                 "play only part i of n of the deals (e.g. 0/4); combine with `ninefold merge`")
      ->check(non_empty_value());
  bal.add_option("--checkpoint", f.checkpoint,
                 "save progress to this file and resume from it when it exists")
      ->check(non_empty_value());
  bal.add_option("--checkpoint-every", f.checkpoint_every, "seconds between checkpoint saves")
      ->capture_default_str()
      ->check(positive_seconds(86400.0));
  bal.add_option("--variant", f.variants,
                 "compare a rule variant (key=value[,key=value]) with the base rules on the same "
                 "deals (repeatable)")
      ->check(non_empty_value());
  bal.add_option("--ladder", f.ladder,
                 "skill ladder: an agent spec with one parameter as a list, e.g. "
                 "'heuristic(temperature=[2,1,0])'")
      ->check(non_empty_value());
  bal.add_option("--report", f.report, "write a self-contained HTML report to this file")
      ->check(non_empty_value());
}

void apply_balance_scale_options(const BalanceScaleFlags& f, BalanceOptions& o) {
  o.report_path = f.report;
  o.variants = f.variants;
  o.ladder = f.ladder;
  o.checkpoint_path = f.checkpoint;
  o.checkpoint_seconds = f.checkpoint_every;
  if (!f.shard.empty()) o.shard = parse_shard(f.shard);
  const MpiWorld world = mpi_world();
  const bool other_mode = !o.variants.empty() || !o.ladder.empty();
  if (!o.variants.empty() && !o.ladder.empty())
    throw Error("--variant and --ladder are separate experiments: give one");
  if (other_mode && (!f.shard.empty() || !f.checkpoint.empty() || world.size > 1 ||
                     !o.record_path.empty() || o.tournament))
    throw Error(
        fmt::format("{} runs on one machine: it cannot be combined with --shard, --checkpoint, "
                    "--record, --tournament or mpirun",
                    o.ladder.empty() ? "--variant" : "--ladder"));
  if (o.tournament && (!f.shard.empty() || !f.checkpoint.empty() || world.size > 1))
    throw Error(
        "--tournament runs in one process: it cannot be combined with --shard, --checkpoint or "
        "mpirun");
  if (!o.checkpoint_path.empty() && !o.record_path.empty())
    throw Error(
        "--record cannot be combined with --checkpoint (records of a resumed run would be "
        "incomplete)");
  if (world.size > 1) {
    if (!f.shard.empty())
      throw Error("--shard cannot be combined with mpirun: the ranks are the shards");
    if (!o.record_path.empty()) throw Error("--record cannot be combined with mpirun");
    o.shard = {uint64_t(world.rank), uint64_t(world.size)};
    // Each rank keeps its own checkpoint: a restart with the same -np resumes every rank.
    if (!o.checkpoint_path.empty())
      o.checkpoint_path += fmt::format(".rank{}of{}", world.rank, world.size);
    if (world.rank != 0) o.quiet = true;
  }
}

namespace {
void check_outputs(const std::string& out_dir, const std::string& report_path) {
  if (!out_dir.empty()) check_result_folder(out_dir, "--out");
  if (!report_path.empty()) check_output_file(report_path, "--report");
}
}  // namespace

void check_balance_outputs(const BalanceOptions& o) {
  // Under MPI only rank 0 writes the results.
  if (mpi_world().rank == 0) check_outputs(o.out_dir, o.report_path);
  if (!o.record_path.empty()) {
    check_output_file(o.record_path, "--record");
    // The folder is replaced whole at the end: a record inside it would be lost.
    const auto folder = std::filesystem::weakly_canonical(o.out_dir);
    const auto record = std::filesystem::weakly_canonical(o.record_path);
    if (!o.out_dir.empty() &&
        std::mismatch(folder.begin(), folder.end(), record.begin(), record.end()).first ==
            folder.end())
      throw Error(
          fmt::format("--record '{}' is inside --out '{}', which is replaced whole at the "
                      "end of the run; write the record elsewhere",
                      o.record_path, o.out_dir));
  }
  if (!o.checkpoint_path.empty()) check_output_file(o.checkpoint_path, "--checkpoint");
}

int run_balance(const GameEntry& game, const BalanceOptions& options) {
  if (!options.variants.empty()) return game.variant(options);
  if (!options.ladder.empty()) return game.ladder(options);
  return game.balance(options);
}

namespace {
std::vector<std::string> agent_specs(const std::string& text) {
  std::vector<std::string> out = split_top_level(text);
  for (const auto& spec : out)
    if (spec.empty()) throw Error(fmt::format("--agents '{}': an agent spec is empty", text));
  return out;
}
}  // namespace

ScaleCommands::ScaleCommands(CLI::App& app) {
  auto common = [&](CLI::App* c, uint64_t& seed, int& threads, bool& quiet) {
    c->add_option("--game", game_, "game id (see `ninefold games`)")->required();
    c->add_option("--config", config_items_, "game option key=value (repeatable)")
        ->check(non_empty_value());
    c->add_option("--seed", seed, "master seed")->capture_default_str()->check(whole_number());
    c->add_option("--threads", threads, "worker threads; 0 uses every core")
        ->capture_default_str()
        ->check(CLI::Range(0, 4096));
    c->add_flag("--quiet", quiet, "no progress line");
  };

  TournamentOptions& t = tournament_options_;
  tournament_ = app.add_subcommand(
      "tournament", "round robin of agents on paired deals: score matrix and Elo ratings");
  common(tournament_, t.seed, t.threads, t.quiet);
  tournament_
      ->add_option("--agents", agents_,
                   "entrants, comma-separated (two or more): agent specs, each optionally "
                   "with seat options of the game (heuristic@deck=aggro; "
                   "heuristic@deck=aggro|control is two entrants)")
      ->required()
      ->check(non_empty_value());
  tournament_->add_option("--games", t.games, "games per pair of agents (whole paired deals)")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  tournament_->add_option("--out", t.out_dir, "directory for tournament.json and CSV tables")
      ->check(non_empty_value());
  tournament_->add_option("--report", t.report_path, "write a self-contained HTML report")
      ->check(non_empty_value());

  MatchOptions& m = match_options_;
  match_ =
      app.add_subcommand("match", "two agents on paired deals: SPRT or a fixed number of games");
  common(match_, m.seed, m.threads, m.quiet);
  match_->add_option("--agents", agents_, "the two agents A,B")
      ->required()
      ->check(non_empty_value());
  match_
      ->add_option("--sprt", sprt_text_,
                   "stop when the SPRT decides: elo0=0,elo1=10,alpha=0.05,beta=0.05")
      ->check(non_empty_value());
  match_
      ->add_option("--games", m.games,
                   fmt::format("games to play (with --sprt: the most before giving up) [default: "
                               "{}, with --sprt {}]",
                               kDefaultMatchGames, kDefaultSprtMaxGames))
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  match_->add_option("--print-every", m.print_every, "games between two lines of the running LLR")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{1}, uint64_t{1} << 40));
  match_->add_option("--out", m.out_dir, "directory for match.json")->check(non_empty_value());
  match_->add_option("--report", m.report_path, "write a self-contained HTML report")
      ->check(non_empty_value());

  TuneOptions& u = tune_options_;
  tune_ = app.add_subcommand("tune",
                             "tune an agent's parameters against an opponent (NTBEA, CMA-ES, SPSA) "
                             "and confirm with an SPRT");
  common(tune_, u.seed, u.threads, u.quiet);
  tune_
      ->add_option("--agent", u.agent,
                   "agent spec with ranges [low,high] or value lists [a,b,c], e.g. "
                   "'heuristic(king=[0,6],aggression=[0,1])'")
      ->required()
      ->check(non_empty_value());
  tune_->add_option("--against", u.against, "the fixed opponent")
      ->capture_default_str()
      ->check(non_empty_value());
  tune_->add_option("--budget", u.budget, "games for the search")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  tune_
      ->add_option("--games-per-candidate", u.games_per_candidate,
                   "games per candidate evaluation (whole paired deals)")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 30));
  tune_
      ->add_option("--method", u.method,
                   "auto (CMA-ES for ranges, NTBEA when there is a list), ntbea, cmaes or spsa")
      ->capture_default_str();
  tune_->add_option("--grid", u.grid, "NTBEA: values per continuous range")
      ->capture_default_str()
      ->check(CLI::Range(2, 1000));
  tune_->add_option("--population", u.population, "candidates per round (0: the method's default)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  tune_
      ->add_option("--confirm", confirm_text_, "SPRT of the confirmation match, best against start")
      ->capture_default_str()
      ->check(non_empty_value());
  tune_->add_option("--confirm-games", u.confirm_games, "the most games of the confirmation match")
      ->capture_default_str()
      ->check(whole_number())
      ->check(CLI::Range(uint64_t{2}, uint64_t{1} << 40));
  tune_->add_flag("--no-confirm", no_confirm_, "skip the confirmation match");
  tune_->add_option("--out", u.out_dir, "directory for tune.json and best_agent.txt")
      ->check(non_empty_value());
  tune_->add_option("--report", u.report_path, "write a self-contained HTML report")
      ->check(non_empty_value());

  merge_ = app.add_subcommand(
      "merge", "add up the shards of a balance run (--shard i/n) into the whole run's result");
  merge_->add_option("files", merge_files_, "the shards' summary.json files (or their directories)")
      ->required()
      ->check(non_empty_value());
  merge_
      ->add_option("--out", merge_options_.out_dir,
                   "directory for the merged summary.json and CSV tables")
      ->check(non_empty_value());
  merge_->add_option("--report", merge_options_.report_path, "write a self-contained HTML report")
      ->check(non_empty_value());
}

int ScaleCommands::run() {
  if (merge_->parsed()) {
    check_outputs(merge_options_.out_dir, merge_options_.report_path);
    merge_options_.shards = read_shard_files(merge_files_);
    return find_game(merge_options_.shards[0].summary.at("game").get<std::string>())
        .merge(merge_options_);
  }
  if (tournament_->parsed()) {
    const GameEntry& game = find_game(game_);
    tournament_options_.agents = expand_entrants(agent_specs(agents_));
    tournament_options_.config = parse_key_values(config_items_, "--config");
    check_outputs(tournament_options_.out_dir, tournament_options_.report_path);
    return game.tournament(tournament_options_);
  }
  if (match_->parsed()) {
    const GameEntry& game = find_game(game_);
    match_options_.agents = agent_specs(agents_);
    match_options_.config = parse_key_values(config_items_, "--config");
    if (!sprt_text_.empty()) match_options_.sprt = parse_sprt(sprt_text_);
    check_outputs(match_options_.out_dir, match_options_.report_path);
    return game.match(match_options_);
  }
  if (tune_->parsed()) {
    const GameEntry& game = find_game(game_);
    tune_options_.config = parse_key_values(config_items_, "--config");
    tune_options_.confirm = parse_sprt(confirm_text_);
    tune_options_.confirm_match = !no_confirm_;
    check_outputs(tune_options_.out_dir, tune_options_.report_path);
    return game.tune(tune_options_);
  }
  return -1;
}

}  // namespace nf
