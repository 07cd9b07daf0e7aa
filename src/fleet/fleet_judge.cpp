// `awrdiff fleet` (fleet.hpp, docs/fleet.md): each database's periods of the window judged as `check --history` judges
// DB time per second against its own moving window, or taken from the check's stored vote; the page's ranking.
#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/fleet.hpp>
#include <awrdiff/metrics.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace awrdiff {

std::size_t FleetPage::failed() const {
  std::size_t n = silent.size();
  for (const auto& d : troubled) n += d.status == "fail" ? 1 : 0;
  return n;
}

std::size_t FleetPage::warned() const {
  std::size_t n = 0;
  for (const auto& d : troubled) n += d.status == "warn" ? 1 : 0;
  return n;
}

FleetCounts FleetPage::instances() const {
  FleetCounts c;
  c.silent = silent.size();
  c.failed = failed();
  c.warned = warned();
  c.fine = fine.size();
  c.all = troubled.size() + silent.size() + fine.size();
  return c;
}

FleetCounts FleetPage::databases() const {
  struct Worst {
    bool failed = false, silent = false, warned = false;
  };
  std::map<std::pair<std::uint64_t, std::uint64_t>, Worst> dbs;  // (DB Id, container) -> its instances' worst
  auto at = [&](const FleetDatabase& d) -> Worst& { return dbs[{d.latest.dbid, d.latest.con_dbid.value_or(0)}]; };
  for (const auto& d : troubled) {
    at(d).failed |= d.status == "fail";
    at(d).warned |= d.status == "warn";
  }
  for (const auto& d : silent) at(d).failed = at(d).silent = true;
  for (const auto& d : fine) at(d);
  FleetCounts c;
  c.all = dbs.size();
  for (const auto& [id, w] : dbs) {
    c.failed += w.failed ? 1 : 0;
    c.silent += w.silent ? 1 : 0;
    c.warned += !w.failed && w.warned ? 1 : 0;
    c.fine += !w.failed && !w.warned ? 1 : 0;
  }
  return c;
}

std::vector<std::string> fleet_metrics() { return {"db_time_per_s"}; }

const char* match_periods_name(MatchPeriods match) {
  return match == MatchPeriods::all ? "all" : match == MatchPeriods::hour ? "hour" : "weekday-hour";
}

int like_period_key_of_epoch(MatchPeriods match, std::int64_t begin_epoch) {
  if (match == MatchPeriods::all) return 0;
  const std::int64_t day = begin_epoch >= 0 ? begin_epoch / 86400 : (begin_epoch - 86399) / 86400;
  const int hour = static_cast<int>((begin_epoch - day * 86400) / 3600);
  if (match == MatchPeriods::hour) return hour;
  const int weekday = static_cast<int>(((day + 4) % 7 + 7) % 7);  // 1970-01-01 was a Thursday; Sunday is 0
  return weekday * 24 + hour;
}

namespace {

constexpr const char* k_metric = "db_time_per_s";
// The first period after an instance restart is left out of a window when the restart falls inside it or at most
// this long before it began (check --history's rule, docs/history.md).
constexpr std::int64_t k_restart_matters_s = 2 * 3600;

// A period that may stand in the moving window of a later one: `failed` ones (their stored vote failed) only to shield
// a recurring busy hour from the storm rule, as check --history keeps them for it.
struct Usable {
  std::int64_t begin = 0, end = 0;
  double aas = 0;
  int like = 0;  // like_period_key_of_epoch of its begin
  int weekly = 0;  // like_period_key_of_epoch(weekday_hour) of its begin
  bool failed = false;
};

// The periods of `samples` a window may hold (check --history's rule): valid, with DB time per second, not the first
// period after an instance restart; those failed by their stored vote marked.
std::vector<Usable> usable_periods(const std::vector<FleetSeriesRows::Sample>& samples, MatchPeriods match) {
  std::vector<Usable> out;
  out.reserve(samples.size());
  std::optional<std::int64_t> prev_startup;
  for (const auto& r : samples) {
    const bool restarted = r.startup_epoch && r.startup_epoch != prev_startup &&
                           *r.startup_epoch > r.begin_epoch - k_restart_matters_s && *r.startup_epoch <= r.end_epoch;
    if (r.startup_epoch) prev_startup = r.startup_epoch;
    if (!r.valid || restarted || !r.has_value) continue;
    out.push_back({r.begin_epoch, r.end_epoch, r.value, like_period_key_of_epoch(match, r.begin_epoch),
                   like_period_key_of_epoch(MatchPeriods::weekday_hour, r.begin_epoch), r.vote_failed});
  }
  return out;
}

// The figures check_band reads of a window's values (summarize_period_values' median, MAD x 1.4826, mean, sd, extremes),
// without sorting them: a page judges some 24,000 windows of 672 periods.
MetricDistribution window_distribution(std::vector<double>& v) {
  MetricDistribution d;
  d.basis = "periods";
  d.count = v.size();
  const std::size_t n = v.size();
  if (n == 0) return d;
  const auto [lo_it, hi_it] = std::minmax_element(v.begin(), v.end());
  d.min = *lo_it;
  d.max = *hi_it;
  double sum = 0;
  for (double x : v) sum += x;
  const double mean = sum / static_cast<double>(n);
  d.mean = mean;
  if (n >= 2) {
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    d.sd = std::sqrt(ss / static_cast<double>(n - 1));
  }
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(v.begin(), mid, v.end());
  const double median = n % 2 == 1 ? *mid : (*std::max_element(v.begin(), mid) + *mid) / 2;
  d.median = median;
  if (n >= 3) {
    for (double& x : v) x = std::fabs(x - median);
    const double pos = 0.5 * static_cast<double>(n - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lo), v.end());
    const double v_lo = v[lo];
    const double v_hi = lo + 1 < n ? *std::min_element(v.begin() + static_cast<std::ptrdiff_t>(lo) + 1, v.end()) : v_lo;
    d.mad = (v_lo + (v_hi - v_lo) * (pos - static_cast<double>(lo))) * 1.4826;
  }
  return d;
}

// The storm rule (check's storm_pages): `cur` at least 1 AAS and 3x the busiest of `every` (the window's periods of
// every hour) that is no storm itself (3x their median), unless a like period (`like_max`, failed ones included) is
// at least a third as busy: a recurring busy hour.
bool storm(double cur, const std::vector<double>& every, OptDouble like_max) {
  if (every.empty() || cur < k_storm_page_aas || (like_max && cur < k_unlike_multiple * *like_max)) return false;
  std::vector<double> scratch = every;
  const auto mid = scratch.begin() + static_cast<std::ptrdiff_t>(scratch.size() / 2);
  std::nth_element(scratch.begin(), mid, scratch.end());
  const double median = scratch.size() % 2 == 1 ? *mid : (*std::max_element(scratch.begin(), mid) + *mid) / 2;
  double busiest = 0;
  for (double v : every)
    if (v <= k_unlike_multiple * median) busiest = std::max(busiest, v);
  return busiest > 0 && cur >= k_unlike_multiple * busiest;
}

// DB time per second `cur` against the window `values` (check's evaluate for a master metric where higher is worse):
// the status and the band's top.
std::pair<std::string, OptDouble> judge_value(double cur, const std::vector<double>& values, const MetricSpec& spec,
                                              const MetricPolicy& mp, const CheckPolicy& policy) {
  if (values.empty()) return {"insufficient", std::nullopt};
  std::vector<double> scratch = values;
  const MetricDistribution dist = window_distribution(scratch);
  const double median = dist.median.value_or(0);
  double c = median;
  const bool two = dist.count == 2 && dist.min && dist.max;
  const bool between = two && cur >= *dist.min && cur <= *dist.max;
  if (two && !between) c = cur > *dist.max ? *dist.max : *dist.min;
  const MetricSpec floors{spec.key, spec.display, spec.unit, mp.direction, mp.abs_floor, mp.rel_floor_pct, mp.points};
  const bool material = assess(floors, c, cur).material();
  bool out = false;
  std::optional<double> z;
  OptDouble high;
  if (const auto band = check_band(dist, mp, policy)) {
    z = (cur - c) / band->spread;
    out = std::fabs(*z) >= mp.warn_z;
    high = band->high;
  } else {
    out = material && !between;
    high = two ? *dist.max : c;
  }
  std::string status = "ok";
  if (out && material && cur > c) {
    const double rel = c != 0 ? (cur - c) / std::fabs(c) * 100 : 1e300;
    status = mp.fail_z && (z ? std::fabs(*z) >= *mp.fail_z : true) && rel >= mp.fail_rel_pct ? "fail" : "warn";
  } else if (out && material && cur < c) {
    status = "improved";
  }
  if (mp.warn_above && cur > *mp.warn_above && status != "fail") status = "warn";
  if (mp.fail_above && cur > *mp.fail_above) status = "fail";
  return {status, high};
}

// The points of one series in the window, judged.
FleetDatabase judge_series(const FleetSeriesRows& s, const FleetOptions& o, const MetricSpec& spec, const MetricPolicy& mp) {
  FleetDatabase db;
  db.latest = s.latest;
  db.label = s.latest.series_label();
  db.match = o.match;
  for (const MatchPeriods m : {MatchPeriods::all, MatchPeriods::hour, MatchPeriods::weekday_hour})
    if (s.vote_match == match_periods_name(m)) {
      db.match = m;
      db.match_voted = true;
    }
  const std::vector<Usable> usable = usable_periods(s.samples, db.match);
  std::size_t lo = 0;
  std::vector<double> values, every, weekly, recent;
  for (const auto& r : s.rows) {
    if (!r.begin_epoch || *r.begin_epoch < o.from_epoch || *r.begin_epoch > o.to_epoch) continue;
    FleetPoint p;
    p.begin_time = r.period.begin_time;
    p.end_time = r.period.end_time;
    p.begin_epoch = *r.begin_epoch;
    p.end_epoch = r.end_epoch.value_or(p.begin_epoch);
    p.source = r.period.source;
    if (const auto v = r.values.find(k_metric); v != r.values.end()) p.aas = v->second;
    const std::int64_t b = p.begin_epoch;
    while (lo < usable.size() && usable[lo].begin < b - o.window_s) ++lo;
    values.clear();
    every.clear();
    weekly.clear();
    recent.clear();
    OptDouble like_max;  // the busiest like period, a failed one included (the storm rule's recurring busy hour)
    const int key = like_period_key_of_epoch(db.match, b), week_key = like_period_key_of_epoch(MatchPeriods::weekday_hour, b);
    for (std::size_t j = lo; j < usable.size() && usable[j].begin < b; ++j) {
      const Usable& u = usable[j];
      if (u.end > b) continue;
      if (u.like == key) like_max = std::max(like_max.value_or(u.aas), u.aas);
      if (u.weekly == week_key) weekly.push_back(u.aas);  // failed ones kept (check --history's weekly busy hour)
      else if (u.like == key && u.begin >= b - 7 * 86400) recent.push_back(u.aas);  // the other days of its last week
      if (u.failed) continue;
      every.push_back(u.aas);
      if (u.like == key) values.push_back(u.aas);
    }
    if (!r.period.valid) {
      p.status = "invalid";
    } else if (p.aas && storm(*p.aas, every, db.match == MatchPeriods::all ? std::nullopt : like_max)) {
      // A storm beyond every stored period pages whatever its like periods say, judged against every hour's.
      p.status = "fail";
      p.band_high = judge_value(*p.aas, every, spec, mp, o.policy).second;
    } else if (p.aas) {
      auto [status, high] = judge_value(*p.aas, values, spec, mp, o.policy);
      if (status == "fail" && db.match == MatchPeriods::hour && !weekly.empty() && !recent.empty() &&
          judge_value(*p.aas, recent, spec, mp, o.policy).first != "ok" &&
          judge_value(*p.aas, recent, spec, mp, o.policy).first != "improved")
        if (auto week = judge_value(*p.aas, weekly, spec, mp, o.policy); week.first != "fail") {
          // A weekly busy hour (a weekend's job): beyond the other days of its last week at that hour (no level since
          // then), not beyond the same hour of the same weekday of the earlier weeks.
          status = std::move(week.first);
          high = week.second;
        }
      p.status = std::move(status);
      p.band_high = high;
    } else {
      p.status = "insufficient";
    }
    if (!r.vote.empty() && r.period.valid) {  // the check's own vote: what cron paged on
      p.status = r.vote;
      p.voted = true;
      ++db.voted;
    }
    if (p.aas && p.band_high && *p.aas > *p.band_high && (p.status == "fail" || p.status == "warn"))
      p.lost_s = (*p.aas - *p.band_high) * r.period.elapsed_s.value_or(static_cast<double>(p.end_epoch - p.begin_epoch));
    db.lost_s += p.lost_s;
    db.failed += p.status == "fail" ? 1 : 0;
    db.warned += p.status == "warn" ? 1 : 0;
    db.points.push_back(std::move(p));
  }
  db.status = db.failed > 0 ? "fail" : db.warned > 0 ? "warn" : "ok";
  for (std::size_t i = 0; i < db.points.size(); ++i) {
    const auto& p = db.points[i];
    if ((p.status != "fail" && p.status != "warn") || !p.aas) continue;
    if (db.since.empty()) db.since = p.begin_time;
    if (!db.peak) {
      db.peak = i;
      continue;
    }
    const auto& best = db.points[*db.peak];
    if ((p.status == "fail" && best.status != "fail") || (p.status == best.status && *p.aas > best.aas.value_or(0))) db.peak = i;
  }
  return db;
}

}  // namespace

FleetPage judge_fleet(const std::vector<FleetSeriesRows>& series, const FleetOptions& options) {
  FleetPage page;
  page.from_epoch = options.from_epoch;
  page.to_epoch = options.to_epoch;
  page.from = epoch_iso(options.from_epoch);
  page.to = epoch_iso(options.to_epoch);
  page.location = options.location;
  page.silent_s = options.silent_s;
  page.match = options.match;
  const MetricSpec* spec = find_metric(k_metric);
  const auto mp_it = options.policy.metrics.find(k_metric);
  const MetricPolicy mp = mp_it != options.policy.metrics.end() ? mp_it->second : MetricPolicy{};
  for (const auto& s : series) {
    FleetDatabase db = judge_series(s, options, *spec, mp);
    const bool silent = !s.latest_end_epoch || *s.latest_end_epoch <= options.to_epoch - options.silent_s;
    if (silent) {
      db.status = "silent";
      page.silent.push_back(std::move(db));
    } else if (db.status == "fail" || db.status == "warn") {
      page.troubled.push_back(std::move(db));
    } else {
      page.fine.push_back(std::move(db));
    }
  }
  std::stable_sort(page.troubled.begin(), page.troubled.end(), [](const FleetDatabase& a, const FleetDatabase& b) {
    return std::make_tuple(-a.lost_s, a.status != "fail", a.label) < std::make_tuple(-b.lost_s, b.status != "fail", b.label);
  });
  std::stable_sort(page.silent.begin(), page.silent.end(), [](const FleetDatabase& a, const FleetDatabase& b) {
    return std::make_tuple(b.latest.end_time, a.label) < std::make_tuple(a.latest.end_time, b.label);
  });
  std::stable_sort(page.fine.begin(), page.fine.end(),
                   [](const FleetDatabase& a, const FleetDatabase& b) { return a.label < b.label; });
  auto shown = [](std::string t) {
    t = t.substr(0, 16);
    if (t.size() > 10) t[10] = ' ';
    return t;
  };
  const std::string window = fmt::format("{} .. {}", shown(page.from), shown(page.to));
  const FleetCounts dbs = page.databases(), inst = page.instances();
  auto counts = [](const FleetCounts& c, const char* what) {
    if (c.failed == 0 && c.warned == 0) return fmt::format("{} {}{} fine", c.all, what, c.all == 1 ? "" : "s");
    return fmt::format("{} of {} {}{} failed{}, {} warned, {} fine", c.failed, c.all, what, c.all == 1 ? "" : "s",
                       c.silent == 0 ? std::string() : fmt::format(" ({} silent)", c.silent), c.warned, c.fine);
  };
  page.headline = fmt::format("{}: {}", page.failed() > 0 ? "FAIL" : page.warned() > 0 ? "WARN" : "OK", counts(dbs, "database"));
  // A RAC database is one database of several instances: where they differ, the instances are counted too.
  if (inst.all != dbs.all) page.headline += fmt::format(" ({})", counts(inst, "instance"));
  page.headline += "; " + window;
  return page;
}

}  // namespace awrdiff
