#!/usr/bin/env python3
"""A synthetic series shaped like RMGTIBP's storm (issue 32) for `awrdiff timeline`:
    tests/cli/episode_series.py OUT_DIR
writes OUT_DIR/ep_01.html .. ep_09.html: a busy period the day before (13:00), four normal periods of the samples'
workload at 04:30, 05:00, 07:30 and 08:00, three periods of samples/bad.html's hard-parsing storm at 13:00, 15:00 and
20:49 (short periods: 2 to 5 minutes, 2-5 AAS against 0.05-0.15 before), then a partial recovery at 23:00 (a short
normal period, a few times the normal level). Leaving out ep_01 or ep_09 or both must not change the storm that is
found. Every number is synthetic (samples/generate.py)."""
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "samples"))
import generate  # noqa: E402

# (start, workload, elapsed in seconds)
PLAN = [("2025-03-13 13:00", "good", 600), ("2025-03-14 04:30", "good", 1800), ("2025-03-14 05:00", "good", 1500),
        ("2025-03-14 07:30", "good", 1800), ("2025-03-14 08:00", "good", 900), ("2025-03-14 13:00", "bad", 120),
        ("2025-03-14 15:00", "bad", 300), ("2025-03-14 20:49", "bad", 120), ("2025-03-14 23:00", "good", 300)]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for i, (start, workload, elapsed) in enumerate(PLAN):
        t_b = datetime.datetime.strptime(start, "%Y-%m-%d %H:%M") + datetime.timedelta(seconds=3)
        name = "ep_%02d" % (i + 1)
        if workload == "good":
            r = generate.make_good_period(name, t_b, elapsed, 7001 + i)
        else:
            r = generate.make_bad()
            r["name"], r["t_b"], r["elapsed"] = name, t_b, elapsed
        r["snap_b"], r["snap_e"] = 5000 + 2 * i, 5001 + 2 * i
        d = generate.derive(r)
        generate.check(r, d)
        with open(os.path.join(out, name + ".html"), "w", newline="\n") as f:
            f.write(generate.Html(r, d).render())


if __name__ == "__main__":
    main()
