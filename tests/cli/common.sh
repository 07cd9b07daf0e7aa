# Sourced by the CLI test scripts (cli_test.sh, and check_test.sh, check_silent_test.sh, check_incomplete_test.sh of `check`):
#   . "$(dirname "$0")/common.sh"      with the script's own arguments: BINARY REPOSITORY
# Sets bin, root, s (the samples), tmp (removed on exit; the current directory), pass and fail, and the helpers.
set -u
bin=$(realpath "$1")
root=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() {  # check NAME EXPECTED_RC COMMAND...
  local name=$1 want=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$want" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1))
    echo "FAIL: $name: exit $rc, wanted $want"
    head -5 "$tmp/err"
    head -3 "$tmp/out"
  fi
}
ok() {  # ok NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name"; head -3 "$tmp/out"; cat "$tmp/err"; fi
}
one_line_error() {  # the last command printed one line on stderr, starting "awrdiff: "
  [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "^awrdiff: " "$tmp/err"
}
lines() { [ "$(wc -l <"$1")" = "$2" ]; }  # lines FILE N

s=$root/samples
cd "$tmp" || exit 2
