// The history store (include/awrdiff/history.hpp, docs/history.md): the helpers its files share, locations and
// their secrets, durations, a period's facts and labels, and opening errors said in one line. Written once over
// detail::SqlConnection, so SQLite and PostgreSQL stores hold the same rows and give the same baselines; the
// schema is in store_schema.cpp, writing in store_write.cpp, reading in store_read.cpp and the window a check
// takes in store_window.cpp.
#include <awrdiff/history.hpp>
#include <awrdiff/metrics.hpp>
#include <awrdiff/snapshot_json.hpp>
#include <awrdiff/sql_text.hpp>
#include <awrdiff/time.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>

namespace awrdiff {

using namespace detail::history;  // store_internal.hpp: the SQL types and the helpers

namespace detail::history {
namespace {

// What a stored snapshot body may inflate to, as an input may (512 MiB after gunzip, src/parse/input.cpp), and the
// ratio of a body far larger than any real snapshot JSON (a few MB at most; the corpus's compress 8-15x): a body whose
// recorded size is more than 100x its own is a zlib bomb, not a snapshot. Both are refused before inflating.
constexpr std::size_t k_max_json_bytes = std::size_t{512} << 20;
constexpr std::size_t k_ratio_free_bytes = std::size_t{16} << 20;
constexpr std::size_t k_max_ratio = 100;

std::string mib(std::uint64_t bytes) {
  const auto in = [&](int shift, const char* unit) {
    return fmt::format("{:g} {}",
                       std::round(static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << shift) * 10) / 10, unit);
  };
  if (bytes >= (std::uint64_t{1} << 30)) return in(30, "GiB");
  if (bytes >= (std::uint64_t{1} << 20)) return in(20, "MiB");
  return bytes >= 1024 ? in(10, "KiB") : fmt::format("{} bytes", bytes);
}

}  // namespace

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

std::string redact(const std::string& location) { return redact_location(location); }

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

std::optional<std::string> decompress(const std::string& body, std::int64_t size, std::string* why) {
  auto refuse = [&](std::string reason) -> std::optional<std::string> {
    if (why != nullptr) *why = std::move(reason);
    return std::nullopt;
  };
  if (size <= 0) return refuse(fmt::format("damaged: its recorded size is {}", size));
  const auto n_bytes = static_cast<std::uint64_t>(size);
  if (n_bytes > k_max_json_bytes)
    return refuse(fmt::format("its body is marked {}, more than the {} a stored snapshot may inflate to", mib(n_bytes),
                              mib(k_max_json_bytes)));
  if (n_bytes > k_ratio_free_bytes && n_bytes / k_max_ratio > body.size())
    return refuse(fmt::format("its body of {} is marked {}, more than {}x its size: a zlib bomb, not a snapshot",
                              mib(body.size()), mib(n_bytes), k_max_ratio));
  std::string out(static_cast<std::size_t>(size), '\0');
  uLongf n = static_cast<uLongf>(size);
  if (uncompress(reinterpret_cast<Bytef*>(out.data()), &n, reinterpret_cast<const Bytef*>(body.data()),
                 static_cast<uLong>(body.size())) != Z_OK ||
      n != static_cast<uLongf>(size))
    return refuse(fmt::format("damaged: its body does not inflate to the {} recorded", mib(n_bytes)));
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

HistoryPeriod read_period(const SqlRow& r, int c) {
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

void query_ids(SqlConnection& c, std::string_view head, const std::vector<std::int64_t>& ids,
               const std::function<void(const SqlRow&)>& each) {
  query_ids(c, head, {}, ids, each);
}

void query_ids(SqlConnection& c, std::string_view head, const std::vector<SqlValue>& leading,
               const std::vector<std::int64_t>& ids, const std::function<void(const SqlRow&)>& each) {
  for (std::size_t at = 0; at < ids.size(); at += 500) {
    const auto n = std::min<std::size_t>(500, ids.size() - at);
    std::vector<SqlValue> p(leading);
    p.insert(p.end(), ids.begin() + static_cast<std::ptrdiff_t>(at), ids.begin() + static_cast<std::ptrdiff_t>(at + n));
    std::string sql(head);
    sql += '(';
    for (std::size_t i = 0; i < n; ++i) sql += i == 0 ? "?" : ", ?";
    sql += ')';
    c.query(sql, p, each);
  }
}

}  // namespace detail::history

// ---- public helpers -----------------------------------------------------------------------------

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
    // libpq ends the user information at its '@', and a password may hold '#', '?' or '/' (percent-encoded or not,
    // as typed): the last '@' of the location closes it, which may leave out more than the password, never less.
    const auto start = scheme + 3;
    const auto at = loc.rfind('@');
    if (at != std::string_view::npos && at >= start) {
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
    // The secret as typed, and percent-decoded as a driver may quote it.
    const std::string typed(location.substr(s.at, s.size));
    std::string decoded;
    for (std::size_t i = 0; i < typed.size(); ++i) {
      if (typed[i] == '%' && i + 2 < typed.size() && std::isxdigit(static_cast<unsigned char>(typed[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(typed[i + 2]))) {
        decoded += static_cast<char>(std::stoi(typed.substr(i + 1, 2), nullptr, 16));
        i += 2;
      } else {
        decoded += typed[i];
      }
    }
    for (const std::string& secret : {typed, decoded}) {
      if (secret.size() < 4) continue;
      for (auto p = out.find(secret); p != std::string::npos; p = out.find(secret, p + 3)) out.replace(p, secret.size(), "***");
    }
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

namespace {

// `text`'s first `bytes` bytes at most, cut at the start of a UTF-8 character.
std::string head_of(const std::string& text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t n = bytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // a continuation byte
  return text.substr(0, n);
}

}  // namespace

void set_period_detail(PreparedPeriod& period, const PeriodDetail& detail) {
  // Each statement's text is kept to its first k_stored_sql_text_bytes (the timeline shows 80 characters, the fleet
  // page 40) with the key of the whole text's signature (how the timeline matches statements across sql_ids): a
  // report's complete SQL texts run to tens of KB a statement, 50 statements a period.
  PeriodDetail stored = detail;
  for (auto& q : stored.top_sql) {
    if (!q.signature_key) q.signature_key = sql_signature_key(q.text);
    q.text = head_of(q.text, k_stored_sql_text_bytes);
  }
  const std::string json = period_detail_json(stored);
  period.detail_zlib = compress(json);
  period.detail_json_bytes = json.size();
}

PreparedPeriod prepare_history_period(const Snapshot& snapshot, bool keep_snapshot_json) {
  PreparedPeriod out;
  out.period = facts_of(snapshot);
  out.values = period_of(snapshot).values;
  if (out.values.empty())
    throw Error(snapshot.source, "no metric of the registry could be read from it: nothing to keep in the history");
  // The detail is kept for every period (whatever retention drops later): the timeline and the fleet page read it.
  set_period_detail(out, period_detail(snapshot));
  if (keep_snapshot_json) {
    const std::string json = snapshot_json_text(snapshot);
    out.snapshot_zlib = compress(json);
    out.snapshot_json_bytes = json.size();
  }
  return out;
}

// ---- the store ----------------------------------------------------------------------------------

[[noreturn]] void HistoryStore::Impl::fail(const SqlError& raw, std::string_view doing) const {
  const std::string where = redact(location);
  // The driver's message can quote the connection string (a malformed URI): its secrets are left out.
  const SqlError e(raw.kind(), redact_secrets(raw.what(), location));
  switch (e.kind()) {
    case SqlFailure::busy:
      // PostgreSQL: a statement stopped by statement_timeout (a stuck server or query), not a lock.
      if (backend->info.server && std::string_view(e.what()).find("statement timeout") != std::string_view::npos)
        throw Error(where, fmt::format("a statement took longer than the statement timeout while {} ({}; {} s unless "
                                       "set for the role, database or connection): nothing of this change was stored",
                                       doing, e.what(), detail::k_pg_statement_timeout_s));
      // PostgreSQL: the lock timeout in force (the server's, database's, role's or connection's) is in the message.
      if (backend->info.server)
        throw Error(where, fmt::format("the store is busy: another awrdiff (or another client) held a lock on it past the lock "
                                       "timeout while {} ({}); nothing of this change was stored",
                                       doing, e.what()));
      throw Error(where,
                  fmt::format("the store is busy: another awrdiff (or another client) held it for more than {} s while {}; "
                              "nothing of this change was stored",
                              k_busy_timeout_ms / 1000, doing));
    case SqlFailure::full:
      throw Error(where, fmt::format("disk full while {} ({}): nothing of this change was stored, the store is as it was", doing,
                                     e.what()));
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
      throw Error(where, fmt::format("the store is damaged or not a history store ({}); it was left as it is: restore it from a "
                                     "backup (sqlite3 FILE .recover can salvage its rows)",
                                     e.what()));
    case SqlFailure::io:
      throw Error(where, fmt::format("I/O error while {} ({}): nothing of this change was stored", doing, e.what()));
    case SqlFailure::cannot_open:
      if (!backend->info.server || doing == "opening the store")
        throw Error(where, fmt::format("cannot open the history store: {}", e.what()));
      // PostgreSQL, the connection open: the server went away (stopped, killed, restarted) or the link was cut.
      throw Error(where, fmt::format("the connection to the history store was lost while {} ({}){}", doing, e.what(),
                                     write ? ": nothing of this change was stored" : ""));
    case SqlFailure::other:
      break;
  }
  throw Error(where, fmt::format("{}: {}", doing, e.what()));
}

HistoryStore::HistoryStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
HistoryStore::~HistoryStore() = default;

std::unique_ptr<HistoryStore> HistoryStore::reopen() {
  try {
    m_impl->check_integrity("read");  // SQLite's quick_check, once for both (it reads every page)
  } catch (const detail::SqlError& e) { m_impl->fail(e, "checking the store"); }
  auto out = open(m_impl->location, HistoryAccess::read);
  out->m_impl->integrity_checked = m_impl->integrity_checked;
  return out;
}

const std::string& HistoryStore::location() const { return m_impl->shown; }
const char* HistoryStore::backend() const { return m_impl->backend->info.name; }
int HistoryStore::schema_version() const { return m_impl->version; }

std::string HistoryStore::period_key(const Snapshot& s) {
  const HistoryPeriod p = facts_of(s);
  return key_of(p);
}

}  // namespace awrdiff
