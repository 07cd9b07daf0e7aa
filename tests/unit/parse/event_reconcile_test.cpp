// One figure per wait event: the snapshot builder reconciles the top list with Foreground Wait Events
// (the more precise print wins where the two agree within rounding), and every reader of events (the
// diff, the findings, sets, the metric registry) finds that one figure through Snapshot::foreground_event.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

std::string row(const std::string& name, const std::string& waits, const std::string& time, const std::string& avg,
                const std::string& pct, const char* cls = nullptr) {
  std::string r = "<tr><td>" + name + "</td><td>" + waits + "</td>";
  if (cls == nullptr) r += "<td>&#160;</td>";  // %Time -outs of the full list
  r += "<td>" + time + "</td><td>" + avg + "</td>";
  if (cls == nullptr) r += "<td>1.00</td>";  // Waits /txn
  r += "<td>" + pct + "</td>";
  if (cls != nullptr) r += std::string("<td>") + cls + "</td>";
  return r + "</tr>\n";
}

awrdiff::Snapshot report(const std::string& top_rows, const std::string& full_rows, const std::string& time_model_rows = "") {
  const std::string time_model =
      time_model_rows.empty()
          ? std::string()
          : "<h3 class=\"awr\">Time Model Statistics</h3>\n<table summary=\"This table displays different time model statistics. "
            "For each statistic, time and % of DB time are displayed\"><tr><th>Statistic Name</th><th>Time (s)</th>"
            "<th>% of DB Time</th><th>% of Total CPU Time</th></tr>\n" +
                time_model_rows + "</table>\n";
  const std::string html =
      "<html><body class=\"awr\">\n<h1>WORKLOAD REPOSITORY report for</h1>\n"
      "<p />Top 10 Foreground Events by Total Wait Time<p />\n<ul>\n</ul>\n"
      "<table summary=\"This table displays top 10 wait events by total wait time\"><tr><th>Event</th><th>Waits</th>"
      "<th>Total Wait Time (sec)</th><th>Avg Wait</th><th>% DB time</th><th>Wait Class</th></tr>\n" +
      top_rows +
      "</table>\n<h3 class=\"awr\">Foreground Wait Events</h3>\n<ul><li>ordered by wait time desc</li></ul>\n"
      "<table summary=\"This table displays Foreground Wait Events and their wait statistics\"><tr><th>Event</th>"
      "<th>Waits</th><th>%Time -outs</th><th>Total Wait Time (s)</th><th>Avg wait</th><th>Waits /txn</th>"
      "<th>% DB time</th></tr>\n" +
      full_rows + "</table>\n" + time_model + "</body></html>\n";
  auto s = awrdiff::parse_report(html, "events.html");
  s.interval.elapsed_s = 1000;
  s.interval.db_time_s = 14000;
  return s;
}

TEST(EventReconcile, TopListTenthsBeatFullListWholeSeconds) {
  // 11g-12c HTML: the full list prints whole seconds where the top list has tenths.
  const auto s = report(row("direct path read", "525,000", "2,048.1", "3.90ms", "14.8", "User I/O"),
                        row("direct path read", "525,000", "2048", "3.90ms", "14.81"));
  ASSERT_EQ(s.top_events.size(), 1U);
  ASSERT_EQ(s.foreground_events.size(), 1U);
  EXPECT_DOUBLE_EQ(*s.top_events[0].time_s, 2048.1);
  EXPECT_DOUBLE_EQ(*s.foreground_events[0].time_s, 2048.1);
  EXPECT_DOUBLE_EQ(*s.top_events[0].pct_db_time, 14.81);  // the full list's two decimals
  EXPECT_EQ(s.foreground_events[0].wait_class, "User I/O");  // the full list prints none
  const auto* e = s.foreground_event("Direct Path Read");
  ASSERT_NE(e, nullptr);
  EXPECT_DOUBLE_EQ(*e->time_s, 2048.1);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "event:direct path read:time_per_s"), 2.0481);
}

TEST(EventReconcile, FullListDigitsBeatRoundedTopList) {
  const auto s = report(row("enq: TX - row lock contention", "1.8E+08", "2198.8K", "12.21ms", "93.1", "Application"),
                        row("enq: TX - row lock contention", "183,604,592", "2,198,777", "12.21ms", "93.07"));
  ASSERT_EQ(s.top_events.size(), 1U);
  EXPECT_DOUBLE_EQ(*s.top_events[0].time_s, 2198777);
  EXPECT_DOUBLE_EQ(*s.top_events[0].waits, 183604592);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "event:enq: TX - row lock contention:time_per_s"), 2198.777);
  EXPECT_EQ(s.top_event("enq: TX - row lock contention"), &s.top_events[0]);
}

TEST(EventReconcile, ListsThatDisagreeStayAsPrintedAndTheForegroundFigureIsRead) {
  // A Statspack-like top list counting background sessions too: not the foreground figure.
  const auto s = report(row("resmgr:cpu quantum", "2,919", "534", "183", "51.4", "Scheduler"),
                        row("resmgr:cpu quantum", "4", "0", "23", "0.0"));
  EXPECT_DOUBLE_EQ(*s.top_events[0].time_s, 534);
  EXPECT_DOUBLE_EQ(*s.foreground_events[0].time_s, 0);
  EXPECT_EQ(s.foreground_events[0].wait_class, "Scheduler");
  const auto* e = s.foreground_event("resmgr:cpu quantum");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e, &s.foreground_events[0]);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "event:resmgr:cpu quantum:avg_wait_ms"), 23);
}

std::string cpu_row(const std::string& time, const std::string& pct) {
  return "<tr><td>DB CPU</td><td>&#160;</td><td>" + time + "</td><td>&#160;</td><td>" + pct + "</td><td>&#160;</td></tr>\n";
}

std::string time_model_row(const std::string& name, const std::string& time, const std::string& pct) {
  return "<tr><td>" + name + "</td><td>" + time + "</td><td>" + pct + "</td><td>&#160;</td></tr>\n";
}

TEST(EventReconcile, TopListDbCpuTakesTheTimeModelsDigits) {
  // 19c rounds the top list to its width (321.5K, 72.5) where the time model prints 321,484.48 s and
  // 72.51%: the top events table's DB CPU row reads the time model's figure.
  const auto s =
      report(cpu_row("321.5K", "72.5") + row("direct path read", "525,000", "2,048.1", "3.90ms", "14.8", "User I/O"),
             row("direct path read", "525,000", "2048", "3.90ms", "14.81"),
             time_model_row("sql execute elapsed time", "433,207.94", "97.70") + time_model_row("DB CPU", "321,484.48", "72.51"));
  ASSERT_EQ(s.top_events.size(), 2U);
  ASSERT_TRUE(s.top_events[0].is_cpu);
  EXPECT_DOUBLE_EQ(*s.top_events[0].time_s, 321484.48);
  EXPECT_DOUBLE_EQ(*s.top_events[0].pct_db_time, 72.51);
  const auto* cpu = s.foreground_event("DB CPU");
  ASSERT_NE(cpu, nullptr);
  EXPECT_DOUBLE_EQ(*cpu->time_s, 321484.48);
  EXPECT_DOUBLE_EQ(*awrdiff::metric_value(s, "event:DB CPU:time_per_s"), 321.48448);
  EXPECT_DOUBLE_EQ(*s.db_cpu_s(), 321484.48);
  EXPECT_DOUBLE_EQ(*s.top_events[1].time_s, 2048.1);  // the waits as before
}

TEST(EventReconcile, TopListDbCpuThatDisagreesWithTheTimeModelStaysAsPrinted) {
  // Outside the top list's rounding (321.5K is 321,450 to 321,550): not one figure, nothing taken.
  const auto s = report(cpu_row("321.5K", "72.5"), "", time_model_row("DB CPU", "321,384.48", "72.51"));
  ASSERT_EQ(s.top_events.size(), 1U);
  EXPECT_DOUBLE_EQ(*s.top_events[0].time_s, 321500);
  EXPECT_DOUBLE_EQ(*s.top_events[0].pct_db_time, 72.5);
  // An 11.2 top list in whole seconds against the time model's tenths: the tenths.
  const auto t = report(cpu_row("5,207", "92.0"), "", time_model_row("DB CPU", "5,207.4", "92.0"));
  ASSERT_EQ(t.top_events.size(), 1U);
  EXPECT_DOUBLE_EQ(*t.top_events[0].time_s, 5207.4);
  EXPECT_DOUBLE_EQ(*t.top_events[0].pct_db_time, 92.0);
}

TEST(EventReconcile, DiffFindingsAndRegistryReadTheSameFigure) {
  const auto base = report(row("direct path read", "525,000", "2,048.1", "3.90ms", "14.8", "User I/O"),
                           row("direct path read", "525,000", "2048", "3.90ms", "14.81"));
  const auto target = report(row("direct path read", "525,000", "4,096.3", "7.80ms", "29.6", "User I/O"),
                             row("direct path read", "525,000", "4096", "7.80ms", "29.62"));
  const auto c = awrdiff::compare(base, target);
  const awrdiff::CompareTable* events = nullptr;
  for (const auto& t : c.tables)
    if (t.key == "top_events") events = &t;
  ASSERT_NE(events, nullptr);
  ASSERT_FALSE(events->rows.empty());
  int base_time = -1;
  for (std::size_t i = 0; i < events->columns.size(); ++i)
    if (events->columns[i].key == "base_time_s") base_time = static_cast<int>(i);
  ASSERT_GE(base_time, 0);
  EXPECT_DOUBLE_EQ(std::get<double>(events->rows[0].cells.at(static_cast<std::size_t>(base_time))), 2048.1);
  int found = 0;
  for (const auto& f : c.findings)
    for (const auto& m : f.metrics)
      if (m.key.starts_with("event:direct path read:")) {
        ++found;
        EXPECT_EQ(m.base, awrdiff::metric_value(base, m.key)) << m.key;
        EXPECT_EQ(m.target, awrdiff::metric_value(target, m.key)) << m.key;
      }
  EXPECT_GT(found, 0);  // the I/O latency finding names the event's average and rate
}

}  // namespace
