// Test and benchmark support: a year of hourly periods of one database, made in memory from
// samples/good.html with a daily and weekly rhythm and a few percent of noise, and one injected
// regression. No report files are written: each hour's Snapshot is made again on demand from its
// own seed, so the same hour is always the same period.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/model.hpp>

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

namespace awrdiff::testing {

/// The year's shape: hour 0 is Monday 2024-01-01T00:00:00; 8,760 hourly periods of one hour each.
struct SyntheticYear {
  static constexpr int k_hours = 8760;
  static constexpr std::int64_t k_start_epoch = 1704067200;  // 2024-01-01T00:00:00, a Monday
  static constexpr std::int64_t k_first_snap = 10000;
  /// The injected regression: Wednesday 2024-10-02 10:00 (week 40): DB time x2.5 from DB CPU and hard
  /// parsing, the executions unchanged.
  static constexpr int k_regression_hour = (39 * 7 + 2) * 24 + 10;

  Snapshot base;  ///< good.html, trimmed to what the registry reads, as one 10-minute period
  double noise = 0.03;  ///< relative standard deviation of each noisy quantity

  explicit SyntheticYear(const Snapshot& good) : base(good) {
    // What the registry does not read is dropped: copies stay cheap.
    base.sql.clear();
    base.activity.clear();
    base.parameters.clear();
    base.segments.clear();
    base.latches.clear();
    base.wait_histograms.clear();
    base.other_tables.clear();
    base.file_io.clear();
    base.tablespace_io.clear();
    base.dictionary_cache.clear();
    base.library_cache.clear();
    base.enqueues.clear();
    base.mutex_sleeps.clear();
    base.iostat_filetype.clear();
    base.iostat_function.clear();
    base.diagnostics.clear();
    base.has_sql_sections = false;
    base.database.startup_time = "2023-12-01 00:00:00";  // before the year: no restart inside it
  }

  /// The load of hour `h` relative to a weekday's busy hour: busy office hours, a nightly batch at
  /// 02:00, quiet weekends with a Sunday 03:00 maintenance job, and +10% over the year.
  static double rhythm(int h) {
    const int hour = h % 24, day = (h / 24) % 7;  // day 0 = Monday
    double f;
    if (day < 5) {
      if (hour == 2) f = 0.8;
      else if (hour < 7) f = 0.3;
      else if (hour < 9) f = 0.6;
      else if (hour < 18) f = hour == 12 ? 0.7 : 1.0;
      else if (hour < 22) f = 0.5;
      else f = 0.35;
      if (day == 4 && hour >= 14) f *= 0.8;  // Friday afternoon
    } else {
      f = (day == 6 && hour == 3) ? 0.9 : 0.25;
    }
    return f * (1 + 0.1 * h / k_hours);
  }

  static std::string iso(int h, int plus_s = 0) { return epoch_iso(k_start_epoch + std::int64_t{h} * 3600 + plus_s); }

  /// Hour `h` as a one-hour period (snaps k_first_snap + h .. + 1), its figures scaled from good.html by
  /// rhythm(h) with noise; the regression hour has its regression.
  Snapshot period(int h) const {
    std::mt19937_64 rng(0x5eed0000ULL + static_cast<std::uint64_t>(h));
    // Box-Muller on the engine's own output: the same numbers with every standard library.
    auto gauss = [&rng] {
      const double u1 = (static_cast<double>(rng() >> 11) + 0.5) / 9007199254740992.0;
      const double u2 = static_cast<double>(rng() >> 11) / 9007199254740992.0;
      return std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    };
    auto noisy = [&](double sd) { return std::max(0.5, 1 + sd * gauss()); };
    Snapshot s = base;
    const double load = rhythm(h);
    const double old_elapsed = s.interval.elapsed_s.value_or(600);
    const double totals = 3600 / old_elapsed;  // totals of a 10-minute period -> one hour
    // The work done varies by `noise`; what each unit of work costs, by a third of it.
    const double volume_noise = noisy(noise), time_noise = volume_noise * noisy(noise / 3);
    const bool regression = h == k_regression_hour;
    const double extra = regression ? 2.5 : 1.0;
    s.source = fmt::format("synthetic/hour_{:04d}", h);
    s.interval.begin_snap = k_first_snap + h;
    s.interval.end_snap = k_first_snap + h + 1;
    // Times as a report prints them are read by iso_time(): ISO 8601 is accepted too.
    s.interval.begin_time = iso(h).replace(10, 1, " ");
    s.interval.end_time = iso(h + 1).replace(10, 1, " ");
    s.interval.elapsed_s = 3600;
    const double time_scale = totals * load * time_noise;
    if (s.interval.db_time_s) *s.interval.db_time_s *= time_scale * extra;
    for (auto& r : s.time_model)
      if (r.time_s)
        *r.time_s *=
            time_scale * (regression && (r.name == "DB time" || r.name == "DB CPU" || r.name == "sql execute elapsed time" ||
                                         r.name.find("parse") != std::string::npos)
                              ? (r.name == "DB time" ? extra : 3.2)
                              : 1.0);
    for (auto* events : {&s.top_events, &s.foreground_events, &s.background_events})
      for (auto& e : *events) {
        const double f = regression && e.is_cpu ? 3.2 : 1.0;
        if (e.time_s) *e.time_s *= time_scale * f;
        if (e.waits) *e.waits *= totals * load * volume_noise;
        if (e.avg_wait_ms) *e.avg_wait_ms *= noisy(noise);
      }
    for (auto* classes : {&s.wait_classes, &s.foreground_wait_classes})
      for (auto& w : *classes) {
        if (w.time_s) *w.time_s *= time_scale * (regression && w.name == "DB CPU" ? 3.2 : 1.0);
        if (w.waits) *w.waits *= totals * load * volume_noise;
      }
    for (auto& r : s.load_profile) {
      const bool time_row = r.key == "db_time" || r.key == "db_cpu" || r.key == "background_cpu";
      double f = time_row ? load * time_noise : load * volume_noise * noisy(noise / 3);
      if (regression && (r.key == "db_time" || r.key == "db_cpu")) f *= r.key == "db_time" ? extra : 3.2;
      if (regression && r.key == "hard_parses") f *= 20;
      if (r.per_second) *r.per_second *= f;
    }
    if (s.host_cpu.pct_idle) {
      const double busy = std::min(95.0, (100 - *s.host_cpu.pct_idle) * load * time_noise * (regression ? 2.5 : 1.0));
      s.host_cpu.pct_idle = 100 - busy;
    }
    for (auto* v : {&s.interval.begin_sessions, &s.interval.end_sessions})
      if (*v) **v = std::round(**v * (0.8 + 0.2 * load) * noisy(noise / 3));
    return s;
  }
};

}  // namespace awrdiff::testing
