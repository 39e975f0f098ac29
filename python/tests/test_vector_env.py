"""VectorEnv: n games stepped in C++, reproducible from the seed on any thread count."""

import numpy as np
import ninefold
import pytest


def run(game, threads, steps, choose=None):
    env = ninefold.VectorEnv(game, n=64, seed=5, threads=threads)
    trace = []
    rng = np.random.default_rng(0)
    for _ in range(steps):
        actions = np.full(len(env), -1) if choose is None else choose(env, rng)
        obs, rewards, done = env.step(actions)
        trace.append((obs.copy(), rewards.copy(), done.copy(), env.current_players().copy()))
    return env, trace


def pick_from_mask(env, rng):
    mask = env.legal_mask()
    scores = rng.random(mask.shape) * mask
    return scores.argmax(axis=1)


@pytest.mark.parametrize("game_id", ["tic_tac_toe", "leduc_poker", "goofspiel", "commanders"])
def test_the_same_seed_gives_the_same_run_on_any_thread_count(game_id):
    game = ninefold.load_game(game_id)
    choose = pick_from_mask if game.action_space() else None
    _, one = run(game, threads=1, steps=40, choose=choose)
    _, two = run(game, threads=2, steps=40, choose=choose)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_shapes_rewards_and_resets():
    game = ninefold.load_game("tic_tac_toe")
    env = ninefold.VectorEnv(game, n=32, seed=1)
    assert env.observations().shape == (32, 3, 3, 3)
    assert env.legal_mask().shape == (32, 9)
    finished = 0
    for _ in range(9):
        obs, rewards, done = env.step(np.full(32, -1))
        assert obs.shape == (32, 3, 3, 3) and rewards.shape == (32, 2) and done.dtype == bool
        finished += done.sum()
        assert np.all(rewards[~done] == 0)
        assert np.all(rewards[done].sum(axis=1) == 0)  # zero-sum returns
    assert finished >= 32  # every game ends within nine moves and starts again
    assert env.steps == 9 * 32
    # A game that ended started afresh: its state is a new board.
    assert env.state(0).game.id == "tic_tac_toe"


def test_observations_match_one_state_stepping():
    game = ninefold.load_game("leduc_poker")
    env = ninefold.VectorEnv(game, n=8, seed=2)
    env.step(np.full(8, -1), observe=False)
    obs = env.observations()
    for i in range(8):
        state = env.state(i)
        np.testing.assert_array_equal(obs[i], state.observation_tensor(state.current_player()))


def test_a_bad_action_raises_and_moves_no_game():
    game = ninefold.load_game("tic_tac_toe")
    env = ninefold.VectorEnv(game, n=4, seed=1)
    env.step(np.array([4, 4, 4, 4]))
    before = [env.state(i).hash() for i in range(4)]
    with pytest.raises(ninefold.Error, match="action 4 is not legal"):
        env.step(np.array([0, 1, 4, 2]))
    with pytest.raises(ninefold.Error, match="one action per game"):
        env.step(np.array([0, 1]))
    assert [env.state(i).hash() for i in range(4)] == before


def test_games_without_action_space_take_positions():
    game = ninefold.load_game("commanders")
    assert game.action_space() == 0
    env = ninefold.VectorEnv(game, n=4, seed=1)
    obs, _, _ = env.step(np.zeros(4, dtype=np.int64))  # the first legal action everywhere
    assert obs.shape == (4,) + game.observation_shape()
    with pytest.raises(ninefold.Error, match="no fixed action space"):
        env.legal_mask()


def test_actions_must_be_integer_ids_and_threads_in_range():
    game = ninefold.load_game("tic_tac_toe")
    env = ninefold.VectorEnv(game, n=2, seed=1, threads=1)
    with pytest.raises(TypeError, match="not an array of float64"):
        env.step(np.array([1.7, 2.0]))
    with pytest.raises(TypeError, match="not an array of bool"):
        env.step([True, True])
    with pytest.raises(ValueError, match="action 18446744073709551615 is not an action id"):
        env.step(np.array([2**64 - 1, 0], dtype=np.uint64))
    assert env.steps == 0
    env.step(np.array([4, 4], dtype=np.uint8))
    assert env.steps == 2
    with pytest.raises(ninefold.Error, match="threads: Value -1 not in range 0 to 4096"):
        ninefold.VectorEnv(game, n=2, threads=-1)
