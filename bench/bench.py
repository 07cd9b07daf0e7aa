#!/usr/bin/env python3
"""Times awrdiff against the ways AWR reports are read today; called by bench/run.sh.

For every AWR instance (HTML, text), AWR RAC global (HTML) and Statspack report of the corpus (MANIFEST.tsv), runs each command several times and
keeps the median wall time, the least CPU time (user + sys; other load on the machine only ever adds
to it, so the least of several runs is the command's own cost, for every command alike) and the peak
RSS (the figure /usr/bin/time -v prints as "Maximum resident set size"):
  awrdiff   awrdiff snapshot FILE --format json
  python    python3 bench/bs4_extract.py FILE             (BeautifulSoup for HTML, regexes for text)
  pugixml   bench_pugixml FILE   (bare parse; well-formed files only)
  gumbo     bench_gumbo FILE     (bare HTML5 parse)
Prints a Markdown table with the ratios and checks the targets.
"""
import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time


def peak_rss_kb(cmd):
    """Peak RSS as /usr/bin/time -v reports it (getrusage of a forked Python would count the
    interpreter's own pages before exec)."""
    if not os.path.exists("/usr/bin/time"):
        return 0
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", f.name] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return int(f.read().split()[-1])


def run(cmd, repeats):
    walls, cpus, ok = [], [], True
    for _ in range(repeats):
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        walls.append(time.perf_counter() - t0)
        cpus.append(ru.ru_utime + ru.ru_stime)
        ok = ok and os.waitstatus_to_exitcode(status) == 0
    return {"wall": statistics.median(walls), "cpu": min(cpus), "cpu_median": statistics.median(cpus), "ok": ok}


def ms(x):
    return f"{x * 1000:.1f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--awrdiff", required=True)
    ap.add_argument("--bindir", required=True, help="directory of bench_pugixml, bench_gumbo, awrdiff_parse_bench")
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--py-repeats", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="only the first N files (0: all)")
    a = ap.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(a.corpus, "MANIFEST.tsv"), newline="") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["kind"] in ("awr-html", "awr-rac-html", "awr-text", "statspack")]
    files = sorted((r["kind"], r["file"]) for r in rows if os.path.exists(os.path.join(a.corpus, r["file"])))
    if a.limit:
        files = files[: a.limit]
    pug = os.path.join(a.bindir, "bench_pugixml")
    gum = os.path.join(a.bindir, "bench_gumbo")
    have_gumbo = os.path.exists(gum)
    try:
        import bs4  # noqa: F401
        have_bs4 = True
    except ImportError:
        have_bs4 = False
        print("python3-bs4 not installed: HTML files are timed without the BeautifulSoup baseline", file=sys.stderr)

    print("| file | KB | awrdiff wall ms | awrdiff CPU ms | awrdiff CPU ms (median) | peak RSS MB | Python CPU ms | Python / awrdiff | pugixml CPU ms | gumbo CPU ms | awrdiff / bare |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    worst_py, worst_txt, worst_bare, worst_mem = None, None, None, None
    for kind, name in files:
        path = os.path.join(a.corpus, name)
        size = os.path.getsize(path)
        me = run([a.awrdiff, "snapshot", path, "--format", "json"], a.repeats)
        html = kind.endswith("html")
        py = run([sys.executable, os.path.join(here, "bs4_extract.py"), path], a.py_repeats) if (have_bs4 or not html) else None
        pg = run([pug, path], a.repeats) if html else None
        gb = run([gum, path], a.repeats) if html and have_gumbo else None
        # Ratios on the least CPU time (user + sys) of the runs: stable on a shared machine, unlike
        # wall time or a median, which load from other work moves for short commands. The bare
        # baseline is pugixml where it accepts the file, else gumbo (what could read it at all).
        bare = pg["cpu"] if pg and pg["ok"] else (gb["cpu"] if gb else None)
        r_py = py["cpu"] / me["cpu"] if py else None
        r_bare = me["cpu"] / bare if bare else None
        mem_mb = peak_rss_kb([a.awrdiff, "snapshot", path, "--format", "json"]) / 1024
        limit_mb = 3 * size / 2**20 + 30
        if r_py is not None and html and (worst_py is None or r_py < worst_py[0]):
            worst_py = (r_py, name)
        if r_py is not None and not html and (worst_txt is None or r_py < worst_txt[0]):
            worst_txt = (r_py, name)
        if r_bare is not None and (worst_bare is None or r_bare > worst_bare[0]):
            worst_bare = (r_bare, name)
        if worst_mem is None or mem_mb / limit_mb > worst_mem[0]:
            worst_mem = (mem_mb / limit_mb, name, mem_mb, limit_mb)
        print(f"| {name}{'' if me['ok'] else ' (error)'} | {size // 1024} | {ms(me['wall'])} | {ms(me['cpu'])} | {ms(me['cpu_median'])} | {mem_mb:.1f} | "
              f"{ms(py['cpu']) if py else '-'} | {f'{r_py:.0f}x' if r_py else '-'} | "
              f"{ms(pg['cpu']) + ('' if pg['ok'] else ' (rejects)') if pg else '-'} | {ms(gb['cpu']) if gb else '-'} | "
              f"{f'{r_bare:.2f}' if r_bare else '-'} |", flush=True)
    print()
    if worst_py:
        print(f"- HTML: slowest speed-up over Python + BeautifulSoup: {worst_py[0]:.0f}x ({worst_py[1]}); target >= 50x: "
              f"{'met' if worst_py[0] >= 50 else 'MISSED'}")
    if worst_txt:
        print(f"- text: slowest speed-up over Python line-by-line regexes: {worst_txt[0]:.1f}x ({worst_txt[1]}) "
              f"(no BeautifulSoup for text; shown for reference)")
    if worst_bare:
        print(f"- largest awrdiff / bare-parse ratio: {worst_bare[0]:.2f} ({worst_bare[1]}); target <= 3: "
              f"{'met' if worst_bare[0] <= 3 else 'MISSED'}")
    if worst_mem:
        print(f"- peak RSS closest to the limit: {worst_mem[2]:.1f} MB vs 3 x input + 30 MB = {worst_mem[3]:.1f} MB "
              f"({worst_mem[1]}); target: {'met' if worst_mem[0] <= 1 else 'MISSED'}")
    # CPU for about 1 MB of well-formed HTML, in-process (no process start-up).
    bench = os.path.join(a.bindir, "awrdiff_parse_bench")
    wf = [(abs(os.path.getsize(os.path.join(a.corpus, n)) - 10**6), n) for k, n in files
          if k == "awr-html" and subprocess.run([pug, os.path.join(a.corpus, n)], stdout=subprocess.DEVNULL).returncode == 0]
    if wf and os.path.exists(bench):
        n = min(wf)[1]
        out = subprocess.run([bench, os.path.join(a.corpus, n), "30"], capture_output=True, text=True).stdout.strip()
        print(f"- in-process CPU for the well-formed HTML report nearest 1 MB ({n}): {out}; target < 10 ms")


if __name__ == "__main__":
    main()
