#!/usr/bin/env bash
# `awrdiff history` and `awrdiff check --history`, as a user (or cron) runs them: the commands and their
# output, exit codes, the default store location, and a store that stays consistent when two adds run
# at once, an add is killed (kill -9), the disk is full (a file size limit), the store is read-only, of
# a newer schema, or not a store at all. PostgreSQL (--db postgresql://...) when a server can be started.
#   tests/cli/history_test.sh AWRDIFF SOURCE_DIR
NAME=history
. "$(dirname "$0")/as_user.sh"
chmod 755 "$T"
PG_DIR=""
cleanup() {
  if [ -n "$PG_DIR" ]; then
    $AS_PG "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1
    rm -rf "$PG_DIR"
  fi
  rm -rf "$T"
}
trap cleanup EXIT
rows() { # the periods of an SQLite store, and problems (integrity, periods without values)
  python3 - "$1" <<'EOF'
import sqlite3, sys
c = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
bad = [r[0] for r in c.execute("PRAGMA integrity_check") if r[0] != "ok"]
bad += ["%d periods without values" % n for (n,) in c.execute(
    "SELECT count(*) FROM periods p WHERE NOT EXISTS (SELECT 1 FROM metric_values v WHERE v.period_id = p.period_id)") if n]
print(c.execute("SELECT count(*) FROM periods").fetchone()[0], "; ".join(bad) or "consistent")
EOF
}

if ! "$AWRDIFF" --help 2>&1 | grep -q "history"; then
  echo "SKIP: this awrdiff has no history command (src/cli/history_cmd.cpp is not wired into cli.cpp)"
  echo "0 passed, 0 failed"
  exit 0
fi

# ---- many distinct periods: saved snapshots of good.html moved hour by hour ---------------------------
"$AWRDIFF" snapshot samples/good.html -o "$T/good.json"
"$AWRDIFF" snapshot samples/bad.html -o "$T/bad.json"
mkdir -p "$T/hours"
python3 - "$T" <<'EOF'
import json, sys, datetime
t = sys.argv[1]
good = json.load(open(t + "/good.json"))
bad = json.load(open(t + "/bad.json"))
start = datetime.datetime(2025, 3, 19, 0, 0, 3)
def moved(d, h, name):
    d = json.loads(json.dumps(d))
    b = start + datetime.timedelta(hours=h)
    e = b + datetime.timedelta(minutes=10)
    d["interval"]["begin_snap"] = 20000 + h
    d["interval"]["end_snap"] = 20001 + h
    d["interval"]["begin_time"] = b.strftime("%d-%b-%y %H:%M:%S")
    d["interval"]["end_time"] = e.strftime("%d-%b-%y %H:%M:%S")
    d["source"] = name
    return d
for h in range(300):
    json.dump(moved(good, h, "hour_%03d.json" % h), open("%s/hours/hour_%03d.json" % (t, h), "w"))
# bad.html on the next three days at 14:00, after good .. good_4 (14 .. 18 March at 14:00)
for i, day in enumerate([19, 20, 21]):
    d = moved(bad, 0, "bad_%d.json" % day)
    d["interval"]["begin_snap"] = 30000 + i
    d["interval"]["end_snap"] = 30001 + i
    d["interval"]["begin_time"] = "%02d-Mar-25 14:00:03" % day
    d["interval"]["end_time"] = "%02d-Mar-25 14:10:03" % day
    json.dump(d, open("%s/bad_%d.json" % (t, day), "w"))
d = moved(good, 0, "other_db.json")
d["database"]["dbid"] = 42
json.dump(d, open(t + "/other_db.json", "w"))
EOF

# ---- add, list, show, export ----------------------------------------------------------------------
DB="$T/h.sqlite"
expect 0 "history add" -- "$AWRDIFF" history add --db "$DB" samples/good.html samples/good_1.html samples/good_2.html \
  samples/good_3.html samples/good_4.html samples/good.txt
contains "$T/err" "5 periods added, 1 already stored" "history add summary"
expect 0 "history add again: no-op" -- "$AWRDIFF" history add --db "$DB" samples/good.html samples/good_1.html
contains "$T/err" "0 periods added, 2 already stored" "re-adding is a no-op"
expect 0 "history list" -- "$AWRDIFF" history list --db "$DB" --periods
contains "$T/out" "ORCL19 (DB Id 1234567890) instance 1: 5 periods" "list names the series"
contains "$T/out" "4986-4987" "list --periods"
# The current report from standard input (-), as a check against a baseline file reads it.
expect 1 "check --history of standard input" -- sh -c '"$0" check -q --history --db "$1" - <samples/bad.html' "$AWRDIFF" "$DB"
contains "$T/out" "FAIL" "check --history - reads the report from standard input"
expect 0 "history show" -- "$AWRDIFF" history show db_time_per_s --db "$DB"
contains "$T/out" "0.22" "show prints the values"
expect 0 "history show of a large metric" -- "$AWRDIFF" history show load_profile.logical_reads --db "$DB"
! grep -q "e+0" "$T/out" && ok || bad "history show prints exponents: $(head -3 "$T/out")"
expect 2 "history show of an unknown metric" -- "$AWRDIFF" history show no_such_metric --db "$DB"
expect 0 "history export csv" -- "$AWRDIFF" history export --db "$DB" -o "$T/export.csv"
n=$(($(wc -l <"$T/export.csv") - 1))
per=$(grep -c ",samples/good.html," "$T/export.csv")
[ "$n" -eq $((per * 5)) ] && [ "$per" -gt 20 ] && ok || bad "export: $n rows for 5 periods of $per metrics"
expect 0 "history export jsonl" -- "$AWRDIFF" history export --db "$DB" --format jsonl
[ "$(wc -l <"$T/out")" -eq "$n" ] && ok || bad "jsonl rows differ from csv rows"
expect 2 "export -o onto the store" -- "$AWRDIFF" history export --db "$DB" -o "$DB"
printf 'notes of a DBA, not a report\n' >"$T/notes.txt"
expect_code 2 "history add of a file that is no report" -- "$AWRDIFF" history add --db "$DB" "$T/notes.txt"
contains "$T/err" "awrdiff: $T/notes.txt: " "the file that is no report is named"
expect_code 2 "one bad file among good ones" -- "$AWRDIFF" history add --db "$DB" "$T/notes.txt" samples/improved.html
[ "$(grep -c "^awrdiff: " "$T/err")" = 1 ] && contains "$T/err" "1 period added, 1 file not added" "the good file is still added"

# ---- check --history ------------------------------------------------------------------------------
# The cron's first run on a new store: insufficient baseline, the period stored, exit 0 (nothing under -q).
expect 0 "first cron run on an empty store" -- "$AWRDIFF" check --history --add --match weekday-hour --db "$T/first.sqlite" samples/good.html
contains "$T/out" "OK, insufficient baseline" "first cron run says insufficient baseline"
expect 0 "second cron run, no like period yet, -q" -- "$AWRDIFF" check --history --add --match weekday-hour -q --db "$T/first.sqlite" samples/good_1.html
if [ -s "$T/out" ]; then bad "-q printed on an insufficient baseline: $(head -c 300 "$T/out")"; else ok; fi
# Without --add, no like period is the same insufficient baseline as with a baseline file: exit 0, nothing under -q,
# one line with -q -v, the status in the JSON.
expect 0 "no like period without --add is an insufficient baseline" -- "$AWRDIFF" check --history --match weekday-hour -q --db "$T/first.sqlite" samples/good_2.html
if [ -s "$T/out" ]; then bad "-q printed on an insufficient baseline without --add: $(head -c 300 "$T/out")"; else ok; fi
expect 0 "no like period, -q -v" -- "$AWRDIFF" check --history --match weekday-hour -q -v --db "$T/first.sqlite" samples/good_2.html
[ "$(wc -l <"$T/out")" = 1 ] && ok || bad "no like period, -q -v: not one line: $(head -c 300 "$T/out")"
contains "$T/out" "OK ORCL19/orcl19 snaps 4698-4699, 16-Mar-25 14:00:02 .. 14:10:03: insufficient baseline" "no like period, -q -v: insufficient baseline said"
expect 0 "no like period, -q -f json" -- "$AWRDIFF" check --history --match weekday-hour -q -f json --db "$T/first.sqlite" samples/good_2.html
contains "$T/out" '"status": "insufficient baseline"' "no like period, -q -f json: the status"
# No like period, but DB time per second 4.3x every stored period of other hours (bad.html moved to 03:00): one warn
# line under -q even with --add (the cron mails it), exit 0 as for any insufficient baseline; a period like the others
# stays silent.
expect 0 "history for the storm" -- "$AWRDIFF" history add --db "$T/storm.sqlite" samples/good.html samples/good_1.html \
  samples/good_2.html samples/good_3.html samples/good_4.html
sed 's/14-Mar-25 14:\([0-9]\)/19-Mar-25 03:\1/g' samples/bad.html >"$T/bad_03.html"
sed 's/14-Mar-25 14:\([0-9]\)/19-Mar-25 04:\1/g' samples/improved.html >"$T/improved_04.html"
expect 0 "no like period, a storm: exit 0" -- "$AWRDIFF" check --history --add --match hour -q --db "$T/storm.sqlite" "$T/bad_03.html"
[ "$(wc -l <"$T/out")" = 1 ] && ok || bad "a storm with no like period, -q: not one line: $(head -c 300 "$T/out")"
contains "$T/out" "WARN ORCL19/orcl19 snaps 4411-4412, 19-Mar-25 03:10:03 .. 03:20:03: insufficient baseline: no earlier period of DB Id 1234567890 in the 28d window (like periods: hour)" "the storm warns"
contains "$T/out" "but DB time per second 0.970 AAS is 4.3x the busiest of the 5 periods of other hours (0.227 AAS)" "the storm's figure is named"
expect 0 "no like period, not a multiple: silent" -- "$AWRDIFF" check --history --add --match hour -q --db "$T/storm.sqlite" "$T/improved_04.html"
if [ -s "$T/out" ]; then bad "-q printed on an insufficient baseline: $(head -c 300 "$T/out")"; else ok; fi
# A busy hour of its own that paged the first day (50 AAS at 03:00, 220x every other hour): the next day the same load
# is judged against it (every like period failed: the hour's own load is the baseline, said), never an "insufficient
# baseline" that would stay silent at that hour for good; the third day against the second day's passing period.
expect 0 "history for the busy hour" -- "$AWRDIFF" history add --db "$T/busy.sqlite" samples/good.html samples/good_1.html \
  samples/good_2.html samples/good_3.html samples/good_4.html
spike() { sed "s/15-Mar-25 17:/$1 03:/g; s/15-Mar-25 18:/$1 04:/g; s/4572/$2/g; s/4578/$3/g" samples/commit_spike.html >"$T/spike_$2.html"; }
spike 19-Mar-25 5000 5006
spike 20-Mar-25 5100 5106
expect 1 "a busy hour pages the first day" -- "$AWRDIFF" check --history --add --match hour -q --db "$T/busy.sqlite" "$T/spike_5000.html"
expect 0 "the same busy hour the next day" -- "$AWRDIFF" check --history --add --match hour -v --db "$T/busy.sqlite" "$T/spike_5100.html"
contains "$T/out" "OK, within the baseline: DB time per second 50.0 AAS (baseline 50.0, 1 period)" "the busy hour is judged by its own load"
contains "$T/out" "every like period was a failed check (1): the hour's own load is the baseline" "the failed like period kept is said"
# A weekly busy hour (a Saturday's job at 14:10, 0.970 AAS, 4.4x the weekdays' 0.22 at that hour): it pages the first
# Saturday; the next Saturday it fails against the same hour of every day, not against the Saturday before (its failed
# check kept): the week's cycle, OK, said. A storm on a Saturday (50 AAS) still pages.
expect 0 "history for the weekly job" -- "$AWRDIFF" history add --db "$T/weekly.sqlite" samples/good.html samples/good_2.html \
  samples/good_3.html samples/good_4.html
sed 's/14-Mar-25 14:/15-Mar-25 14:/g; s/4411/5411/g; s/4412/5412/g' samples/bad.html >"$T/job_15.html"
sed 's/14-Mar-25 14:/22-Mar-25 14:/g; s/4411/6411/g; s/4412/6412/g' samples/bad.html >"$T/job_22.html"
sed 's/15-Mar-25 17:/29-Mar-25 14:/g; s/15-Mar-25 18:/29-Mar-25 15:/g; s/4572/7000/g; s/4578/7006/g' samples/commit_spike.html >"$T/storm_29.html"
expect 1 "the weekly job pages its first Saturday" -- "$AWRDIFF" check --history --add --match hour --db "$T/weekly.sqlite" "$T/job_15.html"
expect 0 "the weekly job the next Saturday: the week's cycle" -- "$AWRDIFF" check --history --add --match hour --db "$T/weekly.sqlite" "$T/job_22.html"
contains "$T/out" "OK, within the baseline: DB time per second 0.970 AAS (baseline 0.970, 1 period) [like periods: same weekday and hour]" "judged against the Saturday before"
contains "$T/out" "baseline: a weekly busy hour: it fails against the same hour of every day but not against the same hour of the same" "the weekly busy hour is said"
expect 1 "a storm on a Saturday still pages" -- "$AWRDIFF" check --history --add --match hour --db "$T/weekly.sqlite" "$T/storm_29.html"
# A level, not a weekday's hour: the same load every day from Sunday 23rd (a plan change). A week later, Sunday 30th is
# like the Sunday before, but so were the other days of its week at that hour: not the week's cycle, it still pages.
for d in 23 24 25 26 27 28 30; do
  sed "s/14-Mar-25 14:/$d-Mar-25 14:/g; s/4411/8${d}1/g; s/4412/8${d}2/g" samples/bad.html >"$T/level_$d.html"
  "$AWRDIFF" check --history --add --match hour --db "$T/weekly.sqlite" "$T/level_$d.html" >"$T/out" 2>"$T/err"
  code=$?
done
[ "$code" = 1 ] && ok || bad "a level a week old still pages: exit $code: $(head -c 400 "$T/out")"
if grep -q "a weekly busy hour" "$T/out"; then bad "a level read as a weekly busy hour: $(head -c 400 "$T/out")"; else ok; fi
expect 0 "a normal period is within its history" -- "$AWRDIFF" check --history --db "$DB" samples/good_4.html
contains "$T/out" "OK, within the baseline" "check --history OK"
expect 1 "bad the next day fails" -- "$AWRDIFF" check --history --add --db "$DB" --match hour "$T/bad_19.json"
contains "$T/out" "81uvdbt46vt5p" "the cause is named (typical period from the stored snapshots)"
expect 0 "--quiet prints nothing when ok" -- "$AWRDIFF" check --history --db "$DB" -q samples/good_3.html
[ ! -s "$T/out" ] && ok || bad "--quiet printed: $(cat "$T/out")"
expect 0 "json output" -- "$AWRDIFF" check --history --db "$DB" -f json samples/good_4.html
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["tables"][0]["key"] == "check"' "$T/out" && ok || bad "check json"
# --for 3 with --add: the cron job's line; only its runs vote (the ad-hoc checks above do not). Voted so
# far: bad_19 (fail). bad_20 makes two failed periods of the last three (exit 0), bad_21 three in a row
# (exit 1).
expect 0 "--for 3: two of three" -- "$AWRDIFF" check --history --add --for 3 --db "$DB" --match hour "$T/bad_20.json"
contains "$T/out" "2 of the last 3 checked periods failed, so exit 0" "--for explains"
expect 1 "--for 3: three in a row" -- "$AWRDIFF" check --history --add --for 3 --db "$DB" --match hour "$T/bad_21.json"
contains "$T/out" "the last 3 checked periods all failed" "--for fails on the third"
expect 0 "an ad-hoc check after it" -- "$AWRDIFF" check --history --db "$DB" samples/good_4.html
expect 1 "an ad-hoc check does not vote" -- "$AWRDIFF" check --history --add --for 3 --db "$DB" --match hour "$T/bad_21.json"
expect 2 "--window without a unit" -- "$AWRDIFF" check --history --window 10 --db "$DB" samples/good_4.html
contains "$T/err" "give d, h or w" "--window names its units"
expect 2 "history add into a directory that does not exist" -- "$AWRDIFF" history add --db "$T/nonexist/dir/h.sqlite" samples/good.html
[ ! -e "$T/nonexist" ] && ok || bad "history add created directories"
expect 0 "the current period was added" -- "$AWRDIFF" history list --db "$DB" --periods
contains "$T/out" "30002" "check --add stored the current period"
contains "$T/out" "check outcomes" "outcomes recorded"
# --strict: a current report with a parse warning stops the check before the store is touched (exit 2)
head -c 30000 samples/bad.html >"$T/cut.html"
"$AWRDIFF" history list --db "$DB" --periods >"$T/before" 2>&1
expect_code 2 "strict check --history, truncated current" -- "$AWRDIFF" check --history --strict --add --db "$DB" "$T/cut.html"
contains "$T/err" "cut.html: no 'End of Report' marker" "strict check --history lists the warning"
contains "$T/err" "--strict: 1 parse warning in the reports" "strict check --history says why"
"$AWRDIFF" history list --db "$DB" --periods >"$T/after" 2>&1
cmp -s "$T/before" "$T/after" && ok || bad "strict check --history --add changed the store"
expect 0 "strict check --history, clean current" -- "$AWRDIFF" check --history --strict --db "$DB" samples/good_4.html
expect 2 "check --history with two current reports" -- "$AWRDIFF" check --history --db "$DB" samples/good.html samples/good_1.html
expect 2 "check --history with nothing before it" -- "$AWRDIFF" check --history --db "$DB" samples/good.html
expect 2 "a bad --window" -- "$AWRDIFF" check --history --window 0d --db "$DB" samples/good_4.html
expect 2 "check --history of another database" -- "$AWRDIFF" check --history --db "$DB" "$T/other_db.json"
contains "$T/err" "no stored period of DB Id 42" "another database is named"
expect 2 "check without --baseline or --history" -- "$AWRDIFF" check samples/good_4.html
expect 2 "check --history on a missing store" -- "$AWRDIFF" check --history --db "$T/none.sqlite" samples/good_4.html

# ---- what reaches a ticket: control characters and spreadsheet formulas ----------------------------------
# A report whose DB name sets the terminal's title (OSC ... BEL), whose host clears the screen, stored under a
# file name starting with '='. list, show and the CSV export print none of those bytes; a CSV text cell a
# spreadsheet would run as a formula starts with "'"; numbers stay numbers.
python3 - "$T" <<'EOF2'
import sys
s = open("samples/good.html", encoding="utf-8").read()
s = s.replace(">ORCL19<", ">=1+cmd|ORCL19\x1b]0;pwned\x07<", 1).replace(">dbhost01<", ">dbhost01\x1b[2J\u009b31m<", 1)
open(sys.argv[1] + "/=esc.html", "w", encoding="utf-8").write(s)
EOF2
E="$T/esc.sqlite"
control() { LC_ALL=C grep -c $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]' "$1"; }
expect 0 "control characters: add" -- "$AWRDIFF" history add --db "$E" "$T/=esc.html"
expect 0 "control characters: list" -- "$AWRDIFF" history list --db "$E" --periods
[ "$(control "$T/out")" = 0 ] && ok || bad "history list prints control characters: $(cat -A "$T/out" | head -5)"
contains "$T/out" "ORCL19�]0;pwned�" "history list shows the name with its control characters replaced"
expect 0 "control characters: show" -- "$AWRDIFF" history show db_time_per_s --db "$E"
[ "$(control "$T/out")" = 0 ] && ok || bad "history show prints control characters"
# A negative value is a number, not a formula: written as it is.
python3 - "$E" <<'EOF2'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE metric_values SET value = -0.5 WHERE metric_id = (SELECT min(metric_id) FROM metric_values)")
c.commit()
EOF2
expect 0 "control characters: export" -- "$AWRDIFF" history export --db "$E"
grep -q ',-0\.5$' "$T/out" && ok || bad "CSV export: -0.5 not written as a number: $(grep -- '-0\.5' "$T/out" | head -2)"
[ "$(control "$T/out")" = 0 ] && ok || bad "history export prints control characters"
python3 - "$T/out" <<'EOF2' && ok || bad "CSV export: a formula cell or a number changed"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
assert rows, "no rows"
for r in rows:
    for k in ("db_name", "container", "begin_time", "end_time", "source", "metric", "unit"):
        assert not r[k][:1] in ("=", "+", "-", "@"), (k, r[k])
    assert r["db_name"].startswith("'=1+cmd|ORCL19"), r["db_name"]
    assert r["source"].endswith("=esc.html"), r["source"]
    float(r["value"]), int(r["dbid"])  # numbers as numbers
EOF2
"$AWRDIFF" history add --db "$E" "$T/=esc.html" "$T/none$(printf '\x1b]0;x\x07').html" >"$T/out" 2>"$T/err"
[ "$(control "$T/err")" = 0 ] && grep -q "none�]0;x�.html" "$T/err" && ok || bad "stderr names a file with its control characters: $(cat -A "$T/err")"

# ---- the default location ---------------------------------------------------------------------------
expect 0 "XDG_DATA_HOME" -- env -u AWRDIFF_HISTORY XDG_DATA_HOME="$T/xdg" "$AWRDIFF" history add samples/good.html
[ -s "$T/xdg/awrdiff/history.sqlite" ] && ok || bad "no store at \$XDG_DATA_HOME/awrdiff/history.sqlite"
expect 0 "AWRDIFF_HISTORY" -- env AWRDIFF_HISTORY="$T/env.sqlite" "$AWRDIFF" history add samples/good.html
[ -s "$T/env.sqlite" ] && ok || bad "no store at \$AWRDIFF_HISTORY"
expect 2 "list of a store that does not exist" -- env -u AWRDIFF_HISTORY -u XDG_DATA_HOME HOME="$T/home" "$AWRDIFF" history list
[ ! -e "$T/home/.local/share/awrdiff/history.sqlite" ] && ok || bad "list created a store"
expect 0 "HOME" -- env -u AWRDIFF_HISTORY -u XDG_DATA_HOME HOME="$T/home" "$AWRDIFF" history add samples/good.html
[ -s "$T/home/.local/share/awrdiff/history.sqlite" ] && ok || bad "no store at ~/.local/share/awrdiff/history.sqlite"

# ---- prune ------------------------------------------------------------------------------------------
P="$T/prune.sqlite"
expect 0 "add 300 hours" -- "$AWRDIFF" history add --db "$P" --no-snapshots "$T"/hours/*.json
expect 0 "prune --dry-run" -- "$AWRDIFF" history prune --db "$P" --older-than 5d --dry-run
contains "$T/err" "would delete 179 periods" "dry run counts"  # hours 0 .. 178 end before hour 299:10 - 5 days
expect 0 "prune" -- "$AWRDIFF" history prune --db "$P" --older-than 5d
[ "$(rows "$P")" = "121 consistent" ] && ok || bad "prune left $(rows "$P")"
expect 2 "prune with a bad length" -- "$AWRDIFF" history prune --db "$P" --older-than soon

# ---- two adds at once -------------------------------------------------------------------------------
C="$T/concurrent.sqlite"
"$AWRDIFF" history add --db "$C" "$T"/hours/hour_0*.json "$T"/hours/hour_1*.json 2>"$T/c1" &
p1=$!
"$AWRDIFF" history add --db "$C" "$T"/hours/hour_1*.json "$T"/hours/hour_2*.json 2>"$T/c2" &
p2=$!
wait $p1
r1=$?
wait $p2
r2=$?
[ "$r1" = 0 ] && [ "$r2" = 0 ] && ok || bad "concurrent adds: exit $r1 and $r2: $(cat "$T/c1" "$T/c2")"
[ "$(rows "$C")" = "300 consistent" ] && ok || bad "concurrent adds: $(rows "$C")"

# ---- kill -9 in the middle of a large add --------------------------------------------------------------
K="$T/killed.sqlite"
"$AWRDIFF" history add --db "$K" "$T"/hours/hour_00*.json 2>/dev/null
"$AWRDIFF" history add --db "$K" -j 1 "$T"/hours/*.json 2>/dev/null &
pk=$!
for _ in $(seq 1 200); do
  n=$(rows "$K" 2>/dev/null | cut -d' ' -f1)
  [ "${n:-0}" -ge 40 ] && break
  sleep 0.02
done
kill -9 $pk 2>/dev/null
wait $pk 2>/dev/null
after=$(rows "$K")
case "$after" in
  *" consistent") [ "${after%% *}" -ge 10 ] && ok || bad "kill -9 lost periods: $after" ;;
  *) bad "kill -9: $after" ;;
esac
expect 0 "add after kill -9 carries on" -- "$AWRDIFF" history add --db "$K" "$T"/hours/*.json
[ "$(rows "$K")" = "300 consistent" ] && ok || bad "after kill -9 and a new add: $(rows "$K")"

# ---- a full disk (a file size limit: writes fail with EFBIG) ---------------------------------------------
F="$T/full.sqlite"
"$AWRDIFF" history add --db "$F" "$T"/hours/hour_00*.json 2>/dev/null
before=$(rows "$F")
size_kb=$(( ($(stat -c %s "$F") + $(stat -c %s "$F-wal" 2>/dev/null || echo 0)) / 1024 ))
(
  trap '' XFSZ
  ulimit -f $((size_kb + 300))
  exec "$AWRDIFF" history add --db "$F" "$T"/hours/*.json
) >"$T/out" 2>"$T/err"
code=$?
[ "$code" = 2 ] && [ "$(wc -l <"$T/err")" = 1 ] && ok || bad "full disk: exit $code: $(cat "$T/err")"
contains "$T/err" "disk full" "full disk is named"
after=$(rows "$F")
case "$after" in
  *" consistent") [ "${after%% *}" -ge "${before%% *}" ] && ok || bad "full disk lost periods: $before -> $after" ;;
  *) bad "full disk: $after" ;;
esac
expect 0 "add once there is room again" -- "$AWRDIFF" history add --db "$F" "$T"/hours/*.json
[ "$(rows "$F")" = "300 consistent" ] && ok || bad "after the full disk: $(rows "$F")"

# ---- only refused inputs: nothing to store, and no store is created (issue 33) ----------------------------
"$AWRDIFF" baseline save samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html samples/good_4.html \
  -o "$T/n.json" 2>/dev/null
mkdir "$T/refused"
expect_code 2 "add of a baseline file alone" -- "$AWRDIFF" history add --db "$T/refused/h.sqlite" "$T/n.json"
contains "$T/err" "not a snapshot written by \`awrdiff snapshot\`" "the refused file's reason"
contains "$T/err" "0 periods added, 1 file not added (named above): nothing to store, no store was created" "nothing created"
[ -z "$(ls -A "$T/refused")" ] && ok || bad "refused inputs left files: $(ls -A "$T/refused")"
sum=$(md5sum <"$DB")
expect_code 2 "add of refused inputs to a store" -- "$AWRDIFF" history add --db "$DB" "$T/n.json" samples/README.md
contains "$T/err" "2 files not added (named above): nothing to store, the store was not opened" "a store not opened"

# ---- a read-only store ----------------------------------------------------------------------------------
R="$T/ro/h.sqlite"
mkdir -p "$T/ro"
"$AWRDIFF" history add --db "$R" samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html 2>/dev/null
chmod 755 "$T/ro"
chmod 444 "$R"
chmod 555 "$T/ro"
AS=""
if [ "$(id -u)" = 0 ]; then
  if command -v setpriv >/dev/null; then AS="setpriv --reuid=nobody --regid=nogroup --clear-groups"; else AS="skip"; fi
fi
if [ "$AS" = skip ]; then
  echo "SKIP: read-only store (running as root without setpriv: permissions do not bind root)"
else
  sum=$(md5sum <"$R")
  expect 2 "add to a read-only store" -- $AS "$AWRDIFF" history add --db "$R" samples/good_4.html
  contains "$T/err" "read-only" "read-only is named"
  expect 0 "list a read-only store" -- $AS "$AWRDIFF" history list --db "$R"
  contains "$T/out" "4 periods" "read-only store listed"
  expect 0 "check against a read-only store" -- $AS "$AWRDIFF" check --history --db "$R" samples/good_4.html
  expect 2 "check --add on a read-only store" -- $AS "$AWRDIFF" check --history --add --db "$R" samples/good_4.html
  [ "$(md5sum <"$R")" = "$sum" ] && ok || bad "the read-only store changed"
fi
chmod 755 "$T/ro"

# ---- readers as another user, a read-only file system (issue 33) -----------------------------------------------
# A store its owner writes, in a directory every user may write (as /tmp): a reader running as another user never
# leaves a -wal or -shm file there (a file of its own would make the owner's next add fail), and an owner's reader
# leaves none either.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && id daemon >/dev/null 2>&1; then
  OWNER="setpriv --reuid=daemon --regid=daemon --clear-groups"
  READER="setpriv --reuid=nobody --regid=nogroup --clear-groups"
  mkdir "$T/shared"
  chmod 1777 "$T/shared"
  S="$T/shared/h.sqlite"
  expect 0 "the owner adds" -- $OWNER "$AWRDIFF" history add --db "$S" samples/good.html samples/good_1.html samples/good_2.html
  [ -z "$(ls -A "$T/shared" | grep -v '^h.sqlite$')" ] && ok || bad "the owner's add left: $(ls -A "$T/shared")"
  expect 0 "another user's check" -- $READER "$AWRDIFF" check --history --db "$S" samples/good_3.html
  expect 0 "another user's list" -- $READER "$AWRDIFF" history list --db "$S"
  expect 0 "another user's show" -- $READER "$AWRDIFF" history show db_time_per_s --db "$S"
  expect 0 "another user's timeline" -- $READER "$AWRDIFF" timeline --db "$S"
  expect 0 "another user's export" -- $READER "$AWRDIFF" history export --db "$S"
  left=$(find "$T/shared" -user nobody)
  [ -z "$left" ] && ok || bad "another user's readers left files: $left"
  expect 0 "the owner adds after them" -- $OWNER "$AWRDIFF" history add --db "$S" samples/good_3.html
  expect 0 "the owner's check" -- $OWNER "$AWRDIFF" check --history --db "$S" samples/good_4.html
  expect 0 "the owner's list" -- $OWNER "$AWRDIFF" history list --db "$S"
  [ -z "$(ls -A "$T/shared" | grep -v '^h.sqlite$')" ] && ok || bad "the owner's readers left: $(ls -A "$T/shared")"
  # While the owner has the store open (its -wal and -shm there, a period committed in the -wal only), another user
  # reads through them: that period is seen, and no file of the reader's is left.
  if $OWNER /usr/bin/python3 -c 1 2>/dev/null; then
    $OWNER /usr/bin/python3 -c '
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1])
c.execute("SELECT count(*) FROM periods").fetchone()
open(sys.argv[2], "w").close()
time.sleep(20)' "$S" "$T/shared/held" &
    holder=$!
    for _ in $(seq 100); do [ -e "$T/shared/held" ] && break; sleep 0.1; done
    expect 0 "the owner adds while holding the store" -- $OWNER "$AWRDIFF" history add --db "$S" samples/good_4.html
    [ -s "$S-wal" ] && ok || bad "the owner's add was checkpointed: no -wal to read through"
    expect 0 "another user lists through the owner's -wal" -- $READER "$AWRDIFF" history list --db "$S"
    contains "$T/out" "5 periods" "the period in the -wal is read"
    left=$(find "$T/shared" -user nobody)
    [ -z "$left" ] && ok || bad "a reader through the -wal left files: $left"
    kill "$holder" 2>/dev/null
    wait "$holder" 2>/dev/null
    rm -f "$T/shared/held"
    # The holder was killed with its -wal and -shm left: the owner's next reader removes them.
    expect 0 "the owner's list after the holder" -- $OWNER "$AWRDIFF" history list --db "$S"
    [ ! -e "$S-wal" ] && [ ! -e "$S-shm" ] && ok || bad "the owner's list left: $(ls -A "$T/shared")"
  else
    echo "SKIP: a reader through the owner's -wal (no /usr/bin/python3 for the daemon user)"
  fi
  # A -wal or -shm left by a reader of an older awrdiff, as another user: the owner's add says what stops it.
  $READER touch "$S-shm"
  expect 2 "add past another user's -shm" -- $OWNER "$AWRDIFF" history add --db "$S" samples/good_4.html
  contains "$T/err" "the store is read-only ($S-shm belongs to uid $(id -u nobody) and this user may not write it" "-shm named"
  rm -f "$S-shm"
else
  echo "SKIP: readers as another user (needs root, setpriv and a daemon user)"
fi
# A read-only file system (a read-only bind mount in a mount namespace of its own): check and list read the store, add
# says read-only, nothing is written.
mkdir -p "$T/rofs/src" "$T/rofs/mnt"
"$AWRDIFF" history add --db "$T/rofs/src/h.sqlite" samples/good.html samples/good_1.html samples/good_2.html 2>/dev/null
if unshare -m sh -c "mount --bind '$T/rofs/src' '$T/rofs/mnt' && mount -o remount,bind,ro '$T/rofs/mnt'" 2>/dev/null; then
  ro() { unshare -m sh -c "mount --bind '$T/rofs/src' '$T/rofs/mnt' && mount -o remount,bind,ro '$T/rofs/mnt' && exec \"\$@\"" sh "$@"; }
  sum=$(md5sum <"$T/rofs/src/h.sqlite")
  expect 0 "check on a read-only file system" -- ro "$AWRDIFF" check --history --db "$T/rofs/mnt/h.sqlite" samples/good_3.html
  contains "$T/out" "3 periods" "check on a read-only file system: its baseline"
  expect 0 "list on a read-only file system" -- ro "$AWRDIFF" history list --db "$T/rofs/mnt/h.sqlite"
  expect 0 "timeline on a read-only file system" -- ro "$AWRDIFF" timeline --db "$T/rofs/mnt/h.sqlite"
  expect 2 "add on a read-only file system" -- ro "$AWRDIFF" history add --db "$T/rofs/mnt/h.sqlite" samples/good_3.html
  contains "$T/err" "the store is read-only (the file system is read-only): nothing was stored" "read-only file system named"
  expect 2 "check --add on a read-only file system" -- ro "$AWRDIFF" check --history --add --db "$T/rofs/mnt/h.sqlite" samples/good_3.html
  contains "$T/err" "the file system is read-only" "read-only file system named (check --add)"
  expect 2 "a new store on a read-only file system" -- ro "$AWRDIFF" history add --db "$T/rofs/mnt/new.sqlite" samples/good_3.html
  contains "$T/err" "the file system is read-only" "read-only file system named (a new store)"
  [ "$(md5sum <"$T/rofs/src/h.sqlite")" = "$sum" ] && [ "$(ls "$T/rofs/src")" = h.sqlite ] && ok || bad "the read-only file system's store changed"
else
  echo "SKIP: a read-only file system (no mount namespace here: unshare -m and a read-only bind mount need CAP_SYS_ADMIN)"
fi

# ---- a store path that does not exist (a typo): only history add and check --add create a store -----------
mkdir "$T/typo"
for cmd in "check --history --db $T/typo/TYPO samples/bad.html" "check --history -f openmetrics --db $T/typo/TYPO samples/bad.html" \
  "check --history --for 2 --db $T/typo/TYPO samples/bad.html" "history list --db $T/typo/TYPO" \
  "history show db_time_per_s --db $T/typo/TYPO" "history export --db $T/typo/TYPO" "history prune --older-than 30d --db $T/typo/TYPO" \
  "timeline --db $T/typo/TYPO"; do
  # shellcheck disable=SC2086
  expect 2 "missing store: $cmd" -- "$AWRDIFF" $cmd
  contains "$T/err" "no history store here" "missing store named: $cmd"
  [ -z "$(ls -A "$T/typo")" ] && ok || bad "missing store: $cmd created $(ls -A "$T/typo")"
done
expect 2 "missing store in a missing directory" -- "$AWRDIFF" check --history --db "$T/typo/sub/TYPO" samples/bad.html
expect 2 "missing store through AWRDIFF_HISTORY" -- env AWRDIFF_HISTORY="$T/typo/TYPO" "$AWRDIFF" check --history samples/bad.html
[ -z "$(ls -A "$T/typo")" ] && ok || bad "missing store via AWRDIFF_HISTORY: created $(ls -A "$T/typo")"
expect 0 "check --history --add creates the store" -- "$AWRDIFF" check --history --add --db "$T/typo/TYPO" samples/good.html
[ -s "$T/typo/TYPO" ] && ok || bad "check --add created no store"

# ---- a store of a newer schema, a file that is no store, a damaged store --------------------------------
N="$T/newer.sqlite"
"$AWRDIFF" history add --db "$N" samples/good.html 2>/dev/null
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("UPDATE meta SET value = 99 WHERE name = ?", ("schema_version",)); c.commit()' "$N"
sum=$(md5sum <"$N")
expect 2 "add to a newer schema" -- "$AWRDIFF" history add --db "$N" samples/good_1.html
contains "$T/err" "newer than this awrdiff" "newer schema is named"
expect 2 "list a newer schema" -- "$AWRDIFF" history list --db "$N"
[ "$(md5sum <"$N")" = "$sum" ] && ok || bad "the newer store changed"
J="$T/junk.sqlite"
head -c 50000 "$SRC/samples/good.html" >"$J"
sum=$(md5sum <"$J")
expect 2 "add to a file that is no store" -- "$AWRDIFF" history add --db "$J" samples/good.html
contains "$T/err" "not an SQLite database" "no store is named"
expect 2 "check against a file that is no store" -- "$AWRDIFF" check --history --db "$J" samples/good_1.html
[ "$(md5sum <"$J")" = "$sum" ] && ok || bad "the junk file changed"
D="$T/damaged.sqlite"
cp "$P" "$D"
python3 - "$D" <<'EOF'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
for i in range(4096 + 100, len(b), 5):
    b[i] ^= 0x5A
open(sys.argv[1], "wb").write(b)
EOF
sum=$(md5sum <"$D")
expect 2 "add to a damaged store" -- "$AWRDIFF" history add --db "$D" samples/good.html
contains "$T/err" "damaged" "damage is named"
expect 2 "list a damaged store" -- "$AWRDIFF" history list --db "$D" --periods
[ "$(md5sum <"$D")" = "$sum" ] && ok || bad "the damaged store changed"
expect 2 "a directory as the store" -- "$AWRDIFF" history add --db "$T" samples/good.html

# ---- passwords are never printed (docs/history.md) -----------------------------------------------------------
# A server that is not there, given with passwords in a URI (user information and query) and in libpq's
# keyword/value form: the one error line names the store without them; no SQLite file is made of the string.
no_secret() { # DESCRIPTION FILE...
  local what=$1
  shift
  if grep -l "s3cret" "$@" >/dev/null 2>&1; then bad "$what: a password printed: $(grep -h s3cret "$@" | head -3)"; else ok; fi
}
expect 2 "password in a URI: no server" -- "$AWRDIFF" history list --db "postgresql://awrdiff:s3cretpw@/postgres?host=$T&port=1&password=s3cretqp"
no_secret "password in a URI: no server" "$T/out" "$T/err"
contains "$T/err" "postgresql://awrdiff@/postgres?host=$T&port=1&password=***" "the store named without its passwords"
(cd "$T" && "$AWRDIFF" history list --db "host=$T port=1 user=awrdiff password=s3cretkv" >"$T/out" 2>"$T/err")
code=$?
[ "$code" = 2 ] && ok || bad "keyword/value connection string: exit $code"
no_secret "keyword/value connection string" "$T/out" "$T/err"
[ -z "$(find "$T" -maxdepth 1 -name 'host=*')" ] && ok || bad "a keyword/value string made an SQLite file"
expect 2 "malformed URI quoting its password" -- "$AWRDIFF" history list --db "postgresql://awrdiff:s3cret%zz@/postgres?host=$T"
no_secret "malformed URI quoting its password" "$T/out" "$T/err"

# ---- PostgreSQL ---------------------------------------------------------------------------------------
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
AS_PG=""
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "SKIP: PostgreSQL (no initdb under /usr/lib/postgresql/*/bin: install Debian's postgresql)"
elif [ "$(id -u)" = 0 ] && ! command -v setpriv >/dev/null; then
  echo "SKIP: PostgreSQL (running as root without setpriv)"
else
  PG_DIR=$(mktemp -d /tmp/awrdiff-pg-cli-XXXXXX)
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$PG_DIR"
    AS_PG="setpriv --reuid=nobody --regid=nogroup --clear-groups"
  fi
  if $AS_PG "$PG_BIN/initdb" -D "$PG_DIR/data" -U awrdiff --auth=trust -E UTF8 --no-sync >"$PG_DIR/log" 2>&1 &&
    $AS_PG "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
      -o "-k $PG_DIR -c listen_addresses='' -p 5432 -c fsync=off" start >>"$PG_DIR/log" 2>&1; then
    PG="postgresql://awrdiff@/postgres?host=$PG_DIR&port=5432"
    expect 0 "PostgreSQL: history add" -- "$AWRDIFF" history add --db "$PG" samples/good.html samples/good_1.html \
      samples/good_2.html samples/good_3.html samples/good_4.html
    expect 0 "PostgreSQL: list" -- "$AWRDIFF" history list --db "$PG"
    contains "$T/out" "(PostgreSQL, schema 4)" "PostgreSQL store listed"
    TWIN="$T/twin.sqlite"
    "$AWRDIFF" history add --db "$TWIN" samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html \
      samples/good_4.html 2>/dev/null
    "$AWRDIFF" history export --db "$TWIN" >"$T/lite.csv"
    "$AWRDIFF" history export --db "$PG" >"$T/pg.csv"
    cmp -s "$T/lite.csv" "$T/pg.csv" && ok || bad "PostgreSQL export differs from SQLite's"
    "$AWRDIFF" check --history --db "$TWIN" --match hour "$T/bad_19.json" -f json >"$T/lite.json"
    "$AWRDIFF" check --history --db "$PG" --match hour "$T/bad_19.json" -f json >"$T/pg.json"
    code=$?
    [ "$code" = 1 ] && ok || bad "PostgreSQL check: exit $code"
    python3 - "$T/lite.json" "$T/pg.json" <<'EOF' && ok || bad "PostgreSQL check differs from SQLite's"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
# The same verdict, findings and check table; only the baseline's name (the store) differs.
for d in (a, b):
    d.pop("base", None)
    d["tables"][0].pop("title", None)
assert a["headline"] == b["headline"], (a["headline"], b["headline"])
assert a["tables"][0] == b["tables"][0]
assert a.get("findings") == b.get("findings")
EOF
    # A role that may only read: it lists and checks; adding is refused with one line.
    "$PG_BIN/psql" -X -q -h "$PG_DIR" -p 5432 -U awrdiff -d postgres \
      -c "CREATE ROLE reader LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader" >/dev/null 2>&1
    RO_PG="postgresql://reader@/postgres?host=$PG_DIR&port=5432"
    expect 1 "PostgreSQL: a read-only role checks" -- "$AWRDIFF" check --history --db "$RO_PG" --match hour "$T/bad_19.json"
    expect 2 "PostgreSQL: a read-only role cannot add" -- "$AWRDIFF" history add --db "$RO_PG" samples/good_4.html "$T/bad_19.json"
    contains "$T/err" "read-only" "PostgreSQL read-only is named"
    expect 2 "PostgreSQL: a server that is not there" -- "$AWRDIFF" history list --db "postgresql://awrdiff@/postgres?host=$T&port=1"
    # A password in the URI (the server trusts the socket, so any is taken): never in the output of add, list,
    # check, their errors, or what the store keeps (the check's outcome, its baseline's name).
    SEC_PG="postgresql://awrdiff:s3cretpw@/postgres?host=$PG_DIR&port=5432&password=s3cretqp"
    expect 0 "PostgreSQL with a password: add" -- "$AWRDIFF" history add -v --db "$SEC_PG" samples/good.html
    no_secret "PostgreSQL with a password: add" "$T/out" "$T/err"
    expect 0 "PostgreSQL with a password: list" -- "$AWRDIFF" history list --db "$SEC_PG"
    no_secret "PostgreSQL with a password: list" "$T/out" "$T/err"
    contains "$T/out" "postgresql://awrdiff@/postgres?host=$PG_DIR&port=5432&password=*** (PostgreSQL" "list names the store"
    expect 1 "PostgreSQL with a password: check --add" -- "$AWRDIFF" check --history --add --db "$SEC_PG" --match hour "$T/bad_19.json" -f json
    no_secret "PostgreSQL with a password: check" "$T/out" "$T/err"
    "$PG_BIN/psql" -X -q -At -h "$PG_DIR" -p 5432 -U awrdiff -d postgres \
      -c "SELECT headline FROM checks UNION ALL SELECT source FROM periods UNION ALL SELECT value FROM meta" >"$T/stored" 2>&1
    [ -s "$T/stored" ] && ok || bad "nothing read back from the store: $(cat "$T/stored")"
    no_secret "PostgreSQL with a password: stored text" "$T/stored"
  else
    echo "SKIP: PostgreSQL (the server did not start: $(tail -1 "$PG_DIR/log"))"
  fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
