#include "experiments/commands/common_flags.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/run_limits.hpp"

namespace nf {

void GameFlags::add_to(CLI::App& command, bool required) {
  auto* option = command.add_option("--game", game, "game id (see `ninefold games`)");
  if (required)
    option->required();
  else
    option->check(non_empty_value());
  command.add_option("--config", config_items, "game option key=value (repeatable)")
      ->check(non_empty_value());
}

std::map<std::string, std::string> GameFlags::config() const {
  return parse_key_values(config_items, "--config");
}

void add_run_flags(CLI::App& command, uint64_t& seed, int& threads, bool& quiet) {
  command.add_option("--seed", seed, "master seed")->capture_default_str()->check(whole_number());
  command.add_option("--threads", threads, "worker threads; 0 uses every core")
      ->capture_default_str()
      ->check(CLI::Range(0, kMaxThreads));
  command.add_flag("--quiet", quiet, "no progress line");
}

void add_output_flags(CLI::App& command, std::string& out_dir, std::string& report_path,
                      const std::string& out_help) {
  command.add_option("--out", out_dir, out_help)->check(non_empty_value());
  command.add_option("--report", report_path, "write a self-contained HTML report")
      ->check(non_empty_value());
}

std::vector<std::string> agent_specs(const std::string& text) {
  std::vector<std::string> out = split_top_level(text);
  for (const auto& spec : out)
    if (spec.empty()) throw Error(fmt::format("--agents '{}': an agent spec is empty", text));
  return out;
}

OutputLocks check_outputs(const std::string& out_dir, const std::string& report_path,
                          std::string_view command) {
  const std::vector<OutputPath> outputs = {{"--out", out_dir, true}, {"--report", report_path}};
  check_distinct_outputs(outputs);
  if (!out_dir.empty()) check_result_folder(out_dir, "--out", command);
  if (!report_path.empty()) check_output_file(report_path, "--report");
  return OutputLocks(outputs);
}

OutputLocks check_output(const std::string& path, std::string_view option) {
  check_output_file(path, option);
  return OutputLocks({{std::string(option), path}});
}

}  // namespace nf
