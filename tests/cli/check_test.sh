#!/usr/bin/env bash
# CLI tests of `awrdiff check` and `awrdiff baseline`: exit codes 0 / 1 / 2, --quiet, every format, the
# README's cron recipe as written, one-line errors, --exit-code for a plain pair.
. "$(dirname "$0")/common.sh"  # bin, root, s, tmp (the current directory), check, ok, one_line_error, lines
# The README's cron recipe, as written (run from the repository root there: here with $s).
check "baseline save" 0 "$bin" baseline save "$s/good.html" "$s"/good_[1-4].html -o normal.json
ok "baseline file written" grep -q '"awrdiff_baseline": 1' normal.json
check "baseline show" 0 "$bin" baseline show normal.json
ok "baseline show periods" grep -q '^Periods: 5 (5 valid)' "$tmp/out"
check "check bad" 1 "$bin" check -q --baseline normal.json "$s/bad.html"
# A saved baseline's typical period is several reports merged: its other sections stay out of the cron mail.
ok "no other sections against a saved baseline" sh -c '! grep -q "^Other sections" "$0"' "$tmp/out"
# -q on a fail mails the page: at most 25 lines, the first naming the verdict, the database, the snaps and the top
# cause; then the check's own first line, the top causes, the failing metrics and where the full report is.
ok "the page is at most 25 lines" sh -c '[ "$(wc -l <"$0")" -le 25 ]' "$tmp/out"
ok "the page's first line" grep -q '^FAIL ORCL19/orcl19 snaps [0-9]*-[0-9]*, .*: .*(.*% of the DB time added)' <(head -1 "$tmp/out")
ok "the check's first line in the page" grep -q '^  FAIL, regression against the baseline, driven by DB CPU .*hard parsing.*81uvdbt46vt5p.*: DB time per second ' "$tmp/out"
ok "the page's failing metrics" grep -q '^  fail  DB time per second ' "$tmp/out"
ok "the page says where the full report is" grep -q '^Full report: run the same check with -v' "$tmp/out"
check "check bad -q -v" 1 "$bin" check -q -v --baseline normal.json "$s/bad.html"
ok "-q -v: the full report" sh -c '[ "$(wc -l <"$0")" -gt 25 ] && grep -q "^Findings" "$0"' "$tmp/out"
# The full report beside the page in one run: -o FILE (HTML for the ticket) gets it, standard output the page.
check "check bad -q -f html -o" 1 "$bin" check -q --baseline normal.json "$s/bad.html" -f html -o page.html
ok "-q -o: the full HTML report written" grep -q '<html' page.html
ok "-q -o: the page mailed, naming the file" sh -c '[ "$(wc -l <"$0")" -le 25 ] && grep -q "^Full report: page.html$" "$0"' "$tmp/out"
# -q -f openmetrics -o FILE writes the exposition and still mails.
check "check bad -q -f openmetrics -o" 1 "$bin" check -q --baseline normal.json "$s/bad.html" -f openmetrics -o bad.prom
ok "openmetrics -q: the file written" grep -q '^awrdiff_check_status{database="ORCL19",instance="orcl19"} 2$' bad.prom
ok "openmetrics -q: the page mailed" sh -c '[ "$(wc -l <"$0")" -le 25 ] && head -1 "$0" | grep -q "^FAIL ORCL19"' "$tmp/out"
check "check improved -q -f openmetrics -o" 0 "$bin" check -q --baseline normal.json "$s/improved.html" -f openmetrics -o ok.prom
ok "openmetrics -q: a warn mails its line" sh -c '[ "$(wc -l <"$0")" = 1 ] && grep -q "^WARN [^ ]* snaps [0-9-]*, .*: no fail-level" "$0"' "$tmp/out"
check "check improved" 0 "$bin" check --baseline normal.json "$s/improved.html"
# -q: a warn mails its first line alone, on one line (-v, or no -q, the check table and findings).
check "check improved quiet" 0 "$bin" check -q --baseline normal.json "$s/improved.html"
ok "a warn under -q is one line" sh -c '[ "$(wc -l <"$0")" = 1 ] && grep -q "^WARN [^ ]* snaps [0-9-]*, .*: no fail-level" "$0"' "$tmp/out"
check "check improved quiet verbose" 0 "$bin" check -q -v --baseline normal.json "$s/improved.html"
ok "a warn under -q -v is the whole report" sh -c '[ "$(wc -l <"$0")" -gt 20 ]' "$tmp/out"
# Without --, the last file is the current report and the others the baseline: said, not silent.
check "a report among the baseline sources" 1 "$bin" check --baseline normal.json "$s/good_1.html" "$s/bad.html"
ok "baseline and current named" grep -q "baseline: normal.json, .*good_1.html (2 sources); current:" "$tmp/out"
# --match with no like period in a baseline file: insufficient baseline, exit 0, nothing under -q (as --history), one
# line with -q -v, said in the JSON.
sed 's/14-Mar-25 14:\([0-9]\)/14-Mar-25 03:\1/g' "$s/improved.html" >improved_03.html
check "--match hour, no like period" 0 "$bin" check -q --match hour --baseline normal.json improved_03.html
ok "no like period: silent under -q" test ! -s "$tmp/out"
check "--match hour, no like period, -v" 0 "$bin" check -q -v --match hour --baseline normal.json improved_03.html
ok "no like period, -q -v: one line" sh -c '[ "$(wc -l <"$0")" = 1 ] && grep -q "^OK [^ ]* snaps [0-9-]*, .*: insufficient baseline: no period of the baseline begins in the same hour" "$0"' "$tmp/out"
check "--match hour, no like period, JSON" 0 "$bin" check -q -f json --match hour --baseline normal.json improved_03.html
ok "no like period, -q -f json: said in its headline" grep -q '"headline": "OK, insufficient baseline: ' "$tmp/out"
# ... unless DB time per second is a multiple of every period of other hours (bad.html: 0.97 AAS, 4.3x the baseline's
# busiest 0.227): a warn, one line under -q, exit 0 all the same.
sed 's/14-Mar-25 14:\([0-9]\)/14-Mar-25 03:\1/g' "$s/bad.html" >bad_03.html
check "--match hour, no like period, a storm" 0 "$bin" check -q --match hour --baseline normal.json bad_03.html
ok "no like period, a storm: one warn line" sh -c '[ "$(wc -l <"$0")" = 1 ] && grep -q "^WARN [^ ]* snaps [0-9-]*, .*: insufficient baseline: no period of the baseline begins in the same hour .*but DB time per second 0.970 AAS is 4.3x the busiest of the 5 periods of other hours (0.227 AAS)" "$0"' "$tmp/out"
check "check good quiet" 0 "$bin" check -q --baseline normal.json "$s/good.html"
ok "quiet prints nothing" test ! -s "$tmp/out"
check "check a member of the baseline" 0 "$bin" check --baseline normal.json "$s/good_3.html"
ok "member left out" grep -q 'is a period of the baseline: left out' "$tmp/out"
# Its typical period was merged with it inside: no side-by-side tables comparing it partly with itself.
printf '{"a": 1}\n' >"$tmp/other.json"
check "a JSON that is no baseline" 2 "$bin" check --baseline "$tmp/other.json" "$s/bad.html"
ok "JSON named as such" grep -q 'is JSON, but neither a report snapshot .* nor a baseline' "$tmp/err"
check "a member of the baseline again" 0 "$bin" check --baseline normal.json "$s/good_3.html"
ok "merged typical period left out" grep -q "typical period was merged with this report in it" "$tmp/out"
ok "its tables describe it alone" grep -qE '^ +Report$' "$tmp/out"
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
corpus=${AWRDIFF_CORPUS:-$root/../shared/corpus}  # the real reports (tests skipped without them)
check "another database" 2 "$bin" check --baseline normal.json "$corpus/awr-html_12.1_sarthi_1.html"
if [ -d "$corpus" ]; then ok "another database: one line" one_line_error; fi
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
# Policy files that are no policy: one line naming the file, exit 2, never a crash.
mkdir adir
check "policy: a directory" 2 "$bin" check --policy adir --baseline normal.json "$s/bad.html"
ok "policy: a directory, said" grep -q "adir: is a directory" "$tmp/err"
check "policy: missing" 2 "$bin" check --policy nosuch.toml --baseline normal.json "$s/bad.html"
ok "policy: missing, said" grep -q "nosuch.toml: no such file" "$tmp/err"
printf '[metric."db_time_per_s"]\nfail_z = 1e400\n' >p1.toml
printf 'load_matters = "\xff\xfe"\n' >p2.toml
head -c 64 "$bin" >p3.toml
printf '[metric."db_time_per_s"]\nenabled = 1\n' >p4.toml
printf 'spread_floor_pct = -5\n' >p5.toml
printf '[metric."db_time_per_s"]\nfail_z = nan\n' >p6.toml
for p in p1 p2 p3 p4 p5 p6; do
  check "policy trouble $p" 2 "$bin" check --policy $p.toml --baseline normal.json "$s/bad.html"
  ok "policy trouble $p: one line naming the file" sh -c "[ \$(wc -l <'$tmp/err') = 1 ] && grep -q '$p.toml' '$tmp/err'"
done
# One database: no DB Id means a match by DB name, else trouble.
c=$corpus
if [ -d "$c" ]; then
  j=$c/awr-html_19c_jdmoreno_
  check "rmgtibp baseline" 0 "$bin" baseline save "${j}8.html" "${j}9.html" "${j}10.html" -o rmgtibp.json
  check "no DB Id, no DB name" 2 "$bin" check --baseline rmgtibp.json "$c/awr-html_unk_rfort_1.html"
  ok "cannot confirm, said" grep -q "cannot confirm it is the same database" "$tmp/err"
  check "dump without DB Id of another DB name" 2 "$bin" check --baseline "$c/baseline-metric_11.2_tmuth_1.out" "$s/bad.html"
  ok "another DB name, said" grep -q "DB name ORCL19 is not the baseline's (ORCL)" "$tmp/err"
  # A name is no identity: a Windows laptop's single-instance ORCL is not a Linux RAC node's ORCL (it passed,
  # "matched by DB name", as OK within the baseline).
  check "another ORCL: platform and RAC differ" 2 "$bin" check --baseline "$c/baseline-metric_11.2_tmuth_1.out" \
    "$c/awr-html_11.2_rac_newstar_1.html"
  ok "another ORCL: one line" one_line_error
  ok "another ORCL: platform named" grep -q "platform Linux x86 64-bit is not Microsoft_Windows_x86_64-bit" "$tmp/err"
  ok "another ORCL: RAC named" grep -q "a RAC database is not a single instance" "$tmp/err"
  ok "another ORCL: the override named" grep -q -- "--assume-same-database" "$tmp/err"
  check "another ORCL, overridden" 0 "$bin" check --assume-same-database --baseline "$c/baseline-metric_11.2_tmuth_1.out" \
    "$c/awr-html_11.2_rac_newstar_1.html"
  ok "overridden: what differs is said" grep -q "matched by DB name ORCL alone (--assume-same-database), though platform" "$tmp/out"
  ok "the option in --help" sh -c "'$bin' check --help | grep -q -- --assume-same-database"
  check "a current set of two databases" 2 "$bin" check --baseline normal.json -- "$s/bad.html" "${j}8.html"
  ok "two databases: one line" one_line_error
  check "baseline save of two databases" 2 "$bin" baseline save "$s/bad.html" "${j}8.html" -o mixed.json
fi
# Duplicates counted once; errors that name the right file.
check "the same report three times" 1 "$bin" check --baseline "$s/good.html" "$s/good.html" "$s/good.html" "$s/bad.html"
ok "duplicates dropped, said" grep -q "2 duplicate periods dropped" "$tmp/out"
ok "one period" grep -q "1 period)" "$tmp/out"
check "a baseline file twice" 1 "$bin" check --baseline normal.json normal.json "$s/sysmetric_summary.csv" "$s/bad.html"
ok "5 periods, not 15" grep -q "5 periods matched" "$tmp/out"
check "an HTML and text twin" 1 "$bin" check --baseline normal.json -- "$s/bad.txt" "$s/bad.html"
ok "twin dropped" grep -q "1 duplicate period dropped" "$tmp/out"
check "the only period is the current" 2 "$bin" check --baseline "$s/good.html" "$s/good.html"
ok "the baseline is named" grep -q "the baseline has no usable periods" "$tmp/err"
check "a baseline file as the current report" 2 "$bin" check --baseline normal.json normal.json
ok "baseline as current, said" grep -q "this is a baseline file, not a report; give it with --baseline" "$tmp/err"
echo '{"awrdiff_baseline": 1}' >bj_min.json
check "a baseline with no database" 2 "$bin" check --baseline bj_min.json "$s/bad.html"
ok "no database, said" grep -q "bj_min.json: baseline file: no database" "$tmp/err"
# History-only options with --baseline; nothing after --.
for o in --add "--for 2" "--window 3d" "--db h.sqlite"; do
  check "$o without --history" 2 "$bin" check --baseline normal.json $o "$s/bad.html"
  ok "$o needs --history" grep -q "needs --history" "$tmp/err"
done
check "nothing after --" 2 "$bin" check --baseline "$s/good_1.html" "$s/good_2.html" --
ok "nothing after --, said" grep -q "no current report after --" "$tmp/err"
# Dump rows skipped are counted and listed with -v; another DB Id's rows are said.
sed 's/|               16200|/|             16200,5|/' "$s/sysmetric_summary.lst" >comma.lst
check "a decimal comma in a | spool" 0 "$bin" baseline show comma.lst
ok "skipped row counted" grep -q "note: comma.lst: 1 row skipped" "$tmp/out"
check "a decimal comma, -v" 0 "$bin" baseline show -v comma.lst
ok "skipped row listed" grep -q "skipped: comma.lst: line 5: .*16200,5" "$tmp/out"
python3 -c "
t=open('$s/sysmetric_summary.lst').read().split('\n')
rows=[i for i,l in enumerate(t) if l.strip().startswith('1234567890|')]
for i in rows[-5:]: t[i]=t[i].replace('1234567890|','1234567891|',1)
open('two.lst','w').write('\n'.join(t))
s=open('$s/sysmetric_summary.lst').read(); i=s.rfind('1234567890|'); open('cut.lst','w').write(s[:i+120])"
check "another DB Id inside a dump" 0 "$bin" baseline show two.lst
ok "another DB Id, said" grep -q "another database's rows are mixed in" "$tmp/out"
check "a dump cut off mid-line" 0 "$bin" baseline show -v cut.lst
ok "cut off, said" grep -q "last row incomplete" "$tmp/out"
# --exit-code for a plain pair, as diff(1).
check "--exit-code regressed" 1 "$bin" --exit-code "$s/good.html" "$s/bad.html"
check "--exit-code improved" 0 "$bin" --exit-code "$s/bad.html" "$s/improved.html"
check "--exit-code unchanged" 0 "$bin" --exit-code "$s/good.html" "$s/good_1.html"

# A page against an Oracle metric dump (no event or statement carries the added time): its first line names the
# database, the snaps and the failing metrics, never a bare verdict.
"$bin" check -q --baseline "$s/baseline_metric_select.csv" "$s/bad.html" >"$tmp/out" 2>"$tmp/err"
ok "a dump's page: the first line names what failed" sh -c 'head -1 "$0" | grep -q "^FAIL ORCL19/orcl19 snaps 4411-4412, .*: DB time per second 0.970 AAS (baseline 0.220"' "$tmp/out"

echo "check: $pass passed, $fail failed"
[ "$fail" = 0 ]
