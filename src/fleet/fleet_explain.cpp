// `awrdiff fleet` (fleet.hpp, docs/fleet.md): since when, and why, for each database that failed or warned: the
// timeline of its periods (the timeline's episode rules) with the top events and SQL of its stored snapshots.
#include <awrdiff/fleet.hpp>
#include <awrdiff/timeline.hpp>

#include "support/text.hpp"  // grouped_figure

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <future>
#include <iterator>
#include <map>
#include <memory>
#include <thread>
#include <tuple>

namespace awrdiff {
namespace {

// The timeline reads this long before the window: a series of two days or more draws each period's band from its
// hour of day in the 7 days before (docs/timeline.md).
constexpr std::int64_t k_timeline_before_s = 7 * 86400;
// Snapshots read back (top events, top SQL) from this long before the window: the normal periods before an episode.
constexpr std::int64_t k_detail_before_s = 86400;
constexpr std::size_t k_detail_periods = 200;

// "2023-10-02T15:00:00" -> "2023-10-02 15:00".
std::string shown(const std::string& iso) {
  std::string s = iso.substr(0, 16);
  if (s.size() > 10 && s[10] == 'T') s[10] = ' ';
  return s;
}

// "a b" -> "'a b'" for a shell.
std::string quoted(const std::string& s) {
  if (!s.empty() && s.find_first_of(" '\"$`\\;&|<>()*?") == std::string::npos) return s;
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

TimelinePeriod timeline_period(const FleetRow& r) {
  TimelinePeriod tp;
  const FleetRow::Facts& p = r.period;
  tp.begin_time = p.begin_time;
  tp.end_time = p.end_time;
  tp.begin_epoch = r.begin_epoch;
  tp.begin_snap = p.begin_snap;
  tp.end_snap = p.end_snap;
  tp.elapsed_s = p.elapsed_s;
  tp.valid = p.valid;
  tp.source = p.source;
  tp.startup_time = p.startup_time;
  tp.values = r.values;
  tp.check_status = r.vote;
  return tp;
}

// The statement texts of the periods' top SQL, by sql_id.
std::map<std::string, std::string> sql_texts(const std::vector<TimelinePeriod>& periods) {
  std::map<std::string, std::string> out;
  for (const auto& p : periods)
    for (const auto& q : p.top_sql)
      if (!q.text.empty()) out.emplace(q.sql_id, q.text);
  return out;
}

// The latest of the timeline's episodes (in time order) that reaches into the window: since, still, events, SQL; marks
// the points inside it. False when there is none.
bool take_episode(FleetDatabase& db, const std::vector<TimelineEpisode>& episodes,
                  const std::map<std::string, std::string>& texts) {
  for (auto e = episodes.rbegin(); e != episodes.rend(); ++e) {  // latest first
    const std::string start = shown(e->begin_time), end = episode_end(*e);
    const bool open = e->state != TimelineEpisode::State::ended;
    if (!db.points.empty() && !open && end < shown(db.points.front().begin_time)) continue;
    db.since = start;
    db.still = end;
    for (const auto& ev : e->events) db.events.push_back(fmt::format("{} {} AAS", ev.name, detail::grouped_figure(ev.aas)));
    for (const auto& q : e->sql) {
      std::string s = fmt::format("{} {} AAS", q.sql_id, detail::grouped_figure(q.elapsed_per_s));
      if (const auto it = texts.find(q.sql_id); it != texts.end()) {
        std::string text = it->second.size() > 40 ? it->second.substr(0, 40) + "…" : it->second;
        s += fmt::format(" ({})", text);
      }
      db.sql.push_back(std::move(s));
    }
    for (auto& p : db.points) {
      const std::string b = shown(p.begin_time);
      p.in_episode = b >= start && (open || b < end);
    }
    return true;
  }
  return false;
}

// Without an episode: the peak period's own top events and SQL.
void take_peak_detail(FleetDatabase& db, const std::vector<TimelinePeriod>& periods) {
  if (!db.peak) return;
  const auto& peak = db.points[*db.peak];
  for (const auto& p : periods) {
    if (p.begin_time != peak.begin_time || p.end_time != peak.end_time) continue;
    for (std::size_t i = 0; i < p.top_events.size() && db.events.size() < 3; ++i)
      db.events.push_back(fmt::format("{} {:.3g} AAS", p.top_events[i].name, p.top_events[i].aas));
    for (std::size_t i = 0; i < p.top_sql.size() && db.sql.size() < 2; ++i)
      db.sql.push_back(fmt::format("{} {:.3g} AAS", p.top_sql[i].sql_id, p.top_sql[i].elapsed_per_s));
  }
}

// The command that compares the periods either side of the latest episode or shift (the timeline's findings); else
// the 3 periods within the band before the first failing or warning one, against it and the 2 after it.
std::string pair_command(const Comparison& c, const FleetDatabase& db) {
  for (const auto& f : c.findings)
    for (const auto& e : f.evidence)
      if (const auto at = e.find("awrdiff --base "); at != std::string::npos) return e.substr(at);
  std::size_t first = 0;
  while (first < db.points.size() && db.points[first].status != "fail" && db.points[first].status != "warn") ++first;
  std::vector<std::string> base, target;
  for (std::size_t i = first; i-- > 0 && base.size() < 3;)
    if (db.points[i].status == "ok" && !db.points[i].source.empty()) base.insert(base.begin(), quoted(db.points[i].source));
  for (std::size_t i = first; i < db.points.size() && target.size() < 3; ++i)
    if (!db.points[i].source.empty()) target.push_back(quoted(db.points[i].source));
  if (base.empty() || target.empty()) return "";
  return fmt::format("awrdiff --base {} --target {}", fmt::join(base, " "), fmt::join(target, " "));
}

// Without an episode: "still on" when the window's latest period fails or warns, else when it came back within its band.
std::string still_of(const FleetDatabase& db) {
  if (db.points.empty()) return "";
  const auto bad = [](const FleetPoint& p) { return p.status == "fail" || p.status == "warn"; };
  if (bad(db.points.back())) return "still on";
  for (std::size_t i = db.points.size() - 1; i-- > 0;)
    if (bad(db.points[i])) return fmt::format("back within its band at {}", shown(db.points[i + 1].begin_time));
  return "";
}

}  // namespace

void explain_fleet_database(FleetDatabase& db, const FleetSeriesRows& rows, HistoryStore& store, const FleetOptions& options) {
  const HistoryPeriod& id = rows.latest;
  std::vector<TimelinePeriod> periods;
  std::map<std::pair<std::string, std::string>, std::size_t> by_time;
  for (const auto& r : rows.rows) {
    if (!r.begin_epoch || *r.begin_epoch < options.from_epoch - k_timeline_before_s || *r.begin_epoch > options.to_epoch)
      continue;
    by_time.emplace(std::make_pair(r.period.begin_time, r.period.end_time), periods.size());
    periods.push_back(timeline_period(r));
  }
  // The details the store keeps of every period (schema 3), one query; the periods stored before them read theirs from
  // their snapshots (a second query, only when a period of the range got no detail).
  std::vector<std::pair<HistoryPeriod, std::string>> unreadable, body_unreadable;
  const std::int64_t detail_from = options.from_epoch - k_detail_before_s;
  std::vector<bool> has_detail(periods.size(), false);
  for (auto& [p, detail] :
       store.details(id.dbid, id.instance_number, id.con_dbid, detail_from, options.to_epoch, k_detail_periods, &unreadable))
    if (const auto it = by_time.find({p.begin_time, p.end_time}); it != by_time.end()) {
      static_cast<PeriodDetail&>(periods[it->second]) = std::move(detail);
      has_detail[it->second] = true;
    }
  bool all_have_detail = true;
  for (std::size_t i = 0; i < periods.size(); ++i)
    if (periods[i].begin_epoch && *periods[i].begin_epoch >= detail_from && !has_detail[i]) all_have_detail = false;
  if (!all_have_detail)
    for (const auto& [p, snapshot] : store.snapshots(id.dbid, id.instance_number, id.con_dbid, detail_from, options.to_epoch,
                                                     k_detail_periods, &body_unreadable, /*without_detail=*/true))
      if (const auto it = by_time.find({p.begin_time, p.end_time}); it != by_time.end())
        add_report_detail(periods[it->second], snapshot);
  unreadable.insert(unreadable.begin(), body_unreadable.begin(), body_unreadable.end());
  for (const auto& [p, why] : unreadable)
    db.notes.push_back(fmt::format("the stored snapshot of {} was not read back: {}", p.label(), why));
  const auto texts = sql_texts(periods);
  TimelineOptions to;
  to.metrics = fleet_metrics();
  to.window_s = options.window_s;
  to.match = db.match;  // the like periods its periods were judged against
  std::vector<TimelineEpisode> episodes;
  const Comparison c = build_timeline(db.label, periods, to, &episodes);
  db.timeline = c.headline;
  if (!take_episode(db, episodes, texts)) {
    db.since = shown(db.since);
    db.still = still_of(db);
    take_peak_detail(db, periods);
  }
  db.pair_command = pair_command(c, db);
  std::string cmd = fmt::format("awrdiff timeline --db {} --dbid {}", quoted(options.location), id.dbid);
  if (id.instance_number) cmd += fmt::format(" --instance {}", *id.instance_number);
  if (db.match != MatchPeriods::all) cmd += fmt::format(" --match {}", match_periods_name(db.match));
  cmd += fmt::format(" --from {} --to {}", epoch_iso(options.from_epoch - k_timeline_before_s).substr(0, 16),
                     epoch_iso(options.to_epoch).substr(0, 16));
  db.timeline_command = std::move(cmd);
}

namespace {

// The stores build_fleet reads its parts from: `store`, and the same store opened again for each other part (one
// connection per thread). As many as can be opened, `wanted` at most.
std::vector<HistoryStore*> part_stores(HistoryStore& store, int wanted, std::vector<std::unique_ptr<HistoryStore>>& opened) {
  std::vector<HistoryStore*> out{&store};
  for (int k = 1; k < wanted; ++k) {
    try {
      opened.push_back(store.reopen());
    } catch (const Error&) {
      break;  // a server at its connection limit: fewer parts, the same page
    }
    out.push_back(opened.back().get());
  }
  return out;
}

// Runs each(k) for k in [0, n): part 0 here, the others on threads of their own; rethrows the first part's error.
void run_parts(std::size_t n, const std::function<void(std::size_t)>& each) {
  std::vector<std::future<void>> others;
  for (std::size_t k = 1; k < n; ++k) others.push_back(std::async(std::launch::async, each, k));
  std::exception_ptr failed;
  try {
    each(0);
  } catch (...) { failed = std::current_exception(); }
  for (auto& f : others) try {
      f.get();
    } catch (...) {
      if (!failed) failed = std::current_exception();
    }
  if (failed) std::rethrow_exception(failed);
}

int threads_of(const FleetOptions& options) {
  if (options.threads > 0) return options.threads;
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 4U));
}

}  // namespace

FleetPage build_fleet(HistoryStore& store, const FleetOptions& options) {
  std::vector<std::unique_ptr<HistoryStore>> opened;
  const std::vector<HistoryStore*> stores = part_stores(store, threads_of(options), opened);
  const std::size_t parts = stores.size();
  // The fleet read in parts by DB Id, side by side (the server's scan of the month and the client's reading of it),
  // then put together in the order of one read: by DB Id, container, instance.
  std::vector<std::vector<FleetSeriesRows>> got(parts);
  run_parts(parts, [&](std::size_t k) {
    got[k] = stores[k]->fleet_rows(options.from_epoch - options.window_s, options.to_epoch, fleet_metrics(),
                                   options.from_epoch - k_timeline_before_s, {static_cast<int>(k), static_cast<int>(parts)});
  });
  std::vector<FleetSeriesRows> rows = std::move(got[0]);
  for (std::size_t k = 1; k < parts; ++k) std::move(got[k].begin(), got[k].end(), std::back_inserter(rows));
  const auto key = [](const FleetSeriesRows& r) {
    return std::make_tuple(r.latest.dbid, r.latest.con_dbid.value_or(0), r.latest.instance_number.value_or(0));
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
  FleetPage page = judge_fleet(rows, options);
  // Each troubled database explained by the part (store and thread) its DB Id belongs to.
  std::map<std::string, const FleetSeriesRows*> by_label;
  for (const auto& r : rows) by_label.emplace(r.latest.series_label(), &r);
  std::vector<std::vector<std::pair<FleetDatabase*, const FleetSeriesRows*>>> work(parts);
  for (auto* list : {&page.troubled, &page.silent})
    for (auto& db : *list)
      if (const auto it = by_label.find(db.label); it != by_label.end() && (db.failed > 0 || db.warned > 0))
        work[static_cast<std::size_t>(it->second->latest.dbid % parts)].emplace_back(&db, it->second);
  run_parts(parts, [&](std::size_t k) {
    for (auto& [db, r] : work[k]) explain_fleet_database(*db, *r, *stores[k], options);
  });
  return page;
}

}  // namespace awrdiff
