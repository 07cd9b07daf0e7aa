// Oracle's AWR Compare Periods report (awrddrpt) read as two snapshots. The inputs are
// samples/compare_periods_11.2.txt and .html, small reports written for these tests from the 11.2 layouts
// (the columns, titles and summary= texts of awrddrpt.sql's output; no real report's text), with a top event
// marked "-" in one period and a statement "N/A" (text) or blank (HTML) in the other.
#include <awrdiff/compare.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;
using namespace awrdiff;

namespace {

const fs::path k_sample = fs::path(AWRDIFF_SOURCE_DIR) / "samples" / "compare_periods_11.2.txt";

const SqlStat* sql(const Snapshot& s, std::string_view id) {
  for (const auto& q : s.sql)
    if (q.sql_id == id) return &q;
  return nullptr;
}

TEST(CompareReport, ReadsBothPeriods) {
  const auto periods = load_each_report(k_sample);
  ASSERT_EQ(periods.size(), 2u);
  const Snapshot& a = periods[0];
  const Snapshot& b = periods[1];
  EXPECT_TRUE(from_compare_report(a));
  EXPECT_TRUE(from_compare_report(b));
  EXPECT_EQ(a.interval.begin_snap, 100);
  EXPECT_EQ(a.interval.end_snap, 101);
  EXPECT_EQ(b.interval.begin_snap, 200);
  EXPECT_EQ(b.interval.end_snap, 201);
  EXPECT_EQ(a.interval.begin_time, "01-Mar-24 10:00:00");
  EXPECT_EQ(a.interval.elapsed_s, 3600.0);  // the title's seconds
  EXPECT_EQ(a.database.name, "TESTDB");
  EXPECT_EQ(a.database.dbid, 123456789u);
  EXPECT_EQ(b.database.instance, "testdb1");
  EXPECT_EQ(a.db_time_s(), 7200.0);
  EXPECT_EQ(b.db_time_s(), 14400.0);
  ASSERT_NE(a.load_profile_row("db_time"), nullptr);
  EXPECT_EQ(a.load_profile_row("db_time")->per_second, 2.0);
  EXPECT_EQ(b.load_profile_row("db_cpu")->per_second, 1.5);
  EXPECT_EQ(b.load_profile_row("logical_reads")->per_transaction, 1200.0);
  EXPECT_EQ(a.time_model_row("DB CPU")->time_s, 3600.0);
  EXPECT_EQ(b.time_model_row("sql execute elapsed time")->pct_db_time, 95.0);
  // Host Configuration Comparison: CPUs and memory of the header, the Host CPU section's shares.
  EXPECT_EQ(a.database.cpus, 8.0);
  EXPECT_EQ(b.database.memory_gb, 16.0);
  EXPECT_EQ(a.host_cpu.pct_idle, 75.0);
  EXPECT_EQ(b.host_cpu.pct_user, 30.0);
}

TEST(CompareReport, WhatOnePeriodDoesNotListIsUnknownNotZero) {
  const auto periods = load_each_report(k_sample);
  ASSERT_EQ(periods.size(), 2u);
  const Snapshot& a = periods[0];
  const Snapshot& b = periods[1];
  // Top Timed Events: the "-" event is outside the 2nd period's top list; log file sync has no 2nd line.
  ASSERT_EQ(a.top_events.size(), 3u);
  ASSERT_EQ(b.top_events.size(), 2u);
  EXPECT_EQ(b.top_event("enq: TX - row lock contention"), nullptr);
  EXPECT_EQ(b.top_event("log file sync"), nullptr);
  EXPECT_EQ(b.top_event("db file sequential read")->time_s, 7200.0);
  EXPECT_EQ(a.top_event("DB CPU")->time_s, 3600.0);
  // Top SQL: "N/A" in the 2nd period: absent there.
  ASSERT_NE(sql(a, "bbbbbbbbbbbb2"), nullptr);
  EXPECT_EQ(sql(b, "bbbbbbbbbbbb2"), nullptr);
  const SqlStat* q = sql(b, "aaaaaaaaaaaa1");
  ASSERT_NE(q, nullptr);
  EXPECT_DOUBLE_EQ(*q->elapsed_s, 0.60 * 14400);  // % of DB time x DB time
  EXPECT_EQ(q->executions, 10000.0);
  EXPECT_DOUBLE_EQ(*q->cpu_s, 200.0 * 10000 / 1000);  // CPU ms per execution x executions
  EXPECT_DOUBLE_EQ(*q->user_io_s, 600.0 * 10000 / 1000);
  EXPECT_EQ(q->text, "select * from orders where order_id = :1");
}

TEST(CompareReport, ReadsTheHtmlLayout) {
  const auto periods = load_each_report(k_sample.parent_path() / "compare_periods_11.2.html");
  ASSERT_EQ(periods.size(), 2u);
  const Snapshot& a = periods[0];
  const Snapshot& b = periods[1];
  EXPECT_EQ(a.database.name, "TESTDB");
  EXPECT_EQ(a.interval.begin_snap, 100);
  EXPECT_EQ(b.interval.end_snap, 201);
  // Elapsed: printed as 60.2 min; the snap times say 3,612 s, which agrees: the finer figure.
  EXPECT_EQ(a.interval.elapsed_s, 3612.0);
  EXPECT_EQ(b.interval.elapsed_s, 3600.0);
  EXPECT_EQ(a.db_time_s(), 7200.0);
  EXPECT_EQ(b.load_profile_row("executes")->per_second, 600.0);
  ASSERT_EQ(b.top_events.size(), 2u);  // the "-" event and the empty half left out
  EXPECT_EQ(b.top_event("enq: TX - row lock contention"), nullptr);
  EXPECT_EQ(a.top_event("log file sync")->waits, 100000.0);
  ASSERT_NE(sql(a, "bbbbbbbbbbbb2"), nullptr);
  EXPECT_EQ(sql(b, "bbbbbbbbbbbb2"), nullptr);  // blank cells: no data in the 2nd period
  EXPECT_DOUBLE_EQ(*sql(b, "aaaaaaaaaaaa1")->elapsed_s, 0.60 * 14400);
  EXPECT_EQ(sql(a, "bbbbbbbbbbbb2")->text, "update inventory set qty = qty - :1 where product_id = :2");  // the full text
}

// 19c text layout (samples/compare_periods_19c_pdb.txt, written from the layout a 19c awrddrpt.sql prints in a
// PDB; no real 19c compare report is in ../shared): "(PDB snapshots)" in the title, Unique Name / DB Role /
// Edition / CDB and no DB Name in the header, the AWR report's Load Profile names, "Avg Time" with its unit.
TEST(CompareReport, Reads19cPdbLayout) {
  const auto periods = load_each_report(k_sample.parent_path() / "compare_periods_19c_pdb.txt");
  ASSERT_EQ(periods.size(), 2u);
  const Snapshot& a = periods[0];
  const Snapshot& b = periods[1];
  EXPECT_EQ(a.database.name, "PDBA");  // from the section titles' DB/Inst
  EXPECT_EQ(a.database.unique_name, "CDB1");
  EXPECT_EQ(a.database.cdb, true);
  EXPECT_EQ(a.database.scope, ContainerScope::pdb);
  EXPECT_TRUE(b.interval.pdb_snapshots);
  EXPECT_EQ(b.interval.begin_snap, 45);
  EXPECT_EQ(a.interval.elapsed_s, 600.25);
  EXPECT_EQ(a.load_profile_row("background_cpu")->per_second, 0.1);
  EXPECT_EQ(b.load_profile_row("redo_size")->per_transaction, 5500.0);
  EXPECT_EQ(b.load_profile_row("workarea_mb")->per_second, 0.2);  // SQL Work Area (MB): megabytes already
  EXPECT_EQ(b.load_profile_row("transactions")->per_second, 100.0);
  // Top Timed Events: "Avg Time" with units; "-buffer busy waits" is outside the 1st period's list, and the
  // 2nd period's "-" line is empty.
  ASSERT_EQ(a.top_events.size(), 3u);
  EXPECT_EQ(a.top_event("buffer busy waits"), nullptr);
  EXPECT_EQ(a.top_event("log file sync")->avg_wait_ms, 1.2);
  ASSERT_EQ(b.top_events.size(), 3u);
  EXPECT_NEAR(*b.top_event("buffer busy waits")->avg_wait_ms, 1.33, 1e-9);
  EXPECT_EQ(b.top_event("db file sequential read"), nullptr);
}

TEST(CompareReport, AReportReadAloneIsItsSecondPeriod) {
  const Snapshot s = load_report(k_sample);
  EXPECT_EQ(s.interval.begin_snap, 200);
  EXPECT_TRUE(from_compare_report(s));
}

// Damaged rows of "Top SQL Comparison by Elapsed Time" (written here from the sample): a line break inside a SQL Id
// (as Oracle's 19c HTML breaks a row); a row cut after its first cells; a row whose first cell is no SQL Id. The
// first is read whole; the second for what it holds (its SQL Id and 1st period's % of DB time, the rest unknown),
// said in a warning; the third, whose figures cannot be placed, is a warning. The warnings reach the output by
// default: no row is dropped in silence while the next statement passes for the top one.
TEST(CompareReport, AMalformedTopSqlRowIsReadOrNamed) {
  std::string html = read_input(k_sample.parent_path() / "compare_periods_11.2.html");
  const std::string first = "<tr><td class='awrnc'>aaaaaaaaaaaa1</td>";
  const auto at = html.find(first);
  ASSERT_NE(at, std::string::npos);
  html.replace(at, first.size(), "<tr><td class='awrnc'>aaaaaa\naaaaaa1</td>");  // the SQL Id broken by a line break
  const std::string second = "<tr><td class='awrnc'>bbbbbbbbbbbb2</td>";
  const auto row = html.find(second);
  ASSERT_NE(row, std::string::npos);
  const auto row_end = html.find("</tr>", row);
  html.replace(row, row_end - row,
               second +
                   "<td class='awrnc'>10.00</td><td class='awrnc'>50.00</td></tr>"  // 3 of its 22 cells
                   "<tr><td class='awrnc'>6q7cpq</td><td class='awrnc'>24.76</td>");  // no SQL Id
  const auto periods = parse_reports(html, "damaged.html");
  ASSERT_EQ(periods.size(), 2u);
  const SqlStat* a = sql(periods[0], "aaaaaaaaaaaa1");
  ASSERT_NE(a, nullptr);
  EXPECT_DOUBLE_EQ(*a->pct_db_time, 40.0);
  EXPECT_DOUBLE_EQ(*a->elapsed_s, 0.40 * 7200);
  EXPECT_EQ(a->executions, 10000.0);
  ASSERT_NE(sql(periods[1], "aaaaaaaaaaaa1"), nullptr);
  const SqlStat* b = sql(periods[0], "bbbbbbbbbbbb2");
  ASSERT_NE(b, nullptr);  // what the cut row holds: its 1st period's 10.00% of DB time
  EXPECT_DOUBLE_EQ(*b->pct_db_time, 10.0);
  EXPECT_DOUBLE_EQ(*b->elapsed_s, 0.10 * 7200);
  EXPECT_FALSE(b->executions);  // not printed: unknown, not zero
  EXPECT_EQ(sql(periods[1], "bbbbbbbbbbbb2"), nullptr);
  int warned = 0;
  for (const auto& d : periods[0].diagnostics)
    if (d.level == Diagnostic::Level::warning &&
        (d.message.find("bbbbbbbbbbbb2") != std::string::npos || d.message.find("'6q7cpq'") != std::string::npos))
      ++warned;
  EXPECT_EQ(warned, 2);
  const Comparison c = compare(periods[0], periods[1], CompareOptions{.one_workload = true});
  std::ostringstream out;
  render(c, Format::text, RenderOptions{}, out);
  EXPECT_NE(out.str().find("statement bbbbbbbbbbbb2 in 'Top SQL Comparison by Elapsed Time' is cut short (2 of its 19"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("could not be read (2 cells, the first '6q7cpq')"), std::string::npos) << out.str();
  // The text layout: a statement's line cut after its first figures, read for what it holds.
  std::string text = read_input(k_sample);
  const auto line = text.find("bbbbbbbbbbbb2 ");
  ASSERT_NE(line, std::string::npos);
  text.replace(line, text.find('\n', line) - line, "bbbbbbbbbbbb2             10.0           50.0");
  const auto cut = parse_reports(text, "damaged.txt");
  ASSERT_EQ(cut.size(), 2u);
  ASSERT_NE(sql(cut[0], "bbbbbbbbbbbb2"), nullptr);
  EXPECT_DOUBLE_EQ(*sql(cut[0], "bbbbbbbbbbbb2")->pct_db_time, 10.0);
  EXPECT_EQ(sql(cut[0], "bbbbbbbbbbbb2")->text, "update inventory set qty = qty - :1 where product_id = :2");
  bool said = false;
  for (const auto& d : cut[0].diagnostics)
    said = said || d.message.find(
                       "statement bbbbbbbbbbbb2 in 'Top SQL Comparison by Elapsed Time' has 2 of its 19 "
                       "figures: read from what it holds") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(CompareReport, TruncatedOrDamagedIsOneError) {
  const std::string text = read_input(k_sample);
  // Cut inside the period header, and before any figure: each an Error naming the file, never a crash.
  for (std::size_t cut : {std::size_t{60}, std::size_t{600}, text.find("Workload Comparison")}) {
    SCOPED_TRACE(cut);
    try {
      parse_reports(std::string_view(text).substr(0, cut), "cut.txt");
      FAIL() << "read";
    } catch (const Error& e) {
      EXPECT_EQ(e.file(), "cut.txt");
      EXPECT_NE(e.reason().find("Compare Periods report"), std::string::npos) << e.reason();
      EXPECT_EQ(e.reason().find('\n'), std::string::npos);
    }
  }
  // Cut in the SQL list: both periods, with what was printed before the cut.
  const auto periods = parse_reports(std::string_view(text).substr(0, text.find("bbbbbbbbbbbb2")), "cut.txt");
  ASSERT_EQ(periods.size(), 2u);
  EXPECT_EQ(periods[1].top_events.size(), 2u);
}

}  // namespace

namespace {

// The RAC Compare Periods report (awrgdrpt.sql) lists each instance of a period on a row of its own in the
// Snapshot Set header. No real RAC compare report exists here and no published output of one was found
// (docs/compare-report.md lists what was searched): this sample is the single-instance sample with a second
// instance row under each period, and holds only that such a report is refused in one line, never read as
// its first instance. No RAC layout is assumed beyond the instance rows.
TEST(CompareReport, RacReportWithInstanceRowsIsRefusedInOneLine) {
  std::string text = read_input(k_sample);
  for (const char* period :
       {"First (1st)    123456789 testdb1             1", "Second (2nd)   123456789 testdb1             1"}) {
    const auto at = text.find(period);
    ASSERT_NE(at, std::string::npos) << period;
    const auto eol = text.find('\n', at);
    text.insert(eol + 1, "               123456789 testdb2             2 11.2.0.4.0  YES     dbhost02         8192\n");
  }
  try {
    parse_reports(text, "rac_compare.txt");
    FAIL() << "read";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "rac_compare.txt");
    EXPECT_NE(e.reason().find("RAC Compare Periods report (awrgdrpt.sql, 2 instances in its 1st period)"), std::string::npos)
        << e.reason();
    EXPECT_EQ(e.reason().find('\n'), std::string::npos);
  }
}

// The same for the HTML report: a second instance row (first cell blank) under each period.
TEST(CompareReport, RacHtmlReportWithInstanceRowsIsRefusedInOneLine) {
  std::string html = read_input(k_sample.parent_path() / "compare_periods_11.2.html");
  for (const char* period : {"<td class='awrnc'>First (1st)</td>", "<td class='awrnc'>Second (2nd)</td>"}) {
    const auto at = html.find(period);
    ASSERT_NE(at, std::string::npos) << period;
    const auto eol = html.find('\n', at);
    html.insert(eol + 1,
                "<tr><td class='awrnc'></td><td class='awrnc'>TESTDB</td><td class='awrnc'>123456789</td>"
                "<td class='awrnc'>testdb2</td><td class='awrnc'>2</td><td class='awrnc'>11.2.0.4.0</td>"
                "<td class='awrnc'>YES</td><td class='awrnc'>dbhost02</td><td class='awrnc'>8192</td></tr>\n");
  }
  try {
    parse_reports(html, "rac_compare.html");
    FAIL() << "read";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "rac_compare.html");
    EXPECT_NE(e.reason().find("RAC Compare Periods report (awrgdrpt.sql, 2 instances in its 1st period)"), std::string::npos)
        << e.reason();
    EXPECT_EQ(e.reason().find('\n'), std::string::npos);
  }
}

}  // namespace
