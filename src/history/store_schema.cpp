// The history store's schema (docs/history.md): its tables, the migrations from one version to the next, and
// opening a store: created, migrated or checked, a store of another program or a damaged file left as it is.
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <span>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace {

// ---- the schema ---------------------------------------------------------------------------------

// Version 1. Types in braces are the dialect's (see ddl()). Sentinels keep key columns NOT NULL, so
// that equality and unique keys work the same in both databases: instance_number 0 is the whole
// cluster (a RAC global report), con_dbid 0 is "not a PDB report".
constexpr const char* k_schema_v1[] = {
    "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE periods ("
    " period_id {id},"
    " period_key TEXT NOT NULL UNIQUE,"
    " dbid {int} NOT NULL, db_name TEXT NOT NULL,"
    " con_dbid {int} NOT NULL, container TEXT NOT NULL,"
    " instance_number {int} NOT NULL, instance_name TEXT NOT NULL,"
    " kind TEXT NOT NULL, format TEXT NOT NULL, release TEXT NOT NULL, host TEXT NOT NULL, cpus {real},"
    " begin_snap {int}, end_snap {int}, begin_time TEXT NOT NULL, end_time TEXT NOT NULL,"
    " begin_epoch {int}, end_epoch {int}, begin_hour {int}, begin_weekday {int}, elapsed_s {real},"
    " startup_time TEXT NOT NULL, startup_epoch {int},"
    " valid {int} NOT NULL, invalid_reason TEXT NOT NULL, overlapping {int} NOT NULL,"
    " source TEXT NOT NULL, added_at TEXT NOT NULL)",
    "CREATE INDEX periods_series ON periods (dbid, con_dbid, instance_number, begin_epoch)",
    "CREATE INDEX periods_hour ON periods (dbid, con_dbid, instance_number, begin_hour, begin_epoch)",
    "CREATE TABLE metrics (metric_id {id}, metric_key TEXT NOT NULL UNIQUE, unit TEXT NOT NULL)",
    "CREATE TABLE metric_values ("
    " period_id {int} NOT NULL REFERENCES periods (period_id),"
    " metric_id {int} NOT NULL REFERENCES metrics (metric_id),"
    " value {real} NOT NULL,"
    " PRIMARY KEY (period_id, metric_id)){without_rowid}",
    "CREATE TABLE snapshots ("
    " period_id {int} PRIMARY KEY REFERENCES periods (period_id),"
    " encoding TEXT NOT NULL, json_bytes {int} NOT NULL, body {blob} NOT NULL)",
    "CREATE TABLE checks ("
    " check_id {id},"
    " dbid {int} NOT NULL, con_dbid {int} NOT NULL, instance_number {int} NOT NULL,"
    " period_key TEXT NOT NULL, begin_time TEXT NOT NULL, end_time TEXT NOT NULL, end_epoch {int},"
    " status TEXT NOT NULL, exit_code {int} NOT NULL, match_periods TEXT NOT NULL, window_s {int} NOT NULL,"
    " baseline_periods {int} NOT NULL, headline TEXT NOT NULL, checked_at TEXT NOT NULL)",
    "CREATE INDEX checks_series ON checks (dbid, con_dbid, instance_number, end_epoch)",
};

// Version 2, SQLite: the values and snapshots carry their period's DB Id and begin (as PostgreSQL's partitions need
// them), and a snapshot whose body retention dropped says when (`encoding` 'dropped', the body empty).
constexpr const char* k_schema_v2_sqlite[] = {
    "ALTER TABLE metric_values ADD COLUMN dbid {int}",
    "ALTER TABLE metric_values ADD COLUMN begin_epoch {int}",
    "UPDATE metric_values SET dbid = (SELECT p.dbid FROM periods p WHERE p.period_id = metric_values.period_id), "
    "begin_epoch = (SELECT p.begin_epoch FROM periods p WHERE p.period_id = metric_values.period_id)",
    "ALTER TABLE snapshots ADD COLUMN dbid {int}",
    "ALTER TABLE snapshots ADD COLUMN begin_epoch {int}",
    "ALTER TABLE snapshots ADD COLUMN dropped_at TEXT",
    "UPDATE snapshots SET dbid = (SELECT p.dbid FROM periods p WHERE p.period_id = snapshots.period_id), "
    "begin_epoch = (SELECT p.begin_epoch FROM periods p WHERE p.period_id = snapshots.period_id)",
};

// Version 2, PostgreSQL: periods, metric_values and snapshots partitioned by month on the period's begin
// (begin_epoch; a period without a readable begin goes to the DEFAULT partition *_undated), DB Id leading every index.
// The version-1 tables are renamed, their months' partitions made (migrate_to_partitions) and their rows copied in.
constexpr const char* k_schema_v2_pg[] = {
    "ALTER TABLE periods RENAME TO periods_v1",
    "ALTER INDEX periods_pkey RENAME TO periods_v1_pkey",
    "ALTER INDEX periods_period_key_key RENAME TO periods_v1_period_key_key",
    "ALTER INDEX periods_series RENAME TO periods_v1_series",
    "ALTER INDEX periods_hour RENAME TO periods_v1_hour",
    "ALTER TABLE metric_values RENAME TO metric_values_v1",
    "ALTER INDEX metric_values_pkey RENAME TO metric_values_v1_pkey",
    "ALTER TABLE snapshots RENAME TO snapshots_v1",
    "ALTER INDEX snapshots_pkey RENAME TO snapshots_v1_pkey",
    "CREATE TABLE periods ("
    " period_id BIGINT GENERATED BY DEFAULT AS IDENTITY,"
    " period_key TEXT NOT NULL,"
    " dbid BIGINT NOT NULL, db_name TEXT NOT NULL,"
    " con_dbid BIGINT NOT NULL, container TEXT NOT NULL,"
    " instance_number BIGINT NOT NULL, instance_name TEXT NOT NULL,"
    " kind TEXT NOT NULL, format TEXT NOT NULL, release TEXT NOT NULL, host TEXT NOT NULL, cpus DOUBLE PRECISION,"
    " begin_snap BIGINT, end_snap BIGINT, begin_time TEXT NOT NULL, end_time TEXT NOT NULL,"
    " begin_epoch BIGINT, end_epoch BIGINT, begin_hour BIGINT, begin_weekday BIGINT, elapsed_s DOUBLE PRECISION,"
    " startup_time TEXT NOT NULL, startup_epoch BIGINT,"
    " valid BIGINT NOT NULL, invalid_reason TEXT NOT NULL, overlapping BIGINT NOT NULL,"
    " source TEXT NOT NULL, added_at TEXT NOT NULL) PARTITION BY RANGE (begin_epoch)",
    "CREATE UNIQUE INDEX periods_key ON periods (dbid, period_key, begin_epoch)",
    "CREATE INDEX periods_id ON periods (dbid, period_id)",
    "CREATE INDEX periods_series ON periods (dbid, con_dbid, instance_number, begin_epoch)",
    "CREATE INDEX periods_hour ON periods (dbid, con_dbid, instance_number, begin_hour, begin_epoch)",
    "CREATE TABLE periods_undated PARTITION OF periods DEFAULT",
    "CREATE TABLE metric_values (dbid BIGINT NOT NULL, begin_epoch BIGINT, period_id BIGINT NOT NULL,"
    " metric_id BIGINT NOT NULL, value DOUBLE PRECISION NOT NULL) PARTITION BY RANGE (begin_epoch)",
    "CREATE INDEX metric_values_period ON metric_values (dbid, period_id)",
    "CREATE TABLE metric_values_undated PARTITION OF metric_values DEFAULT",
    "CREATE TABLE snapshots (dbid BIGINT NOT NULL, begin_epoch BIGINT, period_id BIGINT NOT NULL, encoding TEXT NOT NULL,"
    " json_bytes BIGINT NOT NULL, body BYTEA NOT NULL, dropped_at TEXT) PARTITION BY RANGE (begin_epoch)",
    "CREATE INDEX snapshots_period ON snapshots (dbid, period_id)",
    "CREATE TABLE snapshots_undated PARTITION OF snapshots DEFAULT",
};

// Version 3: each period's detail (period_detail_json, zlib: its top SQL, DB time by wait class and top events, kept
// whatever retention drops) in `details`, and its DB time per second (the master metric, also a row of metric_values)
// as a column of the period, so that the fleet page reads a month of periods in one narrow scan. The periods stored
// before have no detail (their readers fall back to the bodies); their DB time per second is copied from their values.
constexpr const char* k_schema_v3_sqlite[] = {
    "ALTER TABLE periods ADD COLUMN db_time_per_s {real}",
    "UPDATE periods SET db_time_per_s = (SELECT v.value FROM metric_values v JOIN metrics m ON m.metric_id = v.metric_id "
    "WHERE v.period_id = periods.period_id AND m.metric_key = 'db_time_per_s')",
    "CREATE TABLE details ("
    " period_id {int} PRIMARY KEY REFERENCES periods (period_id), dbid {int} NOT NULL, begin_epoch {int},"
    " encoding TEXT NOT NULL, json_bytes {int} NOT NULL, body {blob} NOT NULL)",
};

// Version 3, PostgreSQL: `details` partitioned by month as the others (migrate_details makes the partitions of the
// months stored), DB Id leading its index.
constexpr const char* k_schema_v3_pg[] = {
    "ALTER TABLE periods ADD COLUMN db_time_per_s DOUBLE PRECISION",
    "UPDATE periods p SET db_time_per_s = v.value FROM metric_values v JOIN metrics m ON m.metric_id = v.metric_id "
    "WHERE m.metric_key = 'db_time_per_s' AND v.dbid = p.dbid AND v.period_id = p.period_id",
    "CREATE TABLE details (dbid BIGINT NOT NULL, begin_epoch BIGINT, period_id BIGINT NOT NULL, encoding TEXT NOT NULL,"
    " json_bytes BIGINT NOT NULL, body BYTEA NOT NULL) PARTITION BY RANGE (begin_epoch)",
    "CREATE INDEX details_period ON details (dbid, period_id)",
    "CREATE TABLE details_undated PARTITION OF details DEFAULT",
};

// Version 4: an index of the periods by begin that holds what the fleet page reads of the month before its timeline's
// week (a series, its epochs, valid, DB time per second), so that those 600,000 periods of a month of 1,000 databases
// are read from the index alone (PostgreSQL's index-only scan, SQLite's covering index), not from the periods' wide
// rows. SQLite's index holds the period id as any of its indexes does (its rowid).
constexpr const char* k_schema_v4_sqlite[] = {
    "CREATE INDEX periods_fleet ON periods (begin_epoch, dbid, con_dbid, instance_number, end_epoch, startup_epoch, valid, "
    "db_time_per_s)",
};
constexpr const char* k_schema_v4_pg[] = {
    "CREATE INDEX periods_fleet ON periods (begin_epoch) INCLUDE (dbid, con_dbid, instance_number, end_epoch, startup_epoch, "
    "valid, db_time_per_s, period_id)",
};

// The migrations: k_migrations[v] takes a store from version v to v + 1 (k_migrations[0] creates
// version 1 in an empty store), each dialect its own statements. A new schema version appends its statements here.
struct Migration {
  std::span<const char*const> sqlite, pg;
};
const Migration k_migrations[] = {{k_schema_v1, k_schema_v1},
                                  {k_schema_v2_sqlite, k_schema_v2_pg},
                                  {k_schema_v3_sqlite, k_schema_v3_pg},
                                  {k_schema_v4_sqlite, k_schema_v4_pg}};
static_assert(std::size(k_migrations) == k_history_schema_version);

std::string ddl(std::string_view statement, detail::SqlDialect d) {
  const bool pg = d == detail::SqlDialect::postgresql;
  std::string out(statement);
  auto replace = [&](std::string_view what, std::string_view with) {
    for (std::size_t at = out.find(what); at != std::string::npos; at = out.find(what, at + with.size()))
      out.replace(at, what.size(), with);
  };
  replace("{id}", pg ? "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY");
  replace("{int}", pg ? "BIGINT" : "INTEGER");
  replace("{real}", pg ? "DOUBLE PRECISION" : "REAL");
  replace("{blob}", pg ? "BYTEA" : "BLOB");
  replace("{without_rowid}", pg ? "" : " WITHOUT ROWID");
  return out;
}

}  // namespace

// ---- PostgreSQL's month partitions --------------------------------------------------------------

namespace detail::history {

Month month_of(std::int64_t epoch) {
  const std::string iso = epoch_iso(epoch);
  Month m;
  m.year = std::atoi(iso.substr(0, 4).c_str());
  m.month = std::atoi(iso.substr(5, 2).c_str());
  m.begin = *iso_epoch(fmt::format("{:04d}-{:02d}-01T00:00:00", m.year, m.month));
  m.end = *iso_epoch(m.month == 12 ? fmt::format("{:04d}-01-01T00:00:00", m.year + 1)
                                   : fmt::format("{:04d}-{:02d}-01T00:00:00", m.year, m.month + 1));
  return m;
}

std::string Month::suffix() const { return fmt::format("y{:04d}m{:02d}", year, month); }

}  // namespace detail::history

// The month partitions of periods, metric_values, snapshots and details for a period that begins at `epoch` (PostgreSQL; made
// once, under the schema lock, so that two writers of a new month do not both create them).
void HistoryStore::Impl::ensure_month(std::optional<std::int64_t> epoch, bool with_details) {
  if (!backend->partitioned || !epoch) return;
  const Month m = month_of(*epoch);
  if (months_ready.count(m.begin) != 0) return;
  // Made already (by another writer): nothing to create, no schema lock, no CREATE privilege needed.
  bool exists = false;
  const SqlValue name[] = {fmt::format("details_{}", m.suffix())};  // the table made last
  c->query("SELECT CASE WHEN to_regclass(?) IS NULL THEN 0 ELSE 1 END", name,
           [&](const SqlRow& r) { exists = r.integer(0) == 1; });
  if (exists) {
    months_ready.insert(m.begin);
    return;
  }
  c->lock_for_write(k_schema_lock);
  for (const char* table : {"periods", "metric_values", "snapshots", "details"}) {
    if (!with_details && std::string_view(table) == "details") continue;
    c->exec(fmt::format("CREATE TABLE IF NOT EXISTS {0}_{1} PARTITION OF {0} FOR VALUES FROM ({2}) TO ({3})", table, m.suffix(),
                        m.begin, m.end));
  }
  months_ready.insert(m.begin);
}

// Version 1 -> 2 on PostgreSQL, after k_schema_v2_pg: the months of the old rows get their partitions, the rows are
// copied in (values and snapshots with their period's DB Id and begin), the old tables dropped, and the identity
// carries on after the highest period id.
void HistoryStore::Impl::migrate_to_partitions() {
  std::vector<std::int64_t> begins;
  c->query("SELECT DISTINCT begin_epoch FROM periods_v1 WHERE begin_epoch IS NOT NULL", {},
           [&](const SqlRow& r) { begins.push_back(r.integer(0)); });
  for (auto b : begins) ensure_month(b, false);  // `details` comes with version 3
  months_ready.clear();
  constexpr const char* cols =
      "period_id, period_key, dbid, db_name, con_dbid, container, instance_number, instance_name, kind, format, release, host, "
      "cpus, begin_snap, end_snap, begin_time, end_time, begin_epoch, end_epoch, begin_hour, begin_weekday, elapsed_s, "
      "startup_time, startup_epoch, valid, invalid_reason, overlapping, source, added_at";
  c->exec(fmt::format("INSERT INTO periods ({0}) SELECT {0} FROM periods_v1", cols));
  c->exec(
      "INSERT INTO metric_values (dbid, begin_epoch, period_id, metric_id, value) SELECT p.dbid, p.begin_epoch, v.period_id, "
      "v.metric_id, v.value FROM metric_values_v1 v JOIN periods_v1 p ON p.period_id = v.period_id");
  c->exec(
      "INSERT INTO snapshots (dbid, begin_epoch, period_id, encoding, json_bytes, body) SELECT p.dbid, p.begin_epoch, "
      "s.period_id, s.encoding, s.json_bytes, s.body FROM snapshots_v1 s JOIN periods_v1 p ON p.period_id = s.period_id");
  c->exec("DROP TABLE metric_values_v1, snapshots_v1, periods_v1");
  c->exec(
      "SELECT setval(pg_get_serial_sequence('periods', 'period_id'), coalesce((SELECT max(period_id) FROM periods), 0) + 1, "
      "false)");
}

// Version 2 -> 3 on PostgreSQL, after k_schema_v3_pg: every month stored gets its partition of `details` (ensure_month
// makes all four tables' partitions of a month; those of the three older ones exist).
void HistoryStore::Impl::migrate_details() {
  std::vector<std::int64_t> months;
  c->query("SELECT DISTINCT begin_epoch - mod(begin_epoch, 86400) FROM periods WHERE begin_epoch IS NOT NULL", {},
           [&](const SqlRow& r) { months.push_back(r.integer(0)); });
  for (auto b : months) ensure_month(b);
}

void HistoryStore::Impl::load_metric_ids() {
  metric_ids.clear();
  metric_keys.clear();
  c->query("SELECT metric_id, metric_key FROM metrics", {}, [&](const SqlRow& r) {
    metric_ids.emplace(r.text(1), r.integer(0));
    metric_keys.emplace(r.integer(0), r.text(1));
  });
}

void HistoryStore::Impl::ensure_metrics() {
  std::vector<std::pair<std::string, std::string>> missing;
  for (const auto& m : all_metrics())
    if (m.checked && !m.family && metric_ids.find(std::string(m.key)) == metric_ids.end())
      missing.emplace_back(std::string(m.key), std::string(m.unit));
  for (const auto& [key, unit] : missing) {
    const SqlValue p[] = {key, unit};
    c->query("INSERT INTO metrics (metric_key, unit) VALUES (?, ?) ON CONFLICT (metric_key) DO NOTHING", p);
  }
  if (!missing.empty()) load_metric_ids();
}

// Creates or migrates the schema (write) or checks it (read).
void HistoryStore::Impl::prepare_schema() {
  if (write) {
    // First look, outside a transaction: a store of a later schema, or a database of another
    // program, is left exactly as it is (not even its journal mode is changed).
    version = read_version(c->tables());
    if (version > k_history_schema_version) newer();
    check_integrity("written to");
    c->prepare_for_writes();
    SqlTransaction tx(*c);
    c->lock_for_write(k_schema_lock);
    const auto tables = c->tables();
    version = read_version(tables);
    if (version > k_history_schema_version) newer();
    const bool pg = c->dialect() == detail::SqlDialect::postgresql;
    for (int v = version; v < k_history_schema_version; ++v) {
      for (const char* s : pg ? k_migrations[v].pg : k_migrations[v].sqlite) c->exec(ddl(s, c->dialect()));
      if (v == 1 && pg) migrate_to_partitions();
      if (v == 2 && pg) migrate_details();
    }
    if (version < k_history_schema_version) {
      const SqlValue p[] = {std::to_string(k_history_schema_version)};
      if (version == 0) {
        c->query("INSERT INTO meta (name, value) VALUES ('schema_version', ?)", p);
        const SqlValue q[] = {utc_now()};
        c->query("INSERT INTO meta (name, value) VALUES ('created_at', ?)", q);
      } else {
        c->query("UPDATE meta SET value = ? WHERE name = 'schema_version'", p);
      }
      version = k_history_schema_version;
    }
    load_metric_ids();
    ensure_metrics();
    tx.commit();
  } else {
    version = read_version(c->tables());
    if (version == 0) throw Error(redact(location), "the history store is empty (`awrdiff history add REPORT...` fills it)");
    if (version > k_history_schema_version) newer();
    // Version 4 adds only an index (the fleet page reads a store of version 3 as it is, more slowly).
    if (version < k_history_schema_version && version < 3)
      throw Error(redact(location), fmt::format("the history store has schema {} (this awrdiff: {}): run `awrdiff history add` "
                                                "once to migrate it",
                                                version, k_history_schema_version));
    load_metric_ids();
  }
}

// SQLite: a damaged file is refused before anything is written to it (a write into a damaged b-tree can
// spread the damage, and the periods added would be lost with it), and before it is listed, shown or exported (what a
// damaged b-tree hides would be silently missing). quick_check reads every page once (about 0.2 s for 100 MB), once per
// run; PostgreSQL checks its own pages.
void HistoryStore::Impl::check_integrity(std::string_view would_be) {
  if (c->dialect() != detail::SqlDialect::sqlite || integrity_checked) return;
  std::vector<std::string> problems;
  c->query("PRAGMA quick_check(3)", {}, [&](const SqlRow& r) {
    std::string t = r.text(0);
    if (t == "ok") return;
    std::replace(t.begin(), t.end(), '\n', ' ');
    if (t.starts_with("*** in database main *** ")) t.erase(0, 25);
    problems.push_back(t);
  });
  if (problems.empty()) {
    integrity_checked = true;  // once per run: a list or a timeline reads several series
    return;
  }
  throw Error(redact(location), fmt::format("the store is damaged (SQLite quick_check: {}); it was not {} and was left as it is: "
                                            "restore it from a backup (sqlite3 FILE .recover can salvage its rows)",
                                            fmt::join(problems, "; "), would_be));
}

int HistoryStore::Impl::read_version(const std::vector<std::string>& tables) {
  if (tables.empty()) return 0;
  if (std::find(tables.begin(), tables.end(), "meta") == tables.end())
    throw Error(redact(location), fmt::format("not an awrdiff history store (it has tables {}, but no meta table): left as it is",
                                              fmt::join(tables, ", ")));
  int v = -1;
  c->query("SELECT value FROM meta WHERE name = 'schema_version'", {},
           [&](const SqlRow& r) { v = std::atoi(r.text(0).c_str()); });
  if (v <= 0) throw Error(redact(location), "not an awrdiff history store (no schema_version in its meta table): left as it is");
  return v;
}

[[noreturn]] void HistoryStore::Impl::newer() const {
  throw Error(redact(location), fmt::format("the history store has schema {}, newer than this awrdiff's {}: use a newer awrdiff "
                                            "(the store was left as it is)",
                                            version, k_history_schema_version));
}

std::unique_ptr<HistoryStore> HistoryStore::open(const std::string& location, HistoryAccess access) {
  auto impl = std::make_unique<Impl>();
  impl->location = location;
  impl->shown = redact_location(location);
  impl->backend = &backend_of(location);
  impl->write = access != HistoryAccess::read;
  if (location.empty()) throw Error("", "no history store given (--db FILE or postgresql://...)");
  try {
    impl->c = impl->backend->open(location, impl->write, access == HistoryAccess::write);
    if (impl->write && impl->c->read_only())
      throw Error(redact(location),
                  "the store is read-only (no write permission on the file or its directory): nothing was stored");
    impl->prepare_schema();
  } catch (const SqlError& e) { impl->fail(e, "opening the store"); }
  return std::unique_ptr<HistoryStore>(new HistoryStore(std::move(impl)));
}

}  // namespace awrdiff
