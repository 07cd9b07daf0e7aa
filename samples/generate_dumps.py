#!/usr/bin/env python3
"""Writes the sample Oracle metric dumps of samples/ (see docs/baseline-dumps.md).

The database is the one of the sample reports (samples/README.md): ORCL19, DB Id 1234567890,
instance 1, 19c. Every figure comes from the text reports good.txt and good_1.txt ... good_4.txt
(the Case 1 workload at 14:00 on five days): their Instance Activity Stats totals, time model and
header, divided by the elapsed seconds between their snap times. The spread within a period
(minimum, maximum, standard deviation of the 60-second metric values) is made up, drawn from
random.Random with a fixed seed, so every run writes the same bytes. Python 3 standard library only.

Files written:
  baseline_metric_select.lst          SELECT * FROM TABLE(DBMS_WORKLOAD_REPOSITORY.SELECT_BASELINE_METRIC(...))
                                      in SQL*Plus, LINESIZE wide enough, default DD-MON-RR dates
  baseline_metric_select_wrapped.lst  the same query with LINESIZE 80 and PAGESIZE 50: each row wraps onto
                                      five lines, headings repeat on every page; dates with their time
  baseline_metric_select.csv          the same query with SET MARKUP CSV ON
  sysmetric_summary.csv               the DBA_HIST_SYSMETRIC_SUMMARY query of docs/baseline-dumps.md, SET MARKUP CSV ON
  sysmetric_summary.lst               the same query with COLSEP '|' (for SQL*Plus before 12.2)

    python3 samples/generate_dumps.py        # rewrites them, one summary line per file
    python3 samples/generate_dumps.py -q     # the same, silently
"""

import datetime
import decimal
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

DBID = 1234567890
INSTANCE = 1
BASELINE = "CASE1_MAR14_1400"  # a static baseline over good's snapshots 4410-4411
PERIODS = ["good", "good_1", "good_2", "good_3", "good_4"]

# METRIC_ID, METRIC_NAME, METRIC_UNIT as V$METRICNAME lists them (group 2, System Metrics Long Duration).
METRICS = [
    (2000, "Buffer Cache Hit Ratio", "% (LogRead - PhyRead)/LogRead"),
    (2003, "Redo Generated Per Sec", "Bytes Per Second"),
    (2004, "Physical Reads Per Sec", "Reads Per Second"),
    (2006, "Physical Writes Per Sec", "Writes Per Second"),
    (2008, "Physical Reads Direct Per Sec", "Reads Per Second"),
    (2016, "Redo Writes Per Sec", "Writes Per Second"),
    (2018, "Logons Per Sec", "Logons Per Second"),
    (2022, "User Commits Per Sec", "Commits Per Second"),
    (2024, "User Rollbacks Per Sec", "Rollbacks Per Second"),
    (2026, "User Calls Per Sec", "Calls Per Second"),
    (2030, "Logical Reads Per Sec", "Reads Per Second"),
    (2032, "Open Cursors Per Sec", "Cursors Per Second"),
    (2040, "Long Table Scans Per Sec", "Scans Per Second"),
    (2044, "Total Parse Count Per Sec", "Parses Per Second"),
    (2046, "Hard Parse Count Per Sec", "Parses Per Second"),
    (2050, "Cursor Cache Hit Ratio", "% CursorCacheHit/SoftParse"),
    (2052, "Execute Without Parse Ratio", "% (ExecWOParse/TotalExec)"),
    (2054, "Soft Parse Ratio", "% SoftParses/TotalParses"),
    (2057, "Host CPU Utilization (%)", "% Busy/(Idle+Busy)"),
    (2058, "Network Traffic Volume Per Sec", "Bytes Per Second"),
    (2060, "Enqueue Requests Per Sec", "Requests Per Second"),
    (2066, "DB Block Gets Per Sec", "Blocks Per Second"),
    (2070, "Consistent Read Gets Per Sec", "Blocks Per Second"),
    (2074, "DB Block Changes Per Sec", "Blocks Per Second"),
    (2075, "CPU Usage Per Sec", "CentiSeconds Per Second"),
    (2103, "Current Logons Count", "Logons"),
    (2106, "SQL Service Response Time", "CentiSeconds Per Call"),
    (2107, "Database Wait Time Ratio", "% Wait/DB_Time"),
    (2108, "Database CPU Time Ratio", "% Cpu/DB_Time"),
    (2109, "Response Time Per Txn", "CentiSeconds Per Txn"),
    (2121, "Executions Per Sec", "Executes Per Second"),
    (2123, "Database Time Per Sec", "CentiSeconds Per Second"),
    (2143, "Session Count", "Sessions"),
    (2144, "Average Synchronous Single-Block Read Latency", "Milliseconds"),
    (2145, "I/O Megabytes per Second", "Megabtyes per Second"),
    (2146, "I/O Requests per Second", "Requests per Second"),
    (2147, "Average Active Sessions", "Active Sessions"),
    (2153, "Background CPU Usage Per Sec", "CentiSeconds Per Second"),
    (2155, "Host CPU Usage Per Sec", "CentiSeconds Per Second"),
    (2159, "User Transaction Per Sec", "Transactions Per Second"),
    (2161, "Physical Read Total IO Requests Per Sec", "Requests Per Second"),
    (2163, "Physical Read Total Bytes Per Sec", "Bytes Per Second"),
    (2165, "Physical Write Total IO Requests Per Sec", "Requests Per Second"),
    (2167, "Physical Write Total Bytes Per Sec", "Bytes Per Second"),
    (2172, "Background Time Per Sec", "Active Sessions"),
    (2176, "Physical Read IO Requests Per Sec", "Requests Per Second"),
    (2177, "Physical Read Bytes Per Sec", "Bytes Per Second"),
    (2178, "Physical Write IO Requests Per Sec", "Requests Per Second"),
    (2179, "Physical Write Bytes Per Sec", "Bytes Per Second"),
]

# How far the 60-second values of a metric stray from its average within a period, as a fraction
# (metrics that follow the driver's runs are spiky, counts of sessions barely move).
SPREAD = {
    "Current Logons Count": 0.03, "Session Count": 0.03, "Buffer Cache Hit Ratio": 0.02,
    "Cursor Cache Hit Ratio": 0.05, "Execute Without Parse Ratio": 0.08, "Soft Parse Ratio": 0.08,
    "Database Wait Time Ratio": 0.10, "Database CPU Time Ratio": 0.25, "Host CPU Utilization (%)": 0.5,
    "Average Synchronous Single-Block Read Latency": 0.3, "Logons Per Sec": 1.0,
    "Long Table Scans Per Sec": 1.0, "User Rollbacks Per Sec": 0.0,
}
DEFAULT_SPREAD = 0.6


def read_report(name):
    """The figures of one sample text report: snap times, elapsed seconds and per-second rates."""
    with open(os.path.join(HERE, name + ".txt"), encoding="utf-8") as f:
        text = f.read()
    snaps = re.findall(r"(?:Begin|End) Snap:\s+(\d+) (\d\d-\w\w\w-\d\d \d\d:\d\d:\d\d)\s+(\d+)", text)
    (b_id, b_time, b_sess), (e_id, e_time, e_sess) = snaps
    fmt = "%d-%b-%y %H:%M:%S"
    begin = datetime.datetime.strptime(b_time, fmt)
    end = datetime.datetime.strptime(e_time, fmt)
    elapsed = (end - begin).total_seconds()

    def stat(name):
        m = re.search(r"^" + re.escape(name) + r"\s+([\d,]+)\s+[\d,.]+\s+[\d,.]+$", text, re.M)
        if not m:
            raise SystemExit(f"generate_dumps.py: {name!r} missing from samples/{name}.txt")
        return float(m.group(1).replace(",", ""))

    def model(name):
        m = re.search(r"^" + re.escape(name) + r"\s+([\d.]+)", text, re.M)
        return float(m.group(1))

    host = re.search(r"^\s+8\s+4\s+1\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)$", text, re.M)
    r = {}
    r["begin"], r["end"], r["elapsed"] = begin, end, elapsed
    r["begin_snap"], r["end_snap"] = int(b_id), int(e_id)
    r["sessions"] = (int(b_sess) + int(e_sess)) / 2
    db_time, db_cpu = model("DB time"), model("DB CPU")
    bg_elapsed = model("background elapsed time")
    calls, txns = stat("user calls"), stat("user commits") + stat("user rollbacks")
    execs, parses, hard = stat("execute count"), stat("parse count (total)"), stat("parse count (hard)")
    gets, block_gets = stat("session logical reads"), stat("db block gets")
    reads, read_req, read_total_req = stat("physical reads"), stat("physical read IO requests"), stat("physical read total IO requests")
    write_req, write_total_req = stat("physical write IO requests"), stat("physical write total IO requests")
    read_bytes, write_bytes, redo = stat("physical read bytes"), stat("physical write bytes"), stat("redo size")
    # Total bytes add control file and redo I/O (8 KB per request beyond the data file requests, and the redo).
    read_total_bytes = read_bytes + 8192 * (read_total_req - read_req)
    write_total_bytes = write_bytes + 8192 * (write_total_req - write_req) + redo
    s = elapsed
    busy = float(host.group(1)) + float(host.group(2))  # %User + %System
    rates = {
        "Redo Generated Per Sec": redo / s,
        "Physical Reads Per Sec": reads / s,
        "Physical Writes Per Sec": stat("physical writes") / s,
        "Physical Reads Direct Per Sec": stat("physical reads direct") / s,
        "Redo Writes Per Sec": stat("redo writes") / s,
        "Logons Per Sec": stat("logons cumulative") / s,
        "User Commits Per Sec": stat("user commits") / s,
        "User Rollbacks Per Sec": stat("user rollbacks") / s,
        "User Calls Per Sec": calls / s,
        "Logical Reads Per Sec": gets / s,
        "Open Cursors Per Sec": stat("opened cursors cumulative") / s,
        "Long Table Scans Per Sec": stat("table scans (long tables)") / s,
        "Total Parse Count Per Sec": parses / s,
        "Hard Parse Count Per Sec": hard / s,
        "Buffer Cache Hit Ratio": 100.0 * (1 - (reads - stat("physical reads direct")) / gets),
        "Cursor Cache Hit Ratio": 100.0 * stat("session cursor cache hits") / max(parses - hard, 1),
        "Execute Without Parse Ratio": 100.0 * (1 - parses / execs),
        "Soft Parse Ratio": 100.0 * (1 - hard / parses),
        "Host CPU Utilization (%)": busy,
        "Network Traffic Volume Per Sec": (stat("bytes received via SQL*Net from") + stat("bytes sent via SQL*Net to client")) / s,
        "Enqueue Requests Per Sec": stat("enqueue requests") / s,
        "DB Block Gets Per Sec": block_gets / s,
        "Consistent Read Gets Per Sec": stat("consistent gets") / s,
        "DB Block Changes Per Sec": stat("db block changes") / s,
        "CPU Usage Per Sec": 100.0 * db_cpu / s,
        "Current Logons Count": r["sessions"] - 3,
        "SQL Service Response Time": 100.0 * db_time / calls,
        "Database Wait Time Ratio": 100.0 * (1 - db_cpu / db_time),
        "Database CPU Time Ratio": 100.0 * db_cpu / db_time,
        "Response Time Per Txn": 100.0 * db_time / txns,
        "Executions Per Sec": execs / s,
        "Database Time Per Sec": 100.0 * db_time / s,
        "Session Count": r["sessions"] + 9,
        "Average Synchronous Single-Block Read Latency": read_latency_ms(text),
        "I/O Megabytes per Second": (read_total_bytes + write_total_bytes) / s / 1048576,
        "I/O Requests per Second": (read_total_req + write_total_req) / s,
        "Average Active Sessions": db_time / s,
        "Background CPU Usage Per Sec": 100.0 * model("background cpu time") / s,
        "Host CPU Usage Per Sec": busy * 8,  # 8 CPUs: busy % x 8 = centiseconds of CPU per second
        "User Transaction Per Sec": txns / s,
        "Physical Read Total IO Requests Per Sec": read_total_req / s,
        "Physical Read Total Bytes Per Sec": read_total_bytes / s,
        "Physical Write Total IO Requests Per Sec": write_total_req / s,
        "Physical Write Total Bytes Per Sec": write_total_bytes / s,
        "Background Time Per Sec": bg_elapsed / s,
        "Physical Read IO Requests Per Sec": read_req / s,
        "Physical Read Bytes Per Sec": read_bytes / s,
        "Physical Write IO Requests Per Sec": write_req / s,
        "Physical Write Bytes Per Sec": write_bytes / s,
    }
    r["rates"] = rates
    return r


def read_latency_ms(text):
    m = re.search(r"^db file sequential read\s+[\d,]+\s+[\d.]+\s+([\d.]+)(us|ms)", text, re.M)
    v = float(m.group(1))
    return v / 1000 if m.group(2) == "us" else v


def spread_of(rng, name, average, minutes):
    """Minimum, maximum and standard deviation of `minutes` 60-second values around `average`."""
    f = SPREAD.get(name, DEFAULT_SPREAD)
    if average == 0 or f == 0:
        return 0.0, average, 0.0
    lo = average * (1 - f * rng.uniform(0.6, 1.0))
    hi = average * (1 + f * rng.uniform(1.0, 2.5))
    if name.endswith("Ratio") or name.startswith("Host CPU Utilization") or "Hit" in name:
        hi = min(hi, 100.0)
    lo = max(lo, 0.0)
    sd = (hi - lo) / 4 * rng.uniform(0.8, 1.2)
    return lo, hi, sd


def sig(v, digits=15):
    """A number as Oracle prints NUMBER values computed by AVG(): up to `digits` significant digits."""
    return float(f"{v:.{digits}g}")


# ---------------------------------------------------------------------------------------------
# SQL*Plus output

def sqlplus_number(v, width=10):
    """A NUMBER as SQL*Plus prints it under NUMWIDTH `width`: as many significant digits as fit (at
    most 15 here, what the figures carry), no leading zero before the point, trailing zeros dropped,
    scientific notation when the integer part does not fit."""
    if v == 0:
        return "0"
    neg = v < 0
    a = abs(v)
    room = width - (1 if neg else 0)
    for k in range(15, 0, -1):
        s = format(decimal.Decimal(f"{a:.{k}g}"), "f")
        if "." in s:
            s = s.rstrip("0").rstrip(".")
        if s.startswith("0."):
            s = s[1:]
        if len(s) <= room and s not in ("", "0"):
            if k >= 2 or a >= 1:
                return ("-" if neg else "") + s
            break
    # 1.2914E+10
    for k in range(room - 6, -1, -1):
        s = f"{a:.{k}E}"
        mant, exp = s.split("E")
        if "." in mant:
            mant = mant.rstrip("0").rstrip(".")
        e = int(exp)
        s = f"{mant}E{'+' if e >= 0 else '-'}{abs(e):02d}"
        if len(s) <= room:
            return ("-" if neg else "") + s
    return "#" * width


def date_text(d, fmt):
    if fmt == "DD-MON-RR":
        return d.strftime("%d-%b-%y").upper()
    if fmt == "DD-MON-RR HH24:MI:SS":
        return d.strftime("%d-%b-%y %H:%M:%S").upper()
    if fmt == "DD-MON-YYYY HH24:MI:SS":
        return d.strftime("%d-%b-%Y %H:%M:%S").upper()
    raise ValueError(fmt)


class Column:
    def __init__(self, name, kind, width):
        self.name, self.kind, self.width = name, kind, width  # kind: "number", "text", "date"

    def cell(self, value):
        text = value if isinstance(value, str) else sqlplus_number(value, self.width)
        return text.rjust(self.width) if self.kind == "number" else text.ljust(self.width)[: self.width]

    def heading(self):
        return self.name.rjust(self.width) if self.kind == "number" else self.name.ljust(self.width)[: self.width]


def wrap_columns(columns, linesize):
    """SQL*Plus with WRAP ON and a row wider than LINESIZE: columns go on a line while they fit."""
    lines, current, used = [], [], 0
    for c in columns:
        need = c.width + (1 if current else 0)
        if current and used + need > linesize:
            lines.append(current)
            current, used = [], 0
            need = c.width
        current.append(c)
        used += need
    if current:
        lines.append(current)
    return lines


def fixed_width_spool(columns, rows, linesize, pagesize, colsep=" "):
    """SQL*Plus output with headings, underlines, page breaks (NEWPAGE 1) and, for wrapped rows,
    a blank line after each row (RECSEP WRAPPED). TRIMSPOOL ON: no trailing blanks."""
    parts = wrap_columns(columns, linesize)
    wrapped = len(parts) > 1
    header = []
    for part in parts:
        header.append(colsep.join(c.heading() for c in part).rstrip())
        header.append(colsep.join("-" * c.width for c in part).rstrip())
    out = []
    line_in_page = pagesize  # start a page at once
    per_row = len(parts) + (1 if wrapped else 0)
    for row in rows:
        if line_in_page + per_row > pagesize:
            out.append("")
            out.extend(header)
            line_in_page = 1 + len(header)
        for part in parts:
            out.append(colsep.join(c.cell(row[c.name]) for c in part).rstrip())
        if wrapped:
            out.append("")
        line_in_page += per_row
    out.append("")
    out.append(f"{len(rows)} rows selected.")
    out.append("")
    return "\n".join(out) + "\n"


def csv_value(column, value):
    if column.kind == "number":
        return sqlplus_number(value, column.width)
    return '"' + value.replace('"', '""') + '"'


def csv_spool(columns, rows):
    """SET MARKUP CSV ON: quoted headings and strings, numbers bare, comma-delimited."""
    out = [",".join('"' + c.name + '"' for c in columns)]
    for row in rows:
        out.append(",".join(csv_value(c, row[c.name]) for c in columns))
    out.append("")
    out.append(f"{len(rows)} rows selected.")
    out.append("")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The dumps

def baseline_rows(report, date_format):
    """SELECT_BASELINE_METRIC over good's snapshots: one row per metric for the whole span."""
    rng = random.Random(20250314)
    minutes = round(report["elapsed"] / 60)
    rows = []
    for metric_id, name, unit in METRICS:
        avg = report["rates"][name]
        lo, hi, _ = spread_of(rng, name, avg, minutes)
        rows.append({
            "BASELINE_NAME": BASELINE, "DBID": DBID, "INSTANCE_NUMBER": INSTANCE,
            "BEG_TIME": date_text(report["begin"], date_format), "END_TIME": date_text(report["end"], date_format),
            "METRIC_ID": metric_id, "METRIC_NAME": name, "METRIC_UNIT": unit,
            "NUM_INTERVAL": minutes, "INTERVAL_SIZE": round(report["elapsed"] * 100),
            "AVERAGE": sig(avg), "MINIMUM": sig(lo), "MAXIMUM": sig(hi),
        })
    return rows


def baseline_columns(date_width):
    return [
        Column("BASELINE_NAME", "text", 64), Column("DBID", "number", 10), Column("INSTANCE_NUMBER", "number", 15),
        Column("BEG_TIME", "date", date_width), Column("END_TIME", "date", date_width),
        Column("METRIC_ID", "number", 10), Column("METRIC_NAME", "text", 64), Column("METRIC_UNIT", "text", 64),
        Column("NUM_INTERVAL", "number", 12), Column("INTERVAL_SIZE", "number", 13),
        Column("AVERAGE", "number", 10), Column("MINIMUM", "number", 10), Column("MAXIMUM", "number", 10),
    ]


def summary_rows(reports):
    """DBA_HIST_SYSMETRIC_SUMMARY for the snapshots that end good and good_1 ... good_4."""
    rng = random.Random(4411)
    rows = []
    for report in reports:
        minutes = round(report["elapsed"] / 60)
        # The metric interval runs on whole minutes inside the snapshot interval.
        begin = report["begin"].replace(second=0) + datetime.timedelta(minutes=1)
        end = begin + datetime.timedelta(minutes=minutes)
        for metric_id, name, unit in METRICS:
            avg = report["rates"][name]
            lo, hi, sd = spread_of(rng, name, avg, minutes)
            rows.append({
                "DBID": DBID, "INSTANCE_NUMBER": INSTANCE, "SNAP_ID": report["end_snap"],
                "BEGIN_TIME": begin.strftime("%Y-%m-%d %H:%M:%S"), "END_TIME": end.strftime("%Y-%m-%d %H:%M:%S"),
                "METRIC_NAME": name, "METRIC_UNIT": unit, "NUM_INTERVAL": minutes,
                "INTSIZE": minutes * 6000 + rng.randint(-3, 3),
                "AVERAGE": sig(avg), "MINVAL": sig(lo), "MAXVAL": sig(hi), "STANDARD_DEVIATION": sig(sd),
            })
    return rows


def summary_columns():
    # COLUMN ... FORMAT settings of the documented query: names and units a64, dates as 19-character text,
    # NUMWIDTH 20 so that averages keep their digits.
    return [
        Column("DBID", "number", 20), Column("INSTANCE_NUMBER", "number", 20), Column("SNAP_ID", "number", 20),
        Column("BEGIN_TIME", "text", 19), Column("END_TIME", "text", 19),
        Column("METRIC_NAME", "text", 64), Column("METRIC_UNIT", "text", 64),
        Column("NUM_INTERVAL", "number", 20), Column("INTSIZE", "number", 20),
        Column("AVERAGE", "number", 20), Column("MINVAL", "number", 20), Column("MAXVAL", "number", 20),
        Column("STANDARD_DEVIATION", "number", 20),
    ]


def write(name, text, quiet, note):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    if not quiet:
        print(f"{name}: {note}")


def check(reports):
    """The figures agree with the reports they come from, before anything is written."""
    good = reports[0]["rates"]
    assert abs(good["Average Active Sessions"] - 0.22) < 0.005, good["Average Active Sessions"]
    assert abs(good["Database Time Per Sec"] - 22.0) < 0.05, good["Database Time Per Sec"]
    assert abs(good["Executions Per Sec"] - 85.4) < 0.05
    assert abs(good["Hard Parse Count Per Sec"] - 17.4) < 0.05
    for r in reports:
        rates = r["rates"]
        assert abs(rates["Database Time Per Sec"] / 100 - rates["Average Active Sessions"]) < 1e-9
        assert 0 < rates["Database CPU Time Ratio"] < 100
        assert abs(rates["Database CPU Time Ratio"] + rates["Database Wait Time Ratio"] - 100) < 1e-9


def main():
    quiet = "-q" in sys.argv[1:]
    reports = [read_report(p) for p in PERIODS]
    check(reports)
    good = reports[0]

    plain = fixed_width_spool(baseline_columns(9), baseline_rows(good, "DD-MON-RR"), linesize=400, pagesize=50000)
    write("baseline_metric_select.lst", plain, quiet, f"SELECT_BASELINE_METRIC('{BASELINE}'), {len(METRICS)} metrics, DD-MON-RR")
    wrapped = fixed_width_spool(baseline_columns(18), baseline_rows(good, "DD-MON-RR HH24:MI:SS"), linesize=80, pagesize=50)
    write("baseline_metric_select_wrapped.lst", wrapped, quiet, "the same, LINESIZE 80 PAGESIZE 50, dates with time")
    csv = csv_spool(baseline_columns(20), baseline_rows(good, "DD-MON-YYYY HH24:MI:SS"))
    write("baseline_metric_select.csv", csv, quiet, "the same, SET MARKUP CSV ON")

    rows = summary_rows(reports)
    write("sysmetric_summary.csv", csv_spool(summary_columns(), rows), quiet,
          f"DBA_HIST_SYSMETRIC_SUMMARY, snaps {', '.join(str(r['end_snap']) for r in reports)}, {len(rows)} rows, SET MARKUP CSV ON")
    write("sysmetric_summary.lst", fixed_width_spool(summary_columns(), rows, linesize=32767, pagesize=50000, colsep="|"),
          quiet, "the same, COLSEP '|'")


if __name__ == "__main__":
    main()
