// `ninefold replay`: re-runs a recorded game from its seed and actions and checks that it
// passes through the recorded states (the running hash, when the record has one) and reaches
// the recorded result and final-state hash. Data files are found by content hash: at the
// config's path, or relative to the record's folder.
#pragma once

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/run/data_files.hpp"

namespace nf {

struct ReplayOptions {
  std::string path;
  uint64_t index = 0;
  bool show = false;
};

template <Game G>
int run_replay(const ReplayOptions& options, const GameRecord& record) {
  const std::string where = fmt::format("{} record {}", options.path, options.index);
  std::map<std::string, std::string> given;
  for (auto it = record.config.begin(); it != record.config.end(); ++it) {
    if (!it.value().is_string())
      throw Error(fmt::format("{}: config value '{}' must be text", where, it.key()));
    given[it.key()] = it.value().get<std::string>();
  }
  for (auto it = record.data.begin(); it != record.data.end(); ++it) {
    if (!given.count(it.key()))
      throw Error(fmt::format("{}: field 'data' names '{}', which the config does not set", where,
                              it.key()));
    try {
      given[it.key()] =
          find_recorded_data_file(it.key(), given[it.key()], it.value(), options.path);
    } catch (const Error& e) {
      throw Error(fmt::format("{}: {}", where, e.what()));
    }
  }
  const ParamSet config(G::config_schema(), given, where + " config");
  const G game(config);
  typename G::State state = game.initial_state(record.seed);
  Hasher running_hash;
  if (options.show) fmt::print("{}\n", game.render(state));
  for (size_t i = 0; i < record.actions.size(); ++i) {
    if (game.is_terminal(state))
      throw Error(fmt::format("{}: the game ended after {} actions but the record has {}", where, i,
                              record.actions.size()));
    typename G::Action action{};
    if (!find_action_by_text(game, state, record.actions[i], action)) {
      ActionList<G> legal;
      game.legal_actions(state, legal);
      std::vector<std::string> names;
      for (const auto& a : legal) names.push_back(game.action_to_string(state, a));
      throw Error(fmt::format("{}: action {} '{}' is not legal there (legal: {})", where, i + 1,
                              record.actions[i], fmt::join(names, ", ")));
    }
    const int seat = game.current_player(state);
    game.apply(state, action);
    running_hash.add(game.hash(state));
    if (options.show)
      fmt::print("\n#{} seat {}: {}\n{}", i + 1, seat, record.actions[i], game.render(state));
  }
  if (!game.is_terminal(state))
    throw Error(fmt::format("{}: the record ends after {} actions but the game has not ended",
                            where, record.actions.size()));
  const auto returns = game.returns(state);
  const std::vector<double> got(returns.begin(), returns.begin() + game.num_players());
  const std::string hash = hash_to_hex(game.hash(state));
  if (!record.running_hash.empty() && hash_to_hex(running_hash.value()) != record.running_hash) {
    fmt::print(stderr,
               "{}: MISMATCH: the replay passes through other states than the recorded game "
               "(running hash {}, the record says {}): an action, the config or the data differs\n",
               where, hash_to_hex(running_hash.value()), record.running_hash);
    return 1;
  }
  if (got != record.returns || hash != record.state_hash) {
    fmt::print(stderr,
               "{}: MISMATCH: replay gives returns [{}] and hash {}, the record says [{}] and {}\n",
               where, fmt::join(got, ", "), hash, fmt::join(record.returns, ", "),
               record.state_hash);
    return 1;
  }
  if (record.running_hash.empty()) {
    // Without the running hash only the end is compared: a changed action that reaches the
    // same final state goes unnoticed, and the message says so.
    fmt::print(
        "{}: {} actions replayed; result [{}] and state hash {} match (final-state check only: "
        "the record has no running_hash, so the states on the way were not checked)\n",
        where, record.actions.size(), fmt::join(got, ", "), hash);
    return 0;
  }
  fmt::print("{}: {} actions replayed; result [{}] and state hash {} match\n", where,
             record.actions.size(), fmt::join(got, ", "), hash);
  return 0;
}

}  // namespace nf
