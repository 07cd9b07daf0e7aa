// Report faults found in the wild, each on a fragment written here in the report's own layout (text
// and HTML where both print it): names cut to the column, '####' overflow cells, values wrapped onto
// continuation lines, Instance Efficiency Percentages, figures only the header gives, an empty Host
// CPU section, line-number prefixes, several reports in one file, and files that are no report.
#include "tests/support/samples.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

using awrdiff::Snapshot;

Snapshot from_text(const std::string& text) { return awrdiff::build_snapshot(awrdiff::tokenize_text(text), "fragment.txt"); }
[[maybe_unused]] Snapshot from_html(const std::string& html) {
  return awrdiff::build_snapshot(awrdiff::tokenize_html(html), "fragment.html");
}

[[maybe_unused]] std::string read_sample(const std::string& name) {
  std::ifstream in(awrdiff::testing::sample_path(name), std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

[[maybe_unused]] bool has_diagnostic(const Snapshot& s, std::string_view text) {
  for (const auto& d : s.diagnostics)
    if (d.message.find(text) != std::string::npos) return true;
  return false;
}

[[maybe_unused]] std::string parse_error(std::string_view content) {
  try {
    (void)awrdiff::parse_report(content, "in.txt");
  } catch (const awrdiff::Error& e) { return e.what(); }
  return "(no error)";
}

// ---- names cut to the column ---------------------------------------------------------------------

// 11g text prints Foreground / Background Wait Events with 26-character names.
constexpr const char* k_cut_events = R"(Foreground Wait Events                 DB/Inst: ORALS1/ols1  Snaps: 6569-6570
-> s  - second, ms - millisecond -    1000th of a second

                                                             Avg
                                        %Time Total Wait    wait    Waits   % DB
Event                             Waits -outs   Time (s)    (ms)     /txn   time
-------------------------- ------------ ----- ---------- ------- -------- ------
enq: TM - contention                 11     0        298   27078      0.0    5.3
SQL*Net message from dblin          297     0         28      94      0.0     .5
control file sequential re       33,276     0         27       1      0.5     .5
latch: cache buffers chain        3,233     0          2       1      0.0     .0
latch: In memory undo latc          540     0          0       1      0.0     .0
log file switch (private s            9     0          0      24      0.0     .0
SQL*Net message from clien    1,812,000     0     32,040      18     25.1
          -------------------------------------------------------------

)";

TEST(CutNames, EventsExpandToTheirFullNames) {
  const Snapshot s = from_text(k_cut_events);
  ASSERT_EQ(s.foreground_events.size(), 7u);
  EXPECT_EQ(s.foreground_events[0].name, "enq: TM - contention");
  EXPECT_EQ(s.foreground_events[1].name, "SQL*Net message from dblink");
  EXPECT_EQ(s.foreground_events[2].name, "control file sequential read");
  EXPECT_EQ(s.foreground_events[3].name, "latch: cache buffers chains");
  EXPECT_EQ(s.foreground_events[4].name, "latch: In memory undo latch");
  EXPECT_EQ(s.foreground_events[5].name, "log file switch (private strand flush incomplete)");
  EXPECT_EQ(s.foreground_events[6].name, "SQL*Net message from client");
  EXPECT_TRUE(s.foreground_events[6].is_idle);  // known idle once its name is whole
  EXPECT_NE(s.foreground_event("latch: cache buffers chains"), nullptr);
}

// init.ora Parameters: names cut to 29 characters; a value too long for its column continues on the
// next line under a blank name (Statspack, control_files).
constexpr const char* k_parameters = R"(init.ora Parameters  DB/Inst: ORCL/orcl  Snaps: 19-20

                                                                  End value
Parameter Name                Begin value                       (if different)
----------------------------- --------------------------------- --------------
_optimizer_adaptive_cursor_sh TRUE
audit_file_dest               /u01/app/oracle/admin/orcl/adump
control_files                 /u01/oradata/orcl/control01.ctl,
                              /u01/fra/orcl/control02.ctl
db_block_size                 8192
db_domain
open_cursors                  300                               600
          -------------------------------------------------------------

)";

TEST(CutNames, ParametersExpandAndWrappedValuesJoin) {
  const Snapshot s = from_text(k_parameters);
  ASSERT_EQ(s.parameters.size(), 6u);
  EXPECT_EQ(s.parameters[0].name, "_optimizer_adaptive_cursor_sharing");
  ASSERT_NE(s.parameter("control_files"), nullptr);
  EXPECT_EQ(s.parameter("control_files")->begin_value, "/u01/oradata/orcl/control01.ctl, /u01/fra/orcl/control02.ctl");
  EXPECT_EQ(s.parameter("db_domain")->begin_value, "");
  EXPECT_EQ(s.parameter("open_cursors")->end_value, "600");
}

// ---- '####' overflow -------------------------------------------------------------------------------

constexpr const char* k_overflow = R"(Instance Activity Stats  DB/Inst: ORCL/orcl  Snaps: 19-20

Statistic                                      Total     per Second    per Trans
--------------------------------- ------------------ -------------- ------------
logical read bytes from cache            920,649,728    2,508,582.4 ############
physical read total bytes            178,075,907,584 ############## ############
redo wastage                      ################## ##############        512.0
user commits                                     100            0.3          1.0
user rollbacks                                    20            0.1          0.2
          -------------------------------------------------------------
)";

TEST(Overflow, PerSecondAndPerTransDerivedFromTheTotal) {
  // The elapsed time comes from the header's snapshot table.
  const Snapshot s = from_text(std::string(R"(              Snap Id      Snap Time      Sessions Curs/Sess
            --------- ------------------- -------- ---------
Begin Snap:        19 23-May-16 10:04:37        58       2.8
  End Snap:        20 23-May-16 10:10:37        61       3.1
   Elapsed:                6.00 (mins)
   DB Time:                2.20 (mins)

)") + k_overflow);
  ASSERT_EQ(s.interval.elapsed_s, 360.0);
  const auto* a = s.activity_stat("logical read bytes from cache");
  ASSERT_NE(a, nullptr);
  EXPECT_DOUBLE_EQ(a->per_second.value_or(-1), 2508582.4);  // printed: kept
  EXPECT_DOUBLE_EQ(a->per_trans.value_or(-1), 920649728.0 / 120);  // user commits + user rollbacks
  const auto* b = s.activity_stat("physical read total bytes");
  ASSERT_NE(b, nullptr);
  EXPECT_DOUBLE_EQ(b->per_second.value_or(-1), 178075907584.0 / 360);
  EXPECT_DOUBLE_EQ(b->per_trans.value_or(-1), 178075907584.0 / 120);
  const auto* c = s.activity_stat("redo wastage");
  ASSERT_NE(c, nullptr);
  EXPECT_FALSE(c->total.has_value());  // no total: nothing to derive from
  EXPECT_FALSE(c->per_second.has_value());
  EXPECT_DOUBLE_EQ(c->per_trans.value_or(-1), 512.0);
  EXPECT_TRUE(has_diagnostic(s, "'redo wastage': per Second printed as '####' and not derivable"));
  EXPECT_TRUE(has_diagnostic(s, "derived from the total"));
}

TEST(Overflow, WithoutElapsedOrTransactionsStaysAbsentWithADiagnostic) {
  const Snapshot s = from_text(k_overflow);  // no header: no elapsed
  const auto* b = s.activity_stat("physical read total bytes");
  ASSERT_NE(b, nullptr);
  EXPECT_FALSE(b->per_second.has_value());
  EXPECT_DOUBLE_EQ(b->per_trans.value_or(-1), 178075907584.0 / 120);  // commits are in the table
  EXPECT_TRUE(has_diagnostic(s, "'physical read total bytes': per Second printed as '####' and not derivable (no elapsed time)"));
}

TEST(Overflow, LoadProfilePerTransactionFromPerSecond) {
  const Snapshot s = from_text(R"(Load Profile              Per Second    Per Transaction    Per Exec    Per Call
~~~~~~~~~~~~      ------------------  ----------------- ----------- -----------
      DB time(s):                0.3                0.6        0.00        0.01
       Redo size:       66,701,234.6  #################
    Transactions:                0.5

)");
  const auto* r = s.load_profile_row("redo_size");
  ASSERT_NE(r, nullptr);
  EXPECT_DOUBLE_EQ(r->per_transaction.value_or(-1), 66701234.6 / 0.5);
}

// ---- Instance Efficiency Percentages ---------------------------------------------------------------

constexpr const char* k_efficiency_text = R"(Instance Efficiency Percentages (Target 100%)
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            Buffer Nowait %:  100.00       Redo NoWait %:  100.00
            Buffer  Hit   %:  100.00    In-memory Sort %:  100.00
            Library Hit   %:   99.86        Soft Parse %:   99.88
         Execute to Parse %:   -7.97         Latch Hit %:   99.88
Parse CPU to Parse Elapsd %:    4.50     % Non-Parse CPU:   99.65

 Shared Pool Statistics        Begin    End
                              ------  ------
             Memory Usage %:   86.11   86.77
    % SQL with executions>1:   88.97   88.29
  % Memory for SQL w/exec>1:   90.56   93.45

Top 5 Timed Foreground Events
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                                                           Avg
                                                          wait   % DB
Event                                 Waits     Time(s)   (ms)   time Wait Class
------------------------------ ------------ ----------- ------ ------ ----------
DB CPU                                            5,207          92.0
enq: TM - contention                     11         298  27078    5.3 Applicatio
)";

constexpr const char* k_efficiency_html = R"(<html><body>
<h3 class="awr">Instance Efficiency Percentages (Target 100%)</h3>
<table border="0" width="600" class="tdiff" summary="This table displays instance efficiency percentages">
<tr><td scope="row" class='awrc'>Buffer Nowait %:</td><td align="right" class='awrc'>           100.00</td><td class='awrc'>Redo NoWait %:</td><td align="right" class='awrc'>           100.00</td></tr>
<tr><td scope="row" class='awrnc'>Buffer  Hit   %:</td><td align="right" class='awrnc'>           100.00</td><td class='awrnc'>In-memory Sort %:</td><td align="right" class='awrnc'>           100.00</td></tr>
<tr><td scope="row" class='awrc'>Library Hit   %:</td><td align="right" class='awrc'>            99.86</td><td class='awrc'>Soft Parse %:</td><td align="right" class='awrc'>            99.88</td></tr>
<tr><td scope="row" class='awrnc'>Execute to Parse %:</td><td align="right" class='awrnc'>            -7.97</td><td class='awrnc'>Latch Hit %:</td><td align="right" class='awrnc'>            99.88</td></tr>
<tr><td scope="row" class='awrc'>Parse CPU to Parse Elapsd %:</td><td align="right" class='awrc'>             4.50</td><td class='awrc'>% Non-Parse CPU:</td><td align="right" class='awrc'>            99.65</td></tr>
</table>
<h3 class="awr">Shared Pool Statistics</h3>
<table border="0" width="600" class="tdiff" summary="This table displays shared pool statistics">
<tr><th class="awrnobg" scope="col"></th><th class="awrbg" scope="col">Begin</th><th class="awrbg" scope="col">End</th></tr>
<tr><td scope="row" class='awrnc'>Memory Usage %:</td><td align="right" class='awrnc'>            86.11</td><td align="right" class='awrnc'>            86.77</td></tr>
</table>
</body></html>
)";

void expect_efficiency(const Snapshot& s) {
  ASSERT_EQ(s.efficiency.size(), 10u);
  EXPECT_EQ(s.efficiency[0].key, "buffer_nowait");
  EXPECT_EQ(s.efficiency[2].key, "buffer_hit");
  EXPECT_EQ(s.efficiency[2].label, "Buffer Hit %");
  ASSERT_NE(s.efficiency_row("execute_to_parse"), nullptr);
  EXPECT_DOUBLE_EQ(s.efficiency_row("execute_to_parse")->pct.value_or(0), -7.97);
  EXPECT_DOUBLE_EQ(s.efficiency_row("soft_parse")->pct.value_or(0), 99.88);
  EXPECT_DOUBLE_EQ(s.efficiency_row("library_hit")->pct.value_or(0), 99.86);
  EXPECT_DOUBLE_EQ(s.efficiency_row("non_parse_cpu")->pct.value_or(0), 99.65);
  EXPECT_DOUBLE_EQ(s.efficiency_row("parse_cpu_to_parse_elapsed")->pct.value_or(0), 4.5);
  for (const auto& r : s.efficiency) EXPECT_EQ(r.label.find("Memory"), std::string::npos) << r.label;
}

TEST(Efficiency, TextReadAndTheNextSectionNotTakenForIt) {
  const Snapshot s = from_text(k_efficiency_text);
  expect_efficiency(s);
  ASSERT_EQ(s.top_events.size(), 2u);  // the sections after it still read
  EXPECT_EQ(s.top_events[1].wait_class, "Application");
}

TEST(Efficiency, HtmlReadAlike) { expect_efficiency(from_html(k_efficiency_html)); }

TEST(Efficiency, StatspackIndicators) {
  const Snapshot s = from_text(R"(Instance Efficiency Indicators
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            Buffer Nowait %:  100.00       Redo NoWait %:  100.00
            Buffer  Hit   %:   99.79  Optimal W/A Exec %:  100.00
            Library Hit   %:   96.63        Soft Parse %:   97.62
         Execute to Parse %:   11.43         Latch Hit %:   99.95
Parse CPU to Parse Elapsd %:  118.18     % Non-Parse CPU:   95.15

Top 5 Timed Events                                                    Avg %Total
~~~~~~~~~~~~~~~~~~                                                   wait   Call
Event                                            Waits    Time (s)   (ms)   Time
----------------------------------------- ------------ ----------- ------ ------
CPU time                                                         1          97.3
)");
  ASSERT_EQ(s.efficiency.size(), 10u);
  EXPECT_DOUBLE_EQ(s.efficiency_row("optimal_wa_exec")->pct.value_or(0), 100.0);
  EXPECT_DOUBLE_EQ(s.efficiency_row("parse_cpu_to_parse_elapsed")->pct.value_or(0), 118.18);
  EXPECT_EQ(s.top_events.size(), 1u);
}

TEST(Efficiency, SampleReportsTextAndHtmlAgree) {
  const auto& t = awrdiff::testing::sample_report("good.txt");
  const auto& h = awrdiff::testing::sample_report("good.html");
  ASSERT_FALSE(t.efficiency.empty());
  ASSERT_EQ(t.efficiency.size(), h.efficiency.size());
  for (std::size_t i = 0; i < t.efficiency.size(); ++i) {
    EXPECT_EQ(t.efficiency[i].key, h.efficiency[i].key);
    EXPECT_EQ(t.efficiency[i].pct, h.efficiency[i].pct) << t.efficiency[i].key;
  }
}

// ---- figures only the header gives -----------------------------------------------------------------

TEST(Header, StatspackDbCpuFromTheHeaderLine) {
  const Snapshot s = from_text(R"(Snapshot       Snap Id     Snap Time      Sessions Curs/Sess Comment
~~~~~~~~    ---------- ------------------ -------- --------- ------------------
Begin Snap:      48211 03-Jun-24 09:00:02       86       3.1
  End Snap:      48212 03-Jun-24 10:00:01       84       3.0
   Elapsed:      59.98 (mins) Av Act Sess:       0.9
   DB time:      52.10 (mins)      DB CPU:      55.37 (mins)

)");
  EXPECT_NEAR(s.interval.elapsed_s.value_or(0), 59.98 * 60, 1e-9);
  EXPECT_NEAR(s.db_time_s().value_or(0), 52.10 * 60, 1e-9);
  EXPECT_NEAR(s.db_cpu_s().value_or(0), 55.37 * 60, 1e-9);  // no time model, no top events: the header's
}

TEST(Header, BlankHostFieldsFromOperatingSystemStatistics) {
  const Snapshot s = from_text(R"(Host Name        Platform                         CPUs Cores Sockets Memory(GB)
---------------- -------------------------------- ---- ----- ------- ----------
ls1              AIX-Based Systems (64-bit)                             .00

Host CPU (CPUs:  Cores:  Sockets: )
~~~~~~~~         Load Average
               Begin       End     %User   %System      %WIO     %Idle
           --------- --------- --------- --------- --------- ---------


Operating System Statistics             DB/Inst: ORALS1/ols1  Snaps: 6569-6570

Statistic                                  Value        End Value
------------------------- ---------------------- ----------------
BUSY_TIME                                 60,000
IDLE_TIME                                240,000
IOWAIT_TIME                               15,000
SYS_TIME                                  12,000
USER_TIME                                 48,000
NUM_CPUS                                       8
NUM_CPU_CORES                                  4
PHYSICAL_MEMORY_BYTES             34,359,738,368
          -------------------------------------------------------------
)");
  EXPECT_EQ(s.database.host, "ls1");
  EXPECT_EQ(s.database.cpus, 8.0);
  EXPECT_EQ(s.database.cores, 4.0);
  EXPECT_FALSE(s.database.sockets.has_value());
  EXPECT_DOUBLE_EQ(s.database.memory_gb.value_or(0), 32.0);
  EXPECT_DOUBLE_EQ(s.host_cpu.pct_idle.value_or(-1), 80.0);
  EXPECT_DOUBLE_EQ(s.host_cpu.pct_user.value_or(-1), 16.0);
  EXPECT_DOUBLE_EQ(s.host_cpu.pct_system.value_or(-1), 4.0);
  EXPECT_DOUBLE_EQ(s.host_cpu.pct_wio.value_or(-1), 5.0);
  EXPECT_FALSE(s.host_cpu.load_average_begin.has_value());
  EXPECT_TRUE(has_diagnostic(s, "Host CPU section empty: busy 20.0%"));
}

TEST(Header, HostCpuSectionGivenWins) {
  const auto& s = awrdiff::testing::sample_report("good.txt");
  ASSERT_TRUE(s.host_cpu.pct_idle.has_value());
  EXPECT_FALSE(has_diagnostic(s, "Host CPU section empty"));
}

// ---- line-number prefixes ----------------------------------------------------------------------------

[[maybe_unused]] std::string numbered(const std::string& text, const char* format) {
  std::istringstream in(text);
  std::string line, out;
  for (int n = 1; std::getline(in, line); ++n) {
    char prefix[32];
    std::snprintf(prefix, sizeof prefix, format, n);
    out += prefix + line + "\n";
  }
  return out;
}

TEST(LineNumbers, GrepNAndCatNPrefixesStripped) {
  const std::string text = read_sample("good.txt");
  const Snapshot plain = awrdiff::parse_report(text, "good.txt");
  for (const char* format : {"%d:", "%6d\t", "%4d "}) {
    const Snapshot s = awrdiff::parse_report(numbered(text, format), "numbered.txt");
    EXPECT_EQ(s.interval.begin_snap, plain.interval.begin_snap) << format;
    EXPECT_EQ(s.interval.elapsed_s, plain.interval.elapsed_s) << format;
    EXPECT_EQ(s.db_time_s(), plain.db_time_s()) << format;
    EXPECT_EQ(s.top_events.size(), plain.top_events.size()) << format;
    EXPECT_EQ(s.sql.size(), plain.sql.size()) << format;
    EXPECT_EQ(s.activity.size(), plain.activity.size()) << format;
    EXPECT_TRUE(has_diagnostic(s, "line-number prefix")) << format;
  }
}

TEST(LineNumbers, APlainReportIsNotTakenForNumbered) {
  EXPECT_FALSE(awrdiff::without_line_numbers(read_sample("good.txt")).has_value());
  EXPECT_FALSE(awrdiff::without_line_numbers("12:00 start\n13:00 stop\n").has_value());  // too short
  EXPECT_FALSE(awrdiff::without_line_numbers("1: a\n2: b\n7: c\n9: d\n").has_value());  // not in sequence
  EXPECT_EQ(awrdiff::without_line_numbers("41:a\n42: b\n43:\n44:c").value_or(""), "a\n b\n\nc\n");
}

// ---- several reports in one file ---------------------------------------------------------------------

TEST(SeveralReports, ConcatenatedTextIsNeverReadAsOne) {
  const std::string both = read_sample("good_1.txt") + "\n" + read_sample("good_2.txt");
  const auto parts = awrdiff::split_reports(both);
  ASSERT_EQ(parts.size(), 2u);
  const std::string error = parse_error(both);
  EXPECT_NE(error.find("holds 2 reports, not one"), std::string::npos) << error;
  const auto one = awrdiff::testing::sample_report("good_1.txt"), two = awrdiff::testing::sample_report("good_2.txt");
  EXPECT_NE(error.find(std::to_string(*one.interval.begin_snap) + "-" + std::to_string(*one.interval.end_snap)),
            std::string::npos)
      << error;
  const auto all = awrdiff::parse_reports(both, "both.txt");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].interval.begin_snap, one.interval.begin_snap);
  EXPECT_EQ(all[0].db_time_s(), one.db_time_s());
  EXPECT_EQ(all[0].top_events.size(), one.top_events.size());
  EXPECT_EQ(all[1].interval.begin_snap, two.interval.begin_snap);
  EXPECT_EQ(all[1].db_time_s(), two.db_time_s());
  EXPECT_EQ(all[1].sql.size(), two.sql.size());
  EXPECT_EQ(all[1].source, "both.txt [report 2 of 2]");
}

TEST(SeveralReports, ConcatenatedHtmlSplitsAtTheSecondHtmlTag) {
  const std::string both = read_sample("good_1.html") + read_sample("good_2.html") + read_sample("good_3.html");
  ASSERT_EQ(awrdiff::split_reports(both).size(), 3u);
  EXPECT_EQ(awrdiff::split_reports(both)[1].substr(0, 5), read_sample("good_2.html").substr(0, 5));
  EXPECT_NE(parse_error(both).find("holds 3 reports"), std::string::npos);
  const auto all = awrdiff::parse_reports(both, "all.html");
  ASSERT_EQ(all.size(), 3u);
  const auto& three = awrdiff::testing::sample_report("good_3.html");
  EXPECT_EQ(all[2].interval.end_snap, three.interval.end_snap);
  EXPECT_EQ(all[2].interval.elapsed_s, three.interval.elapsed_s);
  EXPECT_EQ(all[2].db_time_s(), three.db_time_s());
}

TEST(SeveralReports, OneReportIsOne) {
  EXPECT_EQ(awrdiff::split_reports(read_sample("good.html")).size(), 1u);
  EXPECT_EQ(awrdiff::parse_reports(read_sample("good.txt"), "good.txt").size(), 1u);
}

// ---- files that are no report ------------------------------------------------------------------------

TEST(NotAReport, ErrorsNameWhatWasFound) {
  EXPECT_NE(parse_error("ASH Report For ORCL/orcl1\n\nDB Name         DB Id    Instance\n").find("an ASH report"),
            std::string::npos);
  EXPECT_NE(parse_error("          ADDM Report for Task 'TASK_1234'\n          ---------------\n").find("an ADDM report"),
            std::string::npos);
  EXPECT_NE(parse_error("WORKLOAD REPOSITORY COMPARE PERIOD REPORT\n\nSnapshot Set  DB Name  DB Id\n")
                .find("an AWR Compare Periods report (awrddrpt.sql)"),
            std::string::npos);
  EXPECT_NE(parse_error("<html><head><title>AWR Compare Period Report for DB: ORCL</title></head><body>"
                        "<h1>WORKLOAD REPOSITORY COMPARE PERIOD REPORT</h1></body></html>")
                .find("AWR Compare Periods report"),
            std::string::npos);
  const std::string miner =
      "~~BEGIN-OS-INFORMATION~~\nSTAT_NAME VALUE\n~~END-OS-INFORMATION~~\n~~BEGIN-MAIN-METRICS~~\n"
      "snap_id METRIC_NAME AVERAGE\n1 Host CPU Utilization (%) 12.5\n~~END-MAIN-METRICS~~\n";
  EXPECT_NE(parse_error(miner).find("an AWR-Miner dump"), std::string::npos) << parse_error(miner);
  const std::string awr_fragment = std::string(k_cut_events);
  EXPECT_NE(parse_error(awr_fragment).find("an AWR report fragment (Foreground Wait Events) without the report's header"),
            std::string::npos)
      << parse_error(awr_fragment);
  const std::string sp_fragment = R"(Top 5 Timed Events                                                    Avg %Total
~~~~~~~~~~~~~~~~~~                                                   wait   Call
Event                                            Waits    Time (s)   (ms)   Time
----------------------------------------- ------------ ----------- ------ ------
CPU time                                                         1          97.3
buffer busy waits                                    1           0      9    1.1
)";
  EXPECT_NE(parse_error(sp_fragment).find("a Statspack report fragment"), std::string::npos) << parse_error(sp_fragment);
  EXPECT_NE(parse_error("hello\nworld\n").find("not an AWR report"), std::string::npos);
}

}  // namespace
