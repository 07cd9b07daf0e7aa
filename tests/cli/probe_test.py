#!/usr/bin/env python3
"""The hostile-input probe, kept: mutants of samples/bad.txt (a 4.4x regression of DB time per second against the
baseline of samples/good*.txt) checked with `awrdiff check -q`, as a cron job would.

Classes (docs/robustness.md, "The probe"):
  truncation     the report cut at every section boundary (its header, with DB Time and Elapsed, always kept);
  duplicate      each section printed a second time: the same copy, or good.txt's copy (other figures);
  number         the figures a report states twice (DB Time, Elapsed, DB time and DB CPU of the Time Model, the
                 Load Profile's DB Time(s)) replaced by 0, -0, 1e-308, 1.797e308, 1e300, -1, NaN, a cut figure;
  contradiction  two of those figures changed together, so that they outvote the third.

Every mutant still holds the regression, so the only right outcomes are exit 1 (it fails) or exit 2 (the report is
refused with a one-line reason). A crash (any other exit, a signal), a hang (over the timeout) or an exit 0 (a pass on
a real regression) is a finding. Prints one line of counts; exits 1 on any finding.

Usage: probe_test.py AWRDIFF SOURCE_DIR [--timeout S]
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

TITLE = re.compile(r"DB/Inst:|^(Load Profile|Instance Efficiency|Top 10 Foreground|Wait Classes by|Host CPU|Instance CPU)")


def sections(lines):
    """(start, end) line ranges of the report's sections after its header, by their title lines."""
    starts = [i for i, l in enumerate(lines) if TITLE.search(l) and not l.startswith(" ")]
    return [(s, (starts[k + 1] if k + 1 < len(starts) else len(lines))) for k, s in enumerate(starts)]


def replace_figure(lines, pattern, value):
    """lines with the figure matched by `pattern` (a regex with one group: the figure) replaced by `value`, right
    aligned in the figure's width when it fits (a text report's column), else as is; None when nothing matches."""
    out, done = [], False
    rx = re.compile(pattern)
    for l in lines:
        m = rx.search(l) if not done else None
        if m:
            old = m.group(1)
            new = value.rjust(len(old)) if len(value) <= len(old) else value
            l = l[: m.start(1)] + new + l[m.end(1):]
            done = True
        out.append(l)
    return out if done else None


# The figures a report states twice, each as a regex whose group is the figure (samples/bad.txt's layout).
FIGURES = {
    "header DB Time": r"^   DB Time: +([0-9.,]+)",
    "Elapsed": r"^   Elapsed: +([0-9.,]+)",
    "Load Profile DB Time(s)": r"^ +DB Time\(s\): +([0-9.,]+)",
    "Load Profile DB CPU(s)": r"^ +DB CPU\(s\): +([0-9.,]+)",
    "Time Model DB time": r"^DB time {20,}([0-9.,]+)\s*$",
    "Time Model DB CPU": r"^DB CPU {20,}([0-9.,]+) ",
}
VALUES = ["0.0", "-0", "1e-308", "1.797e308", "1e300", "-1.0", "NaN", "1.797e"]


def mutants(bad, good):
    out = []
    for s, _ in sections(bad):
        out.append((f"truncation before line {s + 1} ({bad[s].strip()[:40]})", bad[:s]))
    good_sections = {good[s].split("DB/Inst:")[0].strip(): (s, e) for s, e in sections(good)}
    for s, e in sections(bad):
        title = bad[s].split("DB/Inst:")[0].strip()
        out.append((f"duplicate {title}: the same copy", bad + bad[s:e]))
        if title in good_sections:
            gs, ge = good_sections[title]
            out.append((f"duplicate {title}: good.txt's copy", bad + good[gs:ge]))
    for name, rx in FIGURES.items():
        for v in VALUES:
            m = replace_figure(bad, rx, v)
            if m is not None:
                out.append((f"number {name} = {v}", m))
    # Two figures that agree against the third.
    pairs = [("Time Model DB time", "Load Profile DB Time(s)", "0.0"), ("Time Model DB time", "Load Profile DB Time(s)", "1e300"),
             ("header DB Time", "Load Profile DB Time(s)", "0.0"), ("header DB Time", "Time Model DB time", "0.0"),
             ("Elapsed", "Load Profile DB Time(s)", "1e300")]
    for a, b, v in pairs:
        m = replace_figure(bad, FIGURES[a], v)
        m = replace_figure(m, FIGURES[b], v) if m is not None else None
        if m is not None:
            out.append((f"contradiction {a} and {b} = {v}", m))
    return out


def run(binary, baseline, path, timeout):
    try:
        p = subprocess.run([binary, "check", "-q", "--baseline", baseline, path], capture_output=True, text=True,
                           timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired:
        return "hang", ""
    if p.returncode in (1, 2):
        if p.returncode == 2 and len(p.stderr.strip().splitlines()) != 1:
            return "error of more than one line", p.stderr
        return None, ""
    if p.returncode == 0:
        return "pass on a regression", p.stdout
    return f"crash (exit {p.returncode})", p.stderr


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    binary, source = sys.argv[1], sys.argv[2]
    timeout = float(sys.argv[sys.argv.index("--timeout") + 1]) if "--timeout" in sys.argv else 30.0
    samples = os.path.join(source, "samples")
    read = lambda f: open(os.path.join(samples, f), encoding="utf-8").read().split("\n")
    bad, good = read("bad.txt"), read("good.txt")
    with tempfile.TemporaryDirectory() as tmp:
        baseline = os.path.join(tmp, "n.json")
        subprocess.run([binary, "baseline", "save"] + [os.path.join(samples, f"good{x}.txt") for x in ["", "_1", "_2", "_3", "_4"]]
                       + ["-o", baseline], check=True, capture_output=True)
        cases = mutants(bad, good)
        paths = []
        for k, (name, lines) in enumerate(cases):
            path = os.path.join(tmp, f"m{k}.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))
            paths.append(path)
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda p: run(binary, baseline, p, timeout), paths))
    counts = {"crash": 0, "hang": 0, "pass on a regression": 0, "other": 0}
    for (name, _), (finding, text) in zip(cases, results):
        if finding is None:
            continue
        key = "crash" if finding.startswith("crash") else finding if finding in counts else "other"
        counts[key] += 1
        first = text.strip().splitlines()[0] if text.strip() else ""
        print(f"FAIL: {name}: {finding}: {first[:200]}")
    print(f"probe: {len(cases)} cases, {counts['crash']} crashes, {counts['hang']} hangs, "
          f"{counts['pass on a regression']} silent passes, {counts['other']} other findings")
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
