// Random playouts per second on the reference games, the figures OpenSpiel publishes for the
// same games (goofspiel as benchmarked there: num_cards=9, imp_info, random points order,
// win_loss returns), and how fast their determinizations are.
#include "agents/agent.hpp"
#include "benchmarks/bench.hpp"
#include "games/reference/goofspiel.hpp"
#include "games/reference/kuhn_poker.hpp"
#include "games/reference/leduc_poker.hpp"
#include "games/reference/tic_tac_toe.hpp"

namespace nf::bench {
namespace {

constexpr uint64_t kBatch = 10000;

template <Game G>
void playouts(Context& context, const G& game, const std::string& name) {
  const RandomPolicy<G> random(game);
  const auto batch = playout_batches(game, random, kBatch);
  context.fact(name + " state bytes", sizeof(typename G::State));
  context.measure(name + " random playouts", "playouts", kBatch, batch);
  context.measure_parallel(name + " random playouts", "playouts", kBatch, batch);
}

// Determinizations of a mid-game position from the view of the player to move.
template <Game G>
void determinizations(Context& context, const G& game, const std::string& name, int moves) {
  const RandomPolicy<G> random(game);
  Rng rng(1);
  auto state = game.initial_state(1);
  for (int i = 0; i < moves && !game.is_terminal(state); ++i)
    game.apply(state, random.choose(state, rng));
  const int seat = game.current_player(state);
  context.measure(name + " determinizations", "worlds", kBatch, [&](uint64_t index) {
    Rng sample_rng(index);
    for (uint64_t i = 0; i < kBatch; ++i) {
      auto world = state;
      game.determinize(world, seat, sample_rng);
    }
  });
}

}  // namespace

reference::GoofspielGame benchmark_goofspiel() {
  return reference::GoofspielGame(ParamSet(reference::GoofspielGame::config_schema(),
                                           {{"num_cards", "9"},
                                            {"imp_info", "true"},
                                            {"points_order", "random"},
                                            {"returns_type", "win_loss"}},
                                           "goofspiel"));
}

void reference_benchmarks(Context& context) {
  static const reference::TicTacToeGame tic_tac_toe;
  static const reference::KuhnPokerGame kuhn;
  static const reference::LeducPokerGame leduc;
  static const reference::GoofspielGame goofspiel = benchmark_goofspiel();
  playouts(context, tic_tac_toe, "tic_tac_toe");
  playouts(context, kuhn, "kuhn_poker");
  playouts(context, leduc, "leduc_poker");
  playouts(context, goofspiel, "goofspiel-9 imp_info");
  determinizations(context, leduc, "leduc_poker", 2);
  determinizations(context, goofspiel, "goofspiel-9 imp_info", 8);
}

}  // namespace nf::bench
