// `awrdiff timeline` (timeline_cmd.hpp, docs/timeline.md): the periods of one series read from the history
// store or from report files, handed to build_timeline, rendered like any comparison.
#include "cli/timeline_cmd.hpp"

#include "cli/deferred_options.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/timeline.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace awrdiff::cli {
namespace {

std::string series_key(std::uint64_t dbid, const std::optional<int>& inst, const std::optional<std::uint64_t>& con) {
  return fmt::format("{}|{}|{}", dbid, inst.value_or(-1), con.value_or(0));
}

bool in_range(const std::string& begin, const TimelineCli& t) {
  if (!t.from.empty() && begin < t.from) return false;
  if (!t.to.empty() && begin.substr(0, t.to.size()) > t.to) return false;
  return true;
}

// Periods of a store whose snapshot is read back for the top SQL and the wait classes: the latest this many (a
// month of hourly periods and more; each costs about a millisecond).
constexpr std::size_t k_detail_periods = 1000;

TimelinePeriod from_history(const HistoryPeriod& p) {
  TimelinePeriod tp;
  tp.begin_time = p.begin_time;
  tp.end_time = p.end_time;
  tp.begin_epoch = iso_epoch(p.begin_time);
  tp.begin_snap = p.begin_snap;
  tp.end_snap = p.end_snap;
  tp.elapsed_s = p.elapsed_s;
  tp.valid = p.valid;
  tp.source = p.source;
  return tp;
}

// Instance restarts: a period whose startup time differs from the one before it.
void mark_restarts(std::vector<TimelinePeriod>& periods, const std::vector<std::string>& startups) {
  for (std::size_t i = 1; i < periods.size(); ++i)
    if (!startups[i].empty() && !startups[i - 1].empty() && startups[i] != startups[i - 1]) periods[i].restart_before = true;
}

std::pair<std::string, std::vector<TimelinePeriod>> from_store(const TimelineCli& t, const std::vector<std::string>& keys) {
  const std::string location = t.db.empty() ? default_history_location() : t.db;
  auto store = HistoryStore::open(location, HistoryAccess::read);
  std::vector<HistorySeries> all = store->series();
  std::vector<const HistorySeries*> picked;
  for (const auto& s : all) {
    if (t.dbid != 0 && s.latest.dbid != static_cast<std::uint64_t>(t.dbid)) continue;
    if (t.instance != 0 && s.latest.instance_number != t.instance) continue;
    picked.push_back(&s);
  }
  if (picked.empty())
    throw Error(location, all.empty() ? "the history store holds no period (awrdiff history add REPORT...)"
                                      : "no stored series matches --dbid / --instance (awrdiff history list)");
  if (picked.size() > 1) {
    std::vector<std::string> names;
    for (const auto* s : picked) names.push_back(s->latest.series_label());
    throw Error(location, fmt::format("the store holds {} series ({}): choose one with --dbid and --instance", picked.size(),
                                      fmt::join(names, "; ")));
  }
  const HistorySeries& s = *picked.front();
  const auto& id = s.latest;
  // One row per period, keyed by its times and snaps, filled metric by metric.
  std::map<std::tuple<std::string, std::string, std::int64_t, std::int64_t>, std::size_t> index;
  std::vector<TimelinePeriod> periods;
  std::vector<std::string> startups;
  for (const auto& key : keys) {
    for (const auto& pt : store->metric_series(key, id.dbid, id.instance_number)) {
      const auto& p = pt.period;
      if (p.instance_number != id.instance_number || p.con_dbid != id.con_dbid) continue;
      if (!in_range(p.begin_time, t)) continue;
      const auto k = std::make_tuple(p.begin_time, p.end_time, p.begin_snap.value_or(-1), p.end_snap.value_or(-1));
      auto [it, fresh] = index.emplace(k, periods.size());
      if (fresh) {
        periods.push_back(from_history(p));
        startups.push_back(p.startup_time);
      }
      periods[it->second].values[key] = pt.value;
    }
  }
  // The top SQL and where DB time goes, from the snapshots the store kept (`history add` keeps them unless told
  // not to): the latest k_detail_periods of the range, so that a year-long store still reads in seconds.
  {
    std::optional<std::int64_t> from_epoch, to_epoch;
    if (!t.from.empty()) from_epoch = iso_epoch(t.from.size() == 10 ? t.from + "T00:00:00" : t.from);
    if (!t.to.empty()) to_epoch = iso_epoch(t.to.size() == 10 ? t.to + "T23:59:59" : t.to);
    std::map<std::pair<std::string, std::string>, std::size_t> by_time;
    for (std::size_t i = 0; i < periods.size(); ++i)
      by_time.emplace(std::make_pair(periods[i].begin_time, periods[i].end_time), i);
    for (const auto& [p, snapshot] :
         store->snapshots(id.dbid, id.instance_number, id.con_dbid, from_epoch, to_epoch, k_detail_periods))
      if (const auto it = by_time.find({p.begin_time, p.end_time}); it != by_time.end())
        add_report_detail(periods[it->second], snapshot);
  }
  // Stored check outcomes, by the period's times.
  std::map<std::pair<std::string, std::string>, std::string> checks;
  for (const auto& r : store->recent_checks(id.dbid, id.instance_number, id.con_dbid, 1000000))
    checks.emplace(std::make_pair(r.begin_time, r.end_time), r.status);
  for (auto& p : periods)
    if (const auto it = checks.find({p.begin_time, p.end_time}); it != checks.end()) p.check_status = it->second;
  // Sorted by begin time before restarts are marked.
  std::vector<std::size_t> order(periods.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return periods[a].begin_time < periods[b].begin_time; });
  std::vector<TimelinePeriod> sorted;
  std::vector<std::string> sorted_startups;
  for (auto i : order) {
    sorted.push_back(std::move(periods[i]));
    sorted_startups.push_back(startups[i]);
  }
  mark_restarts(sorted, sorted_startups);
  return {id.series_label(), std::move(sorted)};
}

std::pair<std::string, std::vector<TimelinePeriod>> from_files(const TimelineCli& t) {
  std::vector<std::filesystem::path> paths(t.files.begin(), t.files.end());
  struct Read {
    PreparedPeriod prepared;
    std::string source;
    TimelinePeriod detail;  // its top SQL and DB time parts
  };
  std::vector<Read> prepared;
  for (auto& r : load_reports_each(paths)) {
    if (r.error) throw *r.error;
    Read one{prepare_history_period(*r.snapshot, false), r.snapshot->source, {}};
    add_report_detail(one.detail, *r.snapshot);
    prepared.push_back(std::move(one));
  }
  if (prepared.empty()) throw Error("", "give report files, or read the history store (--db)");
  const auto& first = prepared.front().prepared.period;
  const std::string key = series_key(first.dbid, first.instance_number, first.con_dbid);
  std::vector<TimelinePeriod> periods;
  std::vector<std::string> startups;
  std::set<std::tuple<std::string, std::string, std::int64_t>> seen;
  for (const auto& [pp, source, detail] : prepared) {
    const auto& p = pp.period;
    if (series_key(p.dbid, p.instance_number, p.con_dbid) != key)
      throw Error(source, fmt::format("is of {}, not of {} (the first report): a timeline is one database and instance",
                                      p.series_label(), first.series_label()));
    if (!in_range(p.begin_time, t)) continue;
    if (!seen.insert({p.begin_time, p.end_time, p.end_snap.value_or(-1)}).second) continue;  // the same period twice
    TimelinePeriod tp = from_history(p);
    tp.source = source;
    tp.top_sql = detail.top_sql;
    tp.db_time_parts = detail.db_time_parts;
    for (const auto& [k, v] : pp.values) tp.values[k] = v;
    periods.push_back(std::move(tp));
    startups.push_back(p.startup_time);
  }
  std::vector<std::size_t> order(periods.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return periods[a].begin_time < periods[b].begin_time; });
  std::vector<TimelinePeriod> sorted;
  std::vector<std::string> sorted_startups;
  for (auto i : order) {
    sorted.push_back(std::move(periods[i]));
    sorted_startups.push_back(startups[i]);
  }
  mark_restarts(sorted, sorted_startups);
  return {first.series_label(), std::move(sorted)};
}

}  // namespace

bool TimelineCli::selected() const { return command != nullptr && command->parsed(); }

void add_timeline_command(CLI::App& app, TimelineCli& t, DeferredOptions& deferred,
                          std::function<void(CLI::App*)> output_options) {
  t.command = app.add_subcommand("timeline",
                                 "one database's periods over time (the history store, or report files) and the "
                                 "sustained shifts of its master metrics: since when?");
  deferred.defer(t.command, [&t, output_options] {
    t.command->add_option("reports", t.files, "reports of one database and instance; none: the history store");
    t.command->add_option("--db", t.db,
                          "the history store: an SQLite file, or postgresql://user@host/db (default: $AWRDIFF_HISTORY, "
                          "else $XDG_DATA_HOME/awrdiff/history.sqlite)");
    t.command->add_option("--dbid", t.dbid, "the database, when the store holds several");
    t.command->add_option("--instance", t.instance, "the instance, when the store holds several");
    t.command->add_option("--from", t.from, "periods that begin at or after this ISO 8601 time (2023-10-01, 2023-10-02T09:00)");
    t.command->add_option("--to", t.to, "periods that begin at or before this ISO 8601 time");
    t.command->add_option("--metric", t.metrics,
                          "a registry key to draw and search for shifts (repeatable; default: the master metrics, DB CPU, "
                          "the load, commit and single-block read latency)");
    t.command->add_option("--min-segment", t.min_segment, "periods a shift must last at least (default: a day of periods)")
        ->check(CLI::Range(1, 100000));
    output_options(t.command);
  });
}

int run_timeline(const TimelineCli& t, Format format, const RenderOptions& render_options, const std::string& output,
                 const Emit& emit) {
  TimelineOptions o;
  o.metrics = t.metrics.empty() ? default_timeline_metrics() : t.metrics;
  for (const auto& k : o.metrics) {
    const MetricSpec* m = find_metric(k);
    if (m == nullptr || m->family) throw Error("", fmt::format("--metric {}: no such metric (awrdiff catalog --metrics)", k));
  }
  o.min_segment = static_cast<std::size_t>(t.min_segment);
  if (t.files.empty() && !output.empty() && output != "-") {
    // -o onto the store it reads would replace the history with the timeline: refused, as history's commands do.
    const std::string location = t.db.empty() ? default_history_location() : t.db;
    std::error_code ec;
    if (!is_postgresql_location(location) && std::filesystem::exists(output, ec) &&
        std::filesystem::equivalent(output, location, ec))
      throw Error(output, "is the history store; choose another output file");
  }
  auto [label, periods] = t.files.empty() ? from_store(t, o.metrics) : from_files(t);
  const Comparison c = build_timeline(label, std::move(periods), o);
  std::ostringstream text;
  render(c, format, render_options, text);
  emit(text.str(), output);
  return 0;
}

}  // namespace awrdiff::cli
