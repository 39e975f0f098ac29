#!/usr/bin/env bash
# scripts/setup with stand-ins for dpkg-query (MISSING names the packages it reports absent)
# and apt-get (it logs what it is asked to install). Usage: setup_test.sh path/to/source
source "$(dirname "$0")/../cli/common.sh" "$1"  # $work, check
source_dir="$bin"
mkdir -p "$work/bin"
cat >"$work/bin/dpkg-query" <<'STUB'
#!/usr/bin/env bash
for p in ${MISSING:-}; do [ "$p" = "${!#}" ] && exit 1; done
echo "install ok installed"
STUB
cat >"$work/bin/apt-get" <<'STUB'
#!/usr/bin/env bash
echo "apt-get $*" >>"$APT_LOG"
STUB
cat >"$work/bin/sudo" <<'STUB'
#!/usr/bin/env bash
"$@"
STUB
chmod +x "$work/bin/"*
export APT_LOG="$work/apt.log"
setup() { : >"$APT_LOG"; PATH="$work/bin:$PATH" bash "$source_dir/scripts/setup" "$@" >"$work/out" 2>"$work/err"; }

setup
code=$?
check "nothing missing: nothing installed" bash -c "[ $code -eq 0 ] && [ ! -s '$APT_LOG' ]"
MISSING="g++ clang python3-numpy" setup --run
check "--run installs what the program needs, not the tools of the tests" bash -c \
  "grep -q 'install .* g++\$' '$APT_LOG' && ! grep -q clang '$APT_LOG' && ! grep -q numpy '$APT_LOG'"
MISSING="g++ clang python3-numpy" setup
check "without options everything missing is installed" bash -c \
  "grep -q 'install .* g++ python3-numpy clang\$' '$APT_LOG'"
setup --fast
code=$?
check "an unknown option exits 2 with one line naming it, installing nothing" bash -c \
  "[ $code -eq 2 ] && [ \$(wc -l <'$work/err') -eq 1 ] && grep -q \"unknown option '--fast'\" '$work/err' && [ ! -s '$APT_LOG' ]"

echo "$failures failures"
[ "$failures" -eq 0 ]
