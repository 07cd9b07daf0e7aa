// The timeline (timeline.hpp): the headline names the start of a sustained shift and the statement that leads it;
// periods that are invalid or span others are listed but left out; a spike is no shift.
#include <awrdiff/timeline.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

std::string fmt_time(int day, int h) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "2023-10-%02dT%02d:00:00", 1 + day + h / 24, h % 24);
  return buf;
}

awrdiff::TimelinePeriod hour(int day, int h, double db_time_per_s, double per_exec_ms) {
  awrdiff::TimelinePeriod p;
  p.begin_time = fmt_time(day, h);
  p.end_time = fmt_time(day, h + 1);
  p.begin_epoch = (day * 24 + h) * 3600LL;
  p.begin_snap = day * 24 + h;
  p.end_snap = day * 24 + h + 1;
  p.elapsed_s = 3600;
  p.source = "awr_" + std::to_string(day * 24 + h) + ".html";
  p.values["db_time_per_s"] = db_time_per_s;
  p.values["db_time_per_exec_ms"] = per_exec_ms;
  return p;
}

TEST(Timeline, HeadlineNamesTheStartOfASustainedShiftAndItsTopSql) {
  std::vector<awrdiff::TimelinePeriod> v;
  for (int d = 0; d < 6; ++d)
    for (int h = 0; h < 24; ++h) {
      const bool after = d * 24 + h >= 3 * 24 + 9;  // from day 3, 09:00
      const double noise = 1 + 0.03 * ((d * 7 + h * 3) % 5);
      auto p = hour(d, h, (after ? 21.0 : 10.0) * noise, (after ? 3.2 : 1.5) * noise);
      if (after) p.top_sql.push_back({"1c602wgfqtdky", "UPDATE MAIL_PIECE SET CURRENT_STATUS = :1", 9.5});
      p.top_sql.push_back({"0ppg2f0mnfq8m", "SELECT 1 FROM DUAL", 0.5});
      v.push_back(p);
    }
  v[30].values["db_time_per_s"] = 400;  // a storm of one hour is no shift
  v[31].valid = false;
  const auto c = awrdiff::build_timeline("ORCL (DB Id 1) instance 1", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up 2.", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("at 2023-10-04 09:00 and stayed"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("the top SQL since then: 1c602wgfqtdky"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("not in the lists before"), std::string::npos) << c.headline;
  ASSERT_EQ(c.findings.size(), 1u);  // both metrics shifted at the same hour: one finding
  EXPECT_EQ(c.findings[0].metrics.size(), 2u);
  EXPECT_NE(c.findings[0].evidence.back().find("awrdiff --base awr_78.html awr_79.html awr_80.html --target awr_81.html"),
            std::string::npos)
      << c.findings[0].evidence.back();
  ASSERT_EQ(c.tables.size(), 2u);
  EXPECT_EQ(c.tables[0].key, "timeline_changes");
  EXPECT_EQ(c.tables[0].rows.size(), 2u);
  EXPECT_EQ(c.tables[1].key, "timeline");
  EXPECT_EQ(c.tables[1].rows.size(), v.size());  // every period listed, the invalid one too
}

TEST(Timeline, NoShiftAndPeriodsThatSpanOthers) {
  std::vector<awrdiff::TimelinePeriod> v;
  for (int h = 0; h < 48; ++h) v.push_back(hour(0, h % 24 + (h / 24) * 24, 5.0 + 0.1 * (h % 3), 1.0));
  for (int h = 0; h < 48; ++h) {
    v[static_cast<std::size_t>(h)].begin_time = fmt_time(h / 24, h % 24);
    v[static_cast<std::size_t>(h)].end_time = fmt_time(h / 24, h % 24 + 1);
  }
  auto day = hour(0, 0, 500, 50);  // a report of the whole first day: spans 24 hourly ones
  day.end_time = fmt_time(1, 0);
  day.elapsed_s = 86400;
  v.push_back(day);
  const auto c = awrdiff::build_timeline("ORCL (DB Id 1) instance 1", v);
  EXPECT_EQ(c.headline.rfind("No sustained shift in 48 periods", 0), 0u) << c.headline;
  EXPECT_TRUE(c.findings.empty());
  bool flagged = false;
  for (const auto& r : c.tables[1].rows)
    if (const auto* s = std::get_if<std::string>(&r.cells.back());
        s && s->find("spans 24 other periods (left out)") != std::string::npos)
      flagged = true;
  EXPECT_TRUE(flagged);
  EXPECT_EQ(awrdiff::build_timeline("X", {}).headline, "No valid period of X to draw");
}

TEST(Timeline, AShortSeriesStepsWhereEveryLaterPeriodIsBeyondEveryEarlierOne) {
  // Four reports of a day (RMGTIBP's shape): normal, normal, the storm starting, the storm.
  std::vector<awrdiff::TimelinePeriod> v{hour(0, 4, 10.3, 1.65), hour(0, 5, 11.5, 1.52), hour(0, 15, 62.2, 5.81),
                                         hour(0, 20, 165, 23.3)};
  const auto c = awrdiff::build_timeline("RMGTIBP", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("at 2023-10-01 15:00 and stayed"), std::string::npos) << c.headline;
  // The storm in the latest period only: not yet known to last.
  std::vector<awrdiff::TimelinePeriod> w{hour(0, 4, 10.3, 1.65), hour(0, 5, 11.5, 1.52), hour(0, 6, 10.9, 1.6),
                                         hour(0, 7, 165, 23.3)};
  const auto d = awrdiff::build_timeline("RMGTIBP", w);
  EXPECT_NE(d.headline.find("in the latest period (not yet known to last)"), std::string::npos) << d.headline;
}

}  // namespace

#include <awrdiff/render.hpp>

#include <sstream>

namespace {

TEST(Timeline, AYearOfHourlyPeriodsIsOneSmallPage) {
  std::vector<awrdiff::TimelinePeriod> v;
  for (int d = 0; d < 365; ++d)
    for (int h = 0; h < 24; ++h) {
      auto p = hour(0, 0, (h >= 8 && h < 18 ? 4.0 : 1.5) * (d >= 200 ? 2.1 : 1.0) * (1 + 0.05 * ((d * 7 + h) % 5)), 1.0);
      p.begin_epoch = (d * 24LL + h) * 3600;
      p.begin_time = "2023-01-01T00:00:00";  // labels only; the order is the epoch's
      p.end_time = p.begin_time;
      p.check_status = d == 250 && h == 9 ? "fail" : "ok";
      v.push_back(p);
    }
  const auto c = awrdiff::build_timeline("ORCL", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up 2.", 0), 0u) << c.headline;
  ASSERT_EQ(c.charts.size(), 1u);
  EXPECT_EQ(c.charts[0].categories.size(), v.size());
  std::ostringstream html;
  awrdiff::render(c, awrdiff::Format::html, {}, html);
  EXPECT_LT(html.str().size(), 1000000u);
  EXPECT_NE(html.str().find("(fail)</title>"), std::string::npos);  // the failed hour marked
}

}  // namespace
