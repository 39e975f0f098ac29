#!/usr/bin/env bash
# Trusting the files: validated checkpoints, all-or-nothing result folders, a human seat that
# sees only its own information, cleaned-up temporaries, bounded data files, strict values
# and replays that check every decision. Usage: reliability_test.sh path/to/ninefold
set -u
bin="$(realpath "$1")"
maps="$(realpath "$(dirname "$0")/../../games/realms/data/maps")"
ragnarok_data="$(realpath "$(dirname "$0")/../../games/ragnarok/data")"
seal="$(realpath "$(dirname "$0")/seal.py")"  # gives an edited checkpoint its checksum
work="$(mktemp -d)"
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
failures=0
passed=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; passed=$((passed + 1)); else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
# expect_error "what" "message fragment" command...: exit 1 or 2 (never an internal error)
# and one line on stderr that holds the fragment and no raw library text.
expect_error() {
  local what="$1" fragment="$2"; shift 2
  "$@" >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  if [ $code -ne 0 ] && [ $code -ne 3 ] && grep -qF -- "$fragment" "$work/err" &&
     [ "$(wc -l <"$work/err")" -eq 1 ] && ! grep -q "json.exception" "$work/err"; then
    echo "ok: $what"; passed=$((passed + 1))
  else
    echo "FAILED: $what (exit $code)"; cat "$work/err"; failures=$((failures + 1))
  fi
}

# --- 1. checkpoints ----------------------------------------------------------------------------
ck=(balance --game commanders --agents heuristic,random --games 2000 --seed 7 --quiet)
"$bin" "${ck[@]}" --checkpoint c.ckpt --out ck >/dev/null
check "a checkpoint carries format, identity with engine and data, and a checksum" python3 -c "
import json,sys; c=json.load(open('c.ckpt'))
sys.exit(0 if c['format']=='ninefold checkpoint 2' and 'engine' in c['identity'] and 'data' in c['identity'] and len(c['checksum'])==16 else 1)"
edit_checkpoint() {  # edit_checkpoint python-statement: a copy of c.ckpt with `c` changed
  python3 -c "import json; c=json.load(open('c.ckpt')); $1; open('bad.ckpt','w').write(json.dumps(c))"
}
for change in "c['next_chunk']=-1" "c['next_chunk']=1.5" "c['next_chunk']='5'" "c['next_chunk']=1e30" \
              "c['counts']=None" "c['counts']['games']+=12345" "c['counts']['by_agent'][0][0]+=1"; do
  edit_checkpoint "$change"
  expect_error "checkpoint with $change is refused, naming the field" "checkpoint 'bad.ckpt': field 'checksum'" \
    "$bin" "${ck[@]}" --checkpoint bad.ckpt
done
edit_checkpoint "c['identity']['revision']='0123456789ab'"
python3 "$seal" bad.ckpt
expect_error "a checkpoint of another revision is refused, naming both revisions" \
  "its field 'identity.revision' is \"0123456789ab\", this run's is \"" "$bin" "${ck[@]}" --checkpoint bad.ckpt
edit_checkpoint "del c['format']"
expect_error "a checkpoint of an older format is refused" "field 'format'" "$bin" "${ck[@]}" --checkpoint bad.ckpt
mkdir ckdir
expect_error "a directory as checkpoint is refused" "--checkpoint 'ckdir' is a folder" "$bin" "${ck[@]}" --checkpoint ckdir
for every in nan inf -1 0 ''; do
  expect_error "--checkpoint-every '$every' is refused" "--checkpoint-every" "$bin" "${ck[@]}" --checkpoint c2.ckpt --checkpoint-every "$every"
done

# --- 2. all-or-nothing result folders --------------------------------------------------------
"$bin" balance --game commanders --games 200 --seed 1 --quiet --out res >/dev/null
rm res/commanders.csv && mkdir res/commanders.csv && touch res/left_over.csv
"$bin" balance --game commanders --games 200 --seed 2 --quiet --out res >/dev/null
check "a rerun replaces the whole folder (directory in the way, stale file gone)" bash -c \
  "[ -f res/commanders.csv ] && [ ! -e res/left_over.csv ] && [ \"\$(python3 -c 'import json; print(json.load(open(\"res/summary.json\"))[\"seed\"])')\" = 2 ]"
cp -r res before
# A full disk: writes above 1 KiB fail (and the signal that would end the process is ignored).
( trap '' XFSZ; ulimit -f 1; exec "$bin" balance --game commanders --games 200 --seed 3 --quiet --out res ) >/dev/null 2>"$work/err"
code=$?
check "a failed write (full disk) exits 1" test "$code" -eq 1
check "a failed write leaves the previous folder intact" diff -r before res
check "a failed write leaves no temporary folder" bash -c "! ls -d res.ninefold-* 2>/dev/null | grep -q ."
( trap '' XFSZ; ulimit -f 1; exec "$bin" tournament --game commanders --agents heuristic,random --games 20 --quiet --out tres ) >/dev/null 2>&1
check "a failed tournament write leaves no folder" bash -c "[ ! -e tres ] && ! ls -d tres.ninefold-* 2>/dev/null | grep -q ."
touch afile
expect_error "--out under a file fails before playing" "--out 'afile/x' cannot be written" \
  "$bin" balance --game commanders --games 100000000 --out afile/x
expect_error "--out on a file fails before playing" "--out 'afile' is a file" \
  "$bin" balance --game commanders --games 100000000 --out afile
mkdir -p notresults && touch notresults/thesis.tex
expect_error "--out on a folder of other files is refused" "does not hold ninefold results" \
  "$bin" balance --game commanders --games 100 --out notresults
expect_error "--record under a file fails before playing" "--record 'afile/r.jsonl' cannot be written" \
  "$bin" balance --game commanders --games 100000000 --quiet --out o1 --record afile/r.jsonl
expect_error "--record inside --out is refused" "is inside --out 'o1'" \
  "$bin" balance --game commanders --games 100 --quiet --out o1 --record o1/r.jsonl
expect_error "--report under a file fails before playing" "--report 'afile/r.html' cannot be written" \
  "$bin" match --game commanders --agents heuristic,random --games 100000000 --quiet --report afile/r.html
expect_error "--checkpoint under a file fails before playing" "--checkpoint 'afile/c' cannot be written" \
  "$bin" balance --game commanders --games 100000000 --quiet --out o2 --checkpoint afile/c

# --- 3. a human seat sees only what it observes ----------------------------------------------
human_sees_no_hidden_move() {  # game agents config...: the opponent's first (simultaneous) move is hidden
  local game="$1" agents="$2"; shift 2
  yes 1 | head -500 | "$bin" play --game "$game" --agents "$agents" --seed 3 "$@" >"$work/play" 2>&1 || return 1
  python3 - "$work/play" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
before_end = text.split("hidden moves, revealed")[0]
moves = re.findall(r"^#\d+ seat 0 \(random\): (.*)$", before_end, re.M)
sys.exit(0 if moves and moves[0] == "(hidden move)" and "hidden moves, revealed" in text else 1)
PY
}
check "commanders: the opponent's card is hidden from the human" human_sees_no_hidden_move commanders random,human
check "goofspiel imp_info: the opponent's bid is hidden from the human" human_sees_no_hidden_move goofspiel random,human --config imp_info=true
yes 1 | head -500 | "$bin" play --game commanders --agents random,human --seed 3 --show-hidden >"$work/play" 2>&1
check "--show-hidden shows every move" bash -c "! grep -q '(hidden move)' '$work/play' && grep -q '^#1 seat 0 (random): ' '$work/play'"
for game in kuhn_poker leduc_poker; do
  yes 1 | head -100 | "$bin" play --game "$game" --agents random,human --seed 3 >"$work/play" 2>&1
  check "$game: public bets are shown to the human" bash -c "grep -q '^#1 seat 0 (random): ' '$work/play' && ! grep -q '(hidden move)' '$work/play'"
done

# --- 4. temporaries and data files -----------------------------------------------------------
host="$(hostname | tr '/-' '__')"
# A background job of a script starts with SIGINT ignored; a user's Ctrl-C does not.
with_default_signals() {
  exec python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' "$@"
}
with_default_signals "$bin" balance --game commanders --agents random --games 100000000 --quiet --out sig --record r.jsonl --decisiveness-games 0 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do ls r.jsonl.ninefold-tmp-* >/dev/null 2>&1 && break; sleep 0.05; done
check "a record is written to a named temporary" bash -c "ls r.jsonl.ninefold-tmp-$host-$pid >/dev/null"
kill -INT $pid; wait $pid 2>/dev/null
check "SIGINT removes the record's temporary" bash -c "! ls r.jsonl* 2>/dev/null | grep -q ."
with_default_signals "$bin" balance --game commanders --agents random --games 100000000 --quiet --out sig --record r.jsonl --decisiveness-games 0 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do ls r.jsonl.ninefold-tmp-* >/dev/null 2>&1 && break; sleep 0.05; done
kill -TERM $pid; wait $pid 2>/dev/null
check "SIGTERM removes the record's temporary" bash -c "! ls r.jsonl* 2>/dev/null | grep -q ."
sleep 0 & dead=$!; wait $dead
echo stale >"r.jsonl.ninefold-tmp-$host-$dead"
"$bin" balance --game commanders --games 20 --quiet --out o3 --record r.jsonl >/dev/null
check "a later run removes a stale temporary of an ended process" bash -c "[ ! -e r.jsonl.ninefold-tmp-$host-$dead ] && [ -s r.jsonl ]"
expect_error "figures=/dev/zero is refused" "figures file '/dev/zero' is not a regular file" \
  timeout 20 "$bin" balance --game realms --games 2 --config figures=/dev/zero
expect_error "map=/dev/zero is refused" "map file '/dev/zero' is not a regular file" \
  timeout 20 "$bin" balance --game realms --games 2 --config map=/dev/zero
expect_error "cards=/dev/zero is refused" "cards file '/dev/zero' is not a regular file" \
  timeout 20 "$bin" balance --game ragnarok --games 2 --config cards=/dev/zero
mkdir map_dir.toml
expect_error "a directory as a map is refused" "map file 'map_dir.toml' is a directory" \
  "$bin" balance --game realms --games 2 --config map=map_dir.toml
head -c 2000000 /dev/zero | tr '\0' '#' >huge.toml
expect_error "an oversized map is refused" "map files are limited to" \
  "$bin" balance --game realms --games 2 --config map=huge.toml
expect_error "a huge deck file is refused" "decks file 'huge.toml' has 2000000 bytes" \
  "$bin" balance --game ragnarok --games 2 --config decks=huge.toml

# --- 5. values are never coerced ------------------------------------------------------------
b=(balance --game commanders --games 10 --quiet)
for option in --record --checkpoint --report --out --shard --ladder --agents --config --seed --variant; do
  expect_error "balance $option '' is refused" "$option: the value is empty" "$bin" "${b[@]}" "$option" ''
done
expect_error "match --sprt '' is refused" "--sprt: the value is empty" "$bin" match --game commanders --agents heuristic,random --sprt ''
expect_error "play --agents '' is refused" "--agents: the value is empty" "$bin" play --game commanders --agents ''
for seed in -1 -5 18446744073709551616 99999999999999999999999 1e23 1.5 0x10 ' 7'; do
  expect_error "balance --seed '$seed' is refused" "--seed" "$bin" "${b[@]}" --seed "$seed"
  expect_error "play --seed '$seed' is refused" "--seed" "$bin" play --game commanders --seed "$seed"
done
expect_error "--decisiveness-games -1 is refused" "--decisiveness-games: '-1' is not a whole number" "$bin" "${b[@]}" --decisiveness-games -1
expect_error "--games 1e3 is refused" "--games: '1e3' is not a whole number" "$bin" "${b[@]}" --games 1e3
expect_error "human(x=1) is refused" "a human seat takes no parameters" "$bin" play --game commanders --agents 'random,human(x=1)'
expect_error "an unknown command is named" "unknown command 'foo'" "$bin" foo
printf 'name = "m"\ndescription = 7\nhexes = [". ."]\n' >desc.toml
expect_error "a map whose description is not text is refused" "desc.toml:2: description: must be text" \
  "$bin" balance --game realms --games 2 --config map=desc.toml
"$bin" balance --game commanders --games 20 --quiet --out rec --record rec.jsonl >/dev/null
python3 -c "import json; r=json.loads(open('rec.jsonl').readline()); r['seed']=-3; print(json.dumps(r))" >negseed.jsonl
expect_error "a record with a negative seed is refused" "record field 'seed' must be a whole number" "$bin" replay negseed.jsonl
python3 -c "import json; r=json.loads(open('rec.jsonl').readline()); r['actions']=7; print(json.dumps(r))" >badactions.jsonl
expect_error "a record with mistyped actions names the field" "record field 'actions' must be a list" "$bin" replay badactions.jsonl
"$bin" balance --game commanders --games 40 --seed 4 --quiet --shard 0/2 --out s0 >/dev/null
python3 -c "import json; s=json.load(open('s0/summary.json')); s['identity']['shard']=[1,'3']; json.dump(s,open('s1.json','w'))"
expect_error "merge of a shard with a mistyped identity.shard" "field 'identity.shard' must be [i, n]" "$bin" merge s0 s1.json

# --- 6. replays check every decision and the data -------------------------------------------
mkdir -p rdir/maps other
cp "$maps/vigridr.toml" rdir/maps/custom.toml
"$bin" balance --game realms --games 2 --seed 5 --quiet --out rout --record rdir/r.jsonl --config map=rdir/maps/custom.toml >/dev/null
check "a record stores the map's content hash and its path beside the record" python3 -c "
import json,sys; r=json.loads(open('rdir/r.jsonl').readline()); d=r['data']['map']
sys.exit(0 if d['path']=='maps/custom.toml' and len(d['hash'])==16 and len(r['running_hash'])==16 else 1)"
check "replay from another folder finds the map beside the record" bash -c "cd other && '$bin' replay ../rdir/r.jsonl | grep -q 'match'"
echo '# edited' >>rdir/maps/custom.toml
expect_error "replay after the map was edited says so" "the map file differs from the one recorded" "$bin" replay rdir/r.jsonl
cp "$ragnarok_data/cards.toml" rdir/my_cards.toml
"$bin" balance --game ragnarok --games 2 --seed 5 --quiet --out rout2 --record rdir/rag.jsonl --config cards=rdir/my_cards.toml >/dev/null
check "a ragnarok record stores the card file's content hash" python3 -c "
import json,sys; r=json.loads(open('rdir/rag.jsonl').readline())
sys.exit(0 if r['data']['cards']['path']=='my_cards.toml' and len(r['data']['cards']['hash'])==16 else 1)"
check "a ragnarok record replays with its card file" bash -c "'$bin' replay rdir/rag.jsonl | grep -q 'match'"
sed -i 's/^strength = 4$/strength = 5/' rdir/my_cards.toml
expect_error "replay after a card was changed says so" "the cards file differs from the one recorded" "$bin" replay rdir/rag.jsonl
echo "secret = 1" >secret.toml
python3 -c "import json; r=json.loads(open('rdir/rag.jsonl').readline()); r['config']['cards']=r['data']['cards']['path']='../secret.toml'
open('rdir/evil.jsonl','w').write(json.dumps(r)+'\n')"
expect_error "a record naming a data file outside its folder is refused" \
  "the cards file the record names ('$work/secret.toml') is outside the record's folder" "$bin" replay rdir/evil.jsonl
check "the refusal does not print the outside file's content hash" bash -c "! grep -q 'content hash' '$work/err'"
"$bin" balance --game commanders --agents random --games 40 --seed 9 --quiet --out rout --record sub.jsonl >/dev/null
check "every substituted action is detected" python3 - "$bin" <<'PY'
import json, subprocess, sys
bin = sys.argv[1]
records = [json.loads(l) for l in open("sub.jsonl")]
tried = 0
for r in records[:4]:
    actions = r["actions"]
    for i in range(min(12, len(actions))):
        for alt in sorted(set(actions) - {actions[i]})[:3]:
            changed = dict(r, actions=actions[:i] + [alt] + actions[i + 1:])
            open("one.jsonl", "w").write(json.dumps(changed) + "\n")
            result = subprocess.run([bin, "replay", "one.jsonl"], capture_output=True, text=True)
            tried += 1
            if result.returncode == 0:
                print("undetected:", i, actions[i], "->", alt); sys.exit(1)
sys.exit(0 if tried > 20 else 1)
PY
python3 -c "import json; r=json.loads(open('sub.jsonl').readline()); r.pop('running_hash'); r.pop('data', None); print(json.dumps(r))" >old.jsonl
check "a record without a running hash still replays" bash -c "'$bin' replay old.jsonl | grep -q match"

# --- 7. small samples do not claim certainty -------------------------------------------------
"$bin" match --game commanders --agents heuristic,random --games 10 --quiet >match.txt
check "a 10-game match does not claim [1.000, 1.000]" bash -c "! grep -q '\[1.000, 1.000\]' match.txt && ! grep -q 'p = 0:' match.txt && grep -q 'p ' match.txt"
"$bin" match --game commanders --agents heuristic,random --games 10 --quiet --out m10 >/dev/null
check "match.json: the score interval has width and p > 0" python3 -c "
import json,sys; s=json.load(open('m10/match.json')); sys.exit(0 if s['score']['high']-s['score']['low']>0.1 and s['p_value']>0 else 1)"

# A variant's element seen in a handful of games (a card's rounds in 2 games, sd 0) is shown
# but not tested: two equal values are no evidence of a difference.
"$bin" balance --game ragnarok --agents random --games 200 --threads 1 --quiet \
  --variant ablate=Berserker --out v200 >variant.txt
check "a variant's small-sample rows are not tested, and no zero-width row is significant" python3 -c "
import json,sys; v=json.load(open('v200/variants.json'))['variants'][0]['differences']
untested=[r for r in v if not r['tested']]
flat=[r for r in v if r['significant'] and (r['base']['low']==r['base']['high'] or r['variant']['low']==r['variant']['high'])]
print('untested:', len(untested), 'significant with a zero-width arm:', [r['statistic'] for r in flat])
sys.exit(0 if untested and all(r['q_value'] is None and not r['significant'] for r in untested) and not flat else 1)"
check "the variant table says how many element rows were not tested" grep -q "not tested, with fewer than 30 observations" variant.txt

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
