# Shared by the command-line test scripts: `source` it with the ninefold binary as $1.
# Gives $bin, a scratch directory $work (removed on exit), $failures and the checks below.
set -u
bin="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check "what" command...
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
# expect_error "what" "message fragment" command...: non-zero exit and one line on stderr.
expect_error() {
  local what="$1" fragment="$2"; shift 2
  "$@" >"$work/out" 2>"$work/err"
  local code=$?
  if [ $code -ne 0 ] && grep -qF -- "$fragment" "$work/err" && [ "$(wc -l <"$work/err")" -eq 1 ]; then
    echo "ok: $what"
  else
    echo "FAILED: $what (exit $code)"; cat "$work/err"; failures=$((failures + 1))
  fi
}
