"""Games and states: loading, stepping, copies, and errors that name what went wrong."""

import random

import numpy as np

import ninefold
import pytest
from conftest import random_playout


def test_games_lists_every_game_with_its_configs():
    ids = [g["id"] for g in ninefold.games()]
    assert {"kuhn_poker", "leduc_poker", "tic_tac_toe", "goofspiel", "commanders"} <= set(ids)
    for g in ninefold.games():
        assert g["check_configs"][0] == {}
        assert "random" in g["agents"]


def test_a_random_game_reaches_its_end(game):
    states = random_playout(game, seed=3)
    final = states[-1]
    assert final.is_terminal()
    assert final.current_player() == -1
    assert len(final.returns()) == game.num_players()
    for state in states[:-1]:
        assert 0 <= state.current_player() < game.num_players()
        ids = state.legal_actions()
        texts = state.legal_action_texts()
        assert len(ids) == len(texts) > 0
        assert [state.action_to_string(a) for a in ids] == texts


def test_the_same_seed_and_moves_give_the_same_game(game):
    a = [s.hash() for s in random_playout(game, seed=11)]
    b = [s.hash() for s in random_playout(game, seed=11)]
    assert a == b


def test_apply_text_matches_apply_action(game):
    state = game.new_initial_state(5)
    copy = state.clone()
    rng = random.Random(2)
    for _ in range(20):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        copy.apply_text(state.action_to_string(action))
        state.apply_action(action)
        assert copy.hash() == state.hash()


def test_clone_is_independent():
    game = ninefold.load_game("tic_tac_toe")
    state = game.new_initial_state(0)
    copy = state.clone()
    state.apply_action(4)
    assert copy.legal_actions() == list(range(9))
    assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8]
    assert copy.hash() != state.hash()


def test_config_keywords_reach_the_game():
    game = ninefold.load_game("goofspiel", num_cards=5, players=3)
    assert game.num_players() == 3
    assert game.config["num_cards"] == "5"
    assert game.action_space() == 5
    assert len(game.new_initial_state(1).legal_actions()) == 5


def test_an_illegal_action_raises_with_the_legal_ones_named():
    state = ninefold.load_game("tic_tac_toe").new_initial_state(0)
    state.apply_action(4)
    before = state.hash()
    with pytest.raises(ninefold.Error, match=r"action 4 is not legal.*legal: 0 "):
        state.apply_action(4)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_text("nonsense")
    assert state.hash() == before


def test_a_finished_game_raises():
    state = ninefold.load_game("kuhn_poker").new_initial_state(0)
    state.apply_text("Pass")
    state.apply_text("Pass")
    assert state.is_terminal()
    with pytest.raises(ninefold.Error, match="is over"):
        state.apply_action(0)
    with pytest.raises(ninefold.Error, match="name the seat"):
        state.observation_tensor()


def test_bad_games_configs_and_seats_raise():
    with pytest.raises(ninefold.Error, match="unknown game 'chess'"):
        ninefold.load_game("chess")
    with pytest.raises(ninefold.Error, match="num_cards"):
        ninefold.load_game("goofspiel", num_cards=99)
    with pytest.raises(ninefold.Error, match="no_such_option"):
        ninefold.load_game("goofspiel", no_such_option=1)
    state = ninefold.load_game("kuhn_poker").new_initial_state(0)
    with pytest.raises(ninefold.Error, match="seat 7 does not exist"):
        state.observation_string(7)


def test_chance_is_drawn_from_the_seed():
    game = ninefold.load_game("kuhn_poker")
    deals = {game.new_initial_state(seed).observation_string(0) for seed in range(40)}
    assert len(deals) == 3  # every card for seat 0 comes up
    assert game.new_initial_state(9).hash() == game.new_initial_state(9).hash()


def test_actions_and_seats_must_be_integers_in_range():
    game = ninefold.load_game("tic_tac_toe")
    state = game.new_initial_state(1)
    with pytest.raises(TypeError, match="action must be an integer, not True"):
        state.apply_action(True)
    with pytest.raises(TypeError, match="action must be an integer, not 1.7"):
        state.apply_action(1.7)
    with pytest.raises(ValueError, match="action 18446744073709551615 is out of range"):
        state.apply_action(2**64 - 1)
    with pytest.raises(TypeError, match="action must be an integer"):
        state.action_to_string(False)
    with pytest.raises(ninefold.Error, match="seat 1099511627776 does not exist"):
        state.observation_tensor(2**40)
    with pytest.raises(TypeError, match="seat must be an integer"):
        state.observation_string(0.0)
    with pytest.raises(ninefold.Error, match="seat -1 does not exist"):
        state.determinize(-1, 3)
    assert state.legal_actions() == list(range(9))  # nothing was applied
    state.apply_action(np.int64(4))  # numpy integers are integers
    assert state.observation_tensor(np.int32(1)).shape == (3, 3, 3)
