// awrdiff — history: a moving-window baseline kept from report files (docs/history.md).
//
// Oracle keeps its SYSTEM_MOVING_WINDOW baseline inside the database; a DBA who only has report files
// keeps it here. Every report added becomes one stored period: its key facts (DB Id, instance,
// container, release, host, CPUs, snaps, times, elapsed, valid or not), every checked metric of the
// registry as a row (the values period_of gives), and optionally the snapshot JSON for later
// re-analysis. `load_window` turns the periods of one database and instance before a current period
// into a Baseline that `check` takes.
//
// Stores: one SQLite file (the default; WAL mode, a busy timeout) or a PostgreSQL database
// (`postgresql://...`) with the same schema. The schema is versioned (k_history_schema_version) and
// migrated forward on write; a store of a later schema is refused. Every change is one transaction:
// a run that is killed, a full disk or a read-only store leaves the store as it was, and a file that is
// not an SQLite database (or is damaged) is never written to. Errors: awrdiff::Error(location, reason),
// one line, exit code 2.
#pragma once

#include <awrdiff/baseline.hpp>
#include <awrdiff/check.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/period_detail.hpp>
#include <awrdiff/time.hpp>  // iso_epoch

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// The schema version this build writes and reads (docs/history.md lists each version's changes).
inline constexpr int k_history_schema_version = 4;

/// Where the store is when no --db is given: $AWRDIFF_HISTORY, else $XDG_DATA_HOME/awrdiff/history.sqlite,
/// else $HOME/.local/share/awrdiff/history.sqlite. Throws Error when none of them is set.
std::string default_history_location();

/// A backend of the store, as the location names it (docs/history.md, "Backends").
struct HistoryBackendInfo {
  const char* name;  ///< "SQLite", "PostgreSQL"
  const char* forms;  ///< how a location names it, for messages
  bool server;  ///< a server shared across hosts (no local file)
};
/// The backend a location names: PostgreSQL for a `postgresql://` or `postgres://` URI or libpq's keyword/value form,
/// SQLite for `file:PATH` and any other path. Chosen from one table by the location's scheme.
const HistoryBackendInfo& history_backend_of(std::string_view location);
/// The file of a local store (`file:` taken off: "file:/var/h.sqlite" -> "/var/h.sqlite"); empty for a server.
std::optional<std::string> history_local_path(std::string_view location);

/// True for a PostgreSQL location: a `postgresql://` or `postgres://` URI, or libpq's keyword/value form
/// ("host=dbhost dbname=history user=dba": its first keyword one of libpq's, such as host, dbname, user, port,
/// service).
bool is_postgresql_location(std::string_view location);

/// A location as it may be printed, shown in a baseline's sources or stored: without its passwords. The
/// password of a URI's user information is left out ("postgresql://dba:s3cret@host/db" ->
/// "postgresql://dba@host/db"); the value of a password= or sslpassword= parameter, in a URI's query or in
/// the keyword/value form (quoted or not), becomes "***". Anything else is returned as it is.
std::string redact_location(std::string_view location);

/// `text` (a message of the database driver) with every password of `location` (4 characters or more)
/// replaced by "***", wherever it is quoted.
std::string redact_secrets(std::string_view text, std::string_view location);

/// A length of time as written on the command line: "90d", "28d", "12h", "2w", "30m", "3600s". Returns
/// seconds. Throws Error for anything else, a number without its unit ("10") or a length of 0.
std::int64_t parse_duration(std::string_view text);

/// The ISO 8601 text of iso_epoch's seconds.
std::string epoch_iso(std::int64_t seconds);

/// One stored period's facts (the `periods` table of docs/history.md).
struct HistoryPeriod {
  std::uint64_t dbid = 0;  ///< DB Id (a report without one cannot be stored)
  std::string db_name;  ///< DB Name
  std::optional<int> instance_number;  ///< Inst Num; empty for a whole cluster (RAC global report)
  std::string instance_name;  ///< Instance
  std::optional<std::uint64_t> con_dbid;  ///< Container DB Id of a PDB report; empty otherwise
  std::string container;  ///< Container Name of a PDB report
  std::string kind;  ///< "awr_instance", "awr_global", "statspack"
  std::string format;  ///< "html", "text"
  std::string release, host;  ///< Release, Host Name
  OptDouble cpus;  ///< CPUs
  std::optional<std::int64_t> begin_snap, end_snap;  ///< Begin / End Snap id
  std::string begin_time, end_time;  ///< ISO 8601 (iso_time of the report's snap times); empty when unreadable
  OptDouble elapsed_s;  ///< Elapsed, seconds
  std::string startup_time;  ///< ISO 8601 of the instance's Startup Time; empty when not printed
  bool valid = true;  ///< false: the report says its figures are invalid (restart, timings)
  std::string invalid_reason;  ///< why not valid
  bool overlapping = false;  ///< its time overlaps another stored period of the same instance
  std::string source;  ///< the file it was added from
  std::string added_at;  ///< when it was stored (UTC, ISO 8601); empty before it is

  /// "DBNAME (DB Id N) instance I" / "... cluster" / "... PDB NAME": the series a period belongs to.
  std::string series_label() const;
  /// "2025-03-14T14:00:03 .. 14:10:03 (snaps 4410-4411)".
  std::string label() const;
};

/// A report made ready to be stored: facts, registry values and the compressed snapshot JSON. Made by
/// prepare_history_period, which is thread-safe (reports are prepared in parallel, stored one by one).
struct PreparedPeriod {
  HistoryPeriod period;
  std::map<std::string, double> values;  ///< registry key -> value (period_of: checked, non-family metrics)
  std::string snapshot_zlib;  ///< snapshot_json_text, zlib-compressed; empty when not kept
  std::size_t snapshot_json_bytes = 0;  ///< its size uncompressed
  /// Its detail (period_detail: top SQL, DB time by wait class, top events) as period_detail_json, zlib-compressed:
  /// kept for every period, whatever retention drops (about 1-3 KB).
  std::string detail_zlib;
  std::size_t detail_json_bytes = 0;  ///< its size uncompressed
};

/// The facts, values and detail of `snapshot`, and its snapshot JSON (zlib) when `keep_snapshot_json`.
/// Throws Error(source, reason) for a report without a DB Id or without any registry value.
PreparedPeriod prepare_history_period(const Snapshot& snapshot, bool keep_snapshot_json = true);
/// Sets `period`'s detail (detail_zlib, detail_json_bytes) to `detail`, as prepare_history_period stores it.
void set_period_detail(PreparedPeriod& period, const PeriodDetail& detail);

/// What `add` did with one period.
struct AddResult {
  bool added = false;  ///< false: the same period was stored already (a no-op, or `replaced`)
  /// The same period was stored from another file, and this one is preferred: an HTML report to its
  /// text twin (more digits), then the file name that sorts first. Its facts and values replaced the
  /// stored ones, so the store does not depend on the order reports come in.
  bool replaced = false;
  bool overlapping = false;  ///< it overlaps stored periods of the same instance (all flagged)
  std::vector<std::string> overlaps;  ///< labels of the periods it overlaps
  std::string label;  ///< the period's label
};

/// One series of the store (a database, instance and container) as `history list` shows it.
struct HistorySeries {
  HistoryPeriod latest;  ///< its newest period (facts for the series label)
  std::size_t periods = 0, invalid = 0, overlapping = 0, with_snapshot = 0;
  std::string first_begin, last_end;  ///< ISO 8601
  /// Holes between consecutive periods longer than a minute: (end of one, begin of the next).
  std::vector<std::pair<std::string, std::string>> gaps;
  /// Instance restarts: (startup time, begin of the first period after it).
  std::vector<std::pair<std::string, std::string>> restarts;
  std::size_t checks = 0;  ///< check outcomes recorded
};

/// One point of a metric's series (`history show METRIC`).
struct HistoryPoint {
  HistoryPeriod period;
  double value = 0;
};

/// How load_window picks the baseline.
struct WindowOptions {
  std::int64_t window_s = 28 * 86400;  ///< the window: periods that begin at most this long before the current one
  MatchPeriods match = MatchPeriods::all;  ///< like periods only (the SQL picks them, check() sees only those)
  /// Snapshots for the typical period (the findings rules): the latest this many like periods that have
  /// a stored snapshot JSON are read back. 0: none (the check table only). The other periods are never
  /// read as JSON, so a year-long window stays fast.
  std::size_t typical_periods = 4;
  /// A window of more periods than this is given to check() as one distribution per metric
  /// (Baseline::aggregates: count, median, MAD, mean, sd, extremes, percentiles, basis "periods", the
  /// figures distribution() computes from periods) instead of the periods themselves: a year of hourly
  /// periods is read and checked in milliseconds. The check's outcome is the same either way.
  std::size_t summarize_above = 1000;
  /// Keep the periods whose latest stored check (a vote of `check --history --add`) failed. By default they are
  /// left out: a storm is not what normal looks like, and stored as normal it widens the band until later
  /// storms pass silently.
  bool keep_failed = false;
  /// Of the periods' values, only those the storm rule reads (storm_pages, with leave_out_impossible_periods before
  /// it): each period's DB time per second and sessions, and any value outside its metric's range (metric_range),
  /// so that the same periods are left out as impossible. The periods, their facts and the notes are those of the
  /// whole window; a summarised window's values are all read. For the windows `check --history --match` reads
  /// for that rule only: two values a period (1,344 for a month of hourly periods) rather than 31 (20,832).
  bool storm_rule_values = false;
};

/// A check's outcome, stored for `check --history --for N`.
struct CheckRecord {
  std::uint64_t dbid = 0;
  std::optional<int> instance_number;
  std::optional<std::uint64_t> con_dbid;
  std::string period_key;  ///< the checked period's identity (its key in `periods`)
  std::string begin_time, end_time;  ///< ISO 8601
  std::string status;  ///< "fail", "warn", "improved", "ok"
  int exit_code = 0;  ///< 0 or 1
  std::string match;  ///< "all", "hour", "weekday-hour"
  std::int64_t window_s = 0;
  std::size_t baseline_periods = 0;
  std::string headline;
  std::string checked_at;  ///< UTC ISO 8601; set by record_check
};

/// One stored period as `awrdiff fleet` reads it (HistoryStore::fleet_rows): its facts, times as epochs, its
/// values of the metrics asked for and the latest stored check of it (the cron's vote of `check --history --add`).
struct FleetRow {
  /// The facts a page reads of a period (a month of 1,000 databases is 720,000 of them: the others are left out).
  struct Facts {
    std::string begin_time, end_time;  ///< ISO 8601, read from fleet_rows' `detail_from_epoch` on; empty before
    std::optional<std::int64_t> begin_snap, end_snap;
    OptDouble elapsed_s;
    bool valid = true;
    std::string source, startup_time;  ///< read from fleet_rows' `detail_from_epoch` on; empty before
  } period;
  std::optional<std::int64_t> begin_epoch, end_epoch;  ///< begin_time / end_time read as civil times (iso_epoch)
  std::optional<std::int64_t> startup_epoch;  ///< the instance's Startup Time, where the report prints it
  std::map<std::string, double> values;  ///< registry key -> value, of the keys asked for that the period gives
  std::string vote;  ///< the status of its latest stored check ("fail", "warn", "improved", "ok"); empty: none stored
};

/// One series (a database, container and instance) as `awrdiff fleet` reads it.
struct FleetSeriesRows {
  /// Its period that ends last of those that begin in the range read (a long report may end after shorter ones that
  /// begin later), else its latest period before the range.
  HistoryPeriod latest;
  std::optional<std::int64_t> latest_begin_epoch, latest_end_epoch;
  /// Every period that begins in the range read, oldest first, as little as a moving window needs of it.
  struct Sample {
    std::int64_t begin_epoch = 0, end_epoch = 0;
    std::optional<std::int64_t> startup_epoch;
    double value = 0;  ///< its value of the first metric asked for (has_value: given)
    bool has_value = false, valid = true, vote_failed = false;
  };
  std::vector<Sample> samples;  ///< the periods with both epochs
  std::vector<FleetRow> rows;  ///< its periods that begin from fleet_rows' `detail_from_epoch` on, oldest first
  /// The like periods of its latest stored vote (the last check recorded of a period of the range): "all", "hour" or
  /// "weekday-hour", as its cron's `check --history --add --match` chose them; empty when none is stored.
  std::string vote_match;
};

/// One of `count` disjoint parts of a fleet, its series those whose DB Id modulo `count` is `index`: each part's
/// HistoryStore::fleet_rows, on a store opened again for it (HistoryStore::reopen), on a thread of its own, read the
/// whole fleet together (the server's scans and the client's reading run side by side).
struct FleetPart {
  int index = 0;
  int count = 1;  ///< 1: the whole fleet
};

/// What the store's retention keeps (docs/history.md, "Retention"). The values and the detail (PreparedPeriod::detail_zlib)
/// of every period are always kept; the snapshot bodies (about 50-90 KB each, compressed) only of recent periods and of
/// those that warned or failed.
struct RetentionPolicy {
  /// A period's body is dropped when the period ends more than this before the newest period of its series.
  std::int64_t bodies_for_s = 7 * 86400;
  /// Keep the bodies of the periods whose latest stored check (a vote of `check --history --add`) warned or failed.
  bool keep_flagged = true;
};

/// Where retention dropped the detail (the snapshot bodies) of a series: how many periods, the first and last of them
/// (begin times, ISO 8601) and when the latest drop ran (UTC). `periods` 0: nothing dropped.
struct DroppedDetail {
  std::size_t periods = 0;
  std::string first_begin, last_begin, dropped_at;
  /// "the snapshot bodies of 552 periods (2026-11-01T00:00:00 .. 2026-11-23T23:00:00) were dropped by the store's
  /// retention on 2026-12-01 (their values are kept), so their top SQL and wait classes are blank".
  std::string sentence() const;
};

/// How a store is opened: `read` only; `write`, creating an SQLite store that is missing (what adds
/// periods); `update`, writing only to a store that exists (a check recording its outcome: a mistyped path
/// is refused, not made a new empty store).
enum class HistoryAccess { read, write, update };

class HistoryStore {
public:
  /// Opens the store at `location` (an SQLite file path, or a postgresql:// URI). `write` creates an
  /// SQLite file (and its directory) when missing and the schema when absent, and migrates an older
  /// schema; `update` does the same to an existing store only; `read` opens an existing store only. Throws Error(location,
  /// reason) for a store that cannot be opened, a file that is not an SQLite database or is damaged (never written to), a store
  /// of a later schema, a read-only store opened for writing, a PostgreSQL server that cannot be reached.
  static std::unique_ptr<HistoryStore> open(const std::string& location, HistoryAccess access);
  ~HistoryStore();
  HistoryStore(const HistoryStore&) = delete;
  HistoryStore& operator=(const HistoryStore&) = delete;

  /// The same store opened again, for reading, on a connection of its own: a store is used by one thread at a time,
  /// so a reader on several threads opens one each. An SQLite store's integrity check (quick_check, every page read)
  /// is run here once for both. Throws Error as open does (a server at its connection limit, a damaged file).
  std::unique_ptr<HistoryStore> reopen();

  /// The location as given, its passwords left out (redact_location), and "SQLite" / "PostgreSQL".
  const std::string& location() const;
  const char* backend() const;
  /// The store's schema version.
  int schema_version() const;

  /// Stores one period in its own transaction. The same period again (same DB Id, container,
  /// instance, snaps and begin time) is a no-op, unless it comes from a preferred file
  /// (AddResult::replaced); a period whose time overlaps a stored period of the
  /// same instance is stored, and both are flagged overlapping. Throws Error (nothing of the period
  /// is stored) when the store cannot be written: full disk, read-only, busy for longer than the
  /// timeout, damaged.
  AddResult add(const PreparedPeriod& period);
  /// Same, preparing `snapshot` first.
  AddResult add(const Snapshot& snapshot, bool keep_snapshot_json = true);
  /// Stores many periods in one transaction (bulk loads and tests): all or none.
  std::vector<AddResult> add_all(const std::vector<PreparedPeriod>& periods);

  /// Every series with its counts, gaps and restarts, ordered by DB name, DB Id, container, instance.
  std::vector<HistorySeries> series();
  /// The series of one database only (its containers and instances): what `series()` says of them, without reading
  /// the other databases' periods (a fleet store of 720,000 periods).
  std::vector<HistorySeries> series(std::uint64_t dbid);
  /// The stored periods, oldest first; `dbid` limits them to one database.
  std::vector<HistoryPeriod> periods(std::optional<std::uint64_t> dbid = std::nullopt);
  /// The stored snapshots (the snapshot JSON `add` keeps, read back) of one database, container and instance's
  /// periods that begin in [from_epoch, to_epoch] (either empty: unbounded), the latest `limit` of them, oldest
  /// first, each with its period's facts; bodies dropped by retention are not returned (dropped_detail says where). A snapshot
  /// that cannot be read back (damaged, unknown encoding, a body that would inflate to more than 512 MiB or is a zlib bomb:
  /// docs/history.md) is left out, and said in `unreadable`: its period and why (one clause), latest first. Periods stored
  /// without one are not returned.
  /// With `without_detail`, the periods that have a stored detail are not returned either (a store written before
  /// schema 3 reads the details it lacks from the bodies).
  std::vector<std::pair<HistoryPeriod, Snapshot>> snapshots(
      std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
      std::optional<std::int64_t> from_epoch, std::optional<std::int64_t> to_epoch, std::size_t limit,
      std::vector<std::pair<HistoryPeriod, std::string>>* unreadable = nullptr, bool without_detail = false);
  /// The stored details (period_detail, kept by `add` from schema 3 on, whatever retention drops) of one database,
  /// container and instance's periods that begin in [from_epoch, to_epoch] (either empty: unbounded), the latest
  /// `limit` of them, oldest first, each with its period's facts: one query. A detail that cannot be read back is left
  /// out and said in `unreadable` as snapshots() says it. Periods stored without one (before schema 3) are not
  /// returned: snapshots(..., without_detail = true) reads theirs from the bodies.
  std::vector<std::pair<HistoryPeriod, PeriodDetail>> details(
      std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
      std::optional<std::int64_t> from_epoch, std::optional<std::int64_t> to_epoch, std::size_t limit,
      std::vector<std::pair<HistoryPeriod, std::string>>* unreadable = nullptr);
  /// The values of one registry metric, oldest first, optionally of one database and instance. Throws
  /// Error for a key that is no checked registry metric.
  std::vector<HistoryPoint> metric_series(const std::string& key, std::optional<std::uint64_t> dbid = std::nullopt,
                                          std::optional<int> instance = std::nullopt);

  /// Deletes the periods that end more than `older_than_s` seconds before the newest period of their
  /// series (so a database that stopped sending reports keeps its last window), with their values,
  /// snapshots and check outcomes. One transaction. Returns the number of periods deleted (counted
  /// only, nothing deleted, when `dry_run`).
  std::size_t prune(std::int64_t older_than_s, bool dry_run = false);
  /// Deletes whole months: the periods (with their values, snapshots and check outcomes) that begin in a calendar month
  /// (UTC) that ended more than `older_than_s` before the newest period of the store. PostgreSQL drops the months'
  /// partitions (seconds, no vacuum); SQLite deletes their rows. Returns the number of periods deleted (counted only when
  /// `dry_run`).
  std::size_t prune_months(std::int64_t older_than_s, bool dry_run = false);
  /// Drops the snapshot bodies that `policy` does not keep: each becomes a marker of when it was dropped (their values,
  /// details, facts and checks are kept; `dropped_detail` and the check's notes say where). One transaction. Returns the number
  /// of bodies dropped (counted only when `dry_run`).
  std::size_t drop_bodies(const RetentionPolicy& policy, bool dry_run = false);
  /// The periods of one series that begin in [from_epoch, to_epoch] (either empty: unbounded) whose body was dropped;
  /// with `without_detail`, only those that have no stored detail either (stored before schema 3): their top SQL and
  /// wait classes are gone.
  DroppedDetail dropped_detail(std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
                               std::optional<std::int64_t> from_epoch = std::nullopt,
                               std::optional<std::int64_t> to_epoch = std::nullopt, bool without_detail = false);

  /// Every stored value, one row per period and metric, ordered by series, begin time and metric:
  /// `csv` (with a header line) or `jsonl` (one JSON object per line). Columns: dbid, db_name,
  /// instance_number, con_dbid, container, begin_snap, end_snap, begin_time, end_time, elapsed_s, valid,
  /// overlapping, source, metric, unit, value. Throws Error for another format.
  std::string export_text(const std::string& format);

  /// The baseline for checking `current`: the stored periods of the same DB Id, container and instance
  /// that begin within `options.window_s` before the current period begins and end before it does
  /// (so the current period, and any period that overlaps it, is left out), that are valid, that are
  /// not the first period after an instance restart that falls inside it or at most k_restart_matters_s
  /// before it, and (unless `keep_failed`) whose latest stored check did not fail; with `match`, only
  /// the like periods. Notes
  /// say what was left out. Snapshots of the latest like periods (WindowOptions::typical_periods) are
  /// read back from their stored JSON for the typical period. Throws Error when `current` has no
  /// DB Id or begin time.
  Baseline load_window(const Snapshot& current, const WindowOptions& options = {});
  /// load_window of each of `windows`, in their order: the same baselines. Each window's typical snapshots are
  /// inflated and parsed on other threads while the next windows are read (a check's like periods and the storm
  /// rule's windows: the megabytes of JSON parsed while the server answers).
  std::vector<Baseline> load_windows(const Snapshot& current, std::span<const WindowOptions> windows);

  /// The period key of a snapshot (what `add` stores it under), for record_check.
  static std::string period_key(const Snapshot& snapshot);

  /// Stores a check's outcome (its own transaction). Throws Error when the store cannot be written.
  void record_check(CheckRecord record);
  /// The latest outcome of each of the last `n` checked periods of the series, newest period first.
  std::vector<CheckRecord> recent_checks(std::uint64_t dbid, std::optional<int> instance, std::optional<std::uint64_t> con_dbid,
                                         std::size_t n);

  /// The fleet in one pass (`awrdiff fleet`, docs/fleet.md): every series with a period that begins at or before
  /// `to_epoch` (its latest such period), and its periods that begin in [from_epoch, to_epoch] with their values of
  /// `metrics` (checked registry keys; an unknown one is left out) and their latest stored votes. Four queries
  /// (one more per 500 series) whatever the number of periods: the range's periods in one scan (in no order on the
  /// server when DB time per second, a column of the period, is all that is asked for). Ordered by DB Id, container, instance;
  /// the samples and rows by begin time. Every period of the range is a Sample (720,000 in a month of 1,000 databases); those
  /// that begin from `detail_from_epoch` on (the page's window and the timeline's week before it) are FleetRows too.
  /// `part`: only the series of that part of the fleet (by DB Id), in the same queries.
  std::vector<FleetSeriesRows> fleet_rows(std::int64_t from_epoch, std::int64_t to_epoch, const std::vector<std::string>& metrics,
                                          std::int64_t detail_from_epoch, FleetPart part = {});

  /// Bytes used by the store (SQLite: the main file's pages; PostgreSQL: its tables with indexes).
  std::optional<std::int64_t> size_bytes();

  /// Checks the store: SQLite's integrity_check, then that every period has its values and that no
  /// value, snapshot or check belongs to no period / series. Returns the problems found, one line
  /// each; empty when the store is consistent.
  std::vector<std::string> verify();

  struct Impl;

private:
  explicit HistoryStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

}  // namespace awrdiff
