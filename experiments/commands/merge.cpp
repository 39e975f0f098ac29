// `ninefold merge`: the shards of one balance run added up into the whole run's result.
#include <fmt/format.h>

#include <filesystem>

#include "core/error.hpp"
#include "experiments/commands/cli_values.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/commands/common_flags.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/merge.hpp"

namespace nf {
namespace {

class MergeCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* command = app.add_subcommand(
        "merge", "add up the shards of a balance run (--shard i/n) into the whole run's result");
    command->add_option("files", files_, "the shards' summary.json files (or their directories)")
        ->required()
        ->check(non_empty_value());
    add_output_flags(*command, options_.out_dir, options_.report_path,
                     "directory for the merged summary.json and CSV tables");
    return command;
  }
  int run() override {
    // The merged result must not replace a shard it is made from.
    for (const std::string& file : files_) {
      const bool folder = std::filesystem::is_directory(file);
      const std::filesystem::path shard_folder =
          folder ? std::filesystem::path(file) : std::filesystem::path(file).parent_path();
      if (!options_.out_dir.empty() &&
          same_or_inside(shard_folder.empty() ? "." : shard_folder, options_.out_dir))
        throw Error(fmt::format(
            "--out '{}' would replace the shard '{}', which is inside it; give another folder",
            options_.out_dir, file));
      if (!options_.report_path.empty() &&
          same_or_inside(options_.report_path, folder ? std::filesystem::path(file) / "summary.json"
                                                      : std::filesystem::path(file)))
        throw Error(fmt::format("--report '{}' is the shard '{}'; give another file",
                                options_.report_path, file));
    }
    const OutputLocks locks = check_outputs(options_.out_dir, options_.report_path, "balance");
    options_.shards = read_shard_files(files_);
    return run_merge(find_game(options_.shards[0].summary.at("game").get<std::string>()), options_);
  }

 private:
  std::vector<std::string> files_;
  MergeOptions options_;
};

}  // namespace

std::unique_ptr<Command> merge_command() { return std::make_unique<MergeCommand>(); }

}  // namespace nf
