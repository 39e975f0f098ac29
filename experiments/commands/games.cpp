// `ninefold games` and `ninefold agents`: what can be played, and by whom.
#include <fmt/format.h>

#include "experiments/commands/command.hpp"
#include "experiments/game_catalog.hpp"

namespace nf {
namespace {

void print_schema(const ParamSchema& schema, const char* indent) {
  for (const ParamSpec& p : schema)
    fmt::print("{}{}={}  ({}) {}\n", indent, p.name, p.default_value, p.describe_range(), p.help);
}

class GamesCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    return app.add_subcommand("games", "list the games and their config options");
  }
  int run() override {
    for (const GameInfo& g : game_catalog()) {
      fmt::print("{:<12} {} players  {}\n", g.id, g.players, g.description);
      if (!g.config_schema.empty()) fmt::print("  config options (--config key=value):\n");
      print_schema(g.config_schema, "    ");
    }
    return 0;
  }
};

class AgentsCommand final : public Command {
 public:
  CLI::App* add_to(CLI::App& app) override {
    auto* command = app.add_subcommand("agents", "list the agents and their parameters");
    command->add_option("--game", game_, "only this game's agents");
    return command;
  }
  int run() override {
    if (!game_.empty()) find_game(game_);
    for (const GameInfo& g : game_catalog()) {
      if (!game_.empty() && g.id != game_) continue;
      fmt::print("{}:\n", g.id);
      for (const AgentListing& a : g.agents) {
        fmt::print("  {:<10} {}\n", a.name, a.description);
        print_schema(a.schema, "      ");
      }
    }
    return 0;
  }

 private:
  std::string game_;
};

}  // namespace

std::unique_ptr<Command> games_command() { return std::make_unique<GamesCommand>(); }
std::unique_ptr<Command> agents_command() { return std::make_unique<AgentsCommand>(); }

}  // namespace nf
