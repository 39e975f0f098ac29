"""What is safe to share between Python threads, and Ctrl-C during long calls. Each case runs
in a fresh interpreter: before ninefold handled them they crashed or ran on for minutes."""

import pytest
from conftest import run_python

SHARED_BY_THREADS = """
import threading
import numpy as np
import ninefold

game = ninefold.load_game("goofspiel", num_cards=6)
bot = ninefold.agent("ismcts(iterations=300)", game, seed=2)
env = ninefold.VectorEnv(game, n=64, seed=1, threads=2)
shared = game.new_initial_state(9)
failures = []

def search(thread):
    try:
        for k in range(12):
            state = game.new_initial_state(100 * thread + k)
            assert bot.step(state) in state.legal_actions()
            try:  # another thread plays `shared` to its end meanwhile
                assert bot.step(shared) in range(6)
            except ninefold.Error as error:
                assert "is over" in str(error)
    except Exception as error:
        failures.append(repr(error))

def step_env():
    try:
        for _ in range(200):
            obs, rewards, done = env.step(np.full(len(env), -1))
            assert obs.shape[0] == 64 and env.state(3).current_player() >= 0
    except Exception as error:
        failures.append(repr(error))

def move_shared():
    while not shared.is_terminal():
        shared.apply_action(shared.legal_actions()[0])

threads = [threading.Thread(target=search, args=(t,)) for t in range(4)]
threads += [threading.Thread(target=step_env) for _ in range(2)]
threads += [threading.Thread(target=move_shared)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("failures:", failures)
"""


def test_agents_vector_envs_and_states_can_be_shared_by_threads():
    code, out, err = run_python(SHARED_BY_THREADS)
    assert code == 0, err[-2000:]
    assert "failures: []" in out


INTERRUPTED = """
import os, signal, sys, threading, time
import ninefold

sent = None

def interrupt():
    global sent
    time.sleep(0.5)
    sent = time.monotonic()
    os.kill(os.getpid(), signal.SIGINT)

game = ninefold.load_game("tic_tac_toe")
threading.Thread(target=interrupt, daemon=True).start()
try:
    {call}
except KeyboardInterrupt:
    print(f"interrupted after {{time.monotonic() - sent:.2f}} s")
    sys.exit(0)
print("finished")
"""


@pytest.mark.parametrize("call", [
    "ninefold.balance(game, agents='random', games=2**40, threads=1)",
    "ninefold.match(game, ['mcts(iterations=300)', 'random'], games=10**9, threads=1)",
    "ninefold.agent('mcts(iterations=1000000000)', game).step(game.new_initial_state(1))",
])
def test_ctrl_c_stops_a_long_call_within_a_second(call):
    code, out, err = run_python(INTERRUPTED.format(call=call), timeout=20)
    assert code == 0 and "interrupted after" in out, out + err[-2000:]
    assert float(out.split("interrupted after ")[1].split()[0]) < 2.0


CRASHED_BEFORE = """
import ninefold

game = ninefold.load_game("tic_tac_toe")
calls = {
    "agent": lambda: ninefold.agent("random", None),
    "VectorEnv": lambda: ninefold.VectorEnv(None, n=2),
    "Agent.step": lambda: ninefold.agent("random", game).step(None),
    "play": lambda: ninefold.play(None, "random"),
    "balance": lambda: ninefold.balance(None, agents="random", games=2),
}
for name, call in calls.items():
    try:
        call()
        print(name, "accepted None")
    except TypeError as error:
        print(name, "TypeError:", error)
env = ninefold.VectorEnv(game, n=2, threads=70000)
"""


def test_none_for_a_game_or_state_is_a_type_error_and_threads_are_range_checked():
    code, out, err = run_python(CRASHED_BEFORE)
    for name in ["agent", "VectorEnv", "Agent.step", "play", "balance"]:
        assert f"{name} TypeError:" in out, out + err[-2000:]
    assert "is None" in out or "not None" in out
    assert code == 1 and "threads: Value 70000 not in range 0 to 4096" in err, err[-2000:]


INTERRUPTED_WHILE_RECORDING = """
import os, signal, sys, threading, time
import ninefold

def interrupt():
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGINT)

folder = {folder!r}
threading.Thread(target=interrupt, daemon=True).start()
try:
    ninefold.balance("tic_tac_toe", agents="random", games=2**40, threads=1,
                     record=os.path.join(folder, "games.jsonl"))
except KeyboardInterrupt:
    print("interrupted")
print("handler is Python's:", signal.getsignal(signal.SIGINT) is signal.default_int_handler)
print("left behind:", sorted(os.listdir(folder)))
"""


def test_ctrl_c_while_recording_leaves_the_interpreter_its_handler_and_no_temporaries(tmp_path):
    code, out, err = run_python(INTERRUPTED_WHILE_RECORDING.format(folder=str(tmp_path)),
                                timeout=20)
    assert code == 0 and "interrupted" in out, out + err[-2000:]
    assert "handler is Python's: True" in out, out
    assert "left behind: []" in out, out
