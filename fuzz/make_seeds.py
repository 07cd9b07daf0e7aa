#!/usr/bin/env python3
"""Writes the seed corpus fuzz/seeds/<target>/ from the synthetic reports in samples/.

Seeds are small fragments (one table with its heading, the report header, a truncated report)
so that the fuzzers start from the structure awrdiff looks for. Deterministic; standard library only.
Files named regress_* were found by the fuzzers (mutations of these seeds) and are kept as
regression inputs: every seed runs in ctest (fuzz_seeds_<target>).
    python3 fuzz/make_seeds.py
"""
import gzip
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(ROOT, "samples")
SEEDS = os.path.join(ROOT, "fuzz", "seeds")


def read(name):
    with open(os.path.join(SAMPLES, name), "rb") as f:
        return f.read()


def write(target, name, data):
    d = os.path.join(SEEDS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def html_fragments(doc, limit):
    """Each <table> with the text (heading) just before it, wrapped as a small document."""
    out = []
    pos = 0
    for m in re.finditer(rb"<table.*?</table>", doc, re.S):
        before = doc[max(pos, m.start() - 300):m.start()]
        pos = m.end()
        out.append(b"<html><body>\n" + before + m.group(0) + b"\n</body></html>\n")
        if len(out) >= limit:
            break
    return out


def text_fragments(doc, limit):
    """Blocks between blank-line pairs that contain a dashed rule (a table)."""
    blocks = re.split(rb"\n\s*\n", doc)
    out = [b for b in blocks if re.search(rb"^\s*-{3,}", b, re.M)]
    return [b + b"\n" for b in out[:limit]]


def main():
    # Files named regress_* are inputs the fuzzers found crashes with (kept, never regenerated).
    good_html, good_txt = read("good.html"), read("good.txt")
    bad_html, bad_txt = read("bad.html"), read("bad.txt")
    head_html = good_html[:6000]
    head_txt = good_txt[:3000]

    # HTML tokenizer: table fragments, a header, an upper-case/unquoted variant for libxml2.
    for i, frag in enumerate(html_fragments(good_html, 24) + html_fragments(bad_html, 8)[4:]):
        write("html_tokenizer", f"table_{i:02d}.html", frag)
    write("html_tokenizer", "header.html", head_html)
    write("html_tokenizer", "sloppy.html",
          b"<HTML><BODY><H3>Load Profile</H3><TABLE BORDER=0 summary=\"This table displays load profile\">"
          b"<TR><TH></TH><TH>Per Second</TH><TR><TD>DB Time(s):<TD>1.5</TABLE></BODY>")
    write("html_tokenizer", "nested.html", b"<table><tr><td><table><tr><th>A</th></tr><tr><td>1</td></tr></table></td></tr></table>")

    # Text tokenizer: table blocks, header.
    for i, frag in enumerate(text_fragments(good_txt, 30)):
        write("text_tokenizer", f"block_{i:02d}.txt", frag)
    write("text_tokenizer", "header.txt", head_txt)

    # Numbers: first byte selects the unit (see fuzz_parse_cell.cpp).
    cells = [b"1,234.5", b"62,3", b".99", b"633.", b"1.E+03", b"-4", b"12us", b"3ms", b"2.5s", b"1.5 sec",
             b"10.00 (mins)", b"2h", b"4K", b"1.5M", b"2G", b"3T", b"1P", b"99.5%", b"N/A", b"####",
             b"&#160;", b"\xc2\xa0", b"", b"abc", b"1e308", b"-0", b"1,2,3"]
    for i, c in enumerate(cells):
        write("parse_cell", f"cell_{i:02d}", bytes([i % 8]) + c)

    # decode_input: encodings and compression of a small report head.
    small = head_txt[:1500]
    write("decode_input", "plain.txt", small)
    write("decode_input", "bom.txt", b"\xef\xbb\xbf" + small)
    write("decode_input", "utf16le_bom.txt", b"\xff\xfe" + small.decode("latin-1").encode("utf-16-le"))
    write("decode_input", "utf16be_bom.txt", b"\xfe\xff" + small.decode("latin-1").encode("utf-16-be"))
    write("decode_input", "utf16le.txt", small.decode("latin-1").encode("utf-16-le"))
    write("decode_input", "crlf.txt", small.replace(b"\n", b"\r\n"))
    write("decode_input", "cp1252.txt", small + b"caf\xe9 \x80 \x93x\x94\n")
    write("decode_input", "small.gz", gzip.compress(small, mtime=0))
    # Multi-member gzip (`gzip -c part2 >> f.gz`, log rotation appending): every member is read; an empty member,
    # NUL padding after the last, a cut second member and bytes after the last that are no member.
    half = len(small) // 2
    first, second = gzip.compress(small[:half], mtime=0), gzip.compress(small[half:], mtime=0)
    write("decode_input", "multi_member.gz", first + second)
    write("decode_input", "multi_member_empty.gz", first + gzip.compress(b"", mtime=0) + second + b"\0" * 64)
    write("decode_input", "multi_member_cut.gz", first + second[: len(second) // 2])
    write("decode_input", "multi_member_tail.gz", first + second + b"garbage")

    # The --policy TOML reader: the documented example, every setting, and the refusals (contradictory levels, out
    # of range, unknown keys, a table given twice, an all-pass policy).
    write("policy", "example.toml", b"""load_matters = false
spread_floor_pct = 5

[metric."db_time_per_s"]
fail_z = 3
fail_rel_pct = 50
warn_z = 3
abs_floor = 0.05
rel_floor_pct = 10

[metric."load_profile.hard_parses"]
fail_z = 4
fail_rel_pct = 100

[metric."host_cpu_busy_pct"]
fail_above = 95
warn_above = 90

[metric."sessions"]
enabled = false
""")
    write("policy", "levels.toml", b'[metric."logical_reads_per_cpu_ms"]\ndirection = "higher_is_better"\n'
          b"warn_below = 20\nfail_below = 10\nwarn_above = 1e6\nfail_above = 1e7\n")
    write("policy", "contradiction.toml", b'[metric."db_time_per_s"]\nfail_below = 100\nfail_above = 1\n')
    write("policy", "warn_after_fail.toml", b'[metric."host_cpu_busy_pct"]\nwarn_above = 95\nfail_above = 90\n')
    write("policy", "all_pass.toml", b"".join(
        b'[metric."%s"]\nwarn_z = 1000\nfail_z = 1000\nabs_floor = 1e15\n' % k
        for k in (b"db_time_per_s", b"db_time_per_exec_ms", b"db_time_per_txn_s", b"db_time_per_call_ms")))
    write("policy", "all_disabled.toml", b'[metric."db_time_per_s"]\nenabled = false\n')
    write("policy", "out_of_range.toml", b'spread_floor_pct = 101\n[metric."db_time_per_s"]\nfail_z = 1e400\n')
    write("policy", "twice.toml", b'[metric."db_time_per_s"]\nfail_z = 3\n[metric."db_time_per_s"]\nwarn_z = 2\n')
    write("policy", "unknown.toml", b'colour = "red"\n[metric."no_such_metric"]\nfail_z = 3\n')
    write("policy", "types.toml", b'load_matters = 1\n[metric."sessions"]\nenabled = "no"\ndirection = "up"\n')

    # Whole pipeline: truncated reports of both formats, one gzipped, and full header + tables.
    write("pipeline", "head.html", good_html[:30000])
    write("pipeline", "head.txt", good_txt[:12000])
    write("pipeline", "bad_head.txt", bad_txt[:12000])
    write("pipeline", "head.txt.gz", gzip.compress(good_txt[:8000], mtime=0))
    write("pipeline", "crlf.txt", good_txt[:6000].replace(b"\n", b"\r\n"))

    # Oracle's Compare Periods report (awrddrpt), a synthetic one: whole, cut in its header, its top events
    # and its SQL list (the reader of both periods, src/parse/compare_report.cpp, behind parse_report).
    compare = read("compare_periods_11.2.txt")
    write("pipeline", "compare_periods.txt", compare)
    for name, cut in (("header", 600), ("load_profile", 2400), ("sql", len(compare) * 3 // 4)):
        write("pipeline", f"compare_periods_cut_{name}.txt", compare[:cut])
    write("text_tokenizer", "compare_periods.txt", compare)
    write("pipeline", "compare_periods_19c_pdb.txt", read("compare_periods_19c_pdb.txt"))
    compare_html = read("compare_periods_11.2.html")
    write("pipeline", "compare_periods.html", compare_html)
    write("pipeline", "compare_periods_cut.html", compare_html[: len(compare_html) // 2])
    write("html_tokenizer", "compare_periods.html", compare_html)
    # The 12c+ and RAC (awrgdrpt) layouts, written here in their own shape with made-up figures.
    write("pipeline", "compare_periods_12c.html", compare_12c_html())
    write("pipeline", "compare_periods_12c_broken_lines.html", broken_lines(compare_12c_html(), 1500))
    write("pipeline", "compare_periods_rac.html", compare_rac_html())
    write("html_tokenizer", "compare_periods_rac.html", compare_rac_html())


def row(cells, th=False):
    tag = "th" if th else "td"
    return "<tr>" + "".join(f"<{tag} class='awrc'>{c}</{tag}>" for c in cells) + "</tr>\n"


def table(title, header_rows, rows):
    out = f'<h3 class="awr">{title}</h3>\n<table border="0" class="tdiff">\n' if title else '<table border="0" class="tdiff">\n'
    out += "".join(row(h, True) for h in header_rows) + "".join(row(r) for r in rows)
    return out + "</table>\n"


def compare_12c_html():
    """A 12c+ Compare Periods report: a capture (1st) against its replay (2nd), the Time Model with its
    '% of Total CPU time' group, the Wait Events with the WCR events, a SQL row."""
    p = ["1st", "2nd"]
    doc = "<html><body>\n<h1>WORKLOAD REPOSITORY COMPARE PERIOD REPORT</h1>\n"
    doc += table("", [["Snapshot Set", "DB Name", "DB Id", "Unique Name", "DB Role", "Edition", "Release", "Cluster", "CDB", "Host"]],
                 [["First (1st)", "CAP", "111", "cap", "PRIMARY", "EE", "19.0.0.0.0", "NO", "NO", "h1"],
                  ["Second (2nd)", "REP", "222", "rep", "PRIMARY", "EE", "23.26.1.0.0", "NO", "NO", "h2"]])
    doc += table("", [["Snapshot Set", "Instance", "Inst num"]], [["First (1st)", "cap", "1"], ["Second (2nd)", "rep", "1"]])
    doc += table("", [["Snapshot Set", "Begin Snap Id", "Begin Snap Time", "End Snap Id", "End Snap Time", "Avg Active Users",
                       "Elapsed Time (min)", "DB time (min)"]],
                 [["1st", "10", "01-Mar-26 10:00:00 (Sun)", "11", "01-Mar-26 11:00:00 (Sun)", "2.0", "60.0", "120.0"],
                  ["2nd", "20", "02-Mar-26 10:00:00 (Mon)", "21", "02-Mar-26 12:00:00 (Mon)", "1.0", "120.0", "120.0"]])
    doc += table("", [["", "1st per sec", "2nd per sec", "%Diff", "1st per txn", "2nd per txn", "%Diff"]],
                 [["DB time:", "2.0", "1.0", "-50.0", "0.2", "0.2", "0.0"], ["User calls:", "100.0", "50.0", "-50.0", "10.0", "10.0", "0.0"],
                  ["Executes (SQL):", "200.0", "100.0", "-50.0", "20.0", "20.0", "0.0"], ["Transactions:", "10.0", "5.0", "-50.0", "", "", ""]])
    doc += table("Time Model Statistics",
                 [["", "% of DB time", "% of Total CPU time", "Time (seconds)", "Time per Trans (seconds)"],
                  ["Statistic Name"] + (p + ["Diff"]) * 2 + (p + ["%Diff"]) * 2],
                 [["sql execute elapsed time", "90.00", "80.00", "-10.00", "", "", "", "6,480.00", "5,760.00", "-11.11", "0.18", "0.16", "-11.11"],
                  ["DB CPU", "50.00", "60.00", "10.00", "99.00", "98.00", "-1.00", "3,600.00", "4,320.00", "20.00", "0.10", "0.12", "20.00"],
                  ["DB time", "", "", "", "", "", "", "7,200.00", "7,200.00", "0.00", "0.20", "0.20", "0.00"]])
    doc += table("Wait Events", [["", "", "% of DB time", "# Waits/sec (Elapsed Time)", "Total Wait Time (sec)", "Avg Wait Time"],
                                 ["Event", "Wait Class"] + (p + ["Diff"]) + (p + ["%Diff"]) * 3],
                 [["WCR: capture file IO write", "Other", "1.00", "0.00", "-1.00", "5.00", "0.00", "-100.00", "72.00", "0.00", "-100.00", "4.00ms", ".00ns", "-100.00"],
                  ["WCR: replay client notify", "Idle", "0.00", "0.00", "0.00", "0.00", "3.00", "100.00", "0.00", "900.00", "100.00", ".00ns", "1.00 s", "100.00"]])
    sql = ["SQL Id", "1st", "1st Total", "2nd", "2nd Total", "Diff"] + p * 7 + ["1st/2nd/Both"] + p + ["SQL Text"]
    doc += table("", [sql], [["0123456789abc", "10.00", "10.00", "20.00", "20.00", "10.00", "1,000", "2,000", "0.10", "0.10", "900", "1,800",
                              "10", "20", "1.00", "2.00", "1.00", "1.00", "7,200", "7,2\n00", "1/ 1/ 1", "111", "222", "select 1 from dual"]])
    return (doc + "</body></html>\n").encode()


def broken_lines(doc, width):
    """The document cut into lines of `width` characters, as a 19c report writes its HTML."""
    text = doc.replace(b"\n", b"")
    return b"\n".join(text[i:i + width] for i in range(0, len(text), width)) + b"\n"


def compare_rac_html():
    """A RAC Compare Periods report (awrgdrpt): the database summary, the instances of each set, an instance with no
    data in the 1st, and the Time Model's global '*1st | *2nd' rows and instance rows."""
    p = ["1st", "2nd"]
    doc = "<html><body>\n<h1>WORKLOAD REPOSITORY RAC Compare Period Report for</h1>\n"
    doc += table("", [["Set", "DB Id", "Inst #", "Begin Snap Time", "End Snap Time"]], [["1st", "333", "2", "", ""]])
    doc += table("", [["", "Database", "Snapshot Ids", "Number of Instances", "Number of Hosts", "Report Total (minutes)"],
                      ["Snapshot Set", "Id", "Name", "Unique Name", "Role", "Edition", "RAC", "CDB", "Block Size", "Begin", "End",
                       "In Report", "Total", "In Report", "Total", "DB time", "Elapsed time"]],
                 [["First (1st)", "333", "RACDB", "RACDB", "PRIMARY", "EE", "NO", "NO", "8192", "100", "101", "1", "1", "2", "2", "-10.00", "0.02"],
                  ["Second (2nd)", "333", "RACDB", "RACDB", "PRIMARY", "EE", "YES", "NO", "8192", "200", "201", "2", "2", "2", "2", "120.00", "60.00"]])
    doc += table("", [["Set", "DB Id", "Inst #", "Instance", "Release", "Host", "Startup", "Begin Snap Time", "End Snap Time",
                       "Elapsed Time (min)", "DB time (min)", "Instance Up Time (hrs)", "Avg Active Sessions", "Platform"]],
                 [["1st", "333", "1", "RACDB1", "19.0.0.0.0", "n1", "05-Mar-26 10:30", "05-Mar-26 10:00", "05-Mar-26 11:00", "60.00", "-10.00", "0.50", "-0.17", "Linux"],
                  ["2nd", "333", "1", "RACDB1", "19.0.0.0.0", "n1", "01-Mar-26 00:00", "06-Mar-26 10:00", "06-Mar-26 11:00", "60.00", "50.00", "130.00", "0.83", "Linux"],
                  ["2nd", "333", "2", "RACDB2", "19.0.0.0.0", "n2", "01-Mar-26 00:00", "06-Mar-26 10:00", "06-Mar-26 11:00", "60.00", "70.00", "130.00", "1.17", "Linux"]])
    doc += table("Time Model Statistics",
                 [["", "", "", "% of DB time", "Time (seconds)", "Time per Trans (seconds)", "% of Global DB time"],
                  ["1st", "2nd", "Statistic Name"] + (p + ["Diff"]) + (p + ["%Diff"]) * 2 + (p + ["Diff"])],
                 [["*1st", "*2nd", "DB time", "", "", "", "-600.00", "7,200.00", "-1,300.00", "0.00", "0.10", "100.00", "100.00", "100.00", "0.00"],
                  ["1", "2", "DB time", "100.00", "100.00", "0.00", "-600.00", "4,200.00", "-800.00", "0.00", "0.06", "100.00", "100.00", "58.33", "-41.67"],
                  ["", "1", "DB time", "", "100.00", "", "", "3,000.00", "", "", "0.04", "", "", "41.67", ""]])
    return (doc + "</body></html>\n").encode()


if __name__ == "__main__":
    main()
