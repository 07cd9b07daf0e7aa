#!/usr/bin/env bash
# CLI tests of `awrdiff check` and `awrdiff baseline`: exit codes 0 / 1 / 2, --quiet, every format, the
# README's cron recipe as written, one-line errors, --exit-code for a plain pair.
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

s=$root/samples
cd "$tmp" || exit 2
# The README's cron recipe, as written (run from the repository root there: here with $s).
check "baseline save" 0 "$bin" baseline save "$s/good.html" "$s"/good_[1-4].html -o normal.json
ok "baseline file written" grep -q '"awrdiff_baseline": 1' normal.json
check "baseline show" 0 "$bin" baseline show normal.json
ok "baseline show periods" grep -q '^Periods: 5 (5 valid)' "$tmp/out"
check "check bad" 1 "$bin" check -q --baseline normal.json "$s/bad.html"
# The headline wraps at 120 columns: read up to the first blank line as one line.
ok "check bad headline" grep -q '^FAIL, regression against the baseline: DB time per second .*DB CPU.*hard parsing.*81uvdbt46vt5p' \
  <(awk 'NR == 1, /^$/' "$tmp/out" | tr '\n' ' ' | tr -s ' ')
check "check improved" 0 "$bin" check --baseline normal.json "$s/improved.html"
check "check good quiet" 0 "$bin" check -q --baseline normal.json "$s/good.html"
ok "quiet prints nothing" test ! -s "$tmp/out"
check "check a member of the baseline" 0 "$bin" check --baseline normal.json "$s/good_3.html"
ok "member left out" grep -q 'is a period of the baseline: left out' "$tmp/out"
check "check against reports" 1 "$bin" check --baseline "$s/good.html" "$s/good_1.html" "$s/good_2.html" "$s/bad.html"
check "check a set after --" 0 "$bin" check --baseline normal.json -- "$s/good_1.txt" "$s/improved.txt"
for f in text markdown html json; do
  check "check format $f" 1 "$bin" check --baseline normal.json "$s/bad.html" -f "$f" -o "check.$f"
done
check "check json" 0 python3 -c "
import json; j=json.load(open('check.json')); t=j['tables'][0]
assert t['key']=='check', t['key']
r={x['key']: x for x in t['rows']}
d=r['db_time_per_s']; assert d['status']=='fail' and d['operator']=='<=' and d['actual'] > d['expected'], d
assert r['load_profile.hard_parses']['status']=='warn', r['load_profile.hard_parses']
assert all(x['status'] in ('ok','warn','fail','improved','changed','insufficient baseline') for x in t['rows'])
"
# Trouble: exit 2 with one line.
check "another database" 2 "$bin" check --baseline normal.json "$root/../shared/corpus/awr-html_12.1_sarthi_1.html"
if [ -d "$root/../shared/corpus" ]; then ok "another database: one line" one_line_error; fi
check "missing current" 2 "$bin" check --baseline normal.json
ok "missing current: one line" one_line_error
check "missing baseline file" 2 "$bin" check --baseline nosuch.json "$s/bad.html"
ok "missing baseline: one line" one_line_error
printf '[metric."no_such_metric"]\nfail_z = 3\n' >bad.toml
check "policy with an unknown metric" 2 "$bin" check --policy bad.toml --baseline normal.json "$s/bad.html"
ok "policy error names the line" grep -q "bad.toml: line 1: metric 'no_such_metric'" "$tmp/err"
printf '[metric."load_profile.hard_parses"]\nfail_z = 3\n' >hp.toml
check "policy: hard parses fail" 1 "$bin" check --policy hp.toml --baseline normal.json "$s/bad.html"
check "bad --match" 2 "$bin" check --match minute --baseline normal.json "$s/bad.html"
check "--match hour" 1 "$bin" check --match hour --baseline normal.json "$s/bad.html"
echo '{"awrdiff_baseline": 2}' >future.json
check "a later baseline format" 2 "$bin" check --baseline future.json "$s/bad.html"
ok "later format: one line" one_line_error
check "output is the baseline" 2 "$bin" check --baseline normal.json "$s/bad.html" -o normal.json
ok "baseline file kept" grep -q '"awrdiff_baseline": 1' normal.json
# --exit-code for a plain pair, as diff(1).
check "--exit-code regressed" 1 "$bin" --exit-code "$s/good.html" "$s/bad.html"
check "--exit-code improved" 0 "$bin" --exit-code "$s/bad.html" "$s/improved.html"
check "--exit-code unchanged" 0 "$bin" --exit-code "$s/good.html" "$s/good_1.html"

echo "check: $pass passed, $fail failed"
[ "$fail" = 0 ]
