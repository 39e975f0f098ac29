#!/usr/bin/env bash
# Experiments at scale, driven as a user would: shards and merge, checkpoints, tournament,
# match (SPRT and fixed), variants, ladders and tuning. Usage: scale_test.sh path/to/ninefold
set -u
bin="$(realpath "$1")"
work="$(mktemp -d)"
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
failures=0
passed=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; passed=$((passed + 1)); else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
expect_error() {  # expect_error "what" "message fragment" command...
  local what="$1" fragment="$2"; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [ $code -ne 0 ] && grep -qF -- "$fragment" "$work/err" && [ "$(wc -l <"$work/err")" -eq 1 ]; then
    echo "ok: $what"; passed=$((passed + 1))
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
run() { "$bin" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr"; return 1; }; }

# --- shards and merge ------------------------------------------------------------------------
# Causal values need every deal in one process (a shard has none), so the comparison leaves them out.
common=(balance --game commanders --agents heuristic,random --games 12000 --seed 11 --quiet --causal-games 0)
run "${common[@]}" --out "$work/whole"
for i in 0 1 2; do run "${common[@]}" --shard "$i/3" --out "$work/shard$i"; done
check "a shard covers only its part of the deals" python3 -c "
import json,sys; s=json.load(open('$work/shard1/summary.json')); w=json.load(open('$work/whole/summary.json'))
sys.exit(0 if 0 < s['games'] < w['games'] and s['shard'] == {'index': 1, 'count': 3} else 1)"
run merge "$work/shard2/summary.json" "$work/shard0" "$work/shard1/summary.json" --out "$work/merged"
check "merged shards give exactly the unsplit result" same_result "$work/whole/summary.json" "$work/merged/summary.json"
check "merged CSV tables are identical" cmp -s "$work/whole/commanders.csv" "$work/merged/commanders.csv"
expect_error "merge with a shard missing" "shard 1/3 is missing" "$bin" merge "$work/shard0" "$work/shard2"
expect_error "merge with a shard twice" "given twice" "$bin" merge "$work/shard0" "$work/shard0" "$work/shard1"
run balance --game commanders --agents heuristic,random --games 12000 --seed 12 --quiet --shard 1/3 --out "$work/other"
expect_error "merge of shards of different runs" "another experiment" "$bin" merge "$work/shard0" "$work/other" "$work/shard2"
expect_error "bad shard" "--shard '3/3'" "$bin" balance --game commanders --games 100 --shard 3/3
expect_error "record with checkpoint" "--record cannot be combined" "$bin" balance --game commanders --games 100 --checkpoint "$work/c" --record "$work/r"

# --- checkpoint: kill a run half-way, resume, same result ------------------------------------
long=(balance --game commanders --agents heuristic,random --games 150000 --seed 5 --quiet --threads 2)
run "${long[@]}" --out "$work/uninterrupted"
"$bin" "${long[@]}" --out "$work/resumed" --checkpoint "$work/run.ckpt" --checkpoint-every 0.001 >/dev/null 2>&1 &
pid=$!
# Wait for the first checkpoint (written whole, by renaming), then kill without warning: polled
# by the shell alone, so that a loaded machine cannot let the run finish first.
for _ in $(seq 1 2000); do
  [ -s "$work/run.ckpt" ] && break
  sleep 0.005
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
check "the killed run left a part-way checkpoint and no summary" python3 -c "
import json,os,sys; c=json.load(open('$work/run.ckpt')); sys.exit(0 if 0 < c['next_chunk'] < 1172 and not os.path.exists('$work/resumed/summary.json') else 1)"
run "${long[@]}" --out "$work/resumed" --checkpoint "$work/run.ckpt" --checkpoint-every 0.001
check "the resumed run ends with the uninterrupted result" same_result "$work/uninterrupted/summary.json" "$work/resumed/summary.json"
expect_error "a checkpoint of another run is refused" "belongs to another experiment" \
  "$bin" balance --game commanders --agents heuristic,random --games 150000 --seed 6 --quiet --checkpoint "$work/run.ckpt"

# --- checkpoint: killed during the causal values, resumed, same result ----------------------
causal=(balance --game ragnarok --agents random --games 2000 --seed 3 --threads 2)
run "${causal[@]}" --quiet --out "$work/causal_whole"
"$bin" "${causal[@]}" --quiet --out "$work/causal_resumed" --checkpoint "$work/causal.ckpt" \
  --checkpoint-every 0.001 >/dev/null 2>&1 &
pid=$!
# Killed at its first save of causal progress (the games take a fraction of the run).
for _ in $(seq 1 4000); do
  grep -q '"causal":{' "$work/causal.ckpt" 2>/dev/null && break
  sleep 0.005
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
check "the run killed during its causal values left their progress in the checkpoint" python3 -c "
import json,os,sys; c=json.load(open('$work/causal.ckpt'))['causal']
sys.exit(0 if 0 < c['counts']['deals'] < 2000 and not os.path.exists('$work/causal_resumed/summary.json') else 1)"
expect_error "causal progress with another --causal-games is refused" "field 'causal.budget'" \
  "$bin" "${causal[@]}" --quiet --causal-games 7 --checkpoint "$work/causal.ckpt"
"$bin" "${causal[@]}" --out "$work/causal_resumed" --checkpoint "$work/causal.ckpt" \
  --checkpoint-every 0.001 >/dev/null 2>"$work/causal.err"
check "the resumed run continues its causal values where they were" \
  grep -q "causal values: resumed from the checkpoint at deal [1-9]" "$work/causal.err"
check "the resumed causal values are the uninterrupted run's" \
  same_result "$work/causal_whole/summary.json" "$work/causal_resumed/summary.json"

# --- tournament ------------------------------------------------------------------------------
run tournament --game commanders --agents 'heuristic,random,heuristic(aggression=0.9,king=0.3)' --games 2000 --seed 3 --quiet --out "$work/t"
check "tournament: matrix, ratings and note" python3 -c "
import json,sys; t=json.load(open('$work/t/tournament.json')); m=t['matrix']
ok = m[0][1]['games'] == 2000 and abs(m[0][1]['score']['estimate'] + m[1][0]['score']['estimate'] - 1) < 1e-12
r = [a['elo']['estimate'] for a in t['ratings']['agents']]
ok = ok and abs(sum(r)) < 1e-6 and r[1] < r[0] and r[1] < r[2] and 'transitive' in t['note']
sys.exit(0 if ok else 1)"
check "tournament CSV tables" test -s "$work/t/matrix.csv" -a -s "$work/t/ratings.csv"
expect_error "tournament needs two agents" "at least two agents" "$bin" tournament --game commanders --agents heuristic

# --- match -----------------------------------------------------------------------------------
"$bin" match --game commanders --agents heuristic,random --sprt elo0=0,elo1=20 --seed 2 --quiet --out "$work/m1" --threads 1 >"$work/m1.txt"
"$bin" match --game commanders --agents heuristic,random --sprt elo0=0,elo1=20 --seed 2 --quiet --out "$work/m2" --threads 2 >/dev/null
check "SPRT accepts H1 for a much stronger agent and prints the running LLR" \
  bash -c "grep -q 'H1 accepted' '$work/m1.txt' && grep -q 'LLR' '$work/m1.txt'"
check "SPRT stops at the same game for 1 and 2 threads" python3 -c "
import json,sys; a=json.load(open('$work/m1/match.json')); b=json.load(open('$work/m2/match.json'))
sys.exit(0 if a['games'] == b['games'] and a['sprt']['llr'] == b['sprt']['llr'] and a['games'] < 20000 else 1)"
"$bin" match --game commanders --agents heuristic,heuristic --sprt elo0=0,elo1=20 --seed 2 --quiet --out "$work/m3" >/dev/null
check "SPRT accepts H0 for equal agents" python3 -c "
import json,sys; sys.exit(0 if json.load(open('$work/m3/match.json'))['sprt']['decision'] == 'H0 accepted' else 1)"
"$bin" match --game commanders --agents heuristic,random --games 2000 --quiet >"$work/fixed.txt"
check "fixed-games match reports a significance test" grep -q 'significantly stronger' "$work/fixed.txt"
expect_error "bad --sprt" "elo1 must be greater" "$bin" match --game commanders --agents heuristic,random --sprt elo0=5,elo1=0

# --- variant and ladder ----------------------------------------------------------------------
run balance --game commanders --agents heuristic --games 4000 --quiet --variant queen_redraws=0 --out "$work/v"
check "variant: base and variant on the same deals, differences with intervals" python3 -c "
import json,sys; v=json.load(open('$work/v/variants.json')); d={r['statistic']: r for r in v['variants'][0]['differences']}
L=d['game length (decisions)']; ok = L['paired'] and L['difference']['high'] < 0 and L['significant']
ok = ok and v['base']['counts']['games'] == v['variants'][0]['summary']['counts']['games'] == 4000
sys.exit(0 if ok else 1)"
expect_error "variant with an unknown option" "unknown parameter 'queens'" "$bin" balance --game commanders --games 100 --variant queens=1
run balance --game commanders --games 2000 --quiet --ladder 'heuristic(temperature=[8,0.5])' --out "$work/l"
check "ladder: rungs, Elo curve and luck-versus-skill summary" python3 -c "
import json,sys; l=json.load(open('$work/l/ladder.json'))
ok = len(l['rungs']) == 2 and l['rungs'][1]['elo']['estimate'] > 0 and 'luck' in l['luck_versus_skill']['summary']
sys.exit(0 if ok else 1)"
run balance --game commanders --games 2000 --quiet --ladder 'heuristic(temperature=[8,2,0.5])' --out "$work/l3"
check "ladder: the steps replay the same deals, so the seat-0 interval is no narrower than a step's" python3 -c "
import json,sys; l=json.load(open('$work/l3/ladder.json')); s=l['luck_versus_skill']['seat0_score']
steps=[x['seat0_score'] for x in l['steps']]; w=lambda i: i['high'] - i['low']
ok = len(steps) == 2 and w(s) >= min(w(x) for x in steps) - 1e-12
ok = ok and abs(s['estimate'] - sum(x['estimate'] for x in steps) / 2) < 1e-12
sys.exit(0 if ok else 1)"
expect_error "ladder without a list" "give one parameter a list" "$bin" balance --game commanders --games 100 --ladder 'heuristic(temperature=1)'

# --- one agent in every seat --------------------------------------------------------------------
run balance --game commanders --agents heuristic --games 400 --quiet --out "$work/one"
run balance --game commanders --agents heuristic,heuristic --games 400 --quiet --out "$work/one2"
run balance --game commanders --agents heuristic,random --games 400 --quiet --out "$work/two"
check "the same agent in every seat plays each deal once and says so; two agents pair the deals" python3 -c "
import json,sys; a,b,c=(json.load(open(f'$work/{d}/summary.json')) for d in ('one','one2','two'))
ok = a['deals'] == a['games'] == 400 and not a['paired'] and 'pairing_note' in a and a['counts'] == b['counts']
ok = ok and c['paired'] and c['deals'] == 200 and 'pairing_note' not in c
ok = ok and a['verdicts_rest_on'].startswith('the verdicts rest on heuristic in every seat')
ok = ok and 'heuristic against random' in c['verdicts_rest_on']
sys.exit(0 if ok else 1)"
check "the terminal names the players the verdicts rest on, with the causal verdict" bash -c \
  "'$bin' balance --game commanders --games 400 --quiet --out '$work/one3' | grep -q '(the verdicts rest on heuristic in every seat'"

# --- sweep -----------------------------------------------------------------------------------
run balance --game sections --agents random --games 300 --seed 5 --quiet --sweep players=2..4 \
  --out "$work/sw" --report "$work/sw.html"
run balance --game sections --agents random --games 300 --seed 5 --quiet --config players=3 --out "$work/sw3"
check "sweep: one run per value, each the same as the plain run with that config" python3 -c "
import json,sys; s=json.load(open('$work/sw/sweep.json')); p=json.load(open('$work/sw3/summary.json'))
ok = s['values'] == ['2','3','4'] and [x['players'] for x in s['settings']] == [2,3,4]
ok = ok and s['settings'][1]['counts'] == p['counts']
rows = {r['measure']: r['values'] for r in s['table']}
ok = ok and len(rows['seat 0 score']) == 3 and all(v['low'] <= v['estimate'] <= v['high'] for v in rows['seat 0 score'])
sys.exit(0 if ok else 1)"
check "sweep: a CSV row per measure and value, and an HTML report" bash -c \
  "grep -q '^\"seat 0 score\",3,' '$work/sw/sweep.csv' && grep -q 'players=4' '$work/sw.html'"
expect_error "sweep with a bad range" "low..high with low < high" "$bin" balance --game sections --sweep players=4..2
expect_error "sweep of an option also in --config" "also set by --config" "$bin" balance --game sections --config players=3 --sweep players=2..4
expect_error "sweep value out of range, before any game" "players" "$bin" balance --game sections --sweep players=2..9
expect_error "sweep with a ladder" "--ladder and --sweep are separate experiments" "$bin" balance --game commanders --sweep queen_redraws=0..1 --ladder 'heuristic(temperature=[1,2])'

# --- robust ----------------------------------------------------------------------------------
run balance --game commanders --games 2000 --seed 3 --quiet --robust random --out "$work/rb" --report "$work/rb.html"
run balance --game commanders --agents random --games 2000 --seed 3 --quiet --out "$work/rb2"
check "robust: every level on the same deals, each verdict compared across levels" python3 -c "
import json,sys; r=json.load(open('$work/rb/robust.json')); p=json.load(open('$work/rb2/summary.json'))
ok = r['levels'] == [['heuristic'], ['random']] and r['settings'][1]['counts'] == p['counts']
rows = {v['measure']: v for v in r['verdicts']}
seat = rows['seat 0 score']
ok = ok and len(seat['values']) == 2 and seat['holds'] in ('holds', 'depends on the player', 'reverses')
ok = ok and all(len(v['verdicts']) == 2 for v in r['verdicts']) and len(r['verdicts']) > 1
# The element verdicts are the causal values, each level's own (the commander types, a small group).
causal = [v for v in r['verdicts'] if v.get('metric') == 'causal value']
same = lambda a, b: {k: x for k, x in a.items() if k != 'seconds'} == {k: x for k, x in b.items() if k != 'seconds'}
ok = ok and len(causal) == 4 and same(r['settings'][1]['causal_values'], p['causal_values'])
for v in causal:
  for level in range(2):
    rows = [x for g in r['settings'][level]['causal_values']['groups'] for x in g['values'] if x['element'] == v['element']]
    ok = ok and len(rows) == 1 and v['values'][level]['estimate'] == rows[0]['value']['estimate']
    ok = ok and v['verdicts'][level] == (rows[0]['verdict'] or 'none')
sys.exit(0 if ok else 1)"
check "robust: a CSV row per verdict and level, and an HTML report" bash -c \
  "grep -q '^\"seat 0 score\",2,\"random\",' '$work/rb/robust.csv' && grep -q 'across player levels' '$work/rb.html'"
expect_error "robust with an empty agent spec" "an agent spec is empty" "$bin" balance --game commanders --robust 'random,'
expect_error "robust with a sweep" "--sweep and --robust are separate experiments" "$bin" balance --game commanders --robust random --sweep queen_redraws=0..1
expect_error "robust with an unknown agent, before any game" "unknown agent" "$bin" balance --game commanders --robust 'hero'

# --- causal values of chosen groups ----------------------------------------------------------
nw=(balance --game ninth-world --config players=2,length=quick --games 100 --seed 3 --quiet)
"$bin" "${nw[@]}" --causal-games 1000000 --out "$work/cg_all" >/dev/null
"$bin" "${nw[@]}" --causal-games 1000000 --causal-groups hero --out "$work/cg_hero" >"$work/cg_hero.txt"
check "--causal-groups values only the groups named, as a run of every group does" python3 -c "
import json,sys
a,h=(json.load(open(f'$work/{d}/summary.json'))['causal_values'] for d in ('cg_all','cg_hero'))
ok = a['every_element_every_deal'] and h['every_element_every_deal'] and h['only_groups'] == ['hero']
ok = ok and [g['group'] for g in h['groups']] == ['hero'] and 'only_groups' not in a
ok = ok and h['groups'][0] == [g for g in a['groups'] if g['group'] == 'hero'][0]
ok = ok and h['replacement_games'] == sum(v['games'] for v in h['groups'][0]['values'])
sys.exit(0 if ok else 1)"
check "the terminal says which groups were valued" grep -q '(groups hero only)' "$work/cg_hero.txt"
# A pilot bounded by the budget: ninth-world has about 50 elements a deal.
"$bin" "${nw[@]}" --causal-games 400 --out "$work/cg_small" >/dev/null
check "a small --causal-games bounds the first block too" python3 -c "
import json,sys; c=json.load(open('$work/cg_small/summary.json'))['causal_values']
sys.exit(0 if 0 < c['replacement_games'] <= 400 + 60 else 1)"
expect_error "--causal-groups with a group the game does not have" "has no group 'bogus' (its groups: hero, card)" \
  "$bin" balance --game ninth-world --causal-groups bogus --games 10
expect_error "--causal-groups in a game without causal values" "declares no causal element values" \
  "$bin" balance --game sections --causal-groups hero --games 10

# --- tune ------------------------------------------------------------------------------------
"$bin" tune --game commanders --agent 'heuristic(king=[0,6],aggression=[0,1])' --budget 6000 --games-per-candidate 200 \
  --seed 4 --threads 1 --quiet --out "$work/u1" >"$work/u1.txt"
"$bin" tune --game commanders --agent 'heuristic(king=[0,6],aggression=[0,1])' --budget 6000 --games-per-candidate 200 \
  --seed 4 --threads 2 --quiet --out "$work/u2" >/dev/null
check "tune writes the best agent spec and confirms it" bash -c \
  "grep -q '^heuristic(' '$work/u1/best_agent.txt' && grep -q 'confirmation on fresh deals' '$work/u1.txt'"
check "tune is the same on 1 and 2 threads" python3 -c "
import json,sys; a,b=(json.load(open(f'$work/{d}/tune.json')) for d in ('u1','u2'))
for s in (a,b): s['confirmation'].pop('seconds')
sys.exit(0 if a == b else 1)"
"$bin" tune --game commanders --agent 'heuristic(aggression=[0,0.5,1],joker=[1,2,3])' --budget 2400 --games-per-candidate 200 \
  --quiet --no-confirm --out "$work/u3" >/dev/null
check "lists of values are tuned with NTBEA" python3 -c "
import json,sys; sys.exit(0 if json.load(open('$work/u3/tune.json'))['method'] == 'ntbea' else 1)"
expect_error "tune with a range outside the parameter" "leaves the parameter's range" \
  "$bin" tune --game commanders --agent 'heuristic(aggression=[0,2])'

echo "scale: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
