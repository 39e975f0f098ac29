#!/usr/bin/env bash
# `mpirun -np 2 ninefold balance` must give the single-process result exactly.
# Usage: mpi_test.sh path/to/ninefold ON|OFF (whether the binary was built with MPI).
# Exits 77 (skipped) with a message when MPI is not available.
set -u
bin="$(realpath "$1")"
built_with_mpi="$2"
if [ "$built_with_mpi" != "ON" ]; then
  echo "SKIPPED: ninefold was built without MPI (install libopenmpi-dev and openmpi-bin, e.g. with scripts/setup, and reconfigure)"
  exit 77
fi
if ! command -v mpirun >/dev/null 2>&1; then
  echo "SKIPPED: mpirun is not installed (Debian package openmpi-bin)"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Open MPI refuses to run as root unless told that this is intended.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# In the sanitizer build: Open MPI never frees what MPI_Init allocates (in plugins it unloads,
# so suppressions cannot name them); ninefold's own leaks are checked by every other test.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
args=(balance --game commanders --agents heuristic,random --games 30000 --seed 21 --quiet)
"$bin" "${args[@]}" --out "$work/single" >/dev/null || { echo "FAILED: single-process run"; exit 1; }
# --oversubscribe: two ranks even where fewer cores are free.
if ! mpirun --oversubscribe -np 2 "$bin" "${args[@]}" --out "$work/mpi" >"$work/stdout" 2>"$work/stderr"; then
  echo "FAILED: mpirun -np 2"; cat "$work/stderr"; exit 1
fi
failures=0
python3 - "$work/single/summary.json" "$work/mpi/summary.json" <<'PY' || failures=$((failures + 1))
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
if json.dumps(a["counts"]) != json.dumps(b["counts"]):
    print("FAILED: the counts differ"); sys.exit(1)
for s in (a, b):
    for k in ("seconds", "games_per_second", "threads", "checksum"):
        s.pop(k)
    if isinstance(s.get("causal_values"), dict):
        s["causal_values"].pop("seconds", None)
if a != b:
    print("FAILED: the summaries differ"); sys.exit(1)
print("ok: mpirun -np 2 gives byte-identical counts and the same summary as one process")
PY
if [ "$(grep -c '^commanders: 30000 games' "$work/stdout")" -ne 1 ]; then
  echo "FAILED: exactly one rank should print the table"; failures=$((failures + 1))
else
  echo "ok: only rank 0 prints"
fi
# Causal values whose budget leaves most replacements out: each block's plan depends on every
# block before it, so three ranks playing their parts must still make the single process's plan.
causal=(balance --game ninth-world --config players=2,length=quick --games 1500 --causal-games 3000 --seed 4 --quiet)
"$bin" "${causal[@]}" --out "$work/causal_single" >/dev/null || { echo "FAILED: single-process causal run"; exit 1; }
if ! mpirun --oversubscribe -np 3 "$bin" "${causal[@]}" --out "$work/causal_mpi" >/dev/null 2>"$work/stderr"; then
  echo "FAILED: mpirun -np 3 (causal values)"; cat "$work/stderr"; exit 1
fi
python3 - "$work/causal_single/summary.json" "$work/causal_mpi/summary.json" <<'PY' || failures=$((failures + 1))
import json, sys
a, b = (json.load(open(p))["causal_values"] for p in sys.argv[1:3])
# The plan spends a block's share by the rates seen so far: a few games over is expected.
if a["every_element_every_deal"] or a["replacement_games"] > 3000 * 1.05:
    print("FAILED: the run should spread a budget of 3000 replacement games"); sys.exit(1)
for s in (a, b):
    s.pop("seconds")
if a != b:
    print("FAILED: the causal values of three ranks differ from one process's"); sys.exit(1)
print("ok: three ranks give one process's causal values, budget plan included")
PY
cmp -s "$work/single/commanders.csv" "$work/mpi/commanders.csv" && echo "ok: identical CSV tables" || { echo "FAILED: CSV tables differ"; failures=$((failures + 1)); }
[ "$failures" -eq 0 ]
