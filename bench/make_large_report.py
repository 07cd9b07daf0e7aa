#!/usr/bin/env python3
"""Writes a large synthetic text AWR report for the peak-memory figures of docs/benchmark.md.

The report is a real text report with one continuation page of "SQL ordered by Elapsed Time" (from its
form feed to the next) written again and again in place, until the file reaches the size asked for:
its header and every other section stay as they are, so it parses as the original does, with one very
long SQL list. From awr-text_12.2_jasmin_1.txt (the default) and 200 MB, the page of 75 lines (4,403
bytes) is written 45,423 times: 200,286,797 bytes.

Two more shapes, from samples/bad.txt (no corpus needed):
  --shape instance-activity  its Instance Activity Stats with distinct statistics written until N MB (200 MB:
                             about 2.5 million rows of 82 bytes);
  --shape sql-text           its first statement's text in SQL ordered by Elapsed Time continued, 80 characters a
                             line, until it is N MB long (one SQL text of N MB).

    bench/make_large_report.py OUT [--source FILE] [--mb 200] [--shape sql-list|instance-activity|sql-text]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(os.environ.get("AWRDIFF_CORPUS") or os.path.join(HERE, "..", "..", "shared", "corpus"),
                              "awr-text_12.2_jasmin_1.txt")
TITLE = b"SQL ordered by Elapsed Time"
SAMPLE = os.path.join(HERE, "..", "samples", "bad.txt")


def grow(args, lines, after_title, row, what):
    """lines with row(k) written after the line index after_title(lines) until args.mb MB."""
    at = after_title(lines)
    before = b"\n".join(lines[:at]) + b"\n"
    after = b"\n".join(lines[at:])
    target = int(args.mb * 1e6)
    written = k = 0
    with open(args.out, "wb") as f:
        f.write(before)
        while written < target:
            r = row(k) + b"\n"
            f.write(r)
            written += len(r)
            k += 1
        f.write(after)
    print(f"{args.out}: {len(before) + written + len(after):,} bytes ({k:,} {what})")


def instance_activity(args, lines):
    def first_row(ls):
        t = next(i for i, l in enumerate(ls) if l.startswith(b"Instance Activity Stats"))
        return next(i for i in range(t, len(ls)) if ls[i].startswith(b"-----")) + 1

    grow(args, lines, first_row,
         lambda k: b"%-32s %18s %14s %13s" % (b"synthetic statistic %09d" % k, "{:,}".format(k * 7 % 9999991).encode(),
                                                b"%.1f" % (k % 1000 / 10), b"%.1f" % (k % 300 / 10)),
         "Instance Activity rows")


def sql_text(args, lines):
    def after_first_text(ls):
        t = next(i for i, l in enumerate(ls) if l.startswith(TITLE))
        m = next(i for i in range(t, len(ls)) if ls[i].startswith(b"Module:"))
        return m + 2  # after the statement's first text line

    words = b"AND COLUMN_NAME_%07d = :B%d "
    grow(args, lines, after_first_text, lambda k: (words % (k, k % 99) * 3)[:80], "lines of one SQL text")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--source", default=DEFAULT_SOURCE, help="a text AWR report (default: corpus jasmin_1)")
    ap.add_argument("--mb", type=float, default=200.0,
                    help="the repeated pages' size in MB (10^6 bytes); the rest of the report comes on top (default 200)")
    ap.add_argument("--shape", choices=["sql-list", "instance-activity", "sql-text"], default="sql-list",
                    help="what grows: the SQL list's pages (default), Instance Activity rows, one SQL text")
    ap.add_argument("--page", type=int, default=2,
                    help="which page of SQL ordered by Elapsed Time is repeated, from 1 (default 2: a "
                         "continuation page)")
    args = ap.parse_args()
    if args.shape != "sql-list":
        source = args.source if args.source != DEFAULT_SOURCE else SAMPLE
        lines = open(source, "rb").read().split(b"\n")
        return instance_activity(args, lines) if args.shape == "instance-activity" else sql_text(args, lines)
    data = open(args.source, "rb").read()
    lines = data.split(b"\n")
    starts = [i for i, l in enumerate(lines) if l.startswith(TITLE) and i > 0 and lines[i - 1].startswith(b"\f")]
    if len(starts) < args.page:
        sys.exit(f"{args.source}: fewer than {args.page} pages of {TITLE.decode()}")
    first = starts[args.page - 1] - 1  # the form feed line
    end = first + 1
    while end < len(lines) and not lines[end].startswith(b"\f"):
        end += 1
    before = b"\n".join(lines[:first]) + b"\n"
    page = b"\n".join(lines[first:end]) + b"\n"
    after = b"\n".join(lines[end:])
    target = int(args.mb * 1e6)
    copies = max(1, target // len(page))  # (the rest of the report comes on top)
    with open(args.out, "wb") as f:
        f.write(before)
        for _ in range(copies):
            f.write(page)
        f.write(after)
    size = len(before) + copies * len(page) + len(after)
    print(f"{args.out}: {size:,} bytes ({end - first} lines, {len(page):,} bytes of page written {copies:,} times)")


if __name__ == "__main__":
    main()
