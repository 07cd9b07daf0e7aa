#!/usr/bin/env python3
"""A synthetic series of one database's reports for `awrdiff timeline` (the browser test and docs/img/timeline.png):
    tests/browser/timeline_series.py OUT_DIR [NORMAL] [STORM]
writes OUT_DIR/series_NNN.html: NORMAL 10-minute periods of the samples' normal workload (generated like
samples/good_*.html, each with its own noise), then STORM periods of samples/bad.html's hard-parsing storm, one after
the other from 2025-03-14 08:00 (defaults 36 and 18). Every number is synthetic (samples/generate.py)."""
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "samples"))
import generate  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    normal = int(sys.argv[2]) if len(sys.argv) > 2 else 36
    storm = int(sys.argv[3]) if len(sys.argv) > 3 else 18
    os.makedirs(out, exist_ok=True)
    start = datetime.datetime(2025, 3, 14, 8, 0, 3)
    snap = 4370
    for i in range(normal + storm):
        t_b = start + datetime.timedelta(minutes=10 * i)
        name = "series_%03d" % (i + 1)
        if i < normal:
            r = generate.make_good_period(name, t_b, 600, 5001 + i)
        else:
            r = generate.make_bad()
            r["name"] = name
            r["t_b"] = t_b
        r["snap_b"], r["snap_e"] = snap + i, snap + i + 1
        d = generate.derive(r)
        generate.check(r, d)
        with open(os.path.join(out, name + ".html"), "w", newline="\n") as f:
            f.write(generate.Html(r, d).render())


if __name__ == "__main__":
    main()
