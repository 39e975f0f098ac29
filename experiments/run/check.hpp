// `ninefold check`: the conformance suite every game passes, as a command. ctest runs it on
// every registered game and every config the game declares worth checking (check_configs).
//
// The checks, on random games dealt from (seed, game index) as `balance` deals them:
//   soak           legal moves, seat to move and the game's own invariants after every step
//   action text    every legal move's text is unique, so it parses back to the same move
//   random_action  the game's shortcut draws exactly what picking from the list would
//   replay         the deal seed and the action texts give the same state hashes and result
//   determinize    the observer's view, observation key, observation tensor and own legal
//                  moves are kept; future
//                  chance is reseeded; over all samples something hidden is resampled too; the
//                  sampled state keeps every invariant and plays on
//   invariance     a search agent decides the same in two states its seat cannot tell apart
//   allocations    random (and heuristic) playouts, determinizations and observation tensors
//                  allocate nothing
// A failure names the deal seed and the action prefix that reproduce it. A game's tests run
// the same suite on more configs and games through tests/conformance.hpp.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/observation_tensor.hpp"
#include "agents/registry.hpp"
#include "core/allocation_count.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "experiments/run/runner.hpp"

namespace nf {

struct CheckOptions {
  std::map<std::string, std::string> config;
  uint64_t games = 200;
  uint64_t seed = 1;
};

namespace check_detail {

// A broken promise of the game, with what reproduces it.
struct Broken {
  std::string what;
};

template <Game G>
class Checker {
 public:
  using State = typename G::State;
  using Action = typename G::Action;
  // The chance both states get when resampled_hidden compares them.
  static constexpr uint64_t kSameChance = 0x5eed;

  Checker(const G& game, const CheckOptions& options) : game_(game), options_(options) {}

  // Runs every check; prints one line each; true when all pass.
  bool run() {
    failures_.clear();
    bool ok = true;
    ok &= report("soak", [&] { return soak(); });
    ok &= report("replay", [&] { return replay(); });
    if constexpr (!is_perfect_information<G>()) {
      ok &= report("determinize", [&] { return determinize(); });
      ok &= report("invariance", [&] { return invariance(); });
    }
    ok &= report("allocations", [&] { return allocations(); });
    if constexpr (HasHeuristic<G>) ok &= report("heuristic", [&] { return heuristic_games(); });
    return ok;
  }

  // The failure lines of the last run, as printed ("" when every check passed).
  const std::string& failures() const { return failures_; }

 private:
  struct Game_ {
    uint64_t deal = 0;
    std::vector<std::string> actions;
    std::vector<uint64_t> hashes;  // after the deal and after every action
    std::vector<double> returns;
  };

  bool report(const char* name, const std::function<std::string()>& check) {
    std::string failure;
    try {
      fmt::print("  ok    {:<12} {}\n", name, check());
      return true;
    } catch (const Broken& broken) {
      failure = fmt::format("  FAIL  {:<12} {}\n", name, broken.what);
    } catch (const std::exception& e) {
      failure = fmt::format("  FAIL  {:<12} the game threw: {}\n", name, e.what());
    }
    fmt::print("{}", failure);
    failures_ += failure;
    std::fflush(stdout);
    return false;
  }

  // Throws Broken naming the game, its deal seed and the actions that led to the state.
  [[noreturn]] void fail(uint64_t g, uint64_t deal, const std::vector<std::string>& actions,
                         const std::string& what) const {
    const size_t shown = std::min<size_t>(actions.size(), 60);
    std::string prefix =
        fmt::format("{}", fmt::join(actions.begin(), actions.begin() + shown, " | "));
    if (shown < actions.size()) prefix += fmt::format(" | ... ({} actions)", actions.size());
    throw Broken{fmt::format("{}\n        game {} (deal seed {}) after {} action(s): {}", what, g,
                             deal, actions.size(), prefix.empty() ? "(none)" : prefix)};
  }

  uint64_t deal_seed(uint64_t g) const { return derive_seed(options_.seed, g, Stream::Deal); }

  // Checks one non-terminal state: the seat to move, its legal moves and their texts.
  void check_position(uint64_t g, const Game_& record, const State& s, ActionList<G>& legal,
                      std::vector<std::string>& texts) const {
    const int seat = game_.current_player(s);
    if (seat < 0 || seat >= game_.num_players())
      fail(g, record.deal, record.actions,
           fmt::format("current_player is {} in a state that has not ended", seat));
    legal.clear();
    game_.legal_actions(s, legal);
    if (legal.empty()) fail(g, record.deal, record.actions, "no legal move before the end");
    texts.clear();
    for (const Action& a : legal) texts.push_back(game_.action_to_string(s, a));
    for (const std::string& t : texts)
      if (t.empty()) fail(g, record.deal, record.actions, "a legal move's text is empty");
    std::vector<std::string> sorted = texts;
    std::sort(sorted.begin(), sorted.end());
    if (auto d = std::adjacent_find(sorted.begin(), sorted.end()); d != sorted.end())
      fail(g, record.deal, record.actions,
           fmt::format("two legal moves have the same text '{}', so a record cannot tell them "
                       "apart",
                       *d));
  }

  void check_end(uint64_t g, const Game_& record, const State& s) const {
    ActionList<G> none;
    game_.legal_actions(s, none);
    if (!none.empty()) fail(g, record.deal, record.actions, "legal moves after the end");
    if (game_.current_player(s) != -1)
      fail(g, record.deal, record.actions, "current_player is not -1 after the end");
    const auto returns = game_.returns(s);
    for (int p = 0; p < game_.num_players(); ++p)
      if (!std::isfinite(returns[size_t(p)]))
        fail(g, record.deal, record.actions, fmt::format("seat {}'s return is not finite", p));
  }

  void check_invariant(uint64_t g, const Game_& record, const State& s,
                       const char* where = "") const {
    if (std::string why = broken_invariant(game_, s); !why.empty())
      fail(g, record.deal, record.actions, fmt::format("invariant broken{}: {}", where, why));
  }

  std::string soak() {
    const RandomPolicy<G> random(game_);
    uint64_t decisions = 0, moves = 0;
    ActionList<G> legal;
    std::vector<std::string> texts;
    games_.clear();
    for (uint64_t g = 0; g < options_.games; ++g) {
      Game_ record;
      record.deal = deal_seed(g);
      Rng rng(derive_seed(options_.seed, g, Stream::Agent));
      State s = game_.initial_state(record.deal);
      record.hashes.push_back(game_.hash(s));
      check_invariant(g, record, s, " in the dealt state");
      while (!game_.is_terminal(s)) {
        check_position(g, record, s, legal, texts);
        moves += legal.size();
        if constexpr (HasRandomAction<G>) {
          Rng listed = rng, shortcut = rng;
          const Action drawn = game_.random_action(s, shortcut);
          const Action picked = legal[listed.below(static_cast<uint32_t>(legal.size()))];
          if (!(drawn == picked) || !(shortcut == listed))
            fail(g, record.deal, record.actions,
                 "random_action does not draw what picking from legal_actions would");
        }
        const Action a = random.choose(s, rng);
        const auto it = std::find(legal.begin(), legal.end(), a);
        if (it == legal.end())
          fail(g, record.deal, record.actions, "random play chose an illegal move");
        record.actions.push_back(texts[size_t(it - legal.begin())]);
        game_.apply(s, a);
        record.hashes.push_back(game_.hash(s));
        check_invariant(g, record, s);
        if (++decisions, record.actions.size() > kMaxDecisions)
          fail(g, record.deal, record.actions, "the game did not end");
      }
      check_end(g, record, s);
      const auto returns = game_.returns(s);
      record.returns.assign(returns.begin(), returns.begin() + game_.num_players());
      games_.push_back(std::move(record));
    }
    return fmt::format(
        "{} random games, {} decisions: seat to move, legal moves, unique move texts{} and the "
        "game's invariants after every step ({} legal moves)",
        options_.games, decisions, HasRandomAction<G> ? ", random_action" : "", moves);
  }

  // Every soak game again, from its deal seed and the text of its actions.
  std::string replay() {
    uint64_t steps = 0;
    for (uint64_t g = 0; g < games_.size(); ++g) {
      const Game_& record = games_[g];
      State s = game_.initial_state(record.deal);
      std::vector<std::string> done;
      if (game_.hash(s) != record.hashes[0])
        fail(g, record.deal, done, "the same deal seed gives another state");
      for (size_t i = 0; i < record.actions.size(); ++i) {
        Action a{};
        if (!find_action_by_text(game_, s, record.actions[i], a))
          fail(g, record.deal, done,
               fmt::format("the move '{}' is not legal on replay", record.actions[i]));
        game_.apply(s, a);
        done.push_back(record.actions[i]);
        if (game_.hash(s) != record.hashes[i + 1])
          fail(g, record.deal, done, "replaying the same moves reaches another state");
        ++steps;
      }
      if (!game_.is_terminal(s)) fail(g, record.deal, done, "the replayed game has not ended");
      const auto returns = game_.returns(s);
      for (int p = 0; p < game_.num_players(); ++p)
        if (returns[size_t(p)] != record.returns[size_t(p)])
          fail(g, record.deal, done, "the replayed game ends with other returns");
    }
    return fmt::format(
        "{} games replayed from their deal seeds and move texts, {} steps, the "
        "same state hash after every step",
        games_.size(), steps);
  }

  // Positions along the soak games, every few steps: (game, actions taken).
  template <class Visit>
  void for_positions(uint64_t max_positions, Visit visit) const {
    uint64_t visited = 0;
    for (uint64_t g = 0; g < games_.size() && visited < max_positions; ++g) {
      const Game_& record = games_[g];
      State s = game_.initial_state(record.deal);
      std::vector<std::string> done;
      for (size_t i = 0; i <= record.actions.size() && visited < max_positions; ++i) {
        if (i % 5 == g % 5 && !game_.is_terminal(s)) {
          visit(g, record, done, s);
          ++visited;
        }
        if (i == record.actions.size()) break;
        Action a{};
        find_action_by_text(game_, s, record.actions[i], a);
        game_.apply(s, a);
        done.push_back(record.actions[i]);
      }
    }
  }

  // Whether determinize changed more than the future chance: given the same chance, the sampled
  // state and the true one still differ, so something the observer cannot see was resampled.
  bool resampled_hidden(const State& s, const State& world) const {
    State truth = s, sample = world;
    Rng chance(kSameChance), same_chance(kSameChance);
    reseed_chance<G>(truth, chance);
    reseed_chance<G>(sample, same_chance);
    return game_.hash(truth) != game_.hash(sample);
  }

  std::string determinize() {
    Rng rng(derive_seed(options_.seed, 0, Stream::Determinize));
    const RandomPolicy<G> random(game_);
    uint64_t samples = 0, changed = 0, resampled = 0, played_on = 0;
    ActionList<G> legal, world_legal;
    for_positions(options_.games * 4, [&](uint64_t g, const Game_& record,
                                          const std::vector<std::string>& done, const State& s) {
      Game_ at{record.deal, done, {}, {}};
      const int to_move = game_.current_player(s);
      for (int seat = 0; seat < game_.num_players(); ++seat) {
        State world = s;
        game_.determinize(world, seat, rng);
        ++samples;
        auto broken = [&](const std::string& what) {
          fail(g, record.deal, done, fmt::format("determinized for seat {}: {}", seat, what));
        };
        if (game_.observation(world, seat) != game_.observation(s, seat))
          broken("the observer's view changed");
        if (observation_key(game_, world, seat) != observation_key(game_, s, seat))
          broken("the observer's observation key changed");
        if constexpr (HasObservationTensor<G>)
          if (encode(world, seat, world_tensor_) != encode(s, seat, tensor_))
            broken("the observer's observation tensor changed");
        if (game_.current_player(world) != to_move) broken("another seat is to move");
        if (game_.is_terminal(world)) broken("the sampled state has ended");
        if (std::string why = broken_invariant(game_, world); !why.empty())
          broken("invariant broken: " + why);
        if constexpr (!is_deterministic<G>())
          if (game_.hash(world) == game_.hash(s)) broken("future chance was not reseeded");
        if (seat == to_move) {
          legal.clear(), world_legal.clear();
          game_.legal_actions(s, legal);
          game_.legal_actions(world, world_legal);
          bool same = legal.size() == world_legal.size();
          for (size_t i = 0; same && i < legal.size(); ++i)
            same = game_.action_to_string(s, legal[i]) ==
                   game_.action_to_string(world, world_legal[i]);
          if (!same) broken("the seat to move has other legal moves");
        }
        changed += game_.observation(world, (seat + 1) % game_.num_players()) !=
                   game_.observation(s, (seat + 1) % game_.num_players());
        resampled += resampled_hidden(s, world);
        if (samples % 16 == 1) {  // the sampled world plays on to the end
          ++played_on;
          Rng play_rng(samples);
          uint64_t steps = 0;
          while (!game_.is_terminal(world)) {
            game_.apply(world, random.choose(world, play_rng));
            if (std::string why = broken_invariant(game_, world); !why.empty())
              broken("after playing on, invariant broken: " + why);
            if (++steps > kMaxDecisions) broken("the sampled state never ends");
          }
          check_end(g, at, world);
        }
      }
    });
    // A game that hides information hides it somewhere: a determinize that only ever reseeds
    // chance lets a search see the hidden cards (or bids, or orders) as they truly are.
    if (samples > 0 && resampled == 0)
      throw Broken{fmt::format(
          "in {} samples determinize never resampled anything but future chance: the hidden "
          "data stays as it truly is",
          samples)};
    return fmt::format(
        "{} samples keep the observer's view, observation key and legal moves and reseed "
        "chance; {} resampled hidden data, {} changed another seat's view; {} sampled states "
        "played on to the end",
        samples, resampled, changed, played_on);
  }

  // The seat's observation tensor of `s`, written into `out` (sized once, then reused).
  const std::vector<float>& encode(const State& s, int seat, std::vector<float>& out) {
    if (out.empty()) {
      size_t size = 1;
      for (const int d : observation_shape(game_)) size *= size_t(d);
      out.resize(size);
    }
    observation_tensor(game_, s, seat, out);
    return out;
  }

  std::string invariance() {
    const std::string spec = "ismcts(iterations=64)";
    auto agent = make_agent(game_, spec);
    Rng rng(derive_seed(options_.seed, 1, Stream::Determinize));
    uint64_t pairs = 0;
    for_positions(
        std::min<uint64_t>(24, options_.games),
        [&](uint64_t g, const Game_& record, const std::vector<std::string>& done, const State& s) {
          const int seat = game_.current_player(s);
          State world = s;
          game_.determinize(world, seat, rng);
          Rng a_rng(7), b_rng(7);
          const Action a = agent->act(s, a_rng);
          const Action b = agent->act(world, b_rng);
          if (!(a == b))
            fail(g, record.deal, done,
                 fmt::format("{} for seat {} chose '{}' but '{}' in a state the seat cannot tell "
                             "apart: the search sees hidden data",
                             spec, seat, game_.action_to_string(s, a),
                             game_.action_to_string(world, b)));
          ++pairs;
        });
    return fmt::format("{} decided the same in {} pairs of states the seat cannot tell apart", spec,
                       pairs);
  }

  std::string allocations() {
    if (allocation_count() < 0) return "not counted in this program";
    const RandomPolicy<G> random(game_);
    const uint64_t games = std::min<uint64_t>(options_.games, 100);
    Rng rng(derive_seed(options_.seed, 2, Stream::Misc));
    // From the deal, or a few random moves in, and a world determinized for the seat to move
    // there (what a search samples at the root of every decision).
    auto play = [&](uint64_t g, auto& policy) {
      State s = game_.initial_state(deal_seed(g));
      uint64_t moves = 0;
      for (uint64_t i = 0; i < g % 32 && !game_.is_terminal(s); ++i, ++moves)
        game_.apply(s, random.choose(s, rng));
      State world = s;
      if (!game_.is_terminal(world))
        game_.determinize(world, std::max(0, game_.current_player(world)), rng);
      if constexpr (HasObservationTensor<G>)
        for (int seat = 0; seat < game_.num_players(); ++seat) {
          encode(s, seat, tensor_);
          encode(world, seat, world_tensor_);
        }
      return moves + playout(game_, s, policy, rng) + playout(game_, world, policy, rng);
    };
    play(0, random);  // warm up anything lazily initialised
    long before = allocation_count();
    uint64_t decisions = 0;
    for (uint64_t g = 0; g < games; ++g) decisions += play(g, random);
    long during = allocation_count() - before;
    if (during != 0)
      throw Broken{fmt::format("{} heap allocations in {} random playouts", during, 2 * games)};
    std::string heuristic;
    if constexpr (HasHeuristic<G>) {
      const typename G::Heuristic policy(game_, ParamSet(G::Heuristic::schema(), {}, "heuristic"));
      play(0, policy);
      before = allocation_count();
      for (uint64_t g = 0; g < games; ++g) decisions += play(g, policy);
      during = allocation_count() - before;
      if (during != 0)
        throw Broken{
            fmt::format("{} heap allocations in {} heuristic playouts", during, 2 * games)};
      heuristic = fmt::format(" and {} heuristic", 2 * games);
    }
    return fmt::format(
        "none in {} random{} playouts from deals and determinized positions ({} decisions)",
        2 * games, heuristic, decisions);
  }

  std::string heuristic_games() {
    if constexpr (HasHeuristic<G>) {
      const uint64_t games = std::min<uint64_t>(options_.games, 20);
      auto agent = make_agent(game_, "heuristic");
      std::vector<Agent<G>*> seats(size_t(game_.num_players()), agent.get());
      uint64_t decisions = 0;
      for (uint64_t g = 0; g < games; ++g) {
        Game_ record;
        record.deal = deal_seed(g);
        std::vector<Rng> rngs;
        for (int p = 0; p < game_.num_players(); ++p)
          rngs.emplace_back(derive_seed(options_.seed, g, Stream::Agent, uint64_t(p)));
        ActionList<G> legal;
        play_game<G>(game_, seats, record.deal, rngs, nullptr,
                     [&](const State& before, Action a, const State& after) {
                       legal.clear();
                       game_.legal_actions(before, legal);
                       if (std::find(legal.begin(), legal.end(), a) == legal.end())
                         fail(g, record.deal, record.actions,
                              "the heuristic chose an illegal move");
                       record.actions.push_back(game_.action_to_string(before, a));
                       check_invariant(g, record, after);
                       ++decisions;
                     });
      }
      return fmt::format(
          "{} heuristic self-play games, {} decisions, legal moves and invariants "
          "after every step",
          games, decisions);
    }
    return "";
  }

  const G& game_;
  const CheckOptions& options_;
  std::vector<Game_> games_;
  std::string failures_;
  std::vector<float> tensor_, world_tensor_;  // observation tensors compared by determinize
};

}  // namespace check_detail

// Returns 0 when every check passes, 1 otherwise (each failure is printed).
template <Game G>
int run_check(const CheckOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  const std::string changed = config.to_string(true);
  fmt::print("check {} ({}): {} games, seed {}\n", G::kId,
             changed.empty() ? "default config" : changed, options.games, options.seed);
  std::fflush(stdout);
  return check_detail::Checker<G>(game, options).run() ? 0 : 1;
}

}  // namespace nf
