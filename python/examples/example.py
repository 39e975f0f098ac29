"""ninefold from Python: play every game, ask a search agent, run a balance (README)."""
import ninefold

for info in ninefold.games():                     # a random game of each, to the end
    print(info["id"], ninefold.play(ninefold.load_game(info["id"]), "random", seed=7).returns())
game = ninefold.load_game("goofspiel", num_cards=9, imp_info=True)
state = game.new_initial_state(seed=7)
bid = ninefold.agent("ismcts(iterations=200)", game).step(state)
print("ismcts bids", state.action_to_string(bid), state.observation_tensor(0).shape)
summary = ninefold.balance("commanders", agents="heuristic", games=20000)   # summary.json
print([seat["score"] for seat in summary["by_seat"]])
