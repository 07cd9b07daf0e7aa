#!/usr/bin/env python3
"""Scores the gate's checks (gate.tsv: dbid, NNNN_I[b], first word of the check) against the labelled incidents
(truth.tsv), as docs/benchmark.md states the gate:
  recall of the storms and steps (paged: a check of one of their periods failed; a step within its first 24 hours),
  false pages on the unlabelled periods (checked after the first week, when a baseline exists),
  load rises paged (a check of one of their periods failed),
  the creep warned (a check in its two weeks warned or failed)."""
import calendar, collections, datetime, sys

START = calendar.timegm((2026, 10, 5, 0, 0, 0))

def epoch(iso):
    return calendar.timegm(datetime.datetime.strptime(iso, "%Y-%m-%dT%H:%M:%S").timetuple())

truth = collections.defaultdict(list)
with open(sys.argv[1]) as f:
    next(f)
    for line in f:
        kind, dbid, name, frm, to, *_ = line.rstrip("\n").split("\t")
        h0 = (epoch(frm) - START) // 3600
        h1 = (epoch(to) - START) // 3600 if to else h0 + 1
        truth[dbid].append((kind, h0, h1))

checks = collections.defaultdict(dict)  # dbid -> hour -> worst status
order = {"FAIL": 3, "WARN": 2}
with open(sys.argv[2]) as f:
    for line in f:
        dbid, name, status = (line.rstrip("\n").split("\t") + ["", ""])[:3]
        h = int(name.split("_")[0])
        prev = checks[dbid].get(h, "OK")
        checks[dbid][h] = status if order.get(status, 0) > order.get(prev, 0) else prev

def worst(dbid, h0, h1):
    return max((order.get(checks[dbid].get(h, "OK"), 0) for h in range(h0, h1)), default=0)

rows = collections.defaultdict(lambda: [0, 0])  # kind -> [incidents, caught]
for dbid, incidents in truth.items():
    if dbid not in checks:
        continue
    for kind, h0, h1 in incidents:
        if kind in ("storm", "step"):
            rows[kind][0] += 1
            rows[kind][1] += worst(dbid, h0, min(h1, h0 + 24) if kind == "step" else h1) >= 3
        elif kind == "load_rise":
            rows[kind][0] += 1
            rows[kind][1] += worst(dbid, h0, h1) >= 3
        elif kind == "creep":
            rows[kind][0] += 1
            rows[kind][1] += worst(dbid, h0, h1) >= 2
        elif kind == "latency_shift":
            rows[kind][0] += 1
            rows[kind][1] += worst(dbid, h0, h1) >= 2

unlabelled = false_pages = false_warns = 0
for dbid, by_hour in checks.items():
    labelled = set()
    for kind, h0, h1 in truth.get(dbid, []):
        if kind in ("gap", "silent", "dst"):
            continue
        # A step or creep stays until the end; a restart's first period and the hour after it.
        labelled.update(range(h0, h1 + (1 if kind == "restart" else 0)))
    for h, status in by_hour.items():
        if h < 7 * 24 or h in labelled:
            continue
        unlabelled += 1
        false_pages += status == "FAIL"
        false_warns += status == "WARN"

caught = rows["storm"][1] + rows["step"][1]
total = rows["storm"][0] + rows["step"][0]
print("gate databases\t%d, %d checks" % (len(checks), sum(len(v) for v in checks.values())))
for kind in ("storm", "step", "latency_shift", "load_rise", "creep"):
    n, c = rows[kind]
    what = {"creep": "warned", "latency_shift": "warned"}.get(kind, "paged")
    print("%s\t%d of %d %s" % (kind, c, n, what))
print("recall (storms and steps paged)\t%s" % ("%.1f%% (%d of %d)" % (100.0 * caught / total, caught, total) if total else "n/a"))
print("false pages\t%d of %d unlabelled periods (%.2f per 1,000); warnings %d" %
      (false_pages, unlabelled, 1000.0 * false_pages / max(unlabelled, 1), false_warns))
ok = (total == 0 or caught >= 0.95 * total) and false_pages <= unlabelled / 1000.0 and rows["load_rise"][1] == 0 and \
    (rows["creep"][0] == 0 or rows["creep"][1] == rows["creep"][0])
print("gate\t%s" % ("met" if ok else "NOT met"))
