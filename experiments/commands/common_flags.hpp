// Flags and values that several commands share, each defined once: the game and its config,
// seed/threads/quiet, agent lists and output checks.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "experiments/game_catalog.hpp"
#include "experiments/report/output_lock.hpp"

namespace nf {

// --game and --config.
struct GameFlags {
  std::string game;
  std::vector<std::string> config_items;

  // `required`: --game must be given (check takes --all instead).
  void add_to(CLI::App& command, bool required = true);
  const GameInfo& entry() const { return find_game(game); }
  std::map<std::string, std::string> config() const;
  // The game, after putting its parsed --config into `config`: every command's first step.
  const GameInfo& resolve(std::map<std::string, std::string>& config) const {
    const GameInfo& game_entry = entry();
    config = this->config();
    return game_entry;
  }
};

// --out (described by `out_help`) and --report.
void add_output_flags(CLI::App& command, std::string& out_dir, std::string& report_path,
                      const std::string& out_help);

// --seed, --threads and --quiet.
void add_run_flags(CLI::App& command, uint64_t& seed, int& threads, bool& quiet);

// Agent specs from a comma-separated list (commas inside parentheses stay); nf::Error naming
// the list when a spec is empty.
std::vector<std::string> agent_specs(const std::string& text);

// Before any game is played: nf::Error when the result folder of `command`'s results or the
// report cannot be written, or another run writes them; held, they are this run's alone.
[[nodiscard]] OutputLocks check_outputs(const std::string& out_dir, const std::string& report_path,
                                        std::string_view command);
// The same for a file output, such as learn's --out.
[[nodiscard]] OutputLocks check_output(const std::string& path, std::string_view option);

}  // namespace nf
