# Sourced by the CLI tests that run awrdiff as a user does (fleet_test.sh, timeline_test.sh, history_test.sh,
# monitoring_test.sh), with the script's own arguments AWRDIFF SOURCE_DIR and NAME set to the test's name:
#   NAME=fleet
#   . "$(dirname "$0")/as_user.sh"
# Sets AWRDIFF, SRC, T (a scratch folder /tmp/awrdiff-NAME-cli-XXXXXX, removed on exit), pass and fail; works in SRC.
#   ok / bad TEXT                     a pass / a failure (printed)
#   expect CODE WHAT -- COMMAND...    the exit code, and for 2 exactly one line on stderr (EXPECT_LINES=any: the code only)
#   expect_code CODE WHAT -- COMMAND  the exit code only
#   contains FILE TEXT WHAT           FILE holds TEXT
set -u
AWRDIFF=$(realpath "$1")
SRC=$(realpath "$2")
T=$(mktemp -d "/tmp/awrdiff-${NAME}-cli-XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$SRC" || exit 2
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
}
EXPECT_LINES=1
expect() {
  local want=$1 what=$2
  shift 3
  "$@" >"$T/out" 2>"$T/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    bad "$what: exit $got, expected $want: $(head -c 600 "$T/err")"
  elif [ "$want" = 2 ] && [ "$EXPECT_LINES" = 1 ] && [ "$(wc -l <"$T/err")" != 1 ]; then
    bad "$what: expected one line on stderr, got: $(cat "$T/err")"
  else
    ok
  fi
}
expect_code() {
  local lines=$EXPECT_LINES
  EXPECT_LINES=any
  expect "$@"
  EXPECT_LINES=$lines
}
contains() {
  if grep -qF -- "$2" "$1"; then ok; else bad "$3: '$2' not in: $(head -c 900 "$1")"; fi
}
