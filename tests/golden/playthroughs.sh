#!/usr/bin/env bash
# Golden playthroughs: one seeded random game of every game and config that `ninefold check
# --all` covers, printed by `ninefold play` with what each seat observes after every state shown,
# and kept in tests/golden/<id>[@key=value...].txt.
# ctest diffs them, so an unintended change to rules, text or rendering shows up.
#   playthroughs.sh NINEFOLD               check every golden file (ctest)
#   playthroughs.sh NINEFOLD --regenerate  rewrite them after an intended change (then review
#                                          the diff with git before committing it)
set -euo pipefail
ninefold="$1"
mode="${2:-check}"
dir="$(cd "$(dirname "$0")" && pwd)"

failed=0
expected=()
while read -r game rest; do
  name="$game"
  args=(play --game "$game" --agents random --seed 1 --render-every 30 --observations)
  for kv in $rest; do
    name="$name@$kv"
    args+=(--config "$kv")
  done
  file="$dir/$name.txt"
  expected+=("$name.txt")
  actual="$(printf '$ ninefold %s\n' "${args[*]}"; "$ninefold" "${args[@]}")"
  if [ "$mode" = "--regenerate" ]; then
    printf '%s\n' "$actual" > "$file"
  elif [ ! -f "$file" ]; then
    echo "no golden playthrough for '$name': run scripts/regenerate-goldens" >&2
    failed=1
  elif ! diff -u "$file" <(printf '%s\n' "$actual") > /tmp/ninefold-golden-$$.diff; then
    echo "golden playthrough '$name' differs (first lines of the diff; scripts/regenerate-goldens rewrites it):" >&2
    head -40 /tmp/ninefold-golden-$$.diff >&2
    failed=1
  fi
done < <("$ninefold" check --list)
rm -f /tmp/ninefold-golden-$$.diff

# A golden file of a game or config that is no longer checked is stale.
for file in "$dir"/*.txt; do
  base="$(basename "$file")"
  case " ${expected[*]} " in
    *" $base "*) ;;
    *) if [ "$mode" = "--regenerate" ]; then rm -f "$file"; else
         echo "stale golden playthrough '$base': no such game or config is checked" >&2
         failed=1
       fi ;;
  esac
done
[ "$mode" = "--regenerate" ] && echo "regenerated ${#expected[@]} golden playthroughs in $dir"
exit $failed
