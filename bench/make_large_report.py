#!/usr/bin/env python3
"""Writes a large synthetic text AWR report for the peak-memory figures of docs/benchmark.md.

The report is a real text report with one continuation page of "SQL ordered by Elapsed Time" (from its
form feed to the next) written again and again in place, until the file reaches the size asked for:
its header and every other section stay as they are, so it parses as the original does, with one very
long SQL list. From awr-text_12.2_jasmin_1.txt (the default) and 200 MB, the page of 75 lines (4,403
bytes) is written 45,423 times: 200,286,797 bytes.

    bench/make_large_report.py OUT [--source FILE] [--mb 200]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SOURCE = os.path.join(os.environ.get("AWRDIFF_CORPUS") or os.path.join(HERE, "..", "..", "shared", "corpus"),
                              "awr-text_12.2_jasmin_1.txt")
TITLE = b"SQL ordered by Elapsed Time"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--source", default=DEFAULT_SOURCE, help="a text AWR report (default: corpus jasmin_1)")
    ap.add_argument("--mb", type=float, default=200.0,
                    help="the repeated pages' size in MB (10^6 bytes); the rest of the report comes on top (default 200)")
    ap.add_argument("--page", type=int, default=2,
                    help="which page of SQL ordered by Elapsed Time is repeated, from 1 (default 2: a "
                         "continuation page)")
    args = ap.parse_args()
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
