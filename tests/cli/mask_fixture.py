#!/usr/bin/env python3
"""Write two AWR HTML reports full of distinctive site names, for the --mask test.

    python3 tests/cli/mask_fixture.py OUT_DIR

writes OUT_DIR/zebra_base.html and OUT_DIR/zebra_target.html (samples/generate.py's good and bad
periods) with a host, database, instance, service, domain, schema, objects, partitions, tablespaces,
file paths, IP addresses, OS users and SQL literals that occur nowhere else, plus OUT_DIR/names.txt:
one original name a line, each of which must not survive masking, and OUT_DIR/kept.txt: strings that
must survive (sql_ids, numbers, event and parameter names).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "samples"))
import generate as g  # noqa: E402

HOST = "kangaroo07.acme-corp.example"
g.DB.update(name="ZEBRADB", unique="zebradb_dg", instance="zebrainst1", host=HOST)

g.INIT_PARAMS = [
    ("audit_file_dest", "/u01/app/oracle/admin/ZEBRADB/adump"),
    ("cluster_interconnects", "192.168.77.12"),
    ("compatible", "19.0.0"),
    ("control_files", "/u02/oradata/ZEBRADB/control01.ctl, /u03/fra/ZEBRADB/control02.ctl"),
    ("db_block_size", "8192"),
    ("db_domain", "acme-corp.example"),
    ("db_name", "ZEBRADB"),
    ("db_unique_name", "zebradb_dg"),
    ("diagnostic_dest", "/u01/app/oraclebase_quokka"),
    ("dispatchers", "(PROTOCOL=TCP) (SERVICE=ZEBRADBXDB)"),
    ("instance_name", "zebrainst1"),
    ("local_listener", "(ADDRESS=(PROTOCOL=TCP)(HOST=10.20.30.40)(PORT=1521))"),
    ("log_archive_config", "DG_CONFIG=(zebradb_dg,zebradb_stby)"),
    ("log_archive_dest_2", "SERVICE=zebradb_stby ASYNC VALID_FOR=(ONLINE_LOGFILES,PRIMARY_ROLE) "
                           "DB_UNIQUE_NAME=zebradb_stby"),
    ("open_cursors", "300"),
    ("optimizer_features_enable", "12.2.0.1"),
    ("remote_listener", "kangaroo-scan.acme-corp.example:1521"),
    ("service_names", "zebra_oltp.acme-corp.example"),
    ("utl_file_dir", "C:\\ORADATA\\ZEBRADB\\EXPORTS"),
]

# Application SQL: schema ACMEBANK, tables WOMBAT_*; literals to hide.
g.DRIVER_LITERAL = "BEGIN ACME_LOADER.PROCESS_ROWS(P_MODE => 'PLATYPUSLITERAL'); END;"
g.SELECT_LITERAL = "SELECT PAD FROM ACMEBANK.WOMBAT_BIG WHERE ID = %d AND NOTE <> 'echidna''s note'"
g.T_ORDERS = ("SELECT ORDER_ID, STATUS, AMOUNT FROM ACMEBANK.WOMBAT_ORDERS WHERE CUSTOMER_ID = :B1 "
              "ORDER BY ORDER_ID")
g.T_SESS = "SELECT USER_ID, EXPIRES_AT FROM ACMEBANK.WOMBAT_SESSIONS WHERE SESSION_TOKEN = :1"
g.T_REPORT = ("SELECT EVENT_TYPE, COUNT(*) FROM ACMEBANK.WOMBAT_EVENTS WHERE CREATED_AT > "
              "SYSDATE - 1/24 GROUP BY EVENT_TYPE")
g.T_UPD = "UPDATE ACMEBANK.WOMBAT_ORDERS SET STATUS = :1, UPDATED_AT = SYSDATE WHERE ORDER_ID = :2"
g.T_INS = ("INSERT INTO ACMEBANK.WOMBAT_EVENTS (EVENT_ID, ORDER_ID, EVENT_TYPE, CREATED_AT) "
           "VALUES (ACMEBANK.WOMBAT_EVENTS_SEQ.NEXTVAL, :1, :2, SYSTIMESTAMP)")
g.T_PURGE = "DELETE FROM ACMEBANK.WOMBAT_SESSIONS WHERE EXPIRES_AT < SYSDATE - 30"
g.T_CONF = "SELECT PARAM_VALUE FROM WOMBAT_CONFIG WHERE PARAM_NAME = 'NUMBAT_SECRET_KEY'"
g.JDBC = "java@koala-app3.acme-corp.example (TNS V1-V3)"
g.SQLPLUS = "sqlplus@" + HOST + " (TNS V1-V3)"
g.SCHED = "quollbatch@" + "10.99.1.7"

NAMES = [
    "ZEBRADB", "zebradb_dg", "zebradb_stby", "zebrainst1", "kangaroo07", "acme-corp", "kangaroo-scan",
    "koala-app3", "quollbatch", "10.99.1.7", "10.20.30.40", "192.168.77.12", "zebra_oltp", "ACMEBANK",
    "ACME_LOADER", "WOMBAT", "WALLABY", "P_NUMBAT", "NUMBAT_SECRET", "PLATYPUSLITERAL", "echidna",
    "oradata", "oraclebase_quokka", "adump", "control01", "/u01", "/u02", "C:\\ORADATA", "EXPORTS",
    "zebra_base", "zebra_target", "731941",
]
KEPT = [
    "1234567890", "81uvdbt46vt5p", "db file sequential read", "log file sync", "optimizer_features_enable",
    "12.2.0.1", "control_files", "SYSAUX", "AUD$",
]

EXTRA = """
<a class="awr" name="4000"></a>
<h3 class="awr">Segments by Logical Reads</h3>
<ul>
<li class="awr">Total Logical Reads:  21,947,553</li>
</ul>
<table border="0" class="tdiff" summary="This table displays top segments by logical reads. Owner, tablespace name, object type, logical read, etc. are displayed for each segment"><tr><th class="awrbg" scope="col">Owner</th><th class="awrbg" scope="col">Tablespace    Name</th><th class="awrbg" scope="col">Object Name</th><th class="awrbg" scope="col">Subobject   Name</th><th class="awrbg" scope="col">Obj. Type</th><th class="awrbg" scope="col">Obj#</th><th class="awrbg" scope="col">Dataobj#</th><th class="awrbg" scope="col">Logical Reads</th><th class="awrbg" scope="col">%Total</th></tr>
<tr><td class='awrc'>ACMEBANK</td><td class='awrc'>WALLABY_DATA</td><td scope="row" class='awrc'>WOMBAT_ORDERS</td><td class='awrc'>P_NUMBAT_2025</td><td class='awrc'>TABLE PARTITION</td><td align="right" class='awrc'>329193</td><td align="right" class='awrc'>540997</td><td align="right" class='awrc'>LR1</td><td align="right" class='awrc'>95.68</td></tr>
<tr><td class='awrnc'>SYS</td><td class='awrnc'>SYSAUX</td><td scope="row" class='awrnc'>AUD$</td><td class='awrnc'>&#160;</td><td class='awrnc'>TABLE</td><td align="right" class='awrnc'>96398</td><td align="right" class='awrnc'>239088</td><td align="right" class='awrnc'>197,137</td><td align="right" class='awrnc'>0.90</td></tr>
</table><p />
<a class="awr" name="1700"></a>
<h3 class="awr">Tablespace IO Stats</h3>
<table border="0" class="tdiff" summary="This table displays IO Statistics for different tablespaces. IO Statistics include amount of reads and writes, average read/write per second, average blocks per read, buffer waits"><tr><th class="awrbg" scope="col">Tablespace</th><th class="awrbg" scope="col">Reads</th><th class="awrbg" scope="col">Av Rds/s</th><th class="awrbg" scope="col">Av Rd(ms)</th><th class="awrbg" scope="col">Av Blks/Rd</th><th class="awrbg" scope="col">Writes</th><th class="awrbg" scope="col">Av Writes/s</th><th class="awrbg" scope="col">Buffer Waits</th><th class="awrbg" scope="col">Av Buf Wt(ms)</th></tr>
<tr><td scope="row" class='awrc'>WALLABY_DATA</td><td align="right" class='awrc'>61,200</td><td align="right" class='awrc'>102</td><td align="right" class='awrc'>0.82</td><td align="right" class='awrc'>1.00</td><td align="right" class='awrc'>1,200</td><td align="right" class='awrc'>2</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>0.00</td></tr>
</table><p />
<a class="awr" name="1800"></a>
<h3 class="awr">File IO Stats</h3>
<table border="0" class="tdiff" summary="This table displays IO Statistics for different files. IO Statistics include amount of reads and writes, average read/write per second, average blocks per read, buffer waits"><tr><th class="awrbg" scope="col">Tablespace</th><th class="awrbg" scope="col">Filename</th><th class="awrbg" scope="col">Reads</th><th class="awrbg" scope="col">Av Rds/s</th><th class="awrbg" scope="col">Av Rd(ms)</th><th class="awrbg" scope="col">Av Blks/Rd</th><th class="awrbg" scope="col">Writes</th><th class="awrbg" scope="col">Av Writes/s</th><th class="awrbg" scope="col">Buffer Waits</th><th class="awrbg" scope="col">Av Buf Wt(ms)</th></tr>
<tr><td scope="row" class='awrc'>WALLABY_DATA</td><td class='awrc'>/u02/oradata/ZEBRADB/wallaby_data01.dbf</td><td align="right" class='awrc'>61,200</td><td align="right" class='awrc'>102</td><td align="right" class='awrc'>0.82</td><td align="right" class='awrc'>1.00</td><td align="right" class='awrc'>1,200</td><td align="right" class='awrc'>2</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>0.00</td></tr>
<tr><td scope="row" class='awrnc'>SYSAUX</td><td class='awrnc'>C:\\ORADATA\\ZEBRADB\\SYSAUX01.DBF</td><td align="right" class='awrnc'>20</td><td align="right" class='awrnc'>0</td><td align="right" class='awrnc'>1.00</td><td align="right" class='awrnc'>1.00</td><td align="right" class='awrnc'>12</td><td align="right" class='awrnc'>0</td><td align="right" class='awrnc'>0</td><td align="right" class='awrnc'>0.00</td></tr>
</table><p />
<a class="awr" name="700"></a>
<h3 class="awr">Service Statistics</h3>
<table border="0" class="tdiff" summary="This table displays service statistics. It displays service names and corresponding DB time, DB CPU, Physical reads, logical reads."><tr><th class="awrbg" scope="col">Service Name</th><th class="awrbg" scope="col">DB Time (s)</th><th class="awrbg" scope="col">DB CPU (s)</th><th class="awrbg" scope="col">Physical Reads (K)</th><th class="awrbg" scope="col">Logical Reads (K)</th></tr>
<tr><td scope="row" class='awrc'>zebra_oltp.acme-corp.example</td><td align="right" class='awrc'>47</td><td align="right" class='awrc'>38</td><td align="right" class='awrc'>4</td><td align="right" class='awrc'>2,003</td></tr>
<tr><td scope="row" class='awrnc'>SYS$USERS</td><td align="right" class='awrnc'>1</td><td align="right" class='awrnc'>1</td><td align="right" class='awrnc'>0</td><td align="right" class='awrnc'>2</td></tr>
<tr><td scope="row" class='awrc'>ZEBRADBXDB</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>0</td></tr>
</table><p />
"""


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make, lr in (("zebra_base", g.make_good, "1,200,000"), ("zebra_target", g.make_bad, "2,400,000")):
        r = make()
        d = g.derive(r)
        html = g.Html(r, d).render()
        html = html.replace("End of Report", EXTRA.replace("LR1", lr) + "End of Report")
        with open(os.path.join(out, name + ".html"), "w", newline="\n") as f:
            f.write(html)
    with open(os.path.join(out, "names.txt"), "w") as f:
        f.write("\n".join(NAMES) + "\n")
    with open(os.path.join(out, "kept.txt"), "w") as f:
        f.write("\n".join(KEPT) + "\n")


if __name__ == "__main__":
    main()
