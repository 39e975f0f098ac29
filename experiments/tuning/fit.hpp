// `ninefold fit`: searches a game's numeric rules and data for the change that brings chosen
// balance measures to their targets, then proves the result on fresh deals.
//
// The objective of a candidate design is, summed over the player levels (--agents, repeatable)
// and the settings it must hold in (--setting, repeatable: map=crossing, players=3),
// the weighted squared distance of every target measure from its value, plus --keep-close W
// times the distance of the design from the original (each parameter's change as a share of
// its range, added up: one small change costs less than many). Every candidate of a search
// round plays the same deals with the same agent seeds (common random numbers). The
// confirmation plays the original and the fitted design on the same fresh deals, from a seed
// the search never uses, and compares every statistic deal by deal where it can
// (experiments/run/variant.hpp). A level with the same agent at every seat plays every game on a
// deal of its own (replaying a deal with identical agents rotated only repeats it). Results
// depend on the seed only, never on the thread count.
#pragma once

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/game_hooks.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/report/temporaries.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/variant.hpp"
#include "experiments/tuning/fit_measures.hpp"
#include "experiments/tuning/fit_search.hpp"
#include "experiments/tuning/fit_space.hpp"

namespace nf {

struct FitOptions {
  std::map<std::string, std::string> config;  // the original design's config
  std::vector<std::string> levels;            // agent lineups, each as balance's --agents
  // Situations the design must also hold in, each a few config changes ("map=crossing"); the
  // objective sums over every situation and level. Empty: the config alone.
  std::vector<std::string> settings;
  std::string targets, free;           // --target and --free, as written
  uint64_t budget = 20000;             // games for the search
  uint64_t games_per_candidate = 400;  // per player level
  uint64_t confirm_games = 4000;       // per player level and design
  double keep_close = 0;
  std::string method = "auto";
  int grid = 9;
  int population = 0;
  uint64_t seed = 1;
  int threads = 0;
  bool quiet = false;
  std::string out_dir, report_path, checkpoint_path;
};

// The deals of search round `round` and of the confirmation: disjoint seed streams.
uint64_t fit_search_seed(uint64_t seed, uint64_t round);
uint64_t fit_confirmation_seed(uint64_t seed);

// Writes the data files of a design (values of `params`) as modified copies into `dir`,
// named <option><suffix>.toml, and returns the config changes that select the design.
std::map<std::string, std::string> fit_design(const std::vector<FreeParam>& params,
                                              const std::vector<double>& values,
                                              const std::map<std::string, DataFile>& files,
                                              const std::filesystem::path& dir,
                                              const std::string& suffix);
// The penalty of --keep-close: W times the sum of |change| / range.
double keep_close_penalty(const std::vector<FreeParam>& params, const std::vector<double>& values,
                          double weight);
// Weighted squared distance of measured values from the targets.
double target_distance(const std::vector<FitTarget>& targets, const std::vector<double>& measured);

// A scratch directory of this process for candidates' data files, removed with the object or
// when SIGINT or SIGTERM ends the process; one left by a killed process is removed by the
// next fit on this host.
class ScratchDirectory {
 public:
  ScratchDirectory();
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::unique_ptr<TrackedTemporary> tracked_;
};

// Everything a fit found, as fit.json holds it, and its text.
struct FitLevelConfirmation {
  std::string level;    // the lineup
  std::string setting;  // the situation's config changes, "" for none
  VariantRun original, fitted;
};
nlohmann::json fit_json(const FitOptions& options, const std::vector<FreeParam>& params,
                        const std::vector<FitTarget>& targets, const std::vector<Measure>& measures,
                        const FitSearchResult& search,
                        const std::map<std::string, std::string>& fitted,
                        const std::vector<FitLevelConfirmation>& confirmation);
void print_fit(const nlohmann::json& summary, std::FILE* out);

template <Game G>
DataFile read_data_file(const ParamSet& config, const std::string& option) {
  const std::string& value = config.text(option);
  if (std::filesystem::is_regular_file(value)) {
    std::ifstream in(value, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw Error(fmt::format("cannot read the {} file '{}'", option, value));
    return {option, value, text.str()};
  }
  if constexpr (HasShippedData<G>) {
    return {option, fmt::format("{}={}", option, value), G::data_file_text(option, value)};
  } else {
    throw Error(fmt::format(
        "--free: the config option {}={} is not a readable file and game '{}' ships no data "
        "under that name; give --config {}=PATH",
        option, value, G::kId, option));
  }
}

template <Game G>
int fit_command(const FitOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  if (options.levels.empty()) throw Error("fit: give at least one player level with --agents");
  // The outputs, before anything is played.
  const std::string out_dir =
      options.out_dir.empty() ? fmt::format("results/fit-{}", G::kId) : options.out_dir;
  check_distinct_outputs({{"--out", out_dir, true},
                          {"--report", options.report_path},
                          {"--checkpoint", options.checkpoint_path}});
  check_result_folder(out_dir, "--out");
  if (!options.report_path.empty()) check_output_file(options.report_path, "--report");
  if (!options.checkpoint_path.empty()) check_output_file(options.checkpoint_path, "--checkpoint");
  if (!(options.keep_close >= 0 && options.keep_close <= 1e9))  // NaN fails both
    throw Error(fmt::format("--keep-close {}: give a number from 0 to 1e9", options.keep_close));
  const std::vector<FitTarget> targets = parse_target_list(options.targets);
  std::map<std::string, DataFile> files;
  std::vector<FreeParam> params;
  for (const FreeRange& range : parse_free_list(options.free))
    params.push_back(
        resolve_free(range, G::config_schema(), config, files,
                     [&](const std::string& o) { return read_data_file<G>(config, o); }));

  const int threads = options.threads > 0 ? options.threads : int(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  // The conditions: every level in every setting.
  struct Condition {
    std::string level, setting;
    std::map<std::string, std::string> changes;
  };
  std::vector<Condition> conditions;
  for (const std::string& setting :
       options.settings.empty() ? std::vector<std::string>{""} : options.settings) {
    const auto changes = setting.empty() ? std::map<std::string, std::string>{}
                                         : parse_key_values({setting}, "--setting");
    for (const auto& [key, value] : changes)
      if (options.config.count(key))
        throw Error(fmt::format(
            "--setting '{}': '{}' is also set by --config; a setting changes the base design, "
            "so give it in one place",
            setting, key));
    for (const auto& [key, value] : changes)
      for (const FreeParam& p : params)
        if (p.option == key)
          throw Error(
              fmt::format("--setting '{}': '{}' is a free parameter's option", setting, key));
    for (const std::string& level : options.levels) conditions.push_back({level, setting, changes});
  }
  const auto level_options = [&](const Condition& c, uint64_t games, uint64_t seed) {
    BalanceOptions o;
    o.agents = split_top_level(c.level);
    o.config = options.config;
    for (const auto& [key, value] : c.changes) o.config[key] = value;
    o.games = games;
    o.seed = seed;
    o.threads = threads;
    o.quiet = true;
    // Pairing replays a deal with the agents rotated over the seats: with one agent at every
    // seat that only repeats the deal, so such a level plays every game on a deal of its own.
    o.paired = std::any_of(o.agents.begin(), o.agents.end(),
                           [&](const std::string& a) { return a != o.agents.front(); });
    o.decisiveness_games = 0;
    return o;
  };
  // The measures, resolved against the original design (agents and settings checked on the way).
  std::vector<Measure> measures;
  for (const Condition& c : conditions) {
    const BalanceOptions o = level_options(c, 1, 1);
    std::unique_ptr<ParamSet> set;
    std::unique_ptr<G> situation;
    try {
      set = std::make_unique<ParamSet>(G::config_schema(), o.config,
                                       fmt::format("game '{}' config", G::kId));
      situation = std::make_unique<G>(*set);
    } catch (const Error& e) {
      throw Error(fmt::format("--setting '{}': {}", c.setting, e.what()));
    }
    const BalanceRun<G> shape(*situation, *set, o);
    if (measures.empty())
      for (const FitTarget& t : targets)
        measures.push_back(resolve_measure(t.measure, shape.report()));
  }
  // One value per measure: two targets of one measure contradict or repeat each other.
  for (size_t a = 0; a < measures.size(); ++a)
    for (size_t b = a + 1; b < measures.size(); ++b)
      if (measures[a].name == measures[b].name)
        throw Error(
            fmt::format("--target: '{}' and '{}' are targets of the same measure '{}'; "
                        "give one",
                        targets[a].text, targets[b].text, measures[a].name));

  // Every range's ends must give a valid design: the game's own checks, named by --free item.
  ScratchDirectory scratch;
  std::vector<double> original;
  for (const FreeParam& p : params) original.push_back(p.snap(p.original));
  const auto build = [&](const std::vector<double>& values, const std::string& suffix,
                         const Condition& c) {
    auto changed = options.config;
    for (const auto& [k, v] : c.changes) changed[k] = v;
    for (const auto& [k, v] : fit_design(params, values, files, scratch.path(), suffix))
      changed[k] = v;
    auto set = std::make_unique<ParamSet>(G::config_schema(), changed,
                                          fmt::format("game '{}' candidate", G::kId));
    auto built = std::make_unique<G>(*set);
    return std::make_pair(std::move(set), std::move(built));
  };
  for (size_t i = 0; i < params.size(); ++i)
    for (const double end : {params[i].low, params[i].high}) {
      std::vector<double> values = original;
      values[i] = params[i].snap(end);
      try {
        for (const Condition& c : conditions) build(values, "-check", c);
      } catch (const Error& e) {
        throw Error(fmt::format("--free '{}={}..{}': the design with {}={} is not valid: {}",
                                params[i].name, params[i].format(params[i].low),
                                params[i].format(params[i].high), params[i].name,
                                params[i].format(end), e.what()));
      }
    }

  const uint64_t levels = conditions.size();  // every level in every setting
  const uint64_t per_candidate = std::max<uint64_t>(2, options.games_per_candidate);
  const FitObjective objective = [&](const std::vector<std::vector<double>>& candidates,
                                     uint64_t round) {
    // One game object per candidate and condition (a setting may change the config).
    std::vector<std::pair<std::unique_ptr<ParamSet>, std::unique_ptr<G>>> designs;
    for (size_t k = 0; k < candidates.size(); ++k)
      for (const Condition& c : conditions)
        designs.push_back(build(candidates[k], fmt::format("-{}", k), c));
    std::vector<double> parts(candidates.size() * levels);
    tbb::parallel_for(size_t{0}, parts.size(), [&](size_t job) {
      BalanceRun<G> run(*designs[job].second, *designs[job].first,
                        level_options(conditions[job % levels], per_candidate,
                                      fit_search_seed(options.seed, round)));
      BalanceAccumulator totals = run.empty_accumulator();
      run.run_chunks(0, run.chunk_count(), [&](uint64_t, auto& chunk) {
        totals.merge(chunk.totals);
        return true;
      });
      std::vector<double> measured;
      for (const Measure& m : measures)
        measured.push_back(measure_value(m, run.report(), totals).estimate);
      parts[job] = target_distance(targets, measured);
    });
    std::vector<double> out;
    for (size_t k = 0; k < candidates.size(); ++k) {
      double sum = keep_close_penalty(params, candidates[k], options.keep_close);
      for (uint64_t l = 0; l < levels; ++l) sum += parts[k * levels + l];
      out.push_back(sum);
    }
    return out;
  };

  std::vector<std::string> free_names;
  for (const FreeParam& p : params)
    free_names.push_back(fmt::format("{}={}..{}", p.name, p.format(p.low), p.format(p.high)));
  FitSearchSettings settings;
  settings.method = options.method;
  settings.grid = options.grid;
  settings.population = options.population;
  if (options.budget < per_candidate * levels)
    throw Error(fmt::format(
        "--budget {} is less than the games of one candidate design ({} per candidate x {} "
        "player levels and settings = {}); give at least {}",
        options.budget, per_candidate, levels, per_candidate * levels, per_candidate * levels));
  settings.evaluations = options.budget / (per_candidate * levels);
  settings.seed = derive_seed(options.seed, 0, Stream::Search);
  settings.checkpoint_path = options.checkpoint_path;
  settings.progress = !options.quiet && stderr_is_terminal();
  settings.identity = {{"game", std::string(G::kId)},
                       {"config", config.to_json()},
                       {"levels", options.levels},
                       {"settings", options.settings},
                       {"targets", options.targets},
                       {"free", free_names},
                       {"data",
                        [&] {
                          nlohmann::json d = nlohmann::json::object();
                          for (const auto& [option, file] : files) d[option] = file.text;
                          return d;
                        }()},
                       {"budget", options.budget},
                       {"games_per_candidate", per_candidate},
                       {"keep_close", options.keep_close},
                       {"method", options.method},
                       {"grid", options.grid},
                       {"population", options.population},
                       {"seed", options.seed}};
  const FitSearchResult search = fit_search(params, objective, settings);

  // Both designs on fresh deals at every level. The confirmation reads the fitted data files
  // from the scratch folder; the output folder gets its own copies when it is written, all at
  // once, at the end.
  const std::map<std::string, std::string> trial =
      fit_design(params, search.best, files, scratch.path(), "-fitted");
  std::vector<FitLevelConfirmation> confirmation;
  for (const Condition& c : conditions) {
    const BalanceOptions o =
        level_options(c, options.confirm_games, fit_confirmation_seed(options.seed));
    confirmation.push_back({c.level, c.setting, play_variant<G>(o, {}), play_variant<G>(o, trial)});
  }
  std::map<std::string, std::string> fitted = trial;
  for (auto& [option, value] : fitted)
    if (files.count(option)) value = (std::filesystem::path(out_dir) / (option + ".toml")).string();
  nlohmann::json summary =
      fit_json(options, params, targets, measures, search, fitted, confirmation);
  summary["game"] = std::string(G::kId);
  summary["config"] = config.to_json();
  print_fit(summary, stdout);
  publish_summary(summary, out_dir, "fit.json", options.report_path,
                  [&](const std::filesystem::path& staging) {
                    fit_design(params, search.best, files, staging, "");
                  });
  return 0;
}

}  // namespace nf
