// `check`: the current period against a baseline, metric by metric through the registry, with the
// findings rules of the pairwise comparison against the baseline's typical period
// (include/awrdiff/check.hpp, docs/baselines.md).
#include <awrdiff/check.hpp>
#include <awrdiff/compare.hpp>
#include <awrdiff/parse.hpp>

#include "diff/charts.hpp"
#include "check/check_charts.hpp"
#include "check/check_rules.hpp"
#include "check/check_storm.hpp"
#include "diff/facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace awrdiff {

const char* to_string(CheckStatus s) {
  switch (s) {
    case CheckStatus::ok:
      return "ok";
    case CheckStatus::warn:
      return "warn";
    case CheckStatus::fail:
      return "fail";
    case CheckStatus::improved:
      return "improved";
    case CheckStatus::changed:
      return "changed";
    case CheckStatus::insufficient:
      return "insufficient baseline";
  }
  return "ok";
}

namespace {

using detail::grouped;

// More average active sessions than any database runs (sessions per instance are limited to tens of
// thousands; a cluster of 100 instances stays far below this).
constexpr double k_max_credible_aas = 1e6;

using detail::find_result;
using detail::grouped_figure;
using detail::same_period;
std::string num(double v) { return grouped_figure(v); }

// The worse side of a metric: +1 higher is worse, −1 lower is worse, 0 neutral.
int worse_sign(Direction d) { return d == Direction::higher_is_worse ? 1 : d == Direction::higher_is_better ? -1 : 0; }

}  // namespace

std::optional<CheckBand> check_band(const MetricDistribution& dist, const MetricPolicy& mp, const CheckPolicy& policy) {
  const OptDouble centre = dist.median ? dist.median : dist.mean;
  if (!centre) return std::nullopt;
  const bool from_periods = dist.basis == "periods";
  OptDouble spread = dist.mad && *dist.mad > 0 ? dist.mad : dist.sd;
  if (!from_periods && !dist.sd) spread.reset();  // dumps: only a standard deviation they give counts
  if (from_periods && dist.count < 3) spread.reset();  // two periods give no usable spread
  if (!spread && !(from_periods && dist.count >= 3)) return std::nullopt;
  const double c = *centre;
  const double s = std::max({spread.value_or(0), policy.spread_floor_pct / 100 * std::fabs(c), mp.abs_floor / mp.warn_z, 1e-12});
  return CheckBand{std::max(0.0, c - mp.warn_z * s), c + mp.warn_z * s, s};  // every registry metric is 0 or more
}

namespace {

// The level from which a metric fails on its own in its worse direction `ws` (+1 higher is worse, −1 lower),
// for monitoring thresholds (CheckResult::fail_level): past the fail change, the floors and the fail z (with a
// spread), or past the extreme (a dump without spread); a policy fail level where it comes first. Empty for a
// metric that cannot fail, or whose level would be below 0.
std::optional<double> fail_level(const MetricPolicy& mp, int ws, double c, std::optional<double> spread,
                                 std::optional<double> extreme) {
  if (ws == 0) return std::nullopt;
  std::optional<double> lvl;
  if (mp.fail_z) {
    double d = std::max({std::fabs(c) * mp.fail_rel_pct / 100, mp.abs_floor, std::fabs(c) * mp.rel_floor_pct / 100});
    if (spread) d = std::max(d, std::max(*mp.fail_z, mp.warn_z) * *spread);
    lvl = c + ws * d;
    if (extreme) lvl = ws > 0 ? std::max(*lvl, *extreme) : std::min(*lvl, *extreme);
  }
  const auto& policy_level = ws > 0 ? mp.fail_above : mp.fail_below;
  if (policy_level) lvl = !lvl ? *policy_level : ws > 0 ? std::min(*lvl, *policy_level) : std::max(*lvl, *policy_level);
  if (lvl && *lvl < 0) return std::nullopt;
  return lvl;
}

// A value against its baseline, as evaluate() reads it before it judges it.
struct Placement {
  const MetricSpec& spec;
  const MetricPolicy& mp;
  double cur = 0;  // the current value
  double c = 0;  // the centre it is judged against (with two periods, the nearer one when beyond both)
  bool two_periods = false, between_two = false;
  double step = 0;  // a Load Profile rate's printed step (0: none)
  double least = 0;  // the current value moved toward the centre by what its digits allow
  MetricSpec floors{};  // the spec with the policy's direction and floors
  bool material = false;
  int side = 0;  // +1 above the centre, -1 below
  int ws = 0;  // the worse side
  bool out_of_band = false;
  std::optional<double> z{}, spread_used{};
  MetricRange range{};
};

// The band the value is judged in, by what the baseline gives: a robust z over its periods or the dump's standard
// deviation; its extremes (average, minimum and maximum only); else the pairwise rules (one or two periods). Sets the
// result's band, z and method, and whether the value is out of band.
void place_in_band(CheckResult& r, Placement& p, const MetricDistribution& dist, const CheckPolicy& policy) {
  const bool from_periods = dist.basis == "periods";
  const std::size_t n = dist.count;
  const double cur = p.cur, c = p.c;
  if (const auto band = check_band(dist, p.mp, policy); band && band->low <= p.range.low && band->high >= p.range.high) {
    // The policy's floors reach past every value the metric takes: no limit, and no band edge to print.
    r.no_limit = true;
    r.method = "no limit";
  } else if (band) {
    const double s = band->spread;
    p.spread_used = s;
    p.z = (cur - c) / s;
    r.z = p.z;
    r.band_low = band->low;
    r.band_high = band->high;
    p.out_of_band = std::fabs(*p.z) >= p.mp.warn_z;
    r.method = from_periods ? fmt::format("robust z over {} periods", n) : "z with the dump's standard deviation";
  } else if (!from_periods && (dist.max || dist.min)) {
    // Average / minimum / maximum only (SELECT_BASELINE_METRIC, hourly aggregates): beyond the extremes.
    r.band_low = dist.min;
    r.band_high = dist.max;
    p.out_of_band = (dist.max && cur > *dist.max) || (dist.min && cur < *dist.min);
    // "+35% of the average"; from 10 times the average on, a ratio ("3,475 x the average").
    const double pct = c != 0 ? (cur - c) / std::fabs(c) * 100 : 0.0;
    const std::string how =
        std::fabs(pct) >= 900 ? fmt::format("{} x the average", num(cur / c)) : fmt::format("{:+.0f}% of the average", pct);
    r.method =
        dist.mean && dist.max ? fmt::format("{}: {}", cur > c ? "above the maximum" : "extremes", how) : "beyond the extremes";
    if (dist.mean && dist.max && !(cur > *dist.max)) r.method = "within the extremes";
  } else {
    // One or two periods: the pairwise materiality rules.
    p.out_of_band = p.material && !p.between_two;
    r.method = fmt::format("pairwise ({} period{})", n, n == 1 ? "" : "s");
    if (p.two_periods) {
      r.band_low = dist.min;  // the two periods' range: no band wider than what was seen
      r.band_high = dist.max;
      r.method = p.between_two ? "between the 2 periods" : std::string("pairwise against the nearer of the 2 periods");
    }
  }
}

// The status and its reason: worse (warn or fail by the fail change and z), better, a change with no worse side, or
// within the baseline; a value outside its band that does not count says which side it is on and why.
void judge_status(CheckResult& r, const Placement& p) {
  const double cur = p.cur, c = p.c;
  const auto& mp = p.mp;
  r.status = CheckStatus::ok;
  r.reason = r.no_limit ? "no limit: the policy's floors reach past any value of the metric" : "within the baseline";
  if (p.out_of_band && p.material && p.side != 0) {
    if (p.ws == 0) {
      r.status = CheckStatus::changed;
      // A rate summed across instances is a volume; a ratio (logical reads per ms of DB CPU) has no worse side either.
      r.reason =
          p.spec.across_instances == Aggregation::sum ? "a volume outside its band" : "outside its band, neither side worse";
    } else if (p.side == p.ws) {
      const double rel = c != 0 ? std::fabs(cur - c) / std::fabs(c) * 100 : 1e300;
      const bool fails = mp.fail_z && (p.z ? std::fabs(*p.z) >= *mp.fail_z : true) && rel >= mp.fail_rel_pct;
      r.status = fails ? CheckStatus::fail : CheckStatus::warn;
      r.reason = "worse than the baseline";
      if (!fails && mp.fail_z && rel < mp.fail_rel_pct)
        r.reason += fmt::format(" ({:+.0f}%, under the fail level of +{:.0f}%)", rel, mp.fail_rel_pct);
    } else {
      r.status = CheckStatus::improved;
      r.reason = "better than the baseline";
    }
  } else if (const bool outside = p.out_of_band || (r.band_low && r.band_high && (cur < *r.band_low || cur > *r.band_high));
             outside && p.side != 0) {
    // Never "within" for a value outside its band: which side it is on, and why that does not count.
    const char* where = r.band_high && cur > *r.band_high ? "above the band"
                        : r.band_low && cur < *r.band_low ? "below the band"
                        : cur > c                         ? "above the baseline"
                                                          : "below the baseline";
    if (p.least != cur && assess(p.floors, c, cur).material())
      r.reason = fmt::format("{} by no more than the printed digits allow ({} {})", where, num(p.step), p.spec.unit);
    else if (!p.material)
      r.reason =
          fmt::format("{}, but not material (floors {} {} and {}%)", where, num(mp.abs_floor), p.spec.unit, mp.rel_floor_pct);
    else
      r.reason =
          fmt::format("{}, but not out of band by the spread (z {:+.1f}, warn from {:g})", where, p.z.value_or(0), mp.warn_z);
  }
}

// The policy's absolute levels: a value past one warns or fails whatever the band (a fail level over a warn).
void apply_policy_levels(CheckResult& r, const Placement& p) {
  const double cur = p.cur;
  auto level = [&](const std::optional<double>& lim, bool above, CheckStatus st) {
    if (!lim || (above ? !(cur > *lim) : !(cur < *lim))) return;
    if (st == CheckStatus::fail || r.status != CheckStatus::fail) {
      r.status = st;
      r.policy_level = *lim;
      r.policy_level_above = above;
      r.expected = fmt::format("{} {}", above ? "<=" : ">=", num(*lim));
      r.reason = fmt::format("{} {} {} the policy's {} level {}", num(cur), p.spec.unit, above ? "above" : "below",
                             st == CheckStatus::fail ? "fail" : "warn", num(*lim));
    }
  };
  level(p.mp.warn_above, true, CheckStatus::warn);
  level(p.mp.warn_below, false, CheckStatus::warn);
  level(p.mp.fail_above, true, CheckStatus::fail);
  level(p.mp.fail_below, false, CheckStatus::fail);
}

// One metric against its baseline, in named steps: the centre it is judged against (place), its band
// (place_in_band), its status (judge_status), the policy's levels (apply_policy_levels) and its fail level.
CheckResult evaluate(const MetricSpec& spec, const MetricPolicy& mp, const CheckPolicy& policy, OptDouble current,
                     MetricDistribution dist) {
  CheckResult r;
  r.key = spec.key;
  r.label = spec.display;
  r.unit = spec.unit;
  r.current = current;
  r.baseline = dist;
  if (!current) {
    r.reason = "the current report does not give it";
    return r;
  }
  const OptDouble centre = dist.median ? dist.median : dist.mean;
  if (!centre) {
    r.reason = dist.count == 0 && !dist.max ? "the baseline does not give it" : "the baseline gives no centre for it";
    return r;
  }
  Placement p{spec, mp};
  p.cur = *current;
  p.c = *centre;
  // Two periods give no spread, and their midpoint is neither of them (an idle and a busy hour: a busy hour like the
  // busy one is no regression against it). A value between the two is within the baseline; one beyond them is judged
  // against the nearer of the two.
  p.two_periods = dist.basis == "periods" && dist.count == 2 && dist.min && dist.max && *dist.min <= *dist.max;
  p.between_two = p.two_periods && p.cur >= *dist.min && p.cur <= *dist.max;
  if (p.two_periods && !p.between_two) p.c = p.cur > *dist.max ? *dist.max : *dist.min;
  p.ws = worse_sign(mp.direction);
  p.floors = MetricSpec{spec.key, spec.display, spec.unit, mp.direction, mp.abs_floor, mp.rel_floor_pct, mp.points};
  // A Load Profile rate is read as the report prints it (one decimal from 11g): the current figure and the
  // baseline's centre each stand for anything within half a printed step, so materiality is judged on the least
  // difference their digits allow, as the comparison does (0.0 -> 0.1 s/s of Background CPU is no finding).
  p.step = spec.key.starts_with("load_profile.") ? std::min(detail::print_step(p.cur), detail::print_step(p.c)) : 0;
  p.least = p.step > 0 && p.step < 1 ? p.cur - std::clamp(p.cur - p.c, -p.step, p.step) : p.cur;
  p.material = assess(p.floors, p.c, p.least).material();
  p.side = p.cur > p.c ? 1 : p.cur < p.c ? -1 : 0;
  p.range = metric_range(spec);
  place_in_band(r, p, dist, policy);
  if (r.no_limit) r.expected = "no limit";
  else if (r.band_low && r.band_high) r.expected = fmt::format("{} .. {}", num(*r.band_low), num(*r.band_high));
  else r.expected = fmt::format("about {} (floors ±{} and ±{}%)", num(p.c), num(mp.abs_floor), mp.rel_floor_pct);
  judge_status(r, p);
  apply_policy_levels(r, p);
  r.fail_level = fail_level(mp, p.ws, p.c, p.spread_used, p.spread_used ? std::nullopt : p.ws > 0 ? dist.max : dist.min);
  if (r.fail_level && *r.fail_level >= p.range.high) r.fail_level.reset();  // past any value: it cannot fail
  return r;
}

}  // namespace

Snapshot current_from_members(std::vector<Snapshot> members, std::vector<std::string>& notes, bool name_suffices) {
  if (members.empty()) throw Error("", "no current report");
  const Snapshot& first = members.front();
  DatabaseIdentity id = identity_of(first);
  std::set<std::string> name_notes;
  for (std::size_t i = 1; i < members.size(); ++i) {
    const auto& s = members[i];
    const DatabaseIdentity sid = identity_of(s);
    const std::string n =
        confirm_same_database(sid, id, s.source, fmt::format("the current set (from {})", first.source), name_suffices);
    if (!n.empty()) name_notes.insert(n);
    if (!id.dbid) id.dbid = sid.dbid;
    if (id.name.empty()) id.name = sid.name;
    if (id.platform.empty()) id.platform = sid.platform;
    if (!id.rac) id.rac = sid.rac;
  }
  for (const auto& n : name_notes) notes.push_back("current set: " + n);
  // The same period given twice: kept once, the HTML report over its text twin.
  auto html = [](const std::string& f) {
    std::string l = f;
    for (auto& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return l.ends_with(".html") || l.ends_with(".htm") || l.ends_with(".html.gz") || l.ends_with(".htm.gz");
  };
  std::map<std::string, std::size_t> seen;
  std::vector<bool> drop(members.size(), false);
  for (std::size_t i = 0; i < members.size(); ++i) {
    const auto& s = members[i];
    if (!s.interval.begin_snap || !s.interval.end_snap) continue;
    const std::string key = fmt::format("{}|{}|{}|{}", s.database.dbid.value_or(0), report_instance(s).value_or(-1),
                                        *s.interval.begin_snap, *s.interval.end_snap);
    auto [it, fresh] = seen.emplace(key, i);
    if (fresh) continue;
    if (html(s.source) && !html(members[it->second].source)) {
      drop[it->second] = true;
      it->second = i;
    } else {
      drop[i] = true;
    }
  }
  std::vector<Snapshot> kept;
  std::size_t dropped = 0;
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (drop[i]) ++dropped;
    else kept.push_back(std::move(members[i]));
  }
  if (dropped > 0)
    notes.push_back(
        fmt::format("current set: {} duplicate period{} dropped (the same DB Id, instance and snapshots given more "
                    "than once; HTML kept over its text twin)",
                    dropped, dropped == 1 ? "" : "s"));
  return merge_snapshots(kept);
}

namespace {

// The current report as a check needs it: valid, of the baseline's database and instance, with figures a database
// can give and a DB time per second; else trouble (Error, exit 2). Returns what confirm_same_database says of the
// match (empty when the DB Ids agree).
std::string refuse_unusable(const Snapshot& current, const Baseline& baseline_in, const CheckOptions& options) {
  if (!current.valid)
    throw Error(current.source,
                current.invalid_reason.starts_with("inconsistent report")
                    ? current.invalid_reason + ": it cannot be checked"
                    : "the report says its figures are invalid (" + current.invalid_reason + "): it cannot be checked");
  const std::string same_db = confirm_same_database(identity_of(current), identity_of(baseline_in), current.source,
                                                    "the baseline", options.assume_same_database);
  const auto instance = report_instance(current);
  if (instance && baseline_in.instances.size() >= 1 &&
      std::find(baseline_in.instances.begin(), baseline_in.instances.end(), *instance) == baseline_in.instances.end())
    throw Error(current.source,
                fmt::format("instance {} is not in the baseline (instance{} {})", *instance,
                            baseline_in.instances.size() == 1 ? "" : "s", fmt::join(baseline_in.instances, ", ")));
  // Figures no database can give: the report is not usable (a period that cannot be, not an idle one).
  auto impossible = [&](const char* field, const OptDouble& v, bool positive) {
    if (v && (!std::isfinite(*v) || *v < 0 || (positive && *v == 0)))
      throw Error(current.source, fmt::format("{} is {}: the report is not usable", field, fmt::format("{:g}", *v)));
  };
  impossible("DB time", current.db_time_s(), false);
  impossible("DB CPU", current.db_cpu_s(), false);
  impossible("Elapsed", current.interval.elapsed_s, true);
  const OptDouble aas = current.average_active_sessions();
  if (!aas)
    throw Error(current.source, fmt::format("the report gives no DB time per second (DB time or elapsed missing{}): it cannot "
                                            "be checked",
                                            current.truncated ? "; a truncated report: no 'End of Report' marker" : ""));
  if (!std::isfinite(*aas) || *aas < 0 || *aas > k_max_credible_aas)
    throw Error(current.source, fmt::format("DB time per second {:g} AAS is not credible (more than {:g} sessions active on "
                                            "average): the report is not usable",
                                            *aas, k_max_credible_aas));
  return same_db;
}

// The baseline a check runs against: the current period left out of it (a member is never checked against itself),
// refused when no usable period is left; its notes, release and CPU count go to `warnings`.
Baseline baseline_without_current(const Snapshot& current, const Baseline& baseline_in, std::vector<std::string>& warnings) {
  const auto instance = report_instance(current);
  Baseline baseline = baseline_in;
  // A member of the baseline is checked against the others, never against itself.
  const auto before = baseline.periods.size();
  std::erase_if(baseline.periods, [&](const BaselinePeriod& p) { return same_period(p, current); });
  std::erase_if(baseline.snapshots, [&](const Snapshot& s) {
    return s.interval.begin_snap && s.interval.begin_snap == current.interval.begin_snap &&
           s.interval.end_snap == current.interval.end_snap && report_instance(s) == instance;
  });
  if (baseline.periods.size() != before) {
    warnings.push_back(fmt::format("{} is a period of the baseline: left out of it for this check", current.source));
    // A typical period merged when the baseline was saved (no snap ids of its own) holds the current report, which
    // cannot be taken out of its sums and top lists: no side-by-side comparison against it (it would compare the
    // report partly with itself); the check's band uses the other periods.
    const auto merged = [](const Snapshot& s) { return !s.interval.begin_snap && !s.interval.end_snap; };
    if (std::any_of(baseline.snapshots.begin(), baseline.snapshots.end(), merged)) {
      baseline.snapshots.clear();
      warnings.push_back(
          "the baseline's typical period was merged with this report in it: the side-by-side tables and findings are "
          "left out (save the baseline without it, or compare sets: awrdiff --base B1 B2 --target CURRENT)");
    }
  }
  {
    const bool usable =
        !baseline.aggregates.empty() || std::any_of(baseline.periods.begin(), baseline.periods.end(),
                                                    [](const BaselinePeriod& p) { return p.valid && !p.values.empty(); });
    if (!usable)
      throw Error(
          baseline.name.empty() ? "baseline" : baseline.name,
          baseline.periods.size() != before && std::none_of(baseline_in.periods.begin(), baseline_in.periods.end(),
                                                            [&](const BaselinePeriod& p) { return !same_period(p, current); })
              ? "the baseline has no usable periods: its only period is the current report itself"
              : "the baseline has no usable periods (no valid period with metric values, no aggregate)");
  }
  for (const auto& n : baseline.notes) warnings.push_back("baseline: " + n);
  if (current.database.release != baseline.release && !current.database.release.empty() && !baseline.release.empty())
    warnings.push_back(fmt::format("release {} differs from the baseline's {}", current.database.release, baseline.release));
  if (current.database.cpus && baseline.cpus && *current.database.cpus != *baseline.cpus)
    warnings.push_back(fmt::format("{:g} CPU{} here, {:g} in the baseline", *current.database.cpus,
                                   *current.database.cpus == 1 ? "" : "s", *baseline.cpus));
  return baseline;
}

// Each metric the policy enables, judged against the baseline (evaluate), in registry order into `out.results`.
// Returns how many periods of the baseline DB time per second was judged against (after --match).
std::size_t judge_metrics(CheckReport& out, const Snapshot& current, const Baseline& baseline, const CheckPolicy& policy,
                          const CheckOptions& options) {
  const auto instance = report_instance(current);
  const std::string begin = iso_time(current.interval.begin_time);
  if (options.match != MatchPeriods::all && begin.empty())
    throw Error(current.source, "its begin time cannot be read, so like periods cannot be matched (--match)");
  std::size_t matched = 0;
  for (const auto& m : all_metrics()) {
    if (!m.checked || m.family) continue;
    auto pit = policy.metrics.find(std::string(m.key));
    if (pit == policy.metrics.end() || !pit->second.enabled) continue;
    auto r = evaluate(m, pit->second, policy, metric_value(current, m.key),
                      distribution(baseline, std::string(m.key), options.match, begin, instance));
    if (m.key == "db_time_per_s") matched = r.baseline.count;
    // Which counts a per-transaction / execution / call figure or a Load Profile rate rests on (exact Instance
    // Activity totals, or the Load Profile's rounded rates).
    if (const auto src = rate_source(current, m.key); src.from != RateFrom::none && r.current)
      r.method += fmt::format("{}counts: {}", r.method.empty() ? "" : "; ", src.text());
    out.results.push_back(std::move(r));
  }
  return matched;
}

// Metrics the baseline gives but the current report does not (a truncated or partial report): not checked,
// and said, so that a passing check of half a report is never read as a full pass.
void note_not_checked(CheckReport& out, const Snapshot& current) {
  std::vector<std::string> missing;
  std::vector<std::string> missing_masters;
  for (const auto& r : out.results)
    if (!r.current && (r.baseline.median || r.baseline.mean)) {
      missing.push_back(r.label);
      if (const auto* m = find_metric(r.key); m != nullptr && m->role == MetricRole::master) missing_masters.push_back(r.label);
    }
  out.not_checked = missing.size();
  {
    const std::string file =
        current.source == "-" ? std::string("standard input") : std::filesystem::path(current.source).filename().string();
    const std::string count = out.not_checked == 0
                                  ? std::string()
                                  : fmt::format("{} metric{} not checked", out.not_checked, out.not_checked == 1 ? "" : "s");
    if (current.truncated)
      out.input_warnings.push_back(
          fmt::format("{}: truncated report (no 'End of Report' marker){}", file, count.empty() ? "" : ": " + count));
    else if (!missing_masters.empty())  // a complete report without a metric that can fail the check (no Load Profile)
      out.input_warnings.push_back(
          fmt::format("{}: {}, among them {}: the report does not give them", file, count, fmt::join(missing_masters, ", ")));
    if (!missing.empty()) {
      constexpr std::size_t k_named = 5;
      const std::size_t named = std::min(missing.size(), k_named);
      out.warnings.push_back(
          fmt::format("{} of the baseline's metrics not checked: the current report does not give {} ({}{})", missing.size(),
                      missing.size() == 1 ? "it" : "them",
                      fmt::join(missing.begin(), missing.begin() + static_cast<std::ptrdiff_t>(named), ", "),
                      missing.size() > named ? fmt::format(" and {} more", missing.size() - named) : std::string()));
    }
  }
}

// No period of the baseline is like this one (--match): an insufficient baseline, not trouble, the same rule as a
// history that holds no like period yet (exit 0; `check -q` prints this one line).
// Still a warning when the period is a multiple of every period of other hours (a storm the like periods cannot
// judge yet): one line under -q, exit 0 all the same.
void no_like_period(CheckReport& out, const Snapshot& current, const Baseline& baseline, const CheckOptions& options) {
  const std::string multiple = unlike_periods_multiple(current, baseline);
  out.status = multiple.empty() ? CheckStatus::insufficient : CheckStatus::warn;
  out.headline = fmt::format("{}, insufficient baseline: no period of the baseline {} ({} period{} in it); {}",
                             multiple.empty() ? "OK" : "WARN",
                             options.match == MatchPeriods::hour ? "begins in the same hour of day (--match hour)"
                                                                 : "begins in the same weekday and hour (--match weekday-hour)",
                             baseline.periods.size(), baseline.periods.size() == 1 ? "" : "s",
                             multiple.empty() ? "nothing was checked" : "but " + multiple + "; nothing else was checked");
  out.comparison = Comparison{};
  out.comparison.headline = out.headline;
  out.comparison.base_source = fmt::format("baseline: {}", baseline.name);
  out.comparison.target_source = current.source;
  out.comparison.period_info.push_back(detail::period_info(current, "Current"));  // the period the first line names
  for (auto it = out.warnings.rbegin(); it != out.warnings.rend(); ++it)
    out.comparison.warnings.insert(out.comparison.warnings.begin(), *it);
}

// A baseline without DB time per second (for the matched periods), or known to lack rows of its source, cannot
// gate: the master metric every default fail rests on is missing, and a check against the rest would pass
// whatever the current period (a decimal-comma spool of which 5 rows of 245 were read passed a 4.4x regression).
// Trouble, unless the policy names the metrics it gates on and each is given.
void gate_without_db_time(CheckReport& out, const Baseline& baseline, const CheckPolicy& policy, const CheckOptions& options) {
  std::string trouble;
  const auto dbt_it =
      std::find_if(out.results.begin(), out.results.end(), [](const CheckResult& r) { return r.key == "db_time_per_s"; });
  const bool has_dbt = dbt_it != out.results.end() && (dbt_it->baseline.median || dbt_it->baseline.mean);
  if (!baseline.incomplete.empty())
    trouble = fmt::format("incomplete baseline: {}{}", baseline.incomplete.front(),
                          baseline.incomplete.size() > 1 ? fmt::format(" (and {} more)", baseline.incomplete.size() - 1) : "");
  else if (dbt_it == out.results.end()) trouble = "DB time per second is disabled by the policy";
  else if (!has_dbt)
    trouble = fmt::format("the baseline gives no DB time per second{}",
                          options.match == MatchPeriods::all ? "" : " for periods like this one (--match)");
  if (!trouble.empty()) {
    std::vector<std::string> absent;
    for (const auto& key : policy.gates) {
      const auto it = std::find_if(out.results.begin(), out.results.end(), [&](const CheckResult& r) { return r.key == key; });
      const auto pit = policy.metrics.find(key);
      const bool level = pit != policy.metrics.end() && (pit->second.fail_above || pit->second.fail_below);
      if (it == out.results.end() || !it->current || (!(it->baseline.median || it->baseline.mean) && !level))
        absent.push_back(key);
    }
    const std::string where = baseline.name.empty() ? std::string("baseline") : baseline.name;
    if (policy.gates.empty())
      throw Error(where, trouble +
                             ": a check against it could not fail on DB time; give a complete baseline, or a policy "
                             "naming the metrics to gate on (fail_z, fail_above or fail_below)");
    if (!absent.empty())
      throw Error(where, fmt::format("{}; the policy's {} not given by both the baseline and the current report", trouble,
                                     fmt::join(absent, ", ")));
    out.warnings.push_back(fmt::format("{}: gated on the policy's metrics ({})", trouble, fmt::join(policy.gates, ", ")));
  }
}

using detail::StormPage;

using detail::LoadRules;

// The findings and evidence: the current period against the baseline's typical period (its reports merged), or the
// current report described when the baseline has no report of its own (a dump).
void compare_with_typical(CheckReport& out, const Snapshot& current, const Baseline& baseline, const CheckPolicy& policy,
                          const CheckOptions& options) {
  if (!baseline.snapshots.empty()) {
    const Snapshot typical = typical_period(baseline);
    out.comparison = compare(typical, current, options.compare);
    // The typical period is several merged: given as reports, or merged when a baseline file was saved.
    const bool merged = baseline.snapshots.size() > 1 || baseline.periods.size() > 1;
    if (merged)
      std::erase_if(out.comparison.warnings,
                    [](const std::string& w) { return w.starts_with("periods of very different length"); });
    // The other report sections (init.ora, segments, latches...) of a typical period merged from several reports:
    // merged soundly (sets.cpp), so findings may quote their rows as evidence, but left out of a check's output,
    // which is a band and a cron mail; `awrdiff --base B1 B2 --target CURRENT` shows them side by side.
    if (merged) std::erase_if(out.comparison.tables, [](const CompareTable& t) { return t.group == TableGroup::sections; });
    // A finding whose first metric is inside the baseline's spread is noise, not a finding.
    if (baseline.snapshots.size() >= 3) {
      std::vector<std::string> dropped;
      std::erase_if(out.comparison.findings, [&](const Finding& f) {
        if (f.metrics.empty()) return false;
        const auto& key = f.metrics.front().key;
        std::vector<double> values;
        for (const auto& s : baseline.snapshots)
          if (auto v = metric_value(s, key)) values.push_back(*v);
        const auto cur = metric_value(current, key);
        if (values.size() < 3 || !cur) return false;
        const auto d = detail::summarize_period_values(std::move(values));  // as the bands
        const double med = *d.median;
        const double s = std::max({d.mad.value_or(0), policy.spread_floor_pct / 100 * std::fabs(med), 1e-12});
        if (std::fabs(*cur - med) / s >= 3) return false;
        dropped.push_back(f.title);
        return true;
      });
      for (const auto& d : dropped) out.warnings.push_back("within the baseline's spread, so not a finding: " + d);
    }
  } else {
    out.comparison = describe(current, options.compare);
  }
  auto& c = out.comparison;
  c.base_source = fmt::format("baseline: {}", baseline.name);
  c.target_source = current.source;
}

// A metric in the headline: "DB time per second 6.60 AAS (baseline 2.10, band 1.50 .. 2.70, 4 periods, z +12.3)".
std::string headline_metric(const CheckResult& r) {
  if (!r.current || !(r.baseline.median || r.baseline.mean) || r.policy_level)
    return fmt::format("{} ({})", r.label, r.reason);  // a policy level: the level crossed, not the band
  std::string band = r.no_limit                  ? std::string("no limit")
                     : r.band_low && r.band_high ? fmt::format("band {} .. {}", num(*r.band_low), num(*r.band_high))
                                                 : "";
  return fmt::format("{} {} {} (baseline {}{}{}{})", r.label, num(*r.current), r.unit,
                     num(*(r.baseline.median ? r.baseline.median : r.baseline.mean)), band.empty() ? "" : ", " + band,
                     r.baseline.count
                         ? fmt::format(", {} {}{}", r.baseline.count, r.baseline.basis == "periods" ? "period" : "interval",
                                       r.baseline.count == 1 ? "" : "s")
                         : "",
                     r.z ? fmt::format(", z {:+.1f}", *r.z) : "");
}

// What drives a worse DB time per second, for the headline: the comparison's contributors (events, then the time
// model in parentheses, then SQL), or without a typical period (a dump) the detail metrics out of band with it.
std::string headline_causes(const CheckReport& out, const Snapshot& current, const CheckResult* dbt) {
  const auto& c = out.comparison;
  std::string causes;
  const bool db_time_worse = dbt && (dbt->status == CheckStatus::fail || dbt->status == CheckStatus::warn);
  if (db_time_worse) {
    // Time model statistics in parentheses after the events: the same DB time by phase, not more of it.
    std::vector<std::string> parts, by_model;
    // The same unit as the comparison's own first line and findings (states_in_aas): "+67.7 AAS", never "+34.4 h".
    const bool in_aas = dbt->current && dbt->baseline.median &&
                        detail::states_in_aas(*dbt->current - *dbt->baseline.median, current.interval.elapsed_s);
    for (const auto& k : c.contributors)
      if (k.delta_s &&
          k.delta_aas * (dbt && dbt->current && dbt->baseline.median ? *dbt->current - *dbt->baseline.median : 0) > 0)
        (k.kind == ContributorKind::time_model ? by_model : parts)
            .push_back(fmt::format("{}{} {}{}", k.kind == ContributorKind::sql ? "SQL " : "", k.name,
                                   in_aas ? fmt::format("{:+.1f} AAS", k.delta_aas) : detail::human_seconds(*k.delta_s),
                                   k.lower_bound ? " or more" : ""));
    if (!by_model.empty()) {
      // After the events, before the SQL (the contributors come events, time model, SQL).
      const auto first_sql = std::find_if(parts.begin(), parts.end(), [](const std::string& p) { return p.starts_with("SQL "); });
      const std::string model = fmt::format("(by time model: {})", fmt::join(by_model, ", "));
      if (first_sql == parts.begin()) parts.insert(parts.begin(), model);
      else *std::prev(first_sql) += " " + model;
    }
    if (!parts.empty()) causes = fmt::format(", driven by {}", fmt::join(parts, ", "));
  }
  if (causes.empty() && db_time_worse) {
    // No typical period to run the findings rules on (a dump): the detail metrics out of band, largest first.
    std::vector<const CheckResult*> out_of_band;
    for (const auto& r : out.results)
      if ((r.status == CheckStatus::warn || r.status == CheckStatus::changed) && r.current) {
        const auto* m = find_metric(r.key);
        if (m != nullptr && m->role == MetricRole::detail) out_of_band.push_back(&r);
      }
    auto size = [](const CheckResult* r) {
      const OptDouble centre = r->baseline.median ? r->baseline.median : r->baseline.mean;
      return r->z ? std::fabs(*r->z) : centre && *centre != 0 ? std::fabs(*r->current / *centre) : 0.0;
    };
    std::stable_sort(out_of_band.begin(), out_of_band.end(), [&](auto* a, auto* b) { return size(a) > size(b); });
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < out_of_band.size() && i < 3; ++i) {
      const auto& r = *out_of_band[i];
      const OptDouble centre = r.baseline.median ? r.baseline.median : r.baseline.mean;
      parts.push_back(fmt::format("{} {} {} (baseline {})", r.label, num(*r.current), r.unit, centre ? num(*centre) : "-"));
    }
    if (!parts.empty()) causes = fmt::format("; out of band with it: {}", fmt::join(parts, ", "));
  }
  return causes;
}

// The first line and the verdict: FAIL, WARN (more load, not slower; worse metrics), OK (better; within the baseline).
// `policy_note`: said after the verdict when the policy can never fail the check (else empty).
void check_headline(CheckReport& out, const Snapshot& current, const CheckOptions& options, const LoadRules& load,
                    const std::string& policy_note, const StormPage& storm) {
  const CheckResult* dbt = find_result(out.results, "db_time_per_s");
  auto& c = out.comparison;
  const std::string causes = headline_causes(out, current, dbt);
  std::vector<std::string> warned;
  std::size_t warned_count = 0;
  for (const auto& r : out.results)
    if (r.status == CheckStatus::warn) {
      ++warned_count;
      if (warned.size() < 3) warned.push_back(headline_metric(r));
    }
  if (warned_count > warned.size()) warned.push_back(fmt::format("{} more in the check table", warned_count - warned.size()));
  if (!storm.words.empty()) {
    const bool hour = storm.match == MatchPeriods::hour;
    out.headline = fmt::format(
        "FAIL, a storm beyond every stored period: {}{}; {}", storm.words, causes,
        storm.like_periods
            ? fmt::format("it pages whatever the periods of the same {} say ({})", hour ? "hour of day" : "weekday and hour",
                          hour ? "--match hour" : "--match weekday-hour")
            : fmt::format("no period of the baseline begins in the same {} ({}), so it is measured against every period",
                          hour ? "hour of day" : "weekday and hour", hour ? "--match hour" : "--match weekday-hour"));
    c.verdict = Verdict::regressed;
  } else if (out.status == CheckStatus::fail) {
    std::vector<std::string> failed;
    for (const auto& r : out.results)
      if (r.status == CheckStatus::fail) failed.push_back(headline_metric(r));
    // The first line names the cause before the metrics it moved: the top worse finding (a new parallel scan, a
    // contention) unless the contributors already name it ("CPU run queue" of "CPU run queue (time outside ...)"),
    // then the contributors that carry the DB time ("driven by ..."). A dump's out-of-band metrics follow the metrics.
    const auto top = std::find_if(c.findings.begin(), c.findings.end(),
                                  [](const Finding& f) { return f.direction == ChangeKind::worse && !f.cause.empty(); });
    const bool named = top == c.findings.end() || causes.find(top->cause.substr(0, top->cause.find(" +"))) != std::string::npos;
    const bool driven = causes.starts_with(", driven by ");
    out.headline =
        fmt::format("FAIL, regression against the baseline{}{}: {}{}", named ? std::string() : ", top cause " + top->cause,
                    driven ? causes : std::string(), fmt::join(failed, "; "), driven ? std::string() : causes);
    c.verdict = Verdict::regressed;
  } else if (load.busier) {
    // The slowdowns inside the load change, as the comparison of the same two periods names them (headline.cpp).
    std::string inside;
    if (const auto at = c.headline.find("; slower inside it: "); at != std::string::npos) {
      const auto from = at + 2;
      inside = "; " + c.headline.substr(from, c.headline.find("; the added time is in ", from) - from);
    }
    // One reading (detail::load_reading) at every level: at DB time per second's fail level a warn (a mail); at its warn
    // level context, OK unless another metric warns (then named after it).
    std::vector<std::string> costlier;  // after every rule: a cost per unit that still warns
    for (const auto& [key, unit] : {std::pair{"db_time_per_exec_ms", "execution"}, std::pair{"db_time_per_txn_s", "transaction"},
                                    std::pair{"db_time_per_call_ms", "call"}})
      if (const auto* r = find_result(out.results, key); r && (r->status == CheckStatus::warn || r->status == CheckStatus::fail))
        costlier.emplace_back(unit);
    std::string reading = detail::load_reading(true, costlier);
    reading[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reading[0])));
    out.headline = fmt::format("{}, {}: {} with {}; {}{}", out.status == CheckStatus::warn ? "WARN" : "OK", reading,
                               headline_metric(*dbt), fmt::join(load.load_notes, ", "), load.cost_text, inside);
    if (!load.fail_level && warned_count > 0)
      out.headline += fmt::format("; {} metric{} worse than the baseline: {}", warned_count, warned_count == 1 ? " is" : "s are",
                                  fmt::join(warned, "; "));
    c.verdict = Verdict::load_changed;
  } else if (out.status == CheckStatus::warn) {
    out.headline = fmt::format("WARN, no fail-level regression, but {} metric{} worse than the baseline: {}{}", warned_count,
                               warned_count == 1 ? " is" : "s are", fmt::join(warned, "; "), causes);
    c.verdict = Verdict::unchanged;
  } else if (out.status == CheckStatus::improved) {
    out.headline = fmt::format("OK, better than the baseline: {}{}", headline_metric(*dbt), causes);
    c.verdict = Verdict::improved;
  } else {
    // Never a centre the baseline does not give: the DB time row may be "insufficient baseline".
    const std::size_t judged = static_cast<std::size_t>(std::count_if(
        out.results.begin(), out.results.end(), [](const CheckResult& r) { return r.status != CheckStatus::insufficient; }));
    // A DB time per second outside its band is never "within": which side, and why it does not count (its reason).
    const bool outside = dbt && dbt->current && dbt->band_low && dbt->band_high &&
                         (*dbt->current < *dbt->band_low || *dbt->current > *dbt->band_high);
    out.headline = dbt && dbt->current && dbt->status != CheckStatus::insufficient
                       ? (outside ? fmt::format("OK, no regression: {}: {}", headline_metric(*dbt), dbt->reason)
                                  : fmt::format("OK, within the baseline: {}", headline_metric(*dbt)))
                       : fmt::format("OK, within the baseline on the {} metric{} it gives; DB time per second: {}", judged,
                                     judged == 1 ? "" : "s", dbt ? dbt->reason : std::string("not checked"));
    c.verdict = Verdict::unchanged;
  }
  if (out.not_checked > 0)
    out.headline +=
        fmt::format("; {} metric{} not checked (not in the report)", out.not_checked, out.not_checked == 1 ? "" : "s");
  if (!policy_note.empty()) out.headline += "; " + policy_note;
  if (options.match != MatchPeriods::all)
    out.headline +=
        options.match == MatchPeriods::hour ? " [like periods: same hour of day]" : " [like periods: same weekday and hour]";
  c.headline = out.headline;
  std::erase_if(c.warnings, [&](const std::string& w) { return std::ranges::find(out.warnings, w) != out.warnings.end(); });
  for (auto it = out.warnings.rbegin(); it != out.warnings.rend(); ++it) c.warnings.insert(c.warnings.begin(), *it);
}

}  // namespace

CheckReport detail::run_check(const Snapshot& current, const Baseline& baseline_in, const CheckPolicy& policy,
                              const CheckOptions& options, const StormPage& storm) {
  const std::string same_db = refuse_unusable(current, baseline_in, options);
  CheckReport out;
  if (!same_db.empty()) out.warnings.push_back(same_db);
  for (const auto& n : options.current_notes) out.warnings.push_back(n);
  for (const auto& d : current.diagnostics)  // the report's own figures disagree, one was used (reconcile): -q says it
    if (d.section == k_ledger_section && d.level == Diagnostic::Level::warning)
      out.input_warnings.push_back(out.warnings.emplace_back(fmt::format("{}: {}", current.source, d.message)));
  const Baseline baseline = baseline_without_current(current, baseline_in, out.warnings);
  out.baseline_periods = judge_metrics(out, current, baseline, policy, options);
  note_not_checked(out, current);
  if (out.results.empty()) throw Error(policy.source, "the policy disables every metric: nothing to check");
  if (std::none_of(out.results.begin(), out.results.end(),
                   [](const CheckResult& r) { return r.status != CheckStatus::insufficient; })) {
    if (options.match == MatchPeriods::all) throw Error(current.source, "no metric in common with the baseline");
    no_like_period(out, current, baseline, options);
    return out;
  }
  gate_without_db_time(out, baseline, policy, options);
  // A policy that can never fail is said in the warnings and on the first line (what --nagios shows, and -q on a warn).
  const std::string never = policy_cannot_fail(policy);
  if (!never.empty()) out.warnings.push_back(fmt::format("the policy {} can never fail the check: {}", policy.source, never));
  const std::string policy_note = never.empty() ? "" : fmt::format("the policy {} can never fail the check", policy.source);
  out.policy = policy_table(policy);

  // The rules that temper each status (check_rules.cpp): the load, the cost per unit, idle periods, what a DBA acts
  // on, storms.
  const LoadRules load = detail::apply_check_rules(out.results, current, policy, storm);
  const CheckResult* dbt = find_result(out.results, "db_time_per_s");
  for (const auto& r : out.results) {
    if (r.status == CheckStatus::fail) out.status = CheckStatus::fail;
    else if (r.status == CheckStatus::warn && out.status != CheckStatus::fail) out.status = CheckStatus::warn;
  }
  if (out.status == CheckStatus::ok && dbt && dbt->status == CheckStatus::improved) out.status = CheckStatus::improved;

  compare_with_typical(out, current, baseline, policy, options);
  check_headline(out, current, options, load, policy_note, storm);
  out.comparison.tables.insert(out.comparison.tables.begin(), detail::check_table(out, baseline, policy));
  // For the renderers: DB time per second against the baseline's centre and band, typed (the check card).
  const auto dbt_row =
      std::find_if(out.results.begin(), out.results.end(), [](const CheckResult& r) { return r.key == "db_time_per_s"; });
  if (dbt_row != out.results.end())
    out.comparison.check_db_time =
        DbTimeBand{dbt_row->current, dbt_row->baseline.median ? dbt_row->baseline.median : dbt_row->baseline.mean,
                   dbt_row->band_low, dbt_row->band_high};
  detail::add_check_charts(out, baseline);
  out.storm = storm.words;
  return out;
}

}  // namespace awrdiff
