#!/usr/bin/env bash
# Usage: working_folder.sh reset|check FOLDER
# The test cases run in FOLDER (tests/CMakeLists.txt): `reset` empties it before them, `check`
# fails when any of them left a file there (a test writes only into folders it makes).
set -euo pipefail
folder="$2"
case "$1" in
  reset) rm -rf "$folder" && mkdir -p "$folder" ;;
  check)
    left="$(ls -A "$folder")"
    if [ -n "$left" ]; then
      echo "test cases wrote into their working folder $folder: $left" >&2
      exit 1
    fi
    ;;
  *) echo "usage: working_folder.sh reset|check FOLDER" >&2; exit 2 ;;
esac
