#include "experiments/tuning/fit.hpp"
#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <fstream>
#include <memory>
#include <sstream>
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/output_lock.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/report/temporaries.hpp"
#include "experiments/run/variant.hpp"

#include <unistd.h>

#include <cmath>

#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "stats/multiple_testing.hpp"

namespace nf {
namespace {

constexpr double kFdr = 0.05;

// A parameter's value as JSON: an integer for an integer parameter.
nlohmann::json typed(const FreeParam& p, double v) {
  return p.integer ? nlohmann::json(std::llround(v)) : nlohmann::json(v);
}

nlohmann::json values_json(const std::vector<FreeParam>& params, const std::vector<double>& v) {
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < params.size(); ++i) out[params[i].name] = typed(params[i], v[i]);
  return out;
}

// Mean objective of the search's evaluations of `values` (null when never evaluated).
nlohmann::json search_objective(const FitSearchResult& search, const std::vector<double>& values) {
  int n = 0;
  const double mean = search.mean_objective(values, &n);
  if (n == 0) return nullptr;
  return {{"mean", mean}, {"evaluations", n}};
}

std::vector<double> estimates(const std::vector<Measure>& measures, const BalanceReport& report) {
  std::vector<double> out;
  for (const Measure& m : measures) out.push_back(measure_value(m, report, report.totals).estimate);
  return out;
}

std::string number(const nlohmann::json& j) {
  return j.is_number() ? fmt::format("{:.3g}", j.get<double>()) : "-";
}

}  // namespace

uint64_t fit_search_seed(uint64_t seed, uint64_t round) {
  return derive_seed(seed, round, Stream::Search, 1);
}
uint64_t fit_confirmation_seed(uint64_t seed) { return derive_seed(seed, 0, Stream::Misc, 2); }

std::map<std::string, std::string> fit_design(const std::vector<FreeParam>& params,
                                              const std::vector<double>& values,
                                              const std::map<std::string, DataFile>& files,
                                              const std::filesystem::path& dir,
                                              const std::string& suffix) {
  std::map<std::string, std::string> changes;
  std::map<std::string, std::string> texts;
  for (size_t i = 0; i < params.size(); ++i) {
    const FreeParam& p = params[i];
    if (!p.in_data_file()) {
      changes[p.option] = p.format(values[i]);
      continue;
    }
    const DataFile& file = files.at(p.option);
    if (!texts.count(p.option)) texts[p.option] = file.text;
    texts[p.option] = with_toml_number(texts[p.option], file.source, p.field, p.format(values[i]));
  }
  for (const auto& [option, text] : texts) {
    const std::filesystem::path path = dir / (option + suffix + ".toml");
    write_file_atomically(path, text);
    changes[option] = path.string();
  }
  return changes;
}

double keep_close_penalty(const std::vector<FreeParam>& params, const std::vector<double>& values,
                          double weight) {
  if (weight == 0) return 0;
  double distance = 0;
  for (size_t i = 0; i < params.size(); ++i)
    distance += std::abs(values[i] - params[i].original) / (params[i].high - params[i].low);
  return weight * distance;
}

double target_distance(const std::vector<FitTarget>& targets, const std::vector<double>& measured) {
  double sum = 0;
  for (size_t t = 0; t < targets.size(); ++t) {
    const double d = measured[t] - targets[t].value;
    sum += targets[t].weight * d * d;
  }
  return sum;
}

ScratchDirectory::ScratchDirectory() {
  const std::filesystem::path name = std::filesystem::temp_directory_path() / "ninefold-fit";
  remove_stale_temporaries(name);
  path_ = temporary_beside(name);
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  ensure_directory(path_);
  tracked_ = std::make_unique<TrackedTemporary>(path_);
}

ScratchDirectory::~ScratchDirectory() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

nlohmann::json fit_json(const FitOptions& options, const std::vector<FreeParam>& params,
                        const std::vector<FitTarget>& targets, const std::vector<Measure>& measures,
                        const FitSearchResult& search,
                        const std::map<std::string, std::string>& fitted,
                        const std::vector<FitLevelConfirmation>& confirmation) {
  std::vector<double> original;
  for (const FreeParam& p : params) original.push_back(p.snap(p.original));
  nlohmann::json free = nlohmann::json::array();
  for (size_t i = 0; i < params.size(); ++i) {
    const FreeParam& p = params[i];
    free.push_back({{"name", p.name},
                    {"option", p.option},
                    {"field", p.field},
                    {"integer", p.integer},
                    {"range", {typed(p, p.low), typed(p, p.high)}},
                    {"original", typed(p, p.original)},
                    {"fitted", typed(p, search.best[i])}});
  }
  nlohmann::json target_list = nlohmann::json::array();
  for (size_t t = 0; t < targets.size(); ++t)
    target_list.push_back({{"measure", measures[t].name},
                           {"value", targets[t].value},
                           {"weight", targets[t].weight}});
  nlohmann::json rounds = nlohmann::json::array();
  for (size_t i = 0; i < search.rounds.size(); ++i) {
    const FitRound& r = search.rounds[i];
    nlohmann::json candidates = nlohmann::json::array();
    for (size_t k = 0; k < r.candidates.size(); ++k)
      candidates.push_back(
          {{"values", values_json(params, r.candidates[k])}, {"objective", r.objectives[k]}});
    rounds.push_back({{"round", r.round},
                      {"selection", r.selection},
                      {"candidates", candidates},
                      {"best_so_far", search.best_seen_after(i)},
                      {"recommendation", values_json(params, r.recommendation)}});
  }
  // The config line that selects the fitted design: only what changed.
  std::vector<std::string> line;
  for (const auto& [option, value] : options.config)
    if (!fitted.count(option)) line.push_back(fmt::format("--config {}={}", option, value));
  for (const auto& [option, value] : fitted) {
    bool changed = false;
    for (size_t i = 0; i < params.size(); ++i)
      changed |= params[i].option == option &&
                 (params[i].in_data_file() || search.best[i] != params[i].original);
    if (changed) line.push_back(fmt::format("--config {}={}", option, value));
  }

  nlohmann::json levels = nlohmann::json::array();
  double objective_original = 0,
         objective_fitted = keep_close_penalty(params, search.best, options.keep_close);
  for (const FitLevelConfirmation& c : confirmation) {
    nlohmann::json rows = nlohmann::json::array();
    for (size_t t = 0; t < targets.size(); ++t)
      rows.push_back({{"measure", measures[t].name},
                      {"target", targets[t].value},
                      {"original", interval_to_json(measure_value(measures[t], c.original.report,
                                                                  c.original.report.totals))},
                      {"fitted", interval_to_json(measure_value(measures[t], c.fitted.report,
                                                                c.fitted.report.totals))}});
    const double o = target_distance(targets, estimates(measures, c.original.report));
    const double f = target_distance(targets, estimates(measures, c.fitted.report));
    objective_original += o;
    objective_fitted += f;
    levels.push_back({{"agents", c.level},
                      {"setting", c.setting},
                      {"games", c.original.report.totals.games},
                      {"targets", rows},
                      {"distance", {{"original", o}, {"fitted", f}}},
                      {"differences", variant_differences(c.original, c.fitted)}});
  }
  return {
      {"command", "fit"},
      {"seed", options.seed},
      {"levels", options.levels},
      {"settings", options.settings},
      {"targets", target_list},
      {"free", free},
      {"keep_close", options.keep_close},
      {"method", search.method},
      {"evaluations", search.evaluations},
      {"games_per_candidate", std::max<uint64_t>(2, options.games_per_candidate)},
      {"search_games", search.evaluations * options.levels.size() *
                           std::max<size_t>(1, options.settings.size()) *
                           std::max<uint64_t>(2, options.games_per_candidate)},
      {"resumed_rounds", search.resumed_rounds},
      {"objective",
       "sum over player levels of the weighted squared distances of the target measures from "
       "their values, plus keep_close times the sum of each parameter's change as a share of its "
       "range"},
      {"common_random_numbers",
       "every candidate of a round plays the round's deals with the round's agent seeds"},
      {"best",
       {{"values", values_json(params, search.best)},
        {"text", values_text(params, search.best)},
        {"config_line", fmt::format("{}", fmt::join(line, " "))},
        {"search_objective", search_objective(search, search.best)}}},
      {"original",
       {{"values", values_json(params, original)},
        {"search_objective", search_objective(search, original)}}},
      {"rounds", rounds},
      {"confirmation",
       {{"games_per_design", options.confirm_games},
        {"deals", "fresh: a seed stream the search never uses; original and fit on the same deals"},
        {"false_discovery_rate", kFdr},
        {"objective", {{"original", objective_original}, {"fitted", objective_fitted}}},
        {"levels", levels}}},
      {"fitted_config", fitted},
  };
}

void print_fit(const nlohmann::json& s, std::FILE* out) {
  fmt::print(out,
             "{}: fit of {} parameter(s) to {} target(s) at {} player level(s) with {}: {} "
             "candidates, {} games in the search, seed {}{}\n",
             s["game"].get<std::string>(), s["free"].size(), s["targets"].size(),
             s["levels"].size(), s["method"].get<std::string>(), s["evaluations"].get<uint64_t>(),
             s["search_games"].get<uint64_t>(), s["seed"].get<uint64_t>(),
             s["resumed_rounds"].get<uint64_t>() > 0
                 ? fmt::format(" ({} rounds resumed from the checkpoint)",
                               s["resumed_rounds"].get<uint64_t>())
                 : "");
  fmt::print(out, "\n{:<34} {:>10} {:>10} {:>12}\n", "parameter", "range", "original", "fitted");
  for (const auto& p : s["free"])
    fmt::print(out, "{:<34} {:>10} {:>10} {:>12}\n", p["name"].get<std::string>(),
               fmt::format("{}..{}", p["range"][0].dump(), p["range"][1].dump()),
               p["original"].dump(), p["fitted"].dump());
  const auto& best = s["best"];
  fmt::print(out, "\nobjective in the search: original {}, fitted {}\n",
             number(s["original"]["search_objective"].is_null()
                        ? nlohmann::json()
                        : s["original"]["search_objective"]["mean"]),
             number(best["search_objective"].is_null() ? nlohmann::json()
                                                       : best["search_objective"]["mean"]));
  const auto& c = s["confirmation"];
  fmt::print(out,
             "\nconfirmation: {} games per design and level on fresh deals (original and fit on "
             "the same deals)\nobjective: original {:.3g}, fitted {:.3g}\n",
             c["games_per_design"].get<uint64_t>(), c["objective"]["original"].get<double>(),
             c["objective"]["fitted"].get<double>());
  for (const auto& level : c["levels"]) {
    const std::string setting = level["setting"].get<std::string>();
    fmt::print(out, "\nagents {}{}:\n{:<28} {:>8} {:<26} {:<26}\n",
               level["agents"].get<std::string>(),
               setting.empty() ? "" : fmt::format(", setting {}", setting), "target measure",
               "target", "original", "fitted");
    for (const auto& row : level["targets"])
      fmt::print(out, "{:<28} {:>8.3f} {:<26} {:<26}\n", row["measure"].get<std::string>(),
                 row["target"].get<double>(), format_interval(interval_from_json(row["original"])),
                 format_interval(interval_from_json(row["fitted"])));
    fmt::print(out, "what else moved (q <= {}):\n", c["false_discovery_rate"].get<double>());
    int shown = 0;
    for (const auto& row : level["differences"]) {
      if (!row["significant"].get<bool>()) continue;
      const Interval d = interval_from_json(row["difference"]);
      fmt::print(out, "  {:<44} {:<24} {:<24} {:+.3f} [{:+.3f}, {:+.3f}]\n",
                 row["statistic"].get<std::string>().substr(0, 43),
                 format_interval(interval_from_json(row["base"])),
                 format_interval(interval_from_json(row["variant"])), d.estimate, d.low, d.high);
      ++shown;
    }
    if (shown == 0) fmt::print(out, "  nothing\n");
  }
  fmt::print(out, "\nfitted: {}\n", best["text"].get<std::string>());
}

void print_fit_reproduction(const nlohmann::json& s, std::FILE* out) {
  const nlohmann::json& best = s["best"];
  if (!best["config_line"].get<std::string>().empty())
    fmt::print(out, "reproduce with: ninefold balance --game {} {}\n", s["game"].get<std::string>(),
               best["config_line"].get<std::string>());
}

namespace {

// A data file of the design: the file the config names, or the data the game ships by that name.
DataFile read_data_file(const GameInfo& info, const ParamSet& config, const std::string& option) {
  const std::string& value = config.text(option);
  if (std::filesystem::is_regular_file(value)) {
    std::ifstream in(value, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw Error(fmt::format("cannot read the {} file '{}'", option, value));
    return {option, value, text.str()};
  }
  if (info.shipped_data)
    return {option, fmt::format("{}={}", option, value), info.shipped_data(option, value)};
  throw Error(fmt::format(
      "--free: the config option {}={} is not a readable file and game '{}' ships no data "
      "under that name; give --config {}=PATH",
      option, value, info.id, option));
}

}  // namespace

int run_fit(const GameInfo& info, const FitOptions& options) {
  const auto game = info.load(options.config);
  const ParamSet& config = game->config();
  if (options.levels.empty()) throw Error("fit: give at least one player level with --agents");
  // The outputs, before anything is played.
  const std::string out_dir =
      options.out_dir.empty() ? fmt::format("results/fit-{}", info.id) : options.out_dir;
  check_distinct_outputs({{"--out", out_dir, true},
                          {"--report", options.report_path},
                          {"--checkpoint", options.checkpoint_path}});
  check_result_folder(out_dir, "--out", "fit");
  if (!options.report_path.empty()) check_output_file(options.report_path, "--report");
  if (!options.checkpoint_path.empty()) check_output_file(options.checkpoint_path, "--checkpoint");
  const OutputLocks locks({{"--out", out_dir, true},
                           {"--report", options.report_path},
                           {"--checkpoint", options.checkpoint_path}});
  if (!(options.keep_close >= 0 && options.keep_close <= 1e9))  // NaN fails both
    throw Error(fmt::format("--keep-close {}: give a number from 0 to 1e9", options.keep_close));
  const std::vector<FitTarget> targets = parse_target_list(options.targets);
  std::map<std::string, DataFile> files;
  std::vector<FreeParam> params;
  for (const FreeRange& range : parse_free_list(options.free))
    params.push_back(
        resolve_free(range, info.config_schema, config, files,
                     [&](const std::string& o) { return read_data_file(info, config, o); }));

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
    std::unique_ptr<LoadedGame> situation;
    try {
      situation = info.load(o.config);
    } catch (const Error& e) {
      throw Error(fmt::format("--setting '{}': {}", c.setting, e.what()));
    }
    const auto shape = situation->balance_run(o);
    if (measures.empty())
      for (const FitTarget& t : targets)
        measures.push_back(resolve_measure(t.measure, shape->report()));
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
  // A design's config, its data files written to the scratch folder.
  const auto design_config = [&](const std::vector<double>& values, const std::string& suffix,
                                 const Condition& c) {
    auto changed = options.config;
    for (const auto& [k, v] : c.changes) changed[k] = v;
    for (const auto& [k, v] : fit_design(params, values, files, scratch.path(), suffix))
      changed[k] = v;
    return changed;
  };
  const auto build = [&](const std::vector<double>& values, const std::string& suffix,
                         const Condition& c) {
    return info.load(design_config(values, suffix, c), "candidate");
  };
  for (size_t i = 0; i < params.size(); ++i)
    for (const double end : {params[i].low, params[i].high}) {
      std::vector<double> values = original;
      values[i] = params[i].snap(end);
      // Written outside the check: a scratch folder that cannot be written (a full $TMPDIR)
      // is not the range's fault.
      std::vector<std::map<std::string, std::string>> designs;
      for (const Condition& c : conditions) designs.push_back(design_config(values, "-check", c));
      try {
        for (const auto& design : designs) info.load(design, "candidate");
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
    std::vector<std::unique_ptr<LoadedGame>> designs;
    for (size_t k = 0; k < candidates.size(); ++k)
      for (const Condition& c : conditions)
        designs.push_back(build(candidates[k], fmt::format("-{}", k), c));
    std::vector<double> parts(candidates.size() * levels);
    tbb::parallel_for(size_t{0}, parts.size(), [&](size_t job) {
      const auto run = designs[job]->balance_run(level_options(
          conditions[job % levels], per_candidate, fit_search_seed(options.seed, round)));
      BalanceAccumulator totals = run->empty_accumulator();
      run->run_chunks(0, run->chunk_count(), [&](uint64_t, BalanceChunk& chunk) {
        totals.merge(chunk.totals);
        return true;
      });
      std::vector<double> measured;
      for (const Measure& m : measures)
        measured.push_back(measure_value(m, run->report(), totals).estimate);
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
  settings.identity = {{"game", info.id},
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
    confirmation.push_back(
        {c.level, c.setting, play_variant(info, o, {}), play_variant(info, o, trial)});
  }
  std::map<std::string, std::string> fitted = trial;
  for (auto& [option, value] : fitted)
    if (files.count(option)) value = (std::filesystem::path(out_dir) / (option + ".toml")).string();
  nlohmann::json summary =
      fit_json(options, params, targets, measures, search, fitted, confirmation);
  summary["game"] = info.id;
  summary["config"] = config.to_json();
  print_fit(summary, stdout);
  publish_summary(summary, out_dir, "fit.json", options.report_path, fit_html,
                  [&](const std::filesystem::path& staging) {
                    fit_design(params, search.best, files, staging, "");
                  });
  // Only now: the line names the fitted data files in the folder just written.
  print_fit_reproduction(summary, stdout);
  return 0;
}

}  // namespace nf
