"""Records written by balance, loaded and replayed from Python."""

import warnings

import ninefold
import pytest


def test_records_load_and_replay(tmp_path):
    path = tmp_path / "games.jsonl"
    ninefold.balance("leduc_poker", agents="random", games=6, record=path)
    record = ninefold.load_record(str(path), 2)
    assert record["game"] == "leduc_poker" and record["actions"]
    final = ninefold.replay(record)
    assert final.is_terminal() and final.returns() == record["returns"]
    assert ninefold.replay(str(path), 0).is_terminal()


def test_a_record_in_a_missing_folder_is_refused(tmp_path):
    path = tmp_path / "no" / "such" / "games.jsonl"
    with pytest.raises(ninefold.Error, match="the folder .* does not exist"):
        ninefold.balance("tic_tac_toe", agents="random", games=2, record=path)
    assert not (tmp_path / "no").exists()


def test_a_changed_record_does_not_replay(tmp_path):
    path = tmp_path / "games.jsonl"
    ninefold.balance("tic_tac_toe", agents="random", games=2, record=path)
    record = ninefold.load_record(str(path), 0)
    record["returns"] = [r + 1 for r in record["returns"]]
    with pytest.raises(ninefold.Error, match="the record says"):
        ninefold.replay(record)
    record = ninefold.load_record(str(path), 0)
    record["actions"] = record["actions"][:-1]
    with pytest.raises(ninefold.Error, match="has not ended"):
        ninefold.replay(record)
    with pytest.raises(ninefold.Error):
        ninefold.load_record(str(tmp_path / "missing.jsonl"))


def test_a_record_without_running_hash_replays_with_a_warning(tmp_path):
    path = tmp_path / "games.jsonl"
    ninefold.balance("tic_tac_toe", agents="random", games=2, record=path)
    record = ninefold.load_record(str(path), 0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ninefold.replay(record)  # the full check: no warning
    del record["running_hash"]
    with pytest.warns(UserWarning, match="final-state check only"):
        ninefold.replay(record)
