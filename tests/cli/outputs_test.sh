#!/usr/bin/env bash
# Outputs are the run's own: a command replaces only its own results, links are written
# through, two runs never write the same output at once, and an output that cannot be written
# fails before the first game. Usage: outputs_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"
bin="$(realpath "$bin")"
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
export TMPDIR="$work/tmp"  # fit's scratch folder, to look into
mkdir "$TMPDIR"
b=(balance --game commanders --games 20 --quiet)
quietly() { "$@" >/dev/null; }
seed_of() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['seed'])" "$1"; }

# --- result folders of one command each ------------------------------------------------------
"$bin" "${b[@]}" --seed 1 --out R >/dev/null
expect_error "tournament onto balance results is refused, naming them" \
  "--out 'R' holds balance results (summary.json), not tournament results" \
  "$bin" tournament --game commanders --agents heuristic,random --games 2 --quiet --out R
check "the balance results stay" bash -c "[ -f R/summary.json ] && [ ! -e R/tournament.json ]"
"$bin" "${b[@]}" --seed 2 --out R >/dev/null
check "balance replaces its own results" test "$(seed_of R/summary.json)" = 2
h=(holes --game tic_tac_toe --agent random --search 'mcts(iterations=20)' --games 2 --threads 1 --top 1)
"$bin" "${h[@]}" --out H >/dev/null
check "holes replaces its own results" quietly "$bin" "${h[@]}" --seed 5 --out H
check "... and the folder holds the second run" test "$(seed_of H/holes.json)" = 5
expect_error "merge onto holes results is refused, naming them" "--out 'H' holds holes results" \
  "$bin" merge R --out H
e=(exploitability --game kuhn_poker --agent random)
"$bin" "${e[@]}" --out E >/dev/null
check "exploitability replaces its own results" quietly "$bin" "${e[@]}" --seed 3 --out E
expect_error "balance onto exploitability results is refused" "holds exploitability results" \
  "$bin" "${b[@]}" --out E
mkdir older && echo '{"seed": 1}' >older/tournament.json
check "a folder of an older ninefold (no command in its summary) is still replaced" \
  quietly "$bin" "${b[@]}" --out older

# --- symbolic links ---------------------------------------------------------------------------
ln -s x xl
expect_error "--record and --report through a dangling link to it are the same path" \
  "are the same path" "$bin" "${b[@]}" --out L1 --record x --report xl
check "... and nothing was written" bash -c "[ ! -e x ] && [ ! -e L1 ]"
mkdir real && ln -s real link
"$bin" "${b[@]}" --out link >/dev/null
check "--out through a link to a folder writes into that folder; the link stays" \
  bash -c "[ -L link ] && [ -f real/summary.json ]"
"$bin" "${b[@]}" --seed 4 --out link >/dev/null
check "... and a rerun replaces what the link names" \
  bash -c "[ -L link ] && [ \"\$(readlink link)\" = real ] && [ \"\$(ls -d real.* 2>/dev/null)\" = '' ]"
check "... with the rerun's results" test "$(seed_of real/summary.json)" = 4

# --- one run per output -----------------------------------------------------------------------
long=(balance --game commanders --agents random --games 100000000 --quiet --decisiveness-games 0)
"$bin" "${long[@]}" --out C --record c.jsonl --report c.html >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 200); do [ -e C.ninefold-lock ] && [ -e c.html.ninefold-lock ] && break; sleep 0.05; done
expect_error "a second run on the same --out is refused at once, naming the first" \
  "--out 'C' is being written by another ninefold run (process $pid)" "$bin" "${b[@]}" --out C
expect_error "a second run on the same --record is refused" \
  "--record 'c.jsonl' is being written by another ninefold run" \
  "$bin" "${b[@]}" --out C2 --record c.jsonl
expect_error "a second run on the same --report is refused" \
  "--report 'c.html' is being written by another ninefold run" \
  "$bin" "${b[@]}" --out C3 --report c.html
ln -s C Clink
expect_error "... also through a link" "is being written by another ninefold run" \
  "$bin" "${b[@]}" --out Clink
check "a refused run leaves no folder and no lock of its own" bash -c "[ ! -e C2 ] && [ ! -e C3 ] && [ ! -e C2.ninefold-lock ]"
kill -TERM $pid; wait $pid 2>/dev/null
check "SIGTERM removes the run's lock files" bash -c "! ls *.ninefold-lock 2>/dev/null | grep -q ."
"$bin" "${b[@]}" --out C --record c.jsonl --report c.html >/dev/null
check "a finished run leaves no lock file" bash -c "[ -f C/summary.json ] && ! ls *.ninefold-lock 2>/dev/null | grep -q ."
echo 1234 >D.ninefold-lock
check "a lock file left by a killed run holds no lock" quietly "$bin" "${b[@]}" --out D

# --- unwritable outputs fail before the first game ---------------------------------------------
expect_error "learn: an unwritable --out fails before playing" "--out '/proc/nf-weights.toml' cannot be written" \
  timeout 60 "$bin" learn --game realms --games 1000000 --out /proc/nf-weights.toml

# --- what is printed -------------------------------------------------------------------------
{ head -c 10000000 /dev/zero | tr '\0' 'x'; echo; yes 1 | head -300; } |
  "$bin" play --game commanders --agents human,random --seed 1 >play.txt 2>&1
check "play repeats a long wrong answer cut to its first 80 characters" bash -c \
  "grep -q \"^your move> '$(printf 'x%.0s' $(seq 1 80))\\.\\.\\.' is not a legal move\" play.txt && [ \$(wc -c <play.txt) -lt 100000 ]"
# A full disk: writes above 1 KiB fail (and the signal that would end the process is ignored).
# Output to a pipe: the limit is on files alone.
( trap '' XFSZ; ulimit -f 1; exec "$bin" fit --quiet --game realms --target 'realm_win(Aesir)=0.5' \
  --free 'figures.Odin.health=4..6' --budget 120 --out F ) 2>"$work/err" | cat >/dev/null
check "fit: a full temporary folder is not blamed on --free" bash -c \
  "grep -q 'cannot write' '$work/err' && ! grep -q -- '--free' '$work/err'"
( trap '' XFSZ; ulimit -f 1; exec "$bin" fit --quiet --threads 1 --game commanders --target seat_advantage=0 \
  --free 'queen_redraws=0..3' --budget 400 --games-per-candidate 100 --confirm-games 100 --out F ) 2>"$work/err" | cat >fit.txt
check "fit: a failed write prints no 'reproduce with' line" bash -c \
  "grep -q 'cannot write' '$work/err' && grep -q 'fitted:' fit.txt && ! grep -q 'reproduce with' fit.txt"

[ "$failures" -eq 0 ]
