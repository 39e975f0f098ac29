// Every optional hook a game may define, in one place. A game satisfies nf::Game (core/game.hpp)
// and opts in to any hook below by declaring the member: each is detected with a `requires`
// expression, and a game without it gets the default written beside it. docs/adding-a-game.md
// walks through them in the order a new game usually needs them.
//
//   hook                          default when absent            used by
//   kPerfectInformation           false (hides information)      mcts refuses hidden games
//   kDeterministic                false (rules draw chance)      search skips determinizing
//   random_action(state, rng)     pick from legal_actions        random play, rollouts
//   Heuristic                     no `heuristic` agent           agents, heuristic rollouts
//   sees_action(state, a, seat)   every move is seen             ISMCTS trees, `play` views
//   observation_key(state, seat)  0 (open-loop trees)            ISMCTS trees
//   take_back_unseen_move(state, seat)  nothing taken back       ISMCTS determinizations
//   evaluate(state)               no depth-limited rollouts      search `depth=`
//   graded_returns(state)         results only                   search `grade=`
//   decision_kind(state, action)  the move's first word            `ninefold holes`
//   features(state, seat, out)    no learned evaluation          `learn`, search `eval=learned`
//   value_model_text()            eval=learned needs weights=    search `eval=learned`
//   kSearchIterations             1000                           the default `ismcts`
//   kSearchDepth                  8                              the default `ismcts`
//   kSearchRollout                "heuristic"                    the default `ismcts`
//   kMctsIterations               1000                           the default `mcts`
//   broken_invariant(state)       only the generic checks        `ninefold check`
//   check_configs()               the default config only        `ninefold check`, goldens, bench
//   element_schema/collect_elements  no element table            `balance` element statistics
//   end_reasons/end_reason        no "how games end" table       `balance`
//   match_points(state, seat)     no match scoring               `balance --tournament`
//   data_file_text(option, value) data files only as paths       `fit` on shipped data files
//   deal_count/deal_state/        no exact enumeration           `exploitability`, `cfr`
//     chance_count/apply_outcome
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/params.hpp"
#include "core/stats.hpp"

namespace nf {

// `static constexpr bool kPerfectInformation = true;` declares that every seat sees the whole
// state (chance still to come aside). Without it a game counts as hiding information.
template <Game G>
constexpr bool is_perfect_information() {
  if constexpr (requires { G::kPerfectInformation; })
    return G::kPerfectInformation;
  else
    return false;
}

// `static constexpr bool kDeterministic = true;` declares that the rules never draw from the
// state's rng (no chance at all). With perfect information too, a search needs no fresh
// determinization per iteration: the copy of the root is the state.
template <Game G>
constexpr bool is_deterministic() {
  if constexpr (requires { G::kDeterministic; })
    return G::kDeterministic;
  else
    return false;
}

// `Action random_action(const State&, Rng&) const`: the same action drawn the same way (the
// legal action at rng.below(number of legal actions), in legal_actions order) without
// building the list, for faster playouts. `ninefold check` verifies the two agree.
template <class G>
concept HasRandomAction = Game<G> &&
    requires(const G& game, const typename G::State& state, Rng& rng) {
  { game.random_action(state, rng) } -> std::same_as<typename G::Action>;
};

// `G::Heuristic`: a policy with a named parameter schema, constructed from the game and its
// parameters, that chooses from what the seat to move observes (never hidden data).
template <class G>
concept HasHeuristic = Game<G> &&
    requires(const G& game, const ParamSet& params, const typename G::State& state, Rng& rng) {
  typename G::Heuristic;
  { G::Heuristic::schema() } -> std::convertible_to<ParamSchema>;
  requires std::constructible_from<typename G::Heuristic, const G&, const ParamSet&>;
  {
    std::declval<const typename G::Heuristic&>().choose(state, rng)
    } -> std::same_as<typename G::Action>;
};

// `bool sees_action(const State&, Action, int seat) const`: whether `seat` sees which action
// the player to move in the state takes (a simultaneous choice or a face-down card is not
// seen). Information-set trees key such a move by "some move was made" for that seat. The
// default: every move is seen. The search asks it for the first legal move when it needs to
// know whether a whole decision is unseen, so the answer should not depend on the move.
template <Game G>
bool sees_action(const G& game, const typename G::State& state, const typename G::Action& action,
                 int seat) {
  if constexpr (requires {
                  { game.sees_action(state, action, seat) } -> std::convertible_to<bool>;
                })
    return game.sees_action(state, action, seat);
  else
    return true;
}

// `bool take_back_unseen_move(State&, int seat) const`: when `seat` is to move and the move
// just before was made without `seat` seeing it (the first half of a simultaneous choice, a
// face-down card), puts the state back at that move's decision and returns true; otherwise
// leaves the state alone and returns false. Called on a world determinized for `seat`, so the
// move taken back is already a guess. ISMCTS then draws the move again from its model of the
// opponent (the rollout policy), the model it plays for an opponent who moves without seeing
// the searching seat's move: both halves of a simultaneous choice meet the same opponent,
// whichever seat searches. Default: nothing is taken back, the determinization's guess stays.
template <Game G>
bool take_back_unseen_move(const G& game, typename G::State& state, int seat) {
  if constexpr (requires {
                  { game.take_back_unseen_move(state, seat) } -> std::convertible_to<bool>;
                })
    return game.take_back_unseen_move(state, seat);
  else
    return false;
}

// `uint64_t observation_key(const State&, int seat) const`: a fingerprint of what `seat`
// observes in the state (its own cards, public cards, revealed chance), equal for states it
// cannot tell apart, allocation-free. Information-set trees split a node's moves by it, so
// chance the seat sees (a public card, a drawn troop card) is told apart in the tree. The
// default, 0, keeps trees open-loop: statistics average over the chance between moves.
template <Game G>
uint64_t observation_key(const G& game, const typename G::State& state, int seat) {
  if constexpr (requires {
                  { game.observation_key(state, seat) } -> std::convertible_to<uint64_t>;
                })
    return game.observation_key(state, seat);
  else
    return 0;
}

// `Returns<kMaxPlayers> evaluate(const State&) const`: estimated returns of a non-terminal
// state, used by rollouts cut off after a fixed depth.
template <class G>
concept HasEvaluation = Game<G> && requires(const G& game, const typename G::State& state) {
  { game.evaluate(state) } -> std::same_as<Returns<G::kMaxPlayers>>;
};

// `Returns<kMaxPlayers> graded_returns(const State&) const`: how well each seat did in a
// finished game, from -1 to 1, finer than the result: how far a co-op team got before it lost
// (its rounds, its town, its heroes' Valor against the check). The search option `grade` adds
// it, times its weight, to the returns it backs up, so that a search has a signal in positions
// where every line ends the same way (KataGo's score utility beside the win). A game returns 0
// where it has no finer measure than the result (a mode without one).
template <class G>
concept HasGradedReturns = Game<G> && requires(const G& game, const typename G::State& state) {
  { game.graded_returns(state) } -> std::same_as<Returns<G::kMaxPlayers>>;
};

// `std::string decision_kind(const State&, Action) const`: the kind of decision a move is, for
// `ninefold holes`, which groups a player's moves by it: where one word of the move is not
// enough ("bid" in five phases), the game adds what tells the decisions apart ("scout bid").
template <class G>
concept HasDecisionKind = Game<G> &&
    requires(const G& game, const typename G::State& state, typename G::Action a) {
  { game.decision_kind(state, a) } -> std::convertible_to<std::string>;
};

// Features of a state from a seat's view, the inputs of a learned value model (`ninefold learn`
// fits one; search `eval=learned` scores cut-off rollouts with it):
//   static constexpr int kFeatureCount = N;
//   static std::array<std::string_view, N> feature_names();   // stable: weight files name them
//   void features(const State&, int seat, std::span<float> out) const;  // out.size() == N
// `features` must not allocate (search calls it in every cut-off rollout) and should read only
// what `seat` may know; where it reads more, the game says why (search evaluates determinized
// worlds, where the whole state is the seat's guess anyway). Scale each feature to about [-1, 1]
// so that one L2 penalty suits them all.
template <class G>
concept HasFeatures = Game<G> &&
    requires(const G& game, const typename G::State& state, std::span<float> out) {
  { G::kFeatureCount } -> std::convertible_to<int>;
  { G::feature_names() } -> std::same_as<std::array<std::string_view, size_t(G::kFeatureCount)>>;
  game.features(state, 0, out);
};

// The number of features (0 without the hook).
template <Game G>
constexpr int feature_count() {
  if constexpr (HasFeatures<G>)
    return G::kFeatureCount;
  else
    return 0;
}

// `static std::string_view value_model_text()`: the TOML text of the value model the game ships
// (games/<id>/data/value.toml, format in stats/value_model.hpp), used by `eval=learned` unless
// `weights=FILE` names another.
template <class G>
concept HasShippedValueModel = HasFeatures<G> && requires {
  { G::value_model_text() } -> std::convertible_to<std::string_view>;
};

// `static constexpr uint64_t kSearchIterations = N;`: the iterations per decision of the
// default `ismcts` on a game whose iterations cost far more than most (long heuristic
// rollouts), so that a default decision stays near 20 ms on one thread.
template <Game G>
constexpr uint64_t default_search_iterations() {
  if constexpr (requires { G::kSearchIterations; })
    return G::kSearchIterations;
  else
    return 1000;
}

// `static constexpr uint64_t kMctsIterations = N;`: the iterations per decision of the default
// `mcts` on a perfect-information game where more search keeps winning and an iteration is
// cheap, so that a default decision uses its 20 ms.
template <Game G>
constexpr uint64_t default_mcts_iterations() {
  if constexpr (requires { G::kMctsIterations; })
    return G::kMctsIterations;
  else
    return 1000;
}

// `static constexpr std::string_view kSearchRollout = "heuristic(key=value)";`: the rollout
// policy (and opponent model) of the default `ismcts` when the heuristic with its own defaults
// is not the one that makes the search strongest.
template <Game G>
constexpr std::string_view default_search_rollout() {
  if constexpr (requires { G::kSearchRollout; })
    return G::kSearchRollout;
  else
    return "heuristic";
}

// `static constexpr int kSearchDepth = N;`: the moves after which the default `ismcts` cuts a
// rollout and scores it (with an evaluation or a shipped value model), when 8 is not the best.
template <Game G>
constexpr int default_search_depth() {
  if constexpr (requires { G::kSearchDepth; })
    return G::kSearchDepth;
  else
    return 8;
}

// `std::string broken_invariant(const State&) const`: what is wrong with a state the rules
// reached ("every card in exactly one zone", "health within its maximum"), or "" when
// nothing is. `ninefold check` calls it after every step of its random-play soak.
template <Game G>
std::string broken_invariant(const G& game, const typename G::State& state) {
  if constexpr (requires {
                  { game.broken_invariant(state) } -> std::convertible_to<std::string>;
                })
    return game.broken_invariant(state);
  else
    return "";
}

// `static std::vector<std::map<std::string, std::string>> check_configs()`: the configs worth
// checking besides the default (each a set of `--config` values: 3 and 4 players, another
// map). `ninefold check --all`, the golden playthroughs and the benchmarks cover each.
template <Game G>
std::vector<std::map<std::string, std::string>> check_configs() {
  std::vector<std::map<std::string, std::string>> configs = {{}};
  if constexpr (requires { G::check_configs(); })
    for (auto& config : G::check_configs())
      if (!config.empty()) configs.push_back(std::move(config));
  return configs;
}

// Element statistics for `balance` (commanders, figures, cards...): the schema, which may
// depend on the config, and the counts of one finished game.
template <class G>
concept HasElementStats = requires(const G& game, const typename G::State& s, ElementStats& e) {
  { game.element_schema() } -> std::convertible_to<ElementSchema>;
  game.collect_elements(s, e);
};

// How games end, for `balance`: the names, and the index of a finished game's reason.
template <class G>
concept HasEndReasons = requires(const G& game, const typename G::State& s) {
  { G::end_reasons() } -> std::convertible_to<std::vector<std::string>>;
  { game.end_reason(s) } -> std::convertible_to<int>;
};

// `int64_t match_points(const State&, int seat) const`: points scored in a finished game,
// summed over a match's games by `balance --tournament`.
template <class G>
concept HasMatchPoints = requires(const G& game, const typename G::State& s, int seat) {
  { game.match_points(s, seat) } -> std::convertible_to<int64_t>;
};

// `static std::string data_file_text(std::string_view option, const std::string& value)`: the
// TOML text a data-file option's value names (a shipped file by name, or a path), so `fit` can
// change a number in a copy of the designer's file.
template <class G>
concept HasShippedData = requires(std::string_view option, const std::string& value) {
  { G::data_file_text(option, value) } -> std::convertible_to<std::string>;
};

// Exact enumeration of chance, for games small enough to walk whole (`ninefold exploitability`,
// the `cfr` agent). Every chance event has equally likely outcomes, listed by index:
//   uint64_t deal_count() const;             // the starting states initial_state draws from
//   State deal_state(uint64_t deal) const;   // one of them, deal < deal_count()
//   uint32_t chance_count(const State&, Action) const;  // outcomes of the chance that
//                                                        // apply(state, action) draws; 1: none
//   void apply_outcome(State&, Action, uint32_t outcome) const;  // apply with that outcome
// so that initial_state(seed) is distributed as deal_state of a uniform deal, and apply as
// apply_outcome of a uniform outcome. Chance drawn inside apply (a public card, the next point
// card) is enumerated where it happens: the tree walk never needs the state's rng.
template <class G>
concept HasChanceEnumeration = Game<G> &&
    requires(const G& game, typename G::State& state, const typename G::State& cstate,
             typename G::Action action, uint64_t deal, uint32_t outcome) {
  { game.deal_count() } -> std::same_as<uint64_t>;
  { game.deal_state(deal) } -> std::same_as<typename G::State>;
  { game.chance_count(cstate, action) } -> std::same_as<uint32_t>;
  game.apply_outcome(state, action, outcome);
};

// Replaces the future chance of a state (its rng) without touching anything else: what a
// search that is allowed to see the whole state still must not see.
template <Game G>
void reseed_chance(typename G::State& state, Rng& rng) {
  if constexpr (requires { state.rng.reseed(uint64_t{}); }) state.rng.reseed(rng.next());
}

}  // namespace nf
