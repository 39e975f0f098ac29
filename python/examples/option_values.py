"""What each option of one kind of decision is worth, round by round, in an agent's own games.

At every decision whose legal moves are exactly OPTIONS (as text), each option is played in K
paired continuations: the state is determinized for the player to move with the same seed for
every option, the option is applied and the agent plays the game out. The mean paired
difference (first option minus second, in the player's return) is printed by round (read from
the state's text where the game shows one, else 0) with a 95% interval (from 30 decisions a
round), beside how often the agent itself picks the first option.

  PYTHONPATH=build/release/python python3 python/examples/option_values.py \
      ragnarok "go first" "go second" --games 3000 --k 16
"""
import argparse
import collections
import math
import re
import sys

import ninefold


def option_values(args):
    """round -> [(the first option's value minus the second's, the agent picked the first)]"""
    game = ninefold.load_game(args.game)
    bot = ninefold.agent(args.agent, game, seed=args.seed)
    by_round = collections.defaultdict(list)
    for seed in range(args.seed, args.seed + args.games):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            texts = state.legal_action_texts()
            choice = bot.step(state)
            if sorted(texts) == sorted(args.options):
                player = state.current_player()
                value = [0.0, 0.0]
                for k in range(args.k):
                    for i, option in enumerate(args.options):
                        c = state.clone()
                        c.determinize(player, seed * 100003 + k)
                        c.apply_text(option)
                        while not c.is_terminal():
                            c.apply_action(bot.step(c))
                        value[i] += c.returns()[player] / args.k
                picked = texts[choice] == args.options[0]
                found = re.match(r"round (\d+)", str(state))
                by_round[int(found.group(1)) if found else 0].append((value[0] - value[1], picked))
            state.apply_action(choice)
    return by_round


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("options", nargs=2, help="the two moves, as text")
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--k", type=int, default=16, help="paired continuations per option")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        by_round = option_values(args)
    except ninefold.Error as e:
        sys.exit(f"option_values.py: {e}")
    if not by_round:
        sys.exit(f"option_values.py: no decision in {args.games} games offered exactly "
                 f"{args.options[0]!r} and {args.options[1]!r}")

    print(f"{args.options[0]!r} minus {args.options[1]!r}, {args.agent} continuations")
    print("round  decisions  difference (95% CI)       agent picks the first")
    for r in sorted(by_round):
        rows = by_round[r]
        d = [x for x, _ in rows]
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, len(d) - 1))
        half = 1.96 * sd / math.sqrt(len(d))
        # A normal interval needs a sample: with few decisions it can be falsely narrow.
        ci = f"[{mean - half:+.3f}, {mean + half:+.3f}]" if len(d) >= 30 else "(n < 30)       "
        first = sum(p for _, p in rows) / len(rows)
        print(f"{r:5d}  {len(d):9d}  {mean:+.3f} {ci}  {first:.2f}")


if __name__ == "__main__":
    main()
