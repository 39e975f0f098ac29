"""balance, match and tournament from Python: summary.json's content as Python objects."""

import ninefold
import pytest


def test_balance_returns_the_summary():
    summary = ninefold.balance("kuhn_poker", agents="random", games=400, seed=3)
    assert isinstance(summary, dict)
    assert summary["game"] == "kuhn_poker"
    again = ninefold.balance("kuhn_poker", agents="random", games=400, seed=3, threads=1)
    assert summary["games"] == again["games"] == 400
    assert summary["by_seat"] == again["by_seat"]  # the same deals on any thread count


def test_balance_takes_a_game_object_and_config_keywords():
    summary = ninefold.balance(ninefold.load_game("goofspiel", num_cards=5), agents="random",
                               games=200)
    assert summary["config"]["num_cards"] == "5"
    summary = ninefold.balance("goofspiel", agents="random", games=200, num_cards=6)
    assert summary["config"]["num_cards"] == "6"


def test_balance_values_the_groups_asked():
    summary = ninefold.balance("ninth-world", games=60, causal_games=10000, causal_groups="hero",
                               players=2, length="quick")
    values = summary["causal_values"]
    assert values["only_groups"] == ["hero"]
    assert [g["group"] for g in values["groups"]] == ["hero"]
    with pytest.raises(ninefold.Error, match="has no group 'bogus'"):
        ninefold.balance("ninth-world", games=10, causal_groups=["bogus"])


def test_match_and_tournament():
    match = ninefold.match("tic_tac_toe", ["mcts(iterations=50)", "random"], games=40)
    assert isinstance(match, dict) and match
    table = ninefold.tournament("kuhn_poker", ["random", "ismcts(iterations=20)", "flatmc(iterations=20)"],
                                games=40)
    assert isinstance(table, dict) and table


def test_experiment_errors():
    with pytest.raises(ninefold.Error, match="unknown game"):
        ninefold.balance("chess", games=10)
    with pytest.raises(ninefold.Error, match="two"):
        ninefold.match("kuhn_poker", ["random", "random"], games=10, players=3)


def test_to_pandas():
    pandas = pytest.importorskip("pandas")
    frame = ninefold.balance("kuhn_poker", agents="random", games=200).to_pandas()
    assert isinstance(frame, pandas.DataFrame) and len(frame) > 0


def test_sizes_the_commands_refuse_are_refused():
    with pytest.raises(ninefold.Error, match="games: Value 0 not in range 1 to 1099511627776"):
        ninefold.balance("tic_tac_toe", agents="random", games=0)
    with pytest.raises(ninefold.Error, match=f"games: Value {2**63} not in range"):
        ninefold.balance("tic_tac_toe", agents="random", games=2**63)
    with pytest.raises(ninefold.Error, match="threads: Value -1 not in range 0 to 4096"):
        ninefold.balance("tic_tac_toe", agents="random", games=10, threads=-1)
    with pytest.raises(ninefold.Error, match="games: Value 1 not in range 2 to"):
        ninefold.match("tic_tac_toe", ["random", "heuristic"], games=1)
    with pytest.raises(ninefold.Error, match="threads: Value 5000 not in range"):
        ninefold.tournament("tic_tac_toe", ["random", "heuristic"], games=10, threads=5000)
