#!/usr/bin/env bash
# A game whose seats form one team (ninth-world co-op and solo): balance reports the team's
# record once per game, and leaves out what compares seats. Usage: team_test.sh path/to/ninefold
source "$(dirname "$0")/common.sh"

# json_check FILE EXPR: EXPR (Python, over the summary `s`) is true.
json_check() {
  python3 -c "import json,sys; s=json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1"
}
team_win_element='[r for r in s["elements"]["rows"] if r["element"] == "team"][0]["win"]["estimate"]'

"$bin" balance --game ninth-world --config mode=coop --config players=1 --games 300 --seed 2 \
  --out "$work/one" >"$work/one.txt"
s="$work/one/summary.json"
check "one hero: the team's record, not a win in every game" \
  json_check "$s" "s['one_team'] and s['team']['games'] == 300 and s['team']['wins'] < 300"
check "one hero: the team's win rate is the co-op team's" \
  json_check "$s" "abs(s['team']['win_rate']['estimate'] - $team_win_element) < 1e-12"
check "one hero: no seat table or first-seat advantage" \
  json_check "$s" "'by_seat' not in s and 'first_seat_advantage' not in s and 'advantage_p1' not in s['ludii_metrics'] and 'drawishness' not in s['ludii_metrics']"
check "one hero: the terminal shows the team and no seat advantage" \
  bash -c "grep -q '^team ' '$work/one.txt' && ! grep -q '^first-seat advantage' '$work/one.txt' && ! grep -q 'AdvantageP1 [0-9]' '$work/one.txt'"
check "one hero: team.csv instead of seats.csv" \
  bash -c "test -s '$work/one/team.csv' && ! test -e '$work/one/seats.csv'"

"$bin" balance --game ninth-world --config mode=coop --config players=3 --games 200 --seed 2 \
  --agents heuristic,random,heuristic --out "$work/three" >"$work/three.txt"
s="$work/three/summary.json"
check "three heroes: the team wins or loses, never a draw in every game" \
  json_check "$s" "s['team']['draws'] == 0 and s['team']['games'] == s['games'] and s['team']['wins'] + s['team']['losses'] == s['games']"
check "three heroes: the team's record by the agent in each seat" \
  json_check "$s" "len(s['team_by_agent_and_seat']) == 9 and sum(r['games'] for r in s['team_by_agent_and_seat']) == 3 * s['games']"
check "three heroes: the terminal names each agent of the lineup once per seat" \
  bash -c "test \$(grep -c '^[0-2] [a-z]* in seat [0-2] ' '$work/three.txt') -eq 9 && grep -q '^2 heuristic in seat 0 ' '$work/three.txt'"

"$bin" balance --game ninth-world --config mode=coop --sweep players=1..2 --games 100 --seed 2 \
  --out "$work/sweep" >"$work/sweep.txt"
check "a sweep over the team's size shows the team's win rate" grep -q '^team win' "$work/sweep.txt"

"$bin" balance --game ninth-world --config mode=solo --games 100 --seed 2 --report "$work/solo.html" \
  >/dev/null
check "the HTML report shows the team's results" grep -q 'Team results' "$work/solo.html"

expect_error "a head-to-head match on one team is refused" "share" \
  "$bin" match --game ninth-world --config mode=coop --config players=2 --agents heuristic,random --games 20

expect_error "fit refuses a seat advantage target for one team" "target the team's win rate" \
  "$bin" fit --game ninth-world --config mode=coop --target seat_advantage=0 \
  --free threshold1=10..20 --budget 400 --out "$work/fit"

"$bin" balance --game ninth-world --config players=2 --games 200 --seed 2 --out "$work/comp" >/dev/null
check "competitive play keeps its seat tables" \
  json_check "$work/comp/summary.json" "'team' not in s and 'first_seat_advantage' in s"

echo "$((13 - failures)) passed, $failures failed" >/dev/null
[ "$failures" -eq 0 ]
