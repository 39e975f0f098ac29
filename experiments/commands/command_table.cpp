#include "experiments/commands/command.hpp"

namespace nf {

std::vector<std::unique_ptr<Command>> command_table() {
  std::vector<std::unique_ptr<Command>> table;
  table.push_back(games_command());
  table.push_back(agents_command());
  table.push_back(balance_command());
  table.push_back(play_command());
  table.push_back(replay_command());
  table.push_back(check_command());
  table.push_back(tournament_command());
  table.push_back(match_command());
  table.push_back(tune_command());
  table.push_back(merge_command());
  table.push_back(fit_command());
  table.push_back(learn_command());
  table.push_back(exploitability_command());
  table.push_back(holes_command());
  return table;
}

}  // namespace nf
