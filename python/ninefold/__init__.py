"""ninefold from Python: every game, agent and experiment of the C++ toolkit.

    import ninefold
    game = ninefold.load_game("goofspiel", num_cards=9)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(ninefold.agent("ismcts(iterations=200)", game).step(state))

The API is documented in docs/python.md.
"""

import warnings

from ninefold._core import (  # noqa: F401  (the public API)
    Agent,
    Error,
    Game,
    State,
    VectorEnv,
    agent,
    games,
    hash_hex,
    load_game,
    load_record,
    running_hash,
)
from ninefold import _core

__all__ = [
    "Agent", "Error", "Game", "State", "VectorEnv", "Summary", "agent", "games", "hash_hex",
    "load_game", "load_record", "running_hash", "play", "replay", "balance", "match",
    "tournament",
]


class Summary(dict):
    """What a command writes as summary.json, as Python objects, with to_pandas()."""

    def to_pandas(self):
        """The summary's main table as a pandas DataFrame (pandas must be installed).

        A balance summary gives one row per seat ("by_seat"; a co-op game's one team row),
        a tournament one row per agent (its ratings); anything else one flattened row.
        """
        import pandas

        for rows in (self.get("by_seat"), self.get("team"),
                     self.get("ratings", {}).get("agents") if isinstance(self.get("ratings"),
                                                                         dict) else None):
            if isinstance(rows, dict):
                rows = [rows]
            if isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows):
                return pandas.json_normalize(rows)
        return pandas.json_normalize(dict(self))


def _game_and_config(game, config):
    """(id, config text) from a Game object or an id with config keywords."""
    _check_game(game, ids=True)
    if isinstance(game, Game):
        merged = dict(game.config)
        merged.update(config)
        game = game.id
        config = merged
    return game, _core_config(config)


def _check_game(game, ids=False):
    """TypeError unless `game` is a Game (or, with ids, a game id)."""
    if isinstance(game, Game) or (ids and isinstance(game, str)):
        return
    wanted = "a game id or a ninefold.Game" if ids else "a ninefold.Game (load_game)"
    raise TypeError(f"game must be {wanted}, not {game!r}")


def _core_config(config):
    out = {}
    for key, value in config.items():
        out[key] = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return out


def _as_agent(spec, game, seed):
    """An object with step(state) for a spec, an Agent or a callable(state) -> action id."""
    if isinstance(spec, str):
        return agent(spec, game, seed)
    if isinstance(spec, Agent):
        return spec
    if callable(spec):
        return _CallableAgent(spec)
    raise TypeError(f"an agent is a spec, a ninefold.Agent or a callable, not {spec!r}")


class _CallableAgent:
    def __init__(self, policy):
        self.policy = policy
        self.spec = getattr(policy, "__name__", "python")

    def step(self, state):
        # The policy gets a copy, so it cannot change the game it plays.
        return self.policy(state.clone())


def play(game, agents, seed=0, agent_seed=1):
    """Plays one game; agents: one per seat (or one for all), each a spec, a ninefold.Agent
    or a callable(state) -> action id. Returns the final State."""
    _check_game(game)
    if isinstance(agents, (str, Agent)) or callable(agents):
        agents = [agents] * game.num_players()
    if len(agents) != game.num_players():
        raise Error(f"play: {len(agents)} agents for {game.num_players()} seats")
    players = [_as_agent(a, game, agent_seed + seat) for seat, a in enumerate(agents)]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    return state


def replay(record, path=None):
    """Plays a record (a dict from load_record, or a file path and index) again and checks it
    passes through the recorded states to the recorded result. Returns the final State;
    ninefold.Error on any difference."""
    if isinstance(record, str):
        record = load_record(record, 0 if path is None else path)
    game = load_game(record["game"], **record.get("config", {}))
    state = game.new_initial_state(record["seed"])
    hashes = []
    for number, text in enumerate(record["actions"], start=1):
        try:
            state.apply_text(text)
        except Error as error:
            raise Error(f"record action {number}: {error}") from None
        hashes.append(state.hash())
    if not state.is_terminal():
        raise Error(f"the record ends after {len(hashes)} actions but the game has not ended")
    if record.get("running_hash") and running_hash(hashes) != record["running_hash"]:
        raise Error("the replay passes through other states than the recorded game "
                    f"(running hash {running_hash(hashes)}, the record says "
                    f"{record['running_hash']})")
    if state.returns() != record["returns"] or hash_hex(state.hash()) != record["state_hash"]:
        raise Error(f"replay gives returns {state.returns()} and hash {hash_hex(state.hash())}, "
                    f"the record says {record['returns']} and {record['state_hash']}")
    if not record.get("running_hash"):
        # As `ninefold replay` says: a changed action that reaches the same end goes unnoticed.
        warnings.warn(f"{len(hashes)} actions replayed; result and state hash match (final-state "
                      "check only: the record has no running_hash, so the states on the way were "
                      "not checked)", stacklevel=2)
    return state


def _agents_text(agents):
    return agents if agents is None or isinstance(agents, str) else list(agents)


def balance(game, agents=None, games=None, seed=1, threads=0, paired=True, causal_games=None,
            causal_groups=(), record=None, quiet=True, **config):
    """`ninefold balance`: summary.json's content. game: an id (config as keywords) or a
    Game; agents: one spec for every seat, or one per seat; games: None for the game's
    default (about a minute on two cores); causal_games, causal_groups: the replacement budget
    and the groups it goes to (`--causal-games`, `--causal-groups`; a name or a list of
    names); record: a JSON Lines file to write every game's record to (load_record and replay
    read them)."""
    game_id, config = _game_and_config(game, config)
    groups = [causal_groups] if isinstance(causal_groups, str) else list(causal_groups)
    return Summary(_core._balance(game_id, config, _agents_text(agents), games, seed, threads,
                                  paired, causal_games, groups,
                                  "" if record is None else str(record), quiet))


def match(game, agents, games=2000, seed=1, threads=0, sprt="", quiet=True, **config):
    """`ninefold match` between two agents on paired deals: match.json's content. An agent
    may be a Python callable(state) -> action id; the match is then played in Python (slow)
    and summarised by _python_match."""
    game_id, config = _game_and_config(game, config)
    if len(agents) != 2 and not isinstance(agents, str):
        raise Error("match: give exactly two agents")
    if not isinstance(agents, str) and any(not isinstance(a, str) for a in agents):
        return _python_match(load_game(game_id, **config), agents, games, seed)
    return Summary(_core._match(game_id, config, _agents_text(agents), games, seed, threads,
                                sprt, quiet))


def tournament(game, agents, games=2000, seed=1, threads=0, quiet=True, **config):
    """`ninefold tournament`: every pair of agents on the same paired deals; tournament.json's
    content."""
    game_id, config = _game_and_config(game, config)
    return Summary(_core._tournament(game_id, config, _agents_text(agents), games, seed,
                                     threads, quiet))


def _python_match(game, agents, games, seed):
    """Agent A against B, each deal played in both seat orders, with Python agents. The score
    is A's points per game (win 1, draw 1/2) with the interval and the paired test the CLI's
    match reports (honest when every pair ends alike)."""
    if game.num_players() != 2:
        raise Error("match plays two agents head to head and needs a two-seat game")
    deals = max(1, (games + 1) // 2)
    pairs = [0] * 5  # pairs by A's half points over the two games of a deal
    wins = draws = losses = 0
    for deal in range(deals):
        half_points = 0
        for a_seat in (0, 1):
            order = [agents[0], agents[1]] if a_seat == 0 else [agents[1], agents[0]]
            returns = play(game, order, seed=seed + deal, agent_seed=seed + 2 * deal).returns()
            mine, theirs = returns[a_seat], returns[1 - a_seat]
            if mine > theirs:
                wins, half_points = wins + 1, half_points + 2
            elif mine == theirs:
                draws, half_points = draws + 1, half_points + 1
            else:
                losses += 1
        pairs[half_points] += 1
    mean = sum(k * n for k, n in enumerate(pairs)) / (4 * deals)
    tested = _core._pair_score(pairs)
    names = [a if isinstance(a, str) else _as_agent(a, game, 1).spec for a in agents]
    return Summary({
        "game": game.id, "agents": names, "games": 2 * deals, "seed": seed,
        "a_wins": wins, "draws": draws, "a_losses": losses,
        "score": mean, "score_interval": list(tested["score_interval"]), "p": tested["p"],
        "played_in": "python",
    })
