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
