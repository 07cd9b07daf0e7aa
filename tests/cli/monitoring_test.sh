#!/usr/bin/env bash
# The check where monitoring looks: `check -f openmetrics` (checked by promtool when Debian's prometheus package
# provides it, else by the exposition grammar in Python), `check --nagios` (the plugin line and exit codes 0 / 1 /
# 2 / 3), and the systemd service of contrib/ run with its own command line on the samples.
#   tests/cli/monitoring_test.sh AWRDIFF SOURCE_DIR
set -u
AWRDIFF=$(realpath "$1")
SRC=$(realpath "$2")
T=$(mktemp -d /tmp/awrdiff-monitoring-cli-XXXXXX)
trap 'rm -rf "$T"' EXIT
cd "$SRC"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
}
expect() { # CODE DESCRIPTION -- COMMAND...
  local want=$1 what=$2
  shift 3
  "$@" >"$T/out" 2>"$T/err"
  local got=$?
  if [ "$got" != "$want" ]; then bad "$what: exit $got, expected $want: $(head -c 600 "$T/out" "$T/err")"; else ok; fi
}
contains() { # FILE TEXT DESCRIPTION
  if grep -qF -- "$2" "$1"; then ok; else bad "$3: '$2' not in: $(head -c 600 "$1")"; fi
}

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
if ! command -v promtool >/dev/null 2>&1; then echo "NOTE: promtool not found (Debian: prometheus): the exposition was checked by its grammar"; fi

# Nagios: the plugin line on standard output, exit 0 OK / 2 CRITICAL / 3 UNKNOWN.
expect 2 "nagios CRITICAL" -- "$AWRDIFF" check --nagios --baseline "$T/normal.json" samples/bad.html
contains "$T/out" "AWRDIFF CRITICAL - FAIL, regression against the baseline" "CRITICAL line"
[ "$(wc -l <"$T/out")" = 1 ] && ok || bad "nagios prints one line"
python3 - "$T/out" <<'PY' && ok || bad "nagios perfdata: $(cat "$T/out")"
import re, sys
line = open(sys.argv[1]).read().rstrip("\n")
text, perf = line.split(" | ")
assert "|" not in text
item = re.compile(r"'(?:[^']|'')+'=-?[0-9.e+-]+(s|%)?;[0-9.e+:-]*;[0-9.e+:-]*;;$")
items = perf.split(" ")
assert all(item.match(i) for i in items), items
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

# contrib/systemd: the service's ExecStart, run as systemd would (its Environment, /bin/sh), with the binary and
# the folders of this test: reports arriving hour by hour, the last one a regression.
svc=contrib/systemd/awrdiff-check.service
cmd=$(sed -n 's/^ExecStart=//p' "$svc")
[ -n "$cmd" ] && ok || bad "no ExecStart in $svc"
grep -q '^OnCalendar=' contrib/systemd/awrdiff-check.timer && ok || bad "the timer has no OnCalendar"
cmd=${cmd//\/usr\/local\/bin\/awrdiff/$AWRDIFF}
mkdir -p "$T/reports"
run_service() { # exit code of the service's command line, after REPORT arrives
  cp "$1" "$T/reports/"
  touch "$T/reports/$(basename "$1")"
  sleep 0.01
  eval "env AWR_DIR='$T/reports' AWRDIFF_HISTORY='$T/service.sqlite' $cmd" >"$T/svc.out" 2>"$T/svc.err"
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
