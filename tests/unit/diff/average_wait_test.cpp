// Average waits as compared (metrics.cpp, event_avg_wait_ms): time / waits where the report prints both and that is
// the finer figure; the snapshot keeps the printed average. Synthetic periods.
#include "tests/support/compare_lookup.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/merge.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>

namespace {

using awrdiff::testing::column;
using awrdiff::testing::number;
using awrdiff::testing::row;
using awrdiff::testing::table;

awrdiff::WaitEvent event(std::string name, std::string cls, std::optional<double> time_s, std::optional<double> waits,
                         std::optional<double> avg_ms) {
  awrdiff::WaitEvent e;
  e.name = std::move(name);
  e.wait_class = std::move(cls);
  e.time_s = time_s;
  e.waits = waits;
  e.avg_wait_ms = avg_ms;
  return e;
}

// A 15-minute period with DB time 1,800 s: its top list holds log file sync as an 11.2 report prints it (time in
// whole seconds, average in whole milliseconds) beside db file sequential read.
awrdiff::Snapshot period(const std::string& source, double sync_s, double sync_waits, double sync_avg_printed) {
  awrdiff::Snapshot s;
  s.source = source;
  s.interval.elapsed_s = 900;
  s.interval.db_time_s = 1800;
  s.top_events = {event("db file sequential read", "User I/O", 1200, 150000, 8),
                  event("log file sync", "Commit", sync_s, sync_waits, sync_avg_printed)};
  s.top_events[0].pct_db_time = 1200.0 / 1800 * 100;
  s.top_events[1].pct_db_time = sync_s / 1800 * 100;
  return s;
}

double avg(const awrdiff::Snapshot& s, const std::string& name) {
  const auto v = awrdiff::metric_value(s, "event:" + name + ":avg_wait_ms");
  EXPECT_TRUE(v.has_value()) << name;
  return v.value_or(-1);
}

}  // namespace

// 11.2's whole milliseconds: "1" for 94 s over 182,738 waits is 0.514 ms, "1" for 267 s over 256,683 is 1.04 ms.
TEST(AverageWait, TimeOverWaitsWhereTheAverageIsPrintedCoarser) {
  const auto b = period("b", 94, 182738, 1), t = period("t", 267, 256683, 1);
  EXPECT_NEAR(avg(b, "log file sync"), 94.0 / 182738 * 1000, 1e-12);
  EXPECT_NEAR(avg(t, "log file sync"), 267.0 / 256683 * 1000, 1e-12);
  // The snapshot keeps the printed figure.
  EXPECT_EQ(*b.top_events[1].avg_wait_ms, 1.0);
  // "2" -> "1" is 1.82 -> 0.87 ms; "157" -> "1" (a base printed in whole ms, a target the same) is 157 -> 0.78 ms.
  EXPECT_NEAR(avg(period("b", 182, 99871, 2), "log file sync"), 182.0 / 99871 * 1000, 1e-9);
  EXPECT_NEAR(avg(period("t", 87, 99913, 1), "log file sync"), 87.0 / 99913 * 1000, 1e-9);
  EXPECT_NEAR(avg(period("b", 1571, 10007, 157), "log file sync"), 1571.0 / 10007 * 1000, 1e-9);
  EXPECT_NEAR(avg(period("t", 78, 100123, 1), "log file sync"), 78.0 / 100123 * 1000, 1e-9);
  // A round 100,000 waits is taken as rounded to its first digit: time / waits is still finer than a whole ms.
  EXPECT_NEAR(avg(period("t", 87, 100000, 1), "log file sync"), 0.87, 1e-9);
  // Printed 0 with time and waits above 0: time / waits.
  EXPECT_NEAR(avg(period("t", 34, 100000, 0), "log file sync"), 0.34, 1e-9);
}

// The printed average stays where time / waits says less: a time in whole seconds over a few waits, or figures
// that disagree beyond both roundings (another measurement), or a time printed rounded to thousands.
TEST(AverageWait, PrintedAverageWhereItIsTheFinerFigure) {
  // 1 s (0.5 to 1.5 s) over 80 waits is 6 to 19 ms: the printed 12.34 ms is finer.
  EXPECT_DOUBLE_EQ(avg(period("t", 1, 80, 12.34), "log file sync"), 12.34);
  // 2 decimals printed, time in tenths over many waits: time / waits is finer still and agrees.
  EXPECT_NEAR(avg(period("t", 3210.4, 2213, 1450), "log file sync"), 3210.4 / 2213 * 1000, 1e-9);
  // Disagreeing beyond both roundings: the printed figure.
  EXPECT_DOUBLE_EQ(avg(period("t", 500, 100003, 1), "log file sync"), 1.0);
  // "2198.8K" s over "1.8E+08" waits: 12.2 ms, known to about +/-0.7 ms; printed 12.43 ms is finer.
  EXPECT_DOUBLE_EQ(avg(period("t", 2198800, 180000000, 12.43), "log file sync"), 12.43);
  // No waits printed: the printed average.
  auto s = period("t", 94, 182738, 1);
  s.top_events[1].waits.reset();
  EXPECT_DOUBLE_EQ(avg(s, "log file sync"), 1.0);
}

// The pair: the top events table's averages, the commit latency finding and its metrics, and every output format
// read time / waits (1.00 -> 1.00 ms was 0.514 -> 1.04).
TEST(AverageWait, PairTableFindingAndOutputsUseTimeOverWaits) {
  const auto b = period("b.html", 94, 182738, 1), t = period("t.html", 267, 256683, 1);
  const auto c = awrdiff::compare(b, t);
  const auto* tab = table(c, "top_events");
  ASSERT_NE(tab, nullptr);
  const auto* r = row(*tab, "log file sync");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(number(*r, column(*tab, "base_avg_wait_ms")), 0.5144, 1e-4);
  EXPECT_NEAR(number(*r, column(*tab, "target_avg_wait_ms")), 1.0402, 1e-4);
  const auto f = std::find_if(c.findings.begin(), c.findings.end(), [](const auto& x) { return x.rule == "commit_latency"; });
  ASSERT_NE(f, c.findings.end());
  EXPECT_NE(f->title.find("log file sync 0.51 -> 1.04 ms average"), std::string::npos) << f->title;
  ASSERT_FALSE(f->metrics.empty());
  EXPECT_NEAR(f->metrics[0].base.value_or(-1), 0.5144, 1e-4);
  EXPECT_NEAR(f->metrics[0].target.value_or(-1), 1.0402, 1e-4);
  for (const auto fmt : {awrdiff::Format::text, awrdiff::Format::markdown, awrdiff::Format::html, awrdiff::Format::json}) {
    std::ostringstream out;
    awrdiff::render(c, fmt, {}, out);
    EXPECT_EQ(out.str().find("1.00 -> 1.00 ms"), std::string::npos);
    EXPECT_NE(out.str().find("0.514"), std::string::npos) << static_cast<int>(fmt);
  }
}

// What check and history store for a period (period_of), and a comparison of sets, read the same average.
TEST(AverageWait, CheckPeriodsAndSetsReadTimeOverWaits) {
  const auto b1 = period("b1.html", 94, 182738, 1), b2 = period("b2.html", 95, 183001, 1);
  const auto t1 = period("t1.html", 267, 256683, 1), t2 = period("t2.html", 265, 255907, 1);
  const auto p = awrdiff::period_of(b1);
  ASSERT_EQ(p.values.count("log_file_sync_ms"), 1u);
  EXPECT_NEAR(p.values.at("log_file_sync_ms"), 94.0 / 182738 * 1000, 1e-12);
  const auto c = awrdiff::compare_sets({b1, b2}, {t1, t2});
  const auto* tab = table(c, "top_events");
  ASSERT_NE(tab, nullptr);
  const auto* r = row(*tab, "log file sync");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(number(*r, column(*tab, "base_avg_wait_ms")), (94.0 + 95) / (182738.0 + 183001) * 1000, 1e-9);
  EXPECT_NEAR(number(*r, column(*tab, "target_avg_wait_ms")), (267.0 + 265) / (256683.0 + 255907) * 1000, 1e-9);
}

// A set (and check's typical period) weighs each member's average by its waits: RMGTIBP jd8 prints cursor: mutex X as
// 308 waits, "0" s, 190.88 us, jd9 118 waits, "0" s, 207.48 us; the set's average is 0.195 ms, never "0.00 ms" from
// the rounded times.
TEST(AverageWait, SetsWeighTheMembersAveragesWhereTimesArePrintedZero) {
  auto b1 = period("b1.html", 94, 182738, 1), b2 = period("b2.html", 95, 183001, 1);
  b1.top_events.push_back(event("cursor: mutex X", "Concurrency", 0, 308, 0.19088));
  b2.top_events.push_back(event("cursor: mutex X", "Concurrency", 0, 118, 0.20748));
  auto t1 = b1, t2 = b2;
  t1.source = "t1.html";
  t2.source = "t2.html";
  t1.top_events.back() = event("cursor: mutex X", "Concurrency", 900, 2900000, 0.31);
  t2.top_events.back() = event("cursor: mutex X", "Concurrency", 880, 2870000, 0.31);
  const auto c = awrdiff::compare_sets({b1, b2}, {t1, t2});
  const auto* tab = table(c, "top_events");
  ASSERT_NE(tab, nullptr);
  const auto* r = row(*tab, "cursor: mutex X");
  ASSERT_NE(r, nullptr);
  EXPECT_NEAR(number(*r, column(*tab, "base_avg_wait_ms")), (308 * 0.19088 + 118 * 0.20748) / 426, 1e-9);
  const auto merged = awrdiff::merge_snapshots({b1, b2});
  EXPECT_NEAR(avg(merged, "cursor: mutex X"), (308 * 0.19088 + 118 * 0.20748) / 426, 1e-9);
}
