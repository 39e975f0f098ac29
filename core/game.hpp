// The game concept every game of ninefold satisfies, and the few generic helpers built on it.
//
// A game is a type G constructed from its resolved config (`G(const ParamSet&)`), with:
//   State    trivially copyable, fixed capacity, carries its own Rng (all chance draws from it)
//   Action   trivially copyable, equality comparable; its meaning never depends on hidden data
// and const member functions that never allocate on the hot path (legal_actions, apply,
// current_player, is_terminal, returns, determinize). Text functions (action_to_string,
// render, observation) are for logs, records and tests, not for playouts.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/fixed_vector.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace nf {

template <int MaxPlayers>
using Returns = std::array<double, MaxPlayers>;

template <class G>
using ActionList = FixedVector<typename G::Action, G::kMaxActions>;

// Whether the first `players` returns add up to zero (up to rounding): what a zero-sum game's
// invariants check of a finished state.
template <size_t MaxPlayers>
bool sums_to_zero(const std::array<double, MaxPlayers>& returns, int players) {
  double sum = 0;
  for (int p = 0; p < players; ++p) sum += returns[size_t(p)];
  return sum > -1e-9 && sum < 1e-9;
}

template <class G>
concept Game = requires(const G& game, typename G::State& state, const typename G::State& cstate,
                        typename G::Action action, ActionList<G>& actions, Rng& rng, int seat,
                        uint64_t seed) {
  requires std::is_trivially_copyable_v<typename G::State>;
  requires std::is_trivially_copyable_v<typename G::Action>;
  requires std::equality_comparable<typename G::Action>;
  { G::kId } -> std::convertible_to<std::string_view>;
  { G::kDescription } -> std::convertible_to<std::string_view>;
  { G::kMaxPlayers } -> std::convertible_to<int>;
  { G::kMaxActions } -> std::convertible_to<int>;
  { G::config_schema() } -> std::convertible_to<ParamSchema>;
  { game.num_players() } -> std::same_as<int>;
  { game.initial_state(seed) } -> std::same_as<typename G::State>;
  { game.current_player(cstate) } -> std::same_as<int>;
  { game.is_terminal(cstate) } -> std::same_as<bool>;
  { game.returns(cstate) } -> std::same_as<Returns<G::kMaxPlayers>>;
  { game.legal_actions(cstate, actions) } -> std::same_as<void>;
  { game.apply(state, action) } -> std::same_as<void>;
  // Resamples everything `seat` cannot see (hidden cards, deck orders, unrevealed
  // simultaneous choices) consistently with what it has seen, and reseeds the state's Rng.
  { game.determinize(state, seat, rng) } -> std::same_as<void>;
  { game.action_to_string(cstate, action) } -> std::convertible_to<std::string>;
  { game.render(cstate) } -> std::convertible_to<std::string>;
  // What `seat` sees of the state, as text: equal for states that seat cannot tell apart.
  { game.observation(cstate, seat) } -> std::convertible_to<std::string>;
  { game.hash(cstate) } -> std::same_as<uint64_t>;
};

// Win/draw/loss of each seat from the returns: the unique best return wins, seats tied for
// the best draw, everyone else loses.
enum class SeatResult : uint8_t { Loss, Draw, Win };

template <size_t N>
std::array<SeatResult, N> seat_results(const std::array<double, N>& returns, int players) {
  std::array<SeatResult, N> out{};
  double best = returns[0];
  for (int p = 1; p < players; ++p) best = std::max(best, returns[p]);
  int at_best = 0;
  for (int p = 0; p < players; ++p) at_best += returns[p] == best;
  for (int p = 0; p < players; ++p)
    out[p] =
        returns[p] != best ? SeatResult::Loss : (at_best == 1 ? SeatResult::Win : SeatResult::Draw);
  return out;
}

// A game whose seats can all play on one team (co-operative modes) says so for its config:
// `bool one_team() const`. Its returns are then the team's, the same for every seat:
// positive when the team won, negative when it lost, zero for a draw.
template <class G>
concept HasTeamPlay = requires(const G& game) {
  { game.one_team() } -> std::same_as<bool>;
};

// Every seat shares the team's result (see HasTeamPlay).
template <size_t N>
std::array<SeatResult, N> team_results(const std::array<double, N>& returns, int players) {
  const SeatResult team = returns[0] > 0   ? SeatResult::Win
                          : returns[0] < 0 ? SeatResult::Loss
                                           : SeatResult::Draw;
  std::array<SeatResult, N> out{};
  for (int p = 0; p < players; ++p) out[size_t(p)] = team;
  return out;
}

// Each seat's result in a game of G: the team's when its seats form one team, otherwise
// by seat_results.
template <Game G>
std::array<SeatResult, G::kMaxPlayers> game_results(const G& game,
                                                    const Returns<G::kMaxPlayers>& returns) {
  if constexpr (HasTeamPlay<G>)
    if (game.one_team()) return team_results(returns, game.num_players());
  return seat_results(returns, game.num_players());
}

template <Game G>
bool is_one_team(const G& game) {
  if constexpr (HasTeamPlay<G>)
    return game.one_team();
  else
    return false;
}

// Finds the legal action whose stable text is `text`; false when none is.
template <Game G>
bool find_action_by_text(const G& game, const typename G::State& state, std::string_view text,
                         typename G::Action& out) {
  ActionList<G> actions;
  game.legal_actions(state, actions);
  for (const auto& a : actions)
    if (game.action_to_string(state, a) == text) return out = a, true;
  return false;
}

}  // namespace nf
