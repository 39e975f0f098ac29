#!/usr/bin/env bash
# The cluster example without a cluster: `submit --local` runs the array tasks and the merge
# job here with the variables Slurm would set; `--print` shows the sbatch commands.
# Usage: cluster_test.sh path/to/source path/to/ninefold
set -u
submit="$1/scripts/cluster/submit"
export NINEFOLD="$(realpath "$2")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
expect_error() {  # expect_error "what" "message fragment" command...
  local what="$1" fragment="$2"; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [ $code -ne 0 ] && grep -qF -- "$fragment" "$work/err" && [ "$(wc -l <"$work/err")" -eq 1 ]; then
    echo "ok: $what"
  else
    echo "FAILED: $what (exit $code)"; cat "$work/err"; failures=$((failures + 1))
  fi
}
# same_result a.json b.json: identical summaries apart from wall time and thread count.
same_result() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for s in (a, b):
    for k in ("seconds", "games_per_second", "threads", "checksum"):
        s.pop(k, None)
    if isinstance(s.get("causal_values"), dict):
        s["causal_values"].pop("seconds", None)
sys.exit(0 if a == b else 1)
PY
}

# Causal values need every deal in one process (a shard has none), so the comparison leaves them out.
args=(--game commanders --agents heuristic,random --games 3000 --seed 5 --causal-games 0)
"$NINEFOLD" balance "${args[@]}" --quiet --out "$work/whole" >/dev/null
"$submit" --local --shards 3 --out "$work/run" "${args[@]}" >"$work/merge.txt" 2>"$work/err"
check "a local run of the array and merge jobs succeeds" [ $? -eq 0 ]
for i in 0 1 2; do
  check "array task $i plays shard $i/3" python3 -c "
import json,sys; s=json.load(open('$work/run/shard-$i/summary.json'))
sys.exit(0 if s['shard'] == {'index': $i, 'count': 3} else 1)"
done
check "the merge job gives exactly the unsplit result" \
  same_result "$work/whole/summary.json" "$work/run/merged/summary.json"
check "the merge job writes the report" test -s "$work/run/report.html"

# The MPI variant, where Open MPI is installed: srun played by mpirun.
if command -v mpirun >/dev/null 2>&1; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    "$submit" --local --mpi 2 --out "$work/mpi" "${args[@]}" >/dev/null 2>"$work/err"
  check "the MPI job gives exactly the unsplit result" \
    same_result "$work/whole/summary.json" "$work/mpi/result/summary.json"
fi

"$submit" --print --shards 4 --out "$work/plan" "${args[@]}" >"$work/plan.txt"
check "--print shows an array of four tasks" grep -q -- "--array=0-3 .*shard.sbatch $work/plan 4 --game commanders" "$work/plan.txt"
check "--print shows the merge waiting on the array" grep -q -- "--dependency=afterok:.*merge.sbatch $work/plan 4" "$work/plan.txt"
check "--print submits nothing" test ! -e "$work/plan/shard-0"

# An array numbered from 1 still plays shards 0..n-1; a task beyond the shards is refused.
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 bash "$1/scripts/cluster/shard.sbatch" "$work/one" 3 \
  "${args[@]}" >/dev/null
check "array task 3 of an array from 1 plays shard 2/3" python3 -c "
import json,sys; s=json.load(open('$work/one/shard-2/summary.json')); sys.exit(0 if s['shard']['index'] == 2 else 1)"
expect_error "an array task beyond the shards" "array task 5 is outside the 3 shards" \
  env SLURM_ARRAY_TASK_ID=5 bash "$1/scripts/cluster/shard.sbatch" "$work/one" 3 "${args[@]}"
expect_error "no shard count" "--shards needs a positive number" "$submit" --out "$work/x" "${args[@]}"
expect_error "zero shards" "--shards needs a positive number, not '0'" "$submit" --shards 0 --out "$work/x"
expect_error "--shard given by hand" "'--shard' is set by the job scripts" \
  "$submit" --shards 2 --out "$work/x" --shard 0/2 "${args[@]}"

echo "$failures failures"
[ $failures -eq 0 ]
