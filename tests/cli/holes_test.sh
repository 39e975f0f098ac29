#!/usr/bin/env bash
# `ninefold holes` as a user drives it. Usage: holes_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"
cd "$work"

x=("$bin" holes)
expect_error "unknown game" "unknown game 'tictactoe'" "${x[@]}" --game tictactoe
expect_error "a judge that is not a search" "holes reads the root values of a search" \
  "${x[@]}" --game tic_tac_toe --agent random --search random
expect_error "an unknown player" "unknown agent 'randomm'" \
  "${x[@]}" --game tic_tac_toe --agent randomm
expect_error "one game has no interval" "--games" "${x[@]}" --game tic_tac_toe --agent random --games 1

# Random moves in tic-tac-toe throw away wins and allow losses: a search must say they cost.
"${x[@]}" --game tic_tac_toe --agent random --search 'mcts(iterations=2000)' --games 30 \
  --threads 1 --out a --report a.html >out.txt
check "random play costs tic-tac-toe games by the search's values (interval above 0)" \
  python3 -c "import json,sys; r=json.load(open('a/holes.json'))['regret_per_game']; sys.exit(r['low'] <= 0)"
check "the costliest decisions name a seed and a decision to watch" \
  grep -q "seed [0-9]* #[0-9]* seat" out.txt
check "the report page names the player and the game" grep -q "holes of random in tic_tac_toe" a.html
"${x[@]}" --game tic_tac_toe --agent random --search 'mcts(iterations=2000)' --games 30 \
  --threads 2 --out b >/dev/null
check "the result does not depend on the thread count" \
  cmp -s <(grep -v '"seconds"\|"created"\|"duration' a/holes.json) \
  <(grep -v '"seconds"\|"created"\|"duration' b/holes.json)
# Game g is `play --seed SEED+g`: the decision listed is that game's.
seed=$(python3 -c "import json; print(json.load(open('a/holes.json'))['worst'][0]['seed'])")
decision=$(python3 -c "import json; print(json.load(open('a/holes.json'))['worst'][0]['decision'])")
move=$(python3 -c "import json; print(json.load(open('a/holes.json'))['worst'][0]['player_move'])")
"$bin" play --game tic_tac_toe --agents random --seed "$seed" >play.txt
check "the worst decision is the move \`play\` shows under its number" \
  grep -q "^#$decision seat [0-9] (random): $move\$" play.txt

echo "$failures failed"
[ "$failures" -eq 0 ]
