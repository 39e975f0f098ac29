#!/usr/bin/env bash
# `ninefold fit` as a user drives it. Usage: fit_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"
cd "$work"

fit=("$bin" fit --quiet --threads 2)
expect_error "malformed --free names the item" "--free 'round_cap=100-300'" \
  "${fit[@]}" --game commanders --target seat_advantage=0 --free 'queen_redraws=0..3,round_cap=100-300'
expect_error "unknown --free name" "'queen_redrows' is neither a numeric config option" \
  "${fit[@]}" --game commanders --target seat_advantage=0 --free 'queen_redrows=0..3'
expect_error "malformed --target names the item" "--target 'seat_advantage'" \
  "${fit[@]}" --game commanders --target seat_advantage --free 'queen_redraws=0..3'
expect_error "unknown measure" "'seat_advantages' is not a measure" \
  "${fit[@]}" --game commanders --target seat_advantages=0 --free 'queen_redraws=0..3'
expect_error "unknown data field" "Odin.healt: no such field" \
  "${fit[@]}" --game realms --target 'win(Aesir)=0.5' --free 'figures.Odin.healt=4..7'
expect_error "a range end that is no valid design" "with figures.Odin.health=0 is not valid" \
  "${fit[@]}" --game realms --target 'win(Aesir)=0.5' --free 'figures.Odin.health=0..7'
expect_error "unknown method" "--method 'annealing'" \
  "${fit[@]}" --game commanders --target seat_advantage=0 --free 'queen_redraws=0..3' --method annealing

# The control experiment: commanders is balanced by seat, so the fit keeps the original design.
control=(--game commanders --target seat_advantage=0 --free 'queen_redraws=0..3,round_cap=100..300'
         --keep-close 0.02 --budget 12000 --games-per-candidate 400 --confirm-games 20000 --seed 3)
"$bin" fit --quiet --threads 1 "${control[@]}" --out c1 >c1.txt
"$bin" fit --quiet --threads 2 "${control[@]}" --out c2 --report c2.html >/dev/null
check "the control fit keeps queen_redraws=2 and round_cap=300" python3 -c "
import json; s = json.load(open('c1/fit.json'))
assert s['best']['values'] == {'queen_redraws': 2, 'round_cap': 300}, s['best']['values']"
check "the control's confirmed seat advantage holds 0" python3 -c "
import json; t = json.load(open('c1/fit.json'))['confirmation']['levels'][0]['targets'][0]
assert t['fitted']['low'] <= 0 <= t['fitted']['high'], t"
check "fit.json is the same on 1 and 2 threads" cmp -s c1/fit.json c2/fit.json
check "the text names the original and the fit side by side" grep -q 'seat_advantage' c1.txt
check "the HTML report is written" grep -q 'fit of commanders' c2.html
check "the report has no scripts and no external resources" bash -c \
  "! grep -qiE '<script|<link|<img|<iframe|src=|href=\"http|url\\(' c2.html"
if command -v xmllint >/dev/null 2>&1; then
  check "the report is well-formed" xmllint --noout c2.html
fi
if command -v tidy >/dev/null 2>&1; then
  check "the report is valid HTML" tidy -q -e c2.html
fi

# A killed fit resumes from its checkpoint to the uninterrupted result.
# (The checkpoint carries a checksum, so the run is really killed once it has saved rounds.)
"$bin" fit --quiet "${control[@]}" --out k --checkpoint k.json >/dev/null &
pid=$!
for _ in $(seq 1 1000); do
  python3 -c "import json,sys; sys.exit(0 if len(json.load(open('k.json'))['rounds']) >= 2 else 1)" \
    2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.01
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
"$bin" fit --quiet "${control[@]}" --out k --checkpoint k.json >k.txt
check "the resumed fit says so" grep -q 'rounds resumed from the checkpoint' k.txt
check "the resumed fit ends where the uninterrupted one does" python3 -c "
import json; a, b = json.load(open('c1/fit.json')), json.load(open('k/fit.json'))
a.pop('resumed_rounds'); b.pop('resumed_rounds'); assert a == b"
cp k.json other.json
expect_error "a checkpoint of another fit is refused" "belongs to another fit" \
  "$bin" fit --quiet --game commanders --target seat_advantage=0 --free 'queen_redraws=0..3' \
  --budget 4000 --out k --checkpoint other.json

# A data file field: the fitted copy differs in that number alone and balance reproduces it.
"$bin" fit --quiet --game realms --target 'realm_win(Aesir)=0.5' --free 'figures.Odin.health=4..6' \
  --budget 120 --games-per-candidate 40 --confirm-games 40 --out r >r.txt
check "the fitted figures file is written" test -s r/figures.toml
check "it changes Odin's health at most" python3 -c "
import json; s = json.load(open('r/fit.json')); v = s['best']['values']['figures.Odin.health']
assert v in (4, 5, 6)
lines = open('r/figures.toml').read().splitlines()
odin = lines.index('[Odin]       # Aesir ruler: All Seeing Eye, Rally (Valkyrie)')
assert lines[odin + 5] == f'health = {v}', lines[odin + 5]"
check "balance reproduces the fitted design" bash -c \
  "'$bin' balance --game realms --config figures=r/figures.toml --games 8 --quiet --out rb >/dev/null"
check "the printed command reproduces it" grep -q -- '--config figures=r/figures.toml' r.txt

# Settings: the design must hold on both maps; each is confirmed on its own.
"$bin" fit --quiet --game realms --target 'win(Aesir)=0.5' --free 'figures.Frigg.ranged=2..4' \
  --setting map=vigridr --setting map=crossing --budget 160 --games-per-candidate 40 \
  --confirm-games 40 --out s >s.txt
check "a fit over two settings confirms each" python3 -c "
import json; s = json.load(open('s/fit.json'))
assert [l['setting'] for l in s['confirmation']['levels']] == ['map=vigridr', 'map=crossing']"
check "the text names the settings" grep -q 'setting map=crossing' s.txt
expect_error "a setting may not change a free parameter's option" "'figures' is a free parameter's option" \
  "${fit[@]}" --game realms --target 'win(Aesir)=0.5' --free 'figures.Frigg.ranged=2..4' --setting figures=standard
expect_error "a bad setting is named" "--setting 'map=atlantis'" \
  "${fit[@]}" --game realms --target 'win(Aesir)=0.5' --free 'figures.Frigg.ranged=2..4' --setting map=atlantis

echo "$failures failed"
[ "$failures" -eq 0 ]
