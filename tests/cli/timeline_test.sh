#!/usr/bin/env bash
# `awrdiff timeline`, as a user runs it: from report files and from a history store, every format, the errors
# (one line, exit 2), and on the corpus series the start of the RMGTIBP library-cache storm and of the RMGTIBN
# cleanup job named in the first line (skipped, said so, when $AWRDIFF_CORPUS, default ../shared/corpus, is absent).
#   tests/cli/timeline_test.sh AWRDIFF SOURCE_DIR
NAME=timeline
. "$(dirname "$0")/as_user.sh"

S=(samples/good.html samples/good_1.html samples/good_2.html samples/good_3.html samples/good_4.html samples/bad.html)
expect 0 "timeline of report files" -- "$AWRDIFF" timeline "${S[@]}"
contains "$T/out" "No sustained shift in 6 periods, 2025-03-14 14:00 .. 2025-03-18 14:10 of ORCL19 (DB Id 1234567890)" "first line"
contains "$T/out" "Periods" "the periods table"
for f in json html markdown jira; do
  expect 0 "timeline -f $f" -- "$AWRDIFF" timeline -f "$f" -o "$T/t.$f" "${S[@]}"
done
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [t["key"] for t in d["tables"]] == ["timeline_changes", "timeline_sql", "timeline", "timeline_db_time"], d["tables"]
assert d["verdict"] == "timeline", d["verdict"]
assert [c["kind"] for c in d["charts"]] == ["stacked_series", "series"], d["charts"]
st = d["charts"][0]
assert st["series"][0]["name"] == "DB CPU" and len(st["totals"]) == 6 and len(st["breaks_before"]) == 6, st
assert d["periods"][0]["role"] == "Timeline" and d["periods"][0]["reports"] == 6, d["periods"]
' "$T/t.json" && ok || bad "timeline JSON: tables, verdict, the stacked chart"
contains "$T/t.html" "<html" "timeline HTML"
contains "$T/t.html" '<div class="vlabel">Timeline</div>' "the HTML verdict card says timeline"
contains "$T/t.html" "6 periods <small>from 2025-03-14 14:00 to 2025-03-18 14:10" "the HTML verdict card gives the span"
contains "$T/t.markdown" "Where DB time goes, per period" "the DB time table in Markdown"
contains "$T/t.markdown" "Top SQL over time" "the top SQL over time in Markdown"

# From a history store: the same periods, the same first line.
expect_add() { "$AWRDIFF" history add --db "$T/h.sqlite" "$@" 2>"$T/err" >/dev/null && ok || bad "history add: $(cat "$T/err")"; }
expect_add "${S[@]}"
expect 0 "timeline --db" -- "$AWRDIFF" timeline --db "$T/h.sqlite"
contains "$T/out" "No sustained shift in 6 periods, 2025-03-14 14:00 .. 2025-03-18 14:10 of ORCL19 (DB Id 1234567890) instance 1" \
  "first line from the store"
contains "$T/out" "Top SQL over time" "the top SQL over time from the store's snapshots"
contains "$T/out" "Where DB time goes, per period" "the DB time parts from the store's snapshots"

# A synthetic series with a storm (tests/browser/timeline_series.py): the first line names the statement that leads
# it, from report files and from a history store alike.
python3 tests/browser/timeline_series.py "$T/series" 30 12
expect 0 "timeline of the synthetic series" -- "$AWRDIFF" timeline "$T"/series/*.html
# A rise of 0.75 AAS (0.22 -> 0.97) is a sustained shift, not an episode: less than one more active session is no storm.
contains "$T/out" "stepped up" "the series' storm found"
if grep -q "^Episode" "$T/out"; then bad "the series: an episode of less than one AAS"; else ok; fi
contains "$T/out" "the top SQL since then: 81uvdbt46vt5p" "the storm's statement from report files"
contains "$T/out" "grows" "the storm's statement grows"
"$AWRDIFF" history add --db "$T/series.sqlite" "$T"/series/*.html >/dev/null 2>"$T/err" && ok || bad "history add series: $(cat "$T/err")"
expect 0 "timeline of the synthetic series from the store" -- "$AWRDIFF" timeline --db "$T/series.sqlite"
contains "$T/out" "the top SQL since then: 81uvdbt46vt5p" "the storm's statement from the store"
"$AWRDIFF" history add --db "$T/series_nojson.sqlite" --no-snapshots "$T"/series/*.html >/dev/null 2>"$T/err" && ok ||
  bad "history add --no-snapshots: $(cat "$T/err")"
expect 0 "timeline of a store kept without snapshots" -- "$AWRDIFF" timeline --db "$T/series_nojson.sqlite"
contains "$T/out" "stepped up" "the storm found without snapshots"
# Each period's detail is stored without its snapshot too (schema 3): the top SQL is there.
contains "$T/out" "Top SQL over time" "no snapshot, yet the stored details' top SQL"

# A storm of three short periods between a busy period the day before and a partial recovery after it (the shape of
# RMGTIBP's, issue 32): the same episode in the first line with or without either, and one finding for it.
python3 tests/cli/episode_series.py "$T/ep"
E=$T/ep/ep_
for set in "01 02 03 04 05 06 07 08 09" "02 03 04 05 06 07 08" "01 02 03 04 05 06 07 08" "02 03 04 05 06 07 08 09"; do
  files=()
  for n in $set; do files+=("$E$n.html"); done
  expect 0 "timeline of the episode series ($set)" -- "$AWRDIFF" timeline "${files[@]}" -w 0
  head -1 "$T/out" >"$T/first"
  case $set in
  *09) contains "$T/first" "Episode 2025-03-14 13:00 .. 20:51 (3 periods): DB time per second up to 4.85 AAS at 13:00" \
    "episode series ($set): the storm, ended" ;;
  *) contains "$T/first" "Episode from 2025-03-14 13:00, still on (3 periods): DB time per second up to 4.85 AAS at 13:00" \
    "episode series ($set): the storm, still on" ;;
  esac
  contains "$T/first" "top SQL: 81uvdbt46vt5p" "episode series ($set): the storm's statement"
  if [ "$(grep -c '^ *[0-9]*\. \[' "$T/out")" = 1 ]; then ok; else bad "episode series ($set): not one finding: $(grep '^ *[0-9]*\. \[' "$T/out")"; fi
done

expect 0 "timeline --db --from --to" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --from 2025-03-15 --to 2025-03-16
contains "$T/out" "in 2 periods" "--from/--to keep two periods"
expect 0 "--from with a space and minutes" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --from "2025-03-15 00:00" --to 2025-03-16T23:59
contains "$T/out" "in 2 periods" "--from '2025-03-15 00:00' is read as 2025-03-15T00:00"
# --from / --to malformed, reversed, or leaving no period: one line, exit 2, saying which and what there is.
expect 2 "--from malformed" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --from 2025-13-01
contains "$T/err" "--from '2025-13-01': not a time; give YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS" "--from named"
expect 2 "--from a day its month does not have" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --from 2025-09-31
contains "$T/err" "--from '2025-09-31': no such day" "no such day named"
expect 2 "--to malformed" -- "$AWRDIFF" timeline "${S[@]}" --to yesterday
contains "$T/err" "--to 'yesterday': not a time" "--to named"
expect 2 "--from after --to" -- "$AWRDIFF" timeline "${S[@]}" --from 2025-03-17 --to 2025-03-15
contains "$T/err" "--from 2025-03-17 is after --to 2025-03-15" "reversed range named"
expect 2 "a range without a period (store)" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --from 2026-01-01
contains "$T/err" "no period from 2026-01-01 on; the store holds 2025-03-14 14:00 .. 2025-03-18 14:10" "empty range, store"
expect 2 "a range without a period (reports)" -- "$AWRDIFF" timeline "${S[@]}" --from 2025-03-16T12:00 --to 2025-03-16T13:00
contains "$T/err" "no period between 2025-03-16T12:00 and 2025-03-16T13:00; the reports hold 2025-03-14 14:00 .. 2025-03-18 14:10" \
  "empty range, reports"

# --match: the band from like periods, as check --match.
expect 0 "timeline --match hour" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --match hour -f json
python3 -c 'import json,sys; d=json.load(sys.stdin); t=[c for c in d["charts"] if c["kind"] == "series"][0]["title"]; assert "like periods: same hour" in t, t' <"$T/out" \
  && ok || bad "--match hour: the chart says its band is of like periods"
expect 0 "timeline --match weekday-hour" -- "$AWRDIFF" timeline "${S[@]}" --match weekday-hour
expect 2 "timeline --match unknown" -- "$AWRDIFF" timeline "${S[@]}" --match weekly
contains "$T/err" "unknown --match 'weekly' (all, hour, weekday-hour)" "--match named"

# Standard input (-) among the report files, read once; a spool of concatenated reports on it is one period each.
expect 0 "timeline with - among the files" -- sh -c '"$0" timeline "$@" - <"$1"' "$AWRDIFF" samples/bad.html "${S[@]:0:5}"
contains "$T/out" "No sustained shift in 6 periods, 2025-03-14 14:00 .. 2025-03-18 14:10 of ORCL19" "- read as the sixth report"
expect 0 "timeline - of concatenated reports" -- sh -c 'cat "$@" | "$0" timeline -' "$AWRDIFF" "${S[@]}"
contains "$T/out" "No sustained shift in 6 periods, 2025-03-14 14:00 .. 2025-03-18 14:10 of ORCL19" "a spool on standard input"
expect 2 "timeline - named twice" -- sh -c '"$0" timeline - - <"$1"' "$AWRDIFF" samples/good.html
contains "$T/err" "standard input (-)" "- twice refused"

# --mask: no name of the site survives in any format, from report files (standard input among them) or from a
# history store (fixture: tests/cli/mask_fixture.py, two reports of one database full of distinctive names).
python3 tests/cli/mask_fixture.py "$T/fx" || bad "mask fixture"
expect 0 "timeline unmasked" -- "$AWRDIFF" timeline -f json "$T/fx/zebra_base.html" "$T/fx/zebra_target.html"
contains "$T/out" "ZEBRADB" "unmasked, the database's name is shown (the test proves something)"
"$AWRDIFF" history add --db "$T/fx.sqlite" "$T/fx/zebra_base.html" "$T/fx/zebra_target.html" >/dev/null 2>"$T/err" && ok ||
  bad "history add fixture: $(cat "$T/err")"
no_names() { # FILE WHAT: no name of the fixture's names.txt (case-insensitive) in FILE
  local n
  while IFS= read -r n; do
    [ -z "$n" ] && continue
    if grep -qiF -- "$n" "$1"; then bad "$2: '$n' survives masking: $(grep -iF -- "$n" "$1" | head -1 | cut -c1-200)"; else ok; fi
  done <"$T/fx/names.txt"
}
for f in text markdown jira html json; do
  expect 0 "timeline --mask -f $f" -- sh -c '"$0" timeline --mask -f "$1" -w 0 --rows 0 "$2" - <"$3"' "$AWRDIFF" "$f" \
    "$T/fx/zebra_base.html" "$T/fx/zebra_target.html"
  contains "$T/out" "DB1" "timeline --mask -f $f: the database's alias"
  no_names "$T/out" "timeline --mask -f $f"
  expect 0 "timeline --mask --db -f $f" -- "$AWRDIFF" timeline --mask --db "$T/fx.sqlite" -f "$f" -w 0 --rows 0
  contains "$T/out" "DB1" "timeline --mask --db -f $f: the database's alias"
  no_names "$T/out" "timeline --mask --db -f $f"
done

# The details the store keeps (schema 3) give the timeline its report's bodies give: a store whose periods have no
# detail (as before schema 3) reads their bodies instead, the same bytes unmasked; masked, no name survives either way.
cp "$T/fx.sqlite" "$T/fx_bodies.sqlite"
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM details"); c.commit()' \
  "$T/fx_bodies.sqlite" && ok || bad "details deleted"
for f in text json; do
  "$AWRDIFF" timeline --db "$T/fx.sqlite" -f "$f" -w 0 --rows 0 >"$T/from_details.$f" 2>&1
  "$AWRDIFF" timeline --db "$T/fx_bodies.sqlite" -f "$f" -w 0 --rows 0 2>&1 | sed 's/fx_bodies\.sqlite/fx.sqlite/g' >"$T/from_bodies.$f"
  cmp -s "$T/from_details.$f" "$T/from_bodies.$f" && ok || bad "timeline -f $f from the details differs from the bodies'"
  grep -q "ZEBRA" "$T/from_details.$f" && ok || bad "timeline -f $f from the details: the site's names (the test proves something)"
  expect 0 "timeline --mask, the bodies' store, -f $f" -- "$AWRDIFF" timeline --mask --db "$T/fx_bodies.sqlite" -f "$f" -w 0 --rows 0
  no_names "$T/out" "timeline --mask from the bodies -f $f"
  sed 's/fx_bodies\.sqlite/fx.sqlite/g' "$T/out" >"$T/masked_bodies.$f"
  # Masked, the snapshots kept teach the masker the names a detail's SQL text may carry: the same bytes either way.
  "$AWRDIFF" timeline --mask --db "$T/fx.sqlite" -f "$f" -w 0 --rows 0 >"$T/masked_details.$f" 2>/dev/null
  cmp -s "$T/masked_details.$f" "$T/masked_bodies.$f" && ok || bad "timeline --mask -f $f with details differs from the bodies'"
done

# Errors: one line, exit 2.
sed 's/1234567890/1234567891/g' samples/good.html >"$T/other_db.html"
expect 2 "reports of two databases" -- "$AWRDIFF" timeline samples/good.html "$T/other_db.html"
contains "$T/err" "other_db.html: is of ORCL19 (DB Id 1234567891)" "the other database's file is named"
expect 2 "an unknown metric" -- "$AWRDIFF" timeline --metric no_such_metric "${S[@]}"
expect 2 "an empty store" -- "$AWRDIFF" timeline --db "$T/none.sqlite"
"$AWRDIFF" history add --db "$T/h.sqlite" "$T/other_db.html" >/dev/null 2>&1
expect 2 "a store of two series without --dbid" -- "$AWRDIFF" timeline --db "$T/h.sqlite"
contains "$T/err" "choose one with --dbid and --instance" "the choice is named"
expect 0 "a store of two series with --dbid" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --dbid 1234567891
cp "$T/h.sqlite" "$T/h_copy.sqlite"
expect 2 "-o onto the store it reads" -- "$AWRDIFF" timeline --db "$T/h.sqlite" --dbid 1234567890 -o "$T/h.sqlite"
contains "$T/err" "is the history store" "the store is named"
cmp -s "$T/h.sqlite" "$T/h_copy.sqlite" && ok || bad "the store was changed by timeline -o"
expect 2 "-o onto the store through AWRDIFF_HISTORY" -- env AWRDIFF_HISTORY="$T/h.sqlite" "$AWRDIFF" timeline --dbid 1234567890 -o "$T/h.sqlite"
expect 2 "-o onto a report" -- "$AWRDIFF" timeline -o samples/good.html "${S[@]}"

C=${AWRDIFF_CORPUS:-../shared/corpus}
if [ -f "$C/awr-html_19c_jdmoreno_8.html" ]; then
  # The library cache storm from 15:00 is an episode, still on at 20:49 after the instance restart at 19:42 (jd11's
  # startup time, 04-Sep-23 18:27 before): its start, peak, events (by name) and statement in the first line; the step
  # the short-series rule finds at 15:00 is told in its finding, not apart.
  expect 0 "RMGTIBP timeline" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{8,9,10,11}.html -w 0
  head -1 "$T/out" >"$T/first"
  contains "$T/first" "Episode from 2023-10-02 15:00, through an instance restart at 19:42, still on (2 periods): DB time per second up to 165 AAS at 20:49" \
    "RMGTIBP: the episode in the first line"
  contains "$T/first" "top events: " "RMGTIBP: the episode's events"
  contains "$T/first" "library cache lock" "RMGTIBP: library cache lock by name"
  contains "$T/first" "cursor: mutex X" "RMGTIBP: cursor: mutex X by name"
  contains "$T/first" "top SQL: 1c602wgfqtdky" "RMGTIBP: the statement"
  # 1c602wgfqtdky is in the elapsed lists of 04:30 and 05:00 (271.9 s and 528.5 s in 30 minutes): a median of those.
  contains "$T/first" "was 0.222 AAS (2 of 2 lists before, median)" "RMGTIBP: the statement before the storm"
  contains "$T/out" "DB time per second stepped up 10.5x at 2023-10-02 15:00 and stayed" "RMGTIBP: the step in the episode's finding"
  if grep -q "timeline_shift\|^ 2\. " "$T/out"; then bad "RMGTIBP: the storm told twice: $(grep '^ 2\. ' "$T/out")"; else ok; fi
  expect 0 "RMGTIBP timeline JSON" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{8,9,10,11}.html -f json
  python3 -c '
import json, sys
d = json.load(sys.stdin)
e = [t for t in d["tables"] if t["key"] == "timeline_episodes"][0]["rows"]
assert len(e) == 1 and e[0]["start"] == "2023-10-02 15:00" and e[0]["end"] == "still on", e
assert [f["rule"] for f in d["findings"]] == ["timeline_episode"], d["findings"]
' <"$T/out" && ok || bad "RMGTIBP JSON: one episode, one finding"
  expect 0 "RMGTIBP timeline HTML" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{8,9,10,11}.html -f html
  if grep -qF "Findings (0)" "$T/out"; then bad "RMGTIBP HTML: Findings (0) with an episode"; else ok; fi
  # The same from a history store: the events and statements from the snapshots it keeps.
  "$AWRDIFF" history add --db "$T/p.sqlite" "$C"/awr-html_19c_jdmoreno_{8,9,10,11}.html >/dev/null 2>"$T/err" && ok || bad "history add RMGTIBP: $(cat "$T/err")"
  expect 0 "RMGTIBP timeline from a store" -- "$AWRDIFF" timeline --db "$T/p.sqlite" -w 0
  head -1 "$T/out" >"$T/first"
  contains "$T/first" "Episode from 2023-10-02 15:00, through an instance restart at 19:42, still on (2 periods)" \
    "RMGTIBP from the store: the episode"
  contains "$T/first" "library cache lock" "RMGTIBP from the store: the events"
  contains "$T/first" "top SQL: 1c602wgfqtdky" "RMGTIBP from the store: the statement"
  # Three reports (05:00, 15:00 and 20:49): the storm begins at 15:00, the first period of the new level.
  expect 0 "RMGTIBP timeline of three reports" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{9,10,11}.html -w 0
  contains "$T/out" "DB time per second stepped up 9.92x at 2023-10-02 15:00 and stayed" "RMGTIBP 9-11: the storm's start"
  # A smaller minimum segment only allows more: --min-segment 1 finds the same storm.
  expect 0 "RMGTIBP --min-segment 1" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{8,9,10,11}.html -w 0 --min-segment 1
  contains "$T/out" "DB time per second stepped up 10.5x at 2023-10-02 15:00 and stayed" "RMGTIBP --min-segment 1"
  expect 0 "RMGTIBN timeline" -- "$AWRDIFF" timeline "$C"/awr-html_19c_jdmoreno_{1,2,3,4,5,7}.html -w 0
  # The soak test ends after the 05:45 restart (carried from the day-long report left out): the load's, not [better].
  contains "$T/out" "DB time per second stepped down 89% with the load at 2023-12-23 06:30, after an instance restart at 05:45, and stayed" \
    "RMGTIBN: the load's end after the restart"
  if grep -q "\[better\] DB time per second stepped down" "$T/out"; then bad "RMGTIBN: the soak's end shown [better]"; else ok; fi
  contains "$T/out" "the top SQL since then: 6frynf9v1m655 (call dbms_part.cleanup_gidx_job" "RMGTIBN: the cleanup job"
  # The executions fell from thousands to 7.8 per second: a cost per execution there is no shift.
  if grep -q "DB time per execution stepped" "$T/out"; then bad "RMGTIBN: a per-execution shift of a collapsed load"; else ok; fi
  if grep -q "^Episode" "$T/out"; then bad "RMGTIBN: an episode invented"; else ok; fi
  contains "$T/out" "spans 2 other periods (left out)" "RMGTIBN: the day-long reports left out"
  # The same from a history store.
  "$AWRDIFF" history add --db "$T/n.sqlite" "$C"/awr-html_19c_jdmoreno_{1,2,3,4,5,7}.html >/dev/null 2>"$T/err" && ok || bad "history add RMGTIBN: $(cat "$T/err")"
  expect 0 "RMGTIBN timeline from a store" -- "$AWRDIFF" timeline --db "$T/n.sqlite" -w 0
  contains "$T/out" "at 2023-12-23 06:30, after an instance restart at 05:45, and stayed" "RMGTIBN from the store: the restart"
else
  echo "SKIP: $C is absent: the corpus series are not drawn"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
