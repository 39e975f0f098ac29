#!/usr/bin/env bash
# `ninefold learn` as a user drives it. Usage: learn_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"
cd "$work"

learn=("$bin" learn --quiet)
expect_error "unknown game" "unknown game 'realm'" "${learn[@]}" --game realm --out w.toml
expect_error "a game without features" "game 'sections' has no features" \
  "${learn[@]}" --game sections --out w.toml
expect_error "--out is required" "--out is required" "${learn[@]}" --game realms
expect_error "--every 0" "--every" "${learn[@]}" --game realms --every 0 --out w.toml
expect_error "--held-out 1" "--held-out" "${learn[@]}" --game realms --held-out 1 --out w.toml
expect_error "a bad agent" "unknown agent 'heurist'" \
  "${learn[@]}" --game realms --agents heurist --out w.toml
expect_error "a missing directory" "the directory 'no/such' does not exist" \
  "${learn[@]}" --game realms --games 4 --out no/such/w.toml
expect_error "a negative --max-memory" "--max-memory" \
  "${learn[@]}" --game realms --max-memory -1 --out w.toml
expect_error "a run that would not fit in memory stops after its first games, with what to change" \
  "more than the 0.001 GB allowed (--max-memory): play fewer games (--games" \
  "${learn[@]}" --game commanders --games 1000000000 --max-memory 0.001 --out w.toml
expect_error "... or sample less often, while a game has decisions to spare" \
  "allowed (--max-memory): sample less often (--every" \
  "${learn[@]}" --game commanders --games 1000000 --every 1 --max-memory 10 --out w.toml
check "no file is left after an error" test ! -e w.toml

"${learn[@]}" --game realms --games 60 --seed 5 --threads 1 --out w1.toml >w1.txt
"${learn[@]}" --game realms --games 60 --seed 5 --threads 2 --out w2.toml >/dev/null
check "the weights file is the same on 1 and 2 threads" cmp -s w1.toml w2.toml
check "the file names the game, the agent and every feature" bash -c \
  "grep -q \"game = 'realms'\" w1.toml && grep -q \"agent = 'heuristic'\" w1.toml &&
   [ \$(grep -c '^\[\[feature\]\]' w1.toml) -eq 28 ]"
check "the text compares the model with a constant and the game's evaluation" bash -c \
  "grep -q 'value model' w1.txt && grep -q 'constant' w1.txt && grep -q 'evaluate()' w1.txt"
check "search reads the written weights" bash -c "'$bin' play --game realms --seed 2 \
  --agents 'ismcts(iterations=20,eval=learned,weights=w1.toml),heuristic' >/dev/null"
sed 's/name = .aesir./name = '"'"'aesirr'"'"'/' w1.toml >bad.toml
expect_error "a weights file with a feature the game lacks names file and feature" \
  "bad.toml:" "$bin" play --game realms --agents "ismcts(eval=learned,weights=bad.toml),heuristic"
expect_error "the weights of another game" "the weights are for 'realms', not 'commanders'" \
  "$bin" play --game commanders --agents "ismcts(eval=learned,weights=w1.toml),heuristic"

echo "$failures failed"
[ "$failures" -eq 0 ]
