// Oracle's AWR Compare Periods report of ../shared/corpus (awr-compare_11.2_apress_1, text and HTML,
// snaps 1822-1823 vs 1826-1827) against the two AWR reports of the same periods (awr-html_11.2_apress_1/2):
// every figure both carry agrees within the printed precision, and the comparisons agree on the verdict
// and the top cause. Skipped cleanly when ../shared is absent.
#include "tests/support/corpus.hpp"
#include "support/text.hpp"

#include <awrdiff/compare.hpp>
#include <awrdiff/compare_report.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/number.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace fs = std::filesystem;
using namespace awrdiff;

namespace {

const fs::path k_corpus = awrdiff::testing::corpus_dir();

bool have_files() {
  for (auto f : {"awr-compare_11.2_apress_1.txt", "awr-compare_11.2_apress_1.html", "awr-html_11.2_apress_1.html",
                 "awr-html_11.2_apress_2.html"})
    if (!fs::exists(k_corpus / f)) return false;
  return true;
}

// Within the rounding of both printed figures: half a step of each (`step`: the compare report's; the AWR
// report prints at least as finely).
void near(const char* what, const std::string& name, const OptDouble& cmp, const OptDouble& awr, double step) {
  ASSERT_TRUE(cmp.has_value()) << what << " " << name << ": missing from the compare report's period";
  ASSERT_TRUE(awr.has_value()) << what << " " << name << ": missing from the AWR report";
  EXPECT_LE(std::fabs(*cmp - *awr), step * (1 + 1e-9)) << what << " " << name << ": compare " << *cmp << ", AWR " << *awr;
}

void cross_check(const Snapshot& c, const Snapshot& a, bool html) {
  SCOPED_TRACE(c.source);
  const double one = html ? 0.005 : 0.05;  // half the compare report's last printed digit (2 decimals in HTML)
  EXPECT_EQ(c.interval.begin_snap, a.interval.begin_snap);
  EXPECT_EQ(c.interval.end_snap, a.interval.end_snap);
  EXPECT_EQ(c.database.dbid, a.database.dbid);
  EXPECT_EQ(c.database.name, a.database.name);
  EXPECT_EQ(c.database.cpus, a.database.cpus);
  near("memory (GB)", "", c.database.memory_gb, a.database.memory_gb, 0.005 + 0.05 / 1024);
  near("host CPU idle (%)", "", c.host_cpu.pct_idle, a.host_cpu.pct_idle, 0.005 + 0.05);
  near("DB time (s)", "", c.db_time_s(), a.db_time_s(), one + 0.005);
  near("DB CPU (s)", "", c.db_cpu_s(), a.db_cpu_s(), one + 0.005);
  // Load Profile: both print one decimal. Two rows differ beyond rounding, named here:
  //  - per transaction, by one printed step: each report divides by its own rounding of the transactions
  //    (physical reads 2.8 against 2.9 per transaction, DB time 0.0 against 0.1 in the 2nd period);
  //  - W/A MB processed: the compare report prints bytes under the MB label (82,999.0 per second against the AWR
  //    report's 0.1 MB); the reader converts it to MB.
  ASSERT_GE(c.load_profile.size(), 13u);
  for (const auto& row : c.load_profile) {
    const LoadProfileRow* other = a.load_profile_row(row.key);
    ASSERT_NE(other, nullptr) << row.key;
    near("per second", row.key, row.per_second, other->per_second, 0.05 + 0.05);
    if (row.key != "transactions")  // (printed without one)
      near("per transaction", row.key, row.per_transaction, other->per_transaction, 0.1 + 0.05);
  }
  // Top Timed Events: Oracle's compare report counts every session, the AWR report's top list foreground
  // sessions only (db file sequential read 521,361 waits against 520,207; log file parallel write, a background
  // event, is in the compare list and not in the AWR top list). Each event is held against the AWR report's
  // Foreground plus Background Wait Events, whose times it prints to the second.
  ASSERT_EQ(c.top_events.size(), 5u);
  for (const auto& e : c.top_events) {
    if (e.is_cpu) {
      near("DB CPU (s)", e.name, e.time_s, a.db_cpu_s(), one + 0.005);
      continue;
    }
    const WaitEvent* fg = a.foreground_event(e.name);
    const WaitEvent* bg = a.background_event(e.name);
    ASSERT_TRUE(fg != nullptr || bg != nullptr) << e.name;
    auto sum = [&](OptDouble WaitEvent::*f) -> OptDouble {
      double v = 0;
      for (const auto* w : {fg, bg})
        if (w != nullptr) {
          if (!(w->*f)) return std::nullopt;
          v += *(w->*f);
        }
      return v;
    };
    // Waits: within 0.02% (a few waits) of the sum: 521,361 against 520,207 + 1,159 for db file sequential
    // read, 242,510 against 242,545 for log file parallel write in the 2nd period.
    const OptDouble waits = sum(&WaitEvent::waits);
    near("waits", e.name, e.waits, waits, 0.0002 * waits.value_or(0));
    near("event time (s)", e.name, e.time_s, sum(&WaitEvent::time_s), one + 0.5 + 0.5);
  }
  // Time model: every statistic, by name (a text report cuts long names: the AWR name starts with it).
  ASSERT_GE(c.time_model.size(), 15u);
  for (const auto& row : c.time_model) {
    const TimeModelRow* other = nullptr;
    for (const auto& r : a.time_model)
      if (r.name.rfind(row.name, 0) == 0) other = &r;
    if (other == nullptr) {  // the AWR report leaves out statistics of no time
      EXPECT_LE(row.time_s.value_or(1), one) << row.name;
      continue;
    }
    near("time model (s)", row.name, row.time_s, other->time_s, one + 0.005);
  }
  // Top SQL: each statement of the compare list in this period, where the AWR report's SQL lists have it.
  // Elapsed = % of DB time x DB time: within the rounding of the percentage (its half step x DB time).
  const double db_time = *c.db_time_s();
  std::size_t checked = 0;
  for (const auto& q : c.sql) {
    const SqlStat* other = nullptr;
    for (const auto& r : a.sql)
      if (r.sql_id == q.sql_id) other = &r;
    if (other == nullptr || !other->elapsed_s) continue;
    ++checked;
    near("SQL elapsed (s)", q.sql_id, q.elapsed_s, other->elapsed_s, (html ? 0.005 : 0.05) / 100 * db_time + 0.005);
    EXPECT_EQ(q.executions, other->executions) << q.sql_id;
  }
  EXPECT_GE(checked, 8u);
}

TEST(CompareReportCorpus, BothPeriodsAgreeWithTheirAwrReports) {
  if (!have_files()) GTEST_SKIP() << "no ../shared/corpus";
  const Snapshot awr1 = load_report(k_corpus / "awr-html_11.2_apress_1.html");
  const Snapshot awr2 = load_report(k_corpus / "awr-html_11.2_apress_2.html");
  for (auto name : {"awr-compare_11.2_apress_1.txt", "awr-compare_11.2_apress_1.html"}) {
    const bool html = std::string_view(name).ends_with(".html");
    const auto periods = load_each_report(k_corpus / name);
    ASSERT_EQ(periods.size(), 2u) << name;
    EXPECT_TRUE(from_compare_report(periods[0]));
    cross_check(periods[0], awr1, html);
    cross_check(periods[1], awr2, html);
  }
}

// Oracle's %Diff and awrdiff's change of DB time per second: Oracle prints 96.8% (Avg Active Users 7.1 ->
// 14.0 of the header; DB time per second 7.1 -> 14.0 of Workload Comparison), awrdiff +97% from the
// unrounded 7.10 -> 13.97: the same within rounding. Where they differ beyond rounding: Oracle's %Diff of a
// per-transaction figure is of its rounded figures (DB time per transaction 0.0 -> 0.0 printed with %Diff 66.7,
// from 0.03 -> 0.05), which awrdiff does not repeat.
TEST(CompareReportCorpus, SameVerdictAndTopCauseAsTheTwoAwrReports) {
  if (!have_files()) GTEST_SKIP() << "no ../shared/corpus";
  const Comparison awr =
      compare(load_report(k_corpus / "awr-html_11.2_apress_1.html"), load_report(k_corpus / "awr-html_11.2_apress_2.html"));
  ASSERT_FALSE(awr.contributors.empty());
  for (auto name : {"awr-compare_11.2_apress_1.txt", "awr-compare_11.2_apress_1.html"}) {
    SCOPED_TRACE(name);
    const auto periods = load_each_report(k_corpus / name);
    ASSERT_EQ(periods.size(), 2u);
    const Comparison c = compare(periods[0], periods[1]);
    EXPECT_EQ(c.verdict, awr.verdict);
    ASSERT_GE(c.contributors.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(c.contributors[i].name, awr.contributors[i].name) << i;
      // Within 0.5% of each other: the AWR figure to the hundredth, the compare report's to its rounding.
      EXPECT_NEAR(c.contributors[i].delta_aas, awr.contributors[i].delta_aas, 0.005 * std::fabs(awr.contributors[i].delta_aas))
          << c.contributors[i].name;
    }
    ASSERT_TRUE(c.db_time_change_pct && awr.db_time_change_pct);
    EXPECT_NEAR(*c.db_time_change_pct, *awr.db_time_change_pct, 0.5);  // +96.5% .. +96.6% against +96.6%
    // Oracle's own %Diff of DB time (header: 96.9% of 106.7 -> 210.2 min) and awrdiff's change of DB time
    // (not per second): the same within the rounding of Oracle's minutes.
    const double dbt = (*periods[1].db_time_s() / *periods[0].db_time_s() - 1) * 100;
    EXPECT_NEAR(dbt, 96.9, 0.05 + 0.1);
  }
}

}  // namespace

namespace {

// Oracle's own %Diff of Workload Comparison (Load Profile) against the change awrdiff computes from the
// figures the report prints: every %Diff lies within the range the printed figures allow (each known to
// half its last digit), but for the rows named here, where the two differ beyond rounding and why.
TEST(CompareReportCorpus, OraclesPercentDiffAgainstAwrdiffsChange) {
  if (!have_files()) GTEST_SKIP() << "no ../shared/corpus";
  const std::string html = read_input(k_corpus / "awr-compare_11.2_apress_1.html");
  const RawReport raw = tokenize_html(html);
  const RawTable* lp = nullptr;
  for (const auto& t : raw.tables)
    if (t.title == "Load Profile" && t.headers.size() == 7) lp = &t;
  ASSERT_NE(lp, nullptr);
  std::vector<std::string> beyond;
  for (const auto& r : lp->rows) {
    for (std::size_t col : {std::size_t{1}, std::size_t{4}}) {  // per second, per transaction
      if (r.cells.size() < col + 3) continue;
      const auto a = parse_cell(trim(r.cells[col]), Unit::count).value;
      const auto b = parse_cell(trim(r.cells[col + 1]), Unit::count).value;
      const auto oracle = parse_cell(trim(r.cells[col + 2]), Unit::count).value;
      if (!a || !b || !oracle) continue;
      const double h = 0.05;  // half the last printed digit
      if (*a - h <= 0) continue;  // a base that may be 0: any change is possible
      const double lo = ((*b - h) / (*a + h) - 1) * 100, hi = ((*b + h) / (*a - h) - 1) * 100;
      if (*oracle < lo - 0.05 || *oracle > hi + 0.05)
        beyond.push_back(std::string(trim(r.cells[0])) + (col == 1 ? " per second" : " per transaction"));
    }
  }
  // W/A MB processed per transaction: 407.7 -> 297.7 printed, %Diff +2.4: Oracle's per-transaction %Diff of this
  // row is its per-second one (2.4 both), not the change of the per-transaction figures it prints (-27%).
  const std::vector<std::string> expected = {"W/A MB processed: per transaction"};
  EXPECT_EQ(beyond, expected);
}

}  // namespace
