#!/usr/bin/env bash
# The bench signature (ninefold_bench --signature: a hash of seeded games and searches of every
# game) must equal tests/golden/bench.signature. A difference means a rule or a search changed
# what it does; after an intended change, scripts/regenerate-goldens records the new value.
set -euo pipefail
bench="$1"
expected="$(cat "$(dirname "$0")/bench.signature")"
actual="$("$bench" --signature | awk '{print $3}')"
if [ "$actual" != "$expected" ]; then
  echo "bench signature $actual differs from the recorded $expected: some game's rules or a search" >&2
  echo "changed what they do. If that was intended, run scripts/regenerate-goldens." >&2
  exit 1
fi
echo "bench signature $actual matches"
