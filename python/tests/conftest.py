"""Shared fixtures: every game and every config that `ninefold check --all` covers."""

import ninefold
import pytest

GAME_CONFIGS = [(g["id"], config) for g in ninefold.games() for config in g["check_configs"]]


def config_id(value):
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in sorted(value.items())) or "default"
    return str(value)


@pytest.fixture(params=GAME_CONFIGS, ids=lambda p: f"{p[0]}[{config_id(p[1])}]")
def game(request):
    game_id, config = request.param
    return ninefold.load_game(game_id, **config)


def random_playout(game, seed, steps=None):
    """The states of one random game (every state, or the first `steps`)."""
    import random

    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    states = [state.clone()]
    while not state.is_terminal() and (steps is None or len(states) < steps):
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def run_python(code, timeout=30):
    """Runs `code` in a fresh interpreter (for calls that could crash or hang this one) and
    returns its (exit code, stdout, stderr); a run past `timeout` seconds fails the test."""
    import os
    import subprocess
    import sys
    import textwrap

    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                              text=True, timeout=timeout, env=dict(os.environ))
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {timeout} s")
    return done.returncode, done.stdout, done.stderr
