// `awrdiff history add|list|show|prune|export` and `awrdiff check --history` (docs/history.md).
#include "cli/history_cmd.hpp"
#include "cli/deferred_options.hpp"
#include "cli/session.hpp"

#include <awrdiff/baseline.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/history.hpp>
#include <awrdiff/input_file.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/printable.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include "json/json_writer.hpp"

#include <algorithm>
#include <cmath>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace awrdiff::cli {
namespace {

std::string location_of(const HistoryCli& h) {
  if (h.db.empty()) return default_history_location();  // its directories are created when needed
  // A --db path whose directory does not exist is a typo, not a place to make.
  if (const auto file = history_local_path(h.db)) {
    const auto parent = std::filesystem::path(*file).parent_path();
    std::error_code ec;
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
      throw Error(redact_location(h.db),
                  fmt::format("the directory {} does not exist (create it first)", redact_location(parent.string())));
  }
  return h.db;
}

CLI::Option* add_db_option(CLI::App* a, HistoryCli& h) {
  return a->add_option("--db", h.db,
                       "the history store: an SQLite file, or postgresql://user@host/db (default: $AWRDIFF_HISTORY, else "
                       "$XDG_DATA_HOME/awrdiff/history.sqlite, else ~/.local/share/awrdiff/history.sqlite)");
}

// Refuses an output file that is the store itself.
void check_output(const std::string& output, const std::string& location) {
  const auto file = history_local_path(location);
  if (output.empty() || output == "-" || !file) return;
  std::error_code ec;
  if (std::filesystem::exists(output, ec) && std::filesystem::equivalent(output, *file, ec))
    throw Error(output, "is the history store; choose another output file");
}

// As the other tables: three significant digits, thousands grouped (1,373,920 / 11.5 / 0.0123).
std::string num(double v) {
  if (!std::isfinite(v)) return "-";
  const double a = std::fabs(v);
  const int decimals = a >= 100 || a == 0 ? 0
                       : a >= 10          ? 1
                       : a >= 1           ? 2
                                          : std::min(9, 2 - static_cast<int>(std::floor(std::log10(a))));
  std::string s = fmt::format("{:.{}f}", a, decimals);
  const auto dot = s.find('.');
  std::string head = s.substr(0, dot), out;
  for (std::size_t i = 0; i < head.size(); ++i) {
    if (i > 0 && (head.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(head[i]);
  }
  return (v < 0 ? "-" : "") + out + (dot == std::string::npos ? "" : s.substr(dot));
}

std::string duration_text(std::int64_t s) {
  if (s > 0) s = (s + 30) / 60 * 60;  // to the nearest minute: a period of 14:00:04 .. 14:10:03 is 10m, not 9m
  if (s >= 86400) return fmt::format("{}d {}h", s / 86400, (s % 86400) / 3600);
  if (s >= 3600) return fmt::format("{}h {}m", s / 3600, (s % 3600) / 60);
  return fmt::format("{}m", s / 60);
}

std::string flags_of(const HistoryPeriod& p) {
  std::vector<std::string> f;
  if (!p.valid) f.push_back("invalid" + (p.invalid_reason.empty() ? std::string() : " (" + p.invalid_reason + ")"));
  if (p.overlapping) f.push_back("overlapping");
  return fmt::format("{}", fmt::join(f, ", "));
}

// ---- history add: reports read and prepared in parallel, stored one by one in argument order ------

struct AddCounts {
  std::size_t added = 0, already = 0, replaced = 0, overlapping = 0, failed = 0;
};

// `store` opens the store when the first period is ready to be added: refused inputs alone never create one.
AddCounts add_files(const std::function<HistoryStore&()>& store, const std::vector<std::string>& files, unsigned jobs,
                    bool keep_json, bool verbose) {
  AddCounts counts;
  const std::size_t n = files.size();
  unsigned threads = jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, n));
  struct Slot {
    std::optional<PreparedPeriod> period;
    std::optional<Error> error;
    bool done = false;
  };
  std::vector<Slot> slots(n);
  std::mutex m;
  std::condition_variable cv;
  std::size_t consumed = 0;  // slots the writer has taken (guarded by m)
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::size_t ahead = std::max<std::size_t>(4, std::size_t{threads} * 4);  // bounded memory
  auto work = [&] {
    for (;;) {
      const std::size_t i = next++;
      if (i >= n || stop) return;
      {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return stop || i < consumed + ahead; });
        if (stop) return;
      }
      Slot s;
      try {
        s.period = prepare_history_period(load_report(files[i]), keep_json);
      } catch (const Error& e) { s.error = e; } catch (const std::bad_alloc&) {
        s.error = Error(files[i], "out of memory while reading the report");
      } catch (const std::exception& e) { s.error = Error(files[i], std::string("internal error: ") + e.what()); }
      std::lock_guard lock(m);
      slots[i].period = std::move(s.period);
      slots[i].error = std::move(s.error);
      slots[i].done = true;
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) { break; }
  }
  auto finish = [&] {
    {
      std::lock_guard lock(m);
      stop = true;
    }
    cv.notify_all();
    for (auto& t : pool) t.join();
  };
  try {
    if (pool.empty()) {  // no thread could start: this one reads them all first
      ahead = n;
      work();
    }
    for (std::size_t i = 0; i < n; ++i) {
      Slot s;
      {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return slots[i].done; });
        s = std::move(slots[i]);
        slots[i] = Slot{};
        consumed = i + 1;
      }
      cv.notify_all();
      if (s.error) {
        ++counts.failed;
        std::cerr << "awrdiff: " << s.error->what() << "\n";
        continue;
      }
      const AddResult r = store().add(*s.period);
      if (r.added) ++counts.added;
      else if (r.replaced) ++counts.replaced;
      else ++counts.already;
      if (r.overlapping) ++counts.overlapping;
      if (verbose)
        std::cerr << fmt::format("{}: {} {}{}\n", files[i],
                                 r.added      ? "added"
                                 : r.replaced ? "replaced the stored copy of"
                                              : "already stored:",
                                 r.label,
                                 r.overlapping ? fmt::format(" (overlaps {})", fmt::join(r.overlaps, "; ")) : std::string());
    }
  } catch (...) {
    finish();
    throw;
  }
  finish();
  return counts;
}

// ---- history list / show ------------------------------------------------------------------------

std::string list_text(HistoryStore& store, const HistoryCli& h) {
  auto series = store.series();
  if (h.dbid != 0)
    std::erase_if(series, [&](const HistorySeries& s) { return s.latest.dbid != static_cast<std::uint64_t>(h.dbid); });
  std::size_t periods = 0, checks = 0;
  for (const auto& s : series) {
    periods += s.periods;
    checks += s.checks;
  }
  std::string out = fmt::format("History store {} ({}, schema {}): {} series, {} period{}, {} check outcome{}\n",
                                store.location(), store.backend(), store.schema_version(), series.size(), periods,
                                periods == 1 ? "" : "s", checks, checks == 1 ? "" : "s");
  auto it = std::back_inserter(out);
  for (const auto& s : series) {
    const auto& p = s.latest;
    fmt::format_to(it, "\n{}: {} period{}, {} .. {}; {} invalid, {} overlapping, {} with a snapshot, {} check outcome{}\n",
                   p.series_label(), s.periods, s.periods == 1 ? "" : "s", s.first_begin, s.last_end, s.invalid, s.overlapping,
                   s.with_snapshot, s.checks, s.checks == 1 ? "" : "s");
    fmt::format_to(it, "  release {}, host {}, {} CPUs\n", p.release.empty() ? "?" : p.release, p.host.empty() ? "?" : p.host,
                   p.cpus ? (*p.cpus == std::round(*p.cpus) ? fmt::format("{:.0f}", *p.cpus) : num(*p.cpus)) : "?");
    if (!s.gaps.empty()) {
      fmt::format_to(it, "  gaps ({}):", s.gaps.size());
      const std::size_t shown = h.verbose ? s.gaps.size() : std::min<std::size_t>(s.gaps.size(), 10);
      for (std::size_t i = 0; i < shown; ++i) {
        const auto a = iso_epoch(s.gaps[i].first), b = iso_epoch(s.gaps[i].second);
        fmt::format_to(it, "{} {} .. {}{}", i == 0 ? "" : ",", s.gaps[i].first, s.gaps[i].second,
                       a && b ? fmt::format(" ({})", duration_text(*b - *a)) : std::string());
      }
      if (shown < s.gaps.size()) fmt::format_to(it, ", ... {} more (-v lists them)", s.gaps.size() - shown);
      out += '\n';
    }
    if (!s.restarts.empty()) {
      fmt::format_to(it, "  instance restarts ({}):", s.restarts.size());
      for (std::size_t i = 0; i < s.restarts.size(); ++i)
        fmt::format_to(it, "{} started {} (first period {})", i == 0 ? "" : ",", s.restarts[i].first, s.restarts[i].second);
      out += '\n';
    }
  }
  if (h.list_periods) {
    for (const auto& s : series) {
      fmt::format_to(it, "\nPeriods of {}\n  {:<19}  {:<19}  {:>13}  {:>9}  {:<11}  {}\n", s.latest.series_label(), "begin",
                     "end", "snaps", "elapsed", "flags", "source");
      for (const auto& p : store.periods(s.latest.dbid)) {
        if (p.con_dbid != s.latest.con_dbid || p.instance_number != s.latest.instance_number) continue;
        const std::string snaps = p.begin_snap || p.end_snap
                                      ? fmt::format("{}-{}", p.begin_snap ? std::to_string(*p.begin_snap) : "?",
                                                    p.end_snap ? std::to_string(*p.end_snap) : "?")
                                      : "";
        fmt::format_to(it, "  {:<19}  {:<19}  {:>13}  {:>9}  {:<11}  {}\n", p.begin_time, p.end_time, snaps,
                       p.elapsed_s ? duration_text(static_cast<std::int64_t>(*p.elapsed_s)) : "?", flags_of(p), p.source);
      }
    }
  }
  return out;
}

std::string show_text(HistoryStore& store, const HistoryCli& h) {
  const auto points = store.metric_series(h.metric, h.dbid != 0 ? std::optional<std::uint64_t>(h.dbid) : std::nullopt,
                                          h.instance != 0 ? std::optional<int>(h.instance) : std::nullopt);
  const MetricSpec* spec = find_metric(h.metric);
  std::string out = fmt::format("{} ({}, {}): {} value{}\n", spec->display, spec->key, spec->unit, points.size(),
                                points.size() == 1 ? "" : "s");
  auto it = std::back_inserter(out);
  std::string series;
  for (const auto& pt : points) {
    const auto label = pt.period.series_label();
    if (label != series) {
      series = label;
      fmt::format_to(it, "\n{}\n  {:<19}  {:<19}  {:>13}  {:>14}  {}\n", label, "begin", "end", "snaps", spec->unit, "flags");
    }
    const auto& p = pt.period;
    const std::string snaps = p.begin_snap || p.end_snap
                                  ? fmt::format("{}-{}", p.begin_snap ? std::to_string(*p.begin_snap) : "?",
                                                p.end_snap ? std::to_string(*p.end_snap) : "?")
                                  : "";
    fmt::format_to(it, "  {:<19}  {:<19}  {:>13}  {:>14}  {}\n", p.begin_time, p.end_time, snaps, num(pt.value), flags_of(p));
  }
  return out;
}

MatchPeriods match_of(const CheckOptions& o) { return o.match; }

// A current report loaded; a baseline file given in its place is named as such.
std::vector<Snapshot> load_explained(const std::string& f,
                                     const std::function<std::vector<Snapshot>(const std::string&)>& load_each) {
  try {
    return load_each(f);
  } catch (const Error&) {
    if (f != "-" && is_baseline_file(f)) throw Error(f, "this is a baseline file, not a report; give it with --baseline");
    throw;
  }
}

const char* match_name(MatchPeriods m) {
  return m == MatchPeriods::all ? "all" : m == MatchPeriods::hour ? "hour" : "weekday-hour";
}

}  // namespace

MatchPeriods match_from_name(const std::string& name) {
  if (name == "all") return MatchPeriods::all;
  if (name == "hour") return MatchPeriods::hour;
  if (name == "weekday-hour") return MatchPeriods::weekday_hour;
  throw Error("", fmt::format("unknown --match '{}' (all, hour, weekday-hour)", name));
}

bool HistoryCli::selected() const { return history != nullptr && history->parsed(); }

void add_history_commands(CLI::App& app, HistoryCli& h, DeferredOptions& deferred) {
  h.history = app.add_subcommand("history",
                                 "a moving-window baseline kept from report files (SQLite, or PostgreSQL shared "
                                 "across hosts): add, list, show, prune, export");
  h.history->require_subcommand(1);
  h.add =
      h.history->add_subcommand("add", "store reports (read in parallel): key facts, every registry metric, the snapshot JSON");
  deferred.defer(h.add, [&h] {
    h.add->add_option("reports", h.files, "AWR or Statspack reports (HTML, text, .gz) or saved snapshots")
        ->required()
        ->expected(1, -1);
    h.add->add_option("-j,--jobs", h.jobs, "read at most N reports at once (default: number of CPUs)")
        ->check(CLI::Range(1, 1024));
    h.add->add_flag("--no-snapshots", h.no_snapshots, "keep the facts and metric values only, not the snapshot JSON");
    h.add->add_flag("-v,--verbose", h.verbose, "name each period added, already stored or overlapping (on stderr)");
    add_db_option(h.add, h);
  });

  h.list = h.history->add_subcommand("list", "the databases, instances and periods stored, with gaps and instance restarts");
  deferred.defer(h.list, [&h] {
    h.list->add_flag("--periods", h.list_periods, "also list every period");
    h.list->add_option("--dbid", h.dbid, "one database only");
    h.list->add_flag("-v,--verbose", h.verbose, "list every gap");
    h.list->add_option("-o,--output", h.output, "write to FILE instead of stdout");
    add_db_option(h.list, h);
  });

  h.show = h.history->add_subcommand("show", "one metric's stored series as a table");
  deferred.defer(h.show, [&h] {
    h.show->add_option("metric", h.metric, "registry key, e.g. db_time_per_s (awrdiff catalog --metrics)")->required();
    h.show->add_option("--dbid", h.dbid, "one database only");
    h.show->add_option("--instance", h.instance, "one instance only");
    h.show->add_option("-o,--output", h.output, "write to FILE instead of stdout");
    add_db_option(h.show, h);
  });

  h.prune = h.history->add_subcommand("prune",
                                      "delete the periods that end more than a given time before the newest period of "
                                      "their database and instance");
  deferred.defer(h.prune, [&h] {
    auto* older = h.prune->add_option("--older-than", h.older_than, "e.g. 90d, 12w, 36h");
    h.prune->add_flag("--months", h.months,
                      "with --older-than: whole calendar months, the newest period of the store as the reference "
                      "(PostgreSQL drops the months' partitions)");
    auto* bodies = h.prune->add_option("--bodies-older-than", h.bodies_older_than,
                                       "retention: drop the snapshot bodies of the periods that end more than this before the "
                                       "newest of their database and instance (their values are kept), e.g. 7d");
    h.prune->add_flag("--drop-flagged-bodies", h.drop_flagged_bodies,
                      "with --bodies-older-than: also the bodies of the periods whose latest check warned or failed");
    older->excludes(bodies);
    h.prune->add_flag("--dry-run", h.dry_run, "count them, delete nothing");
    add_db_option(h.prune, h);
  });

  h.export_cmd = h.history->add_subcommand("export", "every stored value, one row per period and metric");
  deferred.defer(h.export_cmd, [&h] {
    h.export_cmd->add_option("-f,--format", h.format, "csv (default) or jsonl");
    h.export_cmd->add_option("-o,--output", h.output, "write to FILE instead of stdout");
    add_db_option(h.export_cmd, h);
  });
}

void add_history_check_options(CLI::App* check, HistoryCli& h) {
  check->add_flag("--history", h.check_history,
                  "the baseline is the history store's window before the current report "
                  "(same DB Id and instance)");
  h.check_db_opt = add_db_option(check, h);
  h.check_window_opt = check->add_option("--window", h.window,
                                         "with --history: how far back the baseline reaches (default 28d; "
                                         "units d, h, w, e.g. 28d, 36h, 4w)");
  h.check_for_opt = check
                        ->add_option("--for", h.for_n,
                                     "with --history: exit 1 only when the last N checked periods of the "
                                     "database all failed")
                        ->check(CLI::Range(1, 1000));
  h.check_add_opt = check->add_flag("--add", h.check_add,
                                    "with --history: add the current report to the store first (the cron "
                                    "job's one line)");
  h.check_keep_failed_opt = check->add_flag("--keep-failed", h.keep_failed,
                                            "with --history: keep in the window the periods whose stored check failed "
                                            "(left out by default: a storm is not normal, and would widen the band)");
}

void validate_check_options(const HistoryCli& h, bool dash_dash_without_report) {
  if (dash_dash_without_report) throw Error("", "no current report after --: give the current report(s) after it");
  if (h.check_history) return;
  for (const auto* o : {h.check_add_opt, h.check_for_opt, h.check_window_opt, h.check_db_opt, h.check_keep_failed_opt})
    if (o != nullptr && o->count() > 0)
      throw Error("", fmt::format("{} needs --history (it applies to the history store only)", o->get_name()));
}

std::vector<Snapshot> load_current_reports(const std::vector<std::string>& files,
                                           const std::function<std::vector<Snapshot>(const std::string&)>& load_each) {
  std::vector<Snapshot> members;
  for (const auto& f : files)
    for (auto& s : load_explained(f, load_each)) members.push_back(std::move(s));
  return members;
}

int run_history(HistoryCli& h, const Emit& emit) {
  const std::string location = location_of(h);
  if (*h.add) {
    std::unique_ptr<HistoryStore> store;
    const auto file = history_local_path(location);
    const bool existed = !file || std::filesystem::exists(*file);
    const AddCounts c = add_files(
        [&]() -> HistoryStore& {
          if (!store) store = HistoryStore::open(location, HistoryAccess::write);
          return *store;
        },
        h.files, h.jobs, !h.no_snapshots, h.verbose);
    std::vector<std::string> parts{fmt::format("{} period{} added", c.added, c.added == 1 ? "" : "s")};
    if (c.overlapping > 0) parts.push_back(fmt::format("{} overlapping stored ones (flagged)", c.overlapping));
    if (c.already > 0) parts.push_back(fmt::format("{} already stored", c.already));
    if (c.replaced > 0) parts.push_back(fmt::format("{} stored again from a preferred file", c.replaced));
    if (c.failed > 0) parts.push_back(fmt::format("{} file{} not added (named above)", c.failed, c.failed == 1 ? "" : "s"));
    if (!store) {  // every file was refused: the store was not opened, and none was created
      std::cerr << fmt::format("awrdiff history: {}: nothing to store, {} ({})\n", fmt::join(parts, ", "),
                               existed ? "the store was not opened" : "no store was created", redact_location(location));
      return static_cast<int>(ExitCode::error);
    }
    std::cerr << fmt::format("awrdiff history: {} ({})\n", fmt::join(parts, ", "), store->location());
    return c.failed > 0 ? static_cast<int>(ExitCode::error) : 0;
  }
  if (*h.prune) {
    if (h.older_than.empty() == h.bodies_older_than.empty())
      throw Error("", "history prune: give --older-than (periods) or --bodies-older-than (snapshot bodies)");
    if (!h.bodies_older_than.empty()) {
      RetentionPolicy policy;
      policy.bodies_for_s = parse_duration(h.bodies_older_than);
      policy.keep_flagged = !h.drop_flagged_bodies;
      auto store = HistoryStore::open(location, h.dry_run ? HistoryAccess::read : HistoryAccess::update);
      const auto n = store->drop_bodies(policy, h.dry_run);
      std::cerr << fmt::format(
          "awrdiff history: {} the snapshot bodies of {} period{} ending more than {} before the newest period of their "
          "database and instance{}; their values are kept ({})\n",
          h.dry_run ? "would drop" : "dropped", n, n == 1 ? "" : "s", h.bodies_older_than,
          policy.keep_flagged ? " (those whose latest check warned or failed kept theirs)" : "", store->location());
      return 0;
    }
    const auto older = parse_duration(h.older_than);
    auto store = HistoryStore::open(location, h.dry_run ? HistoryAccess::read : HistoryAccess::update);
    if (h.months) {
      const auto n = store->prune_months(older, h.dry_run);
      std::cerr << fmt::format(
          "awrdiff history: {} {} period{} of the calendar months that ended more than {} before the newest "
          "period of the store ({})\n",
          h.dry_run ? "would delete" : "deleted", n, n == 1 ? "" : "s", h.older_than, store->location());
      return 0;
    }
    const auto n = store->prune(older, h.dry_run);
    std::cerr << fmt::format(
        "awrdiff history: {} {} period{} ending more than {} before the newest period of their database and "
        "instance ({})\n",
        h.dry_run ? "would delete" : "deleted", n, n == 1 ? "" : "s", h.older_than, store->location());
    return 0;
  }
  check_output(h.output, location);
  auto store = HistoryStore::open(location, HistoryAccess::read);
  // What the store holds came from reports and file names: printed without their control characters.
  if (*h.list) emit(printable(list_text(*store, h), true), h.output);
  else if (*h.show) emit(printable(show_text(*store, h), true), h.output);
  else if (*h.export_cmd) emit(store->export_text(h.format), h.output);
  return 0;
}

namespace {

// The current report of `check --history`; "-": from standard input, as a check against a baseline file reads it.
Snapshot load_history_current(const std::string& file) {
  return load_explained(file,
                        [](const std::string& f) {
                          if (f == "-")
                            return std::vector<Snapshot>{parse_report(
                                decode_input(read_input_descriptor(STDIN_FILENO, "-", report_input_kind()), "-"), "-")};
                          return std::vector<Snapshot>{load_report(f)};
                        })
      .front();
}

// The store of a check. A check alone stores nothing: it opens the store read-only (a store it may not write, on a
// read-only file system too), and outcomes are not recorded (`writable` false). --add stores the period and its vote,
// and --for, whose count includes the current check, needs a store it may write: an error otherwise.
std::unique_ptr<HistoryStore> open_store_for_check(const HistoryCli& h, const std::string& location, bool& writable) {
  writable = h.check_add || h.for_n > 0;
  // Only --add may create the store: a check alone on a mistyped path is refused, with nothing created.
  return HistoryStore::open(location, h.check_add ? HistoryAccess::write
                                      : writable  ? HistoryAccess::update
                                                  : HistoryAccess::read);
}

// What a check of the history writes: the check, its options and where its output goes.
struct HistoryCheckOutput {
  const HistoryCli& h;
  const CheckPolicy& policy;
  Format format;
  const RenderOptions& render_options;
  bool quiet;
  const std::string& output;
  const Emit& emit;
};

// Without --add, a store that holds nothing of this database before the current period (a new or wrong store,
// another database) is no baseline at all: trouble, as a baseline file of another database.
void refuse_store_without_earlier_period(HistoryStore& store, const Snapshot& current) {
  const auto instance = current.kind == ReportKind::awr_global ? std::nullopt : current.database.instance_number;
  const auto con = current.database.scope == ContainerScope::pdb ? current.database.con_dbid : std::nullopt;
  const std::string begin = iso_time(current.interval.begin_time);
  const auto stored = store.periods(current.database.dbid.value_or(0));
  if (std::none_of(stored.begin(), stored.end(), [&](const HistoryPeriod& p) {
        return p.instance_number == instance && p.con_dbid == con && !p.begin_time.empty() && p.begin_time < begin;
      }))
    throw Error(current.source, fmt::format("no stored period of DB Id {} before it: nothing to check against (`awrdiff "
                                            "history list`; --add stores the period)",
                                            current.database.dbid.value_or(0)));
}

// Nothing like the current period in the window (--match before a day or a week of like periods is kept, the
// like periods left out): an insufficient baseline, not trouble, as a baseline file without a like period (one
// rule: exit 0, `OK, insufficient baseline`; under -q nothing, the line with -v, the JSON with -f json). A storm
// the like periods cannot judge yet (`WARN, insufficient baseline`) is one line under -q.
int insufficient_history_baseline(HistoryStore& store, const Snapshot& current, const Baseline& baseline, const WindowOptions& w,
                                  const HistoryCheckOutput& out) {
  const HistoryCli& h = out.h;
  const std::string& output = out.output;
  const Emit& emit = out.emit;
  const Format format = out.format;
  if (!h.check_add) refuse_store_without_earlier_period(store, current);
  std::string left_out;
  for (const auto& n : baseline.notes)
    if (n.find("left out") != std::string::npos) left_out += "; " + n;
  // No like period, but periods of other hours: a period that is a multiple of every one of them still warns, one
  // line under -q, also with --add (the rule of a baseline file without a like period, unlike_periods_multiple).
  std::string multiple;
  if (w.match != MatchPeriods::all) {
    WindowOptions every = w;
    every.match = MatchPeriods::all;
    multiple = unlike_periods_multiple(current, store.load_window(current, every));
  }
  const std::string msg = fmt::format(
      "{}, insufficient baseline: no earlier period of DB Id {} in the {} window{}{}; {}{}", multiple.empty() ? "OK" : "WARN",
      current.database.dbid.value_or(0), h.window,
      w.match == MatchPeriods::all ? "" : fmt::format(" (like periods: {})", match_name(w.match)), left_out,
      multiple.empty() ? "" : "but " + multiple + "; ",
      h.check_add ? fmt::format("{} was added to the history, so the check starts once like periods are stored", current.source)
                  : std::string("nothing was checked (`awrdiff history list`; --add stores the period)"));
  if (h.check_output != CheckOutput::report) {
    CheckReport r = insufficient_baseline_report(msg, current, out.policy);
    if (!multiple.empty()) r.status = CheckStatus::warn;
    return emit_monitoring(r, h.check_output, output, emit, out.quiet);
  }
  // -q: silent, as for a baseline file without a like period (write_check_report); said with -v and in JSON.
  if (out.quiet && multiple.empty() && !out.render_options.verbose && format == Format::text) {
    if (!output.empty() && output != "-") emit("", output);  // emptied: no earlier run's report is left in it
    return 0;
  }
  if (out.quiet && format == Format::text) {  // the line names the database, snaps and times as a page's first line
    CheckReport r = insufficient_baseline_report(msg, current, out.policy);
    r.status = multiple.empty() ? CheckStatus::insufficient : CheckStatus::warn;
    emit(quiet_text(r), output);
    return 0;
  }
  if (format == Format::json) {
    json_out::PrettyWriter j;
    j.begin_object();
    j.key("exit_code").integer(0);
    j.key("headline").string(msg);
    j.key("status").string(multiple.empty() ? "insufficient baseline" : "warn");
    j.end_object();
    emit(std::string(j.text()) + "\n", output);
  } else {
    Comparison c;
    c.target_source = current.source;
    c.headline = msg;
    std::ostringstream text;
    render(c, format, out.render_options, text);
    emit(text.str(), output);
  }
  return 0;
}

// A weekly busy hour (a weekend's batch job) under --match hour: a period that fails against the same hour of every
// day is judged against the same hour of the same weekday in the window's earlier weeks, failed checks kept (the job
// paged the first weekend it ran: that is what makes it recurring). Not failing there, it is the week's cycle, not a
// page: that check is the outcome, said in its notes. None of them in the window, or failing there too (a storm on
// a Saturday is beyond the Saturdays before it), or within the other days of its last week at that hour (failed checks
// kept: a level since then, not the week's cycle): empty, the hour's check stands.
std::optional<CheckReport> weekly_busy_hour(const Snapshot& current, const Baseline& like, const CheckPolicy& policy,
                                            const CheckOptions& options) {
  const std::string begin = iso_time(current.interval.begin_time);
  const auto key = like_period_key(MatchPeriods::weekday_hour, begin);
  const auto begin_epoch = iso_epoch(begin);
  if (!key || !begin_epoch) return std::nullopt;
  // A level, not a weekday's own hour (a plan change a week old): within the other days of its last week at that hour
  // (not even busier than them). Then the hour's check stands.
  Baseline recent = like;
  std::erase_if(recent.periods, [&](const BaselinePeriod& p) {
    const auto b = iso_epoch(p.begin_time);
    return !b || *b < *begin_epoch - 7 * 86400 || like_period_key(MatchPeriods::weekday_hour, p.begin_time) == key;
  });
  recent.aggregates.clear();
  if (recent.periods.empty()) return std::nullopt;
  if (const CheckStatus st = check(current, recent, policy, options).status; st == CheckStatus::ok || st == CheckStatus::improved)
    return std::nullopt;
  Baseline weekly = like;
  std::erase_if(weekly.periods,
                [&](const BaselinePeriod& p) { return like_period_key(MatchPeriods::weekday_hour, p.begin_time) != key; });
  weekly.aggregates.clear();
  if (weekly.periods.empty()) return std::nullopt;
  weekly.notes.push_back(fmt::format(
      "a weekly busy hour: it fails against the same hour of every day but not against the same hour of the same weekday "
      "({} period{} of earlier weeks, failed checks kept): the week's cycle, judged against {}",
      weekly.periods.size(), weekly.periods.size() == 1 ? "" : "s", weekly.periods.size() == 1 ? "it" : "them"));
  CheckOptions o = options;
  o.match = MatchPeriods::weekday_hour;
  CheckReport r = check(current, weekly, policy, o);
  if (r.status == CheckStatus::fail) return std::nullopt;
  return r;
}

// The stored outcome of the check `r` of `current`.
CheckRecord record_of(const Snapshot& current, const CheckReport& r, const WindowOptions& w) {
  CheckRecord rec;
  rec.dbid = current.database.dbid.value_or(0);
  rec.instance_number = current.kind == ReportKind::awr_global ? std::nullopt : current.database.instance_number;
  if (current.database.scope == ContainerScope::pdb) rec.con_dbid = current.database.con_dbid;
  rec.period_key = HistoryStore::period_key(current);
  rec.begin_time = iso_time(current.interval.begin_time);
  rec.end_time = iso_time(current.interval.end_time);
  rec.status = to_string(r.status);
  rec.exit_code = r.exit_code();
  rec.match = match_name(w.match);
  rec.window_s = w.window_s;
  rec.baseline_periods = r.baseline_periods;
  rec.headline = r.headline;
  return rec;
}

// --for N: a fail exits 1 only when the last N checked periods (the current one, `rec`, in place of any stored
// outcome of the same period) all failed; the headline says which. Returns the exit code.
int apply_for_n(HistoryStore& store, const HistoryCli& h, const Snapshot& current, const CheckRecord& rec, CheckReport& r,
                int exit_code) {
  const auto rec_dbid = current.database.dbid.value_or(0);
  const auto rec_instance = current.kind == ReportKind::awr_global ? std::nullopt : current.database.instance_number;
  const auto rec_con = current.database.scope == ContainerScope::pdb ? current.database.con_dbid : std::nullopt;
  // The current check counts, recorded or not, in place of any stored outcome of the same period.
  auto recent = store.recent_checks(rec_dbid, rec_instance, rec_con, static_cast<std::size_t>(h.for_n) + 1);
  std::erase_if(recent, [&](const CheckRecord& c) { return c.period_key == rec.period_key; });
  recent.insert(recent.begin(), rec);
  if (recent.size() > static_cast<std::size_t>(h.for_n)) recent.resize(static_cast<std::size_t>(h.for_n));
  const auto breached = static_cast<std::size_t>(
      std::count_if(recent.begin(), recent.end(), [](const CheckRecord& c) { return c.exit_code == 1; }));
  const bool all = recent.size() == static_cast<std::size_t>(h.for_n) && breached == recent.size();
  if (r.exit_code() == 1) {
    if (all) {
      r.comparison.headline += fmt::format(" [--for {}: the last {} checked periods all failed]", h.for_n, h.for_n);
    } else {
      exit_code = 0;
      r.comparison.headline +=
          fmt::format(" [--for {}: {} of the last {} checked periods failed, so exit 0]", h.for_n, breached, h.for_n);
    }
  }
  return exit_code;
}

// Writes the check `r` (its exit code `exit_code` after --for): the monitoring output, or its report (-q: less, or
// nothing).
int write_history_check(CheckReport& r, int exit_code, const HistoryCheckOutput& out) {
  const HistoryCli& h = out.h;
  const std::string& output = out.output;
  const Emit& emit = out.emit;
  if (h.check_output != CheckOutput::report) {
    if (exit_code == 0 && r.status == CheckStatus::fail) r.status = CheckStatus::warn;  // --for: not yet a page
    const int code = emit_monitoring(r, h.check_output, output, emit, out.quiet);
    return h.check_output == CheckOutput::nagios ? code : exit_code;
  }
  return write_check_report(r, exit_code, out.quiet, out.format, out.render_options, output, emit);
}

}  // namespace

int write_check_report(const CheckReport& r, int exit_code, bool quiet, Format format, const RenderOptions& render_options,
                       const std::string& output, const Emit& emit) {
  // -q: silent for a pass on a complete report, and for an insufficient baseline (no like period: nothing was
  // checked, exit 0; its line with -v, the whole output in the other formats), the one rule of a baseline file and a
  // history; for a warn, and for a pass on an incomplete one (truncated, metrics not given), the headline on one line
  // and the report's own warnings in text, the whole output in the other formats; for a fail, the page's summary
  // (check_mail: at most 25 lines) on standard output, the full report in -o FILE when given (HTML for the ticket);
  // the whole output for a fail or a warn with -v.
  const bool silent_insufficient =
      r.status == CheckStatus::insufficient && r.input_warnings.empty() && !render_options.verbose && format == Format::text;
  const bool to_file = !output.empty() && output != "-";
  if (quiet && r.status == CheckStatus::fail && !render_options.verbose && (format == Format::text || to_file)) {
    if (to_file) {
      std::ostringstream text;
      render(with_policy(r, format), format, render_options, text);
      emit(text.str(), output);
    }
    emit(printable(check_mail(r, to_file ? output : std::string()), true), "");
    return exit_code;
  }
  if (quiet && !quiet_prints_report(r, render_options.verbose)) {
    if (quiet_text(r).empty() || silent_insufficient) {
      // Nothing to say; an output file is emptied, so that an earlier run's FAIL report is not read as this one.
      if (!output.empty() && output != "-") emit("", output);
      return exit_code;
    }
    if (format == Format::text) {
      emit(printable(quiet_text(r), true), output);
      return exit_code;
    }
  }
  std::ostringstream text;
  render(with_policy(r, format), format, render_options, text);
  emit(text.str(), output);
  return exit_code;
}

int run_history_check(HistoryCli& h, const std::vector<std::string>& current_files, const CheckPolicy& policy,
                      const CheckOptions& options, Format format, const RenderOptions& render_options, bool quiet,
                      const std::string& output, const Emit& emit, const std::function<void(const Snapshot&)>& vet) {
  if (current_files.size() != 1)
    throw Error("", "check --history checks one report (the current period): give exactly one, after the options");
  const std::string location = location_of(h);
  check_output(output, location);
  WindowOptions w;
  w.window_s = parse_duration(h.window);
  w.match = match_of(options);
  w.keep_failed = h.keep_failed;
  Snapshot current = load_history_current(current_files.front());
  if (vet) vet(current);
  bool writable = true;
  const std::unique_ptr<HistoryStore> store = open_store_for_check(h, location, writable);
  if (h.check_add) store->add(current, true);
  // A storm far beyond every stored period pages whatever the like periods say, and when there is none: check()
  // measures it against the window's periods of every hour (storm_pages), and against the like periods with their
  // failed checks kept (a busy hour of its own that paged before is still a busy hour, not a storm). Both are read
  // without the typical period's snapshots and with only the values the rule reads (DB time per second, and what
  // leaves a period out as impossible), and read again whole in the rare run that takes one of them as its
  // baseline: 8 stored bodies fewer inflated and parsed, 2 rows a period rather than 31. They are read while the
  // typical period's snapshots are parsed.
  WindowOptions every = w;
  every.match = MatchPeriods::all;
  every.typical_periods = 0;
  every.storm_rule_values = true;
  WindowOptions failed_kept = w;
  failed_kept.keep_failed = true;
  failed_kept.typical_periods = 0;
  failed_kept.storm_rule_values = true;
  const WindowOptions windows[] = {w, every, failed_kept};
  std::vector<Baseline> read = store->load_windows(current, std::span(windows, w.match == MatchPeriods::all ? 1 : 3));
  Baseline baseline = std::move(read[0]);
  // A stored value out of range, or beyond the host (a store edited by hand): its period is left out, said.
  leave_out_impossible_periods(baseline);
  Baseline like;  // the like periods, failed checks kept
  bool storm = false;
  if (w.match != MatchPeriods::all) {
    Baseline all = std::move(read[1]);
    leave_out_impossible_periods(all);
    like = std::move(read[2]);
    storm = storm_pages(current, all, w.match, &like);
    if (storm) {
      every.typical_periods = w.typical_periods;
      every.storm_rule_values = false;
      baseline = store->load_window(current, every);
      leave_out_impossible_periods(baseline);
    } else if (baseline.periods.empty() && baseline.aggregates.empty() && !like.periods.empty()) {
      // Every like period paged (a busy hour that failed against the other hours the first days): the hour's own
      // load is its baseline, said, rather than an "insufficient baseline" that would never judge the hour again.
      failed_kept.typical_periods = w.typical_periods;
      failed_kept.storm_rule_values = false;
      like = store->load_window(current, failed_kept);
      like.notes.push_back(
          fmt::format("every like period was a failed check ({}): the hour's own load is the baseline, "
                      "failed periods kept",
                      like.periods.size()));
      baseline = std::move(like);
    }
  }
  const HistoryCheckOutput out{h, policy, format, render_options, quiet, output, emit};
  if (baseline.periods.empty() && baseline.aggregates.empty())
    return insufficient_history_baseline(*store, current, baseline, w, out);
  CheckReport r = check(current, baseline, policy, options);
  if (w.match == MatchPeriods::hour && !storm && r.status == CheckStatus::fail) {
    if (!like.periods.empty() || !like.aggregates.empty()) {  // read without snapshots above: whole for the weekly check
      WindowOptions whole = w;
      whole.keep_failed = true;
      like = store->load_window(current, whole);
    }
    if (auto weekly = weekly_busy_hour(current, like, policy, options)) r = std::move(*weekly);
  }
  int exit_code = r.exit_code();
  if (writable) {
    const CheckRecord rec = record_of(current, r, w);
    // Only the cron's run (--add) votes: an ad-hoc check, perhaps with another policy, never records or
    // replaces a period's outcome. The vote of the cron's run is stored or the run fails (exit 2), on SQLite and
    // PostgreSQL alike: a role that may add periods but not insert check outcomes is told so, never left to pass
    // unrecorded.
    if (h.check_add) store->record_check(rec);
    if (h.for_n > 0) exit_code = apply_for_n(*store, h, current, rec, r, exit_code);
  }
  exit_code = write_history_check(r, exit_code, out);
  // The typical period's snapshots, the windows and the report: left to the process's exit, not freed.
  keep_until_exit(std::move(baseline));
  keep_until_exit(std::move(like));
  keep_until_exit(std::move(read));
  keep_until_exit(std::move(r));
  keep_until_exit(std::move(current));
  return exit_code;
}

void warn_if_policy_cannot_fail(const CheckPolicy& policy) {
  if (const auto why = policy_cannot_fail(policy); !why.empty())
    std::cerr << "awrdiff: " << policy.source << ": this policy can never fail the check (" << why
              << "): it passes or warns whatever the current period\n";
}

}  // namespace awrdiff::cli
