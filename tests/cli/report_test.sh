#!/usr/bin/env bash
# The HTML reports in a real browser: each page passes an HTML validity check and is
# self-contained (no scripts, no external resources); one page of each kind of plot renders in
# headless Chromium to a screenshot that is not blank. Chromium is installed from Debian when missing.
# Usage: report_test.sh path/to/ninefold
set -u
bin="$(realpath "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
passed=0
check() {
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; passed=$((passed + 1)); else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

browser=""
for candidate in chromium chromium-browser; do command -v "$candidate" >/dev/null 2>&1 && browser="$candidate" && break; done
if [ -z "$browser" ]; then
  echo "installing Debian's chromium for the browser test..."
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if sudo -n true 2>/dev/null; then sudo="sudo -n"; else
      echo "SKIPPED: chromium is not installed and this user cannot install it (run: apt-get install chromium)"; exit 77
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! { $sudo apt-get install -y -qq --no-install-recommends chromium >"$work/apt.log" 2>&1 ||
         { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium; } >>"$work/apt.log" 2>&1; }; then
    echo "FAILED: could not install chromium:"; tail -5 "$work/apt.log"; exit 1
  fi
  browser=chromium
fi

cd "$work"
"$bin" balance --game commanders --agents heuristic,random --games 6000 --quiet --out b --report balance.html >/dev/null &&
"$bin" balance --game commanders --agents heuristic --games 2000 --quiet --variant queen_redraws=0 --out v --report variant.html >/dev/null &&
"$bin" balance --game commanders --games 1000 --quiet --ladder 'heuristic(temperature=[4,1,0])' --out l --report ladder.html >/dev/null &&
"$bin" tournament --game commanders --agents heuristic,random,'heuristic(aggression=0.9)' --games 600 --quiet --report tournament.html >/dev/null &&
"$bin" match --game commanders --agents heuristic,random --sprt elo0=0,elo1=20 --quiet --report match.html >/dev/null &&
"$bin" tune --game commanders --agent 'heuristic(aggression=[0,1])' --budget 1200 --games-per-candidate 100 --quiet --report tune.html >/dev/null &&
"$bin" holes --game commanders --games 4 --search 'ismcts(iterations=200)' --report holes.html >/dev/null ||
  { echo "FAILED: a command with --report failed"; exit 1; }

# Reads a PNG (8-bit RGB or RGBA, as Chromium writes) and checks it shows a page: many
# colours and a fair share of pixels that are not the background.
not_blank() {
  python3 - "$1" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
bpp = 3 if colour == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
previous, rows, i = bytearray(stride), [], 0
for _ in range(height):
    kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b, c = previous[x], (previous[x - bpp] if x >= bpp else 0)
        if kind == 1: line[x] = (line[x] + a) & 255
        elif kind == 2: line[x] = (line[x] + b) & 255
        elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); previous = line
pixels = [row[x:x + 3] for row in rows[::4] for x in range(0, stride, bpp * 4)]
background = max(set(pixels), key=pixels.count)
share = sum(p != background for p in pixels) / len(pixels)
colours = len(set(pixels))
print(f"  {sys.argv[1]}: {width}x{height}, {colours} colours, {share:.1%} not background")
sys.exit(0 if colours > 20 and share > 0.02 else 1)
PY
}

for page in balance variant ladder tournament match tune holes; do
  html="$page.html"
  check "$page: no scripts and no external resources" bash -c \
    "! grep -qiE '<script|<link|<img|<iframe|src=|href=\"http|url\\(' '$html'"
  if command -v tidy >/dev/null 2>&1; then
    check "$page: valid HTML (tidy reports no errors or warnings)" tidy -q -e "$html"
  fi
  if command -v xmllint >/dev/null 2>&1; then
    check "$page: well-formed (strict XML parse of the page)" xmllint --noout "$html"
  fi
  command -v tidy >/dev/null 2>&1 || command -v xmllint >/dev/null 2>&1 ||
    { echo "FAILED: neither tidy nor xmllint is installed (scripts/setup installs them)"; failures=$((failures + 1)); }
  # Rendering costs about two seconds a page: one page per kind of plot (forest plots and a
  # histogram, the heat map, a line plot).
  case "$page" in balance | tournament | ladder) ;; *) continue ;; esac
  rm -f "$page.png"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --hide-scrollbars --window-size=900,700 --screenshot="$work/$page.png" "file://$work/$html" >"$work/browser.log" 2>&1
  check "$page: the browser renders a screenshot" test -s "$page.png"
  [ -s "$page.png" ] && check "$page: the screenshot is not blank" not_blank "$page.png"
done

# A blank page must fail the check (the check itself can fail).
printf '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/><title>blank</title></head><body></body></html>\n' >blank.html
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --hide-scrollbars --window-size=900,700 --screenshot="$work/blank.png" "file://$work/blank.html" >/dev/null 2>&1
check "the blank check rejects an empty page" bash -c "$(declare -f not_blank); ! not_blank '$work/blank.png'"

echo "report: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
