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

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/report/temporaries.hpp"
#include "experiments/run/balance_options.hpp"
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
// The balance command line that plays the fitted design, printed once its files are written.
void print_fit_reproduction(const nlohmann::json& summary, std::FILE* out);

int run_fit(const GameInfo& game, const FitOptions& options);

// The HTML report of a fit summary (experiments/report/html_fit.cpp).
std::string fit_html(const nlohmann::json& summary);

}  // namespace nf
