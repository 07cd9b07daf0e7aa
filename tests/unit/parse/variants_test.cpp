// Report variants written inline: Statspack header tables (wrapped, blank Database column), '####'
// overflow cells, RAC global and CDB/PDB headers.
#include <awrdiff/parse.hpp>

#include "tests/support/statspack_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

awrdiff::Snapshot parse(const std::string& text) { return awrdiff::parse_report(text, "inline.txt"); }

const char* const k_statspack = R"(
STATSPACK report for

Database    DB Id    Instance     Inst Num  Startup Time   Release     RAC
~~~~~~~~ ----------- ------------ -------- --------------- ----------- ---
          2071347136 clinprd1            1 11-Jan-24 08:45 12.1.0.2.0  NO

Host                             Name             Platform                CPUs
Cores Sockets   Memory (G)
~~~~ ---------------- ---------------------- ----- ----- ------- ------------
     cgm-szara.root.d Linux x86 64-bit          22    22      22        126.0

Snapshot       Snap Id     Snap Time      Sessions Curs/Sess Comment
~~~~~~~~    ---------- ------------------ -------- --------- ------------------
Begin Snap:      70371 14-Jan-24 00:37:42      111       4.4
  End Snap:      70372 14-Jan-24 01:37:43      109       4.4
   Elapsed:      60.02 (mins) Av Act Sess:       0.3
   DB time:      15.34 (mins)      DB CPU:      15.64 (mins)

Top 5 Timed Events                                                    Avg %Total
~~~~~~~~~~~~~~~~~~                                                   wait   Call
Event                                            Waits    Time (s)   (ms)   Time
----------------------------------------- ------------ ----------- ------ ------
LGWR worker group idle                    ############       6,885   1327   36.8
CPU time                                                       861           4.6
          -------------------------------------------------------------
Time Model System Stats  DB/Inst: CLINPRD/clinprd1  Snaps: 70371-70372
-> Ordered by % of DB time desc, Statistic name

Statistic                                       Time (s) % DB time
----------------------------------- -------------------- ---------
DB CPU                                             938.5     102.0
DB time                                            920.4
          -------------------------------------------------------------

End of Report
)";

TEST(Variants, StatspackHeaderWrappedAndBlankDatabaseColumn) {
  const auto s = parse(k_statspack);
  EXPECT_EQ(s.kind, awrdiff::ReportKind::statspack);
  EXPECT_EQ(s.database.name, "CLINPRD");  // blank in the header: taken from 'DB/Inst:'
  EXPECT_EQ(s.database.dbid, std::optional<std::uint64_t>(2071347136));
  EXPECT_EQ(s.database.instance, "clinprd1");
  EXPECT_EQ(s.database.host, "cgm-szara.root.d");
  EXPECT_EQ(s.database.platform, "Linux x86 64-bit");
  EXPECT_EQ(s.database.cpus, std::optional<double>(22));
  EXPECT_EQ(s.database.memory_gb, std::optional<double>(126.0));
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(70371));
  EXPECT_EQ(s.interval.begin_cursors_per_session, std::optional<double>(4.4));
  EXPECT_NEAR(s.interval.elapsed_s.value_or(0), 3601.2, 1e-9);
  EXPECT_NEAR(s.interval.db_time_s.value_or(0), 920.4, 1e-9);
  EXPECT_TRUE(s.valid);
}

TEST(Variants, OverflowCellIsNullWithDiagnostic) {
  const auto s = parse(k_statspack);
  ASSERT_EQ(s.top_events.size(), 2u);
  const auto& idle = s.top_events[0];
  EXPECT_TRUE(idle.is_idle);
  EXPECT_FALSE(idle.waits.has_value());  // '############': did not fit, not 0
  EXPECT_EQ(idle.time_s, std::optional<double>(6885));
  bool diagnosed = false;
  for (const auto& d : s.diagnostics)
    if (d.section == "top_events" && d.message.find("overflow") != std::string::npos) diagnosed = true;
  EXPECT_TRUE(diagnosed);
  EXPECT_EQ(s.top_events[1].name, "DB CPU");
  EXPECT_TRUE(s.top_events[1].is_cpu);
}

}  // namespace

namespace {

// 12.1 text Host CPU: Cores and Sockets blank and printed without their width, so the figures sit
// left of their columns and the last column looks blank.
const char* const k_awr_text_host_cpu = R"(
WORKLOAD REPOSITORY report for

DB Name         DB Id    Instance     Inst Num Startup Time    Release     RAC
------------ ----------- ------------ -------- --------------- ----------- ---
ORCL          1440056671 orcl                1 19-May-16 18:03 12.1.0.2.0  NO

              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:        87 23-May-16 09:00:49        41       1.1
  End Snap:        88 23-May-16 10:00:53        41       1.2
   Elapsed:               60.07 (mins)
   DB Time:                2.07 (mins)

Host CPU
~~~~~~~~                  Load Average
 CPUs Cores Sockets     Begin       End     %User   %System      %WIO     %Idle
----- ----- ------- --------- --------- --------- --------- --------- ---------
    4        0.09      0.04       1.7       0.6       0.5      97.7

End of Report
)";

}  // namespace

TEST(Variants, HostCpuRowWithBlankMiddleColumns) {
  const auto s = parse(k_awr_text_host_cpu);
  EXPECT_EQ(s.host_cpu.load_average_begin, std::optional<double>(0.09));
  EXPECT_EQ(s.host_cpu.load_average_end, std::optional<double>(0.04));
  EXPECT_EQ(s.host_cpu.pct_user, std::optional<double>(1.7));
  EXPECT_EQ(s.host_cpu.pct_system, std::optional<double>(0.6));
  EXPECT_EQ(s.host_cpu.pct_wio, std::optional<double>(0.5));
  EXPECT_EQ(s.host_cpu.pct_idle, std::optional<double>(97.7));
}

namespace {

// Statspack 9i: one header line with Cluster and Host, no DB time, "% Total Ela Time", SQL by Hash Value.
const std::string k_statspack_9i = awrdiff::testing::k_statspack_9i_database_header +
                                   std::string(R"(PROD          1234567890 prod                1 9.2.0.8.0   NO      dbhost01

)") + awrdiff::testing::k_statspack_9i_snaps_header +
                                   R"(Begin Snap:        101 05-Mar-07 09:00:02       52      11.6
  End Snap:        102 05-Mar-07 10:00:04       55      12.0
   Elapsed:               60.03 (mins)

)" + awrdiff::testing::k_statspack_9i_top_events_header +
                                   R"(CPU time                                                          122    47.02
db file sequential read                            40,123          88    33.91
log file sync                                       9,812          21     8.09
          -------------------------------------------------------------
SQL ordered by Gets for DB: PROD  Instance: prod  Snaps: 101 -102
-> End Buffer Gets Threshold:   10000

                                                     CPU      Elapsd
  Buffer Gets    Executions  Gets per Exec  %Total Time (s)  Time (s) Hash Value
--------------- ------------ -------------- ------ -------- --------- ----------
      2,345,678          120       19,547.3   41.2    31.22     40.15 1234567890
select * from orders where status = :b1

          -------------------------------------------------------------

End of Report
)";

}  // namespace

TEST(Variants, Statspack9i) {
  const auto s = parse(k_statspack_9i);
  EXPECT_EQ(s.kind, awrdiff::ReportKind::statspack);
  EXPECT_EQ(s.database.name, "PROD");
  EXPECT_EQ(s.database.release, "9.2.0.8.0");
  EXPECT_EQ(s.database.rac, std::optional<bool>(false));
  EXPECT_EQ(s.database.host, "dbhost01");
  EXPECT_EQ(s.interval.begin_snap, std::optional<std::int64_t>(101));
  EXPECT_NEAR(s.interval.elapsed_s.value_or(0), 3601.8, 1e-9);
  EXPECT_FALSE(s.db_time_s().has_value());  // 9i has no DB time: absent, not 0
  ASSERT_EQ(s.top_events.size(), 3u);
  EXPECT_EQ(s.top_events[0].name, "DB CPU");
  EXPECT_EQ(s.top_events[0].pct_db_time, std::optional<double>(47.02));  // % Total Ela Time
  EXPECT_EQ(s.top_events[1].waits, std::optional<double>(40123));
  ASSERT_EQ(s.sql.size(), 1u);
  EXPECT_EQ(s.sql[0].sql_id, "1234567890");
  EXPECT_EQ(s.sql[0].id_kind, "hash_value");
  EXPECT_EQ(s.sql[0].buffer_gets, std::optional<double>(2345678));
  EXPECT_EQ(s.sql[0].elapsed_s, std::optional<double>(40.15));
  EXPECT_EQ(s.sql[0].text, "select * from orders where status = :b1");
}
