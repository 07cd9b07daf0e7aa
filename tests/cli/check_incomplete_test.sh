#!/usr/bin/env bash
# CLI tests of `awrdiff check` on an incomplete current report and of a baseline given the same period twice:
# a truncated report's warning and the count of metrics not checked in the -q output, exit 2 when the report
# gives no DB time per second, 1 for a regression found on what is there; one line on stderr per period kept
# once, the count of distinct periods, periods that overlap said (exit 0).
. "$(dirname "$0")/common.sh"  # bin, root, s, tmp (the current directory), check, ok, one_line_error, lines
check "baseline save" 0 "$bin" baseline save "$s/good.html" "$s"/good_[1-4].html -o normal.json
ok "a baseline of distinct periods: nothing on stderr" test ! -s "$tmp/err"

# A truncated report whose check passes: exit 0, and -q says so in two lines.
head -c 9000 "$s/good_2.html" >trunc_good.html
check "truncated, passes, -q" 0 "$bin" check -q --baseline normal.json trunc_good.html
ok "-q: two lines" lines "$tmp/out" 2
ok "-q: the verdict counts the metrics not checked" grep -q '^OK [^ ]* snaps [0-9-]*, .*: within the baseline: DB time per second .*; [0-9]* metrics not checked (not in the report)$' "$tmp/out"
ok "-q: the report's warning" grep -q "^  ! trunc_good.html: truncated report (no 'End of Report' marker): [0-9]* metrics not checked$" "$tmp/out"
check "truncated, passes, json" 0 "$bin" check -q -f json --baseline normal.json trunc_good.html -o trunc.json
check "json carries the warnings" 0 python3 -c "
import json; j=json.load(open('trunc.json'))
assert 'metrics not checked' in j['headline'], j['headline']
assert any('truncated report' in w for w in j['warnings']), j['warnings']
assert any(\"of the baseline's metrics not checked\" in w for w in j['warnings']), j['warnings']
"
# Cut late (after every checked section): nothing is missing but the marker; still said under -q.
head -c 90000 "$s/good_2.html" >late.html
check "truncated late, passes, -q" 0 "$bin" check -q --baseline normal.json late.html
ok "late: the warning alone" grep -q "^  ! late.html: truncated report (no 'End of Report' marker)$" "$tmp/out"
ok "late: no count" sh -c '! grep -q "not checked" "$0"' "$tmp/out"
# The same for a text report.
head -c 3500 "$s/good_1.txt" >trunc_good.txt
check "truncated text, passes, -q" 0 "$bin" check -q --baseline normal.json trunc_good.txt
ok "text -q: the report's warning" grep -q "^  ! trunc_good.txt: truncated report .*metrics not checked$" "$tmp/out"
# A regression on what is there stays a regression.
head -c 30000 "$s/bad.html" >trunc.html
check "truncated, regression" 1 "$bin" check -q --baseline normal.json trunc.html
ok "regression: the whole report with the warning" grep -q "! trunc.html: truncated report" "$tmp/out"
# No DB time per second (cut in the header): the check cannot be done, trouble.
head -c 3900 "$s/good.html" >header.html
check "no DB time per second: trouble" 2 "$bin" check -q --baseline normal.json header.html
ok "trouble: one line naming the truncation" sh -c '[ $(wc -l <"$0") = 1 ] && grep -q "header.html: the report gives no DB time per second .*truncated report" "$0"' "$tmp/err"
head -c 1000 "$s/good.txt" >header.txt
check "text, no DB time per second: trouble" 2 "$bin" check -q --baseline normal.json header.txt
# Complete reports: -q as before.
check "complete, passes, -q" 0 "$bin" check -q --baseline normal.json "$s/good.txt"
ok "complete: -q prints nothing" test ! -s "$tmp/out"
check "the cron recipe: bad" 1 "$bin" check -q --baseline normal.json "$s/bad.html"
ok "bad: no count" sh -c '! grep -q "not checked" "$0"' "$tmp/out"
check "the cron recipe: improved" 0 "$bin" check -q --baseline normal.json "$s/improved.html"

# The same period twice in a baseline: kept once, said on stderr with the count; exit 0.
check "one file twice" 0 "$bin" baseline save "$s/good.html" "$s/good.html" -o dup.json
ok "one file twice: said" grep -q "^awrdiff: $s/good.html: the same period given twice (snaps 4410-4411 of ORCL19): kept once$" "$tmp/err"
ok "one file twice: counted" grep -q "^awrdiff: baseline: 1 distinct period (2 given)$" "$tmp/err"
check "one period saved" 0 "$bin" baseline show dup.json
ok "one period saved: shown" grep -q '^Periods: 1 (1 valid)' "$tmp/out"
check "HTML and text twins" 0 "$bin" baseline save "$s/good.html" "$s/good.txt" "$s/good_1.html" -o dup2.json
ok "twins: both files named, HTML kept" grep -q "^awrdiff: $s/good.txt: the same period as $s/good.html (snaps 4410-4411 of ORCL19): kept once$" "$tmp/err"
ok "twins: counted" grep -q "^awrdiff: baseline: 2 distinct periods (3 given)$" "$tmp/err"
ok "twins: two stderr lines" lines "$tmp/err" 2
# Periods that overlap without being the same: said, both kept.
sed 's/>4554</>4409</; s/>4555</>4411</' "$s/good_1.html" >overlap.html
check "overlapping periods" 0 "$bin" baseline save "$s/good.html" overlap.html -o overlap.json
ok "overlap: said" grep -q "^awrdiff: .*good.html (snaps 4410-4411 of ORCL19) and overlap.html (snaps 4409-4411 of ORCL19) overlap: a baseline's periods should be distinct samples; both kept$\|^awrdiff: overlap.html (snaps 4409-4411 of ORCL19) and .*good.html (snaps 4410-4411 of ORCL19) overlap" "$tmp/err"
check "overlap: both saved" 0 "$bin" baseline show overlap.json
ok "overlap: two periods" grep -q '^Periods: 2' "$tmp/out"
# Said when the baseline is saved, not again at every check against the saved file (cron would mail it hourly).
check "check against the saved overlapping baseline" 1 "$bin" check -q --baseline overlap.json "$s/bad.html"
ok "check: overlap not repeated" sh -c '! grep -q "overlap" "$0"' "$tmp/err"
# The same for check --baseline given several reports.
check "check: twins in the baseline" 1 "$bin" check -q --baseline "$s/good.html" "$s/good.txt" "$s/good_1.html" "$s/bad.html"
ok "check: twins said" grep -q "^awrdiff: $s/good.txt: the same period as $s/good.html (snaps 4410-4411 of ORCL19): kept once$" "$tmp/err"
ok "check: counted" grep -q "^awrdiff: baseline: 2 distinct periods (3 given)$" "$tmp/err"

# -q -o FILE: a pass after a fail empties the file (no stale FAIL report left for whatever reads it).
check "-q -o: fail" 1 "$bin" check -q --baseline normal.json "$s/bad.html" -o cron.out
ok "-q -o: the report written" grep -q '^FAIL' cron.out
check "-q -o: pass" 0 "$bin" check -q --baseline normal.json "$s/good_1.html" -o cron.out
ok "-q -o: emptied" test ! -s cron.out
# An empty file name (a cron glob that matched nothing) is named as such.
check "empty file name" 2 "$bin" check -q --baseline normal.json ""
ok "empty file name: said" grep -q "^awrdiff: '': no report given (an empty file name)$" "$tmp/err"
# A report that names no database cannot make a baseline check could match: refused at save.
sed -e 's/ORCL19//g' -e 's/1234567890//g' "$s/good.html" >anonymous.html
check "save: no database" 2 "$bin" baseline save anonymous.html -o anon.json
ok "save: no file written" test ! -e anon.json

echo "check_incomplete: $pass passed, $fail failed"
[ "$fail" = 0 ]
