// Report variants met in public reports, each written here as a small sample in the report's own
// layout (none is copied from a real report): an Exadata report's tables of other databases, a CDB
// root's SQL lists with one row per PDB, the CDB flag of 12.1's snapshot table, Statspack's Top 5 row
// against its Foreground Wait Events row, impossible figures, and four variants that read right and
// must stay so (11.1 RAC HTML without summary attributes, 12.2 HTML that is not well-formed XML,
// Statspack after SQL*Plus prompts with a blank DB Name, 9.2 Statspack spanning a shutdown).
#include <awrdiff/parse.hpp>

#include "tests/support/statspack_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using awrdiff::Snapshot;

Snapshot parse(const std::string& text, const char* name) { return awrdiff::parse_report(text, name); }

bool has_diagnostic(const Snapshot& s, std::string_view part) {
  return std::any_of(s.diagnostics.begin(), s.diagnostics.end(),
                     [&](const awrdiff::Diagnostic& d) { return d.message.find(part) != std::string::npos; });
}

const awrdiff::SqlStat* sql(const Snapshot& s, std::string_view id) {
  for (const auto& q : s.sql)
    if (q.sql_id == id) return &q;
  return nullptr;
}

// An 11.2-19c HTML report's head: the database header, the host and the snapshot table. `extra_db`
// adds columns to the header (Unique Name ... CDB in 12.2+).
std::string html_head(const std::string& snap_cdb_header = "", const std::string& snap_cdb_cell = "") {
  return R"(<html><head><title>AWR Report for DB: EXAPRD, Inst: exaprd1, Snaps: 200-201</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY report for

</h1>
<p />
<table border="0" width="600" class="tdiff" summary="This table displays database instance information">
<tr><th class="awrbg" scope="col">DB Name</th><th class="awrbg" scope="col">DB Id</th><th class="awrbg" scope="col">Instance</th><th class="awrbg" scope="col">Inst num</th><th class="awrbg" scope="col">Startup Time</th><th class="awrbg" scope="col">Release</th><th class="awrbg" scope="col">RAC</th></tr>
<tr><td scope="row" class='awrnc'>EXAPRD</td><td align="right" class='awrnc'>1111111111</td><td class='awrnc'>exaprd1</td><td align="right" class='awrnc'>1</td><td class='awrnc'>01-Mar-24 08:00</td><td class='awrnc'>12.1.0.2.0</td><td class='awrnc'>YES</td></tr>
</table>
<p />
<table border="0" width="600" class="tdiff" summary="This table displays snapshot information">
<tr><th class="awrnobg" scope="col"></th><th class="awrbg" scope="col">Snap Id</th><th class="awrbg" scope="col">Snap Time</th><th class="awrbg" scope="col">Sessions</th><th class="awrbg" scope="col">Cursors/Session</th>)" +
         snap_cdb_header + R"(</tr>
<tr><td scope="row" class='awrnc'>Begin Snap:</td><td align="right" class='awrnc'>200</td><td align="center" class='awrnc'>01-Mar-24 10:00:00</td><td align="right" class='awrnc'>120</td><td align="right" class='awrnc'>      2.0</td>)" +
         snap_cdb_cell + R"(</tr>
<tr><td scope="row" class='awrc'>End Snap:</td><td align="right" class='awrc'>201</td><td align="center" class='awrc'>01-Mar-24 11:00:00</td><td align="right" class='awrc'>125</td><td align="right" class='awrc'>      2.0</td>)" +
         snap_cdb_cell + R"(</tr>
<tr><td scope="row" class='awrnc'>Elapsed:</td><td class='awrnc'>&#160;</td><td align="center" class='awrnc'>              60.00 (mins)</td><td class='awrnc'>&#160;</td><td class='awrnc'>&#160;</td></tr>
<tr><td scope="row" class='awrc'>DB Time:</td><td class='awrc'>&#160;</td><td align="center" class='awrc'>              90.00 (mins)</td><td class='awrc'>&#160;</td><td class='awrc'>&#160;</td></tr>
</table>
<p />
)";
}

const char* const k_html_tail = R"(<p />
End of Report
</body></html>
)";

// ---- Exadata: the storage cells' tables of databases ----------------------------------------------

// The Exadata section lists the databases the cells served, with their DBIDs, other databases first.
const std::string k_exadata = html_head() + R"(<h3 class="awr">Exadata Top Database Consumers</h3>
<p />
<table border="0" class="tdiff">
<tr><th class="awrbg" scope="col">DB Name</th><th class="awrbg" scope="col">DBID</th><th class="awrbg" scope="col">IO Requests</th><th class="awrbg" scope="col">% Requests</th></tr>
<tr><td scope="row" class='awrc'>DWHPRD</td><td align="right" class='awrc'>2222222222</td><td align="right" class='awrc'>9,876,543</td><td align="right" class='awrc'>61.20</td></tr>
<tr><td scope="row" class='awrnc'>EXAPRD</td><td align="right" class='awrnc'>1111111111</td><td align="right" class='awrnc'>4,321,000</td><td align="right" class='awrnc'>26.80</td></tr>
<tr><td scope="row" class='awrc'>ASM</td><td align="right" class='awrc'>0</td><td align="right" class='awrc'>1,934,000</td><td align="right" class='awrc'>12.00</td></tr>
</table>
)" + k_html_tail;

TEST(PublicVariants, ExadataDatabaseTablesDoNotReplaceTheHeadersDbId) {
  const auto s = parse(k_exadata, "exadata.html");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(1111111111));  // the header's, not DWHPRD's 2222222222
  EXPECT_EQ(s.database.name, "EXAPRD");
  EXPECT_EQ(s.database.instance, "exaprd1");
  EXPECT_EQ(s.database.rac, std::optional<bool>(true));
  // The cells' table is kept as printed.
  const auto it = std::find_if(s.other_tables.begin(), s.other_tables.end(), [](const awrdiff::GenericTable& g) {
    return std::find(g.headers.begin(), g.headers.end(), "DBID") != g.headers.end();
  });
  ASSERT_NE(it, s.other_tables.end());
  ASSERT_EQ(it->rows.size(), 3u);
  EXPECT_EQ(it->rows[0][1], "2222222222");
}

// A RAC global report (awrgrpt) on Exadata: its database is the Database Summary's (Id and Name), and the
// cells' "DB Name | DBID" table after it (other databases first) never replaces it.
const std::string k_rac_exadata = R"X(<html><head><title>AWR RAC Report for DB: TLRAPAT</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY REPORT (RAC)

</h1>
<p />Database Summary<p />
<table border="0" class="tdiff" summary="Database Summary"><tr>
<th class="awrbg" colspan=" 8" id="Database">Database</th>
<th class="awrbg" colspan=" 2" id="SnapshotIds">Snapshot Ids</th>
<th class="awrbg" colspan=" 2" id="NumberofInstances">Number of Instances</th>
<th class="awrbg" colspan=" 2" id="NumberofHosts">Number of Hosts</th>
<th class="awrbg" colspan=" 2" id="ReportTotal(minutes)">Report Total (minutes)</th>
</tr><tr>
<th class="awrbg" scope="col" id="Id">Id</th><th class="awrbg" scope="col" id="Name">Name</th><th class="awrbg" scope="col" id="UniqueName">Unique Name</th><th class="awrbg" scope="col" id="Role">Role</th><th class="awrbg" scope="col" id="Edition">Edition</th><th class="awrbg" scope="col" id="RAC">RAC</th><th class="awrbg" scope="col" id="CDB">CDB</th><th class="awrbg" scope="col" id="BlockSize">Block Size</th><th class="awrbg" scope="col" id="Begin">Begin</th><th class="awrbg" scope="col" id="End">End</th><th class="awrbg" scope="col" id="InReport">In Report</th><th class="awrbg" scope="col" id="Total">Total</th><th class="awrbg" scope="col" id="InReport">In Report</th><th class="awrbg" scope="col" id="Total">Total</th><th class="awrbg" scope="col" id="DBtime">DB time</th><th class="awrbg" scope="col" id="Elapsedtime">Elapsed time</th></tr>
<tr><td align="right" class='awrclb'>348068458</td><td class='awrc'>TLRAPAT</td><td class='awrc'>TLRAPAT</td><td class='awrc'>PRIMARY</td><td class='awrc'>EE</td><td class='awrc'>YES</td><td class='awrc'>NO</td><td align="right" class='awrc'>8192</td><td align="right" class='awrclb'>5100</td><td align="right" class='awrc'>5101</td><td align="right" class='awrclb'>4</td><td align="right" class='awrc'>4</td><td align="right" class='awrclb'>4</td><td align="right" class='awrc'>4</td><td align="right" class='awrclb'>240.00</td><td align="right" class='awrcrb'>60.00</td></tr>
</table><p />
<p />Database Instances Included In Report<p />
<table border="0" class="tdiff" summary="Database Instances Included In Report. . Listed in order of instance number, I#"><tr><th class="awrbg" scope="col">I#</th><th class="awrbg" scope="col">Instance</th><th class="awrbg" scope="col">Host</th><th class="awrbg" scope="col">Startup</th><th class="awrbg" scope="col">Begin Snap Time</th><th class="awrbg" scope="col">End Snap Time</th><th class="awrbg" scope="col">Release</th><th class="awrbg" scope="col">Elapsed Time(min)</th><th class="awrbg" scope="col">DB time(min)</th><th class="awrbg" scope="col">Up Time(hrs)</th><th class="awrbg" scope="col">Avg Active Sessions</th><th class="awrbg" scope="col">Platform</th></tr>
<tr><td align="right" class='awrc'>1</td><td class='awrc'>TLRAPAT1</td><td class='awrc'>exa-node1</td><td class='awrc'>01-Mar-24 04:00</td><td class='awrc'>10-Mar-24 10:00</td><td class='awrc'>10-Mar-24 11:00</td><td class='awrc'>19.28.0.0.0</td><td align="right" class='awrc'>60.00</td><td align="right" class='awrc'>60.00</td><td align="right" class='awrc'>222.00</td><td align="right" class='awrc'>1.00</td><td class='awrc'>Linux x86 64-bit</td></tr>
</table><p />
<h3 class="awr">Exadata Top Database Consumers</h3>
<table border="0" class="tdiff">
<tr><th class="awrbg" scope="col">DB Name</th><th class="awrbg" scope="col">DBID</th><th class="awrbg" scope="col">IOPs</th><th class="awrbg" scope="col">% IOPs</th></tr>
<tr><td scope="row" class='awrc'>DMSPRD_BDC</td><td align="right" class='awrc'>1539511574</td><td align="right" class='awrc'>9,876</td><td align="right" class='awrc'>61.20</td></tr>
<tr><td scope="row" class='awrnc'>TLRAPAT</td><td align="right" class='awrnc'>348068458</td><td align="right" class='awrnc'>4,321</td><td align="right" class='awrnc'>26.80</td></tr>
</table>
)X" + std::string(k_html_tail);

TEST(PublicVariants, RacGlobalReportOnExadataTakesItsIdentityFromTheDatabaseSummary) {
  const auto s = parse(k_rac_exadata, "rac_exadata.html");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::awr_global);
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(348068458));  // not DMSPRD_BDC's 1539511574
  EXPECT_EQ(s.database.name, "TLRAPAT");
  EXPECT_EQ(s.interval.begin_snap, 5100);
  const auto it = std::find_if(s.other_tables.begin(), s.other_tables.end(), [](const awrdiff::GenericTable& g) {
    return std::find(g.headers.begin(), g.headers.end(), "DBID") != g.headers.end();
  });
  ASSERT_NE(it, s.other_tables.end());
  EXPECT_EQ(it->rows[0][0], "DMSPRD_BDC");
}

// ---- Multitenant: one row per PDB in the SQL lists; CDB in 12.1's snapshot table --------------------

const std::string k_cdb_sql = html_head(R"(<th class="awrbg" scope="col">CDB</th>)", R"(<td class='awrnc'>YES</td>)") +
                              R"(<h3 class="awr">SQL ordered by Elapsed Time</h3>
<table border="0" class="tdiff" summary="This table displays top SQL by elapsed time">
<tr><th class="awrbg" scope="col">Elapsed  Time (s)</th><th class="awrbg" scope="col">Executions</th><th class="awrbg" scope="col">Elapsed Time per Exec (s) </th><th class="awrbg" scope="col">%Total</th><th class="awrbg" scope="col">%CPU</th><th class="awrbg" scope="col">%IO</th><th class="awrbg" scope="col">SQL Id</th><th class="awrbg" scope="col">SQL Module</th><th class="awrbg" scope="col">PDB Name</th><th class="awrbg" scope="col">SQL Text</th></tr>
<tr><td align="right" class='awrc'>1,200.00</td><td align="right" class='awrc'>400</td><td align="right" class='awrc'>3.00</td><td align="right" class='awrc'>22.22</td><td align="right" class='awrc'>50.00</td><td align="right" class='awrc'>40.00</td><td scope="row" class='awrc'><a class="awr" href="#7h35uxf5uhmm1">7h35uxf5uhmm1</a></td><td class='awrc'>JDBC Thin Client</td><td class='awrc'>SALES</td><td class='awrc'>select * from orders where id = :1</td></tr>
<tr><td align="right" class='awrnc'>1,100.00</td><td align="right" class='awrnc'>350</td><td align="right" class='awrnc'>3.14</td><td align="right" class='awrnc'>20.37</td><td align="right" class='awrnc'>50.00</td><td align="right" class='awrnc'>40.00</td><td scope="row" class='awrnc'><a class="awr" href="#7h35uxf5uhmm1">7h35uxf5uhmm1</a></td><td class='awrnc'>JDBC Thin Client</td><td class='awrnc'>HR</td><td class='awrnc'>select * from orders where id = :1</td></tr>
<tr><td align="right" class='awrc'>1,000.00</td><td align="right" class='awrc'>250</td><td align="right" class='awrc'>4.00</td><td align="right" class='awrc'>18.52</td><td align="right" class='awrc'>50.00</td><td align="right" class='awrc'>40.00</td><td scope="row" class='awrc'><a class="awr" href="#7h35uxf5uhmm1">7h35uxf5uhmm1</a></td><td class='awrc'>JDBC Thin Client</td><td class='awrc'>FINANCE</td><td class='awrc'>select * from orders where id = :1</td></tr>
<tr><td align="right" class='awrnc'>900.00</td><td align="right" class='awrnc'>10</td><td align="right" class='awrnc'>90.00</td><td align="right" class='awrnc'>16.67</td><td align="right" class='awrnc'>90.00</td><td align="right" class='awrnc'>5.00</td><td scope="row" class='awrnc'><a class="awr" href="#9babjv8yq8ru3">9babjv8yq8ru3</a></td><td class='awrnc'>batch</td><td class='awrnc'>SALES</td><td class='awrnc'>begin batch.run; end;</td></tr>
</table>
<p />
<h3 class="awr">SQL ordered by Gets</h3>
<table border="0" class="tdiff" summary="This table displays top SQL by buffer gets">
<tr><th class="awrbg" scope="col">Buffer Gets</th><th class="awrbg" scope="col">Executions</th><th class="awrbg" scope="col">Gets per Exec</th><th class="awrbg" scope="col">%Total</th><th class="awrbg" scope="col">Elapsed  Time (s)</th><th class="awrbg" scope="col">%CPU</th><th class="awrbg" scope="col">%IO</th><th class="awrbg" scope="col">SQL Id</th><th class="awrbg" scope="col">SQL Module</th><th class="awrbg" scope="col">PDB Name</th><th class="awrbg" scope="col">SQL Text</th></tr>
<tr><td align="right" class='awrc'>8,000,000</td><td align="right" class='awrc'>400</td><td align="right" class='awrc'>20,000.00</td><td align="right" class='awrc'>40.00</td><td align="right" class='awrc'>1,200.00</td><td align="right" class='awrc'>50.00</td><td align="right" class='awrc'>40.00</td><td scope="row" class='awrc'><a class="awr" href="#7h35uxf5uhmm1">7h35uxf5uhmm1</a></td><td class='awrc'>JDBC Thin Client</td><td class='awrc'>SALES</td><td class='awrc'>select * from orders where id = :1</td></tr>
<tr><td align="right" class='awrnc'>7,000,000</td><td align="right" class='awrnc'>350</td><td align="right" class='awrnc'>20,000.00</td><td align="right" class='awrnc'>35.00</td><td align="right" class='awrnc'>1,100.00</td><td align="right" class='awrnc'>50.00</td><td align="right" class='awrnc'>40.00</td><td scope="row" class='awrnc'><a class="awr" href="#7h35uxf5uhmm1">7h35uxf5uhmm1</a></td><td class='awrnc'>JDBC Thin Client</td><td class='awrnc'>HR</td><td class='awrnc'>select * from orders where id = :1</td></tr>
</table>
)" + k_html_tail;

TEST(PublicVariants, CdbSqlListsTotalAStatementOverItsPdbs) {
  const auto s = parse(k_cdb_sql, "cdb.html");
  const auto* q = sql(s, "7h35uxf5uhmm1");
  ASSERT_NE(q, nullptr);
  // One statement, three PDB rows: 1,200 + 1,100 + 1,000 s (not the first row's 1,200 s alone).
  EXPECT_EQ(std::count_if(s.sql.begin(), s.sql.end(), [](const auto& x) { return x.sql_id == "7h35uxf5uhmm1"; }), 1);
  EXPECT_DOUBLE_EQ(q->elapsed_s.value_or(0), 3300);
  EXPECT_DOUBLE_EQ(q->executions.value_or(0), 1000);
  EXPECT_NEAR(q->pct_db_time.value_or(0), 61.11, 1e-9);
  EXPECT_DOUBLE_EQ(q->cpu_s.value_or(0), 1650);  // %CPU of each row's elapsed, summed
  // Gets: only SALES and HR made the Gets list: the sum of what the lists give.
  EXPECT_DOUBLE_EQ(q->buffer_gets.value_or(0), 15000000);
  EXPECT_EQ(q->pdb_name, "SALES, HR, FINANCE");
  EXPECT_TRUE(has_diagnostic(s, "SQL 7h35uxf5uhmm1 is listed once per PDB (3 rows)")) << "per-PDB detail";
  EXPECT_TRUE(has_diagnostic(s, "elapsed by PDB, in the order of its PDB names: 1200 s, 1100 s, 1000 s"));
  // A statement of one PDB is as printed.
  const auto* one = sql(s, "9babjv8yq8ru3");
  ASSERT_NE(one, nullptr);
  EXPECT_DOUBLE_EQ(one->elapsed_s.value_or(0), 900);
  EXPECT_EQ(one->pdb_name, "SALES");
  // The largest statement comes first, by its total.
  EXPECT_EQ(s.sql.front().sql_id, "7h35uxf5uhmm1");
}

TEST(PublicVariants, CdbFlagReadFromTheSnapshotTable) {
  const auto s = parse(k_cdb_sql, "cdb.html");
  EXPECT_EQ(s.database.cdb, std::optional<bool>(true));  // "CDB YES" beside Begin Snap / End Snap (12.1)
  EXPECT_EQ(s.interval.begin_sessions, std::optional<double>(120));
  const auto plain = parse(k_exadata, "plain.html");
  EXPECT_FALSE(plain.database.cdb.has_value());  // no CDB column: not known, not NO
}

// 12.2+ text: the PDB is printed under the row ("PDB: NAME"), after the module.
const char* const k_cdb_text = R"(
WORKLOAD REPOSITORY report for

DB Name         DB Id    Unique Name DB Role          Edition Release    RAC CDB
------------ ----------- ----------- ---------------- ------- ---------- --- ---
CDBPRD        3333333333 cdbprd      PRIMARY          EE      19.0.0.0.0 NO  YES

Instance     Inst Num Startup Time
------------ -------- ---------------
cdbprd              1 01-Mar-24 08:00

Host Name                 Platform                         CPUs Cores Sockets Memory(GB)
------------------------- -------------------------------- ---- ----- ------- ----------
dbhost                    Linux x86 64-bit                    8     4       1      64.00

              Snap Id      Snap Time      Sessions Curs/Sess  PDBs
            --------- ------------------- -------- --------- -----
Begin Snap:       300 01-Mar-24 10:00:00        80       1.5     3
  End Snap:       301 01-Mar-24 11:00:00        82       1.5     3
   Elapsed:               60.00 (mins)
   DB Time:               90.00 (mins)

SQL ordered by Elapsed Time               DB/Inst: CDBPRD/cdbprd  Snaps: 300-301
-> Resources reported for PL/SQL code includes the resources used by all SQL
   statements called by the code.
-> % Total DB Time is the Elapsed Time of the SQL statement divided
   into the Total Database Time multiplied by 100

        Elapsed                  Elapsed Time
        Time (s)    Executions  per Exec (s)  %Total   %CPU    %IO    SQL Id
---------------- -------------- ------------- ------ ------ ------ -------------
         1,200.0            400          3.00   22.2   50.0   40.0 7h35uxf5uhmm1
Module: JDBC Thin Client
PDB: SALES
select * from orders where id = :1

         1,100.0            350          3.14   20.4   50.0   40.0 7h35uxf5uhmm1
Module: JDBC Thin Client
PDB: HR
select * from orders where id = :1

           900.0             10         90.00   16.7   90.0    5.0 9babjv8yq8ru3
Module: batch
PDB: SALES
begin batch.run; end;

          -------------------------------------------------------------

End of Report
)";

TEST(PublicVariants, CdbTextSqlListTotalsAStatementOverItsPdbs) {
  const auto s = parse(k_cdb_text, "cdb.txt");
  EXPECT_EQ(s.database.cdb, std::optional<bool>(true));
  const auto* q = sql(s, "7h35uxf5uhmm1");
  ASSERT_NE(q, nullptr);
  EXPECT_DOUBLE_EQ(q->elapsed_s.value_or(0), 2300);
  EXPECT_EQ(q->pdb_name, "SALES, HR");
  EXPECT_EQ(q->text, "select * from orders where id = :1");
  EXPECT_EQ(q->module, "JDBC Thin Client");
  const auto* one = sql(s, "9babjv8yq8ru3");
  ASSERT_NE(one, nullptr);
  EXPECT_EQ(one->pdb_name, "SALES");
}

// ---- Statspack: the Top 5 row keeps its figures --------------------------------------------------

const std::string k_statspack_fg =
    awrdiff::testing::statspack_head("          4444444444 spk                 1 01-Mar-24 08:00 11.2.0.4.0  NO", 500, 501) +
    R"(db file sequential read                        182,275         912      5   40.1
CPU time                                                       600          26.4
log file sync                                   50,000         250      5   11.0
          -------------------------------------------------------------
Foreground Wait Events  DB/Inst: SPK/spk  Snaps: 500-501
-> Only events with Total Wait Time (s) >= .001 are shown
-> ordered by Total Wait Time desc, Waits desc (idle events last)

                                                             Avg          %Total
                                          %Tim Total Wait   wait    Waits   Call
Event                               Waits  out   Time (s)   (ms)     /txn   Time
---------------------------- ------------ ---- ---------- ------ -------- ------
db file sequential read           182,274    0        912      5     18.2   40.1
log file sync                      49,000    0        240      5      4.9   10.6
          -------------------------------------------------------------

End of Report
)";

TEST(PublicVariants, StatspackTop5RowKeepsItsFiguresBesideTheForegroundRow) {
  const auto s = parse(k_statspack_fg, "sp.lst");
  ASSERT_EQ(s.kind, awrdiff::ReportKind::statspack);
  ASSERT_GE(s.top_events.size(), 3u);
  ASSERT_GE(s.foreground_events.size(), 2u);
  // Within one wait of each other, yet two measurements (the top list counts background sessions):
  // each list keeps its own figure, as log file sync's rows (50,000 / 49,000) do.
  EXPECT_EQ(s.top_events[0].name, "db file sequential read");
  EXPECT_EQ(s.top_events[0].waits, std::optional<double>(182275));
  EXPECT_EQ(s.foreground_events[0].waits, std::optional<double>(182274));
  EXPECT_EQ(s.top_events[2].waits, std::optional<double>(50000));
  EXPECT_EQ(s.foreground_events[1].waits, std::optional<double>(49000));
  // The foreground figure is the foreground list's.
  ASSERT_NE(s.foreground_event("db file sequential read"), nullptr);
  EXPECT_EQ(s.foreground_event("db file sequential read")->waits, std::optional<double>(182274));
}

// ---- Impossible figures ------------------------------------------------------------------------------

// A 51-second period whose SQL list prints a statement with 255,173 s elapsed and %Total '######'.
const char* const k_impossible = R"(
WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
ODDDB         5555555555 odddb               1 01-Mar-24 08:00 11.2.0.4.0  NO

Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
oddhost          Linux x86 64-bit                    8     4       1      32.00

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:       700 01-Mar-24 10:00:00        40       1.5
  End Snap:       701 01-Mar-24 10:00:51        41       1.5
   Elapsed:                0.85 (mins)
   DB Time:                0.50 (mins)

SQL ordered by Elapsed Time               DB/Inst: ODDDB/odddb  Snaps: 700-701
-> Resources reported for PL/SQL code includes the resources used by all SQL
   statements called by the code.
-> % Total DB Time is the Elapsed Time of the SQL statement divided
   into the Total Database Time multiplied by 100

        Elapsed                  Elapsed Time
        Time (s)    Executions  per Exec (s)  %Total   %CPU    %IO    SQL Id
---------------- -------------- ------------- ------ ------ ------ -------------
       255,173.0              1     255173.00 ######     .0     .0 0w2qpuc6u2zsp
Module: SQL*Plus
select count(*) from big_table

            10.5            100          0.11   35.0   93.3     .0 1b4cj0xg9m8s2
Module: app
update orders set status = :1 where id = :2

          -------------------------------------------------------------

End of Report
)";

TEST(PublicVariants, ImpossibleStatementKeptAsPrintedAndFlagged) {
  const auto s = parse(k_impossible, "odd.txt");
  const auto* bad = sql(s, "0w2qpuc6u2zsp");
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->elapsed_s, std::optional<double>(255173));  // as printed
  EXPECT_FALSE(bad->pct_db_time.has_value());  // '######': did not fit, not a number
  EXPECT_FALSE(s.impossible_sql(*bad).empty());
  EXPECT_TRUE(has_diagnostic(s, "SQL 0w2qpuc6u2zsp: %Total '######' did not fit its column")) << "the overflow named";
  EXPECT_TRUE(has_diagnostic(s, "SQL 0w2qpuc6u2zsp: 255173 s elapsed in a 51 s period: more than its 41 sessions"));
  const auto* ok = sql(s, "1b4cj0xg9m8s2");
  ASSERT_NE(ok, nullptr);
  EXPECT_TRUE(s.impossible_sql(*ok).empty());
  EXPECT_FALSE(has_diagnostic(s, "SQL 1b4cj0xg9m8s2"));
}

// ---- Variants that read right: kept so --------------------------------------------------------------

// 11.1 RAC HTML: no summary attributes, titles as paragraphs, "Top 5 Timed Foreground Events".
const char* const k_rac_11_1 =
    R"(<html><head><title>AWR Report for DB: RACDB, Inst: racdb2, Snaps: 80-81</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY report for

</h1>
<p />
<table border="1" width="500">
<tr><th class="awrbg">DB Name</th><th class="awrbg">DB Id</th><th class="awrbg">Instance</th><th class="awrbg">Inst num</th><th class="awrbg">Release</th><th class="awrbg">RAC</th><th class="awrbg">Host</th></tr>
<tr><td class='awrnc'>RACDB</td><td align="right" class='awrnc'>666666666</td><td class='awrnc'>racdb2</td><td align="right" class='awrnc'>2</td><td class='awrnc'>11.1.0.7.0</td><td class='awrnc'>YES</td><td class='awrnc'>racnode2</td></tr>
</table>
<p />
<table border="1" width="500">
<tr><th class="awrnobg"></th><th class="awrbg">Snap Id</th><th class="awrbg">Snap Time</th><th class="awrbg">Sessions</th><th class="awrbg">Cursors/Session</th></tr>
<tr><td class='awrnc'>Begin Snap:</td><td align="right" class='awrnc'>80</td><td align="center" class='awrnc'>01-Mar-10 10:00:00</td><td align="right" class='awrnc'>50</td><td align="right" class='awrnc'>      3.0</td></tr>
<tr><td class='awrc'>End Snap:</td><td align="right" class='awrc'>81</td><td align="center" class='awrc'>01-Mar-10 11:00:00</td><td align="right" class='awrc'>52</td><td align="right" class='awrc'>      3.0</td></tr>
<tr><td class='awrnc'>Elapsed:</td><td class='awrnc'>&#160;</td><td align="center" class='awrnc'>              60.00 (mins)</td><td class='awrnc'>&#160;</td><td class='awrnc'>&#160;</td></tr>
<tr><td class='awrc'>DB Time:</td><td class='awrc'>&#160;</td><td align="center" class='awrc'>              45.00 (mins)</td><td class='awrc'>&#160;</td><td class='awrc'>&#160;</td></tr>
</table>
<p />
<h3 class="awr"><a class="awr" name="99999"></a>Report Summary</h3>
<p />Top 5 Timed Foreground Events<p />
<table border="1"><tr><th class="awrbg">Event</th><th class="awrbg">Waits</th><th class="awrbg">Time(s)</th><th class="awrbg">Avg wait (ms)</th><th class="awrbg">% DB time</th><th class="awrbg">Wait Class</th></tr>
<tr><td class='awrc'>DB CPU</td><td align="right" class='awrc'>&#160;</td><td align="right" class='awrc'>1,500</td><td align="right" class='awrc'>&#160;</td><td align="right" class='awrc'>55.56</td><td class='awrc'>&#160;</td></tr>
<tr><td class='awrnc'>gc cr block busy</td><td align="right" class='awrnc'>120,000</td><td align="right" class='awrnc'>600</td><td align="right" class='awrnc'>5</td><td align="right" class='awrnc'>22.22</td><td class='awrnc'>Cluster</td></tr>
</table><p />
<h3 class="awr">Time Model Statistics</h3>
<table border="1" width="500">
<tr><th class="awrbg">Statistic Name</th><th class="awrbg">Time (s)</th><th class="awrbg">% of DB Time</th></tr>
<tr><td class='awrc'>DB CPU</td><td align="right" class='awrc'>1,500.20</td><td align="right" class='awrc'>55.56</td></tr>
<tr><td class='awrnc'>DB time</td><td align="right" class='awrnc'>2,700.00</td><td align="right" class='awrnc'>&#160;</td></tr>
</table>
<p />
End of Report
</body></html>
)";

TEST(PublicVariants, Rac11_1HtmlWithoutSummaryAttributesReadsRight) {
  const auto s = parse(k_rac_11_1, "rac111.html");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::awr_instance);
  EXPECT_EQ(s.database.name, "RACDB");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(666666666));
  EXPECT_EQ(s.database.instance_number, std::optional<int>(2));
  EXPECT_EQ(s.database.rac, std::optional<bool>(true));
  EXPECT_EQ(s.database.host, "racnode2");
  EXPECT_EQ(s.database.release, "11.1.0.7.0");
  ASSERT_EQ(s.top_events.size(), 2u);
  EXPECT_TRUE(s.top_events[0].is_cpu);
  EXPECT_EQ(s.top_events[1].name, "gc cr block busy");
  EXPECT_EQ(s.top_events[1].wait_class, "Cluster");
  EXPECT_EQ(s.top_events[1].waits, std::optional<double>(120000));
  EXPECT_NEAR(s.db_time_s().value_or(0), 2700, 1e-9);
  EXPECT_NEAR(s.average_active_sessions().value_or(0), 0.75, 1e-9);
  EXPECT_TRUE(s.valid);
}

// 12.2 HTML that is not well-formed XML: unclosed cells and rows, a bare '&', '<br>' and an unquoted
// attribute.
const char* const k_html_12_2_unclosed =
    R"(<html lang="en"><head><title>AWR Report for DB: LOOSE, Inst: loose1, Snaps: 10-11</title></head><body class="awr">
<h1 class="awr">
WORKLOAD REPOSITORY report for<br>

</h1>
<p>
<table border="0" width="600" class="tdiff" summary="This table displays database instance information">
<tr><th class="awrbg" scope="col">DB Name<th class="awrbg" scope="col">DB Id<th class="awrbg" scope="col">Unique Name<th class="awrbg" scope="col">Role<th class="awrbg" scope="col">Edition<th class="awrbg" scope="col">Release<th class="awrbg" scope="col">RAC<th class="awrbg" scope="col">CDB
<tr><td scope="row" class='awrnc'>LOOSE<td align=right class='awrnc'>777777777<td class='awrnc'>loose<td class='awrnc'>PRIMARY<td class='awrnc'>EE<td class='awrnc'>12.2.0.1.0<td class='awrnc'>NO<td class='awrnc'>NO
</table>
<p>
<table border="0" width="600" class="tdiff" summary="This table displays snapshot information">
<tr><th class="awrnobg" scope="col"></th><th class="awrbg" scope="col">Snap Id</th><th class="awrbg" scope="col">Snap Time</th><th class="awrbg" scope="col">Sessions</th><th class="awrbg" scope="col">Cursors/Session</th></tr>
<tr><td scope="row" class='awrnc'>Begin Snap:</td><td align="right" class='awrnc'>10</td><td align="center" class='awrnc'>01-Mar-19 10:00:00</td><td align="right" class='awrnc'>30</td><td align="right" class='awrnc'>      1.0</td></tr>
<tr><td scope="row" class='awrc'>End Snap:</td><td align="right" class='awrc'>11</td><td align="center" class='awrc'>01-Mar-19 11:00:00</td><td align="right" class='awrc'>31</td><td align="right" class='awrc'>      1.0</td></tr>
<tr><td scope="row" class='awrnc'>Elapsed:</td><td class='awrnc'>&#160;</td><td align="center" class='awrnc'>              60.00 (mins)</td><td class='awrnc'>&#160;</td><td class='awrnc'>&#160;</td></tr>
<tr><td scope="row" class='awrc'>DB Time:</td><td class='awrc'>&#160;</td><td align="center" class='awrc'>              30.00 (mins)</td><td class='awrc'>&#160;</td><td class='awrc'>&#160;</td></tr>
</table>
<p>
<h3 class="awr">Top 10 Foreground Events by Total Wait Time</h3>
<table border="0" class="tdiff" summary="This table displays top 10 wait events by total wait time">
<tr><th class="awrbg" scope="col">Event</th><th class="awrbg" scope="col">Waits</th><th class="awrbg" scope="col">Total Wait Time (sec)</th><th class="awrbg" scope="col">Wait Avg(ms)</th><th class="awrbg" scope="col">% DB time</th><th class="awrbg" scope="col">Wait Class</th></tr>
<tr><td scope="row" class='awrc'>DB CPU</td><td align="right" class='awrc'>&#160;</td><td align="right" class='awrc'>1200</td><td align="right" class='awrc'>&#160;</td><td align="right" class='awrc'>66.7</td><td class='awrc'>&#160;</td></tr>
<tr><td scope="row" class='awrnc'>log file sync</td><td align="right" class='awrnc'>100,000</td><td align="right" class='awrnc'>300</td><td align="right" class='awrnc'>3.00</td><td align="right" class='awrnc'>16.7</td><td class='awrnc'>Commit</td></tr>
</table>
<p>R&D note: loose markup
<p>
End of Report
</body></html>
)";

TEST(PublicVariants, Html12_2NotWellFormedXmlReadsRight) {
  const auto s = parse(k_html_12_2_unclosed, "loose.html");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::awr_instance);
  EXPECT_EQ(s.database.name, "LOOSE");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(777777777));
  EXPECT_EQ(s.database.release, "12.2.0.1.0");
  EXPECT_EQ(s.database.cdb, std::optional<bool>(false));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(11));
  EXPECT_NEAR(s.interval.db_time_s.value_or(0), 1800, 1e-9);
  ASSERT_EQ(s.top_events.size(), 2u);
  EXPECT_EQ(s.top_events[1].name, "log file sync");
  EXPECT_EQ(s.top_events[1].waits, std::optional<double>(100000));
  EXPECT_EQ(s.top_events[1].avg_wait_ms, std::optional<double>(3.0));
}

// spreport run from SQL*Plus and spooled whole: its prompts, the instance list (other databases' DB
// Ids among them) and then the report, whose DB Name column is blank.
const std::string k_statspack_prompts = R"(SQL> @?/rdbms/admin/spreport

Current Instance
~~~~~~~~~~~~~~~~

   DB Id    DB Name      Inst Num Instance
----------- ------------ -------- ------------
 8888888888 SPKDB               1 spkdb


Instances in this Statspack schema
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

   DB Id    Inst Num DB Name      Instance     Host
----------- -------- ------------ ------------ ------------
 9999999999        1 OLDDB        olddb        oldhost
 8888888888        1 SPKDB        spkdb        spkhost

Using 8888888888 for database Id
Using          1 for instance number

Enter value for begin_snap: 10
Begin Snapshot Id specified: 10

Enter value for end_snap: 11
End   Snapshot Id specified: 11

Enter value for report_name:
Using the report name sp_10_11
)" + awrdiff::testing::statspack_head("          8888888888 spkdb               1 01-Mar-24 08:00 12.1.0.2.0  NO", 10, 11) +
                                        R"(db file sequential read                        100,000         500      5   40.1
CPU time                                                       600          48.1
          -------------------------------------------------------------
Foreground Wait Events  DB/Inst: SPKDB/spkdb  Snaps: 10-11
-> ordered by Total Wait Time desc, Waits desc (idle events last)

                                                             Avg          %Total
                                          %Tim Total Wait   wait    Waits   Call
Event                               Waits  out   Time (s)   (ms)     /txn   Time
---------------------------- ------------ ---- ---------- ------ -------- ------
db file sequential read            99,000    0        495      5     18.2   39.7
          -------------------------------------------------------------

End of Report
Report written to sp_10_11.lst
SQL> exit
)";

TEST(PublicVariants, StatspackAfterSqlPlusPromptsWithBlankDbNameReadsRight) {
  const auto s = parse(k_statspack_prompts, "sp_10_11.lst");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::statspack);
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(8888888888));  // never OLDDB's 9999999999
  EXPECT_EQ(s.database.name, "SPKDB");  // blank in the header: from 'DB/Inst:'
  EXPECT_EQ(s.database.instance, "spkdb");
  EXPECT_EQ(s.database.host, "spkhost");
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(10));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(11));
  EXPECT_NEAR(s.interval.db_time_s.value_or(0), 1800, 1e-9);
  ASSERT_FALSE(s.top_events.empty());
  EXPECT_EQ(s.top_events[0].waits, std::optional<double>(100000));
  EXPECT_TRUE(s.valid);
}

// 9.2 Statspack over an instance restart: spreport prints its warning and the report; the figures
// are read and the report is marked not valid (compare names it; check refuses it).
const std::string k_statspack_9i_shutdown =
    awrdiff::testing::k_statspack_9i_database_header +
    std::string(R"(OLD92         1212121212 old92               1 9.2.0.8.0   NO      host92

*** WARNING: Snapshots chosen span an instance shutdown: RESULTS ARE INVALID ***

)") +
    awrdiff::testing::k_statspack_9i_snaps_header + R"(Begin Snap:         40 05-Mar-07 22:00:02       52      11.6
  End Snap:         42 06-Mar-07 02:00:04       31       8.0
   Elapsed:              240.03 (mins)

)" + awrdiff::testing::k_statspack_9i_top_events_header +
    R"(CPU time                                                          122    47.02
db file sequential read                            40,123          88    33.91
          -------------------------------------------------------------

End of Report
)";

TEST(PublicVariants, Statspack9_2SpanningAShutdownReadsRight) {
  const auto s = parse(k_statspack_9i_shutdown, "sp92.lst");
  EXPECT_EQ(s.kind, awrdiff::ReportKind::statspack);
  EXPECT_EQ(s.database.name, "OLD92");
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(1212121212));
  EXPECT_EQ(s.database.release, "9.2.0.8.0");
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(40));
  EXPECT_EQ(s.interval.end_snap, std::optional<std::int64_t>(42));
  EXPECT_NEAR(s.interval.elapsed_s.value_or(0), 240.03 * 60, 1e-6);
  EXPECT_FALSE(s.valid);
  EXPECT_NE(s.invalid_reason.find("instance restart"), std::string::npos) << s.invalid_reason;
  ASSERT_EQ(s.top_events.size(), 2u);
  EXPECT_EQ(s.top_events[1].waits, std::optional<double>(40123));
}

}  // namespace
