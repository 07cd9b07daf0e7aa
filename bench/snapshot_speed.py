#!/usr/bin/env python3
"""`awrdiff snapshot FILE --format json` of two or more builds, timed in turn on the same files.

    bench/snapshot_speed.py --bin OLD=build-old/awrdiff --bin NEW=build/awrdiff [--rounds 15] [--runs 5] [FILE...]

Default files: ../shared/corpus/awr-html_19c_jdmoreno_8.html (HTML, 1.1 MB), awr-text_11.2_clay_1.txt and
awr-text_12.2_jasmin_1.txt (text). Each round runs every file with every build, `--runs` times each, the builds'
order alternating from one round to the next, so that a change in the machine's load falls on all of them alike.
The time of a run is its CPU time (`perf stat`'s task-clock: user and system time of the whole process, start-up
included, counted by the kernel exactly) when perf is installed, else its user + system time from getrusage.
Printed: per build and file, the median over all runs (ms), the build's ratio to the first build (median of the
per-round ratios), and each text file's CPU per byte over the HTML file's (the first HTML file given).
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "corpus")
DEFAULT_FILES = ["awr-html_19c_jdmoreno_8.html", "awr-text_11.2_clay_1.txt", "awr-text_12.2_jasmin_1.txt"]


def cpu_ms(binary, path, perf):
    cmd = [binary, "snapshot", path, "--format", "json"]
    if perf:
        out = subprocess.run(["perf", "stat", "-x", ",", "-e", "task-clock"] + cmd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, check=True).stderr
        for line in out.splitlines():
            fields = line.split(",")
            if len(fields) > 2 and fields[2].startswith("task-clock"):
                return float(fields[0])
        raise RuntimeError(f"no task-clock in perf's output: {out}")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000.0 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", action="append", required=True, help="NAME=PATH of an awrdiff build (two or more)")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--runs", type=int, default=5, help="runs of each build and file in a round")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    bins = [b.split("=", 1) for b in a.bin]
    files = a.files or [os.path.join(CORPUS, f) for f in DEFAULT_FILES]
    perf = shutil.which("perf") is not None
    times = {(n, f): [] for n, _ in bins for f in files}
    ratios = {(n, f): [] for n, _ in bins for f in files}
    for r in range(a.rounds):
        order = bins if r % 2 == 0 else list(reversed(bins))
        for f in files:
            this_round = {}
            for name, path in order:
                runs = [cpu_ms(path, f, perf) for _ in range(a.runs)]
                times[(name, f)] += runs
                this_round[name] = statistics.median(runs)
            for name, _ in bins:
                ratios[(name, f)].append(this_round[name] / this_round[bins[0][0]])
        print(f"round {r + 1}/{a.rounds}", file=sys.stderr)
    html = next((f for f in files if f.endswith((".html", ".htm"))), None)
    print(f"CPU time per run ({'perf task-clock' if perf else 'getrusage'}), median of {a.rounds} x {a.runs} runs, ms")
    print("| file | KB | " + " | ".join(f"{n} ms" for n, _ in bins) + " | " +
          " | ".join(f"{n} / {bins[0][0]}" for n, _ in bins[1:]) + " |")
    print("|---|---:|" + "---:|" * (2 * len(bins) - 1))
    for f in files:
        kb = os.path.getsize(f) / 1024
        cells = [f"{statistics.median(times[(n, f)]):.2f}" for n, _ in bins]
        cells += [f"{statistics.median(ratios[(n, f)]):.3f}" for n, _ in bins[1:]]
        print(f"| {os.path.basename(f)} | {kb:.0f} | " + " | ".join(cells) + " |")
    if html:
        print(f"\nCPU per byte over {os.path.basename(html)}'s:")
        for f in files:
            if f == html:
                continue
            per = []
            for n, _ in bins:
                mine = statistics.median(times[(n, f)]) / os.path.getsize(f)
                theirs = statistics.median(times[(n, html)]) / os.path.getsize(html)
                per.append(f"{n} {mine / theirs:.2f}x")
            print(f"  {os.path.basename(f)}: " + ", ".join(per))
    return 0


if __name__ == "__main__":
    sys.exit(main())
