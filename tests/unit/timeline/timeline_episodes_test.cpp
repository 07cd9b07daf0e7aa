// The episodes of a timeline (docs/timeline.md, "How an episode is found"): a run of periods far above the band of the
// normal periods before it, named in the first line with its start, end, peak, events and statements, whatever busy
// period precedes it, partial recovery follows it or idle period surrounds it; a single outlier is none. And the
// per-unit costs of a load that collapsed (no shift), and the top SQL's "before" told from the lists that name it.
#include <awrdiff/timeline.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using awrdiff::TimelinePeriod;

// "2023-10-DDTHH:MM:00" for day `day` of the series (day 32 is 1-Nov) and `minute` of the day.
std::string stamp(int day, int minute) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "2023-%02d-%02dT%02d:%02d:00", day > 31 ? 11 : 10, day > 31 ? day - 31 : day, minute / 60,
                minute % 60);
  return buf;
}

// A period of `minutes` from day `day` (of October 2023; 32 is 1-Nov) at hh:mm, with DB time per second `aas`.
TimelinePeriod period(int day, int hh, int mm, int minutes, double aas) {
  TimelinePeriod p;
  p.begin_time = stamp(day, hh * 60 + mm);
  const int end = hh * 60 + mm + minutes;
  p.end_time = stamp(day + end / 1440, end % 1440);
  p.begin_epoch = ((day - 1) * 1440LL + hh * 60 + mm) * 60;
  p.elapsed_s = minutes * 60.0;
  p.begin_snap = *p.begin_epoch / 60;
  p.end_snap = *p.begin_epoch / 60 + minutes;
  p.source = "awr_" + std::to_string(*p.begin_snap) + ".html";
  p.values["db_time_per_s"] = aas;
  return p;
}

// A normal period of RMGTIBP: DB CPU and I/O; the update 1c602wgfqtdky in the elapsed list when `update_aas` > 0.
TimelinePeriod normal(int day, int hh, int mm, double aas, double update_aas = 0, int minutes = 30) {
  auto p = period(day, hh, mm, minutes, aas);
  p.top_events = {{"DB CPU", aas * 0.6}, {"db file sequential read", aas * 0.25}, {"log file sync", aas * 0.05}};
  p.top_sql = {{"1w6ugrkmur9rp", "SELECT PIECE_ID FROM MAIL_PIECE", aas * 0.2, {}}};
  if (update_aas > 0) p.top_sql.push_back({"1c602wgfqtdky", "UPDATE MAIL_PIECE SET CURRENT_STATUS = :1", update_aas, {}});
  return p;
}

// A period of the library cache storm: library cache lock and cursor: mutex X, carried by 1c602wgfqtdky.
TimelinePeriod storm(int day, int hh, int mm, int minutes, double aas) {
  auto p = period(day, hh, mm, minutes, aas);
  p.top_events = {{"library cache lock", aas * 0.7}, {"cursor: mutex X", aas * 0.15}, {"DB CPU", 5}};
  p.top_sql = {{"1c602wgfqtdky", "UPDATE MAIL_PIECE SET CURRENT_STATUS = :1", aas * 0.6, {}}};
  return p;
}

// RMGTIBP as the issue gives it: 01-Oct 13:00 (busy, 16.6 AAS); 02-Oct 04:30, 05:00, 07:30, 08:00 (6-17 AAS); the
// storm at 13:00 (165), 15:00 (62), 20:49 (165, to 21:09); a partial recovery at 23:00 (27).
std::vector<TimelinePeriod> rmgtibp(bool busy_before, bool recovery_after) {
  std::vector<TimelinePeriod> v;
  if (busy_before) v.push_back(normal(1, 13, 0, 16.6));
  v.push_back(normal(2, 4, 30, 10.3, 0.151));  // 271.9 s in 30 minutes
  v.push_back(normal(2, 5, 0, 11.5, 0.294));  // 528.5 s
  v.push_back(normal(2, 7, 30, 6.4));
  v.push_back(normal(2, 8, 0, 17.0));
  v.push_back(storm(2, 13, 0, 30, 165));
  v.push_back(storm(2, 15, 0, 5, 62.2));
  v.push_back(storm(2, 20, 49, 20, 165));
  if (recovery_after) {
    auto r = normal(2, 23, 0, 27);
    r.top_events.push_back({"library cache lock", 8});
    v.push_back(r);
  }
  return v;
}

const awrdiff::CompareTable* table(const awrdiff::Comparison& c, const std::string& key) {
  for (const auto& t : c.tables)
    if (t.key == key) return &t;
  return nullptr;
}

TEST(TimelineEpisodes, TheStormIsFoundWithOrWithoutABusyPeriodBeforeAndARecoveryAfter) {
  for (const bool before : {false, true})
    for (const bool after : {false, true}) {
      SCOPED_TRACE(std::string("busy before: ") + (before ? "yes" : "no") + ", recovery after: " + (after ? "yes" : "no"));
      std::vector<awrdiff::TimelineEpisode> episodes;
      const auto c = awrdiff::build_timeline("RMGTIBP (DB Id 2447957804) instance 1", rmgtibp(before, after), {}, &episodes);
      const std::string span =
          after ? "Episode 2023-10-02 13:00 .. 21:09 (3 periods)" : "Episode from 2023-10-02 13:00, still on (3 periods)";
      EXPECT_EQ(c.headline.rfind(span + ": DB time per second up to 165 AAS at 13:00", 0), 0u) << c.headline;
      EXPECT_NE(c.headline.find("top events: library cache lock 91.5 AAS, cursor: mutex X 19.6 AAS"), std::string::npos)
          << c.headline;
      EXPECT_NE(
          c.headline.find("top SQL: 1c602wgfqtdky (UPDATE MAIL_PIECE SET CURRENT_STATUS = :…) 99.0 AAS (median of 3 periods)"),
          std::string::npos)
          << c.headline;
      // It was in the two lists of 04:30 and 05:00 (271.9 s and 528.5 s in 30 minutes): a median of those, not 0.
      EXPECT_NE(c.headline.find("was 0.22"), std::string::npos) << c.headline;
      if (after) { EXPECT_NE(c.headline.find("down to 27.0 AAS at 23:00"), std::string::npos) << c.headline; }
      ASSERT_FALSE(c.findings.empty());
      EXPECT_EQ(c.findings[0].rule, "timeline_episode");
      EXPECT_EQ(c.findings[0].direction, awrdiff::ChangeKind::worse);
      const auto* t = table(c, "timeline_episodes");
      ASSERT_NE(t, nullptr);
      ASSERT_EQ(t->rows.size(), 1u);
      EXPECT_EQ(std::get<std::string>(t->rows[0].cells[0]), "2023-10-02 13:00");
      EXPECT_EQ(std::get<std::string>(t->rows[0].cells[1]), after ? "2023-10-02 21:09" : "still on");
      EXPECT_EQ(std::get<std::string>(t->rows[0].cells[7]).rfind("library cache lock 91.5; cursor: mutex X 19.6", 0), 0u);
      // The same episode as data (what the row is rendered from, what `awrdiff fleet` reads): the storm's three periods
      // from 13:00, 165 AAS at its peak, library cache lock (mean of 115.5, 43.5 and 115.5 AAS) and 1c602wgfqtdky
      // (median of 99, 37.3 and 99 AAS).
      ASSERT_EQ(episodes.size(), 1u);
      const auto& e = episodes[0];
      EXPECT_EQ(e.begin_time, "2023-10-02T13:00:00");
      EXPECT_EQ(e.state, after ? awrdiff::TimelineEpisode::State::ended : awrdiff::TimelineEpisode::State::still_on);
      EXPECT_EQ(awrdiff::episode_end(e), after ? "2023-10-02 21:09" : "still on");
      EXPECT_EQ(e.periods, 3u);
      EXPECT_DOUBLE_EQ(e.peak_aas, 165);
      EXPECT_EQ(e.peak_time, "2023-10-02T13:00:00");
      EXPECT_EQ(e.after_aas.has_value(), after);
      if (after) { EXPECT_DOUBLE_EQ(*e.after_aas, 27); }
      ASSERT_GE(e.events.size(), 2u);
      EXPECT_EQ(e.events[0].name, "library cache lock");
      EXPECT_NEAR(e.events[0].aas, 91.5, 0.05);
      EXPECT_EQ(e.events[1].name, "cursor: mutex X");
      ASSERT_FALSE(e.sql.empty());
      EXPECT_EQ(e.sql[0].sql_id, "1c602wgfqtdky");
      EXPECT_NEAR(e.sql[0].elapsed_per_s, 99.0, 0.05);
      // One storm, one finding: a shift found at its start is told in the episode's finding, not apart.
      for (const auto& f : c.findings) EXPECT_EQ(f.rule, "timeline_episode") << f.title;
    }
}

// A month of hourly periods with a day's cycle and noise (10 AAS at night .. 20 at noon).
std::vector<TimelinePeriod> month() {
  std::vector<TimelinePeriod> v;
  for (int d = 1; d <= 30; ++d)
    for (int h = 0; h < 24; ++h) {
      const double cycle = 15 - 5 * std::cos((h - 2) * 3.14159265 / 12);
      const double noise = 1 + 0.08 * (((d * 31 + h * 17) % 11) - 5) / 5.0;
      v.push_back(normal(d, h, 0, cycle * noise, 0, 60));
    }
  return v;
}

TEST(TimelineEpisodes, AMonthWithOneThreePeriodEpisodeFindsItAndASingleOutlierIsNone) {
  auto v = month();
  const std::size_t at = 17 * 24 + 10;  // 18-Oct 10:00 .. 12:59
  for (std::size_t i = at; i < at + 3; ++i) v[i] = storm(18, static_cast<int>(i - at) + 10, 0, 60, 90);
  const auto c = awrdiff::build_timeline("MONTH", v);
  EXPECT_EQ(c.headline.rfind("Episode 2023-10-18 10:00 .. 13:00 (3 periods): DB time per second up to 90.0 AAS at 10:00", 0), 0u)
      << c.headline;
  const auto* t = table(c, "timeline_episodes");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->rows.size(), 1u);
  ASSERT_FALSE(c.findings.empty());
  EXPECT_EQ(c.findings[0].rule, "timeline_episode");

  // The same month with one storm hour: no episode, no shift.
  auto w = month();
  w[at] = storm(18, 10, 0, 60, 150);
  const auto d = awrdiff::build_timeline("MONTH", w);
  EXPECT_EQ(d.headline.rfind("No sustained shift in 720 periods", 0), 0u) << d.headline;
  EXPECT_EQ(table(d, "timeline_episodes"), nullptr);
  EXPECT_TRUE(d.findings.empty());

  // A quiet month: nothing either.
  const auto q = awrdiff::build_timeline("MONTH", month());
  EXPECT_EQ(q.headline.rfind("No sustained shift in 720 periods", 0), 0u) << q.headline;
  EXPECT_TRUE(q.findings.empty());
}

TEST(TimelineEpisodes, AMonthWithAStepIsOneShiftNotAStringOfEpisodes) {
  // The load steps up 4x on 15-Oct 00:00 and stays: a sustained shift. The band is redrawn from the new level once a
  // day of periods has stayed there: no episode after it (the like hours of the 7 days before still hold the old level).
  auto v = month();
  for (std::size_t i = 14 * 24; i < v.size(); ++i) v[i].values["db_time_per_s"] *= 4;
  const auto c = awrdiff::build_timeline("MONTH", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped up", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("at 2023-10-15 00:00"), std::string::npos) << c.headline;
  EXPECT_EQ(table(c, "timeline_episodes"), nullptr) << c.headline;
}

TEST(TimelineEpisodes, ADailyPatternThatRecursIsAnEpisodeForAFewDaysOnly) {
  // From 10-Oct a nightly batch triples the load from 01:00 to 03:59 every night: the first nights are episodes (nothing
  // like it at those hours before), within days it is the band of those hours (the median of the 7 days before).
  auto v = month();
  for (std::size_t i = 9 * 24; i < v.size(); ++i)
    if (const int h = static_cast<int>(i % 24); h >= 1 && h < 4) v[i].values["db_time_per_s"] *= 4;
  const auto c = awrdiff::build_timeline("MONTH", v);
  const auto* t = table(c, "timeline_episodes");
  ASSERT_NE(t, nullptr) << c.headline;
  EXPECT_LE(t->rows.size(), 4u);
  EXPECT_EQ(std::get<std::string>(t->rows.back().cells[0]), "2023-10-10 01:00");  // latest first: the first night last
  EXPECT_EQ(std::get<std::string>(t->rows.front().cells[0]), "2023-10-13 01:00");  // 4 of the 7 nights before: its band
}

TEST(TimelineEpisodes, MatchWeekdayHourTakesAWeeklyBatchAsItsBandAndStillFindsAStorm) {
  // Six weeks of hourly periods from Sunday 1-Oct: every Saturday a batch runs at 4x from 09:00 to 16:59, and on
  // Wednesday 1-Nov 10:00 .. 12:59 a storm. By hour of day (the default) every Saturday is far above its band (the 7
  // days before hold one Saturday); by weekday and hour (--match weekday-hour) the Saturdays are their own band from the
  // third on, and the storm is found either way.
  std::vector<TimelinePeriod> v;
  for (int d = 1; d <= 42; ++d)
    for (int h = 0; h < 24; ++h) {
      const double cycle = 15 - 5 * std::cos((h - 2) * 3.14159265 / 12);
      const double noise = 1 + 0.08 * (((d * 31 + h * 17) % 11) - 5) / 5.0;
      const bool batch = d % 7 == 0 && h >= 9 && h < 17;
      v.push_back(normal(d, h, 0, cycle * noise * (batch ? 4 : 1), 0, 60));
    }
  for (std::size_t i = 31 * 24 + 10; i < 31 * 24 + 13; ++i) v[i].values["db_time_per_s"] = 90;  // Wed 1-Nov
  const auto by_hour = awrdiff::build_timeline("X", v);
  const auto* t = table(by_hour, "timeline_episodes");
  ASSERT_NE(t, nullptr) << by_hour.headline;
  EXPECT_GE(t->rows.size(), 5u) << by_hour.headline;  // the storm and the Saturdays
  awrdiff::TimelineOptions o;
  o.match = awrdiff::MatchPeriods::weekday_hour;
  const auto by_weekday = awrdiff::build_timeline("X", v, o);
  const auto* w = table(by_weekday, "timeline_episodes");
  ASSERT_NE(w, nullptr) << by_weekday.headline;
  ASSERT_EQ(w->rows.size(), 1u) << by_weekday.headline;
  EXPECT_EQ(std::get<std::string>(w->rows[0].cells[0]), "2023-11-01 10:00");
  EXPECT_NE(by_weekday.headline.find("(median of 4 periods of its weekday and hour)"), std::string::npos) << by_weekday.headline;
}

TEST(TimelineEpisodes, IdlePeriodsNeitherInventNorHideAnEpisode) {
  // An idle period (1.1 AAS) before the storm and one after it: the same episode, ended by the idle one.
  auto v = rmgtibp(true, false);
  v.insert(v.begin() + 3, normal(2, 6, 0, 1.1));
  v.push_back(normal(2, 23, 30, 1.1));
  const auto c = awrdiff::build_timeline("RMGTIBP", v);
  EXPECT_EQ(c.headline.rfind("Episode 2023-10-02 13:00 .. 21:09 (3 periods)", 0), 0u) << c.headline;
  EXPECT_NE(c.headline.find("back to 1.10 AAS at 23:30"), std::string::npos) << c.headline;
  // Idle periods alone among normal ones: no episode (an episode is above the band, never below it).
  std::vector<TimelinePeriod> w{normal(2, 4, 30, 10.3), normal(2, 5, 0, 11.5),  normal(2, 5, 30, 1.1),
                                normal(2, 6, 0, 1.0),   normal(2, 6, 30, 10.9), normal(2, 7, 0, 11.2)};
  const auto d = awrdiff::build_timeline("RMGTIBP", w);
  EXPECT_EQ(table(d, "timeline_episodes"), nullptr) << d.headline;
}

TEST(TimelineEpisodes, AnOutlierOrAnIdlePeriodNeitherInventsNorHidesAShift) {
  // Five days of hourly periods with a day's cycle; from 3-Oct 00:00 the load stays 2.5x higher (a sustained shift, no
  // storm). One storm hour (150 AAS) or one idle hour (0.5 AAS) put before the step, after it, or both, changes neither
  // the shift found nor the absence of an episode; the same without the step finds nothing.
  auto days = [](bool step) {
    std::vector<TimelinePeriod> v;
    for (int d = 1; d <= 5; ++d)
      for (int h = 0; h < 24; ++h) {
        const double cycle = 15 - 5 * std::cos((h - 2) * 3.14159265 / 12);
        const double noise = 1 + 0.08 * (((d * 31 + h * 17) % 11) - 5) / 5.0;
        v.push_back(normal(d, h, 0, cycle * noise * (step && d >= 3 ? 2.5 : 1), 0, 60));
      }
    return v;
  };
  // Where the shift is found without the odd periods (the rank test places it within a few hours of the step: the
  // day's cycle blurs its night).
  auto at_of = [](const std::string& headline) {
    const auto i = headline.find(" at 2023-");
    return i == std::string::npos ? std::string() : headline.substr(i, 20);
  };
  const auto clean = awrdiff::build_timeline("X", days(true));
  ASSERT_EQ(clean.headline.rfind("DB time per second stepped up", 0), 0u) << clean.headline;
  const std::string at = at_of(clean.headline);
  EXPECT_TRUE(at == " at 2023-10-03 00:00" || at == " at 2023-10-03 04:00") << clean.headline;
  for (const double odd : {150.0, 0.5})
    for (const int where : {0, 1, 2}) {  // before the step, after it, both
      SCOPED_TRACE("odd period " + std::to_string(odd) + " at " + std::to_string(where));
      for (const bool step : {true, false}) {
        auto v = days(step);
        if (where != 1) v[30].values["db_time_per_s"] = odd;  // 2-Oct 06:00
        if (where != 0) v[100].values["db_time_per_s"] = odd;  // 5-Oct 04:00
        const auto c = awrdiff::build_timeline("X", v);
        EXPECT_EQ(table(c, "timeline_episodes"), nullptr) << c.headline;
        if (step) {
          EXPECT_EQ(c.headline.rfind("DB time per second stepped up", 0), 0u) << c.headline;
          EXPECT_EQ(at_of(c.headline), at) << c.headline;
        } else {
          EXPECT_EQ(c.headline.rfind("No sustained shift", 0), 0u) << c.headline;
        }
      }
    }
}

// RMGTIBN as its reports give it (the periods the timeline keeps of awr-html_19c_jdmoreno_{5,1,3,4}: the soak test at
// 25.2 and 20.9 AAS with 5,176 and 4,056 executions per second, then after the 05:45 restart 1.10 and 3.79 AAS with 7.8
// executions per second), and an idle period appended (1.1 AAS, 0.1 executions per second).
TEST(TimelineEpisodes, APerExecutionCostOfACollapsedLoadIsNoShift) {
  auto at = [](const char* begin, const char* end, long long epoch, double minutes, double aas, double execs,
               const char* startup) {
    TimelinePeriod p;
    p.begin_time = begin;
    p.end_time = end;
    p.begin_epoch = epoch;
    p.elapsed_s = minutes * 60;
    p.values["db_time_per_s"] = aas;
    p.values["load_profile.executes"] = execs;
    p.values["db_time_per_exec_ms"] = aas / execs * 1000;
    p.startup_time = startup;
    return p;
  };
  const long long day = 86400;
  std::vector<TimelinePeriod> v{
      at("2023-12-19T18:30:00", "2023-12-19T21:30:00", 0, 180, 25.23, 5176.1, "2023-12-18T10:00:00"),
      at("2023-12-22T01:30:00", "2023-12-22T05:30:00", 2 * day + 7 * 3600, 240, 20.88, 4055.7, "2023-12-21T09:00:00"),
      at("2023-12-23T06:30:00", "2023-12-23T07:00:00", 3 * day + 12 * 3600, 30, 1.096, 7.81, "2023-12-23T05:45:00"),
      at("2023-12-23T07:00:00", "2023-12-23T07:30:00", 3 * day + 12 * 3600 + 1800, 30, 3.790, 7.83, "2023-12-23T05:45:00")};
  const auto c = awrdiff::build_timeline("RMGTIBN", v);
  EXPECT_EQ(c.headline.rfind("DB time per second stepped down 89% with the load at 2023-12-23 06:30, after an instance restart "
                             "at 05:45, and stayed",
                             0),
            0u)
      << c.headline;
  v.push_back(at("2023-12-23T07:30:00", "2023-12-23T08:00:00", 3 * day + 13 * 3600, 30, 1.1, 0.1, "2023-12-23T05:45:00"));
  const auto d = awrdiff::build_timeline("RMGTIBN", v);
  EXPECT_EQ(d.headline.rfind("DB time per second stepped down 95% with the load at 2023-12-23 06:30, after an instance restart "
                             "at 05:45, and stayed",
                             0),
            0u)
      << d.headline;
  for (const auto* x : {&c, &d}) {
    for (const auto& r : table(*x, "timeline_changes")->rows)
      EXPECT_NE(std::get<std::string>(r.cells[1]), "DB time per execution") << x->headline;
    for (const auto& f : x->findings) EXPECT_EQ(f.title.find("DB time per execution"), std::string::npos) << f.title;
    EXPECT_EQ(x->headline.find("DB time per execution"), std::string::npos) << x->headline;
  }
}

}  // namespace
