#!/usr/bin/env bash
# scripts/check-docs on the repository (it must pass) and on a scratch repository with a
# leftover conflict marker and a link that leads nowhere (it must name both and fail).
# Usage: check_docs_test.sh path/to/source
source "$(dirname "$0")/../cli/common.sh" "$1"  # $work, check
source_dir="$bin"
check "the repository has no conflict marker and no broken relative link" \
  bash "$source_dir/scripts/check-docs"
mkdir -p "$work/repo/scripts" "$work/repo/docs"
cp "$source_dir/scripts/check-docs" "$work/repo/scripts/"
printf '# A\n\nsee [b](docs/b.md) and [c](docs/c.md#part), [web](https://example.org)\n' \
  >"$work/repo/README.md"
printf '# B\n\n<<<<<<< HEAD\none\n=======\ntwo\n>>>>>>> other\n' >"$work/repo/docs/b.md"
git -C "$work/repo" init -q && git -C "$work/repo" add -A
bash "$work/repo/scripts/check-docs" >"$work/out" 2>"$work/err"
code=$?
check "a marker and a missing link fail the check" [ "$code" -eq 1 ]
check "each of the three marker lines is named" \
  bash -c "[ \$(grep -c 'conflict marker at docs/b.md' '$work/err') -eq 3 ]"
check "the missing link is named with its file and line" \
  grep -q "README.md:3: the link 'docs/c.md' leads nowhere" "$work/err"
check "a link that resolves and a web link are not named" \
  bash -c "! grep -q -e \"'docs/b.md'\" -e example.org '$work/err'"
echo "$failures failures"
[ "$failures" -eq 0 ]
