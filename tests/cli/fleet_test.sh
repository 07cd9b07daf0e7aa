#!/usr/bin/env bash
# `awrdiff fleet`, as a user runs it: a synthetic fleet (tests/browser/fleet_series.py: two storms, a silent database,
# two fine) in every format, the exit codes, the errors (one line, exit 2); and on a store of the corpus's real series
# (RMGTIBP, RMGTIBN, XYDB) RMGTIBP's library-cache storm ranked first with its events and 1c602wgfqtdky, and a database
# whose last period is old listed as silent (skipped, said so, when $AWRDIFF_CORPUS, default ../shared/corpus, is absent).
#   tests/cli/fleet_test.sh AWRDIFF SOURCE_DIR
NAME=fleet
. "$(dirname "$0")/as_user.sh"
before() { # FILE FIRST SECOND DESCRIPTION: FIRST's line comes before SECOND's
  local a b
  a=$(grep -nF -- "$2" "$1" | head -1 | cut -d: -f1)
  b=$(grep -nF -- "$3" "$1" | head -1 | cut -d: -f1)
  if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]; then ok; else bad "$4: '$2' (line $a) not before '$3' (line $b)"; fi
}

# A synthetic fleet: PAYROLL's storm (6 periods, still on) loses more DB time than ORDERS's (3 periods, over); LEDGER
# stopped 3 hours before the window's end; CRM and WMS are fine.
python3 tests/browser/fleet_series.py "$T/series" || bad "fleet_series.py"
"$AWRDIFF" history add --db "$T/s.sqlite" "$T"/series/*.html >/dev/null 2>"$T/err" && ok || bad "history add: $(cat "$T/err")"
# Five hours of 10-minute periods: no daily cycle to match, every period is like (--match all; the default, hour, is below).
W=(--db "$T/s.sqlite" --to 2025-03-14T13:00 --match all)
expect 1 "fleet: failed databases exit 1" -- "$AWRDIFF" fleet "${W[@]}"
cp "$T/out" "$T/fleet.txt"
contains "$T/fleet.txt" "FAIL: 3 of 5 databases failed (1 silent), 0 warned, 2 fine; 2025-03-13 13:00 .. 2025-03-14 13:00" "first line"
contains "$T/fleet.txt" " 1. FAIL PAYROLL (DB Id 3000000001) instance 1: 6 of 30 periods failed" "PAYROLL ranks first"
contains "$T/fleet.txt" " 2. FAIL ORDERS (DB Id 3000000002) instance 1: 3 of 30 periods failed" "ORDERS second"
contains "$T/fleet.txt" "since 2025-03-14 12:00, still on" "PAYROLL: since when, still on"
contains "$T/fleet.txt" "since 2025-03-14 11:20, back within its band at 2025-03-14 11:50" "ORDERS: since when, and back"
contains "$T/fleet.txt" "timeline: awrdiff timeline --db $T/s.sqlite --dbid 3000000001 --instance 1" "the timeline command"
contains "$T/fleet.txt" "either side: awrdiff --base" "the pair command"
contains "$T/fleet.txt" "SILENT LEDGER (DB Id 3000000003) instance 1: no period in the window's last 2 hours" "LEDGER silent"
contains "$T/fleet.txt" "Fine: 2 databases (CRM, WMS)" "the fine in one line"
if awk 'length($0) > 120 { exit 1 }' "$T/fleet.txt"; then ok; else bad "text fits 120 columns"; fi
expect 1 "fleet -f json" -- "$AWRDIFF" fleet "${W[@]}" -f json -o "$T/fleet.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["exit_code"] == 1 and d["failed"] == 3 and d["silent"] == 1 and d["fine"] == 2, d
t = d["troubled"]
assert [x["db_name"] for x in t] == ["PAYROLL", "ORDERS"], [x["db_name"] for x in t]
assert t[0]["db_time_lost_s"] > t[1]["db_time_lost_s"] > 0
assert len(t[0]["points"]) == 30 and t[0]["points"][-1]["status"] == "fail", t[0]["points"][-1]
assert d["silent_databases"][0]["db_name"] == "LEDGER" and d["silent_databases"][0]["last_period_end"].startswith("2025-03-14T10:00")
assert [x["db_name"] for x in d["fine_databases"]] == ["CRM", "WMS"]
' "$T/fleet.json" && ok || bad "fleet JSON"
expect 1 "fleet -f html" -- "$AWRDIFF" fleet "${W[@]}" -f html -o "$T/fleet.html"
contains "$T/fleet.html" "<svg" "HTML: the small multiples"
if grep -q "<script" "$T/fleet.html"; then bad "HTML: no script"; else ok; fi
before "$T/fleet.html" ">PAYROLL<" ">ORDERS<" "HTML: sorted as the text"
before "$T/fleet.html" ">ORDERS<" ">LEDGER<" "HTML: the silent after the troubled"
expect 1 "fleet -f openmetrics" -- "$AWRDIFF" fleet "${W[@]}" -f openmetrics
contains "$T/out" 'awrdiff_fleet_database_status{database="PAYROLL",dbid="3000000001",instance="1"} 2' "OpenMetrics: a failed database"
contains "$T/out" 'awrdiff_fleet_databases{status="silent"} 1' "OpenMetrics: the silent count"
contains "$T/out" "# EOF" "OpenMetrics: its end"
# A page that cannot be made replaces the last page's exposition with up 0 and its reason (a scrape shows no stale
# page); a file that is no exposition of awrdiff's is left as it is. -f markdown is no form of the page.
expect 1 "fleet -f openmetrics -o" -- "$AWRDIFF" fleet "${W[@]}" -f openmetrics -o "$T/fleet.prom"
expect 2 "fleet -f openmetrics -o, no store" -- "$AWRDIFF" fleet --db "$T/missing.sqlite" -f openmetrics -o "$T/fleet.prom"
contains "$T/fleet.prom" "awrdiff_fleet_up 0" "OpenMetrics: up 0 when the page cannot be made"
contains "$T/fleet.prom" 'awrdiff_fleet_trouble{reason="' "OpenMetrics: the trouble's reason"
echo "mine" >"$T/mine.txt"
expect 2 "fleet -f openmetrics -o another file" -- "$AWRDIFF" fleet --db "$T/missing.sqlite" -f openmetrics -o "$T/mine.txt"
[ "$(cat "$T/mine.txt")" = mine ] && ok || bad "a file that is no exposition is left as it is"
expect 2 "fleet -f markdown refused" -- "$AWRDIFF" fleet "${W[@]}" -f markdown
"$AWRDIFF" fleet "${W[@]}" --nagios >"$T/out" 2>"$T/err"
[ $? = 2 ] && ok || bad "fleet --nagios: CRITICAL is the plugin's exit 2: $(cat "$T/err")"
contains "$T/out" "AWRDIFF CRITICAL - FAIL: 3 of 5 databases failed" "Nagios line"
contains "$T/fleet.txt" "History: $T/s.sqlite; like periods: every period before it in the window (--match all)" "the like periods said"
# The default like periods, the same hour of the day: ORDERS's storm (11:20-11:40) fails against 11:00 and 11:10;
# PAYROLL's (0.970 AAS from 12:00, under the storm rule's 1 AAS) has no earlier 12:xx period, then only itself.
expect 1 "fleet, default --match hour" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --to 2025-03-14T13:00 -f json -o "$T/hour.json"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["match"] == "hour" and d["failed"] == 2 and d["silent"] == 1 and d["fine"] == 3, d["headline"]
assert [x["db_name"] for x in d["troubled"]] == ["ORDERS"] and d["troubled"][0]["match"] == "hour"
assert [p["status"] for p in d["troubled"][0]["points"]][20:23] == ["fail", "fail", "ok"]
' "$T/hour.json" && ok || bad "fleet --match hour JSON"
expect 2 "a bad --match" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --match daily
# A window before the storms: all fine, exit 0 (LEDGER still sent periods then).
expect 0 "fleet of a quiet window" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --from 2025-03-14T08:00 --to 2025-03-14T10:00
contains "$T/out" "OK: 5 databases fine" "all fine"
expect 0 "fleet --nagios OK" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --from 2025-03-14T08:00 --to 2025-03-14T10:00 --nagios
# Trouble: one line, exit 2 (Nagios: UNKNOWN, exit 3).
expect 2 "no store" -- "$AWRDIFF" fleet --db "$T/none.sqlite"
contains "$T/err" "no history store here" "no store named"
echo "not a store" >"$T/junk.sqlite"
expect 2 "not a store" -- "$AWRDIFF" fleet --db "$T/junk.sqlite"
expect 2 "a bad --from" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --from yesterday
contains "$T/err" "--from 'yesterday': not a time" "bad --from named"
expect 2 "no database by --to" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --to 2020-01-01
contains "$T/err" "no database has a period that begins by 2020-01-01 23:59: nothing to judge" "no database is no OK"
expect 2 "a day its month does not have" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --to 2023-02-30
contains "$T/err" "--to '2023-02-30': no such day" "no such day named (it was read as March 2)"
expect 2 "--from after --to" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --from 2025-03-15 --to 2025-03-14
expect 2 "a bad --window" -- "$AWRDIFF" fleet --db "$T/s.sqlite" --window 10
expect 2 "a bad format" -- "$AWRDIFF" fleet --db "$T/s.sqlite" -f pdf
cp "$T/s.sqlite" "$T/s2.sqlite"
expect 2 "-o onto the store" -- "$AWRDIFF" fleet --db "$T/s2.sqlite" -o "$T/s2.sqlite"
cmp -s "$T/s.sqlite" "$T/s2.sqlite" && ok || bad "-o onto the store left it as it was"
expect 3 "--nagios of no store: UNKNOWN" -- "$AWRDIFF" fleet --db "$T/none.sqlite" --nagios
contains "$T/out" "AWRDIFF UNKNOWN" "Nagios UNKNOWN line"

# The corpus's real series.
CORPUS=${AWRDIFF_CORPUS:-$SRC/../shared/corpus}
if [ ! -f "$CORPUS/awr-html_19c_jdmoreno_8.html" ]; then
  echo "SKIP corpus fleet: no corpus at $CORPUS"
else
  C=$CORPUS
  "$AWRDIFF" history add --db "$T/c.sqlite" "$C"/awr-html_19c_jdmoreno_{1,2,3,4,5,7,8,9,10,11}.html \
    "$C"/awr-html_19c_rac_pcambell_{1,2}.html "$C"/awr-html_11.2_pcambell_{1,2}.html >/dev/null 2>"$T/err" && ok ||
    bad "corpus history add: $(cat "$T/err")"
  # The day of RMGTIBP's storm (2023-10-02): RMGTIBP fails first, with its events and statement; XYDB, whose last period
  # is of 2023-02-17, is silent; RMGTIBN and the 11.2 XYDB only begin in December, after the window: not listed.
  expect 1 "corpus fleet, 2023-10-02" -- "$AWRDIFF" fleet --db "$T/c.sqlite" --from 2023-10-01 --to 2023-10-02T22:00
  if awk 'length($0) > 120 { exit 1 }' "$T/out"; then ok; else bad "corpus text fits 120 columns"; fi
  expect 1 "corpus fleet, 2023-10-02, -w 0" -- "$AWRDIFF" fleet --db "$T/c.sqlite" --from 2023-10-01 --to 2023-10-02T22:00 -w 0
  cp "$T/out" "$T/corpus.txt"
  contains "$T/corpus.txt" " 1. FAIL RMGTIBP (DB Id 2447957804) instance 1: 2 of 4 periods failed" "RMGTIBP ranks first"
  contains "$T/corpus.txt" "top events: library cache lock 34.4 AAS, cursor: mutex X 30.6 AAS" "RMGTIBP's events"
  contains "$T/corpus.txt" "top SQL: 1c602wgfqtdky 42.8 AAS (UPDATE MAIL_PIECE SET CURRENT_STATUS" "RMGTIBP's statement"
  contains "$T/corpus.txt" "since 2023-10-02 15:00, still on" "RMGTIBP since its storm began"
  contains "$T/corpus.txt" "DB time per second 165 AAS at 2023-10-02 20:49" "RMGTIBP's peak"
  contains "$T/corpus.txt" "SILENT XYDB (DB Id 1971498938) instance 1: no period in the window's last 2 hours; its last period ended" "old XYDB silent"
  contains "$T/corpus.txt" "2023-02-17 16:00" "XYDB's last period"
  if grep -q "RMGTIBN" "$T/corpus.txt"; then bad "RMGTIBN begins after the window"; else ok; fi
  # The soak test's days (2023-12-23): RMGTIBP (last period 2023-10-02) is silent now.
  "$AWRDIFF" fleet --db "$T/c.sqlite" --from 2023-12-23 --to 2023-12-23T08:00 >"$T/dec.txt" 2>"$T/err"
  [ $? = 1 ] && ok || bad "corpus fleet, 2023-12-23: exit 1 (silent databases): $(cat "$T/err")"
  contains "$T/dec.txt" "SILENT RMGTIBP (DB Id 2447957804) instance 1" "RMGTIBP silent in December"
fi

echo "fleet CLI: $pass passed, $fail failed"
[ "$fail" = 0 ]
