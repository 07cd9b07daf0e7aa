#!/usr/bin/env python3
"""Survey the report sections of a corpus of AWR reports.

For every AWR instance report (kinds awr-html and awr-text) listed in CORPUS/MANIFEST.tsv, runs
`awrdiff tables FILE` and collects each table's title, HTML summary= attribute and the catalog key
it was matched to. Prints a Markdown table: one line per distinct (catalog key, title, summary),
with the number of files it occurs in and the releases. Sections the catalog does not know are
listed first.

Usage: scripts/survey_sections.py [--awrdiff build/awrdiff] [--corpus ../shared/corpus] [--unknown-only]
"""
import argparse
import collections
import csv
import os
import re
import subprocess
import sys

HEAD = re.compile(r"^\[(?P<key>[^\]]+)\] '(?P<title>.*)' line (?P<line>\d+) rows (?P<rows>\d+)$")
SUMMARY = re.compile(r"^\s+summary '(?P<summary>.*)'$")


def tables(awrdiff, path):
    out = subprocess.run([awrdiff, "tables", path], capture_output=True, text=True, errors="replace")
    found = []
    for line in out.stdout.splitlines():
        m = HEAD.match(line)
        if m:
            found.append({"key": m["key"], "title": m["title"], "summary": "", "rows": int(m["rows"])})
            continue
        m = SUMMARY.match(line)
        if m and found:
            found[-1]["summary"] = m["summary"]
    return found


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--awrdiff", default=os.path.join(here, "..", "build", "awrdiff"))
    ap.add_argument("--corpus", default=os.environ.get("AWRDIFF_CORPUS") or os.path.join(here, "..", "..", "shared", "corpus"))
    ap.add_argument("--unknown-only", action="store_true", help="list only sections the catalog does not know")
    args = ap.parse_args()
    manifest = os.path.join(args.corpus, "MANIFEST.tsv")
    if not os.path.exists(manifest):
        sys.exit(f"survey_sections: no {manifest}")
    seen = collections.defaultdict(lambda: {"files": set(), "releases": set()})
    with open(manifest, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["kind"] not in ("awr-html", "awr-text"):
                continue
            for t in tables(args.awrdiff, os.path.join(args.corpus, row["file"])):
                if t["key"] == "unknown" and not t["title"]:
                    t["title"] = "(untitled)"
                t["title"] = re.split(r"\s*DB/Inst", t["title"])[0]
                summary = t["summary"][:90]
                k = (t["key"], t["title"], summary, row["kind"].split("-")[1])
                seen[k]["files"].add(row["file"])
                seen[k]["releases"].add(row["oracle_version"].split(" ")[0][:4])
    print("| catalog key | title | summary= (first 90 chars) | format | files | releases |")
    print("|---|---|---|---|---|---|")
    for k in sorted(seen, key=lambda k: (k[0] != "unknown", k[0], k[1], k[3])):
        if args.unknown_only and k[0] != "unknown":
            continue
        v = seen[k]
        cells = [k[0], k[1], k[2], k[3], str(len(v["files"])), ", ".join(sorted(v["releases"]))]
        print("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")


if __name__ == "__main__":
    main()
