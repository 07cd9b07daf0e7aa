#!/usr/bin/env python3
"""CPU per byte of text reports against HTML reports (docs/benchmark.md, "Text against HTML").

  bench/text_vs_html.py --awrdiff build-bench/awrdiff [--corpus ../shared/corpus] [--repeats 21]
                        [--perf] [--callgrind] [--bench build-bench/bench/awrdiff_parse_bench]

Times `awrdiff snapshot FILE --format json` on every AWR report of the corpus, text and HTML
(MANIFEST.tsv kinds awr-text and awr-html), and prints per file the least CPU time (user + sys) of
--repeats runs and the microseconds per KB, then the text / HTML ratio of CPU per byte for the two
reports the corpus holds as both text and HTML (same period: 11.2 clay_1, 11.2 rac_newstar_1) and for
all text against all HTML reports (total CPU over total bytes). With --perf, the CPU time is perf stat's
task-clock instead (median of --repeats interleaved rounds of 5 runs; see perf_cpu). With --callgrind, the instruction count
of one run under valgrind as well (no noise from the other work on the machine); with --bench, the
in-process parse (awrdiff_parse_bench: read, decode, tokenize, build the snapshot; no start-up, no JSON);
with both, the instructions of one in-process parse (a run of three parses less a run of one, halved:
without start-up and the catalog's indexes built once per process).
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys

PAIRS = [("awr-text_11.2_clay_1.txt", "awr-html_11.2_clay_1.html"),
         ("awr-text_11.2_rac_newstar_1.txt", "awr-html_11.2_rac_newstar_1.html")]


def least_cpu(cmd, repeats):
    best = None
    for _ in range(repeats):
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"failed: {' '.join(cmd)}")
        cpu = ru.ru_utime + ru.ru_stime
        best = cpu if best is None else min(best, cpu)
    return best


def perf_cpu(cmds, rounds):
    """CPU time (perf stat's task-clock: counted by the kernel at each switch, not sampled at the timer's tick as
    getrusage's may be) of each command: the median over `rounds` rounds of the mean of 5 runs, the commands taking
    turns within each round, so that a change in the machine's load falls on all of them alike."""
    seen = {i: [] for i in range(len(cmds))}
    for _ in range(rounds):
        for i, cmd in enumerate(cmds):
            r = subprocess.run(["perf", "stat", "-x,", "-r", "5", "-e", "task-clock"] + cmd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            ms = [float(l.split(",")[0]) for l in r.stderr.splitlines() if ",task-clock," in l]
            if r.returncode != 0 or not ms:
                sys.exit(f"failed: perf stat {' '.join(cmd)}")
            seen[i].append(ms[0] / 1000)
    return [statistics.median(seen[i]) for i in range(len(cmds))]


def instructions(cmd):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", r.stderr).group(1))


def in_process_instructions(bench, path):
    def run(n):
        return instructions([bench, path, str(n)])
    return (run(3) - run(1)) // 2


def in_process(bench, path, repeats):
    out = subprocess.run([bench, path, str(repeats)], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"best ([0-9.]+) ms", out).group(1)) / 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--awrdiff", required=True)
    ap.add_argument("--corpus", default=os.environ.get("AWRDIFF_CORPUS") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus"))
    ap.add_argument("--repeats", type=int, default=21)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--perf", action="store_true",
                    help="CPU time from perf stat (task-clock), in --repeats interleaved rounds, instead of getrusage")
    ap.add_argument("--bench", help="awrdiff_parse_bench, for the in-process figure")
    a = ap.parse_args()
    with open(os.path.join(a.corpus, "MANIFEST.tsv"), newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["kind"] in ("awr-text", "awr-html")]
    files = sorted((r["kind"], r["file"]) for r in rows if os.path.exists(os.path.join(a.corpus, r["file"])))
    res = {}
    cols = ["file", "KB", "CPU ms", "CPU us/KB"]
    if a.callgrind:
        cols += ["instructions M", "instr/byte"]
    if a.bench:
        cols += ["in-process ms", "in-process us/KB"]
    if a.bench and a.callgrind:
        cols += ["in-process instructions M", "in-process instr/byte"]
    cmds = [[a.awrdiff, "snapshot", os.path.join(a.corpus, name), "--format", "json"] for _, name in files]
    cpu_of = dict(zip((name for _, name in files), perf_cpu(cmds, a.repeats))) if a.perf else {}
    print("| " + " | ".join(cols) + " |")
    print("|---|" + "---:|" * (len(cols) - 1))
    for kind, name in files:
        path = os.path.join(a.corpus, name)
        size = os.path.getsize(path)
        cmd = [a.awrdiff, "snapshot", path, "--format", "json"]
        r = {"kind": kind, "bytes": size, "cpu": cpu_of[name] if a.perf else least_cpu(cmd, a.repeats)}
        line = [name, f"{size / 1024:.0f}", f"{r['cpu'] * 1e3:.2f}", f"{r['cpu'] * 1e6 / (size / 1024):.1f}"]
        if a.callgrind:
            r["ir"] = instructions(cmd)
            line += [f"{r['ir'] / 1e6:.1f}", f"{r['ir'] / size:.0f}"]
        if a.bench:
            r["inproc"] = in_process(a.bench, path, a.repeats)
            line += [f"{r['inproc'] * 1e3:.2f}", f"{r['inproc'] * 1e6 / (size / 1024):.1f}"]
        if a.bench and a.callgrind:
            r["inproc_ir"] = in_process_instructions(a.bench, path)
            line += [f"{r['inproc_ir'] / 1e6:.1f}", f"{r['inproc_ir'] / size:.0f}"]
        res[name] = r
        print("| " + " | ".join(line) + " |", flush=True)

    keys = ["cpu"] + (["ir"] if a.callgrind else []) + (["inproc"] if a.bench else []) + \
        (["inproc_ir"] if a.bench and a.callgrind else [])
    label = {"cpu": "CPU (whole process)", "ir": "instructions (whole process)", "inproc": "CPU in process",
             "inproc_ir": "instructions in process"}

    def per_byte(names, key):
        return sum(res[n][key] for n in names) / sum(res[n]["bytes"] for n in names)

    print()
    for t, h in PAIRS:
        if t in res and h in res:
            print(f"- {t} / {h}: " + ", ".join(
                f"{label[k]} {per_byte([t], k) / per_byte([h], k):.2f}x per byte" for k in keys))
    texts = [n for n, r in res.items() if r["kind"] == "awr-text"]
    htmls = [n for n, r in res.items() if r["kind"] == "awr-html"]
    if texts and htmls:
        print(f"- all {len(texts)} AWR text / all {len(htmls)} AWR HTML reports: " + ", ".join(
            f"{label[k]} {per_byte(texts, k) / per_byte(htmls, k):.2f}x per byte" for k in keys))


if __name__ == "__main__":
    main()
