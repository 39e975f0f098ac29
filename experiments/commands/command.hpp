// One `ninefold` subcommand: it adds itself and its flags to the command line, holds the
// parsed values and runs when it is the one given. main.cpp builds the command line from
// command_table(); a new command is a file here and a line in command_table.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <vector>

namespace nf {

class Command {
 public:
  Command() = default;
  Command(const Command&) = delete;  // CLI11 holds pointers into the parsed values
  Command& operator=(const Command&) = delete;
  virtual ~Command() = default;
  // Adds the subcommand and its flags to `app`.
  virtual CLI::App* add_to(CLI::App& app) = 0;
  // Runs after a successful parse of this subcommand: the process exit code.
  virtual int run() = 0;
};

// Every command, in the order `ninefold --help` lists them.
std::vector<std::unique_ptr<Command>> command_table();

std::unique_ptr<Command> games_command();
std::unique_ptr<Command> agents_command();
std::unique_ptr<Command> balance_command();
std::unique_ptr<Command> play_command();
std::unique_ptr<Command> replay_command();
std::unique_ptr<Command> check_command();
std::unique_ptr<Command> tournament_command();
std::unique_ptr<Command> match_command();
std::unique_ptr<Command> tune_command();
std::unique_ptr<Command> merge_command();
std::unique_ptr<Command> fit_command();
std::unique_ptr<Command> learn_command();
std::unique_ptr<Command> exploitability_command();
std::unique_ptr<Command> holes_command();

}  // namespace nf
