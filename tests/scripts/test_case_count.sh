#!/usr/bin/env bash
# Usage: test_case_count.sh BUILD_DIR PROGRAM...
# Every test case of every Catch2 program is a ctest test of its own (tests/CMakeLists.txt):
# compares the number of cases each program lists with the number ctest holds under its
# prefix, so a case whose name discovery mangles, or a program discovery missed, is caught.
# (Each registered case runs with `--warn NoTests`, so a name that matches no case fails.)
set -euo pipefail
build="$1"
shift
status=0
total=0
all="$(ctest --test-dir "$build" -N)"
for program in "$@"; do
  name="$(basename "$program")"
  listed="$("$program" --list-test-names-only | grep -c . || true)"
  registered="$(grep -cE "^ *Test +#[0-9]+: $name:" <<<"$all" || true)"
  total=$((total + listed))
  if [ "$listed" != "$registered" ]; then
    echo "$name lists $listed test cases but ctest holds $registered of them" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "ctest holds all $total test cases of $# test programs"
exit "$status"
