#!/usr/bin/env bash
# Drives the ninefold binary as a user would. Usage: cli_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"

check "games lists commanders with its options" bash -c "'$bin' games | grep -q 'round_cap=300'"
check "agents lists the heuristic's parameters" bash -c "'$bin' agents --game commanders | grep -q 'aggression=0.4'"
check "play prints a whole game" bash -c "'$bin' play --game commanders --agents heuristic,random --seed 7 | grep -q '^result: '"

expect_error "unknown game" "unknown game 'chess'" "$bin" balance --game chess
expect_error "unknown agent" "unknown agent 'alphazero'" "$bin" balance --game commanders --agents alphazero --games 10
expect_error "bad agent parameter" "unknown parameter 'agression'" "$bin" balance --game commanders --agents 'heuristic(agression=1)' --games 10
expect_error "bad config option" "unknown parameter 'round_limit'" "$bin" balance --game commanders --config round_limit=5 --games 10
expect_error "bad config value" "round_cap=0: out of range" "$bin" balance --game commanders --config round_cap=0 --games 10
expect_error "wrong number of agents" "has 2 seats but 3 agents" "$bin" balance --game commanders --agents random,random,random --games 10
expect_error "unknown flag" "--gmaes" "$bin" balance --game commanders --gmaes 10
expect_error "zero games" "--games" "$bin" balance --game commanders --games 0

# Determinism: the same summary counts for one and two threads.
"$bin" balance --game commanders --agents heuristic,random --games 3000 --seed 5 --threads 1 --quiet --out "$work/t1" >/dev/null
"$bin" balance --game commanders --agents heuristic,random --games 3000 --seed 5 --threads 2 --quiet --out "$work/t2" >/dev/null
check "summary counts identical for --threads 1 and 2" bash -c \
  "python3 -c 'import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if a[\"counts\"]==b[\"counts\"] and a[\"elements\"]==b[\"elements\"] else 1)' '$work/t1/summary.json' '$work/t2/summary.json'"
check "CSV tables written" test -s "$work/t1/agents.csv" -a -s "$work/t1/seats.csv" -a -s "$work/t1/commanders.csv"

# Records and replay.
"$bin" balance --game commanders --agents heuristic,random --games 200 --seed 3 --quiet --out "$work/r" \
  --record "$work/games.jsonl" --record-every 10 >/dev/null
check "one record per 10 games" test "$(wc -l <"$work/games.jsonl")" -eq 20
check "replay of record 4 matches" bash -c "'$bin' replay '$work/games.jsonl' --index 4 | grep -q 'match'"
check "replay --show prints every step" bash -c "'$bin' replay '$work/games.jsonl' --index 0 --show | grep -q '^#1 seat 0'"
expect_error "replay of a missing record" "there is no record 99" "$bin" replay "$work/games.jsonl" --index 99
printf '{"game":"commanders","config":{},"seed":1,\n' >"$work/bad.jsonl"
expect_error "malformed record line" "bad.jsonl:1: not valid JSON" "$bin" replay "$work/bad.jsonl"
sed 's/"actions":\["[^"]*"/"actions":["stop"/' "$work/games.jsonl" | head -1 >"$work/illegal.jsonl"
expect_error "illegal action in a record" "action 1 'stop' is not legal" "$bin" replay "$work/illegal.jsonl"
sed 's/"state_hash":"[0-9a-f]*"/"state_hash":"0000000000000000"/' "$work/games.jsonl" | head -1 >"$work/hash.jsonl"
expect_error "hash mismatch is reported" "MISMATCH" "$bin" replay "$work/hash.jsonl"

# A failing run leaves earlier output alone.
cp "$work/t1/summary.json" "$work/before.json"
"$bin" balance --game commanders --agents nobody --games 10 --out "$work/t1" >/dev/null 2>&1
check "failed run keeps the previous summary" cmp -s "$work/before.json" "$work/t1/summary.json"

# A long run whose stderr is a file (a log, a pipe through tee) shows a plain progress line
# every 30 s; on a terminal the line is redrawn in place instead.
timeout -s INT 35 "$bin" balance --game commanders --games 1000000000000 --threads 1 \
  --out "$work/long" >/dev/null 2>"$work/long.err"
check "a long run logs plain progress lines when stderr is a file" \
  bash -c "grep -q '% of commanders .* ETA .* scores' '$work/long.err' && ! grep -q \$'\\r' '$work/long.err'"

echo "$((26 - failures)) passed, $failures failed" >/dev/null
[ "$failures" -eq 0 ]
