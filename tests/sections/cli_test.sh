#!/usr/bin/env bash
# Drives the ninefold binary with the sections game. Usage: cli_test.sh path/to/ninefold
source "$(dirname "$0")/../cli/common.sh"
json() {  # json file 'python expression on j' : prints the value
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}

check "games lists sections with its player count" bash -c "'$bin' games | grep -q 'players=2'"
check "agents lists the sections heuristic's weights" bash -c "'$bin' agents --game sections | grep -q 'blocking=[0-9]'"
lineups=([2]="heuristic,random" [3]="heuristic,random,random" [4]="heuristic,random,random,random")
for players in 2 3 4; do
  check "play a $players-player game" bash -c \
    "'$bin' play --game sections --config players=$players --agents ${lineups[$players]} --seed 5 | grep -q '^result: '"
done
expect_error "one player is refused" "players=1: out of range" "$bin" balance --game sections --config players=1 --games 10
expect_error "five players are refused" "players=5: out of range" "$bin" balance --game sections --config players=5 --games 10
expect_error "wrong number of agents for 3 players" "has 3 seats but 2 agents" "$bin" balance --game sections --config players=3 --agents heuristic,random --games 10
expect_error "commanders has no tournament" "does not define how a match is scored" "$bin" balance --game commanders --tournament --games 10
expect_error "a tournament needs paired games" "drop --unpaired" "$bin" balance --game sections --tournament --unpaired --games 10

# The 2-player tournament.
"$bin" balance --game sections --config players=2 --tournament --agents heuristic,random --games 400 --seed 2 \
  --quiet --decisiveness-games 10 --out "$work/tour" >"$work/tour.txt"
check "tournament table printed" grep -q "^tournament: 200 matches of 2 games" "$work/tour.txt"
check "tournament in summary.json" test "$(json "$work/tour/summary.json" 'j["tournament"]["matches"]')" = 200
check "heuristic wins most matches" python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if j['tournament']['by_agent'][0]['wins'] > 180 else 1)" "$work/tour/summary.json"
check "Ludii metrics in the table" grep -q "^Ludii metrics: AdvantageP1" "$work/tour.txt"
check "outcome table written" test -s "$work/tour/outcomes.csv"

# Same counts for 1 and 2 threads, with 4 players.
for t in 1 2; do
  "$bin" balance --game sections --config players=4 --agents heuristic,random,random,random --games 400 --seed 9 \
    --threads $t --quiet --decisiveness-games 20 --out "$work/t$t" >/dev/null
done
check "4-player counts identical for --threads 1 and 2" python3 -c \
  "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if a['counts']==b['counts'] and a['elements']==b['elements'] and a['ludii_metrics']==b['ludii_metrics'] else 1)" \
  "$work/t1/summary.json" "$work/t2/summary.json"

# Records of 3-player games replay to the same end.
"$bin" balance --game sections --config players=3 --agents heuristic,random,random --games 60 --seed 3 --quiet --decisiveness-games 0 \
  --out "$work/r" --record "$work/games.jsonl" --record-every 6 >/dev/null
check "one record per 6 games" test "$(wc -l <"$work/games.jsonl")" -eq 10
check "replay of record 7 matches" bash -c "'$bin' replay '$work/games.jsonl' --index 7 | grep -q 'match'"
sed 's/"actions":\["[^"]*"/"actions":["enter Ta"/' "$work/games.jsonl" | head -1 >"$work/illegal.jsonl"
expect_error "an illegal action in a record" "action 1 'enter Ta' is not legal" "$bin" replay "$work/illegal.jsonl"

# Perfect information: the plain UCT agent plays it, for any player count.
check "mcts plays 3-player sections" bash -c \
  "'$bin' balance --game sections --config players=3 --agents 'mcts(iterations=50)' --games 3 --quiet --out '$work/mcts' | grep -q '^sections: '"

[ "$failures" -eq 0 ]
