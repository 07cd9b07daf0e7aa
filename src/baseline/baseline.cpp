// Baselines: built from report snapshots or Oracle metric dumps, saved and loaded as versioned JSON,
// and summarised per metric for `check` (include/awrdiff/baseline.hpp).
#include <awrdiff/baseline.hpp>
#include <awrdiff/merge.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/stats.hpp>
#include <awrdiff/time.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "baseline/baseline_checks.hpp"
#include "support/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>
#include <tuple>

namespace awrdiff {

namespace {

using detail::lower;  // support/text.hpp

// Units compare without case and spaces: "Bytes Per Second" = "bytes per second".
bool same_unit(std::string_view a, std::string_view b) {
  std::string x, y;
  for (char c : a)
    if (!std::isspace(static_cast<unsigned char>(c))) x.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  for (char c : b)
    if (!std::isspace(static_cast<unsigned char>(c))) y.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return x == y;
}

struct TimeParts {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
};
std::optional<TimeParts> parse_iso(std::string_view iso) {
  TimeParts t;
  if (iso.size() < 13) return std::nullopt;
  if (std::sscanf(std::string(iso).c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &t.year, &t.month, &t.day, &t.hour, &t.minute, &t.second) <
      4)
    return std::nullopt;
  return t;
}
// 0 = Sunday .. 6 = Saturday.
std::optional<int> weekday_of(std::string_view iso) {
  auto t = parse_iso(iso);
  if (!t) return std::nullopt;
  const long days = days_from_civil(t->year, t->month, t->day);
  return static_cast<int>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
}
std::optional<int> hour_of(std::string_view iso) {
  auto t = parse_iso(iso);
  if (!t) return std::nullopt;
  return t->hour;
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return 0;
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

bool instance_matches(const std::optional<int>& have, const std::optional<int>& want, const Baseline& b) {
  if (have == want) return true;
  // A single-instance database: the instance and the whole database are the same thing.
  if (b.instances.size() <= 1 && (!have || !want)) return true;
  return false;
}

}  // namespace

std::optional<int> report_instance(const Snapshot& s) {
  if (s.kind == ReportKind::awr_global) return std::nullopt;
  return s.database.instance_number;
}

MetricRange metric_range(const MetricSpec& spec) {
  if (spec.unit == "AAS" || spec.unit == "s/s") return {0, 1e6};
  if (spec.points) return {0, 1000};
  return {};
}

namespace detail {

// A time as a baseline keeps it: ISO 8601 "2025-03-14T14:00:03", or a date alone "2025-03-14" (a spool's
// DD-MON-RR), each field in its range.
bool valid_iso_time(std::string_view t) {
  auto digits = [&](std::size_t at, std::size_t n, int lo, int hi) {
    if (at + n > t.size()) return false;
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (t[i] < '0' || t[i] > '9') return false;
      v = v * 10 + (t[i] - '0');
    }
    return v >= lo && v <= hi;
  };
  if (t.size() != 10 && t.size() != 19) return false;
  if (!digits(0, 4, 1900, 2999) || t[4] != '-' || !digits(5, 2, 1, 12) || t[7] != '-' || !digits(8, 2, 1, 31)) return false;
  if (t.size() == 10) return true;
  return t[10] == 'T' && digits(11, 2, 0, 23) && t[13] == ':' && digits(14, 2, 0, 59) && t[16] == ':' && digits(17, 2, 0, 59);
}

// Why a period's times cannot be those of a period, or empty: elapsed 0 or less, a time that is none, begin after end.
std::string period_time_problem(const std::string& begin, const std::string& end, const OptDouble& elapsed_s) {
  if (elapsed_s && !(*elapsed_s > 0)) return fmt::format("its length is {:g} s", *elapsed_s);
  if (!begin.empty() && !valid_iso_time(begin)) return fmt::format("its begin time '{}' is not a time", begin);
  if (!end.empty() && !valid_iso_time(end)) return fmt::format("its end time '{}' is not a time", end);
  if (!begin.empty() && !end.empty() && begin > end) return fmt::format("it begins ({}) after it ends ({})", begin, end);
  return "";
}

// "1e+27 is above the range of DB time per second (0 to 1,000,000 AAS)", or empty when `v` is within it.
std::string out_of_range(const MetricSpec& spec, double v) {
  const auto r = metric_range(spec);
  if (std::isfinite(v) && v >= r.low && v <= r.high) return "";
  return fmt::format("{:g} {} is outside the range of {} ({:g} to {:g} {})", v, spec.unit, spec.display, r.low, r.high,
                     spec.unit);
}

}  // namespace detail

using detail::out_of_range;
using detail::period_time_problem;

namespace detail {
MetricDistribution summarize_period_values(std::vector<double> values) {
  MetricDistribution d;
  d.basis = "periods";
  d.count = values.size();
  if (values.empty()) return d;
  // One sort; every figure as summarize() and quantile() give it from their own sorted copies.
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  auto at = [&](const std::vector<double>& v, double q) {
    const double pos = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
  };
  const double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(n);
  d.median = median;
  d.mean = mean;
  d.min = values.front();
  d.max = values.back();
  if (n >= 2) {
    double ss = 0;
    for (double x : values) ss += (x - mean) * (x - mean);
    d.sd = std::sqrt(ss / static_cast<double>(n - 1));
  }
  if (n >= 3) {
    std::vector<double> dev;
    dev.reserve(n);
    for (double v : values) dev.push_back(std::fabs(v - median));
    // The median deviation: its two order statistics, without sorting all of them.
    const double pos = 0.5 * static_cast<double>(n - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    std::nth_element(dev.begin(), dev.begin() + static_cast<std::ptrdiff_t>(lo), dev.end());
    const double v_lo = dev[lo];
    const double v_hi = lo + 1 < n ? *std::min_element(dev.begin() + static_cast<std::ptrdiff_t>(lo) + 1, dev.end()) : v_lo;
    d.mad = (v_lo + (v_hi - v_lo) * (pos - static_cast<double>(lo))) * 1.4826;
  }
  if (n >= 5)
    for (int p : {5, 25, 75, 95}) d.percentiles.emplace_back(p, at(values, p / 100.0));
  return d;
}
}  // namespace detail

std::string iso_time(std::string_view printed) {
  std::string p(printed);
  int d = 0, y = 0, hh = 0, mm = 0, ss = 0;
  char mon[4] = {};
  // "22-Dec-23 01:30:13", "22-Dec-2023 01:30", "22-DEC-23"
  int n = std::sscanf(p.c_str(), "%2d-%3[A-Za-z]-%4d %2d:%2d:%2d", &d, mon, &y, &hh, &mm, &ss);
  if (n >= 3) {
    const int month = month_number(mon);
    if (month == 0 || d < 1 || d > 31) return "";
    if (y < 100) y += y < 70 ? 2000 : 1900;
    return fmt::format("{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}", y, month, d, hh, mm, ss);
  }
  // "2025-03-03 09:00:12", "2025-03-03T09:00"
  int mo = 0;
  hh = mm = ss = 0;
  n = std::sscanf(p.c_str(), "%4d-%2d-%2d%*1[ T]%2d:%2d:%2d", &y, &mo, &d, &hh, &mm, &ss);
  if (n >= 3 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31)
    return fmt::format("{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}", y, mo, d, hh, mm, ss);
  return "";
}

Snapshot typical_period(const Baseline& b) {
  if (b.snapshots.empty()) throw Error("", "the baseline has no report snapshots");
  Snapshot t = merge_snapshots(b.snapshots);
  if (b.snapshots.size() > 1) {
    t.interval.begin_snap.reset();
    t.interval.end_snap.reset();
    t.interval.begin_time.clear();
    t.interval.end_time.clear();
  }
  return t;
}

namespace {
std::string upper_trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

namespace {
// A platform name as compared: lower case, letters and digits only ("Microsoft_Windows_x86_64-bit" and
// "Microsoft Windows x86 64-bit" are one platform).
std::string platform_key(std::string_view p) {
  std::string out;
  for (const char c : p)
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string rac_words(bool rac) { return rac ? "a RAC database" : "a single instance"; }
}  // namespace

DatabaseIdentity identity_of(const Snapshot& s) {
  DatabaseIdentity id{s.database.dbid, s.database.name, s.database.release, s.database.platform, s.database.rac};
  if (!id.rac && s.database.instances && *s.database.instances > 1) id.rac = true;
  return id;
}

DatabaseIdentity identity_of(const Baseline& b) { return {b.dbid, b.db_name, b.release, b.platform, b.rac}; }

std::string confirm_same_database(const DatabaseIdentity& item, const DatabaseIdentity& ref, const std::string& source,
                                  std::string_view ref_label, bool name_suffices) {
  const std::string name = upper_trimmed(item.name), ref_name = upper_trimmed(ref.name);
  if (item.dbid && ref.dbid) {
    if (*item.dbid != *ref.dbid)
      throw Error(source, fmt::format("DB Id {} is not {}'s ({}DB Id {}): another database", *item.dbid, ref_label,
                                      ref_name.empty() ? "" : ref_name + " ", *ref.dbid));
    return "";
  }
  const std::string no_id = !item.dbid && !ref.dbid ? "neither gives a DB Id"
                            : !item.dbid            ? "this report gives no DB Id"
                                                    : fmt::format("{} gives no DB Id", ref_label);
  if (!name.empty() && !ref_name.empty()) {
    if (name != ref_name)
      throw Error(source, fmt::format("DB name {} is not {}'s ({}), and {}: another database", name, ref_label, ref_name, no_id));
    auto major = [](std::string_view r) { return std::string(r.substr(0, r.find('.'))); };
    if (!item.release.empty() && !ref.release.empty() && major(item.release) != major(ref.release))
      throw Error(source, fmt::format("DB name {} is {}'s, but release {} is not its {}, and {}: another database of that "
                                      "name, or one upgraded since, which that baseline no longer describes",
                                      name, ref_label, item.release, ref.release, no_id));
    // A name is not an identity (every laptop's database is ORCL): the platform and RAC-ness must agree too.
    std::vector<std::string> differs, unknown, agrees;
    if (!item.platform.empty() && !ref.platform.empty()) {
      if (platform_key(item.platform) != platform_key(ref.platform))
        differs.push_back(fmt::format("platform {} is not {}", item.platform, ref.platform));
      else agrees.push_back("platform " + ref.platform);
    } else {
      unknown.push_back(item.platform.empty() && ref.platform.empty() ? "neither gives a platform"
                        : item.platform.empty()                       ? "this one gives no platform"
                                                                      : fmt::format("{} gives no platform", ref_label));
    }
    if (item.rac && ref.rac) {
      if (*item.rac != *ref.rac) differs.push_back(fmt::format("{} is not {}", rac_words(*item.rac), rac_words(*ref.rac)));
      else agrees.push_back(*ref.rac ? "RAC" : "single instance");
    } else {
      unknown.push_back(!item.rac && !ref.rac ? "neither says RAC or single instance"
                        : !item.rac           ? "this one does not say RAC or single instance"
                                              : fmt::format("{} does not say RAC or single instance", ref_label));
    }
    if (!differs.empty() && !name_suffices)
      throw Error(source, fmt::format("DB name {} is {}'s, but {}, and {}: another database of that name (a name is not an "
                                      "identity; --assume-same-database checks against it anyway)",
                                      name, ref_label, fmt::join(differs, " and "), no_id));
    if (!unknown.empty() && !name_suffices)
      throw Error(source, fmt::format("DB name {} is {}'s, but {}, and {}: only the name matches, which is no identity "
                                      "(--assume-same-database checks against it anyway)",
                                      name, ref_label, fmt::join(unknown, " and "), no_id));
    if (name_suffices && (!differs.empty() || !unknown.empty())) {
      differs.insert(differs.end(), unknown.begin(), unknown.end());
      return fmt::format("no DB Id ({}): matched by DB name {} alone (--assume-same-database), though {}", no_id, name,
                         fmt::join(differs, " and "));
    }
    return fmt::format("no DB Id ({}): matched by DB name {}, {}", no_id, name, fmt::join(agrees, ", "));
  }
  const std::string no_name = name.empty() && ref_name.empty() ? "neither gives a DB name"
                              : name.empty()                   ? "this one gives no DB name"
                                                               : fmt::format("{} gives no DB name", ref_label);
  throw Error(source, fmt::format("cannot confirm it is the same database as {}: {}, and {}", ref_label, no_id, no_name));
}

namespace {

// "snaps 4410-4411 of ORCL19", "2025-03-14T14:00:03 .. 2025-03-14T14:10:03 of ORCL19, instance 2".
std::string period_words(const Baseline& b, const BaselinePeriod& p) {
  std::string s = p.begin_snap && p.end_snap ? fmt::format("snaps {}-{}", *p.begin_snap, *p.end_snap)
                                             : fmt::format("{} .. {}", p.begin_time, p.end_time);
  if (!b.db_name.empty()) s += " of " + b.db_name;
  if (p.instance_number && b.instances.size() > 1) s += fmt::format(", instance {}", *p.instance_number);
  return s;
}

std::string describe_duplicate(const Baseline& b, const BaselinePeriod& dropped, const BaselinePeriod& kept) {
  if (dropped.source == kept.source)
    return fmt::format("{}: the same period given twice ({}): kept once", dropped.source, period_words(b, kept));
  return fmt::format("{}: the same period as {} ({}): kept once", dropped.source, kept.source, period_words(b, kept));
}

}  // namespace

std::vector<std::string> overlapping_periods(const Baseline& b, std::size_t limit) {
  // Per instance and kind of range (snap ids, else times): sorted by begin, each period against the later
  // ones that begin before it ends.
  struct Range {
    std::string group;
    std::string begin, end;  // snap ids zero-padded, or ISO times: compared as strings
    const BaselinePeriod* p;
  };
  std::vector<Range> ranges;
  for (const auto& p : b.periods) {
    const std::string inst = p.instance_number ? std::to_string(*p.instance_number) : "-";
    if (p.begin_snap && p.end_snap)
      ranges.push_back({inst + "|s", fmt::format("{:020}", *p.begin_snap), fmt::format("{:020}", *p.end_snap), &p});
    else if (!p.begin_time.empty() && !p.end_time.empty()) ranges.push_back({inst + "|t", p.begin_time, p.end_time, &p});
  }
  std::stable_sort(ranges.begin(), ranges.end(), [](const Range& x, const Range& y) {
    return std::tie(x.group, x.begin, x.end) < std::tie(y.group, y.begin, y.end);
  });
  std::vector<std::string> out;
  std::size_t more = 0;
  for (std::size_t i = 0; i < ranges.size(); ++i)
    for (std::size_t j = i + 1; j < ranges.size() && ranges[j].group == ranges[i].group && ranges[j].begin < ranges[i].end; ++j) {
      if (ranges[j].begin == ranges[i].begin && ranges[j].end == ranges[i].end) continue;  // the same period
      if (out.size() >= limit) {
        ++more;
        continue;
      }
      const auto& a = *ranges[i].p;
      const auto& c = *ranges[j].p;
      out.push_back(fmt::format("{} ({}) and {} ({}) overlap: a baseline's periods should be distinct samples; both kept",
                                a.source, period_words(b, a), c.source, period_words(b, c)));
    }
  if (more > 0) out.push_back(fmt::format("{} more overlapping pair{} of periods", more, more == 1 ? "" : "s"));
  return out;
}

// A period's DB time per second is at most the sessions it had busy throughout. The session count is the snapshots'
// (it may peak in between: 10 times it is allowed), and a source without one is bounded by the host's CPUs (100
// active sessions per CPU: a pile-up of sessions waiting on a lock, never a million on 8 CPUs). A cluster-wide
// period of a RAC database has every instance's CPUs.
constexpr double k_aas_per_session = 10;
constexpr double k_aas_per_cpu = 100;

namespace {

// Why period `p` of `b` cannot be a period of its host, or empty: a value outside its metric's range (a store
// edited by hand), or a DB time per second beyond its sessions and CPUs.
std::string impossible_period(const Baseline& b, const BaselinePeriod& p) {
  for (const auto& [key, v] : p.values)
    if (const MetricSpec* spec = find_metric(key))
      if (auto why = out_of_range(*spec, v); !why.empty()) return why;
  const auto aas = p.values.find("db_time_per_s");
  if (aas == p.values.end()) return "";
  double limit = 0;
  std::vector<std::string> host;
  if (const auto sessions = p.values.find("sessions"); sessions != p.values.end() && sessions->second > 0) {
    limit = k_aas_per_session * sessions->second;
    host.push_back(fmt::format("{:g} sessions", sessions->second));
  }
  if (b.cpus && *b.cpus > 0) {
    const double cpus = *b.cpus * (p.instance_number ? 1.0 : static_cast<double>(std::max<std::size_t>(1, b.instances.size())));
    limit = std::max(limit, k_aas_per_cpu * cpus);
    host.push_back(fmt::format("{:g} CPUs", cpus));
  }
  if (limit <= 0 || aas->second <= limit) return "";
  return fmt::format("DB time per second {:g} AAS is beyond what its host can do ({}: at most {:g} AAS)", aas->second,
                     fmt::join(host, ", "), limit);
}

}  // namespace

std::size_t leave_out_impossible_periods(Baseline& b) {
  std::size_t n = 0;
  for (auto& p : b.periods) {
    if (!p.valid) continue;
    if (const std::string why = impossible_period(b, p); !why.empty()) {
      p.valid = false;
      ++n;
      b.notes.push_back(
          fmt::format("{}: {}: left out of the baseline", p.source.empty() ? std::string("a period") : p.source, why));
    }
  }
  // A dump's aggregates (SELECT_BASELINE_METRIC, per hour of the day): bounded by the Session Count aggregate of
  // the same hour and instance, and by the CPUs.
  const double cpus = b.cpus && *b.cpus > 0 ? *b.cpus * static_cast<double>(std::max<std::size_t>(1, b.instances.size())) : 0;
  auto centre = [](const BaselineAggregate& a) { return a.distribution.median ? a.distribution.median : a.distribution.mean; };
  std::map<std::pair<std::optional<int>, std::optional<int>>, double> sessions;
  for (const auto& a : b.aggregates)
    if (const auto c = centre(a); a.key == "sessions" && c && *c > 0) sessions[{a.hour_of_day, a.instance_number}] = *c;
  std::erase_if(b.aggregates, [&](const BaselineAggregate& a) {
    const auto c = centre(a);
    if (a.key != "db_time_per_s" || !c) return false;
    double limit = k_aas_per_cpu * cpus;
    std::vector<std::string> host;
    if (const auto it = sessions.find({a.hour_of_day, a.instance_number}); it != sessions.end()) {
      limit = std::max(limit, k_aas_per_session * it->second);
      host.push_back(fmt::format("{:g} sessions", it->second));
    }
    if (cpus > 0) host.push_back(fmt::format("{:g} CPUs", cpus));
    if (limit <= 0 || *c <= limit) return false;
    ++n;
    b.notes.push_back(fmt::format(
        "the DB time per second of {} ({:g} AAS) is beyond what its host can do ({}: at most {:g} "
        "AAS): left out of the baseline",
        a.hour_of_day ? fmt::format("hour {}", *a.hour_of_day) : std::string("the dump"), *c, fmt::join(host, ", "), limit));
    return true;
  });
  return n;
}

std::size_t drop_duplicate_periods(Baseline& b) {
  // Key: instance and snap ids, else instance and times. A period with neither is never a duplicate.
  auto key_of = [](const BaselinePeriod& p) -> std::optional<std::string> {
    const int inst = p.instance_number.value_or(0);
    if (p.begin_snap && p.end_snap) return fmt::format("{}|s|{}|{}", inst, *p.begin_snap, *p.end_snap);
    if (!p.begin_time.empty() && !p.end_time.empty()) return fmt::format("{}|t|{}|{}", inst, p.begin_time, p.end_time);
    return std::nullopt;
  };
  auto html = [](const std::string& f) {
    const auto l = lower(f);
    return l.ends_with(".html") || l.ends_with(".htm") || l.ends_with(".html.gz") || l.ends_with(".htm.gz");
  };
  auto better = [&](const BaselinePeriod& x, const BaselinePeriod& y) {  // x preferred to y
    if (x.values.size() != y.values.size()) return x.values.size() > y.values.size();
    return html(x.source) && !html(y.source);
  };
  std::map<std::string, std::size_t> first;
  std::vector<bool> drop(b.periods.size(), false);
  std::vector<const BaselinePeriod*> dropped;
  for (std::size_t i = 0; i < b.periods.size(); ++i) {
    const auto k = key_of(b.periods[i]);
    if (!k) continue;
    auto [it, fresh] = first.emplace(*k, i);
    if (fresh) continue;
    const std::size_t kept_i = better(b.periods[i], b.periods[it->second]) ? i : it->second;
    const std::size_t dropped_i = kept_i == i ? it->second : i;
    drop[dropped_i] = true;
    it->second = kept_i;
    b.duplicates.push_back(describe_duplicate(b, b.periods[dropped_i], b.periods[kept_i]));
  }
  std::size_t n = 0;
  std::vector<BaselinePeriod> kept;
  std::set<std::string> kept_sources;
  std::vector<BaselinePeriod> gone;
  for (std::size_t i = 0; i < b.periods.size(); ++i) {
    if (drop[i]) {
      ++n;
      gone.push_back(std::move(b.periods[i]));
    } else {
      kept_sources.insert(b.periods[i].source);
      kept.push_back(std::move(b.periods[i]));
    }
  }
  b.periods = std::move(kept);
  if (n == 0) return 0;
  // A dropped period's snapshot goes with it (the same file and snaps, unless the file still gives a kept period).
  std::vector<bool> snap_drop(b.snapshots.size(), false);
  std::set<std::string> snap_seen;
  for (std::size_t i = 0; i < b.snapshots.size(); ++i) {
    const auto& s = b.snapshots[i];
    const BaselinePeriod p = [&] {
      BaselinePeriod q;
      q.begin_snap = s.interval.begin_snap;
      q.end_snap = s.interval.end_snap;
      q.begin_time = iso_time(s.interval.begin_time);
      q.end_time = iso_time(s.interval.end_time);
      q.instance_number = report_instance(s);
      return q;
    }();
    const auto k = key_of(p);
    const bool source_gone =
        std::any_of(gone.begin(), gone.end(), [&](const BaselinePeriod& g) { return g.source == s.source && key_of(g) == k; });
    if (k && !snap_seen.insert(*k).second) snap_drop[i] = true;
    else if (source_gone && kept_sources.count(s.source) == 0) snap_drop[i] = true;
  }
  std::vector<Snapshot> snaps;
  for (std::size_t i = 0; i < b.snapshots.size(); ++i)
    if (!snap_drop[i]) snaps.push_back(std::move(b.snapshots[i]));
  // Every dropped snapshot may leave a kept period without its snapshot (a dump's period kept): harmless,
  // the typical period is the remaining reports merged.
  b.snapshots = std::move(snaps);
  std::erase_if(b.sources, [&](const std::string& f) {
    return kept_sources.count(f) == 0 &&
           std::any_of(gone.begin(), gone.end(), [&](const BaselinePeriod& g) { return g.source == f; });
  });
  // One note for the baseline, however many merges found them.
  std::size_t total = n;
  constexpr std::string_view k_dup = " dropped (the same instance and snapshots given more than once)";
  for (auto it = b.notes.begin(); it != b.notes.end(); ++it)
    if (it->ends_with(k_dup)) {
      total += std::strtoul(it->c_str(), nullptr, 10);
      b.notes.erase(it);
      break;
    }
  b.notes.push_back(fmt::format("{} duplicate period{}{}", total, total == 1 ? "" : "s", k_dup));
  return n;
}

BaselinePeriod period_of(const Snapshot& s) {
  BaselinePeriod p;
  p.source = s.source;
  p.begin_snap = s.interval.begin_snap;
  p.end_snap = s.interval.end_snap;
  p.begin_time = iso_time(s.interval.begin_time);
  p.end_time = iso_time(s.interval.end_time);
  p.elapsed_s = s.interval.elapsed_s;
  p.instance_number = report_instance(s);
  p.valid = s.valid && s.timings_valid;
  for (const auto& m : all_metrics()) {
    if (!m.checked || m.family) continue;
    if (auto v = metric_value(s, m.key); v && std::isfinite(*v)) p.values.emplace(std::string(m.key), *v);
  }
  return p;
}

Baseline baseline_from_snapshots(std::vector<Snapshot> snapshots, bool name_suffices) {
  if (snapshots.empty()) throw Error("", "an empty baseline: give at least one report");
  Baseline b;
  b.source_kind = "reports";
  const Snapshot& first = snapshots.front();
  b.db_name = first.database.name;
  b.dbid = first.database.dbid;
  b.release = first.database.release;
  b.cpus = first.database.cpus;
  b.host = first.database.host;
  b.platform = first.database.platform;
  b.rac = identity_of(first).rac;
  std::set<int> instances;
  std::set<std::string> name_notes;
  for (std::size_t i = 1; i < snapshots.size(); ++i) {
    const auto& s = snapshots[i];
    const std::string note = confirm_same_database(identity_of(s), identity_of(b), s.source, first.source, name_suffices);
    if (!note.empty()) name_notes.insert(note);
    if (!b.dbid) b.dbid = s.database.dbid;
    if (b.db_name.empty()) b.db_name = s.database.name;
    if (b.platform.empty()) b.platform = s.database.platform;
    if (!b.rac) b.rac = identity_of(s).rac;
  }
  for (const auto& n : name_notes) b.notes.push_back(n);
  for (const auto& s : snapshots) {
    if (auto i = report_instance(s)) instances.insert(*i);
    b.sources.push_back(s.source);
    b.periods.push_back(period_of(s));
    // A time the report prints that cannot be read is no time (iso_time gives it empty).
    auto why = period_time_problem(b.periods.back().begin_time, b.periods.back().end_time, b.periods.back().elapsed_s);
    if (why.empty() && !s.interval.begin_time.empty() && b.periods.back().begin_time.empty())
      why = fmt::format("its begin time '{}' is not a time", s.interval.begin_time);
    if (why.empty() && !s.interval.end_time.empty() && b.periods.back().end_time.empty())
      why = fmt::format("its end time '{}' is not a time", s.interval.end_time);
    if (!why.empty() && b.periods.back().valid) {
      b.periods.back().valid = false;
      b.notes.push_back(fmt::format("{}: {}: left out of the baseline", s.source, why));
    } else if (!b.periods.back().valid)
      b.notes.push_back(fmt::format("{}: {}: left out of the baseline", s.source,
                                    s.invalid_reason.empty() ? std::string("timings invalid") : s.invalid_reason));
  }
  b.instances.assign(instances.begin(), instances.end());
  b.snapshots = std::move(snapshots);
  drop_duplicate_periods(b);
  leave_out_impossible_periods(b);
  std::stable_sort(b.periods.begin(), b.periods.end(),
                   [](const BaselinePeriod& x, const BaselinePeriod& y) { return x.begin_time < y.begin_time; });
  b.name = b.snapshots.size() == 1 ? b.snapshots.front().source : fmt::format("{} reports of {}", b.snapshots.size(), b.db_name);
  return b;
}

namespace {

// Why a row of a dump is dropped, or empty: a figure out of the metric's range (scaled by `f` to the registry's
// unit), or the times of no period.
std::string dump_row_problem(const MetricSpec& spec, const SysmetricRow& r, double f) {
  std::string problem;
  const std::array<std::pair<const char*, OptDouble>, 6> figures{{{"average", r.average},
                                                                  {"minimum", r.minimum},
                                                                  {"maximum", r.maximum},
                                                                  {"median", r.median},
                                                                  {"mode", r.mode},
                                                                  {"standard deviation", r.standard_deviation}}};
  for (const auto& [what, v] : figures)
    if (v && problem.empty())
      if (auto why = out_of_range(spec, *v * f); !why.empty()) problem = fmt::format("{} {}", what, why);
  for (const auto& [nn, v] : r.percentiles)
    if (problem.empty())
      if (auto why = out_of_range(spec, v * f); !why.empty()) problem = fmt::format("PERC{} {}", nn, why);
  if (problem.empty() && !r.hour_of_day) {
    problem = period_time_problem(r.begin_time, r.end_time, r.interval_s);
    if (!problem.empty()) problem = "the period: " + problem;
  }
  return problem;
}

// Minutes between two ISO times of one period's instances; empty when either is no time.
std::optional<double> minutes_apart(const std::string& a, const std::string& b) {
  const auto x = parse_iso(a), y = parse_iso(b);
  if (!x || !y) return std::nullopt;
  auto at = [](const TimeParts& t) {
    return static_cast<double>(days_from_civil(t.year, t.month, t.day)) * 1440 + t.hour * 60 + t.minute + t.second / 60.0;
  };
  return std::fabs(at(*x) - at(*y));
}

// A RAC dump: the cluster's figure per period, rates summed and ratios averaged over the instances, for the
// periods every instance has. A period is one snapshot: its instances are matched by snap id (each instance
// prints its own end minute for it, 01:59 on three and 02:00 on the fourth), their begin times within
// k_instance_skew_min of each other; by end time only where the dump has no snap ids. A snapshot left out
// (an instance missing, begin times further apart) is counted in a note.
constexpr double k_instance_skew_min = 5;
void add_cluster_periods(Baseline& b) {
  std::map<std::string, std::vector<const BaselinePeriod*>> by_period;
  for (const auto& p : b.periods) by_period[p.end_snap ? fmt::format("snap {:020d}", *p.end_snap) : p.end_time].push_back(&p);
  std::vector<BaselinePeriod> cluster;
  std::size_t missing = 0, skewed = 0;
  for (const auto& [t, ps] : by_period) {
    if (ps.size() != b.instances.size()) {  // not every instance has this period
      ++missing;
      continue;
    }
    if (std::any_of(ps.begin(), ps.end(), [&](const BaselinePeriod* p) {
          const auto apart = minutes_apart(p->begin_time, ps.front()->begin_time);
          return apart && *apart > k_instance_skew_min;
        })) {
      ++skewed;
      continue;
    }
    BaselinePeriod c = *ps.front();
    c.instance_number.reset();
    c.values.clear();
    for (const auto& [key, v0] : ps.front()->values) {
      const MetricSpec* spec = find_metric(key);
      double sum = 0;
      bool all = true;
      for (const auto* p : ps) {
        auto it = p->values.find(key);
        if (it == p->values.end()) all = false;
        else sum += it->second;
      }
      if (!all) continue;
      c.values[key] = spec != nullptr && spec->across_instances == Aggregation::mean ? sum / static_cast<double>(ps.size()) : sum;
    }
    cluster.push_back(std::move(c));
  }
  if (missing + skewed > 0)
    b.notes.push_back(fmt::format(
        "{} of the {} periods have no whole-database figure: {} not printed by every instance{}", missing + skewed,
        by_period.size(), missing,
        skewed == 0 ? std::string()
                    : fmt::format(", {} whose instances begin more than {:.0f} minutes apart", skewed, k_instance_skew_min)));
  for (auto& c : cluster) b.periods.push_back(std::move(c));
}

// The notes on the dump's rows that did not make the baseline, and the rows lost (an incomplete baseline).
void note_dump_rows(Baseline& b, const SysmetricDump& dump, std::size_t dropped_rows) {
  // The reader's diagnostics: rows skipped, counted here and listed by `baseline show -v`; notes on the
  // whole file (another DB Id's rows, a last row cut off) as they are.
  for (const auto& d : dump.diagnostics) {
    if (d.level != Diagnostic::Level::warning) continue;
    if (d.line > 0) b.skipped_rows.push_back(fmt::format("{}: line {}: {}", dump.source, d.line, d.message));
    else b.notes.push_back(d.message);
  }
  if (!b.skipped_rows.empty())
    b.notes.push_back(fmt::format("{}: {} row{} skipped{} (awrdiff baseline show -v lists them)", dump.source,
                                  b.skipped_rows.size(), b.skipped_rows.size() == 1 ? "" : "s",
                                  dropped_rows == 0 ? std::string()
                                                    : fmt::format(", {} of them for a value out of range or a period that "
                                                                  "is none",
                                                                  dropped_rows)));
  // Rows lost: fewer usable than the spool says it selected, or a file cut off inside a row without that count.
  // The baseline is incomplete: `check` refuses it unless the policy names what it gates on.
  // (A row read but dropped above for its values is no row lost: it is named, and a metric left without rows is
  // what `check` looks at.)
  const std::size_t usable = dump.rows.size() + dump.duplicate_rows;
  if (dump.rows_selected && usable < *dump.rows_selected)
    b.incomplete.push_back(
        fmt::format("{}: {} of the {} rows the spool says were selected could be read ({} lost: "
                    "awrdiff baseline show -v lists them)",
                    dump.source, usable, *dump.rows_selected, *dump.rows_selected - usable));
  else if (!dump.rows_selected && dump.cut_off)
    b.incomplete.push_back(
        fmt::format("{}: the file ends inside a row and gives no 'N rows selected.' line: cut off, "
                    "rows of it may be missing",
                    dump.source));
}

// The notes on what the dump's figures are.
void note_dump_basis(Baseline& b, const SysmetricDump& dump) {
  // A percentage above 100 (DB CPU % of DB time from "Database CPU Time Ratio") is no share: named, with what it is.
  std::map<std::string, double> over;
  auto note_over = [&](const std::string& key, double v) {
    const MetricSpec* spec = find_metric(key);
    if (spec != nullptr && spec->points && v > 100.5) over[key] = std::max(over[key], v);
  };
  for (const auto& p : b.periods)
    for (const auto& [k, v] : p.values) note_over(k, v);
  for (const auto& a : b.aggregates)
    for (const OptDouble& v : {a.distribution.max, a.distribution.mean, a.distribution.median}) {
      if (v) note_over(a.key, *v);
    }
  for (const auto& [k, v] : over)
    b.notes.push_back(
        fmt::format("{} reaches {:.0f}% in the dump: a percentage above 100 is not a share ({}); its extremes say little",
                    find_metric(k)->display, v,
                    dump.basis == SysmetricBasis::average_plus_2sd ? "each figure is an average + 2 standard deviations"
                                                                   : "Oracle computes the ratio from figures sampled apart"));
  if (dump.basis == SysmetricBasis::average_plus_2sd)
    b.notes.push_back(
        "the DMA collector writes each snapshot's AVERAGE + 2 x STANDARD_DEVIATION, not the metric's average: "
        "this baseline's centre and extremes run high, so a check against it is lenient");
  else if (dump.basis == SysmetricBasis::metric_history)
    b.notes.push_back(
        "the DMA collector's DBA_HIST_SYSMETRIC_HISTORY extract: each figure is a statistic of the metric's raw 60-s "
        "values in one hour of the day, rounded to an integer (a rate under 0.5 per second reads 0)");
}

}  // namespace

Baseline baseline_from_dump(const SysmetricDump& dump) {
  Baseline b;
  b.name = dump.baseline_name.empty() ? dump.source : dump.baseline_name;
  b.sources.push_back(dump.source);
  b.source_kind = to_string(dump.kind);
  b.db_name = dump.db_name;
  b.dbid = dump.dbid;
  b.release = dump.release;
  b.cpus = dump.cpus;
  b.host = dump.host;
  b.platform = dump.platform;
  // RAC: more than one instance in the database (AWR-Miner INSTANCES) or in the rows; one instance said by the
  // dump itself is a single-instance database (rows of one instance alone may be one node of a cluster).
  if (dump.instance_count) b.rac = *dump.instance_count > 1;
  if (dump.instances.size() > 1) b.rac = true;
  b.instances = dump.instances;
  std::set<std::string> unknown, unit_mismatch;
  std::size_t dropped_rows = 0;  // out of range, or not a period
  std::size_t zero_span = 0;  // periods whose BEGIN_TIME is their END_TIME, to the second, for all their INTSIZE
  std::string zero_span_first;
  // Per-period rows, grouped by (period, instance).
  std::map<std::pair<std::string, int>, BaselinePeriod> periods;
  std::map<std::tuple<std::string, std::optional<int>, std::optional<int>>, BaselineAggregate> aggregates;
  for (const auto& r : dump.rows) {
    if (r.dbid && b.dbid && *r.dbid != *b.dbid) continue;  // the reader reported it
    const OracleTwin* twin = nullptr;
    const MetricSpec* spec = find_metric_by_oracle_name(r.metric_name, &twin);
    if (spec == nullptr) {
      unknown.insert(r.metric_name);
      continue;
    }
    if (!r.metric_unit.empty() && !same_unit(r.metric_unit, twin->metric_unit)) {
      unit_mismatch.insert(fmt::format("{} is in '{}', not '{}'", r.metric_name, r.metric_unit, twin->metric_unit));
      continue;
    }
    const double f = twin->factor;
    auto scaled = [f](const OptDouble& v) { return v ? OptDouble(*v * f) : std::nullopt; };
    // Every figure of the row within the metric's range, and the period's times those of a period: else the row
    // is dropped, said per row (`baseline show -v`) and counted in the notes. A value no database gives (a DB time
    // per second of 1e27, a negative rate) would move the centre or the band, and a saved baseline holding it
    // would be refused on every later run.
    if (const std::string problem = dump_row_problem(*spec, r, f); !problem.empty()) {
      ++dropped_rows;
      b.skipped_rows.push_back(fmt::format("{}: line {}: {} row dropped: {}", dump.source, r.line, r.metric_name, problem));
      continue;
    }
    // A twin2 row (e.g. Average Active Sessions) does not overwrite the primary twin's value.
    const bool primary = twin == &spec->twin;
    const bool per_period = !r.hour_of_day && (r.snap_id || !r.end_time.empty()) && dump.kind != DumpKind::select_baseline_metric;
    if (per_period && r.average) {
      const std::string period_key = r.snap_id ? fmt::format("{:020d}", *r.snap_id) : r.end_time;
      auto& p = periods[{period_key, r.instance_number.value_or(0)}];
      if (p.source.empty()) {
        p.source = dump.source;
        p.end_snap = r.snap_id;
        p.begin_time = r.begin_time;
        p.end_time = r.end_time;
        p.elapsed_s = r.interval_s;
        p.instance_number = r.instance_number;
        if (p.begin_snap == std::nullopt && r.snap_id) p.begin_snap = *r.snap_id - 1;
        // Times to the second (not a date alone) that are equal, for an interval of some length: one of the two
        // figures is wrong. Kept, its length from INTSIZE, and said.
        if (r.begin_time.size() == 19 && r.begin_time == r.end_time && r.interval_s && *r.interval_s > 0 && zero_span++ == 0)
          zero_span_first = fmt::format("line {}: {} to {}, INTSIZE {:g} s", r.line, r.begin_time, r.end_time, *r.interval_s);
      }
      if (primary || p.values.count(std::string(spec->key)) == 0) p.values[std::string(spec->key)] = *r.average * f;
      continue;
    }
    if (!r.average && !r.median && !r.maximum) continue;
    auto& a = aggregates[{std::string(spec->key), r.hour_of_day, r.instance_number}];
    if (!a.key.empty() && !primary) continue;
    a.key = spec->key;
    a.hour_of_day = r.hour_of_day;
    a.instance_number = r.instance_number;
    auto& d = a.distribution;
    d = MetricDistribution{};
    d.count = r.num_intervals ? static_cast<std::size_t>(*r.num_intervals) : 0;
    d.mean = scaled(r.average);
    d.median = scaled(r.median);
    d.min = scaled(r.minimum);
    d.max = scaled(r.maximum);
    d.sd = scaled(r.standard_deviation);
    for (const auto& [nn, v] : r.percentiles) d.percentiles.emplace_back(nn, v * f);
    d.basis = dump.basis == SysmetricBasis::average_plus_2sd ? "dump (average + 2 sd per snapshot)"
              : dump.basis == SysmetricBasis::metric_history ? "dump (60-s values of the hour, SYSMETRIC_HISTORY)"
              : (d.sd || !d.percentiles.empty() || d.median) ? "dump"
                                                             : "average-min-max";
  }
  for (auto& [k, p] : periods) b.periods.push_back(std::move(p));
  if (b.instances.size() > 1) add_cluster_periods(b);
  std::stable_sort(b.periods.begin(), b.periods.end(), [](const BaselinePeriod& x, const BaselinePeriod& y) {
    return std::tie(x.begin_time, x.end_time) < std::tie(y.begin_time, y.end_time);
  });
  for (auto& [k, a] : aggregates) b.aggregates.push_back(std::move(a));
  leave_out_impossible_periods(b);
  if (zero_span > 0)
    b.notes.push_back(
        fmt::format("{}: {} period{} whose begin time is {} end time, though INTSIZE gives {} a length (first: "
                    "{}): kept, {} length taken from INTSIZE",
                    dump.source, zero_span, zero_span == 1 ? "" : "s", zero_span == 1 ? "its" : "their",
                    zero_span == 1 ? "it" : "them", zero_span_first, zero_span == 1 ? "its" : "their"));
  b.unknown_metrics.assign(unknown.begin(), unknown.end());
  for (const auto& u : unit_mismatch) b.notes.push_back("left out, unit not the registry's: " + u);
  note_dump_rows(b, dump, dropped_rows);
  note_dump_basis(b, dump);
  if (b.periods.empty() && b.aggregates.empty())
    throw Error(dump.source, "no metric of the dump has a twin in awrdiff's metric registry (awrdiff catalog --metrics)");
  return b;
}

void merge_baseline(Baseline& into, Baseline other, bool name_suffices) {
  const std::string note =
      confirm_same_database(identity_of(other), identity_of(into), other.sources.empty() ? other.name : other.sources.front(),
                            into.sources.empty() ? into.name : into.sources.front(), name_suffices);
  if (!note.empty() && std::find(into.notes.begin(), into.notes.end(), note) == into.notes.end()) into.notes.push_back(note);
  if (!into.dbid) into.dbid = other.dbid;
  if (into.db_name.empty()) into.db_name = other.db_name;
  if (into.release.empty()) into.release = other.release;
  if (!into.cpus) into.cpus = other.cpus;
  if (into.host.empty()) into.host = other.host;
  if (into.platform.empty()) into.platform = other.platform;
  if (!into.rac) into.rac = other.rac;
  if (into.source_kind.empty()) into.source_kind = other.source_kind;
  else if (into.source_kind.find(other.source_kind) == std::string::npos) into.source_kind += "+" + other.source_kind;
  std::set<int> inst(into.instances.begin(), into.instances.end());
  inst.insert(other.instances.begin(), other.instances.end());
  into.instances.assign(inst.begin(), inst.end());
  for (auto& s : other.sources)
    if (std::find(into.sources.begin(), into.sources.end(), s) == into.sources.end()) into.sources.push_back(std::move(s));
  for (auto& p : other.periods) into.periods.push_back(std::move(p));
  for (auto& a : other.aggregates) into.aggregates.push_back(std::move(a));
  for (auto& u : other.unknown_metrics)
    if (std::find(into.unknown_metrics.begin(), into.unknown_metrics.end(), u) == into.unknown_metrics.end())
      into.unknown_metrics.push_back(std::move(u));
  for (auto& n : other.notes) into.notes.push_back(std::move(n));
  for (auto& n : other.incomplete) into.incomplete.push_back(std::move(n));
  for (auto& r : other.skipped_rows) into.skipped_rows.push_back(std::move(r));
  for (auto& s : other.snapshots) into.snapshots.push_back(std::move(s));
  for (auto& d : other.duplicates) into.duplicates.push_back(std::move(d));
  drop_duplicate_periods(into);
  std::stable_sort(into.periods.begin(), into.periods.end(),
                   [](const BaselinePeriod& x, const BaselinePeriod& y) { return x.begin_time < y.begin_time; });
  into.name = fmt::format("{} source{} of {}", into.sources.size(), into.sources.size() == 1 ? "" : "s",
                          into.db_name.empty() ? "one database" : into.db_name);
}

std::optional<int> like_period_key(MatchPeriods match, std::string_view begin_time) {
  if (match == MatchPeriods::all) return 0;
  const auto hour = hour_of(begin_time);
  if (!hour) return std::nullopt;
  if (match == MatchPeriods::hour) return *hour;
  const auto day = weekday_of(begin_time);
  return day ? std::optional<int>(*day * 24 + *hour) : std::nullopt;
}

MetricDistribution distribution(const Baseline& b, const std::string& key, MatchPeriods match, const std::string& current_begin,
                                std::optional<int> instance) {
  const auto cur_hour = hour_of(current_begin);
  const auto cur_key = like_period_key(match, current_begin);
  auto like = [&](const std::string& begin) {
    if (match == MatchPeriods::all) return true;
    return cur_key && like_period_key(match, begin) == cur_key;
  };
  std::vector<double> values;
  for (const auto& p : b.periods) {
    if (!p.valid || !instance_matches(p.instance_number, instance, b) || !like(p.begin_time)) continue;
    if (auto it = p.values.find(key); it != p.values.end()) values.push_back(it->second);
  }
  if (!values.empty()) return detail::summarize_period_values(std::move(values));
  // Aggregates: the matching hour when the dump has hours and a match is asked; else every hour combined.
  std::vector<const BaselineAggregate*> found;
  for (const auto& a : b.aggregates) {
    if (a.key != key || !instance_matches(a.instance_number, instance, b)) continue;
    if (match != MatchPeriods::all && a.hour_of_day && cur_hour && *a.hour_of_day != *cur_hour) continue;
    found.push_back(&a);
  }
  if (found.empty()) return {};
  if (found.size() == 1) return found.front()->distribution;
  // Several hours (or instances of a cluster asked as a whole): combined.
  MetricDistribution d;
  d.basis = found.front()->distribution.basis;
  std::vector<double> medians, means;
  for (const auto* a : found) {
    const auto& x = a->distribution;
    d.count += x.count;
    if (x.median) medians.push_back(*x.median);
    if (x.mean) means.push_back(*x.mean);
    if (x.min) d.min = d.min ? std::min(*d.min, *x.min) : *x.min;
    if (x.max) d.max = d.max ? std::max(*d.max, *x.max) : *x.max;
  }
  if (!medians.empty()) d.median = quantile(medians, 0.5);
  if (!means.empty()) d.mean = summarize(means).mean;
  return d;
}

}  // namespace awrdiff
