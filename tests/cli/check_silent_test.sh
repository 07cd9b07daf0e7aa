#!/usr/bin/env bash
# CLI tests of `awrdiff check` failing safe: a baseline, a dump value, a policy or a gzip file that used to let a
# real regression (samples/bad.html: DB time per second 4.4 times the baseline's) pass silently is now trouble
# (exit 2, one line) or still fails (exit 1): never a silent exit 0. docs/robustness.md, "Silent passes".
. "$(dirname "$0")/common.sh"  # bin, root, s, tmp (the current directory), check, ok, one_line_error, lines
"$bin" baseline save "$s/good.html" "$s"/good_[1-4].html -o normal.json 2>/dev/null || exit 2

# --- A baseline that lacks a master metric ---------------------------------------------------------------------
# The DBA_HIST_SYSMETRIC_SUMMARY spool of a session with a decimal comma, exported with ';' between fields: every
# row with a fraction is refused (a comma in a delimited number), 5 of 245 rows were read, DB time per second
# among the lost.
python3 - "$s/sysmetric_summary.csv" <<'PY'
import csv, re, sys
out = []
for line in open(sys.argv[1]).read().split("\n"):
    if line.startswith('"DBID"'):
        out.append(line.replace(",", ";"))
    elif line.startswith("1234567890,"):
        cells = next(csv.reader([line]))
        out.append(";".join(c.replace(".", ",") if re.fullmatch(r"-?[0-9.]+", c) else '"' + c + '"' for c in cells))
    else:
        out.append(line)
open("semicolon.csv", "w").write("\n".join(out))
PY
check "decimal-comma spool: check -q" 2 "$bin" check -q --baseline semicolon.csv "$s/bad.html"
ok "decimal-comma spool: one line" one_line_error
ok "decimal-comma spool: rows lost, said" grep -q "semicolon.csv: incomplete baseline: semicolon.csv: 5 of the 245 rows" "$tmp/err"
check "decimal-comma spool: baseline show" 0 "$bin" baseline show semicolon.csv
ok "decimal-comma spool: show says incomplete" grep -q "^incomplete: semicolon.csv: 5 of the 245 rows" "$tmp/out"
# A SELECT_BASELINE_METRIC spool cut in half (a copy interrupted): Database Time Per Sec is in the lost half.
head -c "$(($(wc -c <"$s/baseline_metric_select.lst") / 2))" "$s/baseline_metric_select.lst" >half.lst
check "half a SELECT_BASELINE_METRIC spool" 2 "$bin" check -q --baseline half.lst "$s/bad.html"
ok "half a spool: one line" one_line_error
ok "half a spool: cut off, said" grep -q "the file ends inside a row" "$tmp/err"
# Cut at a line break: no row is cut, but DB time per second is not in it.
awk 'NR <= 20' "$s/baseline_metric_select.lst" >head.lst
check "a spool without DB time per second" 2 "$bin" check -q --baseline head.lst "$s/bad.html"
ok "no DB time, said" grep -q "the baseline gives no DB time per second" "$tmp/err"
# A policy that names the metrics it gates on, given by both: checked on them, and the regression fails.
printf '[metric."load_profile.hard_parses"]\nfail_z = 3\n' >hp.toml
check "no DB time, the policy's gates given" 1 "$bin" check -q --policy hp.toml --baseline head.lst "$s/bad.html"
ok "gated on the policy's metrics, said" grep -q "gated on the policy's metrics (load_profile.hard_parses)" "$tmp/out"
printf '[metric."load_profile.logons"]\nfail_z = 3\n' >logons.toml
grep -v "Logons Per Sec" head.lst >head_nologons.lst
check "no DB time, a gate not given" 2 "$bin" check -q --policy logons.toml --baseline head_nologons.lst "$s/bad.html"
ok "the gate not given is named" grep -q "the policy's load_profile.logons not given" "$tmp/err"
# A saved baseline keeps what it lacks: the check of the saved file is refused as the dump's.
check "save an incomplete dump" 0 "$bin" baseline save semicolon.csv -o semi.json
check "the saved incomplete baseline" 2 "$bin" check -q --baseline semi.json "$s/bad.html"
ok "saved incomplete: one line" one_line_error

# --- Dump values out of range -----------------------------------------------------------------------------------
# A DB time per second of 1e27 centiseconds per second in one period (and 1e27 Average Active Sessions, its second
# twin): those rows are dropped (said per row), the other four periods still gate, and the regression fails.
sed -e '0,/"Database Time Per Sec","CentiSeconds Per Second",10,\([0-9]*\),[0-9.]*,/s//"Database Time Per Sec","CentiSeconds Per Second",10,\1,1e27,/' \
  -e '0,/"Average Active Sessions","Active Sessions",10,\([0-9]*\),[0-9.]*,/s//"Average Active Sessions","Active Sessions",10,\1,1e27,/' \
  "$s/sysmetric_summary.csv" >huge.csv
ok "huge.csv differs" sh -c '! cmp -s huge.csv "$0"' "$s/sysmetric_summary.csv"
check "DB time 1e27 in one period" 1 "$bin" check -q -v --baseline huge.csv "$s/bad.html"
ok "4 periods left" grep -q "4 periods matched" "$tmp/out"
check "DB time 1e27: show -v" 0 "$bin" baseline show -v huge.csv
ok "dropped row named" grep -q "skipped: huge.csv: line [0-9]*: Database Time Per Sec row dropped: average 1e+25 AAS is outside the range" "$tmp/out"
# Every period's DB time 1e27: none left, trouble.
sed -e 's/"Database Time Per Sec","CentiSeconds Per Second",10,\([0-9]*\),[0-9.]*,/"Database Time Per Sec","CentiSeconds Per Second",10,\1,1e27,/' \
  -e 's/"Average Active Sessions","Active Sessions",10,\([0-9]*\),[0-9.]*,/"Average Active Sessions","Active Sessions",10,\1,1e27,/' \
  "$s/sysmetric_summary.csv" >allhuge.csv
check "DB time 1e27 in every period" 2 "$bin" check -q --baseline allhuge.csv "$s/bad.html"
ok "every DB time out of range: one line" one_line_error
# A negative rate: dropped when read, so the saved baseline is not refused on every later run.
sed '0,/"Executions Per Sec","Executes Per Second",10,\([0-9]*\),/s//"Executions Per Sec","Executes Per Second",10,\1,-/' \
  "$s/sysmetric_summary.csv" >negative.csv
check "negative rate: save" 0 "$bin" baseline save negative.csv -o negative.json
check "negative rate: the saved baseline still checks" 1 "$bin" check -q --baseline negative.json "$s/bad.html"
check "negative rate: show -v" 0 "$bin" baseline show -v negative.csv
ok "negative row named" grep -q "Executions Per Sec row dropped: average -[0-9.]* /s is outside the range" "$tmp/out"
# A value of 2^63 and more: dropped, and never printed as -0.
sed 's/"Logons Per Sec","Logons Per Second",10,\([0-9]*\),[0-9.]*,/"Logons Per Sec","Logons Per Second",10,\1,1e19,/' \
  "$s/sysmetric_summary.csv" >big.csv
check "2^63: show" 0 "$bin" baseline show -v big.csv
ok "no -0 printed" sh -c '! grep -qE " -0( |$)" "$0"' "$tmp/out"
ok "1e19 dropped" grep -q "Logons Per Sec row dropped: average 1e+19" "$tmp/out"
# A baseline file holding such a value is refused when read, naming the value.
python3 -c "
import json; b=json.load(open('normal.json')); b['periods'][0]['values']['db_time_per_s']=1e27
json.dump(b, open('huge.json','w'))"
check "baseline file with DB time 1e27" 2 "$bin" check -q --baseline huge.json "$s/bad.html"
ok "baseline file 1e27: one line" one_line_error
ok "baseline file 1e27: said" grep -q "periods\[0\].values.db_time_per_s is 1e+27 AAS is outside the range" "$tmp/err"
# Periods that are none: elapsed 0, a begin time of "garbage", begin after end: left out, each said.
python3 -c "
import json; b=json.load(open('normal.json')); p=b['periods']
p[0]['elapsed_s']=0; p[1]['begin_time']='garbage'; p[2]['begin_time'], p[2]['end_time'] = p[2]['end_time'], p[2]['begin_time']
json.dump(b, open('times.json','w'))"
check "periods that are none" 1 "$bin" check --baseline times.json "$s/bad.html"
tr '\n' ' ' <"$tmp/out" | tr -s ' ' >flat.txt  # warnings wrap at 120 columns
ok "elapsed 0, said" grep -q "periods\[0\] ([^)]*): its length is 0 s: left out" flat.txt
ok "garbage begin, said" grep -q "periods\[1\] ([^)]*): its begin time 'garbage' is not a time: left out" flat.txt
ok "begin after end, said" grep -q "periods\[2\] ([^)]*): it begins ([^)]*) after it ends" flat.txt
ok "2 periods left" grep -q "2 periods matched" "$tmp/out"
# 5 periods repeated 200 times are 5 periods: the band is not narrowed by 995 copies.
python3 -c "
import json; b=json.load(open('normal.json')); b['periods']=b['periods']*200
json.dump(b, open('repeated.json','w'))"
check "5 periods repeated 200 times" 1 "$bin" check --baseline repeated.json "$s/bad.html"
ok "5 periods, not 1,000" grep -q "5 periods matched" "$tmp/out"
ok "995 duplicates said" grep -q "995 duplicate periods dropped" "$tmp/out"
ok "stderr names 10 and counts the rest" sh -c '[ $(wc -l <"$0") = 12 ] && grep -q "985 more periods given more than once" "$0" &&
  grep -q "5 distinct periods (1000 given)" "$0"' "$tmp/err"

# --- Values beyond what the host can do (within the range) ------------------------------------------------------
# The samples' host has 8 CPUs and about 60 sessions: a DB time per second of 999,999 AAS (under the range's
# 1,000,000) is no period of it. One such period is left out and said, the four others gate: the regression fails.
python3 -c "
import json; b=json.load(open('normal.json')); b['periods'][0]['values']['db_time_per_s']=999999
json.dump(b, open('aas1.json','w'))
for p in b['periods']: p['values']['db_time_per_s']=999999
json.dump(b, open('aasall.json','w'))"
check "999,999 AAS in one period" 1 "$bin" check --baseline aas1.json "$s/bad.html"
ok "999,999 AAS: 4 periods left" grep -q "4 periods matched" "$tmp/out"
tr '\n' ' ' <"$tmp/out" | tr -s ' ' >flat.txt
ok "999,999 AAS: said" grep -q "good.html: DB time per second 999999 AAS is beyond what its host can do (59.5 sessions, 8 CPUs: at most 800 AAS): left out of the baseline" flat.txt
# Every period: no baseline left, trouble (it read "improved": WARN, exit 0).
check "999,999 AAS in every period" 2 "$bin" check -q --baseline aasall.json "$s/bad.html"
ok "999,999 AAS everywhere: one line" one_line_error
# A dump's: Database Time Per Sec 99,999,900 centiseconds per second in every period (its Session Count ~60).
sed -e 's/"Database Time Per Sec","CentiSeconds Per Second",10,\([0-9]*\),[0-9.]*,/"Database Time Per Sec","CentiSeconds Per Second",10,\1,99999900,/' \
  -e 's/"Average Active Sessions","Active Sessions",10,\([0-9]*\),[0-9.]*,/"Average Active Sessions","Active Sessions",10,\1,999999,/' \
  "$s/sysmetric_summary.csv" >aas.csv
check "dump at 999,999 AAS" 2 "$bin" check -q --baseline aas.csv "$s/bad.html"
ok "dump at 999,999 AAS: one line" one_line_error
check "dump at 999,999 AAS: show" 0 "$bin" baseline show aas.csv
ok "dump at 999,999 AAS: said" grep -q "beyond what its host can do" "$tmp/out"
# A SELECT_BASELINE_METRIC spool's: its DB time aggregate against its Session Count aggregate (68.5).
sed -e 's/"Database Time Per Sec","CentiSeconds Per Second",10,60000,[0-9.]*,/"Database Time Per Sec","CentiSeconds Per Second",10,60000,99999900,/' \
  -e 's/"Average Active Sessions","Active Sessions",10,60000,[0-9.]*,/"Average Active Sessions","Active Sessions",10,60000,999999,/' \
  "$s/baseline_metric_select.csv" >aas_select.csv
ok "aas_select.csv differs" sh -c '! cmp -s aas_select.csv "$0"' "$s/baseline_metric_select.csv"
check "SELECT_BASELINE_METRIC at 999,999 AAS" 2 "$bin" check -q --baseline aas_select.csv "$s/bad.html"
ok "SELECT_BASELINE_METRIC at 999,999 AAS: one line" one_line_error
check "SELECT_BASELINE_METRIC at 999,999 AAS: show" 0 "$bin" baseline show aas_select.csv
ok "SELECT_BASELINE_METRIC at 999,999 AAS: said" grep -q "(999999 AAS) is beyond what its host can do (68.5 sessions: at most 685 AAS)" "$tmp/out"
# A history store edited by hand: a stored DB time per second of 1e300 (out of range), then of 999,999 AAS.
if command -v sqlite3 >/dev/null; then
  "$bin" history add --db h.sqlite "$s/good.html" "$s"/good_[1-4].html 2>/dev/null
  for v in 1e300 999999; do
    cp h.sqlite "h$v.sqlite"
    sqlite3 "h$v.sqlite" "UPDATE metric_values SET value = $v WHERE metric_id =
      (SELECT metric_id FROM metrics WHERE metric_key = 'db_time_per_s')"
    check "stored DB time per second $v" 2 "$bin" check -q --history --db "h$v.sqlite" "$s/bad.html"
    ok "stored $v: one line" one_line_error
  done
else
  echo "SKIP: a history store edited by hand (no sqlite3)"
fi
# A dump row whose BEGIN_TIME is its END_TIME though INTSIZE is 600 s: kept, said.
sed 's/,4411,"2025-03-14 14:01:00","2025-03-14 14:11:00"/,4411,"2025-03-14 14:11:00","2025-03-14 14:11:00"/' \
  "$s/sysmetric_summary.csv" >zero_span.csv
check "BEGIN = END, INTSIZE 600 s" 1 "$bin" check --baseline zero_span.csv "$s/bad.html"
tr '\n' ' ' <"$tmp/out" | tr -s ' ' >flat.txt
ok "BEGIN = END: said" grep -q "zero_span.csv: 1 period whose begin time is its end time, though INTSIZE gives it a length (first: line [0-9]*: 2025-03-14T14:11:00 to 2025-03-14T14:11:00, INTSIZE 600 s): kept" flat.txt

# --- A policy that disables the gate ----------------------------------------------------------------------------
printf '[metric."db_time_per_s"]\nfail_below = 100\nfail_above = 1\n' >contradiction.toml
check "contradictory levels" 2 "$bin" check -q --policy contradiction.toml --baseline normal.json "$s/bad.html"
ok "contradictory levels: one line" one_line_error
ok "contradictory levels: said" grep -q "contradiction.toml: line 1: metric 'db_time_per_s': fail_below = 100 is not below fail_above = 1" "$tmp/err"
printf '[metric."host_cpu_busy_pct"]\nwarn_above = 95\nfail_above = 90\n' >warnfail.toml
check "warn above fail" 2 "$bin" check -q --policy warnfail.toml --baseline normal.json "$s/bad.html"
ok "warn above fail: said" grep -q "warn_above = 95 is above fail_above = 90" "$tmp/err"
printf '[metric."db_time_per_s"]\nwarn_z = 100\nfail_z = 3\n' >warnzfailz.toml
check "warn_z above fail_z" 2 "$bin" check -q --policy warnzfailz.toml --baseline normal.json "$s/bad.html"
ok "warn_z above fail_z: said" grep -q "warn_z = 100 is above fail_z = 3" "$tmp/err"
for f in fail_rel_pct rel_floor_pct; do
  printf '[metric."db_time_per_s"]\n%s = 100000\n' "$f" >"never_$f.toml"
  check "$f = 100000: check" 0 "$bin" check -q --policy "never_$f.toml" --baseline normal.json "$s/bad.html"
  ok "$f = 100000: said on the first line" sh -c 'head -1 "$0" | grep -q "can never fail the check"' "$tmp/out"
  ok "$f = 100000: said on stderr" grep -q "DB time per second fails only past $f = 100000%" "$tmp/err"
done
{
  for k in db_time_per_s db_time_per_exec_ms db_time_per_txn_s db_time_per_call_ms; do
    printf '[metric."%s"]\nwarn_z = 1000\nfail_z = 1000\nabs_floor = 1e15\n' "$k"
  done
} >allpass.toml
check "an all-pass policy: -q" 0 "$bin" check -q --policy allpass.toml --baseline normal.json "$s/bad.html"
ok "all-pass: said on stderr" grep -q "allpass.toml: this policy can never fail the check" "$tmp/err"
check "an all-pass policy: JSON" 0 "$bin" check --policy allpass.toml --baseline normal.json "$s/bad.html" -f json -o allpass.json
check "JSON names the policy and its thresholds" 0 python3 -c "
import json; j=json.load(open('allpass.json'))
t=[t for t in j['tables'] if t['key']=='check_policy']; assert len(t)==1, [x['key'] for x in j['tables']]
t=t[0]; assert 'allpass.toml' in t['title'], t['title']
r={x['key']: x for x in t['rows']}
d=r['db_time_per_s']; assert d['fail_z']==1000 and d['abs_floor']==1e15 and d['enabled']=='true', d
assert r['host_cpu_busy_pct']['fail_z'] is None, r['host_cpu_busy_pct']
assert any('can never fail' in w for w in j['warnings']), j['warnings']
assert any(n.startswith('no metric can fail') for n in t['notes']), t['notes']
"
# Nagios reads the first line only: the policy is said there, and a metric with no limit has no band edge.
check "an all-pass policy: --nagios" 0 "$bin" check --nagios --policy allpass.toml --baseline normal.json "$s/improved.html"
ok "all-pass: the first line says the policy can never fail" grep -q "; the policy allpass.toml can never fail the check" "$tmp/out"
ok "all-pass: no limit, no 16-digit band edge" sh -c 'grep -q "(baseline [0-9.]*, no limit, " "$0" && ! grep -q "1,000,000,000\|1e+1[25]" "$0"' "$tmp/out"
check "the default policy in JSON" 1 "$bin" check --baseline normal.json "$s/bad.html" -f json -o default.json
check "default policy named" 0 python3 -c "
import json; j=json.load(open('default.json')); t=[t for t in j['tables'] if t['key']=='check_policy'][0]
assert t['title']=='Policy in force: registry defaults', t['title']
assert j['tables'][0]['key']=='check'"
check "the text output has no policy table" 1 "$bin" check --baseline normal.json "$s/bad.html"
ok "no policy table in text" sh -c '! grep -q "Policy in force" "$0"' "$tmp/out"

# The -q mail says it, whatever the wrapping of its lines.
said() { tr '\n' ' ' <"$tmp/out" | tr -s ' ' | grep -q "$1"; }

# --- A report that contradicts itself (docs/robustness.md, "A report is a ledger") ------------------------------
# The Time Model's DB time against the header's DB Time and the Load Profile's DB Time(s) per second: two that agree
# outvote the third (used, and said in the -q mail), none that agree make the report inconsistent (exit 2).
for v in "  0.0" "1e-308" "   -0" "1.797e308"; do
  sed "s/^\(DB time  *\)582.0/\1$v/" "$s/bad.txt" >tm.txt
  check "Time Model DB time $v: check -q" 1 "$bin" check -q --baseline normal.json tm.txt
  ok "Time Model DB time $v: the header's figure used, said" said "the header's figure"
done
sed -e 's/^\(DB time  *\)582.0/\1  0.0/' -e 's/^\(             DB Time(s): *\)1.0 /\1 0.0 /' "$s/bad.txt" >tm_lp.txt
check "Time Model and Load Profile against the header: check" 2 "$bin" check -q --baseline normal.json tm_lp.txt
ok "inconsistent report: one line" one_line_error
ok "inconsistent report: both figures named" grep -q "inconsistent report: DB Time in the header (9.70 min) and DB time in the Time Model statistics (0.0 s" "$tmp/err"
check "inconsistent report: compare" 0 "$bin" "$s/good.txt" tm_lp.txt
ok "inconsistent report: not comparable" grep -qi "not comparable" "$tmp/out"
sed 's/^\(DB time  *\)582.0/\1 9999.0/' "$s/good.txt" >good_9999.txt
"$bin" baseline save good_9999.txt -o one9999.json 2>/dev/null
check "a one-report baseline whose Time Model says 9999 s" 1 "$bin" check -q --baseline one9999.json "$s/bad.txt"
# Elapsed against the snap times: the snap times are used for every rate, said in the -q mail.
sed 's/^\(   Elapsed: *\)10.00/\1600.00/' "$s/bad.txt" >elapsed.txt
check "Elapsed 600 min over 10 min of snap times: check -q" 1 "$bin" check -q --baseline normal.json elapsed.txt
ok "Elapsed: the snap times used, said" said "rates use the snap times"
ok "Elapsed: said once" sh -c '[ "$(tr "\n" " " <"$0" | tr -s " " | grep -o "rates use the snap times" | wc -l)" = 1 ]' "$tmp/out"
"$bin" snapshot elapsed.txt -o elapsed.json 2>/dev/null
ok "Elapsed: the snapshot's elapsed is the snap times'" grep -q '"elapsed_s": 600' elapsed.json
# A section printed twice: with other figures the report is inconsistent; with the same, read once.
{ cat "$s/good.txt"; sed -n '/^Time Model Statistics/,/^  *------/p' "$s/bad.txt"; } >twice.txt
check "Time Model printed twice with other figures: check" 2 "$bin" check -q --baseline normal.json twice.txt
ok "printed twice: one line" one_line_error
ok "printed twice: named" grep -q "inconsistent report: time_model printed twice" "$tmp/err"
{ cat "$s/bad.txt"; sed -n '/^Time Model Statistics/,/^  *------/p' "$s/bad.txt"; } >twice_same.txt
check "Time Model printed twice with the same figures: check" 1 "$bin" check -q --baseline normal.json twice_same.txt
# An instance Startup Time after the period: unknown, never a restart before every stored period.
for f in good_1 good_2 good_3 good_4; do sed 's/02-Mar-25 06:12/14-Dec-26 06:12/' "$s/$f.txt" >"late_$f.txt"; done
sed -e 's/02-Mar-25 06:12/14-Dec-26 06:12/' -e 's/14-Mar-25/19-Mar-25/g' "$s/bad.txt" >late_bad.txt  # the day after good_4
for f in good_1 good_2 good_3 good_4; do "$bin" history add --db late.sqlite "late_$f.txt" >/dev/null 2>&1; done
check "Startup Time after the periods: check --history" 1 "$bin" check -q --history --db late.sqlite late_bad.txt
ok "Startup Time after the period: said" said "the startup time is left unknown"

# --- Multi-member gzip ------------------------------------------------------------------------------------------
# bad.html as two gzip members (log rotation appending, `gzip -c part2 >> f.gz`): the whole report is read, not
# its first half called truncated without its SQL cause.
n=$(wc -l <"$s/bad.html")
head -n $((n / 2)) "$s/bad.html" | gzip -c >bad.html.gz
tail -n +$((n / 2 + 1)) "$s/bad.html" | gzip -c >>bad.html.gz
check "multi-member gzip: check" 1 "$bin" check -q --baseline normal.json bad.html.gz
ok "multi-member gzip: the SQL cause" grep -q "81uvdbt46vt5p" "$tmp/out"
ok "multi-member gzip: not truncated" sh -c '! grep -q "truncated" "$0"' "$tmp/out"
check "multi-member gzip: snapshot" 0 "$bin" snapshot bad.html.gz -o multi.json
"$bin" snapshot "$s/bad.html" -o plain.json 2>/dev/null
ok "multi-member gzip: the same snapshot as the plain file" sh -c \
  'sed "s/bad.html.gz/X/; s|[^\"]*/bad.html|X|" multi.json >a; sed "s/bad.html.gz/X/; s|[^\"]*/bad.html|X|" plain.json >b; cmp -s a b'
printf 'garbage' >>bad.html.gz
check "multi-member gzip with bytes after it" 2 "$bin" check -q --baseline normal.json bad.html.gz
ok "bytes after the gzip members: one line" one_line_error

echo "check_silent: $pass passed, $fail failed"
[ "$fail" = 0 ]
