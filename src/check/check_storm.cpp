// The storm rule of `check`: a period far beyond every stored period (include/awrdiff/check.hpp:
// unlike_periods_multiple, storm_pages; docs/baselines.md "Like periods").
#include "check/check_storm.hpp"

#include "diff/facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string_view>

namespace awrdiff {

namespace detail {

bool same_period(const BaselinePeriod& p, const Snapshot& s) {
  if (!p.begin_snap || !p.end_snap || !s.interval.begin_snap || !s.interval.end_snap) return false;
  if (*p.begin_snap != *s.interval.begin_snap || *p.end_snap != *s.interval.end_snap) return false;
  return !p.instance_number || !report_instance(s) || p.instance_number == report_instance(s);
}

Baseline without_storms(const Snapshot& current, const Baseline& baseline_in) {
  Baseline baseline = baseline_in;
  std::erase_if(baseline.periods, [&](const BaselinePeriod& p) { return same_period(p, current); });
  std::vector<const BaselinePeriod*> by_time;
  for (const auto& p : baseline.periods) by_time.push_back(&p);
  std::stable_sort(by_time.begin(), by_time.end(),
                   [](const BaselinePeriod* a, const BaselinePeriod* b) { return a->begin_time < b->begin_time; });
  std::set<const BaselinePeriod*> storms;
  OptDouble busiest;
  const auto instance = report_instance(current);
  for (const auto* p : by_time) {
    if (instance && p->instance_number && *p->instance_number != *instance) continue;
    const auto v = p->values.find("db_time_per_s");
    if (!p->valid || v == p->values.end() || !std::isfinite(v->second) || v->second < 0) continue;
    if (busiest && v->second > k_idle_aas && v->second >= k_unlike_multiple * *busiest) {
      storms.insert(p);
      continue;
    }
    busiest = std::max(busiest.value_or(0.0), v->second);
  }
  std::vector<BaselinePeriod> kept, left_out;
  for (const auto& p : baseline.periods) (storms.contains(&p) ? left_out : kept).push_back(p);
  baseline.periods = std::move(kept);
  std::erase_if(baseline.snapshots, [&](const Snapshot& s) {
    return std::any_of(left_out.begin(), left_out.end(), [&](const BaselinePeriod& p) { return same_period(p, s); });
  });
  return baseline;
}

std::string storm_multiple(const Snapshot& current, const Baseline& baseline_in, const char* which) {
  const OptDouble aas = current.average_active_sessions();
  if (!aas || !std::isfinite(*aas) || *aas <= k_idle_aas) return {};
  const Baseline baseline = without_storms(current, baseline_in);
  // Every period of the instance, whatever its hour: the busiest is the one the multiple is taken over.
  const auto d = distribution(baseline, "db_time_per_s", MatchPeriods::all, "", report_instance(current));
  if (!d.max || !std::isfinite(*d.max) || *d.max < 0 || *aas < k_unlike_multiple * *d.max) return {};
  const bool other_hours = std::string_view(which) == "other hours";
  const std::string of = d.count == 1
                             ? std::string(other_hours ? "the only period of another hour" : "the only period of the baseline")
                         : d.count > 1 ? fmt::format("the busiest of the {} periods of {}", d.count, which)
                                       : fmt::format("the busiest period of {}", which);
  if (*d.max <= 0) return fmt::format("DB time per second {} AAS where {} had none", grouped_figure(*aas), of);
  return fmt::format("DB time per second {} AAS is {}x {} ({} AAS)", grouped_figure(*aas), grouped(*aas / *d.max, 1), of,
                     grouped_figure(*d.max));
}

}  // namespace detail

std::string unlike_periods_multiple(const Snapshot& current, const Baseline& baseline) {
  return detail::storm_multiple(current, baseline, "other hours");
}

bool storm_pages(const Snapshot& current, const Baseline& baseline, MatchPeriods match, const Baseline* like_periods) {
  const OptDouble aas = current.average_active_sessions();
  if (!aas || *aas < k_storm_page_aas || unlike_periods_multiple(current, baseline).empty()) return false;
  const std::string begin = iso_time(current.interval.begin_time);
  if (match == MatchPeriods::all || begin.empty()) return true;
  // A like period (none left out as a storm) at least a third as busy: a recurring busy hour, judged by its like
  // periods.
  Baseline others = like_periods != nullptr ? *like_periods : baseline;
  std::erase_if(others.periods, [&](const BaselinePeriod& p) { return detail::same_period(p, current); });
  const auto like = distribution(others, "db_time_per_s", match, begin, report_instance(current));
  return !(like.max && std::isfinite(*like.max) && *aas < k_unlike_multiple * *like.max);
}

CheckReport check(const Snapshot& current, const Baseline& baseline, const CheckPolicy& policy, const CheckOptions& options) {
  if (options.match == MatchPeriods::all || !storm_pages(current, baseline, options.match))
    return detail::run_check(current, baseline, policy, options, {});
  // A storm far beyond every stored period pages whatever the like periods say, and when there is none: checked
  // against the periods of every hour (the storms stored earlier left out), so that its causes are named.
  detail::StormPage storm;
  storm.match = options.match;
  const std::string begin = iso_time(current.interval.begin_time);
  Baseline others = baseline;
  std::erase_if(others.periods, [&](const BaselinePeriod& p) { return detail::same_period(p, current); });
  storm.like_periods =
      !begin.empty() && distribution(others, "db_time_per_s", options.match, begin, report_instance(current)).count > 0;
  storm.words = detail::storm_multiple(current, baseline, storm.like_periods ? "every hour" : "other hours");
  CheckOptions every = options;
  every.match = MatchPeriods::all;
  return detail::run_check(current, detail::without_storms(current, baseline), policy, every, storm);
}

}  // namespace awrdiff
