#!/bin/sh
# The HTML of the samples against the pages kept in tests/golden/ (one per case below).
# usage: golden_test.sh AWRDIFF SOURCE_DIR
# After a deliberate change to the HTML, regenerate them and review the diff before committing:
#   AWRDIFF_UPDATE_GOLDEN=1 tests/golden/golden_test.sh build/awrdiff .
# The commands run in samples/ with relative file names, so the pages hold no machine path.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
golden=$src/tests/golden
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

case_html() {  # name, then the awrdiff arguments
  name=$1
  shift
  (cd "$src/samples" && "$bin" "$@" >"$tmp/$name.html")
  rc=$?
  if [ $rc -gt 1 ]; then
    echo "FAIL $name: awrdiff exit $rc"
    fail=$((fail + 1))
    return
  fi
  if [ "${AWRDIFF_UPDATE_GOLDEN:-0}" = 1 ]; then
    cp "$tmp/$name.html" "$golden/$name.html"
    echo "updated $golden/$name.html"
    pass=$((pass + 1))
  elif cmp -s "$tmp/$name.html" "$golden/$name.html"; then
    echo "ok   $name"
    pass=$((pass + 1))
  else
    echo "FAIL $name: the HTML differs from tests/golden/$name.html (AWRDIFF_UPDATE_GOLDEN=1 to accept):"
    diff -u "$golden/$name.html" "$tmp/$name.html" | head -40
    fail=$((fail + 1))
  fi
}

case_html good_bad -f html good.html bad.html
case_html bad_improved -f html bad.html improved.html
case_html commit -f html commit_normal.html commit_spike.html
case_html lgwr -f html lgwr_before.html lgwr_after.html
case_html report report -f html good.html
case_html sets -f html --base good.html good_1.html good_2.html --target good_3.html good_4.html bad.html
case_html check check -f html --baseline good.html good_1.html good_2.html good_3.html good_4.html -- bad.html

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
