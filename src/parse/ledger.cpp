// A report is a ledger: it states most figures twice. reconcile() cross-checks a report's redundant figures once,
// when it is read, so that every command (compare, check, baseline, history) sees one sound set of figures: where one
// figure is plainly the sound one it is used and a warning says so (section "ledger"); where none is, the report is
// not valid ("inconsistent report: ..."), so that no gate passes on it silently. docs/robustness.md, "A report is a
// ledger", lists each cross-check with its tolerance (k_ledger_checks).
#include <awrdiff/parse.hpp>
#include <awrdiff/time.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <string_view>

namespace awrdiff {

namespace {

// Seconds of a time as reports print it ("22-Dec-23 01:30:13", "20-Dec-23 19:37", Statspack "22-Dec-23 01:30:13"),
// read as a civil time; empty when it does not parse.
std::optional<double> printed_seconds(const std::string& text) {
  int d = 0, y = 0, h = 0, mi = 0, sec = 0;
  char mon[4] = {};
  if (std::sscanf(text.c_str(), "%d-%3c-%d %d:%d:%d", &d, mon, &y, &h, &mi, &sec) < 5) return std::nullopt;
  const int month = month_number(std::string_view(mon, 3));
  if (month == 0 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 59) return std::nullopt;
  if (y < 100) y += 2000;
  return static_cast<double>(days_from_civil(y, month, d)) * 86400 + h * 3600 + mi * 60 + sec;
}

void warn(Snapshot& s, std::string message) {
  s.diagnostics.push_back({Diagnostic::Level::warning, std::string(k_ledger_section), 0, std::move(message)});
}

void inconsistent(Snapshot& s, const std::string& why) {
  if (!s.valid) return;  // the report's own verdict stays the reason
  s.valid = false;
  s.invalid_reason = "inconsistent report: " + why;
  s.diagnostics.push_back({Diagnostic::Level::warning, std::string(k_ledger_section), 0, s.invalid_reason});
}

std::string minutes(double s) { return fmt::format("{:.2f} min", s / 60); }

// DB CPU as the report gives it: the Time Model's DB CPU, else the Load Profile's DB CPU(s) per second times Elapsed
// (one decimal per second). DB time is never less than it: a DB time below it cannot be the sound figure.
std::optional<double> db_cpu_floor(const Snapshot& s) {
  for (const auto& r : s.time_model)
    if (r.name == "DB CPU" && r.time_s && std::isfinite(*r.time_s)) return *r.time_s;
  if (const auto* lp = s.load_profile_row("db_cpu"); lp != nullptr && lp->per_second && s.interval.elapsed_s)
    return (*lp->per_second - 0.05) * *s.interval.elapsed_s;
  return std::nullopt;
}

// DB time, given up to three times: the header's DB Time (minutes, two decimals), the Time Model's DB time (seconds)
// and the Load Profile's DB Time(s) per second (one decimal) times Elapsed. Two that agree, and are no less than DB
// CPU, outvote a third.
void cross_check_db_time(Snapshot& s) {
  TimeModelRow* tm = nullptr;
  for (auto& r : s.time_model)
    if (r.name == "DB time") tm = &r;
  if (tm == nullptr || !s.interval.db_time_s) return;
  const double header = *s.interval.db_time_s;
  if (!tm->time_s) {  // printed but not readable (a figure cut by its column): the header's stands alone
    warn(s,
         fmt::format("DB time in the Time Model statistics cannot be read: the header's figure ({}) is used", minutes(header)));
    return;
  }
  const double model = *tm->time_s;
  auto agree = [](double a, double b, double rounding) {
    return std::isfinite(a) && std::isfinite(b) &&
           std::fabs(a - b) <= std::max(0.6, 0.01 * std::max(std::fabs(a), std::fabs(b))) + rounding;
  };
  const auto cpu = db_cpu_floor(s);
  // Oracle itself prints DB CPU a little above DB time at times (rounding, some releases' accounting): half of it is
  // no such quirk.
  auto sound = [&](double v) { return !cpu || v >= 0.5 * *cpu - 0.6; };
  if (agree(header, model, 0.3)) {
    if (!sound(header))
      inconsistent(s,
                   fmt::format("DB Time in the header ({}) and in the Time Model statistics ({:.1f} s) are less than DB CPU ({})",
                               minutes(header), model, minutes(*cpu)));
    return;
  }
  std::optional<double> profile;
  if (const auto* lp = s.load_profile_row("db_time"); lp != nullptr && lp->per_second && s.interval.elapsed_s)
    profile = *lp->per_second * *s.interval.elapsed_s;
  const double lp_rounding = 0.05 * s.interval.elapsed_s.value_or(0) + 0.3;
  const std::string both = fmt::format("DB Time in the header ({}) and DB time in the Time Model statistics ({:.1f} s = {})",
                                       minutes(header), model, minutes(model));
  if (profile && agree(*profile, header, lp_rounding) && sound(header)) {
    warn(s, fmt::format("{} disagree; the Load Profile's DB Time(s) per second gives {}: the header's figure is used", both,
                        minutes(*profile)));
    tm->time_s = header;
    return;
  }
  if (profile && agree(*profile, model, lp_rounding) && sound(model)) {
    warn(s, fmt::format("{} disagree; the Load Profile's DB Time(s) per second gives {}: the Time Model's figure is used", both,
                        minutes(*profile)));
    s.interval.db_time_s = model;
    return;
  }
  const std::string below = cpu && (!sound(header) || !sound(model) || (profile && !sound(*profile)))
                                ? fmt::format(" (DB CPU is {})", minutes(*cpu))
                                : std::string();
  inconsistent(s, profile
                      ? fmt::format("{} disagree, and the Load Profile's DB Time(s) per second ({}) sides with no sound one{}",
                                    both, minutes(*profile), below)
                      : fmt::format("{} disagree, and no third figure says which is right{}", both, below));
}

// Elapsed against the begin and end snap times. Where they disagree, the snap times are used when the DB time fits
// them (no more active sessions than sessions); where neither fits, the comparison says so (check_period).
void cross_check_elapsed(Snapshot& s) {
  auto& iv = s.interval;
  if (s.members > 1 || !iv.elapsed_s || *iv.elapsed_s <= 0) return;
  const auto b = printed_seconds(iv.begin_time), e = printed_seconds(iv.end_time);
  if (!b || !e || *e <= *b) return;
  const double wall = *e - *b, elapsed = *iv.elapsed_s;
  if (std::fabs(wall - elapsed) <= std::max(300.0, 0.05 * wall)) return;
  const double sessions =
      s.kind == ReportKind::awr_global ? 0 : std::max(iv.begin_sessions.value_or(0), iv.end_sessions.value_or(0));
  const auto db = s.db_time_s();
  if (db && sessions > 0 && *db / wall > 1.5 * sessions + 1) return;  // neither may fit: check_period decides
  warn(s, fmt::format("Elapsed {:.1f} min but the snap times are {:.1f} min apart (a DST change or a clock step?): "
                      "rates use the snap times",
                      elapsed / 60, wall / 60));
  iv.elapsed_s = wall;
}

// The instance's Startup Time after the period's end snapshot cannot be: the startup is unknown (a restart is never
// inferred from it).
void cross_check_startup(Snapshot& s) {
  const auto start = printed_seconds(s.database.startup_time), end = printed_seconds(s.interval.end_time);
  if (!start || !end || *start <= *end + 60) return;
  warn(s, fmt::format("Startup Time {} is after the period's end snapshot ({}): the startup time is left unknown",
                      s.database.startup_time, s.interval.end_time));
  s.database.startup_time.clear();
}

}  // namespace

void reconcile(Snapshot& s) {
  cross_check_startup(s);
  cross_check_elapsed(s);  // first: the Load Profile's DB time per second is read over the sound elapsed
  cross_check_db_time(s);
}

}  // namespace awrdiff
