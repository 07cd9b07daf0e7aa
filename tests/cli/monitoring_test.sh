#!/usr/bin/env bash
# The check where monitoring looks: `check -f openmetrics` (checked by promtool when it is in PATH:
# scripts/quickstart.sh takes it out of Debian's prometheus package into build/tools, without installing the server;
# else by the exposition grammar in Python), `check --nagios` (the plugin line and exit codes 0 / 1 / 2 / 3), and the
# systemd service of contrib/ run with its own command line on the samples.
#   tests/cli/monitoring_test.sh AWRDIFF SOURCE_DIR
NAME=monitoring
. "$(dirname "$0")/as_user.sh"
EXPECT_LINES=any  # the exit code only: --nagios says CRITICAL (2) on standard output

"$AWRDIFF" baseline save samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html samples/good_4.html \
  -o "$T/normal.json" 2>/dev/null || bad "baseline save"

# OpenMetrics: every outcome written (also under -q), the exit code the check's.
expect 1 "openmetrics on a regression" -- "$AWRDIFF" check -q --baseline "$T/normal.json" samples/bad.html -f openmetrics -o "$T/bad.prom"
expect 0 "openmetrics within the baseline" -- "$AWRDIFF" check -q --baseline "$T/normal.json" samples/good_1.html -f OpenMetrics -o "$T/ok.prom"
contains "$T/bad.prom" 'awrdiff_check_status{database="ORCL19",instance="orcl19"} 2' "the fail's status"
contains "$T/ok.prom" 'awrdiff_check_status{database="ORCL19",instance="orcl19"} 0' "the pass's status"
contains "$T/bad.prom" 'awrdiff_metric_status{database="ORCL19",instance="orcl19",metric="db_time_per_s",status="fail"} 2' "a metric's status"
for f in "$T/bad.prom" "$T/ok.prom"; do
  [ "$(tail -n 1 "$f")" = "# EOF" ] && ok || bad "$f does not end with # EOF"
  if command -v promtool >/dev/null 2>&1; then
    promtool check metrics <"$f" >"$T/promtool" 2>&1 && ok || bad "promtool check metrics $f: $(cat "$T/promtool")"
  else
    python3 - "$f" <<'PY' && ok || bad "exposition grammar of $f"
import re, sys
sample = re.compile(r'[a-zA-Z_:][a-zA-Z0-9_:]*\{([a-zA-Z_][a-zA-Z0-9_]*="(\\[\\"n]|[^"\\\n])*",?)*\} -?[0-9.eE+-]+$')
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("# HELP ") or line.startswith("# TYPE ") or line == "# EOF":
        continue
    assert sample.match(line), line
PY
  fi
done
if ! command -v promtool >/dev/null 2>&1; then echo "NOTE: promtool not found (scripts/quickstart.sh --test puts it in build/tools): the exposition was checked by its grammar"; fi

contains "$T/ok.prom" 'awrdiff_check_up{database="ORCL19",instance="orcl19"} 1' "a check done is up"

# Trouble (exit 2) with -o FILE: the previous run's file is replaced by one saying so (its OK must not stay visible),
# labelled as that file was; a file that is not an exposition of awrdiff's (an input given as -o) is left alone.
cp "$T/ok.prom" "$T/stale.prom"
expect 2 "openmetrics on trouble" -- "$AWRDIFF" check --baseline "$T/normal.json" "$T/missing.html" -f openmetrics -o "$T/stale.prom"
[ "$(wc -l <"$T/err")" = 1 ] && ok || bad "openmetrics on trouble: not one line on stderr: $(cat "$T/err")"
contains "$T/stale.prom" 'awrdiff_check_up{database="ORCL19",instance="orcl19"} 0' "trouble: up 0, the previous labels"
contains "$T/stale.prom" 'awrdiff_check_trouble{database="ORCL19",instance="orcl19",reason="' "trouble: the reason"
grep -q '^awrdiff_check_status\|^awrdiff_metric' "$T/stale.prom" && bad "trouble: the stale outcome is still there: $(cat "$T/stale.prom")" || ok
expect 2 "openmetrics on trouble, no previous file" -- "$AWRDIFF" check --history --db "$T/typo.sqlite" samples/bad.html \
  -f openmetrics -o "$T/new.prom"
contains "$T/new.prom" 'awrdiff_check_up{database="",instance=""} 0' "trouble without a previous file"
contains "$T/new.prom" 'reason="cannot open the history store: no history store here' "trouble: the store's reason"
[ ! -e "$T/typo.sqlite" ] && ok || bad "check -f openmetrics created the missing store"
printf 'not an exposition\n' >"$T/notes.txt"
expect 2 "openmetrics on trouble, -o a file of another kind" -- "$AWRDIFF" check --baseline "$T/normal.json" "$T/missing.html" \
  -f openmetrics -o "$T/notes.txt"
[ "$(cat "$T/notes.txt")" = "not an exposition" ] && ok || bad "trouble replaced a file that was no exposition"
expect 2 "openmetrics within the baseline, -o a file of another kind" -- "$AWRDIFF" check --baseline "$T/normal.json" \
  samples/good_1.html -f openmetrics -o "$T/notes.txt"
[ "$(cat "$T/notes.txt")" = "not an exposition" ] && ok || bad "an exposition replaced a file that was no exposition"
contains "$T/err" "notes.txt: exists and is no exposition of awrdiff's: not overwritten" "the refusal in one line"
cp samples/good_1.html "$T/current.html"
expect 2 "openmetrics, -o onto the current report" -- "$AWRDIFF" check --baseline "$T/normal.json" "$T/current.html" \
  -f openmetrics -o "$T/current.html"
cmp -s samples/good_1.html "$T/current.html" && ok || bad "-o onto the current report changed it"
# Insufficient baseline (the first run of check --history --add): the current values, no band.
expect 0 "openmetrics, insufficient baseline" -- "$AWRDIFF" check --history --add --db "$T/first.sqlite" samples/good.html \
  -f openmetrics -o "$T/first.prom"
contains "$T/first.prom" 'awrdiff_check_status{database="ORCL19",instance="orcl19"} 0' "insufficient baseline: status 0"
contains "$T/first.prom" 'awrdiff_metric_value{database="ORCL19",instance="orcl19",metric="db_time_per_s",unit="AAS"} ' \
  "insufficient baseline: the current DB time per second"
contains "$T/first.prom" 'status="insufficient baseline"} 0' "insufficient baseline: metric status"
grep -q '^awrdiff_metric_band_low\|^awrdiff_metric_baseline_centre\|^awrdiff_metric_z' "$T/first.prom" &&
  bad "insufficient baseline: a band was written" || ok
for f in "$T/stale.prom" "$T/new.prom" "$T/first.prom"; do
  [ "$(tail -n 1 "$f")" = "# EOF" ] && ok || bad "$f does not end with # EOF"
  if command -v promtool >/dev/null 2>&1; then
    promtool check metrics <"$f" >"$T/promtool" 2>&1 && ok || bad "promtool check metrics $f: $(cat "$T/promtool")"
  fi
done

# Nagios: the plugin line on standard output, exit 0 OK / 2 CRITICAL / 3 UNKNOWN.
expect 2 "nagios CRITICAL" -- "$AWRDIFF" check --nagios --baseline "$T/normal.json" samples/bad.html
contains "$T/out" "AWRDIFF CRITICAL - FAIL, regression against the baseline" "CRITICAL line"
[ "$(wc -l <"$T/out")" = 1 ] && ok || bad "nagios prints one line"
python3 - "$T/out" <<'PY' && ok || bad "nagios perfdata: $(cat "$T/out")"
import re, sys
line = open(sys.argv[1]).read().rstrip("\n")
text, perf = line.split(" | ")
assert "|" not in text
item = re.compile(r"'(?:[^']|'')+'=-?[0-9.e+-]+(s|ms|us|%)?;[0-9.e+:-]*;[0-9.e+:-]*;;$")
items = perf.split(" ")
assert all(item.match(i) for i in items), items
# The UOM is the label's unit: a _ms key in ms (the plugin guidelines' UOM), never in seconds.
for i in items:
    uom = item.match(i).group(1)
    assert uom != "ms" or i.split("'=")[0].endswith("_ms"), i
assert any(i.startswith("'db_time_per_exec_ms'=") and ";" in i and i.split(";")[0].endswith("ms") for i in items), items
assert any(i.startswith("'db_time_per_s'=") for i in items)
PY
expect 0 "nagios OK" -- "$AWRDIFF" check --nagios --baseline "$T/normal.json" samples/good_1.html
contains "$T/out" "AWRDIFF OK - OK, within the baseline" "OK line"
expect 3 "nagios UNKNOWN on a missing report" -- "$AWRDIFF" check --nagios --baseline "$T/normal.json" "$T/missing.html"
contains "$T/out" "AWRDIFF UNKNOWN - awrdiff: $T/missing.html: " "UNKNOWN line names the file"
expect 3 "nagios UNKNOWN on another database" -- "$AWRDIFF" check --nagios --baseline "$T/normal.json" \
  "$(sed 's/1234567890/1234567891/g' samples/good_1.html >"$T/other.html"; echo "$T/other.html")"
expect 0 "nagios with --history on the first period" -- "$AWRDIFF" check --nagios --history --add --db "$T/n.sqlite" samples/good.html
contains "$T/out" "AWRDIFF OK - OK, insufficient baseline" "insufficient baseline is OK"

# --nagios and -f openmetrics together: refused (the plugin line must not land in the textfile collector's file).
expect 2 "--nagios with -f openmetrics" -- "$AWRDIFF" check --nagios -f openmetrics -o "$T/both.prom" --baseline "$T/normal.json" samples/bad.html
[ ! -e "$T/both.prom" ] && ok || bad "--nagios -f openmetrics wrote $T/both.prom"

# contrib/systemd: the service's ExecStart, run as systemd would (its Environment, /bin/sh, awrdiff found in PATH),
# with the binary and the folders of this test: reports arriving hour by hour, the last one a regression.
svc=contrib/systemd/awrdiff-check.service
cmd=$(sed -n 's/^ExecStart=//p' "$svc")
[ -n "$cmd" ] && ok || bad "no ExecStart in $svc"
grep -q '^OnCalendar=' contrib/systemd/awrdiff-check.timer && ok || bad "the timer has no OnCalendar"
grep -q 'exec awrdiff check' <<<"$cmd" && ok || bad "ExecStart does not run awrdiff from systemd's PATH: $cmd"
# Its own user and state directory (where AWR_DIR and the store are), and the hardening docs/monitoring.md scores.
for line in User=awrdiff StateDirectory=awrdiff ProtectSystem=strict ProtectHome=yes PrivateTmp=yes NoNewPrivileges=yes \
  CapabilityBoundingSet= Environment=AWR_DIR=/var/lib/awrdiff/reports Environment=AWRDIFF_HISTORY=/var/lib/awrdiff/history.sqlite; do
  grep -qx -- "$line" "$svc" && ok || bad "$svc lacks $line"
done
grep -q '^User=root\|^DynamicUser=no' "$svc" && bad "$svc runs as root" || ok
mkdir -p "$T/reports"
run_service() { # exit code of the service's command line, after REPORT arrives
  cp "$1" "$T/reports/"
  touch "$T/reports/$(basename "$1")"
  sleep 0.01
  eval "env PATH='$(dirname "$AWRDIFF")':\"\$PATH\" AWR_DIR='$T/reports' AWRDIFF_HISTORY='$T/service.sqlite' $cmd" \
    >"$T/svc.out" 2>"$T/svc.err"
}
for f in samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html samples/good_4.html; do
  run_service "$f" && ok || bad "service on $f: exit $?: $(cat "$T/svc.out" "$T/svc.err")"
done
[ ! -s "$T/svc.out" ] && ok || bad "the service printed on a normal hour: $(cat "$T/svc.out")"
run_service samples/bad.html
[ $? = 1 ] && ok || bad "the service does not fail on the regression"
contains "$T/svc.out" "FAIL, regression" "the regression reaches the journal"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
