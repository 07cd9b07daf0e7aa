#!/usr/bin/env python3
"""Generate synthetic Oracle 19c AWR instance reports for awrdiff.

Writes HTML and text AWR reports (the layout produced by awrrpt.sql on a
19c single-instance database) into the directory of this script:

    good.html / good.txt            literal SQL loop, 10,000 rows
    bad.html / bad.txt              same loop, 1,000,000 rows (hard parsing)
    improved.html / improved.txt    bind variable + index
    commit_normal.html / .txt       1-hour period, log file sync ~3 ms
    commit_spike.html / .txt        1-hour period, log file sync ~247 ms
    lgwr_before.html / .txt         1-hour period, log file sync ~5.7 ms
    lgwr_after.html / .txt          the same after _use_single_log_writer
    good_1.html ... good_4.html     good's workload on the 4 following days
      (and .txt)                    (baselines: a few percent of noise)

Every number is synthetic.  Each report is built from one data set from which
both renderings are produced, so the HTML and the text twin carry the same
values (the text one at Oracle's text precision).  Percentages, per-second,
per-transaction and per-execution figures, averages and wait-class totals are
derived from the base figures, so they agree with each other.

Standard library only, deterministic: no clock; the baseline periods' noise
comes from random.Random with a fixed seed per period.  Run:

    python3 samples/generate.py
"""

import datetime
import hashlib
import html
import os
import random
import struct
import sys
from decimal import Decimal, ROUND_HALF_UP

OUT_DIR = os.path.dirname(os.path.abspath(__file__))

# --------------------------------------------------------------------------
# Database / host identity (the same in every report)
# --------------------------------------------------------------------------
DB = dict(
    name="ORCL19", dbid=1234567890, unique="ORCL19", role="PRIMARY",
    edition="EE", release="19.0.0.0.0", rac="NO", cdb="NO",
    instance="orcl19", inst_num=1, startup="02-Mar-25 06:12",
    user="SYS", sysdata="YES",
    host="dbhost01", platform="Linux x86 64-bit",
    cpus=8, cores=4, sockets=1,
    mem_bytes=33716002816,          # 31.40 GB
)
BLOCK = 8192
MB = 1048576.0

INIT_PARAMS = [
    ("audit_file_dest", "/u01/app/oracle/admin/ORCL19/adump"),
    ("audit_trail", "DB"),
    ("compatible", "19.0.0"),
    ("control_files", "/u02/oradata/ORCL19/control01.ctl"),
    ("cursor_sharing", "EXACT"),
    ("db_block_size", "8192"),
    ("db_name", "ORCL19"),
    ("diagnostic_dest", "/u01/app/oracle"),
    ("open_cursors", "300"),
    ("pga_aggregate_target", "2147483648"),
    ("processes", "640"),
    ("remote_login_passwordfile", "EXCLUSIVE"),
    ("sga_target", "12884901888"),
    ("undo_tablespace", "UNDOTBS1"),
]

# --------------------------------------------------------------------------
# Number formatting, the way the AWR report prints numbers
# --------------------------------------------------------------------------


def rnd(v, d):
    """Round half up (Oracle TO_CHAR style) and return a Decimal."""
    q = Decimal(1).scaleb(-d)
    return Decimal(repr(float(v))).quantize(q, rounding=ROUND_HALF_UP)


def num(v, d=0, comma=True):
    """1,234.5 style (leading zero kept: 0.5)."""
    r = rnd(v, d)
    if r == 0:
        r = abs(r)
    return ("{:,.%df}" % d).format(r) if comma else ("{:.%df}" % d).format(r)


def nlz(v, d=1, comma=True):
    """Like num() but without the leading zero: .5, .0, 16.6."""
    s = num(v, d, comma)
    if s.startswith("0."):
        s = s[1:]
    return s


def fm(v, d=1):
    """TO_CHAR 'FM' style: 95.5, 32, .1, 0."""
    s = num(v, d, comma=False)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    return s or "0"


def fmk(v):
    """Top 10 event total wait time: 5085.1, .8, 0, 27K, 148.2K."""
    if rnd(v, 1) >= 10000:
        return fm(v / 1000.0, 1) + "K"
    return fm(v, 1)


def avgw(sec):
    """Average wait with unit: 792.80ns, 220.25us, 1.14ms, 4291.68ms, 13.49 s."""
    us = sec * 1e6
    if rnd(us, 2) < 1:
        s, u = num(us * 1000, 2, False), "ns"
    elif rnd(us, 2) < 1000:
        s, u = num(us, 2, False), "us"
    elif rnd(us / 1000.0, 2) < 10000:
        s, u = num(us / 1000.0, 2, False), "ms"
    else:
        s, u = num(sec, 2, False), " s"
    if s.startswith("0."):
        s = s[1:]
    return s + u


def kcount(n):
    """IOStat wait counts: 425, 4247, 11.4K, 18K, 1.2M."""
    if n < 10000:
        return str(int(n))
    if n < 1000000:
        return fm(n / 1000.0, 1) + "K"
    return fm(n / 1000000.0, 1) + "M"


def mbdata(mb):
    """IOStat data volumes: 0M, 283M, 2.8G."""
    if rnd(mb, 0) < 1024:
        return "%sM" % num(mb, 0, False)
    return "%sG" % num(mb / 1024.0, 1, False)


def mbrate(mbs):
    """IOStat data per second: 0M, .08M, 1.196M."""
    if rnd(mbs, 3) == 0:
        return "0M"
    return fm(mbs, 3) + "M"


def r2(v):
    """Value as the HTML report shows it (2 decimals).  The text renderer rounds
    this to its 1 decimal, so text == round(html, 1) holds exactly."""
    return float(rnd(v, 2))


def pct(a, b):
    return 100.0 * a / b if b else 0.0


# --------------------------------------------------------------------------
# SQL ids (Oracle algorithm: last 8 bytes of md5(text || chr(0)), base 32)
# --------------------------------------------------------------------------
ALPHABET = "0123456789abcdfghjkmnpqrstuvwxyz"


def sql_id_of(text):
    d = hashlib.md5(text.encode("ascii") + b"\x00").digest()
    _, _, msb, lsb = struct.unpack("<IIII", d)
    n = (msb << 32) | lsb
    out = ""
    for _ in range(13):
        out = ALPHABET[n % 32] + out
        n //= 32
    return out


# --------------------------------------------------------------------------
# Data model
# --------------------------------------------------------------------------


class Ev(object):
    """A wait event: waits, total time (s), %timeouts (None = null)."""

    def __init__(self, name, wclass, waits, time, timeouts=None):
        self.name, self.wclass, self.waits, self.time = name, wclass, waits, time
        self.timeouts = timeouts

    @property
    def idle(self):
        return self.wclass == "Idle"


class Sql(object):
    def __init__(self, text, module, execs, ela, cpu, uio, gets, reads, rows,
                 parses, sql_id=None, plsql=False):
        self.text = text
        self.module = module
        self.sql_id = sql_id or sql_id_of(text)
        self.execs, self.ela, self.cpu, self.uio = execs, ela, cpu, uio
        self.gets, self.reads, self.rows, self.parses = gets, reads, rows, parses
        self.plsql = plsql


# SQL texts ---------------------------------------------------------------
DRIVER_LITERAL = "BEGIN APP_LOAD.PROCESS_ROWS(P_MODE => 'LITERAL'); END;"
DRIVER_BIND = "BEGIN APP_LOAD.PROCESS_ROWS(P_MODE => :B1); END;"
DRIVER_LITERAL_ID = "81uvdbt46vt5p"
DRIVER_BIND_ID = "28ja91pnth38j"
SELECT_LITERAL = "SELECT PAD FROM T_BIG WHERE ID = %d"
SELECT_BIND = "SELECT PAD FROM T_BIG WHERE ID = :B1"

T_ORDERS = ("SELECT ORDER_ID, STATUS, AMOUNT FROM APP.ORDERS WHERE CUSTOMER_ID = :B1 "
            "ORDER BY ORDER_ID")
T_SESS = "SELECT USER_ID, EXPIRES_AT FROM APP.USER_SESSIONS WHERE SESSION_TOKEN = :1"
T_REPORT = ("SELECT EVENT_TYPE, COUNT(*) FROM APP.ORDER_EVENTS WHERE CREATED_AT > "
            "SYSDATE - 1/24 GROUP BY EVENT_TYPE")
T_UPD = "UPDATE APP.ORDERS SET STATUS = :1, UPDATED_AT = SYSDATE WHERE ORDER_ID = :2"
T_INS = ("INSERT INTO APP.ORDER_EVENTS (EVENT_ID, ORDER_ID, EVENT_TYPE, CREATED_AT) "
         "VALUES (APP.ORDER_EVENTS_SEQ.NEXTVAL, :1, :2, SYSTIMESTAMP)")
T_PURGE = "DELETE FROM APP.USER_SESSIONS WHERE EXPIRES_AT < SYSDATE"
T_CONF = "SELECT PARAM_VALUE FROM APP.APP_CONFIG WHERE PARAM_NAME = :1"

T_ACC_UPD = ("UPDATE APP.ACCOUNTS SET BALANCE = BALANCE + :1, LAST_TXN_AT = SYSTIMESTAMP "
             "WHERE ACCOUNT_ID = :2")
T_LEDGER = ("INSERT INTO APP.LEDGER_ENTRIES (ENTRY_ID, ACCOUNT_ID, AMOUNT, CREATED_AT) "
            "VALUES (APP.LEDGER_SEQ.NEXTVAL, :1, :2, SYSTIMESTAMP)")
T_BAL = "SELECT BALANCE FROM APP.ACCOUNTS WHERE ACCOUNT_ID = :1"
T_DASH = ("SELECT A.BRANCH_ID, SUM(L.AMOUNT) FROM APP.LEDGER_ENTRIES L JOIN APP.ACCOUNTS A "
          "ON A.ACCOUNT_ID = L.ACCOUNT_ID WHERE L.CREATED_AT > TRUNC(SYSDATE) "
          "GROUP BY A.BRANCH_ID")

JDBC = "JDBC Thin Client"
SCHED = "DBMS_SCHEDULER"
SQLPLUS = "SQL*Plus"
DASH = "dashboard-svc"


def stable_sql(v):
    """The ordinary application statements present in good/bad/improved.

    v: list of 7 tuples (execs, ela, cpu, uio, gets, reads, rows) in the order
    orders-select, session-lookup, report, update, insert, purge, config."""
    spec = [(T_ORDERS, JDBC, 120), (T_SESS, JDBC, 80), (T_REPORT, SCHED, 10),
            (T_UPD, JDBC, 40), (T_INS, JDBC, 40), (T_PURGE, SCHED, 10),
            (T_CONF, JDBC, 60)]
    out = []
    for (text, module, parses), (ex, ela, cpu, uio, gets, reads, rows) in zip(spec, v):
        # times are kept at the text report's precision (0.1 s)
        out.append(Sql(text, module, ex, round(ela, 1), round(cpu, 1), round(uio, 1), gets, reads,
                       rows, parses))
    return out


def literal_selects(rows):
    """rows: list of (id, ela, cpu, uio, gets, reads)."""
    return [Sql(SELECT_LITERAL % i, SQLPLUS, 1, ela, cpu, uio, gets, reads, 1, 1)
            for (i, ela, cpu, uio, gets, reads) in rows]


# Wait events ---------------------------------------------------------------
UIO, COMMIT, CONC, OTHER, SYSIO, NET, CONF, IDLE = (
    "User I/O", "Commit", "Concurrency", "Other", "System I/O", "Network",
    "Configuration", "Idle")

# blocks per wait used to derive physical reads from the read events
BLOCKS_PER_WAIT = {"db file sequential read": 1, "db file scattered read": 8,
                   "direct path read": 16}


def bg_events(lfpw_waits, lfpw_time, dbpw_waits, dbpw_time, elapsed, extra=()):
    ev = [
        Ev("log file parallel write", SYSIO, lfpw_waits, lfpw_time, 0),
        Ev("db file parallel write", SYSIO, dbpw_waits, dbpw_time, 0),
        Ev("control file parallel write", SYSIO, int(elapsed * 1.03), elapsed * 0.00148, 0),
        Ev("control file sequential read", SYSIO, int(elapsed * 6.5), elapsed * 0.00035, 0),
        Ev("db file async I/O submit", SYSIO, dbpw_waits, dbpw_time * 0.31, 0),
        Ev("db file sequential read", UIO, int(elapsed * 0.47), elapsed * 0.00027, 0),
        Ev("LGWR any worker group", OTHER, int(lfpw_waits * 0.146), lfpw_time * 0.061, 0),
        Ev("os thread creation", OTHER, int(elapsed * 0.06), elapsed * 0.000083, 0),
    ] + list(extra) + [
        Ev("rdbms ipc message", IDLE, int(elapsed * 16.3), elapsed * 12.75, 62),
        Ev("Space Manager: slave idle wait", IDLE, int(elapsed * 0.4), elapsed * 1.984, 0),
        Ev("DIAG idle wait", IDLE, int(elapsed * 1.98), elapsed * 1.985, 100),
        Ev("pmon timer", IDLE, int(elapsed / 3.0), elapsed * 1.0002, 100),
        Ev("smon timer", IDLE, max(2, int(elapsed / 300.0)), elapsed * 0.9996, 0),
    ]
    return ev


# --------------------------------------------------------------------------
# Report definitions
# --------------------------------------------------------------------------


def base_stats(r, s):
    """Fill the derived instance statistics of report r from the base dict s."""
    fg, bg = r["fg"], r["bg"]
    allev = fg + bg
    ev = lambda name, lst=allev: [e for e in lst if e.name == name]
    reads = 0
    read_reqs = 0
    direct = 0
    for e in allev:
        if e.name in BLOCKS_PER_WAIT:
            reads += e.waits * BLOCKS_PER_WAIT[e.name]
            read_reqs += e.waits
            if e.name == "direct path read":
                direct += e.waits * BLOCKS_PER_WAIT[e.name]
    cf_reads = sum(e.waits for e in ev("control file sequential read"))
    st = dict(s)
    st["physical reads"] = reads
    st["physical reads direct"] = direct
    st["physical reads cache"] = reads - direct
    st["physical read IO requests"] = read_reqs
    st["physical read total IO requests"] = read_reqs + cf_reads
    st["physical read bytes"] = reads * BLOCK
    st["physical write bytes"] = st["physical writes"] * BLOCK
    st["physical reads direct temporary tablespace"] = 0
    st["user I/O wait time"] = int(round(sum(e.time for e in allev if e.wclass == UIO) * 100))
    st["DB time"] = int(round(r["db_time"] * 100))
    st["CPU used by this session"] = int(round(r["db_cpu"] * 100)) + 18
    st["CPU used when call started"] = int(round(r["db_cpu"] * 100)) + 11
    st["recursive cpu usage"] = int(round(r["db_cpu"] * 100 * 0.42))
    lfs = ev("log file sync", fg)[0]
    st["redo synch writes"] = lfs.waits
    st["redo synch time"] = int(round(lfs.time * 100))
    st["redo synch time (usec)"] = int(round(lfs.time * 1e6))
    lfpw = ev("log file parallel write", bg)[0]
    st["redo writes"] = lfpw.waits
    st["redo blocks written"] = int(st["redo size"] / 512 * 1.06)
    st["redo entries"] = int(st["db block changes"] * 0.52)
    st["db block gets"] = int(st["db block changes"] * 1.12)
    st["consistent gets"] = st["session logical reads"] - st["db block gets"]
    st["bytes sent via SQL*Net to client"] = st["user calls"] * 383
    st["bytes received via SQL*Net from client"] = st["user calls"] * 421
    st["SQL*Net roundtrips to/from client"] = st["user calls"] - int(st["user calls"] * 0.002)
    st["user rollbacks"] = s.get("user rollbacks", 0)
    r["stats"] = st


def make_good():
    r = dict(name="good", snap_b=4410, snap_e=4411,
             t_b=datetime.datetime(2025, 3, 14, 14, 0, 3), elapsed=600,
             sess=(58, 61), curs=(2.8, 3.1), load=(0.4, 0.5),
             db_time=132.0, db_cpu=37.0, bg_cpu=6.2, bg_ela=27.9,
             busy=(4780, 1460), iowait=3350, sql_work_mb=192)
    r["tm"] = [("sql execute elapsed time", 118.4), ("parse time elapsed", 12.6),
               ("hard parse elapsed time", 11.2), ("PL/SQL execution elapsed time", 6.1),
               ("connection management call elapsed time", 0.4),
               ("PL/SQL compilation elapsed time", 0.1),
               ("hard parse (sharing criteria) elapsed time", 0.0),
               ("sequence load elapsed time", 0.0), ("repeated bind elapsed time", 0.0)]
    r["fg"] = [
        Ev("db file sequential read", UIO, 61200, 50.2),
        Ev("direct path read", UIO, 4420, 26.4),
        Ev("db file scattered read", UIO, 1350, 5.2),
        Ev("log file sync", COMMIT, 1806, 3.3),
        Ev("latch: shared pool", CONC, 410, 0.35),
        Ev("library cache: mutex X", CONC, 305, 0.21),
        Ev("control file sequential read", SYSIO, 1240, 0.14),
        Ev("PGA memory operation", OTHER, 9850, 0.12),
        Ev("Disk file operations I/O", UIO, 182, 0.09),
        Ev("cursor: pin S wait on X", CONC, 12, 0.08),
        Ev("SQL*Net message to client", NET, 12950, 0.02),
        Ev("SQL*Net message from client", IDLE, 12940, 1841.6),
    ]
    r["bg"] = bg_events(1650, 1.98, 1120, 1.34, 600)
    stable = stable_sql([
        (14400, 9.84, 2.16, 7.22, 172800, 8610, 43200),
        (9000, 3.12, 0.92, 2.10, 36000, 2510, 9000),
        (10, 4.86, 1.02, 3.71, 62400, 9920, 40),
        (1800, 1.62, 0.48, 1.05, 9000, 1210, 1800),
        (1800, 0.95, 0.61, 0.28, 7400, 310, 1800),
        (10, 0.58, 0.31, 0.22, 4100, 160, 310),
        (6000, 0.41, 0.39, 0.00, 12000, 0, 6000),
    ])
    driver = Sql(DRIVER_LITERAL, SQLPLUS, 1, 96.40, 24.10, 67.20, 318000, 120000, 1, 1,
                 sql_id=DRIVER_LITERAL_ID, plsql=True)
    lits = literal_selects([(7313, 0.04, 0.00, 0.04, 31, 7),
                            (2048, 0.03, 0.00, 0.03, 31, 6),
                            (9127, 0.03, 0.01, 0.02, 31, 5)])
    r["sqls"] = [driver] + stable + lits
    base_stats(r, {
        "user commits": 1800, "user calls": 12960, "execute count": 51240,
        "parse count (total)": 18690, "parse count (hard)": 10415,
        "parse count (failures)": 0, "parse count (describe)": 0,
        "parse time cpu": 980, "parse time elapsed": 1260,
        "session logical reads": 690000, "db block changes": 55800,
        "physical writes": 4620, "physical write IO requests": 3310,
        "physical write total IO requests": 3310 + 1650 + 620,
        "redo size": 9720000, "logons cumulative": 62, "user logons cumulative": 50,
        "opened cursors cumulative": 24100, "session cursor cache hits": 6800,
        "recursive calls": 62000, "sorts (memory)": 3100, "sorts (disk)": 0,
        "sorts (rows)": 48000, "table fetch by rowid": 71200,
        "table scans (long tables)": 22, "table scans (short tables)": 1850,
        "enqueue requests": 9100, "enqueue releases": 9098,
        "workarea executions - optimal": 3150, "workarea executions - onepass": 0,
        "workarea executions - multipass": 0, "index fetch by key": 26400,
        "leaf node splits": 41,
    })
    r["eff"] = dict(buffer_nowait=100.00, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=98.10, latch_hit=99.99)
    return r


def make_bad():
    r = dict(name="bad", snap_b=4411, snap_e=4412,
             t_b=datetime.datetime(2025, 3, 14, 14, 10, 3), elapsed=600,
             sess=(61, 60), curs=(3.1, 3.4), load=(0.5, 1.2),
             db_time=582.0, db_cpu=541.3, bg_cpu=8.4, bg_ela=31.2,
             busy=(52700, 6220), iowait=420, sql_work_mb=196)
    r["tm"] = [("parse time elapsed", 320.1), ("hard parse elapsed time", 291.0),
               ("sql execute elapsed time", 259.8), ("PL/SQL execution elapsed time", 46.5),
               ("connection management call elapsed time", 0.4),
               ("hard parse (sharing criteria) elapsed time", 0.1),
               ("PL/SQL compilation elapsed time", 0.1),
               ("sequence load elapsed time", 0.0), ("repeated bind elapsed time", 0.0)]
    r["fg"] = [
        Ev("db file sequential read", UIO, 12600, 11.2),
        Ev("latch: shared pool", CONC, 21400, 6.4),
        Ev("library cache: mutex X", CONC, 18300, 4.0),
        Ev("direct path read", UIO, 640, 3.9),
        Ev("log file sync", COMMIT, 1811, 3.2),
        Ev("row cache mutex", CONC, 3150, 1.9),
        Ev("PGA memory operation", OTHER, 41200, 0.45),
        Ev("db file scattered read", UIO, 120, 0.3),
        Ev("control file sequential read", SYSIO, 1240, 0.14),
        Ev("Disk file operations I/O", UIO, 180, 0.09),
        Ev("SQL*Net message to client", NET, 13020, 0.02),
        Ev("SQL*Net message from client", IDLE, 13010, 1802.3),
    ]
    r["bg"] = bg_events(1660, 2.01, 1140, 1.39, 600)
    stable = stable_sql([
        (14412, 10.02, 2.31, 7.05, 172950, 8540, 43236),
        (8994, 3.20, 0.98, 2.08, 35980, 2490, 8994),
        (10, 4.97, 1.11, 3.70, 62460, 9930, 40),
        (1806, 1.70, 0.52, 1.06, 9030, 1220, 1806),
        (1806, 0.99, 0.64, 0.28, 7420, 300, 1806),
        (10, 0.60, 0.33, 0.22, 4090, 150, 305),
        (6002, 0.44, 0.42, 0.00, 12004, 0, 6002),
    ])
    driver = Sql(DRIVER_LITERAL, SQLPLUS, 1, 544.9, 528.2, 0.9, 9230000, 1170, 1, 1,
                 sql_id=DRIVER_LITERAL_ID, plsql=True)
    lits = literal_selects([(731941, 0.02, 0.02, 0.00, 12, 0),
                            (208114, 0.02, 0.01, 0.00, 12, 0),
                            (950372, 0.01, 0.01, 0.00, 9, 0),
                            (46687, 0.01, 0.01, 0.00, 9, 0),
                            (588230, 0.01, 0.01, 0.00, 9, 0)])
    r["sqls"] = [driver] + stable + lits
    base_stats(r, {
        "user commits": 1806, "user calls": 13030, "execute count": 1045870,
        "parse count (total)": 1009120, "parse count (hard)": 1000436,
        "parse count (failures)": 0, "parse count (describe)": 0,
        "parse time cpu": 29810, "parse time elapsed": 32010,
        "session logical reads": 9630000, "db block changes": 56100,
        "physical writes": 4700, "physical write IO requests": 3360,
        "physical write total IO requests": 3360 + 1660 + 620,
        "redo size": 9810000, "logons cumulative": 60, "user logons cumulative": 48,
        "opened cursors cumulative": 1014600, "session cursor cache hits": 7300,
        "recursive calls": 1980000, "sorts (memory)": 3140, "sorts (disk)": 0,
        "sorts (rows)": 48600, "table fetch by rowid": 1068000,
        "table scans (long tables)": 22, "table scans (short tables)": 1870,
        "enqueue requests": 9240, "enqueue releases": 9238,
        "workarea executions - optimal": 3190, "workarea executions - onepass": 0,
        "workarea executions - multipass": 0, "index fetch by key": 1026500,
        "leaf node splits": 43,
    })
    r["eff"] = dict(buffer_nowait=100.00, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=62.42, latch_hit=99.71)
    return r


def make_improved():
    r = dict(name="improved", snap_b=4412, snap_e=4413,
             t_b=datetime.datetime(2025, 3, 14, 14, 20, 3), elapsed=600,
             sess=(60, 59), curs=(3.4, 3.0), load=(1.2, 0.6),
             db_time=174.0, db_cpu=58.5, bg_cpu=6.9, bg_ela=29.6,
             busy=(6900, 2060), iowait=4900, sql_work_mb=190)
    r["tm"] = [("sql execute elapsed time", 165.3), ("PL/SQL execution elapsed time", 21.9),
               ("parse time elapsed", 1.1), ("hard parse elapsed time", 0.8),
               ("connection management call elapsed time", 0.4),
               ("PL/SQL compilation elapsed time", 0.1),
               ("hard parse (sharing criteria) elapsed time", 0.0),
               ("sequence load elapsed time", 0.0), ("repeated bind elapsed time", 0.0)]
    r["fg"] = [
        Ev("db file sequential read", UIO, 92400, 81.3),
        Ev("direct path read", UIO, 1480, 9.8),
        Ev("db file scattered read", UIO, 1900, 4.6),
        Ev("log file sync", COMMIT, 1807, 3.1),
        Ev("control file sequential read", SYSIO, 1240, 0.14),
        Ev("PGA memory operation", OTHER, 10100, 0.13),
        Ev("Disk file operations I/O", UIO, 181, 0.09),
        Ev("library cache: mutex X", CONC, 120, 0.06),
        Ev("latch: shared pool", CONC, 95, 0.05),
        Ev("SQL*Net message to client", NET, 12980, 0.02),
        Ev("SQL*Net message from client", IDLE, 12970, 1833.8),
    ]
    r["bg"] = bg_events(1655, 1.99, 1130, 1.36, 600)
    stable = stable_sql([
        (14388, 9.91, 2.15, 7.30, 172650, 8700, 43164),
        (9006, 3.15, 0.93, 2.12, 36020, 2530, 9006),
        (10, 4.90, 1.04, 3.72, 62380, 9940, 40),
        (1802, 1.64, 0.49, 1.07, 9010, 1230, 1802),
        (1802, 0.96, 0.62, 0.29, 7410, 320, 1802),
        (10, 0.59, 0.32, 0.23, 4080, 170, 302),
        (5998, 0.42, 0.40, 0.00, 11996, 0, 5998),
    ])
    driver = Sql(DRIVER_BIND, SQLPLUS, 1, 129.30, 46.00, 81.00, 4106000, 108390, 1, 1,
                 sql_id=DRIVER_BIND_ID, plsql=True)
    bind_sel = Sql(SELECT_BIND, SQLPLUS, 1000000, 112.40, 34.10, 76.50, 4000000, 89600,
                   1000000, 1)
    r["sqls"] = [driver, bind_sel] + stable
    base_stats(r, {
        "user commits": 1802, "user calls": 12990, "execute count": 1045650,
        "parse count (total)": 9050, "parse count (hard)": 428,
        "parse count (failures)": 0, "parse count (describe)": 0,
        "parse time cpu": 50, "parse time elapsed": 110,
        "session logical reads": 4480000, "db block changes": 55900,
        "physical writes": 4650, "physical write IO requests": 3330,
        "physical write total IO requests": 3330 + 1655 + 620,
        "redo size": 9760000, "logons cumulative": 61, "user logons cumulative": 49,
        "opened cursors cumulative": 15100, "session cursor cache hits": 7200,
        "recursive calls": 1052000, "sorts (memory)": 3120, "sorts (disk)": 0,
        "sorts (rows)": 48300, "table fetch by rowid": 1060000,
        "table scans (long tables)": 22, "table scans (short tables)": 1860,
        "enqueue requests": 9180, "enqueue releases": 9178,
        "workarea executions - optimal": 3170, "workarea executions - onepass": 0,
        "workarea executions - multipass": 0, "index fetch by key": 1026300,
        "leaf node splits": 42,
    })
    r["eff"] = dict(buffer_nowait=100.00, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=99.71, latch_hit=99.99)
    return r


def commit_common_stats(calls, execs, parses, hard, lreads, extra):
    s = {
        "user commits": 600000, "user calls": calls, "execute count": execs,
        "parse count (total)": parses, "parse count (hard)": hard,
        "parse count (failures)": 0, "parse count (describe)": 0,
        "session logical reads": lreads, "redo size": 1500600000,
        "logons cumulative": 412, "user logons cumulative": 388,
        "recursive calls": 1630000, "sorts (memory)": 41000, "sorts (disk)": 0,
        "sorts (rows)": 910000, "table scans (long tables)": 0,
        "enqueue requests": 1212000, "enqueue releases": 1211990,
        "workarea executions - onepass": 0, "workarea executions - multipass": 0,
        "leaf node splits": 9400,
    }
    s.update(extra)
    return s


def make_commit_normal():
    r = dict(name="commit_normal", snap_b=4530, snap_e=4536,
             t_b=datetime.datetime(2025, 3, 15, 10, 0, 2), elapsed=3600,
             sess=(412, 418), curs=(4.2, 4.3), load=(2.4, 2.6),
             db_time=5400.0, db_cpu=2880.0, bg_cpu=310.0, bg_ela=1050.0,
             busy=(268100, 84700), iowait=21000, sql_work_mb=1480)
    r["tm"] = [("sql execute elapsed time", 3540.2), ("parse time elapsed", 41.3),
               ("PL/SQL execution elapsed time", 12.4), ("hard parse elapsed time", 8.2),
               ("connection management call elapsed time", 2.1),
               ("sequence load elapsed time", 1.9), ("repeated bind elapsed time", 0.4),
               ("PL/SQL compilation elapsed time", 0.2),
               ("hard parse (sharing criteria) elapsed time", 0.1)]
    r["fg"] = [
        Ev("log file sync", COMMIT, 600210, 1800.6),
        Ev("db file sequential read", UIO, 380000, 342.0),
        Ev("enq: TX - index contention", CONC, 9800, 52.9),
        Ev("buffer busy waits", CONC, 31500, 40.9),
        Ev("SQL*Net message to client", NET, 3605000, 9.0),
        Ev("PGA memory operation", OTHER, 240000, 3.1),
        Ev("latch: redo allocation", OTHER, 4200, 1.3),
        Ev("control file sequential read", SYSIO, 7200, 0.9),
        Ev("library cache: mutex X", CONC, 2100, 0.8),
        Ev("log file switch completion", CONF, 12, 0.6),
        Ev("SQL*Net message from client", IDLE, 3604000, 41300.0),
    ]
    r["bg"] = bg_events(412300, 824.6, 61000, 91.5, 3600)
    r["sqls"] = [
        Sql(T_ACC_UPD, JDBC, 600000, 1320.0, 780.0, 168.0, 2400000, 150000, 600000, 2400),
        Sql(T_LEDGER, JDBC, 600000, 890.4, 620.0, 101.0, 3600000, 70000, 600000, 2400),
        Sql(T_BAL, JDBC, 1200000, 610.2, 540.0, 58.0, 4800000, 60000, 1200000, 4800),
        Sql(T_DASH, DASH, 1800, 262.3, 229.5, 9.3, 9720000, 4000, 21600, 1800),
        Sql(T_SESS, JDBC, 54000, 18.7, 5.5, 12.6, 216000, 15000, 54000, 480),
        Sql(T_CONF, JDBC, 36000, 2.5, 2.3, 0.0, 72000, 0, 36000, 360),
    ]
    base_stats(r, commit_common_stats(
        3612000, 2520000, 1210000, 1450, 24600000, {
            "parse time cpu": 3020, "parse time elapsed": 4130,
            "db block changes": 4800000, "physical writes": 244000,
            "physical write IO requests": 61000,
            "physical write total IO requests": 61000 + 412300 + 3700,
            "opened cursors cumulative": 2430000, "session cursor cache hits": 1180000,
            "table fetch by rowid": 1880000, "table scans (short tables)": 11000,
            "workarea executions - optimal": 40500, "index fetch by key": 2460000,
        }))
    r["eff"] = dict(buffer_nowait=99.95, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=99.96, latch_hit=99.98)
    return r


def make_lgwr_before():
    r = dict(name="lgwr_before", snap_b=4650, snap_e=4656,
             t_b=datetime.datetime(2025, 3, 20, 10, 0, 2), elapsed=3600,
             sess=(412, 418), curs=(4.2, 4.3), load=(2.4, 2.6),
             db_time=7008.6, db_cpu=2880.0, bg_cpu=310.0, bg_ela=1050.0,
             busy=(268100, 84700), iowait=21000, sql_work_mb=1480)
    r["tm"] = [("sql execute elapsed time", 3540.2), ("parse time elapsed", 41.3),
               ("PL/SQL execution elapsed time", 12.4), ("hard parse elapsed time", 8.2),
               ("connection management call elapsed time", 2.1),
               ("sequence load elapsed time", 1.9), ("repeated bind elapsed time", 0.4),
               ("PL/SQL compilation elapsed time", 0.2),
               ("hard parse (sharing criteria) elapsed time", 0.1)]
    r["fg"] = [
        Ev("log file sync", COMMIT, 600210, 3409.2),
        Ev("db file sequential read", UIO, 380000, 342.0),
        Ev("enq: TX - index contention", CONC, 9800, 52.9),
        Ev("buffer busy waits", CONC, 31500, 40.9),
        Ev("SQL*Net message to client", NET, 3605000, 9.0),
        Ev("PGA memory operation", OTHER, 240000, 3.1),
        Ev("latch: redo allocation", OTHER, 4200, 1.3),
        Ev("control file sequential read", SYSIO, 7200, 0.9),
        Ev("library cache: mutex X", CONC, 2100, 0.8),
        Ev("log file switch completion", CONF, 12, 0.6),
        Ev("SQL*Net message from client", IDLE, 3604000, 41300.0),
    ]
    r["bg"] = bg_events(412300, 494.8, 61000, 91.5, 3600)
    r["sqls"] = [
        Sql(T_ACC_UPD, JDBC, 600000, 1320.0, 780.0, 168.0, 2400000, 150000, 600000, 2400),
        Sql(T_LEDGER, JDBC, 600000, 890.4, 620.0, 101.0, 3600000, 70000, 600000, 2400),
        Sql(T_BAL, JDBC, 1200000, 610.2, 540.0, 58.0, 4800000, 60000, 1200000, 4800),
        Sql(T_DASH, DASH, 1800, 262.3, 229.5, 9.3, 9720000, 4000, 21600, 1800),
        Sql(T_SESS, JDBC, 54000, 18.7, 5.5, 12.6, 216000, 15000, 54000, 480),
        Sql(T_CONF, JDBC, 36000, 2.5, 2.3, 0.0, 72000, 0, 36000, 360),
    ]
    base_stats(r, commit_common_stats(
        3612000, 2520000, 1210000, 1450, 24600000, {
            "parse time cpu": 3020, "parse time elapsed": 4130,
            "db block changes": 4800000, "physical writes": 244000,
            "physical write IO requests": 61000,
            "physical write total IO requests": 61000 + 412300 + 3700,
            "opened cursors cumulative": 2430000, "session cursor cache hits": 1180000,
            "table fetch by rowid": 1880000, "table scans (short tables)": 11000,
            "workarea executions - optimal": 40500, "index fetch by key": 2460000,
        }))
    r["eff"] = dict(buffer_nowait=99.95, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=99.96, latch_hit=99.98)
    return r


def make_lgwr_after():
    r = dict(name="lgwr_after", snap_b=4866, snap_e=4872,
             t_b=datetime.datetime(2025, 3, 27, 10, 0, 2), elapsed=3600,
             sess=(412, 418), curs=(4.2, 4.3), load=(2.4, 2.6),
             db_time=4292.9, db_cpu=2880.0, bg_cpu=310.0, bg_ela=1050.0,
             busy=(268100, 84700), iowait=21000, sql_work_mb=1480)
    r["tm"] = [("sql execute elapsed time", 3540.2), ("parse time elapsed", 41.3),
               ("PL/SQL execution elapsed time", 12.4), ("hard parse elapsed time", 8.2),
               ("connection management call elapsed time", 2.1),
               ("sequence load elapsed time", 1.9), ("repeated bind elapsed time", 0.4),
               ("PL/SQL compilation elapsed time", 0.2),
               ("hard parse (sharing criteria) elapsed time", 0.1)]
    r["fg"] = [
        Ev("log file sync", COMMIT, 600180, 690.2),
        Ev("db file sequential read", UIO, 380000, 342.0),
        Ev("enq: TX - index contention", CONC, 9800, 52.9),
        Ev("buffer busy waits", CONC, 31500, 44.2),
        Ev("SQL*Net message to client", NET, 3605000, 9.0),
        Ev("PGA memory operation", OTHER, 240000, 3.1),
        Ev("latch: redo allocation", OTHER, 4200, 1.3),
        Ev("control file sequential read", SYSIO, 7200, 0.9),
        Ev("library cache: mutex X", CONC, 2100, 0.8),
        Ev("log file switch completion", CONF, 12, 0.6),
        Ev("SQL*Net message from client", IDLE, 3604000, 41300.0),
    ]
    r["bg"] = bg_events(412300, 391.7, 61000, 91.5, 3600)
    r["sqls"] = [
        Sql(T_ACC_UPD, JDBC, 600000, 1320.0, 780.0, 168.0, 2400000, 150000, 600000, 2400),
        Sql(T_LEDGER, JDBC, 600000, 890.4, 620.0, 101.0, 3600000, 70000, 600000, 2400),
        Sql(T_BAL, JDBC, 1200000, 610.2, 540.0, 58.0, 4800000, 60000, 1200000, 4800),
        Sql(T_DASH, DASH, 1800, 262.3, 229.5, 9.3, 9720000, 4000, 21600, 1800),
        Sql(T_SESS, JDBC, 54000, 18.7, 5.5, 12.6, 216000, 15000, 54000, 480),
        Sql(T_CONF, JDBC, 36000, 2.5, 2.3, 0.0, 72000, 0, 36000, 360),
    ]
    base_stats(r, commit_common_stats(
        3612000, 2520000, 1210000, 1450, 24600000, {
            "parse time cpu": 3020, "parse time elapsed": 4130,
            "db block changes": 4800000, "physical writes": 244000,
            "physical write IO requests": 61000,
            "physical write total IO requests": 61000 + 412300 + 3700,
            "opened cursors cumulative": 2430000, "session cursor cache hits": 1180000,
            "table fetch by rowid": 1880000, "table scans (short tables)": 11000,
            "workarea executions - optimal": 40500, "index fetch by key": 2460000,
        }))
    r["eff"] = dict(buffer_nowait=99.95, redo_nowait=100.00, in_mem_sort=100.00,
                    library_hit=99.96, latch_hit=99.98)
    r["params"] = INIT_PARAMS + [("_use_single_log_writer", "TRUE")]
    return r


def make_commit_spike():
    r = dict(name="commit_spike", snap_b=4572, snap_e=4578,
             t_b=datetime.datetime(2025, 3, 15, 17, 0, 2), elapsed=3600,
             sess=(420, 436), curs=(4.4, 4.6), load=(46.2, 52.7),
             db_time=180000.0, db_cpu=26100.0, bg_cpu=690.0, bg_ela=1420.0,
             busy=(2353000, 383000), iowait=6100, sql_work_mb=1530)
    r["tm"] = [("sql execute elapsed time", 33120.4), ("parse time elapsed", 980.4),
               ("PL/SQL execution elapsed time", 40.6), ("hard parse elapsed time", 35.2),
               ("sequence load elapsed time", 12.6),
               ("connection management call elapsed time", 8.9),
               ("repeated bind elapsed time", 1.2),
               ("PL/SQL compilation elapsed time", 0.3),
               ("hard parse (sharing criteria) elapsed time", 0.2)]
    r["fg"] = [
        Ev("log file sync", COMMIT, 600140, 148234.6),
        Ev("enq: TX - index contention", CONC, 10400, 1248.0),
        Ev("db file sequential read", UIO, 395000, 869.0),
        Ev("buffer busy waits", CONC, 34000, 646.0),
        Ev("latch: redo allocation", OTHER, 18900, 170.1),
        Ev("library cache: mutex X", CONC, 8700, 104.4),
        Ev("PGA memory operation", OTHER, 1250000, 62.5),
        Ev("cursor: pin S", CONC, 9400, 41.4),
        Ev("SQL*Net message to client", NET, 3602000, 10.8),
        Ev("control file sequential read", SYSIO, 7200, 4.3),
        Ev("log file switch completion", CONF, 14, 1.1),
        Ev("SQL*Net message from client", IDLE, 3601000, 39800.0),
    ]
    r["bg"] = bg_events(405200, 810.4, 62000, 220.0, 3600)
    r["sqls"] = [
        Sql(T_DASH, DASH, 180000, 28410.0, 22950.0, 310.0, 972000000, 9000, 2160000, 180000),
        Sql(T_ACC_UPD, JDBC, 600000, 2160.0, 1020.0, 210.0, 2400000, 151000, 600000, 2400),
        Sql(T_BAL, JDBC, 1200000, 1210.0, 575.0, 96.0, 4800000, 62000, 1200000, 4800),
        Sql(T_LEDGER, JDBC, 600000, 1150.0, 840.0, 120.0, 3600000, 71000, 600000, 2400),
        Sql(T_SESS, JDBC, 54000, 24.4, 6.0, 14.2, 216000, 15200, 54000, 480),
        Sql(T_CONF, JDBC, 36000, 4.1, 2.5, 0.0, 72000, 0, 36000, 360),
    ]
    base_stats(r, commit_common_stats(
        3609000, 2700000, 1398000, 1520, 990000000, {
            "parse time cpu": 7850, "parse time elapsed": 98040,
            "db block changes": 4810000, "physical writes": 248000,
            "physical write IO requests": 62000,
            "physical write total IO requests": 62000 + 405200 + 3700,
            "opened cursors cumulative": 2610000, "session cursor cache hits": 1360000,
            "table fetch by rowid": 1890000, "table scans (short tables)": 191000,
            "workarea executions - optimal": 218000, "index fetch by key": 2470000,
        }))
    r["eff"] = dict(buffer_nowait=99.41, redo_nowait=99.97, in_mem_sort=100.00,
                    library_hit=99.95, latch_hit=99.62)
    return r


# --------------------------------------------------------------------------
# Baseline periods of Case 1: the good state on other days
# --------------------------------------------------------------------------

# (name, begin snap time, elapsed (s), seed).  The same 10-minute window as
# good (14:00-14:10) on the four following days.  Snapshots are taken every
# 10 minutes, so the snap ids follow good's (4410 at 14-Mar-25 14:00), 144 a
# day; the begin time and the elapsed time vary by a few seconds as MMON's do.
GOOD_PERIODS = [
    ("good_1", datetime.datetime(2025, 3, 15, 14, 0, 4), 599, 1501),
    ("good_2", datetime.datetime(2025, 3, 16, 14, 0, 2), 601, 1602),
    ("good_3", datetime.datetime(2025, 3, 17, 14, 0, 3), 600, 1713),
    ("good_4", datetime.datetime(2025, 3, 18, 14, 0, 5), 602, 1804),
]
GOOD_SNAP_B = 4410
GOOD_T_B = datetime.datetime(2025, 3, 14, 14, 0, 3)
SNAPS_PER_DAY = 144


class Noise(object):
    """Deterministic pseudo-noise for one period: random.Random(seed), only
    random() is used (its sequence for an int seed is the same on every
    Python 3).  Every multiplier stays within +-LIMIT of 1, so any two periods
    differ by less than the metric catalog's 20 % floors."""

    LIMIT = 0.08

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def u(self, a):
        """Uniform in [-a, a]."""
        return (2.0 * self.rng.random() - 1.0) * a

    def swing(self, lo, hi):
        """A magnitude uniform in [lo, hi] with a random sign."""
        v = lo + self.rng.random() * (hi - lo)
        return v if self.rng.random() < 0.5 else -v

    def m(self, *factors, **kw):
        """A multiplier: the product of the shared factors and this item's own
        jitter (+-4 % unless jitter= says otherwise), clamped to +-LIMIT."""
        v = 1.0 + self.u(kw.get("jitter", 0.04))
        for f in factors:
            v *= f
        return min(1.0 + self.LIMIT, max(1.0 - self.LIMIT, v))

    def count(self, n, *factors, **kw):
        return int(round(n * self.m(*factors, **kw)))

    def time(self, t, *factors, **kw):
        """A time at the precision the reports use: 0.1 s from 1 s up, else 0.01 s."""
        v = t * self.m(*factors, **kw)
        return round(v, 1) if v >= 1 else round(v, 2)


def make_good_period(name, t_b, elapsed, seed):
    """A normal period of the Case 1 workload (good's), with a few percent of
    noise on every figure.  Shared factors keep the figures consistent: the
    rows the driver processes (literal SELECTs, hard parses, its reads), the
    application's load (JDBC executions, user calls, commits, redo) and the
    I/O latency.  Everything derived (DB time, DB CPU, time model, instance
    totals) is rebuilt from the varied parts the way good's figures are made."""
    g = make_good()
    n = Noise(seed)
    e_ratio = elapsed / float(g["elapsed"])
    f_rows = 1.0 + n.swing(0.02, 0.06)      # rows processed by APP_LOAD.PROCESS_ROWS
    f_app = 1.0 + n.swing(0.02, 0.05)       # JDBC application load (and commits)
    f_io = 1.0 + n.swing(0.02, 0.05)        # I/O latency
    days = (t_b.date() - GOOD_T_B.date()).days
    snap_b = GOOD_SNAP_B + SNAPS_PER_DAY * days
    r = dict(name=name, snap_b=snap_b, snap_e=snap_b + 1, t_b=t_b, elapsed=elapsed,
             sess=(g["sess"][0] + int(round(n.u(3))), g["sess"][1] + int(round(n.u(3)))),
             curs=(round(g["curs"][0] + n.u(0.2), 1), round(g["curs"][1] + n.u(0.2), 1)),
             load=(round(g["load"][0] + n.u(0.1), 2), round(g["load"][1] + n.u(0.1), 2)),
             sql_work_mb=n.count(g["sql_work_mb"], jitter=0.04))
    rows = n.count(10000, f_rows, jitter=0.01)
    commits = n.count(g["stats"]["user commits"], f_app, e_ratio)
    fev = dict((e.name, e) for e in g["fg"])

    def ev(name, waits, *factors):
        e = fev[name]
        return Ev(name, e.wclass, waits, n.time(e.time * waits / float(e.waits), *factors))

    def scaled(name, *factors):
        return ev(name, n.count(fev[name].waits, *factors), f_io)

    calls = n.count(g["stats"]["user calls"], f_app, e_ratio)
    r["fg"] = [
        ev("db file sequential read", n.count(fev["db file sequential read"].waits, f_rows), f_io),
        ev("direct path read", n.count(fev["direct path read"].waits, f_rows), f_io),
        scaled("db file scattered read", e_ratio),
        ev("log file sync", commits + int(round(6 + n.u(3))), f_io),
        ev("latch: shared pool", n.count(fev["latch: shared pool"].waits, f_rows, jitter=0.05)),
        ev("library cache: mutex X", n.count(fev["library cache: mutex X"].waits, f_rows, jitter=0.05)),
        ev("control file sequential read", n.count(fev["control file sequential read"].waits, e_ratio,
                                                   jitter=0.01)),
        ev("PGA memory operation", n.count(fev["PGA memory operation"].waits, f_rows)),
        ev("Disk file operations I/O", n.count(fev["Disk file operations I/O"].waits, e_ratio)),
        ev("cursor: pin S wait on X", n.count(fev["cursor: pin S wait on X"].waits, f_rows, jitter=0.05)),
        Ev("SQL*Net message to client", NET, calls - 10, fev["SQL*Net message to client"].time),
        Ev("SQL*Net message from client", IDLE, calls - 20,
           round(fev["SQL*Net message from client"].time * n.m(e_ratio, jitter=0.01), 1)),
    ]
    lfpw = n.count(1650, commits / 1800.0, jitter=0.01)
    dbpw = n.count(1120, f_app, e_ratio)
    bg = bg_events(lfpw, round(1.98 * lfpw / 1650.0 * n.m(f_io), 2), dbpw,
                   round(1.34 * dbpw / 1120.0 * n.m(f_io), 2), elapsed)
    # the other background events follow the elapsed time in bg_events(): vary them too
    # (the timers excepted: pmon and smon wake on a clock)
    for e in bg[2:]:
        if e.name not in ("pmon timer", "smon timer"):
            e.waits = n.count(e.waits, jitter=0.01 if e.idle else 0.04)
            e.time = e.time * n.m(jitter=0.01 if e.idle else 0.04)
    r["bg"] = bg

    # SQL: the seven application statements, the driver and three literal SELECTs
    gs = g["sqls"]
    g_driver, g_stable, g_lits = gs[0], gs[1:8], gs[8:]
    stable = []
    for s in g_stable:
        if s.module == SCHED:
            ex = s.execs                                  # a job every minute
        elif s.text in (T_UPD, T_INS):
            ex = commits                                  # one of each per order commit
        else:
            ex = n.count(s.execs, f_app, e_ratio)
        k = ex / float(s.execs)
        cpu = s.cpu * k * n.m()
        uio = s.uio * k * n.m(f_io)
        ela = cpu + uio + (s.ela - s.cpu - s.uio) * k * n.m(jitter=0.05)
        rpe = s.rows / float(s.execs)
        stable.append((ex, ela, cpu, uio, int(round(s.gets * k * n.m(jitter=0.01))),
                       int(round(s.reads * k * n.m(f_io))),
                       int(round(ex * rpe * (n.m() if s.text == T_PURGE else 1.0)))))
    stable = stable_sql(stable)
    seen = set()
    ids = []
    while len(ids) < 3:
        i = 1000 + int(n.rng.random() * 9000)
        if i not in seen and i not in (7313, 2048, 9127):
            seen.add(i)
            ids.append(i)
    lits = literal_selects([(i,) + (l.ela, l.cpu, l.uio, l.gets, l.reads)
                            for i, l in zip(ids, g_lits)])
    uio_fg = sum(e.time for e in r["fg"] if e.wclass == UIO)
    d_uio = round(uio_fg - sum(s.uio for s in stable + lits), 1)
    d_cpu = round(g_driver.cpu * rows / 10000.0 * n.m(), 1)
    d_ela = round(d_cpu + d_uio + (g_driver.ela - g_driver.cpu - g_driver.uio) * n.m(f_rows, jitter=0.05), 1)
    reads = sum(e.waits * BLOCKS_PER_WAIT[e.name] for e in r["fg"] + r["bg"] if e.name in BLOCKS_PER_WAIT)
    d_reads = (reads - sum(s.reads for s in stable + lits) - n.count(264)) // 10 * 10
    d_gets = rows * 31 + n.count(8000)
    driver = Sql(DRIVER_LITERAL, SQLPLUS, 1, d_ela, d_cpu, d_uio, d_gets, d_reads, 1, 1,
                 sql_id=DRIVER_LITERAL_ID, plsql=True)
    r["sqls"] = [driver] + stable + lits

    # DB CPU and DB time from their parts, as in good
    g_cpu_other = g["db_cpu"] - g_driver.cpu - sum(s.cpu for s in g_stable)
    r["db_cpu"] = round(d_cpu + sum(s.cpu for s in stable) + g_cpu_other * n.m(f_app, e_ratio), 1)
    waits = sum(e.time for e in r["fg"] if not e.idle)
    g_waits = sum(e.time for e in g["fg"] if not e.idle)
    r["db_time"] = round(r["db_cpu"] + waits + (g["db_time"] - g["db_cpu"] - g_waits) * n.m(jitter=0.05), 1)
    r["bg_cpu"] = round(g["bg_cpu"] * n.m(e_ratio), 1)
    r["bg_ela"] = round(g["bg_ela"] * n.m(e_ratio), 1)
    user_cs = int(round(g["busy"][0] * (r["db_cpu"] + r["bg_cpu"]) / (g["db_cpu"] + g["bg_cpu"]) * n.m()))
    r["busy"] = (user_cs, n.count(g["busy"][1], e_ratio))
    r["iowait"] = n.count(g["iowait"], f_io, e_ratio)

    # time model
    gtm = dict(g["tm"])
    parse = round(gtm["parse time elapsed"] * rows / 10000.0 * n.m(), 1)
    sql_ela_other = gtm["sql execute elapsed time"] - g_driver.ela - sum(s.ela for s in g_stable)
    tm = dict(gtm)
    tm["sql execute elapsed time"] = round(d_ela + sum(s.ela for s in stable) + sql_ela_other * n.m(jitter=0.05), 1)
    tm["parse time elapsed"] = parse
    tm["hard parse elapsed time"] = round(parse * gtm["hard parse elapsed time"] / gtm["parse time elapsed"]
                                          * n.m(jitter=0.01), 1)
    tm["PL/SQL execution elapsed time"] = round(gtm["PL/SQL execution elapsed time"] * n.m(f_rows), 1)
    tm["connection management call elapsed time"] = round(0.4 * n.m(e_ratio, jitter=0.1), 1)
    r["tm"] = sorted(tm.items(), key=lambda t: (-t[1], t[0]))

    # instance statistics
    gst = g["stats"]
    st = dict(gst)
    for key, factors in [("db block changes", (f_app, e_ratio)), ("physical writes", (f_app, e_ratio)),
                         ("physical write IO requests", (f_app, e_ratio)), ("redo size", (commits / 1800.0,)),
                         ("session cursor cache hits", (f_app, e_ratio)), ("sorts (memory)", (f_app, e_ratio)),
                         ("sorts (rows)", (f_app, e_ratio)), ("table fetch by rowid", (f_app, e_ratio)),
                         ("table scans (short tables)", (f_app, e_ratio)),
                         ("enqueue requests", (f_app, e_ratio)),
                         ("workarea executions - optimal", (f_app, e_ratio)),
                         ("index fetch by key", (f_app, e_ratio)), ("leaf node splits", (f_app, e_ratio)),
                         ("recursive calls", (f_rows,)), ("logons cumulative", (e_ratio,)),
                         ("user logons cumulative", (e_ratio,))]:
        st[key] = n.count(gst[key], *factors)
    st["enqueue releases"] = st["enqueue requests"] - 2
    st["physical write total IO requests"] = st["physical write IO requests"] + lfpw + 620
    st["user commits"] = commits
    st["user calls"] = calls
    g_execs = sum(s.execs for s in gs)
    st["execute count"] = (sum(s.execs for s in r["sqls"]) - len(lits) + rows
                           + n.count(gst["execute count"] - g_execs - (10000 - len(g_lits)), f_app, e_ratio))
    g_parses = sum(s.parses for s in gs)
    st["parse count (total)"] = (sum(s.parses for s in r["sqls"]) - len(lits) + rows
                                 + n.count(gst["parse count (total)"] - g_parses - (10000 - len(g_lits)),
                                           f_app, e_ratio))
    st["parse count (hard)"] = rows + n.count(gst["parse count (hard)"] - 10000, jitter=0.05)
    st["parse time elapsed"] = int(round(parse * 100))
    st["parse time cpu"] = int(round(gst["parse time cpu"] * parse / gtm["parse time elapsed"] * n.m()))
    st["opened cursors cumulative"] = rows + n.count(gst["opened cursors cumulative"] - 10000, f_app, e_ratio)
    g_gets = sum(s.gets for s in gs)
    st["session logical reads"] = (sum(s.gets for s in r["sqls"] if s not in lits)
                                   + n.count(gst["session logical reads"] - g_gets + sum(s.gets for s in g_lits),
                                             f_app, e_ratio))
    st["table scans (long tables)"] = gst["table scans (long tables)"] + int(round(n.u(1)))
    base_stats(r, st)
    lib = g["eff"]["library_hit"] + n.u(0.15)
    r["eff"] = dict(g["eff"], library_hit=round(lib, 2))
    return r


# --------------------------------------------------------------------------
# Derived figures
# --------------------------------------------------------------------------


def derive(r):
    """Compute everything the two renderers need from the base data."""
    E = float(r["elapsed"])
    st = r["stats"]
    d = {}
    d["E"] = E
    d["t_e"] = r["t_b"] + datetime.timedelta(seconds=r["elapsed"])
    txn = st["user commits"] + st["user rollbacks"]
    d["txn"] = txn
    fg = [e for e in r["fg"] if not e.idle]
    fg_idle = [e for e in r["fg"] if e.idle]
    bg = [e for e in r["bg"] if not e.idle]
    bg_idle = [e for e in r["bg"] if e.idle]
    bykey = lambda e: (-rnd(e.time, 6), -e.waits, e.name)
    d["fg_events"] = sorted(fg, key=bykey) + sorted(fg_idle, key=bykey)
    d["bg_events"] = sorted(bg, key=bykey) + sorted(bg_idle, key=bykey)

    # Top 10 foreground events (DB CPU as a row)
    top = [("DB CPU", None, r["db_cpu"], None)] + [(e.name, e.waits, e.time, e.wclass) for e in fg]
    top.sort(key=lambda t: (-t[2], t[0]))
    d["top10"] = top[:10]

    # wait classes
    def classes(events):
        agg = {}
        for e in events:
            a = agg.setdefault(e.wclass, [0, 0.0])
            a[0] += e.waits
            a[1] += e.time
        return agg
    fgc = classes(fg)
    allc = classes(fg + bg)
    d["fg_classes"] = sorted([(k, v[0], v[1]) for k, v in fgc.items()] + [("DB CPU", None, r["db_cpu"])],
                             key=lambda t: (-t[2], t[0]))
    d["all_classes"] = sorted([(k, v[0], v[1]) for k, v in allc.items()] + [("DB CPU", None, r["db_cpu"])],
                              key=lambda t: (-t[2], t[0]))
    d["fg_wait_total"] = sum(e.time for e in fg)
    d["captured_pct"] = pct(d["fg_wait_total"] + r["db_cpu"], r["db_time"])
    d["uio_total"] = sum(e.time for e in fg + bg if e.wclass == UIO)

    # load profile
    execs, calls = st["execute count"], st["user calls"]
    lp = [
        ("DB Time(s)", r["db_time"], True),
        ("DB CPU(s)", r["db_cpu"], True),
        ("Background CPU(s)", r["bg_cpu"], True),
        ("Redo size (bytes)", st["redo size"], False),
        ("Logical read (blocks)", st["session logical reads"], False),
        ("Block changes", st["db block changes"], False),
        ("Physical read (blocks)", st["physical reads"], False),
        ("Physical write (blocks)", st["physical writes"], False),
        ("Read IO requests", st["physical read IO requests"], False),
        ("Write IO requests", st["physical write IO requests"], False),
        ("Read IO (MB)", st["physical read bytes"] / MB, False),
        ("Write IO (MB)", st["physical write bytes"] / MB, False),
        ("IM scan rows", 0, False),
        ("Session Logical Read IM", 0, False),
        ("User calls", calls, False),
        ("Parses (SQL)", st["parse count (total)"], False),
        ("Hard parses (SQL)", st["parse count (hard)"], False),
        ("SQL Work Area (MB)", r["sql_work_mb"], False),
        ("Logons", st["logons cumulative"], False),
        ("User logons", st["user logons cumulative"], False),
        ("Executes (SQL)", execs, False),
        ("Rollbacks", st["user rollbacks"], False),
    ]
    d["load_profile"] = [(name, v / E, v / txn, v / execs if pe else None,
                          v / calls if pe else None) for (name, v, pe) in lp]
    d["load_profile"].append(("Transactions", txn / E, None, None, None))

    # instance efficiency
    eff = r["eff"]
    parse_tot = st["parse count (total)"]
    d["efficiency"] = [
        ("Buffer Nowait %", eff["buffer_nowait"], "Redo NoWait %", eff["redo_nowait"]),
        ("Buffer  Hit   %", 100.0 * (1 - float(st["physical reads cache"]) / st["session logical reads"]),
         "In-memory Sort %", eff["in_mem_sort"]),
        ("Library Hit   %", eff["library_hit"], "Soft Parse %",
         100.0 * (1 - float(st["parse count (hard)"]) / parse_tot)),
        ("Execute to Parse %", 100.0 * (1 - float(parse_tot) / execs), "Latch Hit %", eff["latch_hit"]),
        ("Parse CPU to Parse Elapsd %", pct(st["parse time cpu"], st["parse time elapsed"]),
         "% Non-Parse CPU", 100.0 * (1 - st["parse time cpu"] / (r["db_cpu"] * 100.0))),
        ("Flash Cache Hit %", 0.0, None, None),
    ]

    # host / OS
    ncpu = DB["cpus"]
    total_cs = ncpu * E * 100
    user, sys_ = r["busy"]
    busy = user + sys_
    idle = int(total_cs - busy)
    d["os"] = dict(busy=busy, idle=idle, user=user, sys=sys_, iowait=r["iowait"], total=total_cs)
    inst_cpu_cs = (r["db_cpu"] + r["bg_cpu"]) * 100
    d["host_cpu"] = (pct(user, total_cs), pct(sys_, total_cs), pct(r["iowait"], total_cs),
                     pct(idle, total_cs))
    d["inst_cpu"] = (pct(inst_cpu_cs, total_cs), pct(inst_cpu_cs, busy), 0.0)
    mem = DB["mem_bytes"]
    seed = sum(ord(c) for c in r["name"])
    page = 4096
    free_b = (int(mem * 0.061) // page + seed * 37) * page
    free_e = free_b - page * (seed % 97) * 211
    inact_b = (int(mem * 0.187) // page + seed * 11) * page
    inact_e = inact_b + page * seed * 2
    d["os_stats"] = [
        ("FREE_MEMORY_BYTES", free_b, free_e),
        ("INACTIVE_MEMORY_BYTES", inact_b, inact_e),
        ("SWAP_FREE_BYTES", 8589930496, 8589930496),
        ("BUSY_TIME", busy, None),
        ("IDLE_TIME", idle, None),
        ("IOWAIT_TIME", r["iowait"], None),
        ("NICE_TIME", 0, None),
        ("SYS_TIME", sys_, None),
        ("USER_TIME", user, None),
        ("LOAD", int(rnd(r["load"][0], 0)), int(rnd(r["load"][1], 0))),
        ("RSRC_MGR_CPU_WAIT_TIME", 0, None),
        ("VM_IN_BYTES", 0, None),
        ("VM_OUT_BYTES", 0, None),
        ("PHYSICAL_MEMORY_BYTES", mem, None),
        ("NUM_CPUS", ncpu, None),
        ("NUM_CPU_CORES", DB["cores"], None),
        ("NUM_CPU_SOCKETS", DB["sockets"], None),
        ("GLOBAL_RECEIVE_SIZE_MAX", 4194304, None),
        ("GLOBAL_SEND_SIZE_MAX", 1048576, None),
        ("TCP_RECEIVE_SIZE_DEFAULT", 87380, None),
        ("TCP_RECEIVE_SIZE_MAX", 6291456, None),
        ("TCP_RECEIVE_SIZE_MIN", 4096, None),
        ("TCP_SEND_SIZE_DEFAULT", 16384, None),
        ("TCP_SEND_SIZE_MAX", 4194304, None),
        ("TCP_SEND_SIZE_MIN", 4096, None),
    ]
    d["os_stats"] = [(n, b, (e if e is not None and e != b else None)) for (n, b, e) in d["os_stats"]]
    d["os_detail_end"] = (pct(busy, total_cs), pct(user, total_cs), pct(sys_, total_cs),
                          pct(idle, total_cs), pct(r["iowait"], total_cs))

    # time model
    total_cpu = r["db_cpu"] + r["bg_cpu"]
    tm = [("DB CPU", r["db_cpu"])] + list(r["tm"])
    tm.sort(key=lambda t: (-rnd(t[1], 2), t[0]))
    rows = [(n, v, pct(v, r["db_time"]), pct(v, total_cpu) if n == "DB CPU" else None) for (n, v) in tm]
    rows += [("DB time", r["db_time"], None, None),
             ("background elapsed time", r["bg_ela"], None, None),
             ("background cpu time", r["bg_cpu"], None, pct(r["bg_cpu"], total_cpu)),
             ("total CPU time", total_cpu, None, None)]
    d["time_model"] = rows

    # SQL lists
    sqls = r["sqls"]
    d["sql_by"] = {}
    for key in ("ela", "cpu", "uio", "gets", "reads", "execs", "parses"):
        lst = [s for s in sqls if getattr(s, key) > 0]
        lst.sort(key=lambda s: (-getattr(s, key), s.sql_id))
        d["sql_by"][key] = lst
    d["captured"] = dict(
        ela=(pct(sum(s.ela for s in sqls), r["db_time"]),
             pct(sum(s.ela for s in sqls if s.plsql), r["db_time"])),
        cpu=(pct(sum(s.cpu for s in sqls), r["db_cpu"]),
             pct(sum(s.cpu for s in sqls if s.plsql), r["db_cpu"])),
        uio=(pct(sum(s.uio for s in sqls), d["uio_total"]),
             pct(sum(s.uio for s in sqls if s.plsql), d["uio_total"])),
        gets=pct(sum(s.gets for s in sqls), st["session logical reads"]),
        reads=pct(sum(s.reads for s in sqls), st["physical reads"]),
        execs=pct(sum(s.execs for s in sqls), execs),
        parses=pct(sum(s.parses for s in sqls), parse_tot),
    )
    d["all_sql"] = sorted(sqls, key=lambda s: s.sql_id)

    # IOStat by Function summary
    def evsum(names, lst=None):
        lst = r["fg"] + r["bg"] if lst is None else lst
        w = sum(e.waits for e in lst if e.name in names)
        t = sum(e.time for e in lst if e.name in names)
        return w, t
    bc_w, bc_t = evsum(("db file sequential read", "db file scattered read"))
    bc_blocks = st["physical reads cache"]
    dr_w, dr_t = evsum(("direct path read",))
    lg_w, lg_t = evsum(("log file parallel write",))
    cf_r_w, cf_r_t = evsum(("control file sequential read",))
    cf_w_w, cf_w_t = evsum(("control file parallel write",))
    iost = [
        # name, read MB, read reqs, write MB, write reqs, waits, wait time
        ["Buffer Cache Reads", bc_blocks * BLOCK / MB, bc_w, 0.0, 0, bc_w, bc_t],
        ["Direct Reads", st["physical reads direct"] * BLOCK / MB, dr_w, 0.0, 0, dr_w, dr_t],
        ["LGWR", 0.0, 0, st["redo size"] / MB, lg_w, lg_w, lg_t],
        ["DBWR", 0.0, 0, st["physical write bytes"] / MB, st["physical write IO requests"], 0, 0.0],
        ["Others", cf_r_w * 16384 / MB, cf_r_w, cf_w_w * 16384 / MB, cf_w_w, cf_r_w + cf_w_w, cf_r_t + cf_w_t],
    ]
    iost.sort(key=lambda x: (-(x[1] + x[3]), x[0]))
    tot = ["TOTAL:"] + [sum(x[i] for x in iost) for i in range(1, 7)]
    d["iostat"] = iost + [tot]
    return d


# --------------------------------------------------------------------------
# HTML rendering
# --------------------------------------------------------------------------
CSS = """body.awr {font:10pt Verdana,Arial,sans-serif; color:#000; background:#fff;}
pre.awr {font:8pt monospace; color:#000; background:#fff;}
pre_sqltext.awr {white-space:pre-wrap;}
h1.awr {font:bold 18pt Verdana,Arial,sans-serif; color:#1f4e79; border-bottom:1px solid #aab; margin:0;}
h2.awr {font:bold 15pt Verdana,Arial,sans-serif; color:#1f4e79; margin:6pt 0 0 0;}
h3.awr {font:bold 13pt Verdana,Arial,sans-serif; color:#1f4e79; margin:6pt 0 0 0;}
li.awr {font:8pt Verdana,Arial,sans-serif; color:#000;}
a.awr {font:bold 8pt Verdana,Arial,sans-serif; color:#7a3b00;}
th.awrbg {font:bold 8pt Verdana,Arial,sans-serif; color:#fff; background:#2f6fb0; padding:0 4px 2px 4px;}
th.awrnobg {font:bold 8pt Verdana,Arial,sans-serif; color:#000; background:#fff; padding:0 4px 2px 4px;}
td.awrc {font:8pt Verdana,Arial,sans-serif; color:#000; background:#fdf8d8; vertical-align:top;}
td.awrnc {font:8pt Verdana,Arial,sans-serif; color:#000; background:#fff; vertical-align:top;}
table.tdiff {border-collapse:collapse;}
.hidden {position:absolute; left:-9999px; width:1px; height:1px; overflow:hidden;}"""

NB = "&#160;"


def esc(s):
    return html.escape(s, quote=False)


class Html(object):
    def __init__(self, r, d):
        self.r, self.d = r, d
        self.o = []

    def w(self, s=""):
        self.o.append(s)

    # generic table ------------------------------------------------------
    def table(self, summary, headers, rows, width=True, first="awrc", nobg_first=False,
              newline_after_open=True, close="</table><p />"):
        """rows: list of lists of cells; a cell is (text, kind) where kind is
        'row' (scope=row), 'r' (align right), 'l' (plain), or raw html."""
        wattr = ' width="600"' if width else ""
        head = ""
        if headers is not None:
            ths = []
            for i, h in enumerate(headers):
                cls = "awrnobg" if (nobg_first and i == 0) else "awrbg"
                ths.append('<th class="%s" scope="col">%s</th>' % (cls, h))
            head = "<tr>%s</tr>" % "".join(ths)
        sep = "\n" if (newline_after_open and head) else ""
        self.w('<table border="0"%s class="tdiff" summary="%s">%s%s' % (wattr, summary, sep, head))
        cls = first
        for row in rows:
            cells = []
            for text, kind in row:
                if kind == "row":
                    cells.append("<td scope=\"row\" class='%s'>%s</td>" % (cls, text))
                elif kind == "r":
                    cells.append("<td align=\"right\" class='%s'>%s</td>" % (cls, text))
                elif kind == "c":
                    cells.append("<td align=\"center\" class='%s'>%s</td>" % (cls, text))
                else:
                    cells.append("<td class='%s'>%s</td>" % (cls, text))
            self.w("<tr>%s</tr>" % "".join(cells))
            cls = "awrnc" if cls == "awrc" else "awrc"
        self.w(close)

    def section(self, anchor, title, notes):
        self.w('<a class="awr" name="%s"></a>' % anchor)
        self.w('<h3 class="awr">%s</h3>' % title)
        self.w("<ul>")
        for n in notes:
            self.w('<li class="awr">%s</li>' % n)
        self.w("</ul>")

    def back(self, anchor, label):
        self.w('<hr align="left" width="20%" /><p />')
        self.w('<a class="awr" href="#%s">Back to %s</a>' % (anchor, label))
        self.w('<br /><a class="awr" href="#top">Back to Top</a><p />')

    def h2(self, anchor, title, items):
        self.w("<p />")
        self.w('<a class="awr" name="%s"></a>' % anchor)
        self.w('<h2 class="awr">')
        self.w(title)
        self.w("</h2>")
        self.w("<ul>")
        for a, t in items:
            self.w('<li class="awr"><a class="awr" href="#%s">%s</a></li>' % (a, t))
        self.w("</ul>")
        self.w('<a class="awr" href="#top">Back to Top</a><p />')

    # report -------------------------------------------------------------
    def render(self):
        r, d = self.r, self.d
        self.w('<html lang="en"><head><title>AWR Report for DB: %s, Inst: %s, Snaps: %d-%d</title>'
               % (DB["name"], DB["instance"], r["snap_b"], r["snap_e"]))
        self.w('<style type="text/css">')
        self.w(CSS)
        self.w('</style></head><body class="awr">')
        self.w('<h1 class="awr">')
        self.w("WORKLOAD REPOSITORY report for")
        self.w("")
        self.w("</h1>")
        self.header()
        self.summary()
        self.main_menu()
        self.wait_events()
        self.sql_stats()
        self.activity()
        self.io_stats()
        self.init_params()
        self.w('<br /><a class="awr" href="#top">Back to Top</a><p />')
        for _ in range(4):
            self.w("<p />")
        self.w("End of Report")
        self.w("</body></html>")
        return "\n".join(self.o) + "\n"

    def header(self):
        r, d = self.r, self.d
        self.w("<p />")
        self.table("This table displays database instance information",
                   ["DB Name", "DB Id", "Unique Name", "Role", "Edition", "Release", "RAC", "CDB"],
                   [[(DB["name"], "row"), (str(DB["dbid"]), "r"), (DB["unique"].lower(), "l"),
                     (DB["role"], "l"), (DB["edition"], "l"), (DB["release"], "l"), (DB["rac"], "l"),
                     (DB["cdb"], "l")]], first="awrnc", newline_after_open=True, close="</table>")
        self.w("<p />")
        self.w("<p />")
        self.table("This table displays database instance information",
                   ["Instance", "Inst Num", "Startup Time", "User Name", "System Data Visible"],
                   [[(DB["instance"], "row"), (str(DB["inst_num"]), "r"), (DB["startup"], "l"),
                     (DB["user"], "l"), (DB["sysdata"], "l")]], width=False, first="awrnc", close="</table>")
        self.w("<p />")
        self.w("<p />")
        self.table("This table displays host information",
                   ["Host Name", "Platform", "CPUs", "Cores", "Sockets", "Memory (GB)"],
                   [[(DB["host"], "row"), (DB["platform"], "l"), ("%4d" % DB["cpus"], "r"),
                     ("%4d" % DB["cores"], "r"), ("%4d" % DB["sockets"], "r"),
                     ("%8s" % num(DB["mem_bytes"] / 1073741824.0, 2), "r")]], first="awrnc", close="</table>")
        self.w("<p />")
        tb, te = r["t_b"], d["t_e"]
        self.table("This table displays snapshot information",
                   ["", "Snap Id", "Snap Time", "Sessions", "Cursors/Session"],
                   [[("Begin Snap:", "row"), (str(r["snap_b"]), "r"), (tb.strftime("%d-%b-%y %H:%M:%S"), "c"),
                     (str(r["sess"][0]), "r"), ("%9s" % num(r["curs"][0], 1), "r")],
                    [("End Snap:", "row"), (str(r["snap_e"]), "r"), (te.strftime("%d-%b-%y %H:%M:%S"), "c"),
                     (str(r["sess"][1]), "r"), ("%9s" % num(r["curs"][1], 1), "r")],
                    [("Elapsed:", "row"), (NB, "l"), ("%19s (mins)" % num(d["E"] / 60.0, 2), "c"),
                     (NB, "l"), (NB, "l")],
                    [("DB Time:", "row"), (NB, "l"), ("%19s (mins)" % num(r["db_time"] / 60.0, 2), "c"),
                     (NB, "l"), (NB, "l")]],
                   first="awrnc", nobg_first=True, close="</table>")
        self.w("<p />")

    def summary(self):
        r, d = self.r, self.d
        self.w('<h3 class="awr"><a class="awr" name="99999"></a>Report Summary</h3>')
        self.w("<p />Load Profile<p />")
        rows = []
        for name, ps, pt, pe, pc in d["load_profile"]:
            row = [(name + ":", "row"), ("%18s" % num(ps, 1), "r")]
            row.append(("%18s" % num(pt, 1), "r") if pt is not None else (NB, "l"))
            row.append(("%10s" % num(pe, 2), "r") if pe is not None else (NB, "l"))
            row.append(("%10s" % num(pc, 2), "r") if pc is not None else (NB, "l"))
            rows.append(row)
        self.table("This table displays load profile",
                   ["", "Per Second", "Per Transaction", "Per Exec", "Per Call"], rows,
                   nobg_first=True, close="</table>")
        self.w("<p />")
        self.w("Instance Efficiency Percentages (Target 100%)")
        self.w("<p />")
        rows = []
        for l1, v1, l2, v2 in d["efficiency"]:
            row = [(l1 + ":", "row"), ("%17s" % num(v1, 2), "r")]
            if l2 is not None:
                row += [(l2 + ":", "l"), ("%17s" % num(v2, 2), "r")]
            rows.append(row)
        self.table("This table displays instance efficiency percentages", None, rows,
                   close="</table>")
        self.w("")
        self.w("<p />Top 10 Foreground Events by Total Wait Time<p />")
        self.w("<ul>")
        self.w("</ul>")
        rows = []
        for name, waits, t, wc in d["top10"]:
            if waits is None:
                rows.append([(name, "row"), (NB, "r"), (fmk(t), "r"), (NB, "r"),
                             (nlz(pct(t, r["db_time"]), 1, False), "r"), (NB, "l")])
            else:
                rows.append([(esc(name), "row"), (num(waits), "r"), (fmk(t), "r"), (avgw(t / waits), "r"),
                             (nlz(pct(t, r["db_time"]), 1, False), "r"), (esc(wc), "l")])
        self.table("This table displays top 10 wait events by total wait time",
                   ["Event", "Waits", "Total Wait Time (sec)", "Avg Wait", "% DB time", "Wait Class"],
                   rows, newline_after_open=False)
        self.w("<p />Wait Classes by Total Wait Time<p />")
        self.w("<ul>")
        self.w("</ul>")
        rows = []
        for wc, waits, t in d["all_classes"]:
            rows.append([(esc(wc), "row"), (num(waits) if waits is not None else NB, "r"), (num(t), "r"),
                         (avgw(t / waits) if waits else NB, "r"), (nlz(pct(t, r["db_time"]), 1), "r"),
                         (num(t / d["E"], 1), "r")])
        self.table("This table displays wait class statistics ordered by total wait time",
                   ["Wait Class", "Waits", "Total Wait Time (sec)", "Avg Wait Time", "% DB time",
                    "Avg Active Sessions"], rows, newline_after_open=False)
        self.w("")
        self.w("Host CPU")
        self.w("<p />")
        u, s, wio, idle = d["host_cpu"]
        self.table("This table displays system load statistics",
                   ["CPUs", "Cores", "Sockets", "Load Average Begin", "Load Average End", "%User",
                    "%System", "%WIO", "%Idle"],
                   [[("%5d" % DB["cpus"], "r"), ("%5d" % DB["cores"], "r"), ("%5d" % DB["sockets"], "r"),
                     ("%7s" % num(r["load"][0], 2), "r"), ("%7s" % num(r["load"][1], 2), "r"),
                     ("%6s" % num(u, 1), "r"), ("%6s" % num(s, 1), "r"), ("%6s" % num(wio, 1), "r"),
                     ("%6s" % num(idle, 1), "r")]], close="</table>")
        self.w("<p />")
        self.w("Instance CPU")
        self.w("<p />")
        a, b, c = d["inst_cpu"]
        self.table("This table displays CPU usage and wait statistics",
                   ["%Total CPU", "%Busy CPU", "%DB time waiting for CPU (Resource Manager)"],
                   [[("%10s" % num(a, 1), "r"), ("%10s" % num(b, 1), "r"), ("%10s" % num(c, 1), "r")]],
                   close="</table>")
        self.w("<p />")

    def main_menu(self):
        self.w('<a class="awr" name="top"></a>')
        self.w('<h2 class="awr">')
        self.w("Main Report")
        self.w("</h2>")
        self.w("<ul>")
        for a, t in [("99999", "Report Summary"), ("21", "Wait Events Statistics"),
                     ("22", "SQL Statistics"), ("23", "Instance Activity Statistics"),
                     ("24", "IO Stats"), ("36", "Initialization Parameters")]:
            self.w('<li class="awr"><a class="awr" href="#%s">%s</a></li>' % (a, t))
        self.w("</ul>")
        self.w('<br /><a class="awr" href="#top">Back to Top</a><p />')

    def wait_events(self):
        r, d = self.r, self.d
        self.h2("21", "Wait Events Statistics",
                [("1500", "Time Model Statistics"), ("1600", "Operating System Statistics"),
                 ("1610", "Operating System Statistics - Detail"), ("210", "Foreground Wait Class"),
                 ("100", "Foreground Wait Events"), ("300", "Background Wait Events")])
        # time model
        self.section("1500", "Time Model Statistics", [
            "DB Time represents total time in user calls",
            "DB CPU represents CPU time of foreground processes",
            "Total CPU Time represents foreground and background processes",
            "Statistics including the word \"background\" measure background process\n"
            "   time, therefore do not contribute to the DB time statistic",
            "Ordered by % of DB time in descending order, followed by Statistic Name"])
        rows = []
        for n, v, pdb, pcpu in d["time_model"]:
            rows.append([(n, "row"), (num(v, 2), "r"), (num(pdb, 2) if pdb is not None else NB, "r"),
                         (num(pcpu, 2) if pcpu is not None else NB, "r")])
        self.table("This table displays different time model statistics. For each statistic, time and "
                   "% of DB time are displayed",
                   ["Statistic Name", "Time (s)", "% of  DB Time", "% of Total CPU Time"], rows,
                   width=False, newline_after_open=False)
        self.back("21", "Wait Events Statistics")
        # OS stats
        self.section("1600", "Operating System Statistics", [
            " *TIME statistic values are diffed.      All others display actual values.  "
            "End Value is displayed if different ",
            " ordered by statistic type (CPU Use, Virtual Memory, Hardware Config), Name"])
        rows = [[(n, "row"), (num(b), "r"), (num(e) if e is not None else NB, "r")]
                for n, b, e in d["os_stats"]]
        self.table("This table displays operating systems statistics. For each statistic, actual value "
                   "is displayed. If the end value is different, it is also displayed",
                   ["Statistic", "Value", "End Value"], rows, width=False, newline_after_open=False)
        self.back("21", "Wait Events Statistics")
        self.section("1610", "Operating System Statistics - Detail", [])
        b_, u_, s_, i_, w_ = d["os_detail_end"]
        rows = [[(r["t_b"].strftime("%d-%b %H:%M:%S"), "row"), (num(r["load"][0], 2), "r")] +
                [(NB, "r")] * 5,
                [(d["t_e"].strftime("%d-%b %H:%M:%S"), "row"), (num(r["load"][1], 2), "r"),
                 (num(b_, 2), "r"), (num(u_, 2), "r"), (num(s_, 2), "r"), (num(i_, 2), "r"),
                 (num(w_, 2), "r")]]
        self.table("This table displays some detailed operating systems statistics. load, % busy , "
                   "% user, % sys, % idle, % iowait are displayed for begin and end snap time",
                   ["Snap Time", "Load", "%busy", "%user", "%sys", "%idle", "%iowait"], rows,
                   width=False, newline_after_open=False)
        self.back("21", "Wait Events Statistics")
        # FG wait class
        self.section("210", "Foreground Wait Class", [
            " s  - second, ms - millisecond, us - microsecond, ns - nanosecond ",
            " ordered by wait time desc, waits desc ",
            " %Timeouts: value of 0 indicates value was &lt; .5%.  Value of null is truly 0",
            "Captured Time accounts for %12s%%  of Total DB time %14s (s)"
            % (num(d["captured_pct"], 1), num(r["db_time"], 2)),
            "Total FG Wait Time: %20s (s)  DB CPU time: %14s (s)"
            % (num(d["fg_wait_total"], 2), num(r["db_cpu"], 2))])
        rows = []
        for wc, waits, t in d["fg_classes"]:
            if waits is None:
                rows.append([(wc, "row"), (NB, "r"), (NB, "r"), (num(t), "r"), (NB, "r"),
                             (num(pct(t, r["db_time"]), 2), "r")])
            else:
                rows.append([(esc(wc), "row"), (num(waits), "r"), ("0", "r"), (num(t), "r"),
                             (avgw(t / waits), "r"), (num(pct(t, r["db_time"]), 2), "r")])
        self.table("This table displays foreground wait class statistics",
                   ["Wait Class", "Waits", "%Time -outs", "Total Wait Time (s)", "Avg wait", "%DB time"],
                   rows, width=False, newline_after_open=False)
        self.back("21", "Wait Events Statistics")
        # FG events
        self.section("100", "Foreground Wait Events", [
            " s  - second, ms - millisecond, us - microsecond, ns - nanosecond ",
            " Only events with Total Wait Time (s) &gt;= .001 are shown ",
            " ordered by wait time desc, waits desc (idle events last) ",
            " %Timeouts: value of 0 indicates value was &lt; .5%.  Value of null is truly 0"])
        self.event_table("This table displays Foreground Wait Events and their wait statistics",
                         "% DB time", d["fg_events"], r["db_time"])
        self.back("21", "Wait Events Statistics")
        self.section("300", "Background Wait Events", [
            " ordered by wait time desc, waits desc (idle events last) ",
            " Only events with Total Wait Time (s) &gt;= .001 are shown ",
            " %Timeouts: value of 0 indicates value was &lt; .5%.  Value of null is truly 0"])
        self.event_table("This table displays background wait events statistics",
                         "% bg time", d["bg_events"], r["bg_ela"])
        self.back("21", "Wait Events Statistics")

    def event_table(self, summary, last, events, base):
        rows = []
        for e in events:
            to = NB if e.timeouts is None else str(e.timeouts)
            rows.append([(esc(e.name), "row"), (num(e.waits), "r"), (to, "r"), (num(e.time), "r"),
                         (avgw(e.time / e.waits), "r"), (num(e.waits / float(self.d["txn"]), 2), "r"),
                         (NB if e.idle else num(pct(e.time, base), 2), "r")])
        self.table(summary, ["Event", "Waits", "%Time -outs", "Total Wait Time (s)", "Avg wait",
                             "Waits /txn", last], rows, width=False, newline_after_open=False)

    # SQL ----------------------------------------------------------------
    def sql_tail(self, s, cls):
        mod = NB + "\n" if not s.module else "\n%s\n" % esc(s.module)
        short = s.text if len(s.text) <= 30 else s.text[:30] + "..."
        return ("<td scope=\"row\" class='%s'><a class=\"awr\" href=\"#%s\">%s</a></td>\n"
                "<td class='%s'>%s</td>\n<td class='%s'>%s</td></tr>"
                % (cls, s.sql_id, s.sql_id, cls, mod, cls, esc(short)))

    def sql_table(self, summary, headers, lst, cells):
        self.w('<table border="0" class="tdiff" summary="%s"><tr>%s</tr>'
               % (summary, "".join('<th class="awrbg" scope="col">%s</th>' % h for h in headers)))
        cls = "awrc"
        for s in lst:
            tds = []
            for text, kind in cells(s):
                if kind == "r":
                    tds.append("<td align=\"right\" class='%s'>%s</td>" % (cls, text))
                else:
                    tds.append("<td class='%s'>%s</td>" % (cls, text))
            self.w("<tr>" + "".join(tds) + self.sql_tail(s, cls))
            cls = "awrnc" if cls == "awrc" else "awrc"
        self.w("</table><p />")

    def sql_stats(self):
        r, d = self.r, self.d
        st = r["stats"]
        cap = d["captured"]
        by = d["sql_by"]
        self.h2("22", "SQL Statistics",
                [("400", "SQL ordered by Elapsed Time"), ("500", "SQL ordered by CPU Time"),
                 ("550", "SQL ordered by User I/O Wait Time"), ("600", "SQL ordered by Gets"),
                 ("700", "SQL ordered by Reads"), ("800", "SQL ordered by Executions"),
                 ("900", "SQL ordered by Parse Calls"), ("99997", "Complete List of SQL Text")])
        plsql_note = (" Resources reported for PL/SQL code includes the resources used by all SQL"
                      "     statements called by the code. ")
        cpu_io = [" %CPU   - CPU Time      as a percentage of Elapsed Time ",
                  " %IO    - User I/O Time as a percentage of Elapsed Time"]
        dbt = num(r["db_time"], 0)
        self.section("400", "SQL ordered by Elapsed Time", [
            plsql_note,
            " % Total DB Time is the Elapsed Time of the SQL statement divided     into the Total "
            "Database Time multiplied by 100 ",
            " %Total - Elapsed Time  as a percentage of Total DB time "] + cpu_io + [
            "Captured SQL account for %6s%% of Total DB Time (s): %15s" % (num(cap["ela"][0], 1), dbt),
            "Captured PL/SQL account for %6s%% of Total DB Time (s): %15s" % (num(cap["ela"][1], 1), dbt)])
        self.sql_table("This table displays top SQL by elapsed time",
                       ["Elapsed  Time (s)", "Executions ", "Elapsed Time per Exec (s) ", "%Total", "%CPU",
                        "%IO", "   SQL Id", "SQL Module", "SQL Text"], by["ela"],
                       lambda s: [(num(s.ela, 2), "r"), (num(s.execs), "r"), (num(s.ela / s.execs, 2), "r"),
                                  (num(pct(s.ela, r["db_time"]), 2), "r"), (num(pct(s.cpu, s.ela), 2), "r"),
                                  (num(pct(s.uio, s.ela), 2), "r")])
        self.back("22", "SQL Statistics")
        cpt = num(r["db_cpu"], 0)
        self.section("500", "SQL ordered by CPU Time", [
            plsql_note, " %Total - CPU Time      as a percentage of Total DB CPU "] + cpu_io + [
            "Captured SQL account for %6s%% of Total CPU Time (s): %15s" % (num(cap["cpu"][0], 1), cpt),
            "Captured PL/SQL account for %6s%% of Total CPU Time (s): %15s" % (num(cap["cpu"][1], 1), cpt)])
        self.sql_table("This table displays top SQL by CPU time",
                       ["CPU    Time (s)", "Executions ", "CPU per  Exec (s)", "%Total", "Elapsed  Time (s)",
                        "%CPU", "%IO", "   SQL Id", "SQL Module", "SQL Text"], by["cpu"],
                       lambda s: [(num(s.cpu, 2), "r"), (num(s.execs), "r"), (num(s.cpu / s.execs, 2), "r"),
                                  (num(pct(s.cpu, r["db_cpu"]), 2), "r"), (num(s.ela, 2), "r"),
                                  (num(pct(s.cpu, s.ela), 2), "r"), (num(pct(s.uio, s.ela), 2), "r")])
        self.back("22", "SQL Statistics")
        uio = num(d["uio_total"], 0)
        self.section("550", "SQL ordered by User I/O Wait Time", [
            plsql_note, " %Total - User I/O Time as a percentage of Total User I/O Wait time "] + cpu_io + [
            "Captured SQL account for %6s%% of Total User I/O Wait Time (s): %15s"
            % (num(cap["uio"][0], 1), uio),
            "Captured PL/SQL account for %6s%% of Total User I/O Wait Time (s): %15s"
            % (num(cap["uio"][1], 1), uio)])
        self.sql_table("This table displays top SQL by user I/O time",
                       ["User I/O Time (s)", "Executions ", "UIO per  Exec (s)", "%Total", "Elapsed  Time (s)",
                        "%CPU", "%IO", "   SQL Id", "SQL Module", "SQL Text"], by["uio"],
                       lambda s: [(num(s.uio, 2), "r"), (num(s.execs), "r"), (num(s.uio / s.execs, 2), "r"),
                                  (num(pct(s.uio, d["uio_total"]), 2), "r"), (num(s.ela, 2), "r"),
                                  (num(pct(s.cpu, s.ela), 2), "r"), (num(pct(s.uio, s.ela), 2), "r")])
        self.back("22", "SQL Statistics")
        lr = st["session logical reads"]
        self.section("600", "SQL ordered by Gets", [
            plsql_note, " %Total - Buffer Gets   as a percentage of Total Buffer Gets "] + cpu_io + [
            "Total Buffer Gets: %16s" % num(lr), "Captured SQL account for %6s%% of Total" % num(cap["gets"], 1)])
        self.sql_table("This table displays top SQL by buffer gets",
                       ["Buffer Gets ", "Executions", "Gets     per Exec  ", "%Total", "Elapsed  Time (s)",
                        " %CPU", "  %IO", "   SQL Id", "SQL Module", "SQL Text"], by["gets"],
                       lambda s: [(num(s.gets), "r"), (num(s.execs), "r"), (num(s.gets / float(s.execs), 2), "r"),
                                  (num(pct(s.gets, lr), 2), "r"), (num(s.ela, 2), "r"),
                                  (fm(pct(s.cpu, s.ela)), "l"), (fm(pct(s.uio, s.ela)), "l")])
        self.back("22", "SQL Statistics")
        pr = st["physical reads"]
        self.section("700", "SQL ordered by Reads", [
            " %Total - Physical Reads as a percentage of Total Disk Reads "] + cpu_io + [
            "Total Disk Reads: %16s" % num(pr), "Captured SQL account for %6s%% of Total" % num(cap["reads"], 1)])
        self.sql_table("This table displays top SQL by physical reads",
                       ["Physical Reads", "Executions", "Reads     per Exec  ", "%Total", "Elapsed  Time (s)",
                        "%CPU", "%IO", "   SQL Id", "SQL Module", "SQL Text"], by["reads"],
                       lambda s: [(num(s.reads), "r"), (num(s.execs), "r"),
                                  (num(s.reads / float(s.execs), 2), "r"), (num(pct(s.reads, pr), 2), "r"),
                                  (num(s.ela, 2), "r"), (num(pct(s.cpu, s.ela), 2), "r"),
                                  (num(pct(s.uio, s.ela), 2), "r")])
        self.back("22", "SQL Statistics")
        ex = st["execute count"]
        self.section("800", "SQL ordered by Executions", cpu_io + [
            "Total Executions: %16s" % num(ex), "Captured SQL account for %6s%% of Total" % num(cap["execs"], 1)])
        self.sql_table("This table displays top SQL by number of executions",
                       ["Executions ", "Rows Processed", "Rows per Exec", "Elapsed  Time (s)", " %CPU", "  %IO",
                        "   SQL Id", "SQL Module", "SQL Text"], by["execs"],
                       lambda s: [(num(s.execs), "r"), (num(s.rows), "r"), (num(s.rows / float(s.execs), 2), "r"),
                                  (num(s.ela, 2), "r"), (fm(pct(s.cpu, s.ela)), "l"),
                                  (fm(pct(s.uio, s.ela)), "l")])
        self.back("22", "SQL Statistics")
        pc = st["parse count (total)"]
        self.section("900", "SQL ordered by Parse Calls", [
            "Total Parse Calls: %16s" % num(pc), "Captured SQL account for %6s%% of Total" % num(cap["parses"], 1)])
        self.sql_table("This table displays top SQL by number of parse calls",
                       ["Parse Calls", "Executions ", "% Total Parses", "   SQL Id", "SQL Module", "SQL Text"],
                       by["parses"],
                       lambda s: [(num(s.parses), "r"), (num(s.execs), "r"), (num(pct(s.parses, pc), 2), "r")])
        self.back("22", "SQL Statistics")
        # complete list
        self.w('<a class="awr" name="99997"></a>')
        self.w("<p />")
        self.w('<h3 class="awr">Complete List of SQL Text</h3><p />')
        self.w('<table border="0" class="tdiff" summary="This table displays the text of the SQL statements '
               'which have been\n      referred to in the report">')
        self.w('<tr><th class="awrbg" scope="col">SQL Id</th><th class="awrbg" scope="col">SQL Text</th></tr>')
        cls = "awrc"
        for s in d["all_sql"]:
            full = esc(s.text.replace(",", ", "))
            self.w("<tr><td scope=\"row\" class='%s'><a class=\"awr\" name=\"%s\"></a>%s</td>"
                   "<td class='%s'><pre_sqltext class=\"awr\">%s</pre_sqltext></td></tr>"
                   % (cls, s.sql_id, s.sql_id, cls, full))
            cls = "awrnc" if cls == "awrc" else "awrc"
        self.w("</table>")
        self.w("<p />")
        self.w('<a class="awr" href="#22">Back to SQL Statistics</a>')
        self.w('<br /><a class="awr" href="#top">Back to Top</a><p />')

    def activity(self):
        r, d = self.r, self.d
        st = r["stats"]
        self.h2("23", "Instance Activity Statistics",
                [("1200", "Key Instance Activity Stats"), ("1250", "Instance Activity Stats")])
        for anchor, title, summary, names in [
                ("1200", "Key Instance Activity Stats",
                 "This table displays Key Instance activity statistics. For each instance, activity total, "
                 "activity per second, and activity per transaction are displayed", KEY_STATS),
                ("1250", "Instance Activity Stats",
                 "This table displays Instance activity statistics. For each instance, activity total, "
                 "activity per second, and activity per transaction are displayed", sorted(st))]:
            self.section(anchor, title, [" Ordered by statistic name"])
            rows = [[(esc(n), "row"), (num(st[n]), "r"), (num(st[n] / d["E"], 2), "r"),
                     (num(st[n] / float(d["txn"]), 2), "r")] for n in names]
            self.table(summary, ["Statistic", "Total", "per Second", "per Trans"], rows, width=False,
                       newline_after_open=False)
            self.back("23", "Instance Activity Statistics")

    def io_stats(self):
        d = self.d
        self.h2("24", "IO Stats", [("8760", "IOStat by Function summary")])
        self.section("8760", "IOStat by Function summary", [
            " 'Data' columns suffixed with M,G,T,P are in multiples of 1024     other columns suffixed "
            "with K,M,G,T,P are in multiples of 1000 ",
            " ordered by (Data Read + Write) desc"])
        rows = []
        for name, rmb, rreq, wmb, wreq, waits, wt in d["iostat"]:
            rows.append([(name, "row"), (mbdata(rmb), "r"), (num(rreq / d["E"], 2), "r"),
                         (mbrate(rmb / d["E"]), "r"), (mbdata(wmb), "r"), (num(wreq / d["E"], 2), "r"),
                         (mbrate(wmb / d["E"]), "r"), (kcount(waits), "r"),
                         (avgw(wt / waits) if waits else NB, "r")])
        self.table("This table displays the IO Statistics for different functions. IO stats includes amount "
                   "of reads and writes, requests per second, data per second, wait count and average wait "
                   "time",
                   ["Function Name", "Reads: Data", "Reqs   per sec", "Data   per sec", "Writes: Data",
                    "Reqs   per sec", "Data   per sec", "Waits: Count", "Avg   Time "], rows, width=False,
                   newline_after_open=False)
        self.back("24", "IO Stats")

    def init_params(self):
        self.h2("36", "Initialization Parameters", [("6800", "Modified Parameters")])
        self.section("6800", "Modified Parameters", [
            " This section shows all the modified initialization parameters that  were in effect during "
            "the entire snapshot interval ",
            " End Value is displayed only if the parameter value was modified within the snapshot "
            "interval"])
        rows = [[(n, "row"), (esc(v), "l"), (NB + NB, "l")] for n, v in self.r.get("params", INIT_PARAMS)]
        self.table("This table displays name and value of the modified initialization parameters",
                   ["Parameter Name", "Begin value", "End value (if different)"], rows, width=False,
                   newline_after_open=False)
        self.back("36", "Initialization Parameters")


KEY_STATS = ["db block changes", "execute count", "logons cumulative", "opened cursors cumulative",
             "parse count (total)", "parse time elapsed", "physical reads", "physical writes",
             "redo size", "session cursor cache hits", "session logical reads", "user calls",
             "user commits", "user rollbacks", "workarea executions - multipass",
             "workarea executions - onepass", "workarea executions - optimal"]


# --------------------------------------------------------------------------
# Text rendering
# --------------------------------------------------------------------------
SECTION_END = " " * 26 + "-" * 54


class Text(object):
    def __init__(self, r, d):
        self.r, self.d = r, d
        self.o = []

    def w(self, s=""):
        self.o.append(s.rstrip())

    def title(self, t):
        suffix = "DB/Inst: %s/%s  Snaps: %d-%d" % (DB["name"], DB["instance"], self.r["snap_b"],
                                                   self.r["snap_e"])
        self.w((t.ljust(78 - len(suffix)) + suffix)[:78])

    def end(self):
        self.w(SECTION_END)
        self.w()
        self.w()

    def render(self):
        self.header()
        self.summary()
        self.wait_events()
        self.sql_stats()
        self.activity()
        self.io_stats()
        self.init_params()
        self.w("End of Report")
        return "\n".join(self.o) + "\n"

    def header(self):
        r, d = self.r, self.d
        w = self.w
        w()
        w("WORKLOAD REPOSITORY report for")
        w()
        w("DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB")
        w("------------ ----------- ----------- ---------------- ------- ---------- --- ---")
        w("%-12s %11d %-11s %-16s %-7s %-10s %-3s %-3s" % (DB["name"], DB["dbid"], DB["unique"], DB["role"],
                                                          DB["edition"], DB["release"], DB["rac"], DB["cdb"]))
        w()
        w("Instance     Inst Num Startup Time    User Name    System Data Visible")
        w("------------ -------- --------------- ------------ --------------------")
        w("%-12s %8d %-15s %-12s %-20s" % (DB["instance"], DB["inst_num"], DB["startup"], DB["user"],
                                            DB["sysdata"]))
        w()
        w("Host Name        Platform                         CPUs Cores Sockets Memory(GB)")
        w("---------------- -------------------------------- ---- ----- ------- ----------")
        w("%-16s %-32s %4d %5d %7d %10s" % (DB["host"], DB["platform"], DB["cpus"], DB["cores"],
                                            DB["sockets"], num(DB["mem_bytes"] / 1073741824.0, 2)))
        w()
        w("              Snap Id      Snap Time      Sessions Curs/Sess")
        w("            --------- ------------------- -------- ---------")
        w("%11s %9d %-19s %8d %9s" % ("Begin Snap:", r["snap_b"], r["t_b"].strftime("%d-%b-%y %H:%M:%S"),
                                      r["sess"][0], num(r["curs"][0], 1)))
        w("%11s %9d %-19s %8d %9s" % ("End Snap:", r["snap_e"], d["t_e"].strftime("%d-%b-%y %H:%M:%S"),
                                      r["sess"][1], num(r["curs"][1], 1)))
        w("%11s %19s (mins)" % ("Elapsed:", num(d["E"] / 60.0, 2)))
        w("%11s %19s (mins)" % ("DB Time:", num(r["db_time"] / 60.0, 2)))
        w()

    def summary(self):
        r, d = self.r, self.d
        w = self.w
        w("Load Profile                    Per Second   Per Transaction  Per Exec  Per Call")
        w("~~~~~~~~~~~~~~~            ---------------   --------------- --------- ---------")
        for name, ps, pt, pe, pc in d["load_profile"]:
            line = "%24s%18s" % (name + ":", num(ps, 1))
            if pt is not None:
                line += "%18s" % num(pt, 1)
            if pe is not None:
                line += "%10s%10s" % (num(pe, 2), num(pc, 2))
            w(line)
        w()
        w("Instance Efficiency Percentages (Target 100%)")
        w("~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~")
        for l1, v1, l2, v2 in d["efficiency"]:
            line = "%28s%8s" % (l1 + ":", num(v1, 2))
            if l2 is not None:
                line += "%21s%8s" % (l2 + ":", num(v2, 2))
            w(line)
        w()
        w("Top 10 Foreground Events by Total Wait Time")
        w("~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~")
        w("                                           Total Wait       Avg   % DB Wait")
        w("Event                                Waits Time (sec)      Wait   time Class")
        w("------------------------------ ----------- ---------- --------- ------ --------")
        for name, waits, t, wc in d["top10"]:
            w("%-30s %11s %10s %9s %6s %-8s" % (
                name[:30], num(waits) if waits is not None else "", fmk(t),
                avgw(t / waits) if waits else "", nlz(pct(t, r["db_time"]), 1, False), (wc or "")[:8]))
        w()
        w("Wait Classes by Total Wait Time")
        w("~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~")
        w("                                                          Avg             Avg")
        w("                                        Total Wait       Wait   % DB   Active")
        w("Wait Class                  Waits       Time (sec)       Time   time Sessions")
        w("---------------- ---------------- ---------------- ---------- ------ --------")
        for wc, waits, t in d["all_classes"]:
            w("%-16s %16s %16s %10s %6s %8s" % (
                wc[:16], num(waits) if waits is not None else "", num(t), avgw(t / waits) if waits else "",
                nlz(pct(t, r["db_time"]), 1), num(t / d["E"], 1)))
        w()
        w("Host CPU")
        w("~~~~~~~~                  Load Average")
        w(" CPUs Cores Sockets     Begin       End     %User   %System      %WIO     %Idle")
        w("----- ----- ------- --------- --------- --------- --------- --------- ---------")
        u, s, wio, idle = d["host_cpu"]
        w("%5d %5d %7d %9s %9s %9s %9s %9s %9s" % (DB["cpus"], DB["cores"], DB["sockets"],
                                                   num(r["load"][0], 2), num(r["load"][1], 2),
                                                   num(u, 1), num(s, 1), num(wio, 1), num(idle, 1)))
        w()
        w("Instance CPU")
        w("~~~~~~~~~~~~")
        a, b, c = d["inst_cpu"]
        w("%42s%10s" % ("% of total CPU for Instance:", num(a, 1)))
        w("%42s%10s" % ("% of busy  CPU for Instance:", num(b, 1)))
        w("%42s%10s" % ("%DB time waiting for CPU - Resource Mgr:", num(c, 1)))
        w()
        w()

    def wait_events(self):
        r, d = self.r, self.d
        w = self.w
        self.title("Time Model Statistics")
        w("-> DB Time represents total time in user calls")
        w("-> DB CPU represents CPU time of foreground processes")
        w("-> Total CPU Time represents foreground and background processes")
        w("-> Statistics including the word \"background\" measure background process")
        w("   time, therefore do not contribute to the DB time statistic")
        w("-> Ordered by % of DB time in descending order, followed by Statistic Name")
        w()
        w("                                                                % of  % of Total")
        w("Statistic Name                                       Time (s) DB Time   CPU Time")
        w("------------------------------------------ ------------------ ------- ----------")
        for n, v, pdb, pcpu in d["time_model"]:
            w("%-42s %18s %7s %10s" % (n[:42], num(r2(v), 1), nlz(r2(pdb), 1) if pdb is not None else "",
                                       num(r2(pcpu), 1) if pcpu is not None else ""))
        self.end()
        self.title("Operating System Statistics")
        w("-> *TIME statistic values are diffed.")
        w("   All others display actual values.  End Value is displayed if different")
        w("-> ordered by statistic type (CPU Use, Virtual Memory, Hardware Config), Name")
        w()
        w("Statistic                                  Value        End Value")
        w("------------------------- ---------------------- ----------------")
        for n, b, e in d["os_stats"]:
            w("%-25s %22s %16s" % (n, num(b), num(e) if e is not None else ""))
        self.end()
        self.title("Operating System Statistics - Detail")
        w()
        w("Snap Time           Load    %busy    %user     %sys    %idle  %iowait")
        w("--------------- -------- -------- -------- -------- -------- --------")
        w("%-15s %8s %8s %8s %8s %8s %8s" % (r["t_b"].strftime("%d-%b %H:%M:%S"), num(r["load"][0], 1),
                                             "N/A", "N/A", "N/A", "N/A", "N/A"))
        w("%-15s %8s %8s %8s %8s %8s %8s" % ((d["t_e"].strftime("%d-%b %H:%M:%S"), num(r["load"][1], 1)) +
                                             tuple(num(r2(x), 1) for x in d["os_detail_end"])))
        self.end()
        self.title("Foreground Wait Class")
        w("-> s  - second, ms - millisecond, us - microsecond, ns - nanosecond")
        w("-> ordered by wait time desc, waits desc")
        w("-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0")
        w("-> Captured Time accounts for %12s%%  of Total DB time %14s (s)"
          % (num(d["captured_pct"], 1), num(r["db_time"], 2)))
        w("-> Total FG Wait Time: %20s (s)  DB CPU time: %14s (s)"
          % (num(d["fg_wait_total"], 2), num(r["db_cpu"], 2)))
        w()
        w("                                     %Time      Total Wait")
        w("Wait Class                     Waits -outs        Time (s)   Avg wait  %DB time")
        w("-------------------- --------------- ----- --------------- ---------- ---------")
        for wc, waits, t in d["fg_classes"]:
            if waits is None:
                w("%-20s %15s %5s %15s %10s %9s" % (wc, "", "", num(t), "", num(r2(pct(t, r["db_time"])), 1)))
            else:
                w("%-20s %15s %5s %15s %10s %9s" % (wc[:20], num(waits), "0", num(t), avgw(t / waits),
                                                    num(r2(pct(t, r["db_time"])), 1)))
        self.end()
        self.title("Foreground Wait Events")
        w("-> s  - second, ms - millisecond, us - microsecond, ns - nanosecond")
        w("-> Only events with Total Wait Time (s) >= .001 are shown")
        w("-> ordered by wait time desc, waits desc (idle events last)")
        w("-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0")
        w()
        self.event_table("% DB", d["fg_events"], r["db_time"])
        self.end()
        self.title("Background Wait Events")
        w("-> ordered by wait time desc, waits desc (idle events last)")
        w("-> Only events with Total Wait Time (s) >= .001 are shown")
        w("-> %Timeouts: value of 0 indicates value was < .5%.  Value of null is truly 0")
        w()
        self.event_table("% bg", d["bg_events"], r["bg_ela"])
        self.end()

    def event_table(self, last, events, base):
        w = self.w
        w("                                                Total")
        w("                                       %%Time     Wait              Waits %6s" % last)
        w("Event                            Waits -outs Time (s)  Avg wait     /txn   time")
        w("-------------------------- ----------- ----- -------- --------- -------- ------")
        for e in events:
            w("%-26s %11s %5s %8s %9s %8s %6s" % (
                e.name[:26], num(e.waits), "" if e.timeouts is None else str(e.timeouts), num(e.time),
                avgw(e.time / e.waits), num(r2(e.waits / float(self.d["txn"])), 1),
                "" if e.idle else nlz(r2(pct(e.time, base)), 1)))

    # SQL ----------------------------------------------------------------
    def sql_body(self, s):
        if s.module:
            self.w("Module: %s" % s.module)
        text = s.text
        for i in range(0, min(len(text), 400), 80):
            self.w(text[i:i + 80])
        self.w()

    def sql_section(self, title, notes, head, lst, fmt):
        self.title(title)
        for n in notes:
            self.w(n)
        self.w()
        for h in head:
            self.w(h)
        for s in lst:
            self.w(fmt(s))
            self.sql_body(s)
        self.end()

    def sql_stats(self):
        r, d = self.r, self.d
        st = r["stats"]
        cap = d["captured"]
        by = d["sql_by"]
        plsql = ["-> Resources reported for PL/SQL code includes the resources used by all SQL",
                 "   statements called by the code."]
        cpu_io = ["-> %CPU   - CPU Time      as a percentage of Elapsed Time",
                  "-> %IO    - User I/O Time as a percentage of Elapsed Time"]
        dbt = num(r["db_time"], 0)
        self.sql_section(
            "SQL ordered by Elapsed Time",
            plsql + ["-> % Total DB Time is the Elapsed Time of the SQL statement divided",
                     "   into the Total Database Time multiplied by 100",
                     "-> %Total - Elapsed Time  as a percentage of Total DB time"] + cpu_io +
            ["-> Captured SQL account for %6s%% of Total DB Time (s): %15s" % (num(cap["ela"][0], 1), dbt),
             "-> Captured PL/SQL account for %6s%% of Total DB Time (s): %15s" % (num(cap["ela"][1], 1), dbt)],
            ["        Elapsed                  Elapsed Time",
             "        Time (s)    Executions  per Exec (s)  %Total   %CPU    %IO    SQL Id",
             "---------------- -------------- ------------- ------ ------ ------ -------------"],
            by["ela"],
            lambda s: "%16s %14s %13s %6s %6s %6s %13s" % (
                num(r2(s.ela), 1), num(s.execs), num(s.ela / s.execs, 2), nlz(r2(pct(s.ela, r["db_time"]))),
                nlz(r2(pct(s.cpu, s.ela))), nlz(r2(pct(s.uio, s.ela))), s.sql_id))
        cpt = num(r["db_cpu"], 0)
        self.sql_section(
            "SQL ordered by CPU Time",
            plsql + ["-> %Total - CPU Time      as a percentage of Total DB CPU"] + cpu_io +
            ["-> Captured SQL account for %6s%% of Total CPU Time (s): %15s" % (num(cap["cpu"][0], 1), cpt),
             "-> Captured PL/SQL account for %6s%% of Total CPU Time (s): %15s" % (num(cap["cpu"][1], 1), cpt)],
            ["    CPU                   CPU per           Elapsed",
             "  Time (s)  Executions    Exec (s) %Total   Time (s)   %CPU    %IO    SQL Id",
             "---------- ------------ ---------- ------ ---------- ------ ------ -------------"],
            by["cpu"],
            lambda s: "%10s %12s %10s %6s %10s %6s %6s %13s" % (
                num(r2(s.cpu), 1), num(s.execs), num(s.cpu / s.execs, 2), nlz(r2(pct(s.cpu, r["db_cpu"]))),
                num(r2(s.ela), 1), nlz(r2(pct(s.cpu, s.ela))), nlz(r2(pct(s.uio, s.ela))), s.sql_id))
        self.sql_section(
            "SQL ordered by User I/O Wait Time",
            plsql + ["-> %Total - User I/O Time as a percentage of Total User I/O Wait time"] + cpu_io +
            ["-> Captured SQL account for %6s%% of Total User I/O Wait Time (s):" % num(cap["uio"][0], 1),
             "-> Captured PL/SQL account for %6s%% of Total User I/O Wait Time (s):" % num(cap["uio"][1], 1)],
            ["  User I/O                UIO per           Elapsed",
             "  Time (s)  Executions    Exec (s) %Total   Time (s)   %CPU    %IO    SQL Id",
             "---------- ------------ ---------- ------ ---------- ------ ------ -------------"],
            by["uio"],
            lambda s: "%10s %12s %10s %6s %10s %6s %6s %13s" % (
                num(r2(s.uio), 1), num(s.execs), num(s.uio / s.execs, 2), nlz(r2(pct(s.uio, d["uio_total"]))),
                num(r2(s.ela), 1), nlz(r2(pct(s.cpu, s.ela))), nlz(r2(pct(s.uio, s.ela))), s.sql_id))
        lr = st["session logical reads"]
        self.sql_section(
            "SQL ordered by Gets",
            plsql + ["-> %Total - Buffer Gets   as a percentage of Total Buffer Gets"] + cpu_io +
            ["-> Total Buffer Gets: %16s" % num(lr),
             "-> Captured SQL account for %6s%% of Total" % num(cap["gets"], 1)],
            ["     Buffer                 Gets              Elapsed",
             "      Gets   Executions   per Exec   %Total   Time (s)  %CPU   %IO    SQL Id",
             "----------- ----------- ------------ ------ ---------- ----- ----- -------------"],
            by["gets"],
            lambda s: "%11s %11s %12s %6s %10s %5s %5s %13s" % (
                num(s.gets), num(s.execs), num(r2(s.gets / float(s.execs)), 1), num(r2(pct(s.gets, lr)), 1),
                num(r2(s.ela), 1), fm(pct(s.cpu, s.ela)), fm(pct(s.uio, s.ela)), s.sql_id))
        pr = st["physical reads"]
        self.sql_section(
            "SQL ordered by Reads",
            ["-> %Total - Physical Reads as a percentage of Total Disk Reads"] + cpu_io +
            ["-> Total Disk Reads: %16s" % num(pr),
             "-> Captured SQL account for %6s%% of Total" % num(cap["reads"], 1)],
            ["   Physical              Reads              Elapsed",
             "      Reads  Executions per Exec   %Total   Time (s)   %CPU    %IO    SQL Id",
             "----------- ----------- ---------- ------ ---------- ------ ------ -------------"],
            by["reads"],
            lambda s: "%11s %11s %10s %6s %10s %6s %6s %13s" % (
                num(s.reads), num(s.execs), num(r2(s.reads / float(s.execs)), 1), num(r2(pct(s.reads, pr)), 1),
                num(r2(s.ela), 1), nlz(r2(pct(s.cpu, s.ela))), nlz(r2(pct(s.uio, s.ela))), s.sql_id))
        ex = st["execute count"]
        self.sql_section(
            "SQL ordered by Executions",
            cpu_io + ["-> Total Executions: %16s" % num(ex),
                      "-> Captured SQL account for %6s%% of Total" % num(cap["execs"], 1)],
            ["                                              Elapsed",
             " Executions   Rows Processed  Rows per Exec   Time (s)  %CPU   %IO    SQL Id",
             "------------ --------------- -------------- ---------- ----- ----- -------------"],
            by["execs"],
            lambda s: "%12s %15s %14s %10s %5s %5s %13s" % (
                num(s.execs), num(s.rows), num(r2(s.rows / float(s.execs)), 1), num(r2(s.ela), 1),
                fm(pct(s.cpu, s.ela)), fm(pct(s.uio, s.ela)), s.sql_id))
        pc = st["parse count (total)"]
        self.sql_section(
            "SQL ordered by Parse Calls",
            ["-> Total Parse Calls: %16s" % num(pc),
             "-> Captured SQL account for %6s%% of Total" % num(cap["parses"], 1)],
            ["                            % Total",
             " Parse Calls  Executions     Parses    SQL Id",
             "------------ ------------ --------- -------------"],
            by["parses"],
            lambda s: "%12s %12s %9s %13s" % (num(s.parses), num(s.execs), num(pct(s.parses, pc), 2),
                                              s.sql_id))

    def activity(self):
        r, d = self.r, self.d
        st = r["stats"]
        for title, names in [("Key Instance Activity Stats", KEY_STATS),
                             ("Instance Activity Stats", sorted(st))]:
            self.title(title)
            self.w("-> Ordered by statistic name")
            self.w()
            self.w("Statistic                                     Total     per Second     per Trans")
            self.w("-------------------------------- ------------------ -------------- -------------")
            for n in names:
                self.w("%-32s %18s %14s %13s" % (n[:32], num(st[n]), num(r2(st[n] / d["E"]), 1),
                                                 num(r2(st[n] / float(d["txn"])), 1)))
            self.end()

    def io_stats(self):
        d = self.d
        self.title("IOStat by Function summary")
        self.w("-> 'Data' columns suffixed with M,G,T,P are in multiples of 1024")
        self.w("    other columns suffixed with K,M,G,T,P are in multiples of 1000")
        self.w("-> ordered by (Data Read + Write) desc")
        self.w()
        self.w("                 Reads:  Reqs    Data   Writes:  Reqs    Data    Waits:    Avg")
        self.w("Function Name      Data per sec per sec    Data per sec per sec   Count    Time")
        self.w("--------------- ------- ------- ------- ------- ------- ------- ------- --------")
        for name, rmb, rreq, wmb, wreq, waits, wt in d["iostat"]:
            self.w("%-15s %7s %7s %7s %7s %7s %7s %7s %8s" % (
                name[:15], mbdata(rmb), num(r2(rreq / d["E"]), 1), mbrate(rmb / d["E"]), mbdata(wmb),
                num(r2(wreq / d["E"]), 1), mbrate(wmb / d["E"]), kcount(waits), avgw(wt / waits) if waits else ""))
        self.end()

    def init_params(self):
        self.title("init.ora Parameters")
        self.w()
        self.w("                                                                End value")
        self.w("Parameter Name                Begin value                       (if different)")
        self.w("----------------------------- --------------------------------- --------------")
        for n, v in self.r.get("params", INIT_PARAMS):
            self.w("%-29s %-33s" % (n[:29], v))
        self.end()


# --------------------------------------------------------------------------
# Consistency checks (fail loudly if the data set is not coherent)
# --------------------------------------------------------------------------


def check(r, d):
    name = r["name"]
    errs = []
    tm = dict((n, v) for n, v, _, _ in d["time_model"])
    if abs(tm["DB time"] - r["db_time"]) > 1e-9:
        errs.append("time model DB time != header DB time")
    waits_plus_cpu = sum(t for wc, w_, t in d["fg_classes"])
    if not (0.85 * r["db_time"] <= waits_plus_cpu <= 1.05 * r["db_time"]):
        errs.append("FG waits + DB CPU = %.1f vs DB time %.1f" % (waits_plus_cpu, r["db_time"]))
    if r["db_cpu"] > r["db_time"]:
        errs.append("DB CPU > DB time")
    for s in r["sqls"]:
        if s.cpu > s.ela + 1e-9 or s.uio > s.ela + 1e-9:
            errs.append("%s: cpu/uio > elapsed" % s.sql_id)
        if s.ela > r["db_time"]:
            errs.append("%s: elapsed > DB time" % s.sql_id)
    if sum(s.gets for s in r["sqls"] if not s.plsql) > r["stats"]["session logical reads"]:
        errs.append("SQL gets exceed session logical reads")
    if sum(s.reads for s in r["sqls"] if not s.plsql) > r["stats"]["physical reads"]:
        errs.append("SQL reads exceed physical reads")
    if sum(s.execs for s in r["sqls"]) > r["stats"]["execute count"]:
        errs.append("SQL executions exceed execute count")
    if sum(s.parses for s in r["sqls"]) > r["stats"]["parse count (total)"]:
        errs.append("SQL parse calls exceed parse count (total)")
    if r["stats"]["parse count (hard)"] > r["stats"]["parse count (total)"]:
        errs.append("hard parses > parses")
    ids = [s.sql_id for s in r["sqls"]]
    if len(set(ids)) != len(ids):
        errs.append("duplicate sql_id")
    for i in ids:
        if len(i) != 13 or any(c not in ALPHABET for c in i):
            errs.append("bad sql_id %s" % i)
    inst_cpu = (r["db_cpu"] + r["bg_cpu"]) * 100
    if inst_cpu > d["os"]["busy"]:
        errs.append("instance CPU > host busy time")
    if errs:
        raise SystemExit("%s: inconsistent data:\n  %s" % (name, "\n  ".join(errs)))


def summary_line(r, d):
    top = ", ".join("%s %s%%" % (n, nlz(pct(t, r["db_time"]), 1)) for n, _, t, _ in d["top10"][:3])
    lead = d["sql_by"]["ela"][0]
    return ("%-14s snaps %d-%d  elapsed %s min  DB time %s s (%s min, AAS %s)  DB CPU %s s  "
            "top: %s  top SQL: %s" % (
                r["name"], r["snap_b"], r["snap_e"], num(d["E"] / 60.0, 2), num(r["db_time"], 1),
                num(r["db_time"] / 60.0, 2), num(r["db_time"] / d["E"], 2), num(r["db_cpu"], 1), top,
                lead.sql_id))


def main():
    reports = [make_good(), make_bad(), make_improved(), make_commit_normal(), make_commit_spike(),
               make_lgwr_before(), make_lgwr_after()]
    reports += [make_good_period(*p) for p in GOOD_PERIODS]
    for r in reports:
        d = derive(r)
        check(r, d)
        for ext, renderer in (("html", Html), ("txt", Text)):
            path = os.path.join(OUT_DIR, "%s.%s" % (r["name"], ext))
            with open(path, "w", newline="\n") as f:
                f.write(renderer(r, d).render())
        if "-q" not in sys.argv[1:]:
            print(summary_line(r, d))


if __name__ == "__main__":
    main()
