// The history store (include/awrdiff/history.hpp, docs/history.md): its schema and migrations, adding
// periods, listing, series, pruning, export, the window a check takes, and check outcomes. Written once
// over detail::SqlConnection, so SQLite and PostgreSQL stores hold the same rows and give the same
// baselines.
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/printable.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/time.hpp>

#include "history/sql.hpp"
#include "json/json_writer.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <ctime>
#include <set>
#include <unordered_map>

namespace awrdiff {

using detail::SqlConnection;
using detail::SqlError;
using detail::SqlFailure;
using detail::SqlRow;
using detail::SqlTransaction;
using detail::SqlValue;

namespace {

constexpr int k_busy_timeout_ms = 30000;
constexpr std::int64_t k_schema_lock = 0x617772646966;  // "awrdif": PostgreSQL advisory lock for schema changes
constexpr std::size_t k_max_json_bytes = std::size_t{512} << 20;

// ---- time ---------------------------------------------------------------------------------------

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

int hour_of_epoch(std::int64_t t) { return static_cast<int>(floor_div(t, 3600) - floor_div(t, 86400) * 24); }
// 0 = Sunday .. 6 = Saturday, as baseline.cpp counts them (1970-01-01 was a Thursday).
int weekday_of_epoch(std::int64_t t) { return static_cast<int>(((floor_div(t, 86400) % 7) + 11) % 7); }

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec);
}

std::string human_duration(std::int64_t s) {
  if (s % 86400 == 0) return fmt::format("{}d", s / 86400);
  if (s >= 86400) return fmt::format("{}d {}h", s / 86400, (s % 86400) / 3600);
  if (s >= 3600) return fmt::format("{}h {}m", s / 3600, (s % 3600) / 60);
  return fmt::format("{}m", (s + 59) / 60);
}

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

// The migrations: k_migrations[v] takes a store from version v to v + 1 (k_migrations[0] creates
// version 1 in an empty store). A new schema version appends its statements here.
struct Migration {
  const char* const* begin;
  const char* const* end;
};
const Migration k_migrations[] = {{std::begin(k_schema_v1), std::end(k_schema_v1)}};
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

// ---- small helpers ------------------------------------------------------------------------------

std::string redact(const std::string& location) { return redact_location(location); }

std::int64_t as_int(std::uint64_t v) { return static_cast<std::int64_t>(v); }

SqlValue opt(const std::optional<std::int64_t>& v) { return v ? SqlValue(*v) : SqlValue(); }
SqlValue opt(const OptDouble& v) { return v && std::isfinite(*v) ? SqlValue(*v) : SqlValue(); }

std::string compress(const std::string& text) {
  uLongf n = compressBound(static_cast<uLong>(text.size()));
  std::string out(n, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &n, reinterpret_cast<const Bytef*>(text.data()),
                static_cast<uLong>(text.size()), Z_DEFAULT_COMPRESSION) != Z_OK)
    throw Error("", "cannot compress the snapshot JSON");
  out.resize(n);
  return out;
}

std::optional<std::string> decompress(const std::string& body, std::int64_t size) {
  if (size <= 0 || static_cast<std::uint64_t>(size) > k_max_json_bytes) return std::nullopt;
  std::string out(static_cast<std::size_t>(size), '\0');
  uLongf n = static_cast<uLongf>(size);
  if (uncompress(reinterpret_cast<Bytef*>(out.data()), &n, reinterpret_cast<const Bytef*>(body.data()),
                 static_cast<uLong>(body.size())) != Z_OK ||
      n != static_cast<uLongf>(size))
    return std::nullopt;
  return out;
}

std::string key_of(std::uint64_t dbid, std::optional<std::uint64_t> con, std::optional<int> inst,
                   std::optional<std::int64_t> bsnap, std::optional<std::int64_t> esnap, const std::string& begin_time) {
  return fmt::format("{}:{}:{}:{}-{}:{}", dbid, con.value_or(0), inst.value_or(0), bsnap ? std::to_string(*bsnap) : "",
                     esnap ? std::to_string(*esnap) : "", begin_time);
}

std::string key_of(const HistoryPeriod& p) {
  return key_of(p.dbid, p.con_dbid, p.instance_number, p.begin_snap, p.end_snap, p.begin_time);
}

HistoryPeriod facts_of(const Snapshot& s) {
  HistoryPeriod p;
  if (!s.database.dbid)
    throw Error(s.source, "the report gives no DB Id: it cannot be kept in the history (a history is per database)");
  p.dbid = *s.database.dbid;
  p.db_name = s.database.name;
  p.instance_number = report_instance(s);
  p.instance_name = s.database.instance;
  if (s.database.scope == ContainerScope::pdb) {
    p.con_dbid = s.database.con_dbid;
    p.container = s.database.container;
  }
  p.kind = to_string(s.kind);
  p.format = to_string(s.format);
  p.release = s.database.release;
  p.host = s.database.host;
  p.cpus = s.database.cpus;
  p.begin_snap = s.interval.begin_snap;
  p.end_snap = s.interval.end_snap;
  p.begin_time = iso_time(s.interval.begin_time);
  p.end_time = iso_time(s.interval.end_time);
  p.elapsed_s = s.interval.elapsed_s;
  p.startup_time = iso_time(s.database.startup_time);
  p.valid = s.valid && s.timings_valid;
  p.invalid_reason = !s.valid ? s.invalid_reason : !s.timings_valid ? "timings invalid" : "";
  p.source = s.source;
  return p;
}

// The columns of a whole period row, in the order read_period reads them.
constexpr const char* k_period_columns =
    "p.dbid, p.db_name, p.con_dbid, p.container, p.instance_number, p.instance_name, p.kind, p.format, p.release, p.host, "
    "p.cpus, p.begin_snap, p.end_snap, p.begin_time, p.end_time, p.elapsed_s, p.startup_time, p.valid, p.invalid_reason, "
    "p.overlapping, p.source, p.added_at";
constexpr int k_period_column_count = 22;

HistoryPeriod read_period(const SqlRow& r, int c = 0) {
  HistoryPeriod p;
  p.dbid = static_cast<std::uint64_t>(r.integer(c + 0));
  p.db_name = r.text(c + 1);
  if (const auto con = r.integer(c + 2); con != 0) p.con_dbid = static_cast<std::uint64_t>(con);
  p.container = r.text(c + 3);
  if (const auto i = r.integer(c + 4); i != 0) p.instance_number = static_cast<int>(i);
  p.instance_name = r.text(c + 5);
  p.kind = r.text(c + 6);
  p.format = r.text(c + 7);
  p.release = r.text(c + 8);
  p.host = r.text(c + 9);
  p.cpus = r.opt_real(c + 10);
  p.begin_snap = r.opt_integer(c + 11);
  p.end_snap = r.opt_integer(c + 12);
  p.begin_time = r.text(c + 13);
  p.end_time = r.text(c + 14);
  p.elapsed_s = r.opt_real(c + 15);
  p.startup_time = r.text(c + 16);
  p.valid = r.integer(c + 17) != 0;
  p.invalid_reason = r.text(c + 18);
  p.overlapping = r.integer(c + 19) != 0;
  p.source = r.text(c + 20);
  p.added_at = r.text(c + 21);
  return p;
}

}  // namespace

namespace detail {}  // namespace detail

namespace {

// A text column's field: printable, a formula neutralised, quoted when needed (printable.hpp). The numeric
// columns are written as numbers.
std::string csv_field(const std::string& s) { return csv_text_field(s); }

}  // namespace

// ---- public helpers -----------------------------------------------------------------------------

bool is_postgresql_location(std::string_view location) {
  if (location.starts_with("postgresql://") || location.starts_with("postgres://")) return true;
  // libpq's keyword/value form: "host=dbhost dbname=history user=dba" (its first keyword one of libpq's).
  const auto eq = location.find('=');
  if (eq == std::string_view::npos) return false;
  auto key = location.substr(0, eq);
  while (!key.empty() && (key.front() == ' ' || key.front() == '\t')) key.remove_prefix(1);
  while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
  for (std::string_view k : {"host", "hostaddr", "port", "dbname", "user", "password", "passfile", "service", "sslmode",
                             "connect_timeout", "options", "application_name", "target_session_attrs"})
    if (key == k) return true;
  return false;
}

namespace {

bool is_space_char(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Where each secret of a connection string is: the password of a URI's user information
// ("postgresql://user:SECRET@host"), the value of a password= or sslpassword= parameter, in a URI's query
// ("?password=SECRET&...") or a keyword/value string ("password=SECRET", "password = 'se cret'").
// In order of their place.
struct Secret {
  std::size_t at = 0, size = 0;
  bool userinfo = false;  ///< the password of a URI's user information, after its ':'
};
std::vector<Secret> secrets_of(std::string_view loc) {
  std::vector<Secret> out;
  const auto scheme = loc.find("://");
  const bool uri = scheme != std::string_view::npos;
  if (uri) {
    const auto start = scheme + 3;
    auto end = loc.find_first_of("/?#", start);
    if (end == std::string_view::npos) end = loc.size();
    const auto at = loc.rfind('@', end == 0 ? 0 : end - 1);
    if (at != std::string_view::npos && at >= start && at < end) {
      const auto colon = loc.find(':', start);
      if (colon < at) out.push_back({colon + 1, at - colon - 1, true});
    }
  }
  const auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  for (std::size_t i = 0; i < loc.size(); ++i) {
    std::size_t key = 0;
    for (std::string_view k : {"sslpassword", "password"}) {
      if (loc.size() - i < k.size()) continue;
      bool same = true;
      for (std::size_t j = 0; j < k.size() && same; ++j) same = lower(loc[i + j]) == k[j];
      if (same) {
        key = k.size();
        break;
      }
    }
    if (key == 0) continue;
    const char before = i == 0 ? ' ' : loc[i - 1];
    if (!(is_space_char(before) || before == '?' || before == '&')) continue;
    std::size_t j = i + key;
    while (j < loc.size() && is_space_char(loc[j])) ++j;
    if (j >= loc.size() || loc[j] != '=') continue;
    ++j;
    while (j < loc.size() && is_space_char(loc[j])) ++j;
    std::size_t v = j;
    if (!uri && v < loc.size() && loc[v] == '\'') {  // a quoted value: '...' with \' and \\ inside
      std::size_t e = v + 1;
      while (e < loc.size() && loc[e] != '\'') e += loc[e] == '\\' ? 2 : 1;
      out.push_back({v + 1, std::min(e, loc.size()) - v - 1, false});
      i = e;
      continue;
    }
    while (j < loc.size() && !(uri ? loc[j] == '&' || loc[j] == '#' : is_space_char(loc[j]))) ++j;
    out.push_back({v, j - v, false});
    i = j;
  }
  return out;
}

}  // namespace

std::string redact_location(std::string_view location) {
  std::string out;
  std::size_t from = 0;
  for (const auto& secret : secrets_of(location)) {
    if (secret.at < from) continue;
    // The user information's password goes with its colon (as libpq prints a URI); a parameter keeps its key.
    out.append(location.substr(from, secret.at - from - (secret.userinfo ? 1 : 0)));
    if (!secret.userinfo) out += "***";
    from = secret.at + secret.size;
  }
  out.append(location.substr(from));
  return out;
}

std::string redact_secrets(std::string_view text, std::string_view location) {
  std::string out(text);
  for (const auto& s : secrets_of(location)) {
    if (s.size < 4) continue;  // a shorter password would match ordinary words of the message
    const std::string secret(location.substr(s.at, s.size));
    for (auto p = out.find(secret); p != std::string::npos; p = out.find(secret, p + 3)) out.replace(p, secret.size(), "***");
  }
  return out;
}

std::string default_history_location() {
  if (const char* h = std::getenv("AWRDIFF_HISTORY"); h != nullptr && *h != '\0') return h;
  if (const char* x = std::getenv("XDG_DATA_HOME"); x != nullptr && *x == '/') return std::string(x) + "/awrdiff/history.sqlite";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.local/share/awrdiff/history.sqlite";
  throw Error("", "no history store: give --db FILE (or a postgresql:// URI), or set AWRDIFF_HISTORY, XDG_DATA_HOME or HOME");
}

std::int64_t parse_duration(std::string_view text) {
  std::string_view digits = text;
  std::int64_t unit = 86400;
  if (!text.empty()) {
    switch (text.back()) {
      case 's':
        unit = 1;
        break;
      case 'm':
        unit = 60;
        break;
      case 'h':
        unit = 3600;
        break;
      case 'd':
        unit = 86400;
        break;
      case 'w':
        unit = 7 * 86400;
        break;
      default:
        unit = 0;
    }
    if (unit != 0) digits = text.substr(0, text.size() - 1);
    else if (text.find_first_not_of("0123456789") == std::string_view::npos)
      throw Error("", fmt::format("'{}' has no unit: give d, h or w (e.g. 28d, 36h, 4w; also m, s)", text));
  }
  std::int64_t n = 0;
  bool ok = !digits.empty() && digits.size() <= 9;
  for (char c : digits) {
    if (c < '0' || c > '9') ok = false;
    else n = n * 10 + (c - '0');
  }
  if (!ok || n == 0) throw Error("", fmt::format("'{}' is not a length of time (e.g. 90d, 28d, 2w, 12h, 30m)", text));
  return n * unit;
}

std::string epoch_iso(std::int64_t t) {
  const std::int64_t days = floor_div(t, 86400);
  std::int64_t rem = t - days * 86400;
  // civil_from_days (Howard Hinnant)
  std::int64_t z = days + 719468;
  const std::int64_t era = floor_div(z, 146097);
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  std::int64_t y = yoe + era * 400;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  return fmt::format("{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}", y, m, d, rem / 3600, (rem % 3600) / 60, rem % 60);
}

std::string HistoryPeriod::series_label() const {
  std::string out = fmt::format("{} (DB Id {})", db_name.empty() ? "?" : db_name, dbid);
  if (con_dbid) out += fmt::format(" PDB {} (Con DB Id {})", container.empty() ? "?" : container, *con_dbid);
  out += instance_number ? fmt::format(" instance {}", *instance_number) : std::string(" whole cluster");
  return out;
}

std::string HistoryPeriod::label() const {
  std::string end = end_time;
  if (end.size() == 19 && begin_time.size() == 19 && end.compare(0, 10, begin_time, 0, 10) == 0) end = end.substr(11);
  std::string out = fmt::format("{} .. {}", begin_time.empty() ? "?" : begin_time, end.empty() ? "?" : end);
  if (begin_snap || end_snap)
    out +=
        fmt::format(" (snaps {}-{})", begin_snap ? std::to_string(*begin_snap) : "?", end_snap ? std::to_string(*end_snap) : "?");
  return out;
}

PreparedPeriod prepare_history_period(const Snapshot& snapshot, bool keep_snapshot_json) {
  PreparedPeriod out;
  out.period = facts_of(snapshot);
  out.values = period_of(snapshot).values;
  if (out.values.empty())
    throw Error(snapshot.source, "no metric of the registry could be read from it: nothing to keep in the history");
  if (keep_snapshot_json) {
    const std::string json = snapshot_json_text(snapshot);
    out.snapshot_zlib = compress(json);
    out.snapshot_json_bytes = json.size();
  }
  return out;
}

// ---- the store ----------------------------------------------------------------------------------

struct HistoryStore::Impl {
  std::string location;  // as given (to connect)
  std::string shown;  // as printed: redact_location(location)
  std::unique_ptr<SqlConnection> c;
  bool postgres = false;
  bool write = false;
  int version = 0;
  std::unordered_map<std::string, std::int64_t> metric_ids;
  std::unordered_map<std::int64_t, std::string> metric_keys;

  [[noreturn]] void fail(const SqlError& raw, std::string_view doing) const {
    const std::string where = redact(location);
    // The driver's message can quote the connection string (a malformed URI): its secrets are left out.
    const SqlError e(raw.kind(), redact_secrets(raw.what(), location));
    switch (e.kind()) {
      case SqlFailure::busy:
        // PostgreSQL: a statement stopped by statement_timeout (a stuck server or query), not a lock.
        if (postgres && std::string_view(e.what()).find("statement timeout") != std::string_view::npos)
          throw Error(where, fmt::format("a statement took longer than the statement timeout while {} ({}; {} s unless "
                                         "set for the role, database or connection): nothing of this change was stored",
                                         doing, e.what(), detail::k_pg_statement_timeout_s));
        throw Error(where,
                    fmt::format("the store is busy: another awrdiff (or another client) held it for more than {} s while {}{}; "
                                "nothing of this change was stored",
                                k_busy_timeout_ms / 1000, doing, postgres ? fmt::format(" ({})", e.what()) : std::string()));
      case SqlFailure::full:
        throw Error(where, fmt::format("disk full while {} ({}): nothing of this change was stored, the store is as it was",
                                       doing, e.what()));
      case SqlFailure::read_only:
        throw Error(where, fmt::format("the store is read-only ({}): nothing was stored", e.what()));
      case SqlFailure::denied:
        // A PostgreSQL role without a privilege: to read, what it lacks is said (not "the store is empty").
        if (!write || doing.starts_with("reading") || doing.starts_with("exporting"))
          throw Error(where, fmt::format("the role may not read the store ({}) while {}: it needs SELECT on the store's "
                                         "tables",
                                         e.what(), doing));
        throw Error(where, fmt::format("the store is read-only for this role ({}) while {}: nothing was stored (adding "
                                       "needs INSERT, UPDATE and DELETE on the store's tables)",
                                       e.what(), doing));
      case SqlFailure::corrupt:
        throw Error(where,
                    fmt::format("the store is damaged or not a history store ({}); it was left as it is: restore it from a "
                                "backup (sqlite3 FILE .recover can salvage its rows)",
                                e.what()));
      case SqlFailure::io:
        throw Error(where, fmt::format("I/O error while {} ({}): nothing of this change was stored", doing, e.what()));
      case SqlFailure::cannot_open:
        throw Error(where, fmt::format("cannot open the history store: {}", e.what()));
      case SqlFailure::other:
        break;
    }
    throw Error(where, fmt::format("{}: {}", doing, e.what()));
  }

  void load_metric_ids() {
    metric_ids.clear();
    metric_keys.clear();
    c->query("SELECT metric_id, metric_key FROM metrics", {}, [&](const SqlRow& r) {
      metric_ids.emplace(r.text(1), r.integer(0));
      metric_keys.emplace(r.integer(0), r.text(1));
    });
  }

  void ensure_metrics() {
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
  void prepare_schema() {
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
      for (int v = version; v < k_history_schema_version; ++v)
        for (auto s = k_migrations[v].begin; s != k_migrations[v].end; ++s) c->exec(ddl(*s, c->dialect()));
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
      if (version < k_history_schema_version)
        throw Error(redact(location), fmt::format("the history store has schema {} (this awrdiff: {}): run `awrdiff history add` "
                                                  "once to migrate it",
                                                  version, k_history_schema_version));
      load_metric_ids();
    }
  }

  // SQLite: a damaged file is refused before anything is written to it (a write into a damaged b-tree can
  // spread the damage, and the periods added would be lost with it). quick_check reads every page once
  // (about 0.2 s for 100 MB); PostgreSQL checks its own pages.
  void check_integrity(std::string_view would_be) {
    if (c->dialect() != detail::SqlDialect::sqlite) return;
    std::vector<std::string> problems;
    c->query("PRAGMA quick_check(3)", {}, [&](const SqlRow& r) {
      std::string t = r.text(0);
      if (t == "ok") return;
      std::replace(t.begin(), t.end(), '\n', ' ');
      if (t.starts_with("*** in database main *** ")) t.erase(0, 25);
      problems.push_back(t);
    });
    if (problems.empty()) return;
    throw Error(redact(location),
                fmt::format("the store is damaged (SQLite quick_check: {}); it was not {} and was left as it is: "
                            "restore it from a backup (sqlite3 FILE .recover can salvage its rows)",
                            fmt::join(problems, "; "), would_be));
  }

  int read_version(const std::vector<std::string>& tables) {
    if (tables.empty()) return 0;
    if (std::find(tables.begin(), tables.end(), "meta") == tables.end())
      throw Error(redact(location),
                  fmt::format("not an awrdiff history store (it has tables {}, but no meta table): left as it is",
                              fmt::join(tables, ", ")));
    int v = -1;
    c->query("SELECT value FROM meta WHERE name = 'schema_version'", {},
             [&](const SqlRow& r) { v = std::atoi(r.text(0).c_str()); });
    if (v <= 0)
      throw Error(redact(location), "not an awrdiff history store (no schema_version in its meta table): left as it is");
    return v;
  }

  [[noreturn]] void newer() const {
    throw Error(redact(location),
                fmt::format("the history store has schema {}, newer than this awrdiff's {}: use a newer awrdiff "
                            "(the store was left as it is)",
                            version, k_history_schema_version));
  }

  std::int64_t metric_id(const std::string& key) const {
    auto it = metric_ids.find(key);
    return it == metric_ids.end() ? -1 : it->second;
  }

  AddResult add_in_transaction(const PreparedPeriod& pp, const std::string& added_at) {
    const HistoryPeriod& p = pp.period;
    AddResult out;
    out.label = p.label();
    const std::string key = key_of(p);
    const auto b = iso_epoch(p.begin_time);
    auto e = iso_epoch(p.end_time);
    if (!e && b && p.elapsed_s) e = *b + static_cast<std::int64_t>(std::llround(*p.elapsed_s));
    const auto startup = iso_epoch(p.startup_time);
    c->lock_for_write(as_int(p.dbid));
    const SqlValue params[] = {key,
                               as_int(p.dbid),
                               p.db_name,
                               as_int(p.con_dbid.value_or(0)),
                               p.container,
                               std::int64_t{p.instance_number.value_or(0)},
                               p.instance_name,
                               p.kind,
                               p.format,
                               p.release,
                               p.host,
                               opt(p.cpus),
                               opt(p.begin_snap),
                               opt(p.end_snap),
                               p.begin_time,
                               p.end_time,
                               opt(b),
                               opt(e),
                               b ? SqlValue(std::int64_t{hour_of_epoch(*b)}) : SqlValue(),
                               b ? SqlValue(std::int64_t{weekday_of_epoch(*b)}) : SqlValue(),
                               opt(p.elapsed_s),
                               p.startup_time,
                               opt(startup),
                               std::int64_t{p.valid ? 1 : 0},
                               p.invalid_reason,
                               p.source,
                               added_at};
    // The same period from another file (a text report and its HTML twin): kept once, the HTML one
    // (more digits), then the file whose name sorts first, so the store does not depend on the order.
    std::optional<std::int64_t> id;
    {
      const SqlValue k[] = {key};
      std::optional<std::int64_t> old_id;
      std::string old_format, old_source;
      c->query("SELECT period_id, format, source FROM periods WHERE period_key = ?", k, [&](const SqlRow& r) {
        old_id = r.integer(0);
        old_format = r.text(1);
        old_source = r.text(2);
      });
      if (old_id) {
        auto rank = [](const std::string& format, const std::string& source) {
          return std::make_pair(format == "html" ? 0 : 1, source);
        };
        if (!(rank(p.format, p.source) < rank(old_format, old_source))) return out;  // a no-op
        const SqlValue o[] = {*old_id};
        c->query("DELETE FROM metric_values WHERE period_id = ?", o);
        c->query("DELETE FROM snapshots WHERE period_id = ?", o);
        std::vector<SqlValue> u(std::begin(params) + 1, std::end(params));
        u.push_back(*old_id);
        c->query(
            "UPDATE periods SET dbid = ?, db_name = ?, con_dbid = ?, container = ?, instance_number = ?, instance_name = ?, "
            "kind = ?, format = ?, release = ?, host = ?, cpus = ?, begin_snap = ?, end_snap = ?, begin_time = ?, end_time = ?, "
            "begin_epoch = ?, end_epoch = ?, begin_hour = ?, begin_weekday = ?, elapsed_s = ?, startup_time = ?, "
            "startup_epoch = ?, valid = ?, invalid_reason = ?, source = ?, added_at = ? WHERE period_id = ?",
            u);
        id = old_id;
        out.replaced = true;
      }
    }
    if (!id)
      c->query(
          "INSERT INTO periods (period_key, dbid, db_name, con_dbid, container, instance_number, instance_name, kind, format, "
          "release, host, cpus, begin_snap, end_snap, begin_time, end_time, begin_epoch, end_epoch, begin_hour, begin_weekday, "
          "elapsed_s, startup_time, startup_epoch, valid, invalid_reason, overlapping, source, added_at) VALUES "
          "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) "
          "ON CONFLICT (period_key) DO NOTHING RETURNING period_id",
          params, [&](const SqlRow& r) {
            id = r.integer(0);
            out.added = true;
          });
    if (!id) return out;  // the same period is stored already
    // The values: one multi-row statement.
    std::vector<SqlValue> vp;
    std::string sql = "INSERT INTO metric_values (period_id, metric_id, value) VALUES ";
    for (const auto& [k, v] : pp.values) {
      const auto mid = metric_id(k);
      if (mid < 0 || !std::isfinite(v)) continue;
      if (!vp.empty()) sql += ", ";
      sql += "(?, ?, ?)";
      vp.insert(vp.end(), {*id, mid, v});
    }
    if (!vp.empty()) c->query(sql, vp);
    if (!pp.snapshot_zlib.empty() && pp.snapshot_json_bytes > 0) {
      const SqlValue sp[] = {*id, std::string("zlib"), static_cast<std::int64_t>(pp.snapshot_json_bytes),
                             detail::SqlBlob{pp.snapshot_zlib}};
      c->query("INSERT INTO snapshots (period_id, encoding, json_bytes, body) VALUES (?, ?, ?, ?)", sp);
    }
    // Overlaps with stored periods of the same instance: both are flagged (so the store does not
    // depend on the order the reports came in).
    // The candidates begin at most the longest stored period's length before this one (kept in meta),
    // so the index bounds the search on both sides however large the history.
    if (b && e) {
      std::int64_t longest = 0;
      c->query("SELECT value FROM meta WHERE name = 'longest_period_s'", {},
               [&](const SqlRow& r) { longest = std::atoll(r.text(0).c_str()); });
      if (*e - *b > longest) {
        const SqlValue lp[] = {std::to_string(*e - *b)};
        c->query("DELETE FROM meta WHERE name = 'longest_period_s'", {});
        c->query("INSERT INTO meta (name, value) VALUES ('longest_period_s', ?)", lp);
      }
      const SqlValue op[] = {as_int(p.dbid),
                             as_int(p.con_dbid.value_or(0)),
                             std::int64_t{p.instance_number.value_or(0)},
                             *id,
                             *b - std::max(longest, *e - *b) - 1,
                             *e,
                             *b};
      std::vector<std::int64_t> others;
      c->query(
          "SELECT period_id, begin_time, end_time, begin_snap, end_snap FROM periods WHERE dbid = ? AND con_dbid = ? AND "
          "instance_number = ? AND period_id <> ? AND begin_epoch > ? AND begin_epoch < ? AND end_epoch > ? ORDER BY begin_epoch",
          op, [&](const SqlRow& r) {
            others.push_back(r.integer(0));
            HistoryPeriod o;
            o.begin_time = r.text(1);
            o.end_time = r.text(2);
            o.begin_snap = r.opt_integer(3);
            o.end_snap = r.opt_integer(4);
            out.overlaps.push_back(o.label());
          });
      if (!others.empty()) {
        out.overlapping = true;
        others.push_back(*id);
        for (auto oid : others) {
          const SqlValue u[] = {oid};
          c->query("UPDATE periods SET overlapping = 1 WHERE period_id = ?", u);
        }
      }
    }
    return out;
  }

  // A period of a window, as load_window first reads it: what decides whether it is kept.
  struct Light {
    std::int64_t id = 0;
    std::optional<std::int64_t> begin, end, startup;
    bool valid = true, overlapping = false;
  };
};

HistoryStore::HistoryStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
HistoryStore::~HistoryStore() = default;

std::unique_ptr<HistoryStore> HistoryStore::open(const std::string& location, HistoryAccess access) {
  auto impl = std::make_unique<Impl>();
  impl->location = location;
  impl->shown = redact_location(location);
  impl->postgres = is_postgresql_location(location);
  impl->write = access != HistoryAccess::read;
  if (location.empty()) throw Error("", "no history store given (--db FILE or postgresql://...)");
  try {
    impl->c = impl->postgres ? detail::open_postgresql(location, impl->write)
                             : detail::open_sqlite(location, impl->write, access == HistoryAccess::write, k_busy_timeout_ms);
    if (impl->write && impl->c->read_only())
      throw Error(redact(location),
                  "the store is read-only (no write permission on the file or its directory): nothing was stored");
    impl->prepare_schema();
  } catch (const SqlError& e) { impl->fail(e, "opening the store"); }
  return std::unique_ptr<HistoryStore>(new HistoryStore(std::move(impl)));
}

const std::string& HistoryStore::location() const { return m_impl->shown; }
const char* HistoryStore::backend() const { return m_impl->postgres ? "PostgreSQL" : "SQLite"; }
int HistoryStore::schema_version() const { return m_impl->version; }

AddResult HistoryStore::add(const PreparedPeriod& period) {
  try {
    SqlTransaction tx(*m_impl->c);
    auto r = m_impl->add_in_transaction(period, utc_now());
    tx.commit();
    return r;
  } catch (const SqlError& e) { m_impl->fail(e, fmt::format("adding {}", period.period.source)); }
}

AddResult HistoryStore::add(const Snapshot& snapshot, bool keep_snapshot_json) {
  return add(prepare_history_period(snapshot, keep_snapshot_json));
}

std::vector<AddResult> HistoryStore::add_all(const std::vector<PreparedPeriod>& periods) {
  std::vector<AddResult> out;
  try {
    SqlTransaction tx(*m_impl->c);
    const auto now = utc_now();
    for (const auto& p : periods) out.push_back(m_impl->add_in_transaction(p, now));
    tx.commit();
    return out;
  } catch (const SqlError& e) { m_impl->fail(e, fmt::format("adding {} periods", periods.size())); }
}

std::vector<HistoryPeriod> HistoryStore::periods(std::optional<std::uint64_t> dbid) {
  std::vector<HistoryPeriod> out;
  try {
    std::vector<SqlValue> p;
    std::string sql = fmt::format("SELECT {} FROM periods p", k_period_columns);
    if (dbid) {
      sql += " WHERE p.dbid = ?";
      p.push_back(as_int(*dbid));
    }
    sql += " ORDER BY p.begin_time, p.dbid, p.con_dbid, p.instance_number, p.period_key";
    m_impl->c->query(sql, p, [&](const SqlRow& r) { out.push_back(read_period(r)); });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the periods"); }
  return out;
}

std::vector<HistorySeries> HistoryStore::series() {
  std::vector<HistorySeries> out;
  try {
    const std::string sql = fmt::format(
        "SELECT {}, p.begin_epoch, p.end_epoch, p.startup_epoch, "
        "(SELECT count(*) FROM snapshots s WHERE s.period_id = p.period_id) FROM periods p "
        "ORDER BY p.db_name, p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, p.period_key",
        k_period_columns);
    struct Prev {
      std::optional<std::int64_t> begin, end;
      std::string end_time;
    } prev;
    m_impl->c->query(sql, {}, [&](const SqlRow& r) {
      HistoryPeriod p = read_period(r);
      const auto b = r.opt_integer(k_period_column_count), e = r.opt_integer(k_period_column_count + 1),
                 st = r.opt_integer(k_period_column_count + 2);
      const bool snap = r.integer(k_period_column_count + 3) > 0;
      if (out.empty() || out.back().latest.dbid != p.dbid || out.back().latest.con_dbid != p.con_dbid ||
          out.back().latest.instance_number != p.instance_number) {
        out.emplace_back();
        out.back().first_begin = p.begin_time;
        prev = Prev{};
      }
      auto& s = out.back();
      ++s.periods;
      if (!p.valid) ++s.invalid;
      if (p.overlapping) ++s.overlapping;
      if (snap) ++s.with_snapshot;
      if (s.first_begin.empty()) s.first_begin = p.begin_time;
      if (p.end_time > s.last_end) s.last_end = p.end_time;
      if (prev.end && b && *b > *prev.end + 60) s.gaps.emplace_back(prev.end_time, p.begin_time);
      if (st && ((b && *st > *b) || (prev.begin && *st > *prev.begin))) s.restarts.emplace_back(p.startup_time, p.begin_time);
      if (b) prev.begin = b;
      if (e && (!prev.end || *e > *prev.end)) {
        prev.end = e;
        prev.end_time = p.end_time;
      }
      s.latest = std::move(p);
    });
    for (auto& s : out) {
      const SqlValue q[] = {as_int(s.latest.dbid), as_int(s.latest.con_dbid.value_or(0)),
                            std::int64_t{s.latest.instance_number.value_or(0)}};
      m_impl->c->query("SELECT count(*) FROM checks WHERE dbid = ? AND con_dbid = ? AND instance_number = ?", q,
                       [&](const SqlRow& r) { s.checks = static_cast<std::size_t>(r.integer(0)); });
    }
  } catch (const SqlError& e) { m_impl->fail(e, "reading the periods"); }
  return out;
}

std::vector<HistoryPoint> HistoryStore::metric_series(const std::string& key, std::optional<std::uint64_t> dbid,
                                                      std::optional<int> instance) {
  const MetricSpec* spec = find_metric(key);
  if (spec == nullptr || spec->family || !spec->checked || spec->key != key)
    throw Error("",
                fmt::format("'{}' is not a metric the history keeps (the checked metrics of `awrdiff catalog --metrics`, e.g. "
                            "db_time_per_s)",
                            key));
  std::vector<HistoryPoint> out;
  try {
    const auto mid = m_impl->metric_id(key);
    if (mid < 0) return out;
    std::vector<SqlValue> p{mid};
    std::string sql =
        fmt::format("SELECT {}, v.value FROM periods p JOIN metric_values v ON v.period_id = p.period_id WHERE v.metric_id = ?",
                    k_period_columns);
    if (dbid) {
      sql += " AND p.dbid = ?";
      p.push_back(as_int(*dbid));
    }
    if (instance) {
      sql += " AND p.instance_number = ?";
      p.push_back(std::int64_t{*instance});
    }
    sql += " ORDER BY p.db_name, p.dbid, p.con_dbid, p.instance_number, p.begin_epoch, p.period_key";
    m_impl->c->query(sql, p, [&](const SqlRow& r) { out.push_back({read_period(r), r.real(k_period_column_count)}); });
  } catch (const SqlError& e) { m_impl->fail(e, "reading the series"); }
  return out;
}

std::vector<std::pair<HistoryPeriod, Snapshot>> HistoryStore::snapshots(std::uint64_t dbid, std::optional<int> instance,
                                                                        std::optional<std::uint64_t> con_dbid,
                                                                        std::optional<std::int64_t> from_epoch,
                                                                        std::optional<std::int64_t> to_epoch, std::size_t limit,
                                                                        std::size_t* unreadable) {
  std::vector<std::pair<HistoryPeriod, Snapshot>> out;
  if (unreadable) *unreadable = 0;
  if (limit == 0) return out;
  try {
    std::vector<SqlValue> p{as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}};
    std::string sql = fmt::format(
        "SELECT {}, s.encoding, s.json_bytes, s.body FROM periods p JOIN snapshots s ON s.period_id = p.period_id "
        "WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ?",
        k_period_columns);
    if (from_epoch) {
      sql += " AND p.begin_epoch >= ?";
      p.push_back(*from_epoch);
    }
    if (to_epoch) {
      sql += " AND p.begin_epoch <= ?";
      p.push_back(*to_epoch);
    }
    sql += fmt::format(" ORDER BY p.begin_epoch DESC, p.period_key DESC LIMIT {}", limit);
    std::size_t bad = 0;
    m_impl->c->query(sql, p, [&](const SqlRow& r) {
      HistoryPeriod hp = read_period(r);
      const std::string encoding = r.text(k_period_column_count);
      const auto json =
          encoding == "zlib" ? decompress(r.blob(k_period_column_count + 2), r.integer(k_period_column_count + 1)) : std::nullopt;
      if (!json) {
        ++bad;
        return;
      }
      try {
        Snapshot snap = snapshot_from_json(*json, hp.source);
        out.emplace_back(std::move(hp), std::move(snap));
      } catch (const Error&) { ++bad; }
    });
    if (unreadable) *unreadable = bad;
  } catch (const SqlError& e) { m_impl->fail(e, "reading the stored snapshots"); }
  std::reverse(out.begin(), out.end());
  return out;
}

std::size_t HistoryStore::prune(std::int64_t older_than_s, bool dry_run) {
  try {
    SqlTransaction tx(*m_impl->c);
    const SqlValue p[] = {older_than_s};
    std::vector<std::int64_t> ids;
    m_impl->c->query(
        "SELECT p.period_id FROM periods p JOIN (SELECT dbid, con_dbid, instance_number, max(end_epoch) AS newest FROM periods "
        "GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = p.dbid AND n.con_dbid = p.con_dbid AND "
        "n.instance_number = p.instance_number WHERE p.end_epoch < n.newest - ? ORDER BY p.period_id",
        p, [&](const SqlRow& r) { ids.push_back(r.integer(0)); });
    if (dry_run) return ids.size();
    for (std::size_t at = 0; at < ids.size(); at += 500) {
      const auto n = std::min<std::size_t>(500, ids.size() - at);
      std::vector<SqlValue> v(ids.begin() + static_cast<std::ptrdiff_t>(at), ids.begin() + static_cast<std::ptrdiff_t>(at + n));
      std::string list;
      for (std::size_t i = 0; i < n; ++i) list += i == 0 ? "?" : ", ?";
      for (const char* table : {"metric_values", "snapshots", "periods"})
        m_impl->c->query(fmt::format("DELETE FROM {} WHERE period_id IN ({})", table, list), v);
    }
    m_impl->c->query(
        "DELETE FROM checks WHERE check_id IN (SELECT c.check_id FROM checks c JOIN (SELECT dbid, con_dbid, instance_number, "
        "max(end_epoch) AS newest FROM periods GROUP BY dbid, con_dbid, instance_number) n ON n.dbid = c.dbid AND "
        "n.con_dbid = c.con_dbid AND n.instance_number = c.instance_number WHERE c.end_epoch < n.newest - ?)",
        p);
    tx.commit();
    return ids.size();
  } catch (const SqlError& e) { m_impl->fail(e, "pruning"); }
}

std::string HistoryStore::export_text(const std::string& format) {
  if (format != "csv" && format != "jsonl") throw Error("", fmt::format("unknown export format '{}' (csv, jsonl)", format));
  std::string out;
  if (format == "csv")
    out =
        "dbid,db_name,instance_number,con_dbid,container,begin_snap,end_snap,begin_time,end_time,elapsed_s,valid,overlapping,"
        "source,metric,unit,value\n";
  try {
    m_impl->check_integrity("exported");  // an export of a damaged store would be silently incomplete
    std::unordered_map<std::string, std::string> units;
    for (const auto& m : all_metrics()) units.emplace(std::string(m.key), std::string(m.unit));
    const std::string sql = fmt::format(
        "SELECT {}, m.metric_key, v.value FROM periods p JOIN metric_values v ON v.period_id = p.period_id JOIN metrics m ON "
        "m.metric_id = v.metric_id ORDER BY p.dbid, p.con_dbid, p.instance_number, p.begin_time, p.end_time, p.period_key, m.metric_key",
        k_period_columns);
    auto out_it = std::back_inserter(out);
    json_out::CompactWriter line;
    m_impl->c->query(sql, {}, [&](const SqlRow& r) {
      const HistoryPeriod p = read_period(r);
      const std::string metric = r.text(k_period_column_count);
      const double value = r.real(k_period_column_count + 1);
      const auto u = units.find(metric);
      const std::string unit = u == units.end() ? "" : u->second;
      auto opt_text = [](const auto& v) { return v ? fmt::format("{}", *v) : std::string(); };
      if (format == "csv") {
        fmt::format_to(out_it, "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", p.dbid, csv_field(p.db_name),
                       opt_text(p.instance_number), opt_text(p.con_dbid), csv_field(p.container), opt_text(p.begin_snap),
                       opt_text(p.end_snap), csv_field(p.begin_time), csv_field(p.end_time), opt_text(p.elapsed_s),
                       p.valid ? 1 : 0, p.overlapping ? 1 : 0, csv_field(p.source), csv_field(metric), csv_field(unit), value);
      } else {
        // One object per line, its keys in this order (docs/history.md).
        line.clear();
        line.begin_object();
        line.key("dbid").integer(p.dbid);
        line.key("db_name").string(p.db_name);
        line.key("instance_number").integer(p.instance_number);
        line.key("con_dbid").integer(p.con_dbid);
        line.key("container").string(p.container);
        line.key("begin_snap").integer(p.begin_snap);
        line.key("end_snap").integer(p.end_snap);
        line.key("begin_time").string(p.begin_time);
        line.key("end_time").string(p.end_time);
        line.key("elapsed_s").number(p.elapsed_s);
        line.key("valid").boolean(p.valid);
        line.key("overlapping").boolean(p.overlapping);
        line.key("source").string(p.source);
        line.key("metric").string(metric);
        line.key("unit").string(unit);
        line.key("value").number(value);
        line.end_object();
        out += line.text();
        out += '\n';
      }
    });
  } catch (const SqlError& e) { m_impl->fail(e, "exporting"); }
  return out;
}

std::string HistoryStore::period_key(const Snapshot& s) {
  const HistoryPeriod p = facts_of(s);
  return key_of(p);
}

Baseline HistoryStore::load_window(const Snapshot& current, const WindowOptions& options) {
  const HistoryPeriod cur = facts_of(current);
  const auto cur_begin = iso_epoch(cur.begin_time);
  if (!cur_begin) throw Error(current.source, "its begin time cannot be read: no window of history can be chosen for it");
  const std::int64_t lo = *cur_begin - options.window_s;
  const int cur_hour = hour_of_epoch(*cur_begin), cur_day = weekday_of_epoch(*cur_begin);
  const SqlValue series[] = {as_int(cur.dbid), as_int(cur.con_dbid.value_or(0)), std::int64_t{cur.instance_number.value_or(0)}};

  Baseline b;
  b.source_kind = "history";
  b.sources.push_back(redact(m_impl->location));
  b.dbid = cur.dbid;
  b.db_name = cur.db_name;
  if (cur.instance_number) b.instances.push_back(*cur.instance_number);
  std::size_t invalid = 0, restarts = 0, failed = 0, overlapping_current = 0, overlapping = 0, period_count = 0;
  try {
    auto& c = *m_impl->c;
    // The like periods of the window, with the begin of the period before each (the restart rule):
    // numbers only (a year of periods is 8,760 rows); the facts of the periods kept come after.
    std::vector<Impl::Light> rows;
    std::vector<std::optional<std::int64_t>> prev_begins;
    {
      std::vector<SqlValue> p{series[0], series[1], series[2], lo, *cur_begin};
      // Every period of the window comes in order, so each one's predecessor is the row before (only
      // the first needs a look before the window); like periods only need the subquery.
      const bool all = options.match == MatchPeriods::all;
      std::string sql = fmt::format(
          "SELECT period_id, begin_epoch, end_epoch, startup_epoch, valid, overlapping, {} FROM periods p "
          "WHERE dbid = ? AND con_dbid = ? AND instance_number = ? AND begin_epoch >= ? AND begin_epoch < ?",
          all ? "NULL"
              : "(SELECT max(q.begin_epoch) FROM periods q WHERE q.dbid = p.dbid AND q.con_dbid = p.con_dbid AND "
                "q.instance_number = p.instance_number AND q.begin_epoch < p.begin_epoch)");
      if (options.match != MatchPeriods::all) {
        sql += " AND begin_hour = ?";
        p.push_back(std::int64_t{cur_hour});
      }
      if (options.match == MatchPeriods::weekday_hour) {
        sql += " AND begin_weekday = ?";
        p.push_back(std::int64_t{cur_day});
      }
      sql += " ORDER BY begin_epoch, period_key";
      c.query(sql, p, [&](const SqlRow& r) {
        Impl::Light l;
        l.id = r.integer(0);
        l.begin = r.opt_integer(1);
        l.end = r.opt_integer(2);
        l.startup = r.opt_integer(3);
        l.valid = r.integer(4) != 0;
        l.overlapping = r.integer(5) != 0;
        prev_begins.push_back(r.opt_integer(6));
        rows.push_back(std::move(l));
      });
      if (all && !rows.empty()) {
        std::optional<std::int64_t> before;  // the greatest begin before the current row's
        const SqlValue q[] = {series[0], series[1], series[2], lo};
        c.query(
            "SELECT max(begin_epoch) FROM periods WHERE dbid = ? AND con_dbid = ? AND instance_number = ? AND begin_epoch < ?", q,
            [&](const SqlRow& r) { before = r.opt_integer(0); });
        for (std::size_t i = 0; i < rows.size(); ++i) {
          if (i > 0 && rows[i].begin != rows[i - 1].begin) before = rows[i - 1].begin;
          prev_begins[i] = before;
        }
      }
    }
    // The periods of the window whose latest stored check (the cron's vote) failed: a storm stored by `--add` is not
    // what normal looks like, and would widen the band until later storms pass.
    std::set<std::int64_t> failed_ids;
    if (!options.keep_failed) {
      std::map<std::int64_t, std::string> latest;  // period_id -> status of its latest vote
      const SqlValue q[] = {series[0], series[1], series[2], lo, *cur_begin};
      c.query(
          "SELECT p.period_id, c.status FROM checks c JOIN periods p ON p.period_key = c.period_key "
          "WHERE c.dbid = ? AND c.con_dbid = ? AND c.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ? "
          "ORDER BY c.check_id",
          q, [&](const SqlRow& r) { latest[r.integer(0)] = r.text(1); });
      for (const auto& [id, status] : latest)
        if (status == "fail") failed_ids.insert(id);
    }
    std::unordered_map<std::int64_t, std::size_t> chosen;  // period_id -> index in b.periods
    std::vector<std::int64_t> chosen_ids;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& l = rows[i];
      const auto& prev_begin = prev_begins[i];
      // The instance started inside this period, or after the previous period began and just before this one: the
      // first period after a restart (cold caches, or figures Oracle itself calls invalid). A restart long before
      // (the previous stored period is weeks older) is history, not cold caches: the period is kept.
      const bool restart = l.startup && ((l.begin && *l.startup > *l.begin) ||
                                         (prev_begin && *l.startup > *prev_begin && l.begin &&
                                          static_cast<double>(*l.begin - *l.startup) <= k_restart_matters_s));
      // The current period itself, and any period that overlaps it, ends after it begins.
      if (!l.end || *l.end > *cur_begin) {
        ++overlapping_current;
        continue;
      }
      if (!l.valid) {
        ++invalid;
        continue;
      }
      if (restart) {
        ++restarts;
        continue;
      }
      if (!options.keep_failed && failed_ids.count(l.id) > 0) {
        ++failed;
        continue;
      }
      if (l.overlapping) ++overlapping;
      chosen.emplace(l.id, b.periods.size());
      chosen_ids.push_back(l.id);
      b.periods.emplace_back();
    }
    const bool summarized = chosen_ids.size() > options.summarize_above;
    // The facts of the periods kept (all of them, or for a summarised window the latest few, for the
    // typical period's names), and the database's release, host and CPUs from the latest.
    auto read_facts = [&](const std::vector<std::int64_t>& ids) {
      for (std::size_t at = 0; at < ids.size(); at += 500) {
        const auto n = std::min<std::size_t>(500, ids.size() - at);
        std::vector<SqlValue> p(ids.begin() + static_cast<std::ptrdiff_t>(at), ids.begin() + static_cast<std::ptrdiff_t>(at + n));
        std::string sql =
            "SELECT period_id, source, begin_snap, end_snap, begin_time, end_time, elapsed_s FROM periods WHERE period_id IN (";
        for (std::size_t i = 0; i < n; ++i) sql += i == 0 ? "?" : ", ?";
        sql += ")";
        c.query(sql, p, [&](const SqlRow& r) {
          auto it = chosen.find(r.integer(0));
          if (it == chosen.end()) return;
          auto& bp = b.periods[it->second];
          bp.source = r.text(1);
          bp.begin_snap = r.opt_integer(2);
          bp.end_snap = r.opt_integer(3);
          bp.begin_time = r.text(4);
          bp.end_time = r.text(5);
          bp.elapsed_s = r.opt_real(6);
          bp.instance_number = cur.instance_number;
          bp.valid = true;
        });
      }
    };
    if (!summarized) read_facts(chosen_ids);
    else
      read_facts(std::vector<std::int64_t>(
          chosen_ids.end() - static_cast<std::ptrdiff_t>(std::min<std::size_t>(chosen_ids.size(), 64)), chosen_ids.end()));
    if (!chosen_ids.empty()) {
      const SqlValue p[] = {chosen_ids.back()};
      c.query("SELECT release, host, cpus, db_name FROM periods WHERE period_id = ?", p, [&](const SqlRow& r) {
        if (!r.text(0).empty()) b.release = r.text(0);
        b.host = r.text(1);
        b.cpus = r.opt_real(2);
        if (b.db_name.empty()) b.db_name = r.text(3);
      });
    }
    // Their values: primary-key lookups, 500 periods at a time. A long window is summarised per metric
    // as it is read (no map per period): check() takes the distributions as they are.
    // Per metric id (small numbers), the values; per period id, whether it was chosen: no hashing per row.
    std::vector<std::vector<double>> by_metric;
    std::vector<bool> is_chosen;
    if (summarized) {
      const auto max_id = *std::max_element(chosen_ids.begin(), chosen_ids.end());
      is_chosen.assign(static_cast<std::size_t>(max_id) + 1, false);
      for (auto id : chosen_ids) is_chosen[static_cast<std::size_t>(id)] = true;
    }
    const auto& keys = m_impl->metric_keys;
    auto on_row = [&](const SqlRow& r) {
      if (summarized) {
        const auto pid = r.integer(0), mid = r.integer(1);
        if (pid < 0 || static_cast<std::size_t>(pid) >= is_chosen.size() || !is_chosen[static_cast<std::size_t>(pid)] ||
            mid < 0 || mid > 100000)
          return;
        if (static_cast<std::size_t>(mid) >= by_metric.size()) by_metric.resize(static_cast<std::size_t>(mid) + 1);
        by_metric[static_cast<std::size_t>(mid)].push_back(r.real(2));
        return;
      }
      auto it = chosen.find(r.integer(0));
      if (it == chosen.end()) return;
      auto k = keys.find(r.integer(1));
      if (k == keys.end()) return;
      b.periods[it->second].values.emplace_hint(b.periods[it->second].values.end(), k->second, r.real(2));
    };
    const auto [min_id, max_id] = chosen_ids.empty() ? std::pair<std::int64_t, std::int64_t>{0, -1}
                                                     : std::pair{*std::min_element(chosen_ids.begin(), chosen_ids.end()),
                                                                 *std::max_element(chosen_ids.begin(), chosen_ids.end())};
    if (summarized && max_id - min_id + 1 <= static_cast<std::int64_t>(chosen_ids.size()) * 2) {
      // The chosen periods' ids are nearly contiguous (a database added in order): one range of the
      // values' primary key, no join.
      const SqlValue p[] = {min_id, max_id};
      c.query("SELECT period_id, metric_id, value FROM metric_values WHERE period_id BETWEEN ? AND ?", p, on_row);
    } else if (chosen_ids.size() > 2000) {
      // Most of a long window: one pass over its rows (the index range), skipping those left out.
      std::vector<SqlValue> p{series[0], series[1], series[2], lo, *cur_begin};
      std::string sql =
          "SELECT v.period_id, v.metric_id, v.value FROM periods p JOIN metric_values v ON v.period_id = p.period_id "
          "WHERE p.dbid = ? AND p.con_dbid = ? AND p.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ?";
      if (options.match != MatchPeriods::all) {
        sql += " AND p.begin_hour = ?";
        p.push_back(std::int64_t{cur_hour});
      }
      if (options.match == MatchPeriods::weekday_hour) {
        sql += " AND p.begin_weekday = ?";
        p.push_back(std::int64_t{cur_day});
      }
      c.query(sql, p, on_row);
    } else {
      for (std::size_t at = 0; at < chosen_ids.size(); at += 500) {
        const auto n = std::min<std::size_t>(500, chosen_ids.size() - at);
        std::vector<SqlValue> p(chosen_ids.begin() + static_cast<std::ptrdiff_t>(at),
                                chosen_ids.begin() + static_cast<std::ptrdiff_t>(at + n));
        std::string sql = "SELECT period_id, metric_id, value FROM metric_values WHERE period_id IN (";
        for (std::size_t i = 0; i < n; ++i) sql += i == 0 ? "?" : ", ?";
        sql += ")";
        c.query(sql, p, on_row);
      }
    }
    if (summarized) {
      for (const auto& m : all_metrics()) {
        if (!m.checked || m.family) continue;
        auto id = m_impl->metric_ids.find(std::string(m.key));
        if (id == m_impl->metric_ids.end()) continue;
        if (id->second < 0 || static_cast<std::size_t>(id->second) >= by_metric.size()) continue;
        auto& values = by_metric[static_cast<std::size_t>(id->second)];
        if (values.empty()) continue;
        BaselineAggregate a;
        a.key = m.key;
        a.instance_number = cur.instance_number;
        a.distribution = detail::summarize_period_values(std::move(values));
        b.aggregates.push_back(std::move(a));
      }
    }
    // The typical period: snapshots of the latest like periods that kept one.
    // Which of the chosen periods kept one: one query (never a query per period of a long window).
    std::vector<std::int64_t> with_json;
    if (options.typical_periods > 0 && !chosen_ids.empty()) {
      std::vector<SqlValue> p{series[0], series[1], series[2], lo, *cur_begin};
      std::string sql =
          "SELECT s.period_id FROM snapshots s JOIN periods p ON p.period_id = s.period_id WHERE p.dbid = ? AND p.con_dbid = ? AND "
          "p.instance_number = ? AND p.begin_epoch >= ? AND p.begin_epoch < ?";
      if (options.match != MatchPeriods::all) {
        sql += " AND p.begin_hour = ?";
        p.push_back(std::int64_t{cur_hour});
      }
      if (options.match == MatchPeriods::weekday_hour) {
        sql += " AND p.begin_weekday = ?";
        p.push_back(std::int64_t{cur_day});
      }
      sql += " ORDER BY p.begin_epoch DESC, p.period_key DESC";
      std::set<std::int64_t> have;
      c.query(sql, p, [&](const SqlRow& r) { have.insert(r.integer(0)); });
      for (auto it = chosen_ids.rbegin(); it != chosen_ids.rend() && with_json.size() < options.typical_periods * 2; ++it)
        if (have.count(*it) != 0) with_json.push_back(*it);
    }
    std::vector<Snapshot> typical;
    for (auto it = with_json.begin(); it != with_json.end() && typical.size() < options.typical_periods; ++it) {
      const SqlValue p[] = {*it};
      std::optional<std::string> json;
      std::string encoding;
      c.query("SELECT encoding, json_bytes, body FROM snapshots WHERE period_id = ?", p, [&](const SqlRow& r) {
        encoding = r.text(0);
        if (encoding == "zlib") json = decompress(r.blob(2), r.integer(1));
      });
      if (encoding.empty()) continue;
      const auto& bp = b.periods[chosen.at(*it)];
      if (!json) {
        b.notes.push_back(fmt::format("the stored snapshot of {} could not be read back ({}): not in the typical period",
                                      bp.source, encoding == "zlib" ? "damaged" : "unknown encoding " + encoding));
        continue;
      }
      try {
        typical.push_back(snapshot_from_json(*json, bp.source));
      } catch (const Error& e) {
        b.notes.push_back(fmt::format("the stored snapshot of {} could not be read back ({}): not in the typical period",
                                      bp.source, e.reason()));
      }
    }
    std::reverse(typical.begin(), typical.end());
    b.snapshots = std::move(typical);
    period_count = b.periods.size();
    if (summarized) {
      b.notes.push_back(
          fmt::format("the window's {} periods are summarised per metric (median, MAD, extremes, percentiles)", period_count));
      b.periods.clear();
    }
  } catch (const SqlError& e) { m_impl->fail(e, "reading the window"); }
  const char* match_text = options.match == MatchPeriods::all    ? ""
                           : options.match == MatchPeriods::hour ? ", same hour"
                                                                 : ", same weekday and hour";
  HistoryPeriod label = cur;
  label.db_name = b.db_name;
  b.name = fmt::format("history of {}: {} period{} in the {} before {}{}", label.series_label(), period_count,
                       period_count == 1 ? "" : "s", human_duration(options.window_s), cur.begin_time, match_text);
  if (invalid > 0)
    b.notes.push_back(
        fmt::format("{} like period{} left out: the report says its figures are invalid", invalid, invalid == 1 ? "" : "s"));
  if (restarts > 0)
    b.notes.push_back(
        fmt::format("{} like period{} left out: the first after an instance restart", restarts, restarts == 1 ? "" : "s"));
  if (failed > 0)
    b.notes.push_back(fmt::format("{} like period{} left out: {} check failed (--keep-failed keeps them)", failed,
                                  failed == 1 ? "" : "s", failed == 1 ? "its" : "their"));
  if (overlapping_current > 0)
    b.notes.push_back(fmt::format("{} period{} left out: {} the current period", overlapping_current,
                                  overlapping_current == 1 ? "" : "s", overlapping_current == 1 ? "overlaps" : "overlap"));
  if (overlapping > 0)
    b.notes.push_back(
        fmt::format("{} of the baseline's periods overlap other stored periods (`awrdiff history list`)", overlapping));
  return b;
}

void HistoryStore::record_check(CheckRecord r) {
  r.checked_at = utc_now();
  const auto end_epoch = iso_epoch(r.end_time);
  const SqlValue p[] = {as_int(r.dbid),
                        as_int(r.con_dbid.value_or(0)),
                        std::int64_t{r.instance_number.value_or(0)},
                        r.period_key,
                        r.begin_time,
                        r.end_time,
                        opt(end_epoch),
                        r.status,
                        std::int64_t{r.exit_code},
                        r.match,
                        r.window_s,
                        static_cast<std::int64_t>(r.baseline_periods),
                        r.headline,
                        r.checked_at};
  try {
    SqlTransaction tx(*m_impl->c);
    m_impl->c->query(
        "INSERT INTO checks (dbid, con_dbid, instance_number, period_key, begin_time, end_time, end_epoch, status, "
        "exit_code, match_periods, window_s, baseline_periods, headline, checked_at) VALUES "
        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        p);
    tx.commit();
  } catch (const SqlError& e) { m_impl->fail(e, "recording the check"); }
}

std::vector<CheckRecord> HistoryStore::recent_checks(std::uint64_t dbid, std::optional<int> instance,
                                                     std::optional<std::uint64_t> con_dbid, std::size_t n) {
  std::vector<CheckRecord> out;
  if (n == 0) return out;
  try {
    std::set<std::string> seen;
    for (std::int64_t limit = static_cast<std::int64_t>(n) * 8 + 8;; limit *= 8) {
      out.clear();
      seen.clear();
      std::int64_t rows = 0;
      const SqlValue p[] = {as_int(dbid), as_int(con_dbid.value_or(0)), std::int64_t{instance.value_or(0)}, limit};
      m_impl->c->query(
          "SELECT period_key, begin_time, end_time, status, exit_code, match_periods, window_s, baseline_periods, headline, "
          "checked_at FROM checks WHERE dbid = ? AND con_dbid = ? AND instance_number = ? "
          "ORDER BY end_epoch DESC, check_id DESC LIMIT ?",
          p, [&](const SqlRow& r) {
            ++rows;
            if (out.size() >= n || !seen.insert(r.text(0)).second) return;
            CheckRecord c;
            c.dbid = dbid;
            c.instance_number = instance;
            c.con_dbid = con_dbid;
            c.period_key = r.text(0);
            c.begin_time = r.text(1);
            c.end_time = r.text(2);
            c.status = r.text(3);
            c.exit_code = static_cast<int>(r.integer(4));
            c.match = r.text(5);
            c.window_s = r.integer(6);
            c.baseline_periods = static_cast<std::size_t>(r.integer(7));
            c.headline = r.text(8);
            c.checked_at = r.text(9);
            out.push_back(std::move(c));
          });
      if (out.size() >= n || rows < limit) break;
    }
  } catch (const SqlError& e) { m_impl->fail(e, "reading the check outcomes"); }
  return out;
}

std::optional<std::int64_t> HistoryStore::size_bytes() {
  try {
    return m_impl->c->size_bytes();
  } catch (const SqlError& e) { m_impl->fail(e, "measuring the store"); }
}

std::vector<std::string> HistoryStore::verify() {
  std::vector<std::string> out;
  try {
    auto& c = *m_impl->c;
    if (c.dialect() == detail::SqlDialect::sqlite)
      c.query("PRAGMA integrity_check", {}, [&](const SqlRow& r) {
        if (r.text(0) != "ok") out.push_back("integrity_check: " + r.text(0));
      });
    auto count = [&](const char* what, const char* sql) {
      c.query(sql, {}, [&](const SqlRow& r) {
        if (r.integer(0) > 0) out.push_back(fmt::format("{} {}", r.integer(0), what));
      });
    };
    count("periods without any metric value",
          "SELECT count(*) FROM periods p WHERE NOT EXISTS (SELECT 1 FROM metric_values v WHERE v.period_id = p.period_id)");
    count("metric values of no period",
          "SELECT count(*) FROM metric_values v WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.period_id = v.period_id)");
    count("metric values of an unknown metric",
          "SELECT count(*) FROM metric_values v WHERE NOT EXISTS (SELECT 1 FROM metrics m WHERE m.metric_id = v.metric_id)");
    count("snapshots of no period",
          "SELECT count(*) FROM snapshots s WHERE NOT EXISTS (SELECT 1 FROM periods p WHERE p.period_id = s.period_id)");
  } catch (const SqlError& e) { out.push_back(fmt::format("{}", e.what())); }
  return out;
}

}  // namespace awrdiff
