#!/usr/bin/env bash
# Bad input, outputs that are not ours, and signals: devices and pipes are never replaced,
# shards are checked like checkpoints, a result folder and its report are written together
# or not at all, a human seat is told only what it observes, and wrong input is a clear
# error before any game is played. Usage: faults_test.sh path/to/ninefold
set -u
bin="$(realpath "$1")"
src="$(realpath "$(dirname "$0")/../..")"
rag="$src/games/ragnarok/data"
nw="$src/games/ninth_world/data/base.toml"
work="$(mktemp -d)"
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
# Temporaries of `fit` go to the system's temporary folder: a private one, to look into.
export TMPDIR="$work/tmp"
mkdir "$TMPDIR"
failures=0
passed=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; passed=$((passed + 1)); else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
# expect_error "what" "message fragment" command...: exit 1 or 2 (no crash, no internal
# error) and one line on stderr that holds the fragment, within 60 s.
expect_error() {
  local what="$1" fragment="$2"; shift 2
  timeout "${NF_TEST_TIMEOUT:-60}" "$@" >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  if { [ $code -eq 1 ] || [ $code -eq 2 ]; } && grep -qF -- "$fragment" "$work/err" &&
     [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q '^ninefold: error: ' "$work/err" &&
     ! grep -q "json.exception\|internal error" "$work/err"; then
    echo "ok: $what"; passed=$((passed + 1))
  else
    echo "FAILED: $what (exit $code)"; cat "$work/err"; failures=$((failures + 1))
  fi
}
no_temporaries() {  # no_temporaries DIR...: nothing named *.ninefold-* in them
  ! find "$@" -maxdepth 1 -name '*.ninefold-*' 2>/dev/null | grep -q .
}
big=100000000  # a run that would take hours: the error must come before any game

# --- 1. devices and named pipes are written to, never replaced ------------------------------
can_mknod=0
mknod nul c 1 3 2>/dev/null && can_mknod=1
if [ "$can_mknod" = 1 ]; then
  "$bin" balance --game commanders --games 20 --quiet --out o1 --record nul --report nul >/dev/null
  check "--record and --report to a character device leave it a device" test -c nul
  "$bin" learn --game commanders --games 4 --out nul --quiet >/dev/null
  check "learn --out to a character device leaves it a device" test -c nul
  "$bin" fit --quiet --game commanders --target seat_advantage=0 --free queen_redraws=0..3 \
    --budget 80 --games-per-candidate 20 --confirm-games 20 --out f1 --report nul >/dev/null
  check "fit --report to a character device leaves it a device" test -c nul
else
  echo "skipped: mknod is not allowed here (character device cases)"
fi
mkfifo pipe
timeout 60 cat pipe >from_pipe &
reader=$!
"$bin" balance --game commanders --games 20 --quiet --out o2 --record pipe >/dev/null
wait $reader
check "--record to a named pipe streams the records through it" test -p pipe
check "the records arrive whole" bash -c "[ \$(wc -l <from_pipe) -eq 20 ] && python3 -c '
import json,sys; [json.loads(l) for l in open(\"from_pipe\")]'"
check "nothing temporary is left beside a device or a pipe" no_temporaries .

# --- 2. merge checks every shard like a checkpoint -------------------------------------------
# 300 paired deals: 5 chunks of 64, of which shard 1 has two.
shard_run=(balance --game ragnarok --agents heuristic,random --games 600 --seed 4 --quiet)
for i in 0 1 2; do
  "$bin" "${shard_run[@]}" --shard "$i/3" --out "s$i" >/dev/null
done
edit_shard() {  # edit_shard python-statement: bad/summary.json is s1's with `d` changed
  rm -rf bad && cp -r s1 bad
  python3 -c "import json; p='bad/summary.json'; d=json.load(open(p)); $1; json.dump(d,open(p,'w'))"
}
edit_shard "d['counts']['elements']['rows'][0]=[0,999]"
expect_error "a regression row with a covariate out of range is refused" \
  "'bad/summary.json': field 'counts.elements.rows[0][1]' is 999" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['elements']['rows'][0]=[0,0]"
expect_error "a regression row with covariate 0 is refused" "field 'counts.elements.rows[0][1]' is 0" \
  "$bin" merge s0 bad s2 --out m
check "a refused merge leaves no folder and nothing temporary" bash -c "[ ! -e m ] && ! ls -d m.ninefold-* 2>/dev/null | grep -q ."
edit_shard "d['counts']['games']+=1"
expect_error "games raised by one are refused" "field 'counts.games' adds up to" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['games']-=1"
expect_error "games lowered by one are refused" "field 'counts.games'" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['games']=-1"
expect_error "negative games are refused" "field 'counts.games' must be a whole number" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['games']=1e30"
expect_error "1e30 games are refused" "field 'counts.games' must be a whole number" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['by_agent'][0][0]=2**64"
expect_error "a win count of 2^64 is refused" "field 'counts.by_agent[0][0]' must be a whole number" "$bin" merge s0 bad s2 --out m
edit_shard "a=d['counts']['by_agent']; a[0],a[1]=a[1],a[0]"
expect_error "swapped agents' results are refused" "does not match" "$bin" merge s0 bad s2 --out m
edit_shard "w=d['counts']['by_agent'][0]; j=[k for k in range(3) if w[k]>0][0]; w[j]-=1; w[(j+1)%3]+=1"
expect_error "an edited win count is refused" "field 'counts.by_agent[0]' does not match" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['length_histogram']=[]"
expect_error "an emptied length histogram is refused" "field 'counts.length_histogram'" "$bin" merge s0 bad s2 --out m
edit_shard "d['counts']['elements']['rows']=[]"
expect_error "emptied regression rows are refused" "field 'counts.elements.rows'" "$bin" merge s0 bad s2 --out m
edit_shard "d['seconds']=1e308"
expect_error "a shard claiming 1e308 seconds is refused" "field 'seconds'" "$bin" merge s0 bad s2 --out m
"$bin" merge s0 s1 s2 --out m >/dev/null
"$bin" "${shard_run[@]}" --out whole >/dev/null
check "the checked merge still equals the unsplit run" python3 -c "
import json,sys; a=json.load(open('m/summary.json'))['counts']; b=json.load(open('whole/summary.json'))['counts']
sys.exit(0 if a==b else 1)"
# What the count checks cannot see: a shard's checksum, and the identity it shares with the others.
seal="$src/tests/cli/seal.py"
check "the tests' seal gives a shard its own checksum" python3 -c "
import json,sys; sys.path.insert(0,'$src/tests/cli'); import seal
d=json.load(open('s1/summary.json')); sys.exit(0 if d['checksum']==seal.checksum(d) else 1)"
edit_shard "e=d['counts']['end_reasons']; i=[k for k in range(len(e)) if e[k]>0][0]; e[i]-=1; e[(i+1)%len(e)]+=1"
expect_error "a game moved to another end reason (every count consistent) is refused" \
  "'bad/summary.json': field 'checksum' does not match the file's contents" "$bin" merge s0 bad s2 --out m
edit_shard "d['identity']['revision']='0123456789ab'; d['provenance']['revision']='0123456789ab'"
python3 "$seal" bad/summary.json
expect_error "a shard of another revision is refused, naming both revisions" \
  "its field 'identity.revision' is \"0123456789ab\" where 's0/summary.json' has \"" "$bin" merge s0 bad s2 --out m
edit_shard "d['identity']['seed']=5"
python3 "$seal" bad/summary.json
expect_error "a shard of another seed is refused, naming the field and both values" \
  "'bad/summary.json' is a shard of another experiment than 's0/summary.json': its field 'identity.seed' is 5 where 's0/summary.json' has 4" \
  "$bin" merge s0 bad s2 --out m
cp -r s0 s0copy
expect_error "merge --out onto an input shard is refused" "would replace the shard 's0copy'" \
  "$bin" merge s0copy s1 s2 --out s0copy
check "the shard is left as it was" diff -r s0 s0copy
mkdir -p run/data elsewhere
cp "$rag/cards.toml" run/data/my.toml
(cd run && for i in 0 1; do
  "$bin" balance --game ragnarok --games 40 --quiet --shard "$i/2" --out "sh$i" --config cards=data/my.toml >/dev/null
done)
(cd elsewhere && "$bin" merge ../run/sh0 ../run/sh1 --out m >/dev/null 2>"$work/err")
check "shards run with a relative data path merge from another folder" test -s elsewhere/m/summary.json
sed -i 's/^strength = 4$/strength = 5/' run/data/my.toml
(cd elsewhere && expect_error "an edited data file is named as such" "the cards file differs from the one the shards were run with" \
  "$bin" merge ../run/sh0 ../run/sh1 --out m2)
# Shards that name a file outside the folder holding them: merge neither reads it nor prints its hash.
echo "secret = 1" >secret.txt
mkdir -p evil/inbox && cp -r run/sh0 run/sh1 evil/inbox/
for i in 0 1; do
  python3 -c "import json; p='evil/inbox/sh$i/summary.json'; d=json.load(open(p))
d['identity']['config']['cards']=d['config']['cards']='../../../secret.txt'; d['data_paths']['cards']='../../../secret.txt'
json.dump(d,open(p,'w'))"
  python3 "$seal" "evil/inbox/sh$i/summary.json"
done
secret_hash=$(python3 -c "import sys; sys.path.insert(0,'$src/tests/cli'); import seal; print(format(seal.hash_bytes(open('secret.txt','rb').read()),'016x'))")
expect_error "a data path leading out of the shards' folder is refused" \
  "the cards file the shards name ('$work/secret.txt') is outside the folder that holds the shards" \
  "$bin" merge evil/inbox/sh0 evil/inbox/sh1 --out m3
check "the refusal does not print the outside file's content hash" bash -c "! grep -q '$secret_hash' '$work/err'"

# --- 3. result folders and their reports: whole, and of one run -----------------------------
# A run interrupted at moments spread over its games and its write must leave one run's whole
# folder, the report of that same run and nothing temporary (tests/experiments holds the
# exact cases: a signal during the write, a report that fails after the folder is ready).
with_default_signals() {
  exec python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' "$@"
}
"$bin" balance --game commanders --agents random --games 2000 --seed 1 --quiet --out cur --report cur.html >/dev/null
bad_end=0
for delay in 0.05 0.1 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5; do
  with_default_signals "$bin" balance --game commanders --agents random --games 2000 --seed 2 --quiet \
    --out cur --report cur.html >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"; kill -INT $pid 2>/dev/null; wait $pid 2>/dev/null
  seed_json=$(python3 -c "import json; print(json.load(open('cur/summary.json'))['seed'])" 2>/dev/null)
  # The report names the run's seed in its header line.
  if [ -z "$seed_json" ] || ! no_temporaries . || ! grep -q "seed $seed_json, " cur.html; then
    bad_end=1; echo "after ${delay}s: summary seed '$seed_json', temporaries: $(ls -d *.ninefold-* 2>/dev/null)"
  fi
done
check "SIGINT at any moment leaves a whole folder, its report of the same run, nothing temporary" test $bad_end -eq 0
for signal in INT TERM; do
  with_default_signals "$bin" fit --quiet --game commanders --target seat_advantage=0 --free queen_redraws=0..3 \
    --budget 4000000 --games-per-candidate 400 --out fz >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do ls "$TMPDIR" | grep -q . && break; sleep 0.05; done
  sleep 0.5; kill -$signal $pid; wait $pid 2>/dev/null
  check "SIG$signal during a fit leaves no scratch folder and no design folder" bash -c \
    "! ls '$TMPDIR' | grep -q . && ! ls -d fz.* 2>/dev/null | grep -q ."
done
"$bin" fit --quiet --game commanders --target seat_advantage=0 --free queen_redraws=0..3 \
  --budget 80 --games-per-candidate 20 --confirm-games 20 --out fz >/dev/null
check "a finished fit leaves no scratch folder and no design folder" bash -c \
  "[ -s fz/fit.json ] && ! ls '$TMPDIR' | grep -q . && ! ls -d fz.* 2>/dev/null | grep -q ."

# --- 4. a human seat is told what it observes, and no more ----------------------------------
# Every shown move is numbered in order, and an opponent's unseen moves in a row (the cards of
# a hidden bid and its end) are one hidden move: their count is hidden too.
human_view_ok() {  # human_view_ok game agents config...
  local game="$1" agents="$2"; shift 2
  yes 1 | head -3000 | "$bin" play --game "$game" --agents "$agents" --seed 3 "$@" >"$work/play" 2>&1 || return 1
  python3 - "$work/play" <<'PY'
import re, sys
text = open(sys.argv[1]).read().split("hidden moves, revealed")[0]
moves = re.findall(r"^#(\d+) seat (\d+) \([^)]*\): (.*)$", text, re.M)
numbers = [int(n) for n, _, _ in moves]
if numbers != list(range(1, len(numbers) + 1)):
    print("shown moves are not numbered 1, 2, 3...", numbers[:20]); sys.exit(1)
for (_, s1, m1), (_, s2, m2) in zip(moves, moves[1:]):
    if m1 == m2 == "(hidden move)" and s1 == s2:
        print("two hidden moves in a row by seat", s1); sys.exit(1)
sys.exit(0)
PY
}
check "ninth-world: a hidden bid is one hidden move" human_view_ok ninth-world heuristic,human,heuristic,heuristic
yes 1 | head -3000 | "$bin" play --game ninth-world --agents heuristic,human,heuristic,heuristic --seed 3 >"$work/play" 2>&1
check "ninth-world: the opponents' bids are still revealed at the end" grep -q 'seat 2: bid ' "$work/play"
check "commanders: the human's view holds only its observation" human_view_ok commanders random,human
check "goofspiel imp_info: the human's view holds only its observation" human_view_ok goofspiel random,human --config imp_info=true
check "ragnarok: the human's view holds only its observation" human_view_ok ragnarok heuristic,human

# --- 5. wrong successes are errors -----------------------------------------------------------
expect_error "a variant that changes the seats is refused, pointing to --sweep" "with --sweep instead" \
  "$bin" balance --game ninth-world --games "$big" --variant players=3
expect_error "a solo variant of a 4-hero game is refused" "--sweep" \
  "$bin" balance --game ninth-world --games "$big" --variant mode=solo
sed 's/^name = "Selis"$/name = "Qbrys"/' "$nw" >nw-dup.toml
expect_error "ninth-world: two heroes of one name are refused" "a hero of that name exists" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-dup.toml
sed 's/^name = "Selis"$/name = "QBRYS"/' "$nw" >nw-case.toml
expect_error "ninth-world: names that differ only in case are refused" "names must differ in more than case" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-case.toml
sed 's/^name = "Selis"$/name = ""/' "$nw" >nw-empty.toml
expect_error "ninth-world: an empty hero name is refused" "the name is empty" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-empty.toml
python3 -c "
t=open('$nw').read(); open('nw-esc.toml','w').write(t.replace('name = \"Selis\"', 'name = \"Se\\\\u001b[31mlis\"',1))"
expect_error "ninth-world: an escape character in a name is refused" "control character" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-esc.toml
sed 's/^name = "Archer"$/name = "berserker"/' "$rag/cards.toml" >cards-case.toml
expect_error "ragnarok: cards that differ only in case are refused" "names must differ in more than case" \
  "$bin" balance --game ragnarok --games "$big" --config cards=cards-case.toml
sed 's/^name = "Archer"$/name = "Arch\\ner"/' "$rag/cards.toml" >cards-newline.toml
expect_error "ragnarok: a newline in a card name is refused" "control character" \
  "$bin" balance --game ragnarok --games "$big" --config cards=cards-newline.toml
# Invisible and bidi-control characters make a name look like another: refused in every
# game's data, naming the file, the line and the field.
# (Archer renamed in the cards and the decks alike, so nothing else is wrong.)
sed 's/^name = "Archer"$/name = "Berserker\\u200b"/' "$rag/cards.toml" >cards-zw.toml
sed 's/"Archer"/"Berserker\\u200b"/g' "$rag/decks.toml" >decks-zw.toml
expect_error "ragnarok: a zero-width space in a card name is refused, shown as an escape" \
  "warrior 'Berserker\\u200b': the name holds an invisible or bidi-control character (U+200B at byte 10)" \
  "$bin" balance --game ragnarok --games "$big" --config cards=cards-zw.toml --config decks=decks-zw.toml
sed 's/^name = "Selis"$/name = "\\u202eSelis"/' "$nw" >nw-bidi.toml
# (the line of a hero's [[hero]] header)
expect_error "ninth-world: a bidi override in a hero name is refused" \
  "nw-bidi.toml:$(($(grep -n '^name = "Selis"$' "$nw" | cut -d: -f1) - 1)): hero[3].name: the name holds an invisible or bidi-control character (U+202E" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-bidi.toml
sed 's/^name = "Crossing"$/name = "Cross\\ufeffing"/' "$src/games/realms/data/maps/crossing.toml" >map-bom.toml
expect_error "realms: a byte order mark inside a map name is refused" \
  "map-bom.toml:4: name: the name holds an invisible or bidi-control character (U+FEFF" \
  "$bin" balance --game realms --games "$big" --config map=map-bom.toml
# The neutral card is what every card is valued against: a card of the deck may not carry its
# name, nor two path cards one name.
neutral_line=$(grep -n '^card = { name = "Hollow Relic" }$' "$nw" | cut -d: -f1)
sed 's/^card = { name = "Hollow Relic" }$/card = { name = "Queb" }/' "$nw" >nw-neutral.toml
expect_error "ninth-world: a neutral card named as a card of the deck is refused" \
  "nw-neutral.toml:$neutral_line: neutral.card.name: a card of that name exists" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-neutral.toml
sed 's/{ name = "The Ice Fields",/{ name = "The Harbour of Ancuan",/' "$nw" >nw-path.toml
expect_error "ninth-world: two path cards of one name are refused" \
  "nw-path.toml:$(grep -n '{ name = "The Ice Fields",' "$nw" | cut -d: -f1): region[1].path[2].name: a path card of that name exists" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-path.toml
sed 's/{ name = "Druissi",/{ name = "qi",/' "$nw" >nw-path2.toml
expect_error "ninth-world: path cards of two regions may not share a name either" \
  "region[2].path[2].name: a path card named 'Qi' exists" \
  "$bin" balance --game ninth-world --games "$big" --config cards=nw-path2.toml
# --causal-groups only steers causal values: refused where it would be ignored or is garbled.
for groups in 'hero,' ',hero' 'hero,,card'; do
  expect_error "--causal-groups '$groups' (an empty name) is refused" "--causal-groups: an empty group name" \
    "$bin" balance --game ninth-world --games "$big" --causal-groups "$groups"
done
expect_error "--causal-groups with a group twice is refused" "--causal-groups: group 'hero' is given twice" \
  "$bin" balance --game ninth-world --games "$big" --causal-groups hero,card,hero
expect_error "--causal-groups with --causal-games 0 is refused" "--causal-games 0 values none" \
  "$bin" balance --game ninth-world --games "$big" --causal-groups hero --causal-games 0
expect_error "--causal-groups with --shard is refused" "--causal-groups has no effect with --shard" \
  "$bin" balance --game ninth-world --games "$big" --causal-groups hero --shard 0/2
expect_error "--causal-groups with --variant is refused" "--causal-groups has no effect with --variant" \
  "$bin" balance --game ninth-world --games "$big" --causal-groups hero --variant length=quick
sed 's/^name = "Archer"$/name = "   "/' "$rag/cards.toml" >cards-blank.toml
expect_error "ragnarok: a blank card name is refused" "the name is empty" \
  "$bin" balance --game ragnarok --games "$big" --config cards=cards-blank.toml
for deck in random '""' '"a,b"' '"a|b"' '"a\nb"' 'RANDOM'; do
  sed "s/^\[aggro\]$/[$deck]/" "$rag/decks.toml" >decks-odd.toml
  expect_error "ragnarok: a deck named $deck is refused" "decks-odd.toml:" \
    "$bin" balance --game ragnarok --games "$big" --config decks=decks-odd.toml --config deck1=control
done
sed 's/effect = { kind = "strength", target = "own_warriors", amount = 3 }/effect = { kind = "strength", target = "own_warriors", amount = 21 }/' \
  "$rag/cards.toml" >cards-fury.toml
expect_error "ragnarok: a strength effect of 21 is refused" "out of range [-20, 20]" \
  "$bin" balance --game ragnarok --games "$big" --config cards=cards-fury.toml
fit=("$bin" fit --quiet --game commanders --free queen_redraws=0..3 --budget "$big" --out fe)
expect_error "fit --keep-close nan is refused" "--keep-close" "${fit[@]}" --target seat_advantage=0 --keep-close nan
expect_error "fit: contradictory targets are refused" "are targets of the same measure" \
  "${fit[@]}" --target seat_advantage=0,seat_advantage=0.1
expect_error "fit: a setting that contradicts --config is refused" "is also set by --config" \
  "${fit[@]}" --target seat_advantage=0 --config round_cap=200 --setting round_cap=250
expect_error "fit: a budget below one candidate's games is refused" "--budget 100 is less than" \
  "$bin" fit --quiet --game commanders --free queen_redraws=0..3 --target seat_advantage=0 --budget 100 --out fe
expect_error "--ladder with --agents is refused" "--agents would not be used" \
  "$bin" balance --game ragnarok --games "$big" --ladder 'heuristic(epsilon=[1,0])' --agents 'heuristic@deck=aggro'
mkdir -p o
expect_error "--checkpoint inside --out is refused before playing" "--checkpoint 'o/c.ckpt' is inside --out 'o'" \
  "$bin" balance --game commanders --games "$big" --out o --checkpoint o/c.ckpt
expect_error "--checkpoint on --out is refused before playing" "same path" \
  "$bin" balance --game commanders --games "$big" --out o --checkpoint o
expect_error "--report on --out is refused before playing" "same path" \
  "$bin" balance --game commanders --games "$big" --out o --report o
expect_error "--record and --report on one path are refused" "--record 'x' and --report 'x' are the same path" \
  "$bin" balance --game commanders --games "$big" --out o --record x --report x
expect_error "--checkpoint and --report on one path are refused" "are the same path" \
  "$bin" balance --game commanders --games "$big" --out o --checkpoint x --report x
expect_error "fit --report inside --out is refused before playing" "is inside --out" \
  "$bin" fit --quiet --game commanders --free queen_redraws=0..3 --target seat_advantage=0 --budget "$big" --out fo --report fo/r.html
"$bin" balance --game commanders --games 20 --seed 9 --quiet --out rec --record r.jsonl >/dev/null
python3 -c "
import json; r=json.loads(open('r.jsonl').readline()); r.pop('running_hash'); print(json.dumps(r))" >old.jsonl
check "a record without its running hash says it is a final-state check only" bash -c \
  "'$bin' replay old.jsonl | grep -q 'final-state check only'"
expect_error "replay of a character device is refused at once" "is not a regular file" "$bin" replay /dev/zero
mkdir recdir
expect_error "replay of a folder says so" "record file 'recdir' is a directory" "$bin" replay recdir
head -c 70000000 /dev/zero | tr '\0' 'x' >endless.jsonl
expect_error "a record line of 70 MB is refused" "this is not a record file" "$bin" replay endless.jsonl
"$bin" fit --quiet --game commanders --target seat_advantage=0 --free queen_redraws=0..3 \
  --budget 80 --games-per-candidate 20 --confirm-games 20 --out fc --checkpoint fc.json >/dev/null
check "a fit checkpoint carries a format and a checksum" python3 -c "
import json,sys; c=json.load(open('fc.json')); sys.exit(0 if c['format']=='ninefold fit checkpoint 1' and len(c['checksum'])==16 else 1)"
python3 -c "import json; c=json.load(open('fc.json')); c['rounds'][0]['objectives'][0]='x'; json.dump(c,open('fc-bad.json','w'))"
expect_error "a fit checkpoint with a wrong-typed objective is refused cleanly" "checkpoint 'fc-bad.json'" \
  "$bin" fit --quiet --game commanders --target seat_advantage=0 --free queen_redraws=0..3 \
  --budget 80 --games-per-candidate 20 --confirm-games 20 --out fc --checkpoint fc-bad.json
mkdir -p sw && cp "$rag/cards.toml" sw/cards.toml && mkdir -p sw/run
(cd sw/run && "$bin" balance --game ragnarok --games 4 --quiet --out o --sweep 'cards=[standard,../cards.toml]' >/dev/null 2>"$work/err")
check "--sweep takes a listed relative path holding '..'" test -s sw/run/o/sweep.json
expect_error "--sweep: a missing data file is refused before the first run" "missing.toml" \
  "$bin" balance --game ragnarok --games "$big" --quiet --out o5 --sweep 'cards=[standard,missing.toml]'
( trap '' XFSZ; ulimit -f 1; exec "$bin" balance --game commanders --games 200 --quiet --out full ) >/dev/null 2>"$work/err"
check "a failed write gives its reason" grep -q 'File too large' "$work/err"
sed 's/"Taunt" = 1 }/"Taunt" = 1, "Taunt" = 2 }/' "$rag/decks.toml" >dupkey.toml
expect_error "a key given twice in an inline table is named plainly" "dupkey.toml:6: key 'Taunt' is given twice" \
  "$bin" balance --game ragnarok --games "$big" --config decks=dupkey.toml
"$bin" match --game ragnarok --agents 'heuristic@deck=aggro,heuristic@deck=control' --games 8 --quiet >"$work/out" 2>"$work/err"
check "match takes @deck entrants" bash -c "grep -q 'deck=aggro' '$work/out'"

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
