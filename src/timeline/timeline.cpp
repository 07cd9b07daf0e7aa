// "Since when?": the timeline of one series of periods and its change points (include/awrdiff/timeline.hpp,
// docs/timeline.md).
#include <awrdiff/check.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/stats.hpp>
#include <awrdiff/timeline.hpp>

#include "diff/charts.hpp"
#include "diff/facts.hpp"
#include "timeline/timeline_episodes.hpp"

#include <awrdiff/sql_text.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace awrdiff {

std::vector<std::string> default_timeline_metrics() {
  return {"db_time_per_s", "db_time_per_exec_ms",   "db_time_per_txn_s",         "db_time_per_call_ms", "db_cpu_per_s",
          "non_cpu_per_s", "load_profile.executes", "load_profile.transactions", "log_file_sync_ms",    "single_block_read_ms"};
}

void add_report_detail(TimelinePeriod& period, const Snapshot& s, std::size_t top) {
  static_cast<PeriodDetail&>(period) = period_detail(s, top);
}

namespace {

// "2023-10-02T15:00:00" -> "2023-10-02 15:00".
std::string when(const std::string& iso) {
  std::string s = iso.substr(0, 16);
  if (s.size() > 10 && s[10] == 'T') s[10] = ' ';
  return s;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Shift {
  std::string key, label, unit;
  std::size_t period = 0;  // index into the periods kept (valid, sorted) where the new level starts
  double before = 0, after = 0;
  bool last = false;  // the new level is the latest period alone: not yet known to stay
  bool points = false;  // the metric is a percentage: its change is in points
  bool with_load = false;  // DB time per second moved with the load (load_explains)
  ChangeKind kind = ChangeKind::changed;  // as assessed by the registry; neutral where the load explains it
};

// A short series: a split after which every value lies beyond every value before by 2x or more, found with at least
// `min_seg` values before it where the series allows (else 1) and 1 after, then placed at the first period of the new
// level: the earliest split that still parts the series so (a ramp 11.5 -> 62 -> 165 AAS steps at 62, where the
// storm begins, not at 165). A smaller `min_seg` can only allow more splits.
std::optional<ChangePoint> short_series_split(const std::vector<double>& v, std::size_t min_seg) {
  // +1: every value after `at` is 2x every value before it; -1: every value before is 2x every value after; 0: neither.
  auto parts = [&](std::size_t at) {
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(at);
    const auto lo_max = *std::max_element(v.begin(), mid), lo_min = *std::min_element(v.begin(), mid);
    const auto hi_max = *std::max_element(mid, v.end()), hi_min = *std::min_element(mid, v.end());
    if (hi_min >= 2 * lo_max && hi_min > 0) return 1;
    if (lo_min >= 2 * hi_max && lo_min > 0) return -1;
    return 0;
  };
  for (std::size_t at = std::max<std::size_t>(1, std::min(min_seg, v.size() - 1)); at < v.size(); ++at) {
    const int dir = parts(at);
    if (dir == 0) continue;
    while (at > 1 && parts(at - 1) == dir) --at;
    const auto mid = v.begin() + static_cast<std::ptrdiff_t>(at);
    ChangePoint c;
    c.index = at;
    c.median_before = median({v.begin(), mid});
    c.median_after = median({mid, v.end()});
    return c;
  }
  return std::nullopt;
}

std::string files_of(const std::vector<const TimelinePeriod*>& kept, std::size_t from, std::size_t to) {
  std::string out;
  std::set<std::string> seen;
  for (std::size_t i = from; i < to && i < kept.size(); ++i) {
    const auto& f = kept[i]->source;
    if (f.empty() || !seen.insert(f).second) continue;
    if (!out.empty()) out += ' ';
    out += f.find_first_of(" '\"") == std::string::npos ? f : "'" + f + "'";
  }
  return out;
}

// An instance restart between two periods: the startup time changed, or the caller says so of the later one.
bool restarted(const TimelinePeriod& before, const TimelinePeriod& p) {
  return p.restart_before || (!p.startup_time.empty() && !before.startup_time.empty() && p.startup_time != before.startup_time);
}

// The periods listed and those kept for the series (valid, spanning no other), with what is known of each kept one.
struct Series {
  std::vector<std::size_t> spans_others;  // per period listed: how many other periods it spans (left out when any)
  std::vector<const TimelinePeriod*> kept;
  std::vector<std::size_t> kept_at, kept_of;  // kept[i] is periods[kept_at[i]]; kept_of[j]: its i, else periods.size()
  std::vector<bool> restart_kept;  // per kept period: the instance restarted since the kept period before it
  std::size_t day = 0;  // a day of periods (from their median elapsed time, at least 2)
  std::size_t min_seg = 0;  // periods on each side of a change point at least
  std::vector<std::optional<int>> like_key;  // per kept period: like_period_key under --match
};

void sort_by_begin(std::vector<TimelinePeriod>& periods) {
  std::stable_sort(periods.begin(), periods.end(), [](const TimelinePeriod& a, const TimelinePeriod& b) {
    if (a.begin_epoch && b.begin_epoch && *a.begin_epoch != *b.begin_epoch) return *a.begin_epoch < *b.begin_epoch;
    return a.begin_time < b.begin_time;
  });
}

// A period that spans others (a report of a whole day beside the hourly ones) is no sample of the series: it is
// listed, flagged, and left out with the invalid ones. Only the periods that begin from its begin to its end are
// looked at (by begin time): a year of hourly periods is no 77 million comparisons.
std::vector<std::size_t> count_spanned(const std::vector<TimelinePeriod>& periods) {
  std::vector<std::size_t> spans_others(periods.size(), 0), by_begin(periods.size());
  for (std::size_t i = 0; i < by_begin.size(); ++i) by_begin[i] = i;
  std::stable_sort(by_begin.begin(), by_begin.end(),
                   [&](std::size_t a, std::size_t b) { return periods[a].begin_time < periods[b].begin_time; });
  for (std::size_t i = 0; i < periods.size(); ++i) {
    if (!periods[i].valid || periods[i].end_time.empty()) continue;
    auto y = std::lower_bound(by_begin.begin(), by_begin.end(), periods[i].begin_time,
                              [&](std::size_t a, const std::string& b) { return periods[a].begin_time < b; });
    for (; y != by_begin.end() && periods[*y].begin_time <= periods[i].end_time; ++y) {
      const std::size_t j = *y;
      if (i != j && periods[j].valid && periods[j].end_time <= periods[i].end_time && !periods[j].begin_time.empty() &&
          (periods[i].begin_time != periods[j].begin_time || periods[i].end_time != periods[j].end_time))
        ++spans_others[i];
    }
  }
  return spans_others;
}

Series keep_periods(const std::vector<TimelinePeriod>& periods, const TimelineOptions& options) {
  Series s;
  s.spans_others = count_spanned(periods);
  s.kept_of.assign(periods.size(), periods.size());
  for (std::size_t i = 0; i < periods.size(); ++i)
    if (periods[i].valid && s.spans_others[i] == 0) {
      s.kept_of[i] = s.kept.size();
      s.kept.push_back(&periods[i]);
      s.kept_at.push_back(i);
    }
  // Instance restarts, between the periods listed and between the periods kept: the startup time changed, or the caller
  // says so of a period (of one left out between two kept ones too: the restart is carried, not lost with it).
  s.restart_kept.assign(s.kept.size(), false);
  for (std::size_t i = 1; i < s.kept.size(); ++i) {
    s.restart_kept[i] = restarted(*s.kept[i - 1], *s.kept[i]);
    for (std::size_t j = s.kept_at[i - 1] + 1; j < s.kept_at[i]; ++j)
      s.restart_kept[i] = s.restart_kept[i] || periods[j].restart_before;
  }
  // A day of periods (from their median elapsed time, at least 2): the default minimum segment, and the length under
  // four times which a series is short (whatever --min-segment says, so that a smaller one only allows more shifts).
  std::vector<double> el;
  for (const auto* p : s.kept)
    if (p->elapsed_s && *p->elapsed_s > 0) el.push_back(*p->elapsed_s);
  const double e = el.empty() ? 3600 : median(el);
  s.day = std::max<std::size_t>(2, static_cast<std::size_t>(std::lround(86400 / std::max(e, 60.0))));
  s.min_seg = options.min_segment > 0 ? options.min_segment : s.day;
  // Like periods (--match): check's (like_period_key), read once per period.
  for (const auto* p : s.kept) s.like_key.push_back(like_period_key(options.match, p->begin_time));
  return s;
}

// With --match, a long series is searched among like periods: each value is taken against the median of its like
// periods (the same hour, or weekday and hour: as a ratio to it, or a difference where a centre is 0) and put back on
// the series' median, so that a day's or a week's cycle is no step and a step is found in every hour alike. Only where every
// like group holds at least 3 values (else the values as they are); the medians either side of a shift are then of the adjusted
// values. `at`: each value's index into the kept periods.
std::vector<double> like_adjusted(const std::vector<double>& v, const std::vector<std::size_t>& at, const Series& series,
                                  MatchPeriods match) {
  const auto& like_key = series.like_key;
  if (match == MatchPeriods::all) return v;
  std::map<int, std::vector<double>> groups;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!like_key[at[i]]) return v;
    groups[*like_key[at[i]]].push_back(v[i]);
  }
  std::map<int, double> centre;
  for (auto& [g, values] : groups) {
    if (values.size() < 3) return v;
    centre[g] = median(values);
  }
  const double overall = median(v);
  const bool ratio = std::all_of(centre.begin(), centre.end(), [](const auto& g) { return g.second > 0; });
  std::vector<double> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double like = centre[*like_key[at[i]]];
    out[i] = ratio ? v[i] / like * overall : v[i] - like + overall;  // a step's ratio kept where every centre is above 0
  }
  return out;
}

// A cost per unit of work (DB time per execution ...) whose load fell to almost nothing on one side of a split (kept
// periods [from, split) and [split, to)): its median there under a tenth of the other side's. Per execution of almost
// no executions means little: such a shift is no shift (an idle period after a soak test is not 30x slower).
bool load_collapsed(const Series& series, const MetricSpec& spec, std::size_t from, std::size_t split, std::size_t to) {
  if (spec.per_unit.load.empty()) return false;
  const std::string load(spec.per_unit.load);
  std::vector<double> before, after;
  for (std::size_t i = from; i < to && i < series.kept.size(); ++i) {
    const auto it = series.kept[i]->values.find(load);
    if (it != series.kept[i]->values.end() && std::isfinite(it->second)) (i < split ? before : after).push_back(it->second);
  }
  if (before.empty() || after.empty()) return false;
  const double b = median(before), a = median(after);
  return a < 0.1 * b || b < 0.1 * a;
}

// The sustained shifts of every metric (its change points that the registry finds material), metric by metric in the
// order given; `searched` gets the keys with a series (two values or more).
std::vector<Shift> find_shifts(const Series& series, const std::vector<std::string>& keys, const TimelineOptions& options,
                               std::set<std::string>& searched) {
  const auto& kept = series.kept;
  std::vector<Shift> shifts;
  for (const auto& key : keys) {
    const MetricSpec* spec = find_metric(key);
    if (!spec) continue;
    std::vector<double> v;
    std::vector<std::size_t> at;  // index into kept
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const auto it = kept[i]->values.find(key);
      if (it == kept[i]->values.end() || !std::isfinite(it->second)) continue;
      v.push_back(it->second);
      at.push_back(i);
    }
    if (v.size() < 2) continue;
    searched.insert(key);
    std::vector<ChangePoint> cps;
    if (v.size() >= 2 * series.min_seg) {
      ChangePointOptions o;
      o.min_segment = series.min_seg;
      o.abs_floor = spec->abs_floor;
      o.min_rel_change = spec->points ? 0 : std::max(0.2, spec->rel_floor_pct / 100);  // a percentage: its floor in points
      cps = find_change_points(like_adjusted(v, at, series, options.match), o);
    }
    if (cps.empty() && v.size() < 4 * series.day)
      if (auto s = short_series_split(v, std::min<std::size_t>(series.min_seg, 2))) cps.push_back(*s);
    for (std::size_t ci = 0; ci < cps.size(); ++ci) {
      const auto& cp = cps[ci];
      if (!assess(*spec, cp.median_before, cp.median_after).material()) continue;
      const std::size_t from = ci > 0 ? at[cps[ci - 1].index] : 0, to = ci + 1 < cps.size() ? at[cps[ci + 1].index] : kept.size();
      if (load_collapsed(series, *spec, from, at[cp.index], to)) continue;
      shifts.push_back({std::string(spec->key), std::string(spec->display), std::string(spec->unit), at[cp.index],
                        cp.median_before, cp.median_after, cp.index + 1 == v.size(), spec->points, false,
                        assess(*spec, cp.median_before, cp.median_after).kind});
    }
  }
  return shifts;
}

// A shift of a total that has costs per unit of work in the registry (DB time per second: per execution, per
// transaction, per user call) with the load (some load shifted the same way at the same period, and the costs per
// unit did not all move with it: the end of a soak test) is the load's, neutral: the comparison's rule
// (load_explains), on the shifts found.
void mark_shifts_with_load(std::vector<Shift>& shifts, const std::set<std::string>& searched) {
  for (auto& s : shifts) {
    const auto costs = unit_costs(s.key);
    if (costs.empty()) continue;
    const bool up = s.after > s.before;
    auto moved = [&](std::string_view key) -> std::optional<int> {  // +1 with the total, -1 against, 0 held; empty: unknown
      if (searched.count(std::string(key)) == 0) return std::nullopt;
      for (const auto& o : shifts)
        if (o.key == key && o.period == s.period) return (o.after > o.before) == up ? 1 : -1;
      return 0;
    };
    std::vector<detail::UnitMove> moves;
    for (const MetricSpec* cost : costs) {
      detail::UnitMove m;
      m.load_with = moved(cost->per_unit.load).value_or(0) == 1;
      m.cost = moved(cost->key);
      moves.push_back(m);
    }
    if (detail::load_explains(moves)) {
      s.with_load = true;
      s.kind = ChangeKind::changed;
    }
  }
}

// The episodes of DB time per second (find_episodes), less those that lasted into a new level where a shift of DB time
// per second begins in them: that shift tells it.
std::vector<detail::Episode> episodes_of(const Series& series, const std::vector<Shift>& shifts, MatchPeriods match) {
  std::vector<detail::Episode> out;
  for (auto& e : detail::find_episodes(series.kept, series.day, series.min_seg, match)) {
    const bool told = e.new_level && std::any_of(shifts.begin(), shifts.end(), [&](const Shift& s) {
                        return s.key == detail::k_episode_metric && s.period >= e.first && s.period <= e.last;
                      });
    if (told) continue;
    for (std::size_t j = e.first; j <= (e.next ? *e.next : e.last); ++j)
      if (series.restart_kept[j]) e.restarts.push_back(j);
    out.push_back(std::move(e));
  }
  return out;
}

// "DB time per second stepped up 11.6x at 2023-10-02 15:00, after an instance restart at 14:45, and stayed (14.3 ->
// 165 AAS, medians)".
std::string describe(const Shift& s, const Series& series) {
  const auto& kept = series.kept;
  const double ratio = s.before > 0 ? s.after / s.before : 0;
  const std::string size =
      s.points ? fmt::format(" {} pts", detail::grouped_figure(std::fabs(s.after - s.before)))  // a percentage
      : s.before > 0 && s.after > 0
          ? (ratio >= 1 ? fmt::format(" {}x", detail::grouped_figure(ratio)) : fmt::format(" {:.0f}%", (1 - ratio) * 100))
          : "";
  const TimelinePeriod& p = *kept[s.period];
  std::string restart;
  if (series.restart_kept[s.period]) {
    // "after an instance restart at 05:45" (the date too when it is not the shift's day).
    const bool new_startup = s.period > 0 && p.startup_time != kept[s.period - 1]->startup_time;
    const std::string at = new_startup ? when(p.startup_time) : std::string();
    const bool same_day = at.size() == 16 && at.substr(0, 10) == when(p.begin_time).substr(0, 10);
    restart = at.empty() ? ", after an instance restart,"
                         : fmt::format(", after an instance restart at {},", same_day ? at.substr(11) : at);
  }
  return fmt::format("{} stepped {}{}{} at {}{} {} ({} -> {} {}, medians)", s.label, s.after > s.before ? "up" : "down", size,
                     s.with_load ? " with the load" : "", when(p.begin_time), restart,
                     s.last ? "in the latest period (not yet known to last)" : "and stayed", detail::grouped_figure(s.before),
                     detail::grouped_figure(s.after), s.unit);
}

// The statement that leads the new level from `from` on: the most elapsed time per second summed over the periods
// since, told as medians over the lists that name it (a list that does not name a statement says it is below its
// cut-off there, not 0): "; the top SQL since then: 6frynf9v1m655 (...) 1.9 AAS (median of 2 periods), not in the 4
// lists before", or "..., was 0.22 AAS (2 of 2 lists before, median)". Empty when no period since carries its top SQL.
std::string top_sql_since(const Series& series, std::size_t from) {
  const auto& kept = series.kept;
  struct Seen {
    std::vector<double> after, before;
    double sum = 0;
    const TimelineSql* q = nullptr;
  };
  std::map<std::string, Seen> by_id;
  std::size_t n_before = 0;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (kept[i]->top_sql.empty()) continue;
    if (i < from) ++n_before;
    for (const auto& q : kept[i]->top_sql) {
      auto& e = by_id[q.sql_id];
      (i >= from ? e.after : e.before).push_back(q.elapsed_per_s);
      if (i >= from) e.sum += q.elapsed_per_s;
      if (!e.q || i >= from) e.q = &q;
    }
  }
  const std::pair<const std::string, Seen>* top = nullptr;
  for (const auto& e : by_id)
    if (!e.second.after.empty() && (!top || e.second.sum > top->second.sum)) top = &e;
  if (!top) return {};
  const Seen& t = top->second;
  std::string text = t.q->text.substr(0, 40);
  if (t.q->text.size() > 40) text += "…";
  std::string out =
      fmt::format("; the top SQL since then: {}{} {} AAS ({})", top->first, text.empty() ? "" : " (" + text + ")",
                  detail::grouped_figure(median(t.after)),
                  t.after.size() == 1 ? std::string("1 period") : fmt::format("median of {} periods", t.after.size()));
  if (n_before == 0) return out;
  if (t.before.empty()) return out + fmt::format(", not in the {} list{} before", n_before, n_before == 1 ? "" : "s");
  return out + fmt::format(", was {} AAS ({} of {} lists before, median)", detail::grouped_figure(median(t.before)),
                           t.before.size(), n_before);
}

// The headline: the latest shift of the first metric (in the order given: DB time per second first by default) that
// has one, what shifted with it and the top SQL since; else that none was found.
std::string headline(const std::string& name, const Series& series, const std::vector<Shift>& shifts,
                     const std::vector<std::string>& keys, const std::vector<detail::Episode>& episodes) {
  const auto& kept = series.kept;
  const Shift* lead = nullptr;
  for (const auto& key : keys) {
    for (const auto& s : shifts)
      if (s.key == key && (!lead || s.period > lead->period)) lead = &s;
    if (lead) break;
  }
  const std::string span = kept.empty() ? std::string()
                                        : fmt::format("{} period{}, {} .. {}", kept.size(), kept.size() == 1 ? "" : "s",
                                                      when(kept.front()->begin_time), when(kept.back()->end_time));
  if (kept.empty()) return fmt::format("No valid period of {} to draw", name);
  // The latest episode, unless a shift begins after it ended.
  if (!episodes.empty() && (!lead || lead->period <= episodes.back().last))
    return fmt::format("{} ({} of {})", detail::describe_episode(episodes.back(), kept), span, name);
  if (!lead) return fmt::format("No sustained shift in {} of {}", span, name);
  std::string out = describe(*lead, series);
  std::vector<std::string> others;
  for (const auto& s : shifts)
    if (&s != lead && s.period == lead->period && others.size() < 3)
      others.push_back(
          fmt::format("{} {} -> {} {}", s.label, detail::grouped_figure(s.before), detail::grouped_figure(s.after), s.unit));
  if (!others.empty()) out += "; at the same time " + fmt::format("{}", fmt::join(others, ", "));
  out += top_sql_since(series, lead->period);
  out += fmt::format(" ({} of {})", span, name);
  return out;
}

// The shifts in the order the findings and the table of changes give them: latest first, the first metric (in the
// order given) leading each period's.
std::vector<const Shift*> in_order(const std::vector<Shift>& shifts, const std::vector<std::string>& keys) {
  std::vector<const Shift*> order;
  for (const auto& key : keys)
    for (const auto& s : shifts)
      if (s.key == key) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const Shift* a, const Shift* b) { return a->period > b->period; });
  return order;
}

// Findings: one per period where something shifted, latest first: the first metric (in the order given) leads,
// the others shifted with it follow, then the comparison of the periods either side.
std::vector<Finding> shift_findings(const Series& series, const std::vector<const Shift*>& order,
                                    const std::vector<detail::Episode>& episodes) {
  const auto& kept = series.kept;
  std::vector<Finding> out;
  std::vector<std::vector<std::string>> folded(episodes.size());  // per episode: the shifts that begin in it
  auto in_episode = [&](std::size_t period) {
    for (std::size_t e = 0; e < episodes.size(); ++e)
      if (period >= episodes[e].first && period <= episodes[e].last) return e;
    return episodes.size();
  };
  std::vector<std::size_t> at;  // per finding: the period it begins at
  for (std::size_t i = 0; i < order.size();) {
    const Shift* s = order[i];
    if (const std::size_t e = in_episode(s->period); e < episodes.size()) {  // the episode's finding tells it
      for (; i < order.size() && order[i]->period == s->period; ++i) folded[e].push_back(describe(*order[i], series));
      continue;
    }
    at.push_back(s->period);
    Finding f;
    f.rule = "timeline_shift";
    f.direction = s->kind;
    f.title = describe(*s, series);
    std::size_t j = i;
    for (; j < order.size() && order[j]->period == s->period; ++j) {
      const Shift* o = order[j];
      if (j > i)
        f.evidence.push_back(fmt::format("{}: {} -> {} {} (medians)", o->label, detail::grouped_figure(o->before),
                                         detail::grouped_figure(o->after), o->unit));
      f.metrics.push_back({o->key, o->label, o->unit, o->before, o->after});
    }
    const std::size_t from = s->period >= 3 ? s->period - 3 : 0;
    const std::string base = files_of(kept, from, s->period), target = files_of(kept, s->period, s->period + 3);
    if (!base.empty() && !target.empty())
      f.evidence.push_back(fmt::format("compare the periods either side: awrdiff --base {} --target {}", base, target));
    out.push_back(std::move(f));
    i = j;
  }
  // The episodes' findings among the shifts', latest first.
  for (std::size_t e = episodes.size(); e-- > 0;) {
    const auto pos = std::find_if(at.begin(), at.end(), [&](std::size_t p) { return p < episodes[e].first; });
    const auto k = pos - at.begin();
    at.insert(pos, episodes[e].first);
    out.insert(out.begin() + k, detail::episode_finding(episodes[e], kept, folded[e]));
  }
  return out;
}

CompareTable changes_table(const Series& series, const std::vector<const Shift*>& order) {
  CompareTable changes;
  changes.key = "timeline_changes";
  changes.title = "Sustained shifts";
  changes.empty_text = "no sustained shift";
  changes.columns = {{"at", "At", "", ColumnKind::text, 0, ColumnRole::value},
                     {"metric", "Metric", "", ColumnKind::text, 0, ColumnRole::name},
                     {"before", "Median before", "", ColumnKind::number, -1},
                     {"after", "Median after", "", ColumnKind::number, -1},
                     {"unit", "Unit", "", ColumnKind::text, 0, ColumnRole::label},
                     {"change_pct", "Change", "%", ColumnKind::change_pct, 0}};
  for (const Shift* s : order) {
    CompareRow r;
    r.cells = {when(series.kept[s->period]->begin_time),
               s->label,
               s->before,
               s->after,
               s->unit,
               s->points        ? CompareCell(Points{s->after - s->before, {}})
               : s->before != 0 ? CompareCell((s->after - s->before) / std::fabs(s->before) * 100)
                                : CompareCell(FromZero{})};
    changes.rows.push_back(std::move(r));
  }
  return changes;
}

// The Periods table: one row per period listed (its times, snaps, the metrics, the check outcome, flags); of a long
// series, the latest max_rows and those where something shifts (the chart shows them all).
CompareTable periods_table(const std::vector<TimelinePeriod>& periods, const Series& series, const std::vector<Shift>& shifts,
                           const std::vector<std::string>& keys, const TimelineOptions& options) {
  const auto& kept = series.kept;
  CompareTable t;
  t.key = "timeline";
  t.title = "Periods";
  t.columns = {{"begin", "Begin", "", ColumnKind::text, 0, ColumnRole::value},
               {"end", "End", "", ColumnKind::text, 0, ColumnRole::value},
               {"snaps", "Snaps", "", ColumnKind::text, 0, ColumnRole::label}};
  for (const auto& key : keys)
    if (const MetricSpec* spec = find_metric(key))
      t.columns.push_back({std::string(spec->key), std::string(spec->display), std::string(spec->unit), ColumnKind::number, -1});
  t.columns.push_back({"check", "Check", "", ColumnKind::text, 0, ColumnRole::assessment});
  t.columns.push_back({"flags", "Flags", "", ColumnKind::text, 0, ColumnRole::detail});
  for (std::size_t pi = 0; pi < periods.size(); ++pi) {
    const auto& p = periods[pi];
    CompareRow r;
    r.cells.push_back(when(p.begin_time));
    // The end's time alone when it is the begin's day (a narrower table).
    const std::string end = when(p.end_time);
    r.cells.push_back(end.size() == 16 && end.compare(0, 10, when(p.begin_time), 0, 10) == 0 ? end.substr(11) : end);
    r.cells.push_back(p.begin_snap || p.end_snap ? fmt::format("{}-{}", p.begin_snap ? std::to_string(*p.begin_snap) : "?",
                                                               p.end_snap ? std::to_string(*p.end_snap) : "?")
                                                 : std::string());
    for (const auto& key : keys) {
      if (!find_metric(key)) continue;
      const auto it = p.values.find(key);
      r.cells.push_back(it != p.values.end() && std::isfinite(it->second) ? CompareCell(it->second) : CompareCell());
    }
    r.cells.push_back(p.check_status);
    std::vector<std::string> flags;
    const std::size_t spans = series.spans_others[pi];
    if (!p.valid) flags.push_back("invalid (left out)");
    if (p.valid && spans > 0) flags.push_back(fmt::format("spans {} other period{} (left out)", spans, spans == 1 ? "" : "s"));
    if (series.kept_of[pi] < kept.size() ? series.restart_kept[series.kept_of[pi]] : pi > 0 && restarted(periods[pi - 1], p))
      flags.push_back("instance restarted before it");
    for (const auto& s : shifts)
      if (kept[s.period] == &p) flags.push_back(fmt::format("{} shifts here", s.label));
    r.cells.push_back(fmt::format("{}", fmt::join(flags, "; ")));
    t.rows.push_back(std::move(r));
  }
  // A long series: the latest periods and those where something shifts (the chart shows them all).
  if (options.max_rows > 0 && t.rows.size() > options.max_rows) {
    const std::size_t n = t.rows.size(), keep_from = n - options.max_rows;
    std::vector<CompareRow> rows;
    for (std::size_t i = 0; i < n; ++i) {
      const auto* flags = std::get_if<std::string>(&t.rows[i].cells.back());
      if (i >= keep_from || (flags && flags->find("shifts here") != std::string::npos)) rows.push_back(std::move(t.rows[i]));
    }
    t.notes.push_back(
        fmt::format("{} of {} periods listed: the latest {} and those where something shifts (-f json of "
                    "`awrdiff history export` gives every value)",
                    rows.size(), n, options.max_rows));
    t.rows = std::move(rows);
  }
  return t;
}

// Where the lines and areas break, per kept period: an instance restart, or a gap in time (a period missing or left out).
std::vector<bool> breaks_before(const Series& series) {
  const auto& kept = series.kept;
  std::vector<bool> out(kept.size(), false);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (series.restart_kept[i]) out[i] = true;
    if (i == 0) continue;
    const auto* a = kept[i - 1];
    const auto* b = kept[i];
    if (a->begin_epoch && b->begin_epoch && a->elapsed_s && *a->elapsed_s > 0) {
      const double end = static_cast<double>(*a->begin_epoch) + *a->elapsed_s;
      if (static_cast<double>(*b->begin_epoch) - end > std::max(120.0, 0.5 * *a->elapsed_s)) out[i] = true;
    }
  }
  return out;
}

// The parts of the stacked chart by the largest value in any period (DB CPU first); of more than six classes, those
// too small to see anywhere (under 1% of the tallest DB time, and under 5% of their own period's in every period) are
// left out of `shown` and drawn together (`any_rest`).
void stacked_parts(const Series& series, std::vector<std::string>& shown, bool& any_rest) {
  std::vector<std::pair<std::string, double>> names;  // by the largest value in any period
  std::map<std::string, double> top_share;  // the largest share of its period's DB time, %
  double largest_total = 0;
  for (const auto* p : series.kept) {
    const auto total = p->values.find("db_time_per_s");
    if (total != p->values.end()) largest_total = std::max(largest_total, total->second);
    for (const auto& part : p->db_time_parts) {
      auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == part.name; });
      if (it == names.end()) names.emplace_back(part.name, part.aas);
      else it->second = std::max(it->second, part.aas);
      if (total != p->values.end() && total->second > 0)
        top_share[part.name] = std::max(top_share[part.name], part.aas / total->second * 100);
    }
  }
  std::stable_sort(names.begin(), names.end(), [](const auto& a, const auto& b) {
    return (a.first == "DB CPU") != (b.first == "DB CPU") ? a.first == "DB CPU" : a.second > b.second;
  });
  any_rest = false;
  for (const auto& [name, peak] : names) {
    if (name != "DB CPU" && peak < 0.01 * largest_total && top_share[name] < 5 && names.size() > 6) any_rest = true;
    else shown.push_back(name);
  }
}

// Where DB time goes over time: DB CPU and each wait class per period, stacked.
Chart db_time_chart(const Series& series, const std::vector<bool>& break_before) {
  const auto& kept = series.kept;
  Chart stack;
  stack.key = "timeline_db_time";
  stack.title = "Where DB time goes over time (average active sessions)";
  stack.kind = ChartKind::stacked_series;
  stack.unit = "AAS";
  std::vector<std::string> shown;
  bool any_rest = false;
  stacked_parts(series, shown, any_rest);
  for (const auto& name : shown)
    stack.series.push_back({name, "AAS", {}, {}, {}, {}, {}, {}, detail::class_colour(name), {}, {}});
  if (any_rest) stack.series.push_back({"Other wait classes", "AAS", {}, {}, {}, {}, {}, {}, "#b39ddb", {}, {}});
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const auto* p = kept[i];
    stack.categories.push_back(when(p->begin_time));
    stack.breaks_before.push_back(break_before[i]);
    const auto total = p->values.find("db_time_per_s");
    stack.totals.push_back(total != p->values.end() && std::isfinite(total->second) ? OptDouble(total->second) : std::nullopt);
    const bool has = !p->db_time_parts.empty();
    double rest = 0;
    for (auto& cs : stack.series) cs.values.push_back(has ? OptDouble(0.0) : std::nullopt);
    for (const auto& part : p->db_time_parts) {
      const auto at = std::find(shown.begin(), shown.end(), part.name);
      if (at != shown.end()) *stack.series[static_cast<std::size_t>(at - shown.begin())].values.back() += part.aas;
      else rest += part.aas;
    }
    if (any_rest && has) *stack.series.back().values.back() += rest;
  }
  stack.notes.push_back(
      "DB CPU, each non-idle wait class (foreground waits where the reports give them) and the time outside DB CPU "
      "and waits, per second of elapsed, stacked; the line is DB time per second. Breaks: an instance restart, or a "
      "gap in time.");
  if (std::any_of(kept.begin(), kept.end(), [](const TimelinePeriod* p) { return p->db_time_parts.empty(); }))
    stack.notes.push_back("Periods without their report's detail (stored without their snapshot) are left blank.");
  return stack;
}

// The stacked chart's figures per period, the rows a long series lists: the latest max_rows and those where something
// shifts.
CompareTable db_time_table(const Series& series, const Chart& stack, const std::vector<Shift>& shifts,
                           const TimelineOptions& options) {
  const auto& kept = series.kept;
  auto shifts_at = [&](const TimelinePeriod* p) {
    return std::any_of(shifts.begin(), shifts.end(), [&](const Shift& s) { return kept[s.period] == p; });
  };
  auto listed = [&](std::size_t i) { return options.max_rows == 0 || i + options.max_rows >= kept.size() || shifts_at(kept[i]); };
  CompareTable dt;
  dt.key = "timeline_db_time";
  dt.title = "Where DB time goes, per period";
  dt.columns = {{"begin", "Begin", "", ColumnKind::text, 0, ColumnRole::value},
                {"db_time_per_s", "DB time", "AAS", ColumnKind::number, -1}};
  for (const auto& cs : stack.series) dt.columns.push_back({cs.name, cs.name, "AAS", ColumnKind::number, -1});
  std::size_t listed_n = 0;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!listed(i)) continue;
    ++listed_n;
    CompareRow r;
    r.cells.push_back(stack.categories[i]);
    r.cells.push_back(stack.totals[i] ? CompareCell(*stack.totals[i]) : CompareCell());
    for (const auto& cs : stack.series) r.cells.push_back(cs.values[i] ? CompareCell(*cs.values[i]) : CompareCell());
    dt.rows.push_back(std::move(r));
  }
  if (listed_n < kept.size())
    dt.notes.push_back(
        fmt::format("{} of {} periods listed: the latest {} and those where something shifts (the chart "
                    "and -f json's chart give them all)",
                    listed_n, kept.size(), options.max_rows));
  return dt;
}

// A statement of the top SQL over time: its sql_ids (one, or several of the same text signature) and, per kept period
// whose lists name it, its elapsed per second (AAS) and % of DB time.
struct Statement {
  std::vector<std::string> ids;
  std::string text;
  std::map<std::size_t, std::pair<double, OptDouble>> at;  // kept index -> AAS, % of DB time
};

// The statements of the periods' top SQL (`with_lists`: the kept periods that carry it), matched by sql_id, and across
// sql_ids by their text's signature (literals that became binds, or literal SQL under a new id each time), as the
// pairwise comparison matches them.
std::vector<Statement> statements_over_time(const Series& series, const std::vector<std::size_t>& with_lists) {
  std::vector<Statement> statements;
  std::map<std::string, std::size_t> by_id, by_signature;
  for (const std::size_t i : with_lists)
    for (const auto& q : series.kept[i]->top_sql) {
      std::size_t g;
      if (const auto it = by_id.find(q.sql_id); it != by_id.end()) g = it->second;
      else {
        // The key of the whole text's signature: the stored detail's (its text cut), else the text's.
        const std::string sig = q.signature_key ? *q.signature_key : sql_signature_key(q.text);
        const auto sit = !sig.empty() ? by_signature.find(sig) : by_signature.end();
        if (sit != by_signature.end()) {
          g = sit->second;
          statements[g].ids.push_back(q.sql_id);
        } else {
          g = statements.size();
          statements.push_back({{q.sql_id}, q.text, {}});
          if (!sig.empty()) by_signature.emplace(sig, g);
        }
        by_id.emplace(q.sql_id, g);
      }
      auto& e = statements[g].at[i];
      e.first += q.elapsed_per_s;
      if (q.pct_db_time) e.second = e.second.value_or(0) + *q.pct_db_time;
      if (statements[g].text.empty()) statements[g].text = q.text;
    }
  return statements;
}

// What a statement did over the periods whose lists were read: enters, is in the lists once, grows, shrinks, leaves.
std::string course_of(const Statement& s, const Series& series, const std::vector<std::size_t>& with_lists) {
  const auto& kept = series.kept;
  const std::size_t first = s.at.begin()->first, last = s.at.rbegin()->first;
  std::vector<std::string> course;
  if (first == last && first > with_lists.front() && last < with_lists.back())
    course.push_back("in the lists at " + when(kept[first]->begin_time) + " only");
  else if (first > with_lists.front()) course.push_back("enters the lists at " + when(kept[first]->begin_time));
  if (s.at.size() >= 4) {
    std::vector<double> v;
    for (const auto& [i, x] : s.at) v.push_back(x.first);
    const std::size_t h = v.size() / 2;
    const double early = median({v.begin(), v.begin() + static_cast<std::ptrdiff_t>(h)});
    const double late = median({v.begin() + static_cast<std::ptrdiff_t>(h), v.end()});
    if (early > 0 && late >= 2 * early)
      course.push_back(fmt::format("grows {}x (medians where listed)", detail::grouped_figure(late / early)));
    else if (late > 0 && early >= 2 * late)
      course.push_back(fmt::format("shrinks {:.0f}% (medians where listed)", (1 - late / early) * 100));
  }
  if (last < with_lists.back() && !(first == last && first > with_lists.front()))
    course.push_back("leaves the lists after " + when(kept[last]->begin_time));
  if (course.empty()) course.push_back(s.at.size() == with_lists.size() ? "in every period's list" : "in and out of the lists");
  return fmt::format("{}", fmt::join(course, "; "));
}

// "Top SQL over time": the 15 statements with the highest peak; empty when no period carries its top SQL.
std::optional<CompareTable> top_sql_table(const Series& series) {
  const auto& kept = series.kept;
  std::vector<std::size_t> with_lists;
  for (std::size_t i = 0; i < kept.size(); ++i)
    if (!kept[i]->top_sql.empty()) with_lists.push_back(i);
  if (with_lists.empty()) return std::nullopt;
  std::size_t longest = 0;
  for (const std::size_t i : with_lists) longest = std::max(longest, kept[i]->top_sql.size());
  const std::vector<Statement> statements = statements_over_time(series, with_lists);
  struct Ranked {
    const Statement* s;
    double peak = 0;
    std::size_t peak_at = 0;
  };
  std::vector<Ranked> ranked;
  for (const auto& st : statements) {
    Ranked r{&st};
    for (const auto& [i, v] : st.at)
      if (v.first > r.peak) r = {&st, v.first, i};
    ranked.push_back(r);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) { return a.peak > b.peak; });
  if (ranked.size() > 15) ranked.resize(15);
  CompareTable st;
  st.key = "timeline_sql";
  st.title = "Top SQL over time";
  st.columns = {{"sql_id", "SQL Id", "", ColumnKind::text, 0, ColumnRole::identifier},
                {"first", "First in the lists", "", ColumnKind::text, 0, ColumnRole::value},
                {"last", "Last in the lists", "", ColumnKind::text, 0, ColumnRole::value},
                {"periods", "Periods listed", "", ColumnKind::text, 0, ColumnRole::label},
                {"peak_aas", "Peak", "AAS", ColumnKind::number, -1},
                {"peak_at", "Peak at", "", ColumnKind::text, 0, ColumnRole::value},
                {"peak_pct_db_time", "Peak % of DB time", "%", ColumnKind::number, 1},
                {"course", "Course", "", ColumnKind::text, 0, ColumnRole::detail},
                {"text", "SQL text", "", ColumnKind::text, 0, ColumnRole::detail}};
  for (const auto& r : ranked) {
    const auto& s = *r.s;
    const std::size_t first = s.at.begin()->first, last = s.at.rbegin()->first;
    std::string id = s.ids.front();
    if (s.ids.size() > 1) id += fmt::format(" (+{} id{}, same text)", s.ids.size() - 1, s.ids.size() == 2 ? "" : "s");
    std::string text = s.text.substr(0, 80);
    if (s.text.size() > 80) text += "…";
    const auto& peak = s.at.at(r.peak_at);
    CompareRow row;
    row.cells = {id,
                 when(kept[first]->begin_time),
                 when(kept[last]->begin_time),
                 fmt::format("{} of {}", s.at.size(), with_lists.size()),
                 r.peak,
                 when(kept[r.peak_at]->begin_time),
                 peak.second ? CompareCell(*peak.second) : CompareCell(),
                 course_of(s, series, with_lists),
                 text};
    st.rows.push_back(std::move(row));
  }
  st.notes.push_back(fmt::format(
      "The {} statements with the highest peak of elapsed time per second (AAS) in each period's SQL ordered by "
      "Elapsed Time (up to {} statements a period), over the {} periods whose lists were read. A statement outside a "
      "period's list is not known there (below the list's cut-off), not 0; growth and shrinkage compare medians where "
      "listed. Ids whose texts have the same signature (literals or binds folded) are one row.",
      st.rows.size(), longest, with_lists.size()));
  return st;
}

// The chart: every metric over the kept periods, with the band check() would draw from the moving window.
Chart metrics_chart(const Series& series, const std::vector<Shift>& shifts, const std::vector<std::string>& keys,
                    const TimelineOptions& options, const std::vector<bool>& break_before) {
  const auto& kept = series.kept;
  const CheckPolicy policy = default_policy();
  Chart ch;
  ch.key = "timeline";
  ch.title = options.match == MatchPeriods::all ? "Over time, with the moving window's band"
             : options.match == MatchPeriods::hour
                 ? "Over time, with the moving window's band (like periods: same hour)"
                 : "Over time, with the moving window's band (like periods: same weekday and hour)";
  ch.kind = ChartKind::series;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    ch.categories.push_back(when(kept[i]->begin_time));
    ch.marks.push_back(kept[i]->check_status);
    ch.breaks_before.push_back(break_before[i]);
  }
  const std::size_t stride = std::max<std::size_t>(1, kept.size() / 600);  // the band at most 600 times a metric
  auto like = [&](std::size_t a, std::size_t b) { return series.like_key[a] && series.like_key[a] == series.like_key[b]; };
  for (const auto& key : keys) {
    const MetricSpec* spec = find_metric(key);
    if (!spec) continue;
    ChartSeries cs;
    cs.name = std::string(spec->display);
    cs.unit = std::string(spec->unit);
    const auto mp = policy.metrics.find(key);
    OptDouble low, high;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const auto it = kept[i]->values.find(key);
      cs.values.push_back(it != kept[i]->values.end() && std::isfinite(it->second) ? OptDouble(it->second) : std::nullopt);
      if (mp != policy.metrics.end() && i % stride == 0) {
        std::vector<double> window;
        for (std::size_t j = i; j-- > 0;) {
          if (kept[i]->begin_epoch && kept[j]->begin_epoch && *kept[i]->begin_epoch - *kept[j]->begin_epoch > options.window_s)
            break;
          if (!like(i, j)) continue;
          const auto v = kept[j]->values.find(key);
          if (v != kept[j]->values.end() && std::isfinite(v->second)) window.push_back(v->second);
        }
        const auto band = window.empty() ? std::nullopt : check_band(detail::summarize_period_values(window), mp->second, policy);
        low = band ? OptDouble(band->low) : std::nullopt;
        high = band ? OptDouble(band->high) : std::nullopt;
      }
      cs.band_low.push_back(low);
      cs.band_high.push_back(high);
    }
    for (const auto& sh : shifts)
      if (sh.key == key) cs.assessment = to_string(sh.kind);
    ch.series.push_back(std::move(cs));
  }
  return ch;
}

}  // namespace

Comparison build_timeline(const std::string& name, std::vector<TimelinePeriod> periods, const TimelineOptions& options,
                          std::vector<TimelineEpisode>* episodes_out) {
  Comparison c;
  c.verdict = Verdict::timeline;
  c.target_source = name;
  sort_by_begin(periods);
  const Series series = keep_periods(periods, options);
  const auto& kept = series.kept;
  const auto keys = options.metrics.empty() ? default_timeline_metrics() : options.metrics;
  std::set<std::string> searched;  // the keys with a series
  std::vector<Shift> shifts = find_shifts(series, keys, options, searched);
  mark_shifts_with_load(shifts, searched);
  const std::vector<detail::Episode> episodes = episodes_of(series, shifts, options.match);
  c.headline = headline(name, series, shifts, keys, episodes);
  const std::vector<const Shift*> order = in_order(shifts, keys);
  c.findings = shift_findings(series, order, episodes);

  std::vector<TimelineEpisode> data;
  for (const auto& e : episodes) data.push_back(detail::episode_data(e, kept));
  if (!data.empty()) c.tables.push_back(detail::episodes_table(data));
  c.tables.push_back(changes_table(series, order));
  if (auto sql = top_sql_table(series)) c.tables.push_back(std::move(*sql));  // before the long tables of periods
  c.tables.push_back(periods_table(periods, series, shifts, keys, options));
  if (!kept.empty()) {
    PeriodInfo info;
    info.role = "Timeline";
    info.database = name;
    info.begin_time = when(kept.front()->begin_time);
    info.end_time = when(kept.back()->end_time);
    info.reports = static_cast<int>(kept.size());
    c.period_info.push_back(std::move(info));
  }
  const std::vector<bool> break_before = breaks_before(series);
  if (std::any_of(kept.begin(), kept.end(), [](const TimelinePeriod* p) { return !p->db_time_parts.empty(); })) {
    Chart stack = db_time_chart(series, break_before);
    c.tables.push_back(db_time_table(series, stack, shifts, options));
    c.charts.push_back(std::move(stack));
  }
  if (!kept.empty()) c.charts.push_back(metrics_chart(series, shifts, keys, options, break_before));
  for (auto& ch : c.charts)  // the episodes, shaded behind both charts
    for (const auto& e : episodes) {
      // "episode 2023-10-02 15:00 .. 21:09 (still on): up to 165 AAS": the end's date only when it is another day.
      const std::string from = when(kept[e.first]->begin_time), to = when(kept[e.last]->end_time);
      const bool same_day = from.size() == 16 && to.size() == 16 && from.compare(0, 10, to, 0, 10) == 0;
      ch.spans.push_back({e.first, e.last,
                          fmt::format("episode {} .. {}{}: up to {} AAS", from, same_day ? to.substr(11) : to,
                                      e.still_on ? " (still on)" : "", detail::grouped_figure(e.peak_aas))});
    }
  if (episodes_out != nullptr) *episodes_out = std::move(data);
  return c;
}

}  // namespace awrdiff
