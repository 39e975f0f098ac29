"""The README's example (python/examples/example.py) runs as a notebook would run it."""

import os
import pathlib
import runpy

import ninefold


def test_the_readme_example_runs(capsys):
    source = pathlib.Path(os.environ.get("NINEFOLD_SOURCE", pathlib.Path(__file__).parents[2]))
    runpy.run_path(str(source / "python" / "examples" / "example.py"), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    ids = [g["id"] for g in ninefold.games()]
    assert [line.split()[0] for line in lines[:len(ids)]] == ids  # every game played
    assert lines[len(ids)].startswith("ismcts bids")
    assert lines[-1].startswith("[")  # the seats' scores from the balance summary


def test_option_values_prints_a_row_per_round(capsys, monkeypatch):
    source = pathlib.Path(os.environ.get("NINEFOLD_SOURCE", pathlib.Path(__file__).parents[2]))
    script = source / "python" / "examples" / "option_values.py"
    argv = [str(script), "ragnarok", "go first", "go second", "--games", "3", "--k", "2"]
    monkeypatch.setattr("sys.argv", argv)
    runpy.run_path(str(script), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "'go first' minus 'go second', heuristic continuations"
    rounds = [line.split() for line in lines[2:]]
    assert [int(r[0]) for r in rounds][:3] == [1, 2, 3]  # the d20 winner chooses every round
    assert all(int(r[1]) == 3 for r in rounds[:3])  # one decision a game in each early round
    assert all(r[-1] == "0.00" for r in rounds[:3])  # the heuristic goes second until round 4
