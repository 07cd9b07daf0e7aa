#!/bin/sh
# Each renderer's output on the samples against the files kept in tests/golden/ (one per case below): the
# HTML of every case, and the text, Markdown, Jira and JSON of the main ones.
# usage: golden_test.sh AWRDIFF SOURCE_DIR
# After a deliberate change to an output, regenerate them and review the diff before committing:
#   AWRDIFF_UPDATE_GOLDEN=1 tests/golden/golden_test.sh build/awrdiff .
# The commands run in samples/ with relative file names, so the outputs hold no machine path; text is
# rendered at a fixed --width and without colour, so the terminal does not change it.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
golden=$src/tests/golden
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

case_out() {  # file name (name.ext), then the awrdiff arguments
  name=$1
  shift
  (cd "$src/samples" && NO_COLOR=1 "$bin" "$@" >"$tmp/$name")
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "FAIL $name: awrdiff exit $rc"
    fail=$((fail + 1))
    return
  fi
  if [ "${AWRDIFF_UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$tmp/$name" "$golden/$name"
    echo "updated $golden/$name"
    pass=$((pass + 1))
  elif cmp -s "$tmp/$name" "$golden/$name"; then
    echo "ok   $name"
    pass=$((pass + 1))
  else
    echo "FAIL $name: the HTML differs from tests/golden/$name (AWRDIFF_UPDATE_GOLDEN=1 to accept):"
    diff -u "$golden/$name" "$tmp/$name" | head -40
    fail=$((fail + 1))
  fi
}

sets="--base good.html good_1.html good_2.html --target good_3.html good_4.html bad.html"
baseline="--baseline good.html good_1.html good_2.html good_3.html good_4.html --"
for fmt in html text markdown jira json; do
  ext=$fmt
  [ $fmt = text ] && ext=txt
  [ $fmt = markdown ] && ext=md
  opts="-f $fmt"
  [ $fmt = text ] && opts="-f text --width 120"
  case_out good_bad.$ext $opts good.html bad.html
  case_out report.$ext report $opts good.html
  # shellcheck disable=SC2086 # the lists split into words
  case_out sets.$ext $opts $sets
  # shellcheck disable=SC2086
  case_out check.$ext check $opts $baseline bad.html
  [ $fmt = html ] || continue
  case_out bad_improved.html -f html bad.html improved.html
  case_out commit.html -f html commit_normal.html commit_spike.html
  case_out lgwr.html -f html lgwr_before.html lgwr_after.html
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
