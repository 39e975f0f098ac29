// The `ninefold` command line: one binary, one subcommand per job.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/provenance.hpp"
#include "core/record.hpp"
#include "experiments/commands/command.hpp"
#include "experiments/run/mpi.hpp"

namespace nf {
namespace {

int run(int argc, char** argv) {
  CLI::App app{"ninefold: balance experiments and game-playing agents for five tabletop games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_line());

  const std::vector<std::unique_ptr<Command>> commands = command_table();
  std::vector<CLI::App*> subcommands;
  for (const auto& command : commands) subcommands.push_back(command->add_to(app));

  // CLI11 would answer an unknown command with "A subcommand is required": name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* command : subcommands) names.push_back(command->get_name());
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
  for (size_t i = 0; i < commands.size(); ++i)
    if (subcommands[i]->parsed()) return commands[i]->run();
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
