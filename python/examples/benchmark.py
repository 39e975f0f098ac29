"""Steps per second from Python: VectorEnv (n games stepped in C++) and one-state stepping
(pyspiel style: one apply_action call per move), beside ninefold_bench's random playouts.

    PYTHONPATH=build/release/python python3 python/examples/benchmark.py [--games tic_tac_toe,...]

Each figure is the mean of --repeats timed runs with a 95% t interval. The C++ figure is
ninefold_bench's random playouts/s (one thread) times the mean game length VectorEnv saw, so
all three are in steps (decisions) per second. A benchmark, not a test: the machine's load
moves every figure.
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import time

import numpy as np
import ninefold

T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}


def interval(values):
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, T95.get(len(values), 2.0) * statistics.stdev(values) / math.sqrt(len(values))


def vector_env_rate(game, n, threads, observe, seconds):
    env = ninefold.VectorEnv(game, n=n, seed=1, threads=threads)
    actions = np.full(n, -1, dtype=np.int64)
    env.step(actions, observe=observe)  # warm the threads
    start, steps, ended = time.perf_counter(), env.steps, 0
    while time.perf_counter() - start < seconds:
        _, _, done = env.step(actions, observe=observe)
        ended += int(done.sum())
    elapsed = time.perf_counter() - start
    return (env.steps - steps) / elapsed, (env.steps - steps) / max(1, ended)


def one_state_rate(game, seconds):
    rng = random.Random(1)
    state, steps, seed = game.new_initial_state(0), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            seed += 1
            state = game.new_initial_state(seed)
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps / (time.perf_counter() - start)


def bench_playouts(bench, game_id, seconds):
    out = subprocess.run([bench, "--seconds", str(seconds), "--filter", f"{game_id} random"],
                         capture_output=True, text=True, check=True).stdout
    results = json.loads(out[out.index("{"):])["results"]
    return next(r["per_second"] for r in results
                if r["name"] == f"{game_id} random playouts" and r["threads"] == 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="tic_tac_toe,leduc_poker,goofspiel,commanders")
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--bench", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "release", "ninefold_bench"))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    for game_id in args.games.split(","):
        game = ninefold.load_game(game_id)
        rows = {}
        lengths = []
        for label, threads, observe in (("VectorEnv 1 thread", 1, False),
                                        ("VectorEnv 2 threads", 2, False),
                                        ("VectorEnv 1 thread + tensors", 1, True)):
            rates = []
            for _ in range(args.repeats):
                rate, length = vector_env_rate(game, args.n, threads, observe, args.seconds)
                rates.append(rate)
                lengths.append(length)
            rows[label] = interval(rates)
        rows["one state (Python loop)"] = interval(
            [one_state_rate(game, args.seconds) for _ in range(args.repeats)])
        length = statistics.fmean(lengths)
        rows["C++ random playouts 1 thread"] = interval(
            [bench_playouts(args.bench, game_id, args.seconds) * length
             for _ in range(args.repeats)])
        print(f"\n{game_id} (mean game length {length:.1f} decisions, n={args.n}, "
              f"{args.repeats} runs of {args.seconds} s)")
        for label, (mean, half) in rows.items():
            print(f"  {label:32s} {mean:14,.0f} ± {half:,.0f} steps/s")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
