// The timeline (timeline.hpp): the headline names the start of a sustained shift and the statement that leads it;
// periods that are invalid or span others are listed but left out; a spike is no shift.
#include <awrdiff/timeline.hpp>

#include <awrdiff/render.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <sstream>

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
      if (after) p.top_sql.push_back({"1c602wgfqtdky", "UPDATE MAIL_PIECE SET CURRENT_STATUS = :1", 9.5, {}});
      p.top_sql.push_back({"0ppg2f0mnfq8m", "SELECT 1 FROM DUAL", 0.5, {}});
      v.push_back(p);
    }
  v[30].values["db_time_per_s"] = 400;  // a storm of one hour is no shift
  v[31].valid = false;
  const auto c = awrdiff::build_timeline("ORCL (DB Id 1) instance 1", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up 2.", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("at 2023-10-04 09:00 and stayed"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("the top SQL since then: 1c602wgfqtdky"), std::string::npos) << c.headline;
  EXPECT_NE(c.headline.find("not in the 80 lists before"), std::string::npos) << c.headline;  // the invalid period left out
  ASSERT_EQ(c.findings.size(), 1u);  // both metrics shifted at the same hour: one finding
  EXPECT_EQ(c.findings[0].metrics.size(), 2u);
  EXPECT_NE(c.findings[0].evidence.back().find("awrdiff --base awr_78.html awr_79.html awr_80.html --target awr_81.html"),
            std::string::npos)
      << c.findings[0].evidence.back();
  ASSERT_EQ(c.tables.size(), 3u);
  EXPECT_EQ(c.tables[0].key, "timeline_changes");
  EXPECT_EQ(c.tables[0].rows.size(), 2u);
  EXPECT_EQ(c.tables[2].key, "timeline");
  EXPECT_EQ(c.tables[2].rows.size(), v.size());  // every period listed, the invalid one too
  // The top statements over time: the new one enters the lists at the shift, the steady one is in every list.
  EXPECT_EQ(c.tables[1].key, "timeline_sql");
  ASSERT_EQ(c.tables[1].rows.size(), 2u);
  EXPECT_EQ(std::get<std::string>(c.tables[1].rows[0].cells[0]), "1c602wgfqtdky");
  EXPECT_EQ(std::get<std::string>(c.tables[1].rows[0].cells[1]), "2023-10-04 09:00");
  EXPECT_NE(std::get<std::string>(c.tables[1].rows[0].cells[7]).find("enters the lists at 2023-10-04 09:00"), std::string::npos);
  EXPECT_EQ(std::get<std::string>(c.tables[1].rows[1].cells[7]), "in every period's list");
  EXPECT_EQ(c.verdict, awrdiff::Verdict::timeline);
  ASSERT_EQ(c.period_info.size(), 1u);
  EXPECT_EQ(c.period_info[0].reports, 143);  // the invalid period left out
  EXPECT_EQ(c.period_info[0].begin_time, "2023-10-01 00:00");
}

TEST(Timeline, TheStackedDbTimeChartAndSqlMatchedAcrossIds) {
  std::vector<awrdiff::TimelinePeriod> v;
  for (int h = 0; h < 12; ++h) {
    const bool storm = h >= 6;
    auto p = hour(0, h, storm ? 9.0 : 3.0, 1.0);
    p.db_time_parts = {{"DB CPU", 2.0}, {"User I/O", 0.8}, {"Concurrency", storm ? 6.0 : 0.1}};
    // Literal SQL: a new sql_id every hour, the same text but for its literal.
    p.top_sql.push_back({fmt_time(0, h).substr(11, 2) + "lit0000000",
                         "SELECT STATUS FROM MAIL_PIECE WHERE PIECE_ID = " + std::to_string(1000 + h) + " AND KIND = 'A'",
                         1.0,
                         {}});
    v.push_back(p);
  }
  v[4].begin_epoch = *v[4].begin_epoch + 2400;  // 40 minutes late: a gap before it
  v[9].restart_before = true;
  const auto c = awrdiff::build_timeline("ORCL", v);
  ASSERT_EQ(c.charts.size(), 2u);
  const auto& ch = c.charts[0];
  EXPECT_EQ(ch.kind, awrdiff::ChartKind::stacked_series);
  ASSERT_EQ(ch.series.size(), 3u);
  EXPECT_EQ(ch.series[0].name, "DB CPU");
  EXPECT_EQ(ch.series[1].name, "Concurrency");  // by its peak
  EXPECT_EQ(ch.series[1].colour, "#8c1c13");
  ASSERT_EQ(ch.totals.size(), 12u);
  EXPECT_DOUBLE_EQ(*ch.totals[7], 9.0);
  EXPECT_DOUBLE_EQ(*ch.series[1].values[7], 6.0);
  ASSERT_EQ(ch.breaks_before.size(), 12u);
  EXPECT_TRUE(ch.breaks_before[4]);  // the gap
  EXPECT_TRUE(ch.breaks_before[9]);  // the restart
  EXPECT_FALSE(ch.breaks_before[5]);
  EXPECT_EQ(c.charts[1].breaks_before, ch.breaks_before);  // the series chart breaks alike
  const awrdiff::CompareTable* dt = nullptr;
  const awrdiff::CompareTable* sql = nullptr;
  for (const auto& t : c.tables) {
    if (t.key == "timeline_db_time") dt = &t;
    if (t.key == "timeline_sql") sql = &t;
  }
  ASSERT_NE(dt, nullptr);
  EXPECT_EQ(dt->rows.size(), 12u);
  ASSERT_NE(sql, nullptr);
  ASSERT_EQ(sql->rows.size(), 1u);  // twelve ids, one statement
  EXPECT_EQ(std::get<std::string>(sql->rows[0].cells[0]), "00lit0000000 (+11 ids, same text)");
  std::ostringstream html;
  awrdiff::render(c, awrdiff::Format::html, {}, html);
  EXPECT_NE(html.str().find("<div class=\"vlabel\">Timeline</div>"), std::string::npos);
  EXPECT_NE(html.str().find("12 periods <small>from 2023-10-01 00:00 to 2023-10-01 12:00"), std::string::npos);
  EXPECT_EQ(html.str().find("Single report"), std::string::npos);
  EXPECT_NE(html.str().find("stroke-dasharray=\"3,3\""), std::string::npos);  // the breaks drawn
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
  // Far above the two periods before: an episode, named first; the step at its start is told in its finding.
  EXPECT_EQ(c.headline.rfind("Episode from 2023-10-01 15:00, still on (2 periods)", 0), 0u) << c.headline;
  ASSERT_EQ(c.findings.size(), 1u);
  EXPECT_EQ(c.findings[0].rule, "timeline_episode");
  EXPECT_NE(std::find_if(c.findings[0].evidence.begin(), c.findings[0].evidence.end(),
                         [](const std::string& e) {
                           return e.rfind("DB time per second stepped up", 0) == 0 &&
                                  e.find("at 2023-10-01 15:00 and stayed") != std::string::npos;
                         }),
            c.findings[0].evidence.end());
  // The storm in the latest period only: not yet known to last.
  std::vector<awrdiff::TimelinePeriod> w{hour(0, 4, 10.3, 1.65), hour(0, 5, 11.5, 1.52), hour(0, 6, 10.9, 1.6),
                                         hour(0, 7, 165, 23.3)};
  const auto d = awrdiff::build_timeline("RMGTIBP", w);
  EXPECT_NE(d.headline.find("in the latest period (not yet known to last)"), std::string::npos) << d.headline;
}

}  // namespace

#include <awrdiff/render.hpp>

#include <ctime>
#include <sstream>

namespace {

// "2023-01-01T05:00:00" of seconds since 1970.
std::string iso_of(long long epoch) {
  using namespace std::chrono;
  const sys_seconds t{seconds{epoch}};
  const auto day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss<seconds> hms{t - day};
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:00", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()), static_cast<int>(hms.minutes().count()));
  return buf;
}

TEST(Timeline, AYearOfHourlyPeriodsIsOneSmallPage) {
  std::vector<awrdiff::TimelinePeriod> v;
  for (int d = 0; d < 365; ++d)
    for (int h = 0; h < 24; ++h) {
      auto p = hour(0, 0, (h >= 8 && h < 18 ? 4.0 : 1.5) * (d >= 200 ? 2.1 : 1.0) * (1 + 0.05 * ((d * 7 + h) % 5)), 1.0);
      p.begin_epoch = 1672531200LL + (d * 24LL + h) * 3600;  // from 2023-01-01T00:00:00
      p.begin_time = iso_of(*p.begin_epoch);
      p.end_time = iso_of(*p.begin_epoch + 3600);
      p.check_status = d == 250 && h == 9 ? "fail" : "ok";
      const double aas = p.values["db_time_per_s"];
      p.db_time_parts = {{"DB CPU", aas * 0.5},       {"User I/O", aas * 0.3}, {"Commit", aas * 0.1},
                         {"Concurrency", aas * 0.05}, {"Network", aas * 0.03}, {"Other", aas * 0.02}};
      for (int k = 0; k < 5; ++k)  // a few statements that stay, and one that changes every week
        p.top_sql.push_back({k == 4 ? "week" + std::to_string(d / 7) : "stmt" + std::to_string(k),
                             "SELECT " + std::to_string(k),
                             aas * 0.1 * (5 - k),
                             {}});
      v.push_back(p);
    }
  const std::clock_t start = std::clock();
  const auto c = awrdiff::build_timeline("ORCL", v);
  const std::clock_t built = std::clock();
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up 2.", 0), 0u) << c.headline;
  ASSERT_EQ(c.charts.size(), 2u);  // the stacked DB time, the metrics
  EXPECT_EQ(c.charts[0].categories.size(), v.size());
  EXPECT_EQ(c.charts[1].categories.size(), v.size());
  std::ostringstream html;
  awrdiff::render(c, awrdiff::Format::html, {}, html);
  // CPU time (the machine may be shared), of an optimised build as shipped.
  const double build_s = static_cast<double>(built - start) / CLOCKS_PER_SEC;
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
  EXPECT_LT(seconds, 1.0) << "built in " << build_s << " s, drawn in " << seconds - build_s << " s";
#endif
  RecordProperty("seconds", std::to_string(seconds));
  EXPECT_LT(html.str().size(), 1000000u) << html.str().size();
  EXPECT_NE(html.str().find("(fail)</title>"), std::string::npos);  // the failed hour marked
}

}  // namespace

namespace {

std::size_t shift_count(const awrdiff::Comparison& c) {
  for (const auto& t : c.tables)
    if (t.key == "timeline_changes") return t.rows.size();
  return 0;
}

TEST(Timeline, AShortSeriesStepsAtTheFirstPeriodOfTheNewLevel) {
  // RMGTIBP's 05:00, 15:00 and 20:49 reports (30, 4 and 19 minutes): a storm that starts at 15:00 and grows; the new
  // level begins at 15:00 (every later period is 2x every earlier one from there), not at the latest period.
  std::vector<awrdiff::TimelinePeriod> v{hour(0, 5, 11.5, 1.52), hour(0, 15, 62.2, 5.81), hour(0, 20, 165, 23.3)};
  v[0].elapsed_s = 1800;
  v[1].elapsed_s = 260;
  v[2].elapsed_s = 1164;
  const auto c = awrdiff::build_timeline("RMGTIBP", v);
  EXPECT_NE(c.headline.find("stepped up 9.88x at 2023-10-01 15:00 and stayed"), std::string::npos) << c.headline;
  // A level that begins only with the latest period stays there: 62 is not 2x above 11.5 x 1.5.
  v[1].values["db_time_per_s"] = 17;
  v[1].values["db_time_per_exec_ms"] = 2;
  const auto d = awrdiff::build_timeline("RMGTIBP", v);
  EXPECT_NE(d.headline.find("at 2023-10-01 20:00 in the latest period"), std::string::npos) << d.headline;
  // A storm in the first period alone is no level: nothing shifts.
  std::vector<awrdiff::TimelinePeriod> w{hour(0, 4, 150, 20), hour(0, 5, 10.3, 1.6), hour(0, 6, 11.5, 1.5),
                                         hour(0, 7, 10.9, 1.6)};
  EXPECT_EQ(awrdiff::build_timeline("X", w).headline.rfind("No sustained shift", 0), 0u);
}

TEST(Timeline, ASmallerMinimumSegmentFindsAtLeastAsManyShifts) {
  std::vector<std::vector<awrdiff::TimelinePeriod>> series;
  series.push_back({hour(0, 4, 10.3, 1.65), hour(0, 5, 11.5, 1.52), hour(0, 15, 62.2, 5.81), hour(0, 20, 165, 23.3)});
  series.push_back({hour(0, 5, 11.5, 1.52), hour(0, 15, 62.2, 5.81), hour(0, 20, 165, 23.3)});
  std::vector<awrdiff::TimelinePeriod> hours;  // 30 hours, a step at the 20th
  for (int h = 0; h < 30; ++h) hours.push_back(hour(0, h, (h >= 20 ? 30.0 : 10.0) * (1 + 0.02 * (h % 3)), 1.0));
  series.push_back(hours);
  std::vector<awrdiff::TimelinePeriod> days;  // 6 days, a step on day 3
  for (int d = 0; d < 6; ++d)
    for (int h = 0; h < 24; ++h)
      days.push_back(hour(d, h, (d * 24 + h >= 81 ? 21.0 : 10.0) * (1 + 0.03 * ((d * 7 + h * 3) % 5)), 1.0));
  series.push_back(days);
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto by_default = shift_count(awrdiff::build_timeline("X", series[i]));
    EXPECT_GE(by_default, 1u) << "series " << i;
    std::size_t previous = 0;
    for (std::size_t m : {48u, 24u, 12u, 4u, 2u, 1u}) {
      awrdiff::TimelineOptions o;
      o.min_segment = m;
      const auto n = shift_count(awrdiff::build_timeline("X", series[i], o));
      EXPECT_GE(n, previous) << "series " << i << ", --min-segment " << m;
      if (m <= 24) { EXPECT_GE(n, by_default) << "series " << i << ", --min-segment " << m; }
      previous = n;
    }
  }
}

TEST(Timeline, ARestartInAPeriodLeftOutIsCarried) {
  // RMGTIBN's shape: hourly periods, then a day-long report (left out as spanning the others) whose instance started at
  // 05:45, then the periods after the restart at a new level.
  std::vector<awrdiff::TimelinePeriod> v;
  for (int h = 0; h < 4; ++h) v.push_back(hour(0, h, 23, 5));
  for (int h = 6; h < 10; ++h) v.push_back(hour(0, h, 2.4, 300));
  for (auto& p : v) p.startup_time = p.begin_time < "2023-10-01T06" ? "2023-09-28T19:37:00" : "2023-10-01T05:45:00";
  auto day = hour(0, 5, 12, 100);
  day.end_time = "2023-10-02T04:00:00";
  day.elapsed_s = 80000;
  day.startup_time = "2023-10-01T05:45:00";
  v.push_back(day);
  const auto c = awrdiff::build_timeline("RMGTIBN", v);
  EXPECT_NE(c.headline.find("at 2023-10-01 06:00, after an instance restart at 05:45, and stayed"), std::string::npos)
      << c.headline;
  ASSERT_EQ(c.charts.size(), 1u);
  ASSERT_EQ(c.charts[0].breaks_before.size(), 8u);  // the day-long report left out
  EXPECT_TRUE(c.charts[0].breaks_before[4]);
  EXPECT_EQ(std::count(c.charts[0].breaks_before.begin(), c.charts[0].breaks_before.end(), true), 1);
  // Without startup times, a restart flagged on the period left out is carried to the next one kept.
  for (auto& p : v) p.startup_time.clear();
  v.back().restart_before = true;
  const auto d = awrdiff::build_timeline("RMGTIBN", v);
  EXPECT_NE(d.headline.find("at 2023-10-01 06:00, after an instance restart, and stayed"), std::string::npos) << d.headline;
  EXPECT_TRUE(d.charts[0].breaks_before[4]);
}

TEST(Timeline, APercentageShiftsInPointsAndALoadDropIsNoImprovement) {
  std::vector<awrdiff::TimelinePeriod> v{hour(0, 4, 20, 5), hour(0, 5, 21, 5), hour(0, 6, 2.2, 300), hour(0, 7, 2.1, 310)};
  const double busy[] = {30, 31, 70, 72}, execs[] = {4000, 4100, 7, 7}, txns[] = {2000, 2100, 0.02, 0.02},
               per_txn[] = {0.01, 0.01, 110, 105};
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i].values["host_cpu_busy_pct"] = busy[i];
    v[i].values["load_profile.executes"] = execs[i];
    v[i].values["load_profile.transactions"] = txns[i];
    v[i].values["db_time_per_txn_s"] = per_txn[i];
  }
  awrdiff::TimelineOptions o;
  o.metrics = {"db_time_per_s",         "db_time_per_exec_ms",       "db_time_per_txn_s",
               "load_profile.executes", "load_profile.transactions", "host_cpu_busy_pct"};
  const auto c = awrdiff::build_timeline("SOAK", v, o);
  // The end of a soak test: DB time per second fell with the executions and transactions, each costing more: the load's.
  EXPECT_EQ(c.headline.rfind("DB time per second stepped down 90% with the load at 2023-10-01 06:00", 0), 0u) << c.headline;
  ASSERT_FALSE(c.findings.empty());
  EXPECT_EQ(c.findings[0].direction, awrdiff::ChangeKind::changed);
  bool points = false;
  for (const auto& r : c.tables[0].rows)
    if (const auto* m = std::get_if<std::string>(&r.cells[1]); m && *m == "Host CPU busy") {
      const auto* p = std::get_if<awrdiff::Points>(&r.cells.back());
      ASSERT_NE(p, nullptr);
      EXPECT_NEAR(p->value, 40.5, 1e-9);
      points = true;
    }
  EXPECT_TRUE(points);
  awrdiff::TimelineOptions busy_only;
  busy_only.metrics = {"host_cpu_busy_pct"};
  const auto b = awrdiff::build_timeline("SOAK", v, busy_only);
  EXPECT_EQ(b.headline.rfind("Host CPU busy stepped up 40.5 pts at 2023-10-01 06:00", 0), 0u) << b.headline;
}

TEST(Timeline, MatchDrawsTheBandFromLikePeriods) {
  // Ten days of hourly periods; the 09:00 hour is busy every day (a batch): against every period the 09:00 of the tenth
  // day is far above the band, against the same hour (or weekday and hour: too few like periods) it is inside it.
  std::vector<awrdiff::TimelinePeriod> v;
  for (int d = 0; d < 10; ++d)
    for (int h = 0; h < 24; ++h) v.push_back(hour(d, h, (h == 9 ? 100.0 : 10.0) * (1 + 0.02 * ((d + h) % 4)), 1.0));
  const std::size_t at = 9 * 24 + 9;
  auto band = [&](awrdiff::MatchPeriods m) {
    awrdiff::TimelineOptions o;
    o.metrics = {"db_time_per_s"};
    o.match = m;
    const auto c = awrdiff::build_timeline("X", v, o);
    const auto& s = c.charts.at(0).series.at(0);
    return std::make_pair(s.band_low.at(at), s.band_high.at(at));
  };
  const auto all = band(awrdiff::MatchPeriods::all);
  ASSERT_TRUE(all.second);
  EXPECT_LT(*all.second, 50);
  const auto same_hour = band(awrdiff::MatchPeriods::hour);
  ASSERT_TRUE(same_hour.first && same_hour.second);
  EXPECT_LT(*same_hour.first, 100);
  EXPECT_GT(*same_hour.second, 100);
  const auto weekday = band(awrdiff::MatchPeriods::weekday_hour);  // one like period (7 days before): no spread
  EXPECT_FALSE(weekday.second);
}

TEST(Timeline, MatchSearchesShiftsAmongLikePeriods) {
  // Four weeks of hourly periods with quiet weekends (2023-10-01 is a Sunday) and a working day's cycle: with
  // --match weekday-hour each period is taken against the same weekday and hour, so the weekly cycle is no shift, and
  // a 2x step from day 15 (a Monday) 09:00 is found within one period of it.
  auto series = [](bool step) {
    std::vector<awrdiff::TimelinePeriod> v;
    for (int d = 0; d < 28; ++d)
      for (int h = 0; h < 24; ++h) {
        const bool weekend = d % 7 == 0 || d % 7 == 6;
        const double base = weekend ? 3.0 : (h >= 8 && h < 18 ? 20.0 : 6.0);
        const double lift = step && d * 24 + h >= 15 * 24 + 9 ? 2.0 : 1.0;
        v.push_back(hour(d, h, base * lift * (1 + 0.03 * ((d * 5 + h * 3) % 4)), 1.0));
      }
    return v;
  };
  awrdiff::TimelineOptions o;
  o.metrics = {"db_time_per_s"};
  o.match = awrdiff::MatchPeriods::weekday_hour;
  const auto flat = awrdiff::build_timeline("X", series(false), o);
  EXPECT_EQ(flat.headline.rfind("No sustained shift", 0), 0u) << flat.headline;
  const auto stepped = awrdiff::build_timeline("X", series(true), o);
  EXPECT_NE(stepped.headline.find("DB time per second stepped up"), std::string::npos) << stepped.headline;
  // Within one period of the step (the adjusted 08:00 of a Monday already ranks with the new level).
  EXPECT_TRUE(stepped.headline.find("at 2023-10-16 09:00") != std::string::npos ||
              stepped.headline.find("at 2023-10-16 08:00") != std::string::npos)
      << stepped.headline;
}

}  // namespace
