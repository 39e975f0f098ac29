"""Observation tensors: a fixed shape per game and config, only what the seat may see, and
the legal-action mask where the game has a fixed action space."""

import numpy as np
import ninefold
import pytest
from conftest import random_playout

OWN_ENCODERS = {"kuhn_poker", "leduc_poker", "tic_tac_toe", "goofspiel", "commanders", "ragnarok",
                "realms", "ninth-world", "sections"}


def test_tensor_shape_is_fixed_along_a_game(game):
    shape = game.observation_shape()
    for state in random_playout(game, seed=4):
        for seat in range(game.num_players()):
            tensor = state.observation_tensor(seat)
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert np.all(np.isfinite(tensor))


def test_states_a_seat_cannot_tell_apart_give_the_same_tensor(game):
    # determinize resamples everything the seat cannot see; what it sees, and so its tensor,
    # must not change.
    for seed in range(3):
        states = random_playout(game, seed=seed)
        for index in range(0, len(states), max(1, len(states) // 12)):
            state = states[index]
            for seat in range(game.num_players()):
                other = state.clone()
                other.determinize(seat, seed=100 + index)
                assert other.observation_string(seat) == state.observation_string(seat)
                np.testing.assert_array_equal(other.observation_tensor(seat),
                                              state.observation_tensor(seat))


def test_states_a_seat_can_tell_apart_mostly_give_different_tensors(game):
    # The converse of the invariance, for games with their own encoder: one tensor per
    # observation (the game's observation key, which may hold more than the text: which
    # attacker a defender is blocking), and a seat's different observations mostly different
    # tensors. An encoder may merge a few (an order it keeps only in part), never most.
    if not game.has_observation_encoder():
        return
    for seat in range(game.num_players()):
        tensor_of = {}
        for seed in range(4):
            for state in random_playout(game, seed=seed):
                tensor = state.observation_tensor(seat).tobytes()
                seen = (state.observation_string(seat), state.observation_key(seat))
                assert tensor_of.setdefault(seen, tensor) == tensor
        distinct = len(set(tensor_of.values()))
        assert len(tensor_of) > 4
        assert distinct >= 0.9 * len(tensor_of), f"{distinct} tensors for {len(tensor_of)} views"


def test_hidden_information_changes_other_seats_tensors():
    # The invariance above would hold for a constant tensor; the private card must show.
    game = ninefold.load_game("kuhn_poker")
    tensors = {game.new_initial_state(seed).observation_tensor(0).tobytes() for seed in range(30)}
    assert len(tensors) == 3


def test_which_games_have_their_own_encoders():
    for g in ninefold.games():
        game = ninefold.load_game(g["id"])
        assert game.has_observation_encoder() == (g["id"] in OWN_ENCODERS)


def test_tic_tac_toe_planes():
    state = ninefold.load_game("tic_tac_toe").new_initial_state(0)
    state.apply_action(4)  # x in the centre
    state.apply_action(0)  # o in the corner
    planes = state.observation_tensor(0)
    assert planes.shape == (3, 3, 3)
    assert planes[1, 1, 1] == 1 and planes[2, 0, 0] == 1 and planes[0].sum() == 7


def test_legal_mask_matches_legal_actions(game):
    if game.action_space() == 0:
        with pytest.raises(ninefold.Error, match="no fixed action space"):
            game.new_initial_state(0).legal_actions_mask()
        return
    for state in random_playout(game, seed=8)[:-1]:
        mask = state.legal_actions_mask()
        assert mask.shape == (game.action_space(),)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(state.legal_actions())
