#!/usr/bin/env bash
# scripts/build in a scratch copy of the scripts, with a stand-in cmake that prints make's
# progress lines (and fails when FAIL is set). Usage: build_test.sh path/to/source
set -u
source_dir="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
mkdir -p "$work/tree/scripts" "$work/bin"
cp "$source_dir/scripts/build" "$source_dir/scripts/build-progress" "$work/tree/scripts/"
cat >"$work/bin/cmake" <<'STUB'
#!/usr/bin/env bash
if [ "$1" = --preset ]; then echo "-- Configuring done"; exit 0; fi
echo "cmake $*" >>"${CMAKE_CALLS:-/dev/null}"
for p in 3 8 15 27 41 55 62 78 86 93 99; do echo "[ $p%] Building CXX object file$p.cpp.o"; done
if [ -n "${FAIL:-}" ]; then echo "file99.cpp:1:1: error: something is wrong"; exit 2; fi
echo "[100%] Linking CXX executable ninefold"
echo "[100%] Built target ninefold"
STUB
chmod +x "$work/bin/cmake"
build() { PATH="$work/bin:$PATH" "$work/tree/scripts/build" release >"$work/out" 2>"$work/err"; }

build
code=$?
check "a first build succeeds" [ $code -eq 0 ]
check "a first build says what it is doing and how long it takes" \
  grep -q "building ninefold and its tests (release), the first build takes about 8 minutes on 2 cores" "$work/err"
check "progress is shown as percentage lines, about one per tenth" \
  [ "$(grep -c '^ninefold: build [0-9]*%$' "$work/err")" -eq 10 ]
check "progress reaches 100%" grep -q "^ninefold: build 100%$" "$work/err"
check "the compiler's lines are not shown" bash -c "! grep -q 'Building CXX' '$work/err' '$work/out'"
check "the full log is kept" grep -q "Building CXX object file41.cpp.o" "$work/tree/build/release/build.log"

touch "$work/tree/build/release/ninefold" && chmod +x "$work/tree/build/release/ninefold"
build
check "a later build does not announce a first build" bash -c "! grep -q 'first build' '$work/err'"

FAIL=1 build
code=$?
check "a failed build exits non-zero" [ $code -ne 0 ]
check "a failed build shows the compiler's error" grep -q "error: something is wrong" "$work/err"
check "a failed build says where its log is" grep -q "the build failed (output above, also in build/release/build.log)" "$work/err"

export CMAKE_CALLS="$work/calls"
: >"$CMAKE_CALLS"
rm -f "$work/tree/build/release/ninefold"
PATH="$work/bin:$PATH" "$work/tree/scripts/build" release ninefold >"$work/out" 2>"$work/err"
check "named targets are the only ones built" grep -q -- "--target ninefold$" "$CMAKE_CALLS"
check "a first build of named targets says which, and its shorter time" \
  grep -q "building ninefold (release), the first build takes about 4 minutes on 2 cores" "$work/err"
: >"$CMAKE_CALLS"
build
check "without targets everything is built" bash -c "! grep -q -- --target '$CMAKE_CALLS'"

echo "$failures failures"
[ $failures -eq 0 ]
