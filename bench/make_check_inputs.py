#!/usr/bin/env python3
"""Inputs for awrdiff_check_bench (docs/benchmark.md, "check against a baseline"):
    bench/make_check_inputs.py OUT_DIR [N_REPORTS] [DUMP_LINES]
writes OUT_DIR/normal_01.html ... normal_NN.html (N_REPORTS normal periods of the samples' database,
generated like samples/good_*.html with their noise, default 30) and OUT_DIR/sysmetric_summary_big.csv,
a DBA_HIST_SYSMETRIC_SUMMARY spool (SET MARKUP CSV ON) of about DUMP_LINES lines (default 100,000):
the samples' five hourly summaries repeated over consecutive snapshots with their timestamps moved on."""
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "samples"))
import generate  # noqa: E402
import generate_dumps  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    n_reports = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    lines = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    os.makedirs(out, exist_ok=True)
    first = generate.GOOD_PERIODS[0][1]
    for i in range(n_reports):
        t_b = first + datetime.timedelta(days=i, seconds=i % 7)
        r = generate.make_good_period("normal_%02d" % (i + 1), t_b, 598 + i % 5, 3001 + i)
        d = generate.derive(r)
        generate.check(r, d)
        with open(os.path.join(out, r["name"] + ".html"), "w", newline="\n") as f:
            f.write(generate.Html(r, d).render())
    reports = [generate_dumps.read_report(p) for p in generate_dumps.PERIODS]
    base_rows = generate_dumps.summary_rows(reports)
    # Period k (hourly, from a year before the samples) takes the rows of summary k mod 5.
    by_snap = {}
    for row in base_rows:
        by_snap.setdefault(row["SNAP_ID"], []).append(row)
    summaries = list(by_snap.values())
    start = datetime.datetime(2024, 3, 1, 0, 0, 0)
    rows, k = [], 0
    while len(rows) < lines:
        for row in summaries[k % len(summaries)]:
            moved = dict(row)
            moved["SNAP_ID"] = 100_000 + k
            b = datetime.datetime.strptime(row["BEGIN_TIME"], "%Y-%m-%d %H:%M:%S")
            e = datetime.datetime.strptime(row["END_TIME"], "%Y-%m-%d %H:%M:%S")
            new_b = start + datetime.timedelta(hours=k, minutes=b.minute)
            moved["BEGIN_TIME"] = new_b.strftime("%Y-%m-%d %H:%M:%S")
            moved["END_TIME"] = (new_b + (e - b)).strftime("%Y-%m-%d %H:%M:%S")
            rows.append(moved)
        k += 1
    rows = rows[:lines]
    with open(os.path.join(out, "sysmetric_summary_big.csv"), "w", newline="\n") as f:
        f.write(generate_dumps.csv_spool(generate_dumps.summary_columns(), rows))
    print(f"{out}: {n_reports} reports, dump of {len(rows)} rows")


if __name__ == "__main__":
    main()
