// The typed half of `ninefold holes` (experiments/run/holes_tally.hpp says what it measures):
// the player and the search on the same states, game by game.
#pragma once

#include <fmt/format.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "agents/search/last_search.hpp"
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/run/holes_tally.hpp"
#include "experiments/run/runner.hpp"

namespace nf {

namespace holes_detail {

// Plays the player's move and, on a decision with a choice, asks the search too; where they
// differ, values both moves (HolesOptions::value).
template <Game G>
class ShadowedAgent final : public Agent<G> {
 public:
  using State = typename G::State;
  using Action = typename G::Action;

  // `continuation[s]` plays seat s after a valued move (ValueBy::Continuations).
  ShadowedAgent(const G& game, std::unique_ptr<Agent<G>> player,
                std::span<Agent<G>* const> continuation, const HolesOptions& options,
                uint64_t game_index, int seat, uint64_t& decision, GameHoles& out)
      : Agent<G>(player->spec()),
        game_(game),
        options_(options),
        player_(std::move(player)),
        continuation_(continuation),
        search_(make_agent(game, options.search)),
        evaluator_(make_agent(game, options.search)),
        search_rng_(derive_seed(options.seed + game_index, 0, Stream::Search, uint64_t(seat))),
        evaluator_rng_(derive_seed(options.seed + game_index, 1, Stream::Search, uint64_t(seat))),
        game_index_(game_index),
        decision_(decision),
        out_(out) {}

  Action act(const State& state, Rng& rng) override {
    ++decision_;
    const Action played = player_->act(state, rng);
    ActionList<G> legal;
    game_.legal_actions(state, legal);
    if (legal.size() < 2) return played;
    const Action chosen = search_->act(state, search_rng_);
    const bool agree = played == chosen;
    HoleDecision d;
    d.game = game_index_;
    d.decision = decision_;
    d.seat = game_.current_player(state);
    d.player_move = game_.action_to_string(state, played);
    d.search_move = game_.action_to_string(state, chosen);
    d.measured = agree;
    if (!agree) value(state, played, chosen, d);
    const std::string kind = decision_kind(state, played, d.player_move);
    ++out_.decisions;
    for (KindTally* t :
         {&out_.by_kind[kind],
          agree ? nullptr
                : &out_.by_pair[kind + " -> " + decision_kind(state, chosen, d.search_move)]}) {
      if (!t) continue;
      ++t->decisions;
      t->agreements += agree;
      if (!d.measured) ++t->unmeasured;
      if (d.measured && !agree) t->regret += d.regret();
    }
    if (!agree) out_.differences.push_back(std::move(d));
    return played;
  }

 private:
  std::string decision_kind(const State& state, Action a, const std::string& text) const {
    if constexpr (HasDecisionKind<G>)
      return std::string(game_.decision_kind(state, a));
    else
      return move_kind(text);
  }

  void value(const State& state, Action played, Action chosen, HoleDecision& d) {
    if (options_.value == ValueBy::Search) {
      // A second search, independent of the one that chose: read from that one, the chosen
      // move's value is the largest of noisy estimates and overstates the regret.
      (void)evaluator_->act(state, evaluator_rng_);
      for (const auto& stat : search::last_search_of(*evaluator_)->root) {
        if (stat.action == played) d.player_visits = stat.visits, d.player_value = stat.mean();
        if (stat.action == chosen) d.search_visits = stat.visits, d.search_value = stat.mean();
      }
      d.measured = std::min(d.player_visits, d.search_visits) >= options_.min_visits;
      return;
    }
    // Each move followed by the player's own play on every seat. Continuation k of both moves
    // starts from the same world (the mover's determinization k: what it cannot see and the
    // chance to come, drawn again) and the same stream, so the paired difference is what
    // changing this one decision gains, over what the mover could not know.
    double player_sum = 0, search_sum = 0;
    for (uint64_t k = 0; k < options_.continuations; ++k) {
      const uint64_t seed = derive_seed(options_.seed + game_index_, decision_, Stream::Misc, k);
      player_sum += continue_after(state, played, d.seat, seed);
      search_sum += continue_after(state, chosen, d.seat, seed);
    }
    d.player_visits = d.search_visits = options_.continuations;
    d.player_value = player_sum / double(options_.continuations);
    d.search_value = search_sum / double(options_.continuations);
    d.measured = true;
  }

  // Seat `seat`'s return when `first` is played in its determinization `seed` of `state` and
  // the continuation plays on.
  double continue_after(const State& state, Action first, int seat, uint64_t seed) const {
    State s = state;
    Rng rng(seed);
    game_.determinize(s, seat, rng);
    game_.apply(s, first);
    uint64_t moves = 0;
    while (!game_.is_terminal(s)) {
      game_.apply(s, continuation_[size_t(game_.current_player(s))]->act(s, rng));
      if (++moves > kMaxDecisions)
        throw Error(fmt::format("game '{}' did not end after {} decisions", G::kId, kMaxDecisions));
    }
    return game_.returns(s)[size_t(seat)];
  }

  const G& game_;
  const HolesOptions& options_;
  std::unique_ptr<Agent<G>> player_;              // this seat's own, as in `ninefold play`
  std::span<Agent<G>* const> continuation_;       // by seat
  std::unique_ptr<Agent<G>> search_, evaluator_;  // the search that chooses, the one that values
  Rng search_rng_, evaluator_rng_;
  uint64_t game_index_;
  uint64_t& decision_;  // the game's decision count, shared by the seats
  GameHoles& out_;
};

}  // namespace holes_detail

// Plays options.games games (game g as `play --seed <seed + g>`), in parallel, and returns
// each game's tallies in game order: the result does not depend on the thread count.
template <Game G>
std::vector<GameHoles> find_holes(const HolesOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  {
    auto probe = make_agent(game, options.search);
    if (!search::last_search_of(*probe))
      throw Error(fmt::format(
          "--search '{}': holes reads the root values of a search; give ismcts, mcts or flatmc",
          options.search));
    make_agent(game, options.player);  // a bad player spec fails before any game is played
  }
  std::vector<GameHoles> out(options.games);
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(uint64_t{0}, options.games, [&](uint64_t g) {
      const uint64_t seed = options.seed + g;
      uint64_t decision = 0;
      std::vector<std::unique_ptr<Agent<G>>> continuation_agents;
      std::vector<Agent<G>*> continuation;
      for (int seat = 0; seat < game.num_players(); ++seat) {
        continuation_agents.push_back(make_agent(game, options.player));
        continuation.push_back(continuation_agents.back().get());
      }
      std::vector<std::unique_ptr<holes_detail::ShadowedAgent<G>>> shadows;
      std::vector<Agent<G>*> seats;
      std::vector<Rng> rngs;
      for (int seat = 0; seat < game.num_players(); ++seat) {
        shadows.push_back(std::make_unique<holes_detail::ShadowedAgent<G>>(
            game, make_agent(game, options.player), continuation, options, g, seat, decision,
            out[g]));
        seats.push_back(shadows.back().get());
        rngs.emplace_back(derive_seed(seed, 0, Stream::Agent, uint64_t(seat)));
      }
      const PlayedGame<G> played =
          play_game<G>(game, seats, derive_seed(seed, 0, Stream::Deal), rngs);
      out[g].returns.assign(played.returns.begin(), played.returns.begin() + game.num_players());
    });
  });
  return out;
}

}  // namespace nf
