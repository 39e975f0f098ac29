#!/usr/bin/env bash
# The bench signature (ninefold_bench --signature: a hash of seeded games and searches, one line
# per game and config, then the whole) must equal tests/golden/bench.signature. A difference
# means a rule or a search changed what it does; the first line that differs names the game.
# After an intended change, scripts/regenerate-goldens records the new lines.
set -euo pipefail
bench="$1"
expected_file="$(dirname "$0")/bench.signature"
actual="$("$bench" --signature)"
if [ "$actual" != "$(cat "$expected_file")" ]; then
  first="$(diff <(echo "$actual") "$expected_file" | grep '^<' | head -1 | cut -c3- || true)"
  echo "the bench signature differs from tests/golden/bench.signature, first at: $first" >&2
  echo "That game's rules or a search changed what they do (lines after it follow)." >&2
  echo "If that was intended, run scripts/regenerate-goldens." >&2
  diff <(echo "$actual") "$expected_file" >&2 || true
  exit 1
fi
echo "$actual" | tail -1 | sed 's/$/ matches/'
