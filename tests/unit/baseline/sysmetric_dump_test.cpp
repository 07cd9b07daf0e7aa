// Oracle baseline metric dumps (sysmetric.hpp): detection, each format written inline, and every
// fault a row can have: a diagnostic and the row skipped, or a one-line Error, never a number taken
// wrongly.
#include "tests/support/samples.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/sysmetric.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

namespace {

using awrdiff::DumpKind;
using awrdiff::SysmetricDump;
using awrdiff::SysmetricRow;

SysmetricDump parse(const std::string& text, const std::string& source = "dump.txt") {
  return awrdiff::parse_sysmetric_dump(text, source);
}

// The row of `metric` (and instance / snapshot / hour when given), or nullptr.
const SysmetricRow* find(const SysmetricDump& d, const std::string& metric, std::optional<int> inst = std::nullopt,
                         std::optional<std::int64_t> snap = std::nullopt, std::optional<int> hour = std::nullopt) {
  for (const auto& r : d.rows)
    if (r.metric_name == metric && (!inst || r.instance_number == inst) && (!snap || r.snap_id == snap) &&
        (!hour || r.hour_of_day == hour))
      return &r;
  return nullptr;
}

// The diagnostics' messages, one per line, for EXPECT messages.
std::string diagnostics(const SysmetricDump& d) {
  std::string out;
  for (const auto& g : d.diagnostics) out += std::to_string(g.line) + ": " + g.message + "\n";
  return out;
}

bool has_diagnostic(const SysmetricDump& d, int line, const std::string& words) {
  return std::any_of(d.diagnostics.begin(), d.diagnostics.end(), [&](const awrdiff::Diagnostic& g) {
    return (line < 0 || g.line == line) && g.message.find(words) != std::string::npos;
  });
}

std::size_t warnings(const SysmetricDump& d) {
  return static_cast<std::size_t>(std::count_if(d.diagnostics.begin(), d.diagnostics.end(),
                                                [](const auto& g) { return g.level == awrdiff::Diagnostic::Level::warning; }));
}

// The one-line message of the Error parse throws, or "" when it does not.
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const awrdiff::Error& e) { return e.what(); }
  return "";
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---------------------------------------------------------------------------------------------
// AWR-Miner

const std::string k_os_info =
    "~~BEGIN-OS-INFORMATION~~\n"
    "STAT_NAME                                                    STAT_VALUE\n"
    "------------------------------------------------------------ ------------------------------------------------------------\n"
    "NUM_CPUS                                                     8\n"
    "PLATFORM_NAME                                                Linux_x86_64-bit\n"
    "VERSION                                                      19.0.0.0.0\n"
    "DB_NAME                                                      ORCL19\n"
    "DBID                                                         1234567890\n"
    "INSTANCES                                                    1\n"
    "HOSTS                                                        dbhost01\n"
    "AWR_MINER_VER                                                4.0.16\n"
    "~~END-OS-INFORMATION~~\n"
    "\n";

const std::string k_miner_heading =
    "      snap      dur_m end                  inst     os_cpu os_cpu_max        aas  read_mb_s  cpu_per_s     exec_s      rogue  rogue_max\n"
    "---------- ---------- -------------- ---------- ---------- ---------- ---------- ---------- ---------- ---------- ---------- ----------\n";

std::string miner(const std::string& rows, const std::string& heading = k_miner_heading, bool closed = true) {
  return k_os_info + "~~BEGIN-MAIN-METRICS~~\n\n" + heading + rows + (closed ? "\n~~END-MAIN-METRICS~~\n" : "");
}

const std::string k_miner_row1 =
    "      4411         10 25/03/14 14:10          1        1.3        4.2         .2        1.9       .062       85.4        7.5         12\n";
const std::string k_miner_row2 =
    "      4412         61 25/03/14 15:11          1        2.5        9.1        1.1         .3       .541     1743.1        1.5          2\n";

TEST(SysmetricDetect, KindsByContent) {
  EXPECT_EQ(awrdiff::detect_sysmetric_dump(miner(k_miner_row1)), DumpKind::awr_miner);
  EXPECT_EQ(awrdiff::detect_sysmetric_dump("\nPKEY|DBID|INSTANCE_NUMBER|HO|METRIC_NAME|METRIC_UNIT|AVG_VALUE\n"),
            DumpKind::dma_collector);
  EXPECT_EQ(
      awrdiff::detect_sysmetric_dump("\"BASELINE_NAME\",\"DBID\",\"INSTANCE_NUMBER\",\"METRIC_NAME\",\"AVERAGE\",\"MAXIMUM\"\n"),
      DumpKind::select_baseline_metric);
  EXPECT_EQ(awrdiff::detect_sysmetric_dump("DBID|SNAP_ID|METRIC_NAME|METRIC_UNIT|AVERAGE|MAXVAL\n"), DumpKind::sysmetric_summary);
  EXPECT_EQ(awrdiff::detect_sysmetric_dump(
                "SQL> @q\n      DBID    SNAP_ID METRIC_NAME AVERAGE\n---------- ---------- ----------- -------\n"),
            DumpKind::sysmetric_summary);
}

TEST(SysmetricDetect, NeverAReportOrJson) {
  for (const char* name : {"good.txt", "good.html", "bad.txt", "commit_spike.html"})
    EXPECT_FALSE(awrdiff::detect_sysmetric_dump(read_file(awrdiff::testing::sample_path(name)))) << name;
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump(""));
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("   \n\n"));
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("{\"awrdiff_snapshot\": 1, \"metric_name\": \"METRIC_NAME|AVERAGE|SNAP_ID\"}"));
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("[\"DBID|SNAP_ID|METRIC_NAME|AVERAGE\"]"));
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("<html>~~BEGIN-MAIN-METRICS~~</html>"));
  // SQL text quoting the view's columns, as a report's SQL section prints it.
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump(
      "select snap_id, metric_name, average, maxval from dba_hist_sysmetric_summary where dbid = :1\n"
      "SELECT SNAP_ID, METRIC_NAME, AVERAGE FROM DBA_HIST_SYSMETRIC_SUMMARY\n"));
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("WORKLOAD REPOSITORY report for\n\n~~BEGIN-MAIN-METRICS~~\n"));
  // The marker only counts alone on its line.
  EXPECT_FALSE(awrdiff::detect_sysmetric_dump("REPHEADER PAGE LEFT '~~BEGIN-MAIN-METRICS~~'\n"));
  EXPECT_NE(error_of("hello\nworld\n").find("not an Oracle metric dump"), std::string::npos);
}

TEST(SysmetricAwrMiner, MapsColumnsBackToMetrics) {
  const auto d = parse(miner(k_miner_row1 + k_miner_row2));
  EXPECT_EQ(d.kind, DumpKind::awr_miner);
  EXPECT_EQ(d.db_name, "ORCL19");
  EXPECT_EQ(d.dbid, 1234567890u);
  EXPECT_EQ(d.release, "19.0.0.0.0");
  EXPECT_EQ(d.host, "dbhost01");
  EXPECT_EQ(d.platform, "Linux_x86_64-bit");
  EXPECT_EQ(d.cpus, 8.0);
  EXPECT_EQ(d.tool_version, "4.0.16");
  EXPECT_EQ(d.instances, std::vector<int>{1});

  const auto* cpu = find(d, "Host CPU Utilization (%)", 1, 4411);
  ASSERT_NE(cpu, nullptr) << diagnostics(d);
  EXPECT_EQ(cpu->metric_unit, "% Busy/(Idle+Busy)");
  EXPECT_DOUBLE_EQ(*cpu->average, 1.3);
  EXPECT_DOUBLE_EQ(*cpu->maximum, 4.2);
  EXPECT_FALSE(cpu->standard_deviation);
  EXPECT_EQ(cpu->end_time, "2025-03-14T14:10:00");
  EXPECT_EQ(cpu->begin_time, "2025-03-14T14:00:00");
  EXPECT_DOUBLE_EQ(*cpu->interval_s, 600.0);
  EXPECT_DOUBLE_EQ(*cpu->num_intervals, 10.0);
  EXPECT_EQ(cpu->dbid, 1234567890u);
  EXPECT_EQ(cpu->line, 18);

  const auto* read = find(d, "Physical Read Total Bytes Per Sec", 1, 4411);
  ASSERT_NE(read, nullptr);
  EXPECT_EQ(read->metric_unit, "Bytes Per Second");
  EXPECT_DOUBLE_EQ(*read->average, 1.9 * 1048576);  // read_mb_s is MB per second
  const auto* db_cpu = find(d, "CPU Usage Per Sec", 1, 4412);
  ASSERT_NE(db_cpu, nullptr);
  EXPECT_EQ(db_cpu->metric_unit, "CentiSeconds Per Second");
  EXPECT_NEAR(*db_cpu->average, 54.1, 1e-9);  // cpu_per_s is seconds per second
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 1, 4412)->average, 1.1);
  EXPECT_DOUBLE_EQ(*find(d, "Executions Per Sec", 1, 4412)->average, 1743.1);
  // A 61-minute interval ending at 15:11 began at 14:10.
  EXPECT_EQ(find(d, "Executions Per Sec", 1, 4412)->begin_time, "2025-03-14T14:10:00");

  // A column AWR-Miner does not compute from a known metric keeps its own name, once reported.
  const auto* rogue = find(d, "rogue", 1, 4411);
  ASSERT_NE(rogue, nullptr);
  EXPECT_EQ(rogue->metric_unit, "awr-miner column");
  EXPECT_DOUBLE_EQ(*rogue->average, 7.5);
  EXPECT_DOUBLE_EQ(*rogue->maximum, 12.0);  // rogue_max beside rogue
  EXPECT_TRUE(has_diagnostic(d, 0, "column rogue is not one AWR-Miner computes"));
  EXPECT_TRUE(has_diagnostic(d, 0, "column rogue_max is not one"));
  EXPECT_EQ(warnings(d), 0u) << diagnostics(d);
  EXPECT_EQ(d.rows.size(), 2u * 6u);
}

TEST(SysmetricAwrMiner, DecimalCommaAndMixedMarks) {
  std::string row1 = k_miner_row1, row2 = k_miner_row2;
  std::replace(row1.begin(), row1.end(), '.', ',');
  std::replace(row2.begin(), row2.end(), '.', ',');
  const auto d = parse(miner(row1 + row2));
  EXPECT_DOUBLE_EQ(*find(d, "Host CPU Utilization (%)", 1, 4411)->average, 1.3);
  EXPECT_NEAR(*find(d, "CPU Usage Per Sec", 1, 4411)->average, 6.2, 1e-9);
  EXPECT_EQ(warnings(d), 0u) << diagnostics(d);

  // A file that has decided its decimal point: a comma later is refused, not read as 1.3 or 13.
  std::string mixed = k_miner_row2;
  mixed.replace(mixed.find("2.5"), 3, "2,5");
  const auto m = parse(miner(k_miner_row1 + mixed));
  EXPECT_EQ(find(m, "Host CPU Utilization (%)", 1, 4412), nullptr);
  EXPECT_TRUE(has_diagnostic(m, 19, "another decimal mark")) << diagnostics(m);
  EXPECT_NE(find(m, "Executions Per Sec", 1, 4412), nullptr);  // the line's other metrics stay
}

TEST(SysmetricAwrMiner, RepeatedHeadersAndWrappedRows) {
  // PAGESIZE: the heading block again between rows.
  const auto paged = parse(miner(k_miner_row1 + "\n" + k_miner_heading + k_miner_row2));
  EXPECT_EQ(paged.rows.size(), 12u) << diagnostics(paged);
  EXPECT_EQ(warnings(paged), 0u) << diagnostics(paged);

  // LINESIZE too small: each row on two lines under two heading/rule pairs.
  const std::string heading =
      "      snap      dur_m end                  inst\n"
      "---------- ---------- -------------- ----------\n"
      "    os_cpu        aas     exec_s\n"
      "---------- ---------- ----------\n";
  const std::string rows =
      "      4411         10 25/03/14 14:10          2\n"
      "       1.3         .2       85.4\n"
      "\n"
      "      4411         10 25/03/14 14:10          1\n"
      "       2.3        1.2       95.4\n"
      "\n";
  const auto w = parse(miner(rows, heading));
  EXPECT_EQ(w.rows.size(), 6u) << diagnostics(w);
  EXPECT_DOUBLE_EQ(*find(w, "Executions Per Sec", 2, 4411)->average, 85.4);
  EXPECT_DOUBLE_EQ(*find(w, "Average Active Sessions", 1, 4411)->average, 1.2);
  EXPECT_EQ(w.instances, (std::vector<int>{1, 2}));
}

TEST(SysmetricAwrMiner, FaultyRows) {
  std::string overflow = k_miner_row2;
  overflow.replace(overflow.find("    1743.1"), 10, "##########");
  std::string shifted = "  4413    61 25/03/14 16:11   1   2.5   9.1   1.1   .3   .541   1743.1   1.5   2\n";
  std::string bad_date = k_miner_row1;
  bad_date.replace(bad_date.find("25/03/14"), 8, "25/13/14");
  bad_date.replace(bad_date.find("4411"), 4, "4414");
  std::string nan = k_miner_row1;
  nan.replace(nan.find("  4411"), 6, "  4415");
  nan.replace(nan.find("       85.4"), 11, "        NaN");
  const auto d = parse(miner(k_miner_row1 + overflow + k_miner_row1 + shifted + bad_date + nan));
  // 18: row1, 19: overflow, 20: duplicate of 18, 21: shifted, 22: bad date, 23: NaN
  EXPECT_TRUE(has_diagnostic(d, 19, "did not fit its SQL*Plus column")) << diagnostics(d);
  EXPECT_EQ(find(d, "Executions Per Sec", 1, 4412), nullptr);
  EXPECT_NE(find(d, "Host CPU Utilization (%)", 1, 4412), nullptr);
  EXPECT_TRUE(has_diagnostic(d, 20, "again (first at line 18)"));
  EXPECT_TRUE(has_diagnostic(d, 21, "does not fit the columns"));
  EXPECT_TRUE(has_diagnostic(d, 22, "not a YY/MM/DD HH24:MI time"));
  EXPECT_EQ(find(d, "Host CPU Utilization (%)", 1, 4414), nullptr);
  EXPECT_TRUE(has_diagnostic(d, 23, "'NaN' is not a number"));
  EXPECT_EQ(find(d, "Executions Per Sec", 1, 4415), nullptr);
  EXPECT_NE(find(d, "Host CPU Utilization (%)", 1, 4415), nullptr);
  for (const auto& r : d.rows) EXPECT_TRUE(r.snap_id == 4411 || r.snap_id == 4412 || r.snap_id == 4415) << r.line;
}

TEST(SysmetricAwrMiner, CutShort) {
  // No END marker and the last row without its line break: that row is not trusted.
  std::string cut = miner(k_miner_row1 + k_miner_row2, k_miner_heading, false);
  cut.resize(cut.size() - 30);
  const auto d = parse(cut);
  EXPECT_TRUE(has_diagnostic(d, -1, "~~END-MAIN-METRICS~~ missing"));
  EXPECT_TRUE(has_diagnostic(d, 19, "the file ends inside it")) << diagnostics(d);
  EXPECT_EQ(find(d, "Host CPU Utilization (%)", 1, 4412), nullptr);
  EXPECT_NE(find(d, "Host CPU Utilization (%)", 1, 4411), nullptr);
}

TEST(SysmetricAwrMiner, VersionsAndHeaderFacts) {
  // 3.0.13-3.0.16 computed read_iops from 'Physical Reads Per Sec'.
  const std::string heading =
      "      snap      dur_m end                  inst  cpu_per_s cpu_per_s_max  read_iops read_iops_direct\n"
      "---------- ---------- -------------- ---------- ---------- ------------- ---------- ----------------\n";
  const std::string row =
      "      4411         10 25/03/14 14:10          1        .06            .5      112.1               10\n";
  const auto d = parse(miner(row, heading));
  EXPECT_DOUBLE_EQ(*find(d, "Physical Reads Per Sec", 1, 4411)->average, 112.1);
  EXPECT_EQ(find(d, "Physical Read Total IO Requests Per Sec"), nullptr);
  EXPECT_DOUBLE_EQ(*find(d, "CPU Usage Per Sec", 1, 4411)->maximum, 50.0);

  // Older captures print no DBID: AWR-Miner's file name has it.
  std::string no_dbid = miner(k_miner_row1);
  no_dbid.erase(no_dbid.find("DBID "), no_dbid.find('\n', no_dbid.find("DBID ")) - no_dbid.find("DBID ") + 1);
  EXPECT_FALSE(parse(no_dbid).dbid);
  const auto named = parse(no_dbid, "/tmp/awr-hist-1326070300-DB110g-21717-21899.out");
  EXPECT_EQ(named.dbid, 1326070300u);
  EXPECT_TRUE(has_diagnostic(named, 0, "read from the file name"));

  // DBCSI writes 0 for a metric it did not find: said once.
  std::string dbcsi = miner(k_miner_row1);
  dbcsi.replace(dbcsi.find("4.0.16"), 6, "4.0.11.aws.62");
  dbcsi.replace(dbcsi.find("        .2"), 10, "         0");
  const auto c = parse(dbcsi);
  EXPECT_TRUE(has_diagnostic(c, 0, "0 in every row: aas")) << diagnostics(c);
  EXPECT_DOUBLE_EQ(*find(c, "Average Active Sessions")->average, 0.0);
}

TEST(SysmetricAwrMiner, Errors) {
  EXPECT_NE(error_of(k_os_info + "~~BEGIN-MAIN-METRICS~~\n\n~~END-MAIN-METRICS~~\n").find("holds no table"), std::string::npos);
  EXPECT_NE(error_of(k_os_info + "~~BEGIN-MAIN-METRICS~~\nORA-00942: table or view does not exist\n~~END-MAIN-METRICS~~\n")
                .find("ORA-00942"),
            std::string::npos);
  EXPECT_NE(error_of(miner("")).find("no metric row could be read"), std::string::npos);
  const std::string all_bad = error_of(miner("  x\n"));
  EXPECT_NE(all_bad.find("no metric row could be read (line 18:"), std::string::npos) << all_bad;
  EXPECT_EQ(all_bad.find('\n'), std::string::npos);
}

TEST(SysmetricAwrMiner, WrappedRowOutOfStep) {
  // One line of a wrapped row shifted: that row is dropped up to the blank line after it, and the
  // next row is read in step, never one row's line taken for another's.
  const std::string heading =
      "      snap      dur_m end                  inst\n"
      "---------- ---------- -------------- ----------\n"
      "    os_cpu        aas     exec_s\n"
      "---------- ---------- ----------\n";
  const std::string rows =
      "      4411         10 25/03/14 14:10          1\n"
      "       1.3         .2       85.4\n"
      "\n"
      "      4412         10 25/03/14 14:20          1\n"
      "       2.3         1.2      95.4\n"
      "\n"
      "      4413         10 25/03/14 14:30          1\n"
      "       3.3        2.2      105.4\n"
      "\n";
  const auto d = parse(miner(rows, heading));
  EXPECT_EQ(d.rows.size(), 6u) << diagnostics(d);
  EXPECT_TRUE(has_diagnostic(d, 24, "lines 23-24 skipped up to the next blank line")) << diagnostics(d);
  EXPECT_EQ(find(d, "Executions Per Sec", 1, 4412), nullptr);
  EXPECT_DOUBLE_EQ(*find(d, "Executions Per Sec", 1, 4413)->average, 105.4);
}

// ---------------------------------------------------------------------------------------------
// DMA collector

const std::string k_dma_pipe =
    " \n"
    "PKEY|DBID|INSTANCE_NUMBER|HO|METRIC_NAME|METRIC_UNIT|AVG_VALUE|MODE_VALUE|MEDIAN_VALUE|MIN_VALUE|MAX_VALUE|SUM_VALUE|PERC50|PERC75|PERC90|PERC95|PERC100\n"
    "host1.example.com_ORCL19_031425140000|1234567890|1|00|Host CPU Utilization (%)|% Busy/(Idle+Busy)|20|5|9|5|102|2205|9|12|70|78|102\n"
    "host1.example.com_ORCL19_031425140000|1234567890|1|14|Average Active Sessions|Active Sessions|1|0|0|0|5|31|0|1|2|3|5\n"
    "host1.example.com_ORCL19_031425140000|1234567890|2|14|Average Active Sessions|Active Sessions|2|1|1|0|6|50|1|2|3|4|6\n";

TEST(SysmetricDma, PipeDelimited) {
  const auto d = parse(k_dma_pipe);
  EXPECT_EQ(d.kind, DumpKind::dma_collector);
  EXPECT_EQ(d.basis, awrdiff::SysmetricBasis::average_plus_2sd);
  EXPECT_TRUE(has_diagnostic(d, 0, "AVERAGE + 2 x STANDARD_DEVIATION"));
  EXPECT_EQ(d.dbid, 1234567890u);
  EXPECT_EQ(d.db_name, "ORCL19");
  EXPECT_EQ(d.host, "host1.example.com");
  EXPECT_EQ(d.instances, (std::vector<int>{1, 2}));
  ASSERT_EQ(d.rows.size(), 3u);
  const auto* cpu = find(d, "Host CPU Utilization (%)", 1, std::nullopt, 0);
  ASSERT_NE(cpu, nullptr);
  EXPECT_EQ(cpu->metric_unit, "% Busy/(Idle+Busy)");
  EXPECT_EQ(cpu->line, 3);
  EXPECT_DOUBLE_EQ(*cpu->average, 20);
  EXPECT_DOUBLE_EQ(*cpu->mode, 5);
  EXPECT_DOUBLE_EQ(*cpu->median, 9);
  EXPECT_DOUBLE_EQ(*cpu->minimum, 5);
  EXPECT_DOUBLE_EQ(*cpu->maximum, 102);  // over 100: a statistic of average + 2 sd
  EXPECT_DOUBLE_EQ(*cpu->sum, 2205);
  EXPECT_EQ(cpu->percentiles, (std::vector<std::pair<int, double>>{{50, 9}, {75, 12}, {90, 70}, {95, 78}, {100, 102}}));
  EXPECT_FALSE(cpu->snap_id);
  EXPECT_TRUE(cpu->end_time.empty());
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 2, std::nullopt, 14)->average, 2);
}

// A percentage over 100 in a dump (here a DMA maximum of average + 2 sd) is named in the baseline's notes.
TEST(SysmetricDma, PercentageOver100IsNamed) {
  const auto b = awrdiff::baseline_from_dump(parse(k_dma_pipe));
  EXPECT_TRUE(std::any_of(b.notes.begin(), b.notes.end(), [](const std::string& n) {
    return n.starts_with("Host CPU busy reaches 102% in the dump") &&
           n.find("average + 2 standard deviations") != std::string::npos;
  })) << ::testing::PrintToString(b.notes);
}

TEST(SysmetricDma, SpacedCommasAndACutHeader) {
  // 11g and early 19c collectors: ' , ' between fields, the heading an SQL expression SQL*Plus cut
  // after PERC50.
  const std::string text =
      "\n"
      "PKEY||','||DBID||','||INSTANCE_NUMBER||','||HOUR||','||METRIC_NAME||','||METRIC_UNIT||','||AVG_VALUE||','||MODE_VALUE||','||MEDIAN_VALUE||','||MIN_VALUE||','||MAX_VALUE||','||SUM_VALUE||','||PERC50||\n"
      "vm-orcl-11g_DB11G_020222211320 , 560566633 , 1 , 00 , User Limit % , % Sessions/License_Limit , .000000536427006784118162 , .00000052502684104436706 , .00000052912780866475949 , .00000052502684104436706 , .0000005624770807011502 , .00000536427006784118162 , .00000052912780866475949 , .0000005478100018776814 , .00000054927670976002828 , .00000055587689523058924 , .0000005624770807011502\n"
      "vm-orcl-11g_DB11G_020222211320 , 560566633 , 1 , 23 , Rows Per Sort , Rows Per Sort , 2666.40490862017215555555555555555555556 , 47.3524032343267 , 1802.067585825354 , 47.3524032343267 , 7322.068843324668 , 23997.6441775815494 , 1802.067585825354 , 3963.175201318451 , 5050.303904127204 , 6186.186373725936 , 1.2540009381491361288888888888888889E-06\n";
  const auto d = parse(text);
  EXPECT_EQ(d.kind, DumpKind::dma_collector);
  EXPECT_EQ(d.db_name, "DB11G");
  EXPECT_EQ(d.host, "vm-orcl-11g");
  ASSERT_EQ(d.rows.size(), 2u) << diagnostics(d);
  EXPECT_TRUE(has_diagnostic(d, 2, "the header is cut after 13 of the 17 fields"));
  const auto* limit = find(d, "User Limit %");
  EXPECT_DOUBLE_EQ(*limit->average, 5.36427006784118162e-7);
  EXPECT_EQ(limit->percentiles.back().first, 100);
  const auto* sort = find(d, "Rows Per Sort", 1, std::nullopt, 23);
  EXPECT_DOUBLE_EQ(*sort->average, 2666.40490862017215555555555555555555556);
  EXPECT_DOUBLE_EQ(sort->percentiles.back().second, 1.2540009381491361288888888888888889E-06);
}

TEST(SysmetricDma, ColumnsByName) {
  // Another order and an extra column: read by the header, not by position.
  const std::string text =
      "PKEY|METRIC_NAME|MAX_VALUE|INSTANCE_NUMBER|HOUR|METRIC_UNIT|AVG_VALUE|DBID|DMA_SOURCE_ID\n"
      "h_DB_1|Executions Per Sec|900|1|07|Executes Per Second|85|42|x\n";
  const auto d = parse(text);
  ASSERT_EQ(d.rows.size(), 1u) << diagnostics(d);
  EXPECT_DOUBLE_EQ(*d.rows[0].maximum, 900);
  EXPECT_DOUBLE_EQ(*d.rows[0].average, 85);
  EXPECT_EQ(d.rows[0].hour_of_day, 7);
  EXPECT_EQ(d.rows[0].dbid, 42u);
  EXPECT_FALSE(d.rows[0].median);
}

TEST(SysmetricDma, FaultyRows) {
  const std::string head = "PKEY|DBID|INSTANCE_NUMBER|HO|METRIC_NAME|METRIC_UNIT|AVG_VALUE|MAX_VALUE\n";
  const std::string text = head +
                           "h_DB_1|1|1|00|Logons Per Sec|Logons Per Second|1,234|5\n"  // 2: comma
                           "h_DB_1|1|1|01|Logons Per Sec|Logons Per Second|NaN|5\n"  // 3
                           "h_DB_1|1|1|02|Logons Per Sec|Logons Per Second|3|5\n"  // 4: fine
                           "h_DB_1|1|1|02|Logons Per Sec|Logons Per Second|4|5\n"  // 5: duplicate
                           "h_DB_1|1|1|24|Logons Per Sec|Logons Per Second|3|5\n"  // 6: hour
                           "h_DB_1|1|1|03|Logons Per Sec|Logons Per Second|3\n"  // 7: short
                           "h_DB_1,1,1,04,Logons Per Sec,Logons Per Second,3,5\n"  // 8: delimiter
                           "h_DB_1|1|x|05|Logons Per Sec|Logons Per Second|3|5\n"  // 9: instance
                           "h_DB_1|1|1|06|Logons Per Sec|Logons Per Second|########|5\n"  // 10: overflow
                           "h_DB_1|1|1|07|Logons Per Sec|Logons Per Second||\n"  // 11: no value
                           "h_DB_1|1|1|08|Logons Per Sec|Logons Per Second|3|1e999\n"  // 12: out of range
                           "h_DB_1|1|1|09|Logons Per Sec|Logons Per Second|7|9";  // 13: no line break
  const auto d = parse(text);
  ASSERT_EQ(d.rows.size(), 1u) << diagnostics(d);
  EXPECT_EQ(d.rows[0].line, 4);
  EXPECT_DOUBLE_EQ(*d.rows[0].average, 3);
  EXPECT_TRUE(has_diagnostic(d, 2, "'1,234' has a comma")) << diagnostics(d);
  EXPECT_TRUE(has_diagnostic(d, 3, "'NaN' is not a number"));
  EXPECT_TRUE(has_diagnostic(d, 5, "again (first at line 4)"));
  EXPECT_TRUE(has_diagnostic(d, 6, "is not 00-23"));
  EXPECT_TRUE(has_diagnostic(d, 7, "7 fields where the header has 8"));
  EXPECT_TRUE(has_diagnostic(d, 8, "1 fields where the header has 8"));
  EXPECT_TRUE(has_diagnostic(d, 9, "INSTANCE_NUMBER 'x'"));
  EXPECT_TRUE(has_diagnostic(d, 10, "did not fit"));
  EXPECT_TRUE(has_diagnostic(d, 11, "no value"));
  EXPECT_TRUE(has_diagnostic(d, 12, "'1e999' is not a number"));
  EXPECT_TRUE(has_diagnostic(d, 13, "the file ends inside it"));

  EXPECT_NE(error_of(head).find("no metric row could be read"), std::string::npos);
  EXPECT_NE(error_of("PKEY|DBID|METRIC_NAME|AVG_VALUE\nx|1|m|1\n").find("without INSTANCE_NUMBER, HOUR"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// SELECT_BASELINE_METRIC

const std::string k_select_heading =
    "BASELINE_NAME       DBID INSTANCE_NUMBER BEG_TIME  END_TIME   METRIC_ID METRIC_NAME                  METRIC_UNIT              NUM_INTERVAL INTERVAL_SIZE    AVERAGE    MINIMUM    MAXIMUM\n"
    "------------- ---------- --------------- --------- --------- ---------- ---------------------------- ------------------------ ------------ ------------- ---------- ---------- ----------\n";

TEST(SysmetricSelectBaseline, PlainSpool) {
  const std::string text =
      "\n" + k_select_heading +
      "NORMAL_1400   1234567890               1 14-MAR-25 15-MAR-25       2123 Database Time Per Sec        CentiSeconds Per Second            60        360000 22.0166667  4.1234567 61.2345678\n"
      "NORMAL_1400   1234567890               1 14-MAR-25 15-MAR-25       2147 Average Active Sessions      Active Sessions                    60        360000 .220166667 .041234567 .612345678\n"
      "\n2 rows selected.\n\n";
  const auto d = parse(text);
  EXPECT_EQ(d.kind, DumpKind::select_baseline_metric);
  EXPECT_EQ(d.baseline_name, "NORMAL_1400");
  EXPECT_EQ(d.dbid, 1234567890u);
  ASSERT_EQ(d.rows.size(), 2u) << diagnostics(d);
  EXPECT_EQ(warnings(d), 0u) << diagnostics(d);
  const auto& r = d.rows[0];
  EXPECT_EQ(r.metric_name, "Database Time Per Sec");
  EXPECT_EQ(r.metric_unit, "CentiSeconds Per Second");
  EXPECT_EQ(r.begin_time, "2025-03-14");  // DD-MON-RR: a date without its time
  EXPECT_EQ(r.end_time, "2025-03-15");
  EXPECT_DOUBLE_EQ(*r.num_intervals, 60);
  EXPECT_DOUBLE_EQ(*r.interval_s, 3600);  // INTERVAL_SIZE is in centiseconds
  EXPECT_DOUBLE_EQ(*r.average, 22.0166667);
  EXPECT_DOUBLE_EQ(*r.minimum, 4.1234567);
  EXPECT_DOUBLE_EQ(*r.maximum, 61.2345678);
  EXPECT_FALSE(r.standard_deviation);
  EXPECT_DOUBLE_EQ(*d.rows[1].average, 0.220166667);
}

// SET TAB ON (SQL*Plus's default) writes runs of spaces as tabs at every 8th column.
std::string tabify(const std::string& text) {
  std::string out, line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    std::string t;
    std::size_t col = 0, spaces = 0;
    for (char c : line) {
      if (c == ' ') {
        ++spaces;
        if ((col + 1) % 8 == 0) {
          t += spaces > 1 ? "\t" : " ";
          spaces = 0;
        }
      } else {
        t.append(spaces, ' ');
        spaces = 0;
        t.push_back(c);
      }
      ++col;
    }
    t.append(spaces, ' ');
    out += t + "\n";
  }
  return out;
}

TEST(SysmetricSelectBaseline, TabsForSpaces) {
  const std::string text =
      "\n" + k_select_heading +
      "NORMAL_1400   1234567890               1 14-MAR-25 15-MAR-25       2123 Database Time Per Sec        CentiSeconds Per Second            60        360000 22.0166667  4.1234567 61.2345678\n";
  const std::string tabbed = tabify(text);
  ASSERT_NE(tabbed.find('\t'), std::string::npos);
  const auto d = parse(tabbed);
  ASSERT_EQ(d.rows.size(), 1u) << diagnostics(d);
  EXPECT_DOUBLE_EQ(*d.rows[0].maximum, 61.2345678);
  EXPECT_EQ(d.rows[0].metric_unit, "CentiSeconds Per Second");
}

TEST(SysmetricSelectBaseline, DatesWithTimeCsvAndFaults) {
  const std::string text =
      "\"BASELINE_NAME\",\"DBID\",\"INSTANCE_NUMBER\",\"BEG_TIME\",\"END_TIME\",\"METRIC_ID\",\"METRIC_NAME\",\"METRIC_UNIT\",\"NUM_INTERVAL\",\"INTERVAL_SIZE\",\"AVERAGE\",\"MINIMUM\",\"MAXIMUM\"\n"
      "\"B1\",1234567890,1,\"14-MAR-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2123,\"Database Time Per Sec\",\"CentiSeconds Per Second\",60,360000,22,4,61\n"
      "\"B1\",1234567890,2,\"14-MAR-25 14:00:03\",\"14-MAR-25 15:00:03\",2123,\"Database Time Per Sec\",\"CentiSeconds Per Second\",60,360000,12,4,31\n"
      "\"B1\",1234567890,1,\"14-MRZ-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2147,\"Average Active Sessions\",\"Active Sessions\",60,360000,.22,.04,.61\n"
      "\"B1\",1234567890,1,\"31-FEB-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2147,\"Average Active Sessions\",\"Active Sessions\",60,360000,.22,.04,.61\n"
      "\"B1\",1234567890,1,\"14-MAR-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2147,\"Average Active Sessions\",\"Active Sessions\",60,360000,0,22,.04,.61\n"
      "\"B1\",1234567890,1,\"14-MAR-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2147,\"Average \"\"Active\"\" Sessions\",\"Active Sessions\",60,360000,.22,.04,.61\n"
      "\"B2\",1234567890,1,\"14-MAR-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2123,\"Database Time Per Sec\",\"CentiSeconds Per Second\",60,360000,22,4,61\n"
      "\"B1\",1234567890,1,\"14-MAR-2025 14:00:03\",\"14-MAR-2025 15:00:03\",2123,\"Database Time Per Sec\",\"CentiSeconds Per Second\",60,360000,22,4,61\n"
      "\"B1,1234567890\n";
  const auto d = parse(text);
  EXPECT_EQ(d.kind, DumpKind::select_baseline_metric);
  EXPECT_EQ(d.baseline_name, "B1");
  EXPECT_EQ(d.instances, (std::vector<int>{1, 2}));
  const auto* r = find(d, "Database Time Per Sec", 1);
  ASSERT_NE(r, nullptr) << diagnostics(d);
  EXPECT_EQ(r->begin_time, "2025-03-14T14:00:03");
  EXPECT_EQ(find(d, "Database Time Per Sec", 2)->end_time, "2025-03-14T15:00:03");
  EXPECT_TRUE(has_diagnostic(d, 4, "'14-MRZ-2025 14:00:03' is not a date")) << diagnostics(d);
  EXPECT_TRUE(has_diagnostic(d, 5, "'31-FEB-2025 14:00:03' is not a date"));
  EXPECT_TRUE(has_diagnostic(d, 6, "14 fields where the header has 13"));  // a decimal comma in a CSV
  EXPECT_NE(find(d, "Average \"Active\" Sessions"), nullptr);  // "" inside quotes
  EXPECT_TRUE(has_diagnostic(d, 9, "again (first at line 2)"));
  EXPECT_TRUE(has_diagnostic(d, 10, "unbalanced quotes"));
  EXPECT_TRUE(has_diagnostic(d, 0, "rows of several baselines (B1, B2)"));
  EXPECT_EQ(d.rows.size(), 4u);
}

// Found by fuzz_sysmetric_dump: a quoted cell with "" inside is unescaped into storage that must
// outlive the row, as the date cache and the duplicate index keep views of earlier cells.
TEST(SysmetricSelectBaseline, EscapedCellsOutliveTheirRow) {
  const std::string head =
      "\"BASELINE_NAME\",\"DBID\",\"INSTANCE_NUMBER\",\"BEG_TIME\",\"END_TIME\",\"METRIC_NAME\",\"AVERAGE\"\n";
  const std::string text = head +
                           "\"B\"\"1\",1,1,\"14-MAR-25 14:00:03\"\"x\",\"14-MAR-25 15:00:03\",\"M \"\"1\"\"\",1\n"
                           "\"B\"\"1\",1,1,\"14-MAR-25 14:00:03\",\"14-MAR-25 15:00:03\",\"M \"\"1\"\"\",2\n"
                           "\"B\"\"1\",1,1,\"14-MAR-25 14:00:03\",\"14-MAR-25 15:00:03\",\"M \"\"1\"\"\",3\n"
                           "\"B\"\"1\",1,1,\"14-MAR-25 14:00:03\"\"x\",\"14-MAR-25 15:00:03\",\"M \"\"2\"\"\",4\n";
  const auto d = parse(text);
  ASSERT_EQ(d.rows.size(), 1u) << diagnostics(d);
  EXPECT_EQ(d.baseline_name, "B\"1");
  EXPECT_EQ(d.rows[0].metric_name, "M \"1\"");
  EXPECT_DOUBLE_EQ(*d.rows[0].average, 2);
  EXPECT_TRUE(has_diagnostic(d, 2, "is not a date"));
  EXPECT_TRUE(has_diagnostic(d, 4, "again (first at line 3)"));
  EXPECT_TRUE(has_diagnostic(d, 5, "is not a date"));
}

TEST(SysmetricSelectBaseline, WrappedSpool) {
  // LINESIZE 80: five lines per row under five heading/rule pairs, a blank line after each row, the
  // headings again on the next page.
  const std::string heading =
      "BASELINE_NAME                                                          DBID\n"
      "---------------------------------------------------------------- ----------\n"
      "INSTANCE_NUMBER BEG_TIME           END_TIME            METRIC_ID\n"
      "--------------- ------------------ ------------------ ----------\n"
      "METRIC_NAME\n"
      "----------------------------------------------------------------\n"
      "METRIC_UNIT                                                      NUM_INTERVAL\n"
      "---------------------------------------------------------------- ------------\n"
      "INTERVAL_SIZE    AVERAGE    MINIMUM    MAXIMUM\n"
      "------------- ---------- ---------- ----------\n";
  auto row = [](int inst, const char* avg) {
    return std::string("NIGHT                                                            1234567890\n") + "              " +
           std::to_string(inst) +
           " 14-MAR-25 02:00:00 14-MAR-25 03:00:00       2147\n"
           "Average Active Sessions\n"
           "Active Sessions                                                            60\n"
           "       360000 " +
           avg + "          0       1.25\n\n";
  };
  const auto d = parse("\n" + heading + row(1, "      .125") + "\n" + heading + row(2, "  2.5E-02"));
  ASSERT_EQ(d.rows.size(), 2u) << diagnostics(d);
  EXPECT_EQ(warnings(d), 0u) << diagnostics(d);
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 1)->average, 0.125);
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 2)->average, 0.025);
  EXPECT_EQ(find(d, "Average Active Sessions", 2)->begin_time, "2025-03-14T02:00:00");
  EXPECT_EQ(find(d, "Average Active Sessions", 2)->line, 29);

  // A row cut by the end of the file.
  const auto cut = parse("\n" + heading + row(1, "      .125") + row(2, "      .125").substr(0, 100));
  EXPECT_EQ(cut.rows.size(), 1u);
  EXPECT_TRUE(has_diagnostic(cut, -1, "row cut short")) << diagnostics(cut);
}

// ---------------------------------------------------------------------------------------------
// DBA_HIST_SYSMETRIC_SUMMARY

const std::string k_summary_pipe =
    "                DBID|     INSTANCE_NUMBER|             SNAP_ID|BEGIN_TIME         |END_TIME           |METRIC_NAME                 |METRIC_UNIT            |        NUM_INTERVAL|             INTSIZE|             AVERAGE|              MINVAL|              MAXVAL|  STANDARD_DEVIATION\n"
    "--------------------|--------------------|--------------------|-------------------|-------------------|----------------------------|-----------------------|--------------------|--------------------|--------------------|--------------------|--------------------|--------------------\n";

TEST(SysmetricSummary, PipeSpoolAndItsFaults) {
  const std::string text =
      k_summary_pipe +
      "          1234567890|                   1|                4411|2025-03-14 14:01:00|2025-03-14 14:11:00|Database Time Per Sec       |CentiSeconds Per Second|                  10|               60003|                  22|                 4.5|                  61|                12.5\n"
      "          1234567890|                   2|                4411|2025-03-14 14:01:00|2025-03-14 14:11:00|Database Time Per Sec       |CentiSeconds Per Second|                  10|               60003|                1,234|                 4.5|                  61|                12.5\n"
      "          1234567890|                   1|                4412|2025-03-14 14:11:00|2025-03-14 14:21:00|Database Time Per Sec       |CentiSeconds Per Second|                  10|               60003|                   ~|                 4.5|                  61|                12.5\n"
      "          1234567890|                   1|                4413|2025-03-14 14:21:00|2025-03-14 14:31:00|Database Time Per Sec       |CentiSeconds Per Second|                  10|               60003|          -1.5E+300|                 4.5|                  61|                12.5\n";
  const auto d = parse(text);
  EXPECT_EQ(d.kind, DumpKind::sysmetric_summary);
  ASSERT_EQ(d.rows.size(), 2u) << diagnostics(d);
  const auto* r = find(d, "Database Time Per Sec", 1, 4411);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->begin_time, "2025-03-14T14:01:00");
  EXPECT_EQ(r->end_time, "2025-03-14T14:11:00");
  EXPECT_DOUBLE_EQ(*r->interval_s, 600.03);
  EXPECT_DOUBLE_EQ(*r->average, 22);
  EXPECT_DOUBLE_EQ(*r->minimum, 4.5);
  EXPECT_DOUBLE_EQ(*r->maximum, 61);
  EXPECT_DOUBLE_EQ(*r->standard_deviation, 12.5);
  EXPECT_TRUE(has_diagnostic(d, 4, "'1,234' has a comma")) << diagnostics(d);  // not 1, not 1.234, not 1234
  EXPECT_TRUE(has_diagnostic(d, 5, "'~' is not a number"));  // SQL*Plus's infinity
  EXPECT_DOUBLE_EQ(*find(d, "Database Time Per Sec", 1, 4413)->average, -1.5e300);
}

TEST(SysmetricSummary, FixedWidthWithDecimalCommaAndRac) {
  const std::string text =
      "      DBID INSTANCE_NUMBER    SNAP_ID BEGIN_TIME          METRIC_NAME                 AVERAGE     MAXVAL\n"
      "---------- --------------- ---------- ------------------- ------------------------ ---------- ----------\n"
      "1234567890               1       4411 2025-03-14 14:01:00 Average Active Sessions         ,22      1,234\n"
      "1234567890               2       4411 2025-03-14 14:01:00 Average Active Sessions        1,25          3\n";
  const auto d = parse(text);
  ASSERT_EQ(d.rows.size(), 2u) << diagnostics(d);
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 1)->average, 0.22);
  EXPECT_DOUBLE_EQ(*find(d, "Average Active Sessions", 1)->maximum, 1.234);  // fixed width: a decimal comma
  EXPECT_EQ(d.instances, (std::vector<int>{1, 2}));
  EXPECT_TRUE(find(d, "Average Active Sessions", 1)->metric_unit.empty());
}

TEST(SysmetricSummary, Errors) {
  // One line each, naming the file.
  for (const std::string& text : {std::string("DBID|SNAP_ID|METRIC_NAME|AVERAGE|MAXVAL\n"),
                                  std::string("DBID|SNAP_ID|METRIC_NAME|AVERAGE|MAXVAL\n1|2|m|x|1\n"),
                                  std::string("DBID|SNAP_ID|METRIC_NAME|AVERAGE|MAXVAL\n1|2|m|\n")}) {
    const auto e = error_of(text);
    EXPECT_EQ(e.rfind("dump.txt: no metric row could be read", 0), 0u) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
  EXPECT_THROW(awrdiff::load_sysmetric_dump(awrdiff::testing::sample_path("no_such_dump.csv")), awrdiff::Error);
}

TEST(SysmetricSummary, ManyRowsQuickly) {
  // Linear in the rows: 20,000 lines well within a second even under sanitizers.
  std::string text =
      "\"DBID\",\"INSTANCE_NUMBER\",\"SNAP_ID\",\"BEGIN_TIME\",\"END_TIME\",\"METRIC_NAME\",\"METRIC_UNIT\",\"AVERAGE\",\"MAXVAL\"\n";
  for (int i = 0; i < 20000; ++i)
    text += "1234567890,1," + std::to_string(1000 + i / 160) + ",\"2025-03-14 14:00:00\",\"2025-03-14 15:00:00\",\"Metric " +
            std::to_string(i % 160) + " Per Sec\",\"Things Per Second\"," + std::to_string(i) + ".25,1E+03\n";
  const auto t0 = std::chrono::steady_clock::now();
  const auto d = parse(text);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(d.rows.size(), 20000u);
  EXPECT_EQ(d.diagnostics.size(), 0u);
  EXPECT_LT(s, 2.0);
}

// ---------------------------------------------------------------------------------------------
// The samples of samples/ (generate_dumps.py)

TEST(SysmetricSamples, LoadWithTheSampleDatabasesRates) {
  for (const char* name : {"baseline_metric_select.lst", "baseline_metric_select_wrapped.lst", "baseline_metric_select.csv"}) {
    const auto d = awrdiff::load_sysmetric_dump(awrdiff::testing::sample_path(name));
    EXPECT_EQ(d.kind, DumpKind::select_baseline_metric) << name;
    EXPECT_EQ(d.baseline_name, "CASE1_MAR14_1400") << name;
    EXPECT_EQ(d.dbid, 1234567890u) << name;
    EXPECT_EQ(d.instances, std::vector<int>{1}) << name;
    EXPECT_EQ(d.rows.size(), 49u) << name;
    EXPECT_TRUE(d.diagnostics.empty()) << name << "\n" << diagnostics(d);
    const auto* aas = find(d, "Average Active Sessions");
    ASSERT_NE(aas, nullptr) << name;
    EXPECT_NEAR(*aas->average, 0.22, 1e-9) << name;  // good: 132 s of DB time in 600 s
    EXPECT_NEAR(*find(d, "Database Time Per Sec")->average, 22.0, 1e-9) << name;
    EXPECT_NEAR(*find(d, "Executions Per Sec")->average, 85.4, 1e-9) << name;
    EXPECT_DOUBLE_EQ(*aas->interval_s, 600.0) << name;
    EXPECT_LE(*aas->minimum, *aas->average);
    EXPECT_GE(*aas->maximum, *aas->average);
  }
  for (const char* name : {"sysmetric_summary.csv", "sysmetric_summary.lst"}) {
    const auto d = awrdiff::load_sysmetric_dump(awrdiff::testing::sample_path(name));
    EXPECT_EQ(d.kind, DumpKind::sysmetric_summary) << name;
    EXPECT_EQ(d.dbid, 1234567890u) << name;
    EXPECT_EQ(d.rows.size(), 5u * 49u) << name;
    EXPECT_TRUE(d.diagnostics.empty()) << name << "\n" << diagnostics(d);
    // good_4 (snaps 4986-4987): 127.5 s of DB time over 10.03 minutes.
    EXPECT_NEAR(*find(d, "Database Time Per Sec", 1, 4987)->average, 100 * 127.5 / 602, 1e-9) << name;
    EXPECT_NEAR(*find(d, "Hard Parse Count Per Sec", 1, 4411)->average, 17.36, 0.01) << name;
  }
}

}  // namespace
