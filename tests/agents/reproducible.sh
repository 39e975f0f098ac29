#!/usr/bin/env bash
# Two separate processes with the same seed record the same games move for move: search
# agents draw only from the experiment's streams (no pointer-, time- or hash-salt-dependent
# order). Usage: reproducible.sh path/to/ninefold
set -euo pipefail
ninefold="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
run() {
  "$ninefold" balance --game "$1" --agents "$2" --games "$3" --seed 17 --threads 2 --quiet \
    --out "$dir/out$4" --record "$dir/record$4.jsonl" >/dev/null
}
for spec in "commanders|ismcts(iterations=200,trees=mo,sim=rm),ismcts(iterations=200,threads=2)|8" \
            "leduc_poker|ismcts(iterations=300),flatmc(iterations=200)|20" \
            "goofspiel|ismcts(iterations=200,sim=exp3),random|6"; do
  IFS='|' read -r game agents games <<<"$spec"
  run "$game" "$agents" "$games" a
  run "$game" "$agents" "$games" b
  if ! cmp -s "$dir/recorda.jsonl" "$dir/recordb.jsonl"; then
    echo "FAIL: $game with $agents: the two processes recorded different games"
    diff "$dir/recorda.jsonl" "$dir/recordb.jsonl" | head -5
    exit 1
  fi
  if [ "$(wc -l <"$dir/recorda.jsonl")" -lt "$games" ]; then
    echo "FAIL: $game: fewer records than games"
    exit 1
  fi
done
echo "search decisions identical across processes"
