// The episodes of a timeline: runs of periods far above the band of the normal periods before them
// (timeline_episodes.hpp, docs/timeline.md).
#include "timeline/timeline_episodes.hpp"

#include "diff/facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace awrdiff::detail {
namespace {

// The band's top over the normal periods' median m and median absolute deviation d: at least 3x the median, 5 robust
// standard deviations (1.4826 d) and 1 AAS above it (less than one more active session is no storm).
constexpr double k_ratio = 3, k_spread = 5, k_floor_aas = 1;
constexpr std::size_t k_min_run = 2;  // periods in a row at least: one period alone is an outlier, not an episode

std::string when(const std::string& iso) {
  std::string s = iso.substr(0, 16);
  if (s.size() > 10 && s[10] == 'T') s[10] = ' ';
  return s;
}

// The time of `iso`, with its date only when it is not `day`'s ("20:49", "2023-10-03 01:00").
std::string when_on(const std::string& iso, const std::string& day) {
  const std::string w = when(iso);
  return w.size() == 16 && w.compare(0, 10, when(day), 0, 10) == 0 ? w.substr(11) : w;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::optional<double> aas_of(const TimelinePeriod& p) {
  const auto it = p.values.find(std::string(k_episode_metric));
  if (it == p.values.end() || !std::isfinite(it->second)) return std::nullopt;
  return it->second;
}

// The events that grew most in the episode (its mean over the periods that list events, against the median over the
// normal periods before it; a list that does not name an event: 0, it is below the list's cut-off), at most 3, each a
// twentieth of the episode's DB time or more.
std::vector<EpisodeEvent> grown_events(const Episode& e, const std::vector<const TimelinePeriod*>& kept) {
  std::map<std::string, std::vector<double>> during, before;
  std::size_t n_during = 0, n_before = 0;
  double db_time = 0;
  for (std::size_t i = e.first; i <= e.last; ++i) {
    if (kept[i]->top_events.empty()) continue;
    ++n_during;
    db_time += aas_of(*kept[i]).value_or(0);
    for (const auto& ev : kept[i]->top_events) during[ev.name].push_back(ev.aas);
  }
  if (n_during == 0) return {};
  db_time /= static_cast<double>(n_during);
  for (const std::size_t i : e.normal)
    if (!kept[i]->top_events.empty()) ++n_before;
  for (const std::size_t i : e.normal)
    for (const auto& ev : kept[i]->top_events) before[ev.name].push_back(ev.aas);
  std::vector<EpisodeEvent> out;
  for (const auto& [name, v] : during) {
    double sum = 0;
    for (const double x : v) sum += x;
    std::vector<double> b = before[name];
    b.resize(std::max(b.size(), n_before), 0.0);
    EpisodeEvent ev{name, sum / static_cast<double>(n_during), median(b)};
    if (ev.aas - ev.before > 0 && ev.aas >= 0.05 * db_time) out.push_back(ev);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const EpisodeEvent& a, const EpisodeEvent& b) { return a.aas - a.before > b.aas - b.before; });
  if (out.size() > 3) out.resize(3);
  return out;
}

// The statements with the most elapsed time per second in the episode (summed over its periods' lists), at most 2,
// each with its median where listed, in it and before it.
std::vector<EpisodeSql> carrying_sql(const Episode& e, const std::vector<const TimelinePeriod*>& kept) {
  struct Seen {
    std::vector<double> during, before;
    std::string text;
    double sum = 0;
  };
  std::map<std::string, Seen> by_id;
  std::size_t lists = 0, before_lists = 0;
  for (std::size_t i = e.first; i <= e.last; ++i) {
    if (kept[i]->top_sql.empty()) continue;
    ++lists;
    for (const auto& q : kept[i]->top_sql) {
      auto& s = by_id[q.sql_id];
      s.during.push_back(q.elapsed_per_s);
      s.sum += q.elapsed_per_s;
      if (s.text.empty()) s.text = q.text;
    }
  }
  for (const std::size_t i : e.normal) {
    if (kept[i]->top_sql.empty()) continue;
    ++before_lists;
    for (const auto& q : kept[i]->top_sql)
      if (const auto it = by_id.find(q.sql_id); it != by_id.end()) it->second.before.push_back(q.elapsed_per_s);
  }
  std::vector<std::pair<double, std::string>> ranked;
  for (const auto& [id, s] : by_id) ranked.emplace_back(s.sum, id);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<EpisodeSql> out;
  for (const auto& [sum, id] : ranked) {
    if (out.size() == 2 || sum <= 0) break;
    const Seen& s = by_id.at(id);
    EpisodeSql q{id, s.text, median(s.during), s.during.size(), lists, std::nullopt, s.before.size(), before_lists};
    if (!s.before.empty()) q.before = median(s.before);
    out.push_back(std::move(q));
  }
  return out;
}

// "1c602wgfqtdky (UPDATE MAIL_PIECE SET CURRENT_…) 99.6 AAS (median of 2 periods), was 0.22 AAS (median of the 2 of
// 2 lists before that name it)".
std::string describe_sql(const EpisodeSql& q) {
  std::string text = q.text.substr(0, 40);
  if (q.text.size() > 40) text += "…";
  std::string out = fmt::format("{}{} {} AAS", q.sql_id, text.empty() ? "" : " (" + text + ")", grouped_figure(q.aas));
  out += q.listed == 1 ? " (1 period)" : fmt::format(" (median of {} periods)", q.listed);
  if (q.before_lists == 0) return out;
  if (!q.before) return out + fmt::format(", not in the {} list{} before", q.before_lists, q.before_lists == 1 ? "" : "s");
  return out +
         fmt::format(", was {} AAS ({} of {} lists before, median)", grouped_figure(*q.before), q.before_listed, q.before_lists);
}

}  // namespace

namespace {

// The periods the band of period `i` is drawn from, none before `since` (the start of the latest new level): in a long
// series, every like period (`key`: the same hour of day, or weekday and hour) that began within `lookback_s` before it (at least
// 2: a day's cycle is no episode; median and MAD shrug off a storm among them, and a pattern that recurs daily becomes the band
// within days); else the latest `window` normal periods (at least 2: a storm does not raise its own band). Empty: not enough to
// judge it.
std::vector<std::size_t> band_of(const std::vector<const TimelinePeriod*>& kept, const std::vector<std::size_t>& normal,
                                 const std::map<int, std::vector<std::size_t>>& by_key, std::optional<int> key, std::size_t i,
                                 bool long_series, std::size_t window, std::size_t since, long long lookback_s) {
  std::vector<std::size_t> out;
  if (!long_series) {
    for (auto it = normal.rbegin(); it != normal.rend() && *it >= since && out.size() < window; ++it) out.push_back(*it);
    if (out.size() < 2) return {};
  } else {
    const auto found = key ? by_key.find(*key) : by_key.end();
    if (found == by_key.end() || !kept[i]->begin_epoch) return {};
    const auto& like = found->second;
    for (auto it = like.rbegin(); it != like.rend() && *it >= since; ++it) {
      const auto& e = kept[*it]->begin_epoch;
      if (!e || *kept[i]->begin_epoch - *e > lookback_s) break;
      out.push_back(*it);
    }
    if (out.size() < 2) return {};
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<Episode> find_episodes(const std::vector<const TimelinePeriod*>& kept, std::size_t day, std::size_t min_segment,
                                   MatchPeriods match) {
  // Like periods: the same weekday and hour over 5 weeks with --match weekday-hour, else the same hour over 7 days.
  const MatchPeriods like = match == MatchPeriods::weekday_hour ? MatchPeriods::weekday_hour : MatchPeriods::hour;
  const long long lookback_s = (like == MatchPeriods::weekday_hour ? 35 : 7) * 86400LL;
  const std::size_t window = std::max<std::size_t>(2, day);
  const bool long_series = kept.size() >= 2 * window;  // two days of periods or more: bands of like hours
  const std::size_t level_run = std::max(min_segment, k_min_run + 1);
  std::vector<std::size_t> normal;  // the normal periods so far, in time order
  std::map<int, std::vector<std::size_t>> by_key;  // every period so far, per like-period key (a long series' bands)
  auto add_normal = [&](std::size_t j) { normal.push_back(j); };
  std::size_t since = 0;  // the first period of the latest new level: the bands are drawn from there on
  std::vector<Episode> out;
  std::optional<Episode> run;
  auto close = [&](std::size_t next) {
    if (run && run->last + 1 - run->first >= k_min_run) {
      if (next < kept.size()) run->next = next;
      else run->still_on = true;
      out.push_back(*run);
    }
    run.reset();
  };
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const auto v = aas_of(*kept[i]);
    if (!v) continue;
    bool far = false;
    const std::optional<int> key = like_period_key(like, kept[i]->begin_time);
    if (const auto at = band_of(kept, normal, by_key, key, i, long_series, window, since, lookback_s); !at.empty()) {
      std::vector<double> band;
      for (const std::size_t j : at) band.push_back(*aas_of(*kept[j]));
      const double m = median(band);
      std::vector<double> dev;
      for (const double x : band) dev.push_back(std::fabs(x - m));
      const double high = std::max({k_ratio * m, m + k_spread * 1.4826 * median(dev), m + k_floor_aas});
      far = *v > high;
      if (far && !run) {
        run = Episode{};
        run->first = i;
        run->level = m;
        run->high = high;
        run->normal = at;
        if (long_series) run->like = like == MatchPeriods::weekday_hour ? "its weekday and hour" : "its hour of day";
      }
    }
    if (key) by_key[*key].push_back(i);
    if (!far) {
      close(i);
      add_normal(i);
      continue;
    }
    run->last = i;
    if (*v > run->peak_aas) {
      run->peak_aas = *v;
      run->peak = i;
    }
    // A run as long as the minimum segment is a new level: it did not end, it stayed; the band is redrawn from it.
    if (run->last + 1 - run->first == level_run) {
      run->new_level = true;
      since = run->first;
      for (std::size_t j = run->first; j <= run->last; ++j)
        if (aas_of(*kept[j])) add_normal(j);  // by_key has them already
      out.push_back(*run);
      run.reset();
    }
  }
  close(kept.size());
  for (auto& e : out) {
    e.events = grown_events(e, kept);
    e.sql = carrying_sql(e, kept);
  }
  return out;
}

// " at 19:42": the startup time of kept period `j` (the date too when not `day`'s); empty when it is not known to differ
// from the period's before (a period left out carried the restart).
std::string restart_at(const std::vector<const TimelinePeriod*>& kept, std::size_t j, const std::string& day) {
  const auto& p = *kept[j];
  if (j == 0 || p.startup_time.empty() || p.startup_time == kept[j - 1]->startup_time) return {};
  return " at " + when_on(p.startup_time, day);
}

std::string describe_episode(const Episode& e, const std::vector<const TimelinePeriod*>& kept) {
  const auto& first = *kept[e.first];
  const std::string& day = first.begin_time;
  auto has_restart = [&](std::size_t j) { return std::find(e.restarts.begin(), e.restarts.end(), j) != e.restarts.end(); };
  std::string span = e.still_on    ? fmt::format("from {}", when(first.begin_time))
                     : e.new_level ? fmt::format("from {}", when(first.begin_time))
                                   : fmt::format("{} .. {}", when(first.begin_time), when_on(kept[e.last]->end_time, day));
  if (has_restart(e.first)) span += ", after an instance restart" + restart_at(kept, e.first, day);
  for (std::size_t j = e.first + 1; j <= e.last; ++j)
    if (has_restart(j)) span += ", through an instance restart" + restart_at(kept, j, day);
  span += e.still_on ? ", still on" : e.new_level ? ", a new level" : "";
  std::string out = fmt::format("Episode {} ({} periods): DB time per second up to {} AAS at {}", span, e.last + 1 - e.first,
                                grouped_figure(e.peak_aas), when_on(kept[e.peak]->begin_time, day));
  if (e.level > 0)
    out += fmt::format(", {}x the {} AAS before (median of {} period{})", grouped_figure(e.peak_aas / e.level),
                       grouped_figure(e.level), e.normal.size(),
                       std::string(e.normal.size() == 1 ? "" : "s") + (e.like.empty() ? "" : " of " + e.like));
  if (e.next) {
    const auto v = aas_of(*kept[*e.next]);
    out += fmt::format(", {} {} AAS at {}{}", v && *v > e.level * 1.5 ? "down to" : "back to", v ? grouped_figure(*v) : "?",
                       when_on(kept[*e.next]->begin_time, day),
                       has_restart(*e.next) ? ", after an instance restart" + restart_at(kept, *e.next, day) : "");
  }
  if (!e.events.empty()) {
    std::vector<std::string> ev;
    for (const auto& x : e.events) ev.push_back(fmt::format("{} {} AAS", x.name, grouped_figure(x.aas)));
    out += fmt::format("; top events: {}", fmt::join(ev, ", "));
  }
  if (!e.sql.empty()) out += "; top SQL: " + describe_sql(e.sql.front());
  return out;
}

Finding episode_finding(const Episode& e, const std::vector<const TimelinePeriod*>& kept,
                        const std::vector<std::string>& folded) {
  Finding f;
  f.rule = "timeline_episode";
  f.direction = ChangeKind::worse;
  f.title = describe_episode(e, kept);
  f.metrics.push_back({std::string(k_episode_metric), "DB time per second", "AAS", e.level, e.peak_aas});
  for (const auto& x : e.events)
    f.evidence.push_back(
        x.before > 0 ? fmt::format("{}: {} AAS in the episode (mean), {} before (median)", x.name, grouped_figure(x.aas),
                                   grouped_figure(x.before))
                     : fmt::format("{}: {} AAS in the episode (mean), not in the lists before", x.name, grouped_figure(x.aas)));
  for (const auto& q : e.sql) f.evidence.push_back("SQL " + describe_sql(q));
  if (e.new_level) f.evidence.push_back("it lasted a day of periods: a new level, the band redrawn from it");
  for (const auto& s : folded) f.evidence.push_back(s);
  // The command that compares up to 3 normal periods before it with up to 3 of its own, from its peak.
  auto files = [&](std::vector<std::size_t> at) {
    std::string out;
    std::set<std::string> seen;
    for (const std::size_t i : at) {
      const auto& name = kept[i]->source;
      if (name.empty() || !seen.insert(name).second) continue;
      out += (out.empty() ? "" : " ") + (name.find_first_of(" '\"") == std::string::npos ? name : "'" + name + "'");
    }
    return out;
  };
  std::vector<std::size_t> base(e.normal.size() > 3 ? e.normal.end() - 3 : e.normal.begin(), e.normal.end()), target;
  for (std::size_t i = e.first; i <= e.last && target.size() < 3; ++i) target.push_back(i);
  const std::string b = files(base), t = files(target);
  if (!b.empty() && !t.empty())
    f.evidence.push_back(fmt::format("compare it with the periods before it: awrdiff --base {} --target {}", b, t));
  return f;
}

TimelineEpisode episode_data(const Episode& e, const std::vector<const TimelinePeriod*>& kept) {
  TimelineEpisode out;
  out.begin_time = kept[e.first]->begin_time;
  out.end_time = kept[e.last]->end_time;
  out.state = e.still_on    ? TimelineEpisode::State::still_on
              : e.new_level ? TimelineEpisode::State::new_level
                            : TimelineEpisode::State::ended;
  out.periods = e.last + 1 - e.first;
  out.before_aas = e.level;
  out.peak_aas = e.peak_aas;
  out.peak_time = kept[e.peak]->begin_time;
  if (e.next) out.after_aas = aas_of(*kept[*e.next]);
  for (const auto& x : e.events) out.events.push_back({x.name, x.aas});
  for (const auto& q : e.sql) {
    TimelineSql s;
    s.sql_id = q.sql_id;
    s.text = q.text;
    s.elapsed_per_s = q.aas;
    out.sql.push_back(std::move(s));
  }
  return out;
}

CompareTable episodes_table(const std::vector<TimelineEpisode>& episodes) {
  CompareTable t;
  t.key = "timeline_episodes";
  t.title = "Episodes";
  t.empty_text = "no episode";
  t.columns = {{"start", "Start", "", ColumnKind::text, 0, ColumnRole::value},
               {"end", "End", "", ColumnKind::text, 0, ColumnRole::value},
               {"periods", "Periods", "", ColumnKind::text, 0, ColumnRole::label},
               {"before", "Before (median)", "AAS", ColumnKind::number, -1},
               {"peak", "Peak", "AAS", ColumnKind::number, -1},
               {"peak_at", "Peak at", "", ColumnKind::text, 0, ColumnRole::value},
               {"after", "After", "AAS", ColumnKind::number, -1},
               {"events", "Top events (AAS, mean)", "", ColumnKind::text, 0, ColumnRole::detail},
               {"sql", "Top SQL (AAS, median where listed)", "", ColumnKind::text, 0, ColumnRole::detail}};
  for (auto it = episodes.rbegin(); it != episodes.rend(); ++it) {
    const TimelineEpisode& e = *it;
    std::vector<std::string> ev, sql;
    for (const auto& x : e.events) ev.push_back(fmt::format("{} {}", x.name, grouped_figure(x.aas)));
    for (const auto& q : e.sql) sql.push_back(fmt::format("{} {}", q.sql_id, grouped_figure(q.elapsed_per_s)));
    CompareRow r;
    r.cells = {when(e.begin_time),
               episode_end(e),
               std::to_string(e.periods),
               e.before_aas,
               e.peak_aas,
               when(e.peak_time),
               e.after_aas ? CompareCell(*e.after_aas) : CompareCell(),
               fmt::format("{}", fmt::join(ev, "; ")),
               fmt::format("{}", fmt::join(sql, "; "))};
    t.rows.push_back(std::move(r));
  }
  t.notes.push_back(fmt::format(
      "An episode: {} periods or more in a row whose DB time per second lies above the band of the normal periods before "
      "them: {:g} times their median at least, and {:g} robust standard deviations (1.4826 x the median absolute deviation) "
      "and {:g} AAS above it. Top events: the wait events (and DB CPU) that grew most, mean AAS over its periods; top SQL: "
      "the statements with the most elapsed time per second, medians over the lists that name them.",
      k_min_run, k_ratio, k_spread, k_floor_aas));
  return t;
}

}  // namespace awrdiff::detail

namespace awrdiff {

std::string episode_end(const TimelineEpisode& e) {
  switch (e.state) {
    case TimelineEpisode::State::still_on:
      return "still on";
    case TimelineEpisode::State::new_level:
      return "a new level";
    case TimelineEpisode::State::ended:
      break;
  }
  return detail::when(e.end_time);
}

}  // namespace awrdiff
