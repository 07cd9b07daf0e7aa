// `awrdiff timeline` (timeline_cmd.hpp, docs/timeline.md): the periods of one series read from the history
// store or from report files, handed to build_timeline, rendered like any comparison.
#include "cli/timeline_cmd.hpp"

#include "cli/deferred_options.hpp"

#include <awrdiff/error.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/mask.hpp>
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

// `t.from` / `t.to` as iso_bound gives them.
bool in_range(const std::string& begin, const TimelineCli& t) {
  if (!t.from.empty() && begin < t.from) return false;
  if (!t.to.empty() && begin.substr(0, t.to.size()) > t.to) return false;
  return true;
}

// The periods read, before --from / --to: the first begin and the last end, for "no period between ...".
struct Held {
  std::string first, last;
  void add(const std::string& begin, const std::string& end) {
    if (!begin.empty() && (first.empty() || begin < first)) first = begin;
    if (!end.empty() && end > last) last = end;
  }
};

// "2023-10-02T15:00:00" -> "2023-10-02 15:00".
std::string shown(const std::string& iso) {
  std::string s = iso.substr(0, 16);
  if (s.size() > 10 && s[10] == 'T') s[10] = ' ';
  return s;
}

// --from / --to left no period of those read: said plainly, with what there is.
void throw_if_filtered_out(const std::vector<TimelinePeriod>& kept, const Held& held, const TimelineCli& t,
                           const std::string& where, const std::string& holder) {
  if (!kept.empty() || held.first.empty() || (t.from.empty() && t.to.empty())) return;
  const std::string range = !t.from.empty() && !t.to.empty() ? fmt::format("between {} and {}", t.from, t.to)
                            : !t.from.empty()                ? fmt::format("from {} on", t.from)
                                                             : fmt::format("up to {}", t.to);
  throw Error(where, fmt::format("no period {}; {} {} .. {}", range, holder, shown(held.first), shown(held.last)));
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
  tp.startup_time = p.startup_time;  // build_timeline finds the restarts between the periods it keeps
  return tp;
}

// `unreadable`: the stored snapshots left out, one line each (their period and why).
std::pair<std::string, std::vector<TimelinePeriod>> from_store(const TimelineCli& t, const std::vector<std::string>& keys,
                                                               Masker* masker, std::vector<std::string>& unreadable) {
  std::vector<std::pair<HistoryPeriod, std::string>> left_out;
  const std::string location = t.db.empty() ? default_history_location() : t.db;
  auto store = HistoryStore::open(location, HistoryAccess::read);
  // One database: its series only (a fleet store holds hundreds of databases).
  std::vector<HistorySeries> all = t.dbid != 0 ? store->series(static_cast<std::uint64_t>(t.dbid)) : store->series();
  std::vector<const HistorySeries*> picked;
  for (const auto& s : all) {
    if (t.dbid != 0 && s.latest.dbid != static_cast<std::uint64_t>(t.dbid)) continue;
    if (t.instance != 0 && s.latest.instance_number != t.instance) continue;
    picked.push_back(&s);
  }
  if (picked.empty() && t.dbid != 0) all = store->series();  // to say which: an empty store, or no such database
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
  Held held;
  for (const auto& key : keys) {
    for (const auto& pt : store->metric_series(key, id.dbid, id.instance_number)) {
      const auto& p = pt.period;
      if (p.instance_number != id.instance_number || p.con_dbid != id.con_dbid) continue;
      held.add(p.begin_time, p.end_time);
      if (!in_range(p.begin_time, t)) continue;
      const auto k = std::make_tuple(p.begin_time, p.end_time, p.begin_snap.value_or(-1), p.end_snap.value_or(-1));
      auto [it, fresh] = index.emplace(k, periods.size());
      if (fresh) periods.push_back(from_history(p));
      periods[it->second].values[key] = pt.value;
    }
  }
  // The top SQL and where DB time goes: the details the store keeps of every period (schema 3), one query; the periods
  // stored before them read theirs from their snapshots (`history add` keeps them unless told not to). The latest
  // k_detail_periods of the range, so that a year-long store still reads in seconds.
  {
    std::optional<std::int64_t> from_epoch, to_epoch;
    if (!t.from.empty()) from_epoch = iso_epoch(t.from.size() == 10 ? t.from + "T00:00:00" : t.from);
    if (!t.to.empty()) to_epoch = iso_epoch(t.to.size() == 10 ? t.to + "T23:59:59" : t.to);
    std::map<std::pair<std::string, std::string>, std::size_t> by_time;
    for (std::size_t i = 0; i < periods.size(); ++i)
      by_time.emplace(std::make_pair(periods[i].begin_time, periods[i].end_time), i);
    std::vector<std::pair<HistoryPeriod, std::string>> detail_left_out;
    auto details =
        store->details(id.dbid, id.instance_number, id.con_dbid, from_epoch, to_epoch, k_detail_periods, &detail_left_out);
    // Under --mask the snapshots kept are read too: their lists (segments, objects, services) teach the masker the
    // names a detail's SQL text may carry, and their own detail is shown (the same aliases as before the details).
    auto stored = store->snapshots(id.dbid, id.instance_number, id.con_dbid, from_epoch, to_epoch, k_detail_periods, &left_out,
                                   /*without_detail=*/masker == nullptr);
    if (const auto dropped =
            store->dropped_detail(id.dbid, id.instance_number, id.con_dbid, from_epoch, to_epoch, /*without_detail=*/true);
        dropped.periods > 0)
      unreadable.push_back(dropped.sentence());
    left_out.insert(left_out.end(), detail_left_out.begin(), detail_left_out.end());
    for (const auto& [p, why] : left_out)
      unreadable.push_back(
          fmt::format("the stored snapshot of the period {} ({}) was not read back, so its top SQL and wait "
                      "classes are blank: {}",
                      p.label(), masker != nullptr ? masker->source(p.source) : p.source, why));
    if (masker != nullptr) {  // all learned first: a name of one period is masked in another's SQL text
      std::vector<Snapshot*> kept;
      for (auto& ps : stored) kept.push_back(&ps.second);
      mask(kept, *masker);
      // The details keep no names but their SQL text's: the series' names are learned for it.
      masker->alias(MaskKind::database, id.db_name);
      masker->alias(MaskKind::instance, id.instance_name);
      masker->alias(MaskKind::host, id.host);
      masker->alias(MaskKind::pdb, id.container);
      std::vector<PeriodDetail*> read;
      for (auto& pd : details) read.push_back(&pd.second);
      mask_details(read, *masker);
    }
    std::set<std::size_t> from_snapshot;
    for (const auto& [p, snapshot] : stored)
      if (const auto it = by_time.find({p.begin_time, p.end_time}); it != by_time.end()) {
        add_report_detail(periods[it->second], snapshot);
        from_snapshot.insert(it->second);
      }
    for (auto& [p, detail] : details)
      if (const auto it = by_time.find({p.begin_time, p.end_time}); it != by_time.end() && !from_snapshot.contains(it->second))
        static_cast<PeriodDetail&>(periods[it->second]) = std::move(detail);
  }
  // Stored check outcomes, by the period's times.
  std::map<std::pair<std::string, std::string>, std::string> checks;
  for (const auto& r : store->recent_checks(id.dbid, id.instance_number, id.con_dbid, 1000000))
    checks.emplace(std::make_pair(r.begin_time, r.end_time), r.status);
  for (auto& p : periods)
    if (const auto it = checks.find({p.begin_time, p.end_time}); it != checks.end()) p.check_status = it->second;
  throw_if_filtered_out(periods, held, t, location, "the store holds");
  if (masker == nullptr) return {id.series_label(), std::move(periods)};  // build_timeline sorts them
  HistoryPeriod masked = id;
  masked.db_name = masker->alias(MaskKind::database, id.db_name);
  masked.container = masker->alias(MaskKind::pdb, id.container);
  for (auto& p : periods) p.source = masker->source(p.source);
  return {masked.series_label(), std::move(periods)};
}

std::pair<std::string, std::vector<TimelinePeriod>> from_files(const TimelineCli& t, Masker* masker,
                                                               const std::function<std::vector<Snapshot>()>& standard_input) {
  // In argument order; standard input (-, given once: the CLI checks) read where it is named, each report it
  // holds one period.
  std::vector<LoadResult> results;
  std::vector<std::filesystem::path> paths;
  auto flush = [&] {
    for (auto& r : load_reports_each(paths)) results.push_back(std::move(r));
    paths.clear();
  };
  for (const auto& f : t.files) {
    if (f != "-") {
      paths.emplace_back(f);
      continue;
    }
    flush();
    for (auto& s : standard_input()) results.push_back({"-", std::move(s), std::nullopt});
  }
  flush();
  if (masker != nullptr) mask(results, *masker);
  struct Read {
    PreparedPeriod prepared;
    std::string source;
    TimelinePeriod detail;  // its top SQL and DB time parts
  };
  std::vector<Read> prepared;
  for (auto& r : results) {
    if (r.error) throw *r.error;
    Read one{prepare_history_period(*r.snapshot, false), r.snapshot->source, {}};
    add_report_detail(one.detail, *r.snapshot);
    prepared.push_back(std::move(one));
  }
  if (prepared.empty()) throw Error("", "give report files, or read the history store (--db)");
  const auto& first = prepared.front().prepared.period;
  const std::string key = series_key(first.dbid, first.instance_number, first.con_dbid);
  std::vector<TimelinePeriod> periods;
  std::set<std::tuple<std::string, std::string, std::int64_t>> seen;
  Held held;
  for (const auto& [pp, source, detail] : prepared) {
    const auto& p = pp.period;
    if (series_key(p.dbid, p.instance_number, p.con_dbid) != key)
      throw Error(source, fmt::format("is of {}, not of {} (the first report): a timeline is one database and instance",
                                      p.series_label(), first.series_label()));
    held.add(p.begin_time, p.end_time);
    if (!in_range(p.begin_time, t)) continue;
    if (!seen.insert({p.begin_time, p.end_time, p.end_snap.value_or(-1)}).second) continue;  // the same period twice
    TimelinePeriod tp = from_history(p);
    tp.source = source;
    tp.top_sql = detail.top_sql;
    tp.db_time_parts = detail.db_time_parts;
    tp.top_events = detail.top_events;
    for (const auto& [k, v] : pp.values) tp.values[k] = v;
    periods.push_back(std::move(tp));
  }
  throw_if_filtered_out(periods, held, t, "", "the reports hold");
  return {first.series_label(), std::move(periods)};  // build_timeline sorts them
}

}  // namespace

// --from / --to as given ("2023-10-02", "2023-10-02T09:00", "2023-10-02 09:00:00"), in the stored form ('T' between
// date and time); throws Error naming the option and the accepted forms for anything else.
std::string iso_bound(const std::string& option, const std::string& value) {
  std::string v = value;
  if (v.size() > 10 && v[10] == ' ') v[10] = 'T';
  auto digits = [&](std::size_t at, std::size_t n, int lo, int hi) {
    if (v.size() < at + n) return false;
    int x = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (v[i] < '0' || v[i] > '9') return false;
      x = x * 10 + (v[i] - '0');
    }
    return x >= lo && x <= hi;
  };
  const bool ok =
      (v.size() == 10 || v.size() == 13 || v.size() == 16 || v.size() == 19) && digits(0, 4, 1, 9999) && v[4] == '-' &&
      digits(5, 2, 1, 12) && v[7] == '-' && digits(8, 2, 1, 31) && (v.size() == 10 || (v[10] == 'T' && digits(11, 2, 0, 23))) &&
      (v.size() <= 13 || (v[13] == ':' && digits(14, 2, 0, 59))) && (v.size() <= 16 || (v[16] == ':' && digits(17, 2, 0, 59)));
  if (!ok)
    throw Error("", fmt::format("{} '{}': not a time; give YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS", option, value));
  if (!iso_epoch(v.substr(0, 10) + "T00:00"))  // 2023-02-30: a day its month does not have
    throw Error("", fmt::format("{} '{}': no such day", option, value));
  return v;
}

bool TimelineCli::selected() const { return command != nullptr && command->parsed(); }

void add_timeline_command(CLI::App& app, TimelineCli& t, DeferredOptions& deferred,
                          std::function<void(CLI::App*)> output_options) {
  t.command = app.add_subcommand("timeline",
                                 "one database's periods over time (the history store, or report files), its "
                                 "episodes (storms) and the sustained shifts of its master metrics: since when?");
  deferred.defer(t.command, [&t, output_options] {
    t.command->add_option("reports", t.files,
                          "reports of one database and instance ('-': standard input, once); none: the history store");
    t.command->add_option("--db", t.db,
                          "the history store: an SQLite file, or postgresql://user@host/db (default: $AWRDIFF_HISTORY, "
                          "else $XDG_DATA_HOME/awrdiff/history.sqlite)");
    t.command->add_option("--dbid", t.dbid, "the database, when the store holds several");
    t.command->add_option("--instance", t.instance, "the instance, when the store holds several");
    t.command->add_option("--from", t.from,
                          "periods that begin at or after this time: YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS");
    t.command->add_option("--to", t.to, "periods that begin at or before this time (a date: that whole day), in the same forms");
    t.command->add_option("--match", t.match,
                          "like periods only: all (default), hour, weekday-hour, as check --match: the band behind each "
                          "period, and the search for shifts (a day's or week's cycle is no shift)");
    t.command->add_option("--metric", t.metrics,
                          "a registry key to draw and search for shifts (repeatable; default: the master metrics, DB CPU, "
                          "the load, commit and single-block read latency)");
    t.command
        ->add_option(
            "--min-segment", t.min_segment,
            "periods a shift must last at least in the rank test (default: a day of periods); a series "
            "under 4 days is split by the 2x rule instead, where only N = 1 matters (a split after 1 period; docs/timeline.md)")
        ->check(CLI::Range(1, 100000));
    output_options(t.command);
  });
}

int run_timeline(const TimelineCli& t, Format format, const RenderOptions& render_options, const std::string& output,
                 const Emit& emit, Masker* masker, const std::function<std::vector<Snapshot>()>& standard_input) {
  TimelineOptions o;
  o.metrics = t.metrics.empty() ? default_timeline_metrics() : t.metrics;
  for (const auto& k : o.metrics) {
    const MetricSpec* m = find_metric(k);
    if (m == nullptr || m->family) throw Error("", fmt::format("--metric {}: no such metric (awrdiff catalog --metrics)", k));
  }
  o.min_segment = static_cast<std::size_t>(t.min_segment);
  o.match = match_from_name(t.match);
  // --from / --to read before any store or report: a malformed one is named, whatever the input.
  TimelineCli bounded = t;
  if (!t.from.empty()) bounded.from = iso_bound("--from", t.from);
  if (!t.to.empty()) bounded.to = iso_bound("--to", t.to);
  if (!bounded.from.empty() && !bounded.to.empty() &&
      bounded.from.substr(0, std::min(bounded.from.size(), bounded.to.size())) > bounded.to)
    throw Error("", fmt::format("--from {} is after --to {}", t.from, t.to));
  if (t.files.empty() && !output.empty() && output != "-") {
    // -o onto the store it reads would replace the history with the timeline: refused, as history's commands do.
    const std::string location = t.db.empty() ? default_history_location() : t.db;
    std::error_code ec;
    const auto file = history_local_path(location);
    if (file && std::filesystem::exists(output, ec) && std::filesystem::equivalent(output, *file, ec))
      throw Error(output, "is the history store; choose another output file");
  }
  std::vector<std::string> unreadable;
  auto [label, periods] =
      t.files.empty() ? from_store(bounded, o.metrics, masker, unreadable) : from_files(bounded, masker, standard_input);
  Comparison c = build_timeline(label, std::move(periods), o);
  // A stored snapshot that is not read back (damaged, a zlib bomb) is said, not skipped silently.
  for (auto& u : unreadable) c.warnings.push_back(std::move(u));
  std::ostringstream text;
  render(c, format, render_options, text);
  emit(text.str(), output);
  return 0;
}

}  // namespace awrdiff::cli
