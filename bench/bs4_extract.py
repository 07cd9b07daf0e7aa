#!/usr/bin/env python3
"""The baseline: how AWR reports are commonly scripted today, with Python and BeautifulSoup.

Takes the same fields awrdiff's snapshot has (header, elapsed, DB time, load profile, top events,
time model, top SQL) and prints them as JSON. HTML is read with BeautifulSoup (html.parser, the
default that needs nothing else; --parser lxml to use lxml); text reports with the usual
line-by-line regular expressions.
    python3 bench/bs4_extract.py REPORT [--parser html.parser|lxml]
"""
import json
import re
import sys


def num(s):
    s = (s or "").replace(",", "").replace("\xa0", " ").strip()
    try:
        return float(s)
    except ValueError:
        return None


def minutes(s):
    m = re.search(r"([\d,.]+)\s*\(mins\)", s or "")
    return num(m.group(1)) if m else None


def table_rows(table):
    rows = []
    for tr in table.find_all("tr"):
        cells = [c.get_text(" ", strip=True) for c in tr.find_all(["td", "th"])]
        if cells:
            rows.append(cells)
    return rows


def by_summary(soup, text):
    return [t for t in soup.find_all("table") if text in (t.get("summary") or "")]


def from_html(data, parser):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(data, parser)
    out = {"header": {}, "load_profile": {}, "top_events": [], "time_model": {}, "top_sql": []}
    for t in by_summary(soup, "database instance information")[:1]:
        rows = table_rows(t)
        if len(rows) >= 2:
            out["header"].update(dict(zip(rows[0], rows[1])))
    for t in by_summary(soup, "host information")[:1]:
        rows = table_rows(t)
        if len(rows) >= 2:
            out["header"].update(dict(zip(rows[0], rows[1])))
    for t in by_summary(soup, "snapshot information")[:1]:
        for r in table_rows(t):
            if r and r[0].startswith("Elapsed"):
                out["elapsed_min"] = minutes(" ".join(r))
            if r and r[0].startswith("DB Time"):
                out["db_time_min"] = minutes(" ".join(r))
    for t in by_summary(soup, "load profile")[:1]:
        for r in table_rows(t)[1:]:
            out["load_profile"][r[0].rstrip(":")] = [num(c) for c in r[1:]]
    events = by_summary(soup, "top 10 wait events") or by_summary(soup, "Top 10 Foreground Events") or \
        by_summary(soup, "top 5 timed events") or by_summary(soup, "Foreground Wait Events")
    for t in events[:1]:
        rows = table_rows(t)
        for r in rows[1:]:
            out["top_events"].append({"event": r[0], "values": [num(c) for c in r[1:]]})
    for t in by_summary(soup, "time model")[:1]:
        for r in table_rows(t)[1:]:
            out["time_model"][r[0]] = num(r[1]) if len(r) > 1 else None
    for t in by_summary(soup, "SQL ordered by Elapsed")[:1] or by_summary(soup, "top SQL by elapsed time")[:1]:
        rows = table_rows(t)
        for r in rows[1:]:
            sql_id = next((c for c in r if re.fullmatch(r"[0-9a-z]{13}", c)), None)
            out["top_sql"].append({"sql_id": sql_id, "elapsed_s": num(r[0])})
    return out


def from_text(data):
    lines = data.splitlines()
    out = {"header": {}, "load_profile": {}, "top_events": [], "time_model": {}, "top_sql": []}
    section = None
    for i, line in enumerate(lines):
        if re.match(r"^\s*Elapsed:", line):
            out["elapsed_min"] = minutes(line)
        elif re.match(r"^\s*DB Time:", line):
            out["db_time_min"] = minutes(line)
        elif line.startswith("DB Name") and i + 2 < len(lines):
            out["header"]["db"] = lines[i + 2].split()
        elif line.startswith("Load Profile"):
            section = "lp"
        elif re.match(r"^Top \d+ (Foreground Events|Timed Events)", line):
            section = "ev"
        elif line.startswith("Time Model Statistics"):
            section = "tm"
        elif line.startswith("SQL ordered by Elapsed Time"):
            section = "sql"
        elif line.strip() == "" and section in ("lp",):
            section = None
        elif section == "lp":
            m = re.match(r"^\s*(.+?):\s+([\d,.]+)\s+([\d,.]+)?", line)
            if m:
                out["load_profile"][m.group(1)] = [num(m.group(2)), num(m.group(3))]
        elif section == "ev":
            m = re.match(r"^(.+?)\s{2,}([\d,.]+[KMG]?)\s+([\d,.]+)", line)
            if m and not line.startswith("-"):
                out["top_events"].append({"event": m.group(1).strip(), "waits": m.group(2), "time_s": num(m.group(3))})
            if line.startswith("Wait Classes"):
                section = None
        elif section == "tm":
            m = re.match(r"^(.+?)\s{2,}([\d,.]+)\s+([\d,.]+)", line)
            if m:
                out["time_model"][m.group(1).strip()] = num(m.group(2))
        elif section == "sql":
            m = re.match(r"^\s*([\d,.]+)\s+([\d,.]+)\s+.*\s([0-9a-z]{13})\s*$", line)
            if m:
                out["top_sql"].append({"sql_id": m.group(3), "elapsed_s": num(m.group(1))})
            elif line.startswith("SQL ordered by CPU"):
                section = None
    return out


def main():
    path = sys.argv[1]
    parser = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--parser" else "html.parser"
    with open(path, "rb") as f:
        data = f.read().decode("utf-8", errors="replace")
    out = from_html(data, parser) if "<table" in data[:200000].lower() else from_text(data)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
