// What the history store's files share (store.cpp, store_schema.cpp, store_write.cpp, store_read.cpp,
// store_window.cpp): the store's state behind HistoryStore, and small helpers over its rows.
#pragma once

#include <awrdiff/history.hpp>

#include "history/sql.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace awrdiff {

namespace detail::history {

using detail::SqlConnection;
using detail::SqlError;
using detail::SqlFailure;
using detail::SqlRow;
using detail::SqlTransaction;
using detail::SqlValue;

inline constexpr int k_busy_timeout_ms = 30000;

/// Floor division (a negative epoch rounds down).
std::int64_t floor_div(std::int64_t a, std::int64_t b);
/// The UTC hour (0-23) of an epoch.
int hour_of_epoch(std::int64_t t);
/// 0 = Sunday .. 6 = Saturday, as baseline.cpp counts them (1970-01-01 was a Thursday).
int weekday_of_epoch(std::int64_t t);
/// Now, UTC, ISO 8601 with a Z.
std::string utc_now();
/// "28d", "1d 12h", "12h 0m", "30m".
std::string human_duration(std::int64_t s);

std::string redact(const std::string& location);
inline std::int64_t as_int(std::uint64_t v) { return static_cast<std::int64_t>(v); }
SqlValue opt(const std::optional<std::int64_t>& v);
SqlValue opt(const OptDouble& v);  ///< NULL for an absent or non-finite figure

/// A stored snapshot's JSON, inflated; empty when the body is damaged or not `size` bytes, or would inflate to more
/// than 512 MiB, or to more than 100x its own size above 16 MiB (a zlib bomb: refused before it is inflated). `why`:
/// the reason, one clause.
std::optional<std::string> decompress(const std::string& body, std::int64_t size, std::string* why = nullptr);

/// A period's key in `periods` (its identity: DB Id, container, instance, snaps, begin time).
std::string key_of(const HistoryPeriod& p);
/// A report's facts as a period. Throws Error for a report without a DB Id.
HistoryPeriod facts_of(const Snapshot& s);

/// The columns of a whole period row, in the order read_period reads them.
inline constexpr const char* k_period_columns =
    "p.dbid, p.db_name, p.con_dbid, p.container, p.instance_number, p.instance_name, p.kind, p.format, p.release, p.host, "
    "p.cpus, p.begin_snap, p.end_snap, p.begin_time, p.end_time, p.elapsed_s, p.startup_time, p.valid, p.invalid_reason, "
    "p.overlapping, p.source, p.added_at";
inline constexpr int k_period_column_count = 22;
HistoryPeriod read_period(const SqlRow& r, int c = 0);

/// Runs `head` + "(?, ?, ...)" with the ids of `ids` bound, 500 at a time (far below either database's limit of bound
/// parameters), calling `each` for every row.
void query_ids(SqlConnection& c, std::string_view head, const std::vector<std::int64_t>& ids,
               const std::function<void(const SqlRow&)>& each = {});
/// Same, with `leading` bound before the ids (a head "... WHERE dbid = ? AND period_id IN ").
void query_ids(SqlConnection& c, std::string_view head, const std::vector<SqlValue>& leading,
               const std::vector<std::int64_t>& ids, const std::function<void(const SqlRow&)>& each = {});

/// PostgreSQL advisory lock for schema changes ("awrdif"): migrations and new month partitions.
inline constexpr std::int64_t k_schema_lock = 0x617772646966;

/// A calendar month (UTC) of begin times: [begin, end) in seconds since 1970; its partitions' suffix "y2026m12".
struct Month {
  int year = 1970, month = 1;
  std::int64_t begin = 0, end = 0;
  std::string suffix() const;
};
Month month_of(std::int64_t epoch);

/// One backend of the store (backends.cpp): chosen by the location's scheme, as ccache picks its storage backends.
struct Backend {
  HistoryBackendInfo info;
  std::vector<std::string_view> schemes;  ///< location prefixes that name it ("postgresql://", "file:")
  bool (*matches)(std::string_view location);  ///< another form it takes (libpq's keyword/value string); may be null
  std::string (*local_path)(std::string_view location);  ///< the file of a local store; null for a server
  bool partitioned;  ///< periods, values and snapshots are partitioned by month (PostgreSQL; pruning drops partitions)
  /// Connects: `write` for writing, `create` a missing store (SQLite: the file and its directory).
  std::unique_ptr<SqlConnection> (*open)(std::string_view location, bool write, bool create);
};
/// The backend of a location: the first row whose scheme or form matches, else an SQLite file.
const Backend& backend_of(std::string_view location);

}  // namespace detail::history

struct HistoryStore::Impl {
  std::string location;  // as given (to connect)
  std::string shown;  // as printed: redact_location(location)
  std::unique_ptr<detail::SqlConnection> c;
  const detail::history::Backend* backend = nullptr;  // backends.cpp
  bool write = false;
  int version = 0;
  std::set<std::int64_t> months_ready;  // PostgreSQL: month partitions known to exist (their begin)
  bool integrity_checked = false;  // quick_check passed (SQLite): not run again in this run
  std::unordered_map<std::string, std::int64_t> metric_ids;
  std::unordered_map<std::int64_t, std::string> metric_keys;

  /// Throws the store's one-line Error for a failed statement, saying what was being done.
  [[noreturn]] void fail(const detail::SqlError& raw, std::string_view doing) const;

  void load_metric_ids();
  void ensure_metrics();
  /// Creates or migrates the schema (write) or checks it (read).
  void prepare_schema();
  void check_integrity(std::string_view would_be);
  /// PostgreSQL: the month partitions for a period beginning at `epoch` (nothing for SQLite or without a begin).
  /// `with_details`: the month's partition of `details` too (from schema 3 on; migrate_to_partitions runs before it).
  void ensure_month(std::optional<std::int64_t> epoch, bool with_details = true);
  void migrate_to_partitions();
  void migrate_details();
  std::vector<HistorySeries> series_of(std::optional<std::uint64_t> dbid);
  int read_version(const std::vector<std::string>& tables);
  [[noreturn]] void newer() const;

  std::int64_t metric_id(const std::string& key) const {
    auto it = metric_ids.find(key);
    return it == metric_ids.end() ? -1 : it->second;
  }

  AddResult add_in_transaction(const PreparedPeriod& pp, const std::string& added_at);

private:
  /// add_in_transaction's step: the period's values and its compressed snapshot, under the period id `id`.
  void insert_values(const PreparedPeriod& pp, std::optional<std::int64_t> b, std::int64_t id);
  /// add_in_transaction's step: the stored periods of the same instance overlapping [b, e) are flagged with this one.
  void flag_overlaps(const HistoryPeriod& p, std::int64_t b, std::int64_t e, std::int64_t id, AddResult& out);
};

}  // namespace awrdiff
