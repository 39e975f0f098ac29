// `ninefold play`: one game, every decision and the state after it, in readable text; a
// `human` seat is played at the terminal.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/run/balance_options.hpp"
#include "experiments/run/lineup.hpp"
#include "experiments/run/runner.hpp"

namespace nf {

struct PlayOptions {
  std::vector<std::string> agents;
  std::map<std::string, std::string> config;
  uint64_t seed = 1;
  // With a human seat: show the full state and every move, not only what that seat observes.
  bool show_hidden = false;
  uint64_t render_every = 1;  // show the state after every K-th decision (and at the end)
  // After every state shown, what each seat observes in it (a golden playthrough then records
  // what the players see, not only the state).
  bool observations = false;
};

// What every seat observes in a state, one entry per seat: "seat N sees: ..." on one line, or
// the line followed by the observation indented when it spans several lines.
template <Game G>
std::string seat_observations(const G& game, const typename G::State& state) {
  std::string out;
  for (int seat = 0; seat < game.num_players(); ++seat) {
    std::string seen = game.observation(state, seat);
    while (!seen.empty() && seen.back() == '\n') seen.pop_back();
    if (seen.find('\n') == std::string::npos) {
      out += fmt::format("seat {} sees: {}\n", seat, seen);
      continue;
    }
    out += fmt::format("seat {} sees:\n", seat);
    size_t start = 0;
    while (start <= seen.size()) {
      const size_t end = std::min(seen.find('\n', start), seen.size());
      out += fmt::format("  {}\n", seen.substr(start, end - start));
      start = end + 1;
    }
  }
  return out;
}

// Reads moves from a stream: a move's number in the list or its text (any case).
// Bad input is answered and asked again; end of input is an error.
template <Game G>
class HumanAgent final : public Agent<G> {
 public:
  HumanAgent(const G& game, std::istream& in, std::ostream& out)
      : Agent<G>("human"), game_(game), in_(in), out_(out) {}

  typename G::Action act(const typename G::State& state, Rng&) override {
    ActionList<G> actions;
    game_.legal_actions(state, actions);
    const int seat = game_.current_player(state);
    // The play loop has just shown this seat's view of the state.
    out_ << fmt::format("\nseat {}, your legal moves:", seat);
    for (size_t i = 0; i < actions.size(); ++i)
      out_ << fmt::format("  [{}] {}", i + 1, game_.action_to_string(state, actions[i]));
    out_ << "\n";
    std::string line;
    while (true) {
      out_ << "your move> " << std::flush;
      if (!std::getline(in_, line)) throw Error("input ended before the game did");
      const std::string answer = lower(trimmed(line));
      if (answer.empty()) continue;
      for (size_t i = 0; i < actions.size(); ++i)
        if (answer == std::to_string(i + 1) ||
            answer == lower(game_.action_to_string(state, actions[i])))
          return actions[i];
      out_ << fmt::format("'{}' is not a legal move here; type its number (1-{}) or its name\n",
                          echoed(trimmed(line)), actions.size());
    }
  }

 private:
  static std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
  }
  // An answer as repeated back: its first 80 bytes (whole UTF-8 characters) and "...", so a
  // pasted file is not echoed whole.
  static std::string echoed(const std::string& s) {
    constexpr size_t kShown = 80;
    if (s.size() <= kShown) return s;
    size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    return s.substr(0, cut) + "...";
  }
  static std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
  }
  const G& game_;
  std::istream& in_;
  std::ostream& out_;
};

template <Game G>
int run_play(const PlayOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  const int players = game.num_players();
  const std::vector<std::string> lineup = lineup_for_players(options.agents, players, G::kId);
  std::vector<std::unique_ptr<Agent<G>>> agents;
  int human_seat = -1;
  for (int seat = 0; seat < players; ++seat) {
    const AgentSpec spec = parse_agent_spec(lineup[size_t(seat)]);
    if (spec.name == "human") {
      if (!spec.args.empty())
        throw Error(fmt::format("agent '{}': a human seat takes no parameters", spec.text));
      if (human_seat < 0) human_seat = seat;
      agents.push_back(std::make_unique<HumanAgent<G>>(game, std::cin, std::cout));
    } else {
      agents.push_back(make_agent(game, lineup[size_t(seat)]));
    }
  }
  if (options.observations && human_seat >= 0 && !options.show_hidden)
    throw Error(
        "--observations shows every seat's view, which a human seat must not see; add "
        "--show-hidden to show it anyway");
  std::vector<Agent<G>*> seats;
  std::vector<Rng> rngs;
  for (int seat = 0; seat < players; ++seat) {
    seats.push_back(agents[size_t(seat)].get());
    rngs.emplace_back(derive_seed(options.seed, 0, Stream::Agent, uint64_t(seat)));
  }
  const uint64_t deal_seed = derive_seed(options.seed, 0, Stream::Deal);
  // A human sees only their own seat's view of the state; otherwise show everything.
  auto view = [&](const typename G::State& s) {
    std::string shown =
        human_seat >= 0 && !options.show_hidden ? game.observation(s, human_seat) : game.render(s);
    if (options.observations) {
      if (!shown.empty() && shown.back() != '\n') shown += '\n';
      shown += seat_observations(game, s);
    }
    return shown;
  };
  std::vector<std::string> agent_names;
  for (auto* a : seats) agent_names.push_back(a->spec());
  fmt::print("{} - seed {} (deal seed {}) - {}\n{}", G::kId, options.seed, deal_seed,
             fmt::join(agent_names, " vs "), view(game.initial_state(deal_seed)));
  uint64_t step = 0, shown_step = 0;
  // Moves the human's seat does not observe (a simultaneous choice, a face-down card) are
  // shown as hidden; the views that follow show what they reveal, and the list at the end
  // shows them all. The human is told no more than its observation: a run of unseen moves by
  // one seat (the cards of a hidden bid and its end) is one hidden move, and moves are
  // numbered as shown, so neither a count nor a gap tells how many there were.
  const bool human_view = human_seat >= 0 && !options.show_hidden;
  const auto unseen = [&](const typename G::State& s, typename G::Action action) {
    return human_view && game.current_player(s) != human_seat &&
           !sees_action(game, s, action, human_seat);
  };
  std::vector<std::string> hidden_moves;
  const PlayedGame<G> played = play_game<G>(
      game, seats, deal_seed, rngs, nullptr,
      [&](const typename G::State& before, typename G::Action action,
          const typename G::State& after) {
        const int seat = game.current_player(before);
        const std::string move = game.action_to_string(before, action);
        const bool hidden = unseen(before, action);
        ++step;
        if (hidden)
          hidden_moves.push_back(fmt::format("decision {}, seat {}: {}", step, seat, move));
        if (hidden && !game.is_terminal(after) && game.current_player(after) == seat) {
          // The same seat moves on unseen: this move and the next are one hidden move.
          ActionList<G> next;
          game.legal_actions(after, next);
          if (!next.empty() && unseen(after, next[0])) return;
        }
        const uint64_t number = human_view ? ++shown_step : step;
        const bool shown = number % options.render_every == 0 || game.is_terminal(after);
        fmt::print("\n#{} seat {} ({}): {}\n{}", number, seat, seats[size_t(seat)]->spec(),
                   hidden ? "(hidden move)" : move, shown ? view(after) : "");
      });
  if (!hidden_moves.empty())
    fmt::print("\nhidden moves, revealed now that the game is over:\n  {}\n",
               fmt::join(hidden_moves, "\n  "));
  std::vector<std::string> returns;
  for (int p = 0; p < players; ++p)
    returns.push_back(fmt::format("{:g}", played.returns[size_t(p)]));
  fmt::print("\nresult: [{}] after {} decisions; final state hash {}\n", fmt::join(returns, ", "),
             played.decisions, hash_to_hex(game.hash(played.final_state)));
  return 0;
}

}  // namespace nf
