#!/usr/bin/env python3
"""A synthetic fleet of databases' reports for `awrdiff fleet` (tests/cli/fleet_test.sh, the browser test and
docs/img/html-fleet.png):
    tests/browser/fleet_series.py OUT_DIR [PERIODS]
writes OUT_DIR/NAME_NNN.html for five databases, each its own DB Id, name, instance and host, PERIODS (default 30)
10-minute periods of the samples' normal workload (generated like samples/good_*.html, each with its own noise) from
2025-03-14 08:00, except: PAYROLL's last 6 periods are samples/bad.html's hard-parsing storm (still on), ORDERS has
the same storm in 3 periods from the 21st (then normal again), LEDGER stops after its 12th period (silent). CRM and
WMS are fine. Every number is synthetic (samples/generate.py)."""
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "samples"))
import generate  # noqa: E402

FLEET = [  # name, DB Id, host
    ("PAYROLL", 3000000001, "payhost1"),
    ("ORDERS", 3000000002, "ordhost1"),
    ("LEDGER", 3000000003, "ledhost1"),
    ("CRM", 3000000004, "crmhost1"),
    ("WMS", 3000000005, "wmshost1"),
]


def storm_at(name, i, periods):
    if name == "PAYROLL":
        return i >= periods - 6
    if name == "ORDERS":
        return 20 <= i < 23
    return False


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    periods = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    os.makedirs(out, exist_ok=True)
    start = datetime.datetime(2025, 3, 14, 8, 0, 3)
    for k, (db, dbid, host) in enumerate(FLEET):
        generate.DB.update(name=db, dbid=dbid, unique=db, instance=db.lower() + "1", host=host)
        count = 12 if db == "LEDGER" else periods
        for i in range(count):
            t_b = start + datetime.timedelta(minutes=10 * i)
            name = "%s_%03d" % (db.lower(), i + 1)
            if storm_at(db, i, periods):
                r = generate.make_bad()
                r["name"] = name
                r["t_b"] = t_b
            else:
                r = generate.make_good_period(name, t_b, 600, 7001 + 100 * k + i)
            r["snap_b"], r["snap_e"] = 4370 + i, 4371 + i
            d = generate.derive(r)
            generate.check(r, d)
            with open(os.path.join(out, name + ".html"), "w", newline="\n") as f:
                f.write(generate.Html(r, d).render())


if __name__ == "__main__":
    main()
