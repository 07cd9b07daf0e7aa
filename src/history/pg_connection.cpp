// The history store in PostgreSQL (shared across hosts), through libpq: the same statements as the
// SQLite store, `?` placeholders rewritten to $1, $2, ...; values sent and read as text (doubles in
// shortest round-trip form, so a value reads back exactly as SQLite gives it), bytes as binary; the stored snapshot
// bodies and the window's values read back with their whole result in binary (query_binary: no hex text or
// decimal digits to make and decode; a double comes back as its 8 bytes, the same value).
//
// libpq is loaded when a PostgreSQL store is first opened (dlopen), not linked: linked, the dynamic
// loader maps and relocates it and its dependencies (Kerberos, LDAP, SASL, OpenSSL, GnuTLS: some 20
// libraries) at every start of awrdiff, about 14 million instructions, a quarter of the run of a
// 200 KB text report, for a store that most commands never open. Only the header (libpq-dev) is
// needed to build; the functions come from libpq's stable ABI (soname libpq.so.5).
#include "history/sql.hpp"
#include "support/lazy_library.hpp"

#include <libpq-fe.h>

#include <fmt/format.h>

#include <poll.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <optional>
#include <type_traits>

#ifndef AWRDIFF_LIBPQ_SONAME
#define AWRDIFF_LIBPQ_SONAME "libpq.so.5"
#endif

namespace awrdiff::detail {
namespace {

std::string first_line(const char* message) {
  std::string m = message != nullptr ? message : "";
  if (auto nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
  while (!m.empty() && (m.back() == ' ' || m.back() == '\r')) m.pop_back();
  return m;
}

// The libpq functions the store calls, resolved once from the library loaded at first use.
struct LibPq {
  decltype(&PQconnectdbParams) connectdb_params = nullptr;
  decltype(&PQstatus) status = nullptr;
  decltype(&PQerrorMessage) error_message = nullptr;
  decltype(&PQfinish) finish = nullptr;
  decltype(&PQconninfo) conninfo = nullptr;
  decltype(&PQconninfoFree) conninfo_free = nullptr;
  decltype(&PQsetNoticeProcessor) set_notice_processor = nullptr;
  decltype(&PQsendQuery) send_query = nullptr;
  decltype(&PQsendQueryParams) send_query_params = nullptr;
  decltype(&PQsetnonblocking) set_nonblocking = nullptr;
  decltype(&PQflush) flush = nullptr;
  decltype(&PQsocket) socket = nullptr;
  decltype(&PQconsumeInput) consume_input = nullptr;
  decltype(&PQisBusy) is_busy = nullptr;
  decltype(&PQgetResult) get_result = nullptr;
  decltype(&PQresultStatus) result_status = nullptr;
  decltype(&PQresultErrorField) result_error_field = nullptr;
  decltype(&PQresultErrorMessage) result_error_message = nullptr;
  decltype(&PQntuples) ntuples = nullptr;
  decltype(&PQgetisnull) getisnull = nullptr;
  decltype(&PQgetvalue) getvalue = nullptr;
  decltype(&PQgetlength) getlength = nullptr;
  decltype(&PQftype) ftype = nullptr;
  decltype(&PQunescapeBytea) unescape_bytea = nullptr;
  decltype(&PQfreemem) freemem = nullptr;
  decltype(&PQclear) clear = nullptr;
  std::string error;  // why it could not be loaded; empty when loaded
};

// libpq, loaded on the first call (thread-safe); never unloaded. Throws SqlError (cannot_open) with
// one line saying what is missing when the library or one of its functions cannot be found.
const LibPq& libpq() {
  static const LibPq k_lib = [] {
    LibPq lib;
    LazyLibrary so(AWRDIFF_LIBPQ_SONAME);
    auto load = [&](auto& fn, const char* name) { so.load(fn, name); };
    load(lib.connectdb_params, "PQconnectdbParams");
    load(lib.status, "PQstatus");
    load(lib.error_message, "PQerrorMessage");
    load(lib.finish, "PQfinish");
    load(lib.conninfo, "PQconninfo");
    load(lib.conninfo_free, "PQconninfoFree");
    load(lib.set_notice_processor, "PQsetNoticeProcessor");
    load(lib.send_query, "PQsendQuery");
    load(lib.send_query_params, "PQsendQueryParams");
    load(lib.set_nonblocking, "PQsetnonblocking");
    load(lib.flush, "PQflush");
    load(lib.socket, "PQsocket");
    load(lib.consume_input, "PQconsumeInput");
    load(lib.is_busy, "PQisBusy");
    load(lib.get_result, "PQgetResult");
    load(lib.result_status, "PQresultStatus");
    load(lib.result_error_field, "PQresultErrorField");
    load(lib.result_error_message, "PQresultErrorMessage");
    load(lib.ntuples, "PQntuples");
    load(lib.getisnull, "PQgetisnull");
    load(lib.getvalue, "PQgetvalue");
    load(lib.getlength, "PQgetlength");
    load(lib.ftype, "PQftype");
    load(lib.unescape_bytea, "PQunescapeBytea");
    load(lib.freemem, "PQfreemem");
    load(lib.clear, "PQclear");
    lib.error = so.error();
    return lib;
  }();
  if (!k_lib.error.empty())
    throw SqlError(SqlFailure::cannot_open,
                   "the PostgreSQL client library could not be loaded (" + k_lib.error +
                       "); install libpq (Debian/Ubuntu: libpq5, RHEL: libpq) to use a postgresql:// store");
  return k_lib;
}

SqlFailure failure_of_state(std::string_view state) {
  if (state == "53100" || state == "53200" || state == "53300")
    return SqlFailure::full;  // disk full, out of memory, too many connections
  if (state.starts_with("53")) return SqlFailure::full;
  if (state == "25006") return SqlFailure::read_only;  // read-only transaction
  if (state == "42501") return SqlFailure::denied;  // insufficient privilege
  if (state == "40001" || state == "40P01" || state == "55P03" || state == "57014") return SqlFailure::busy;
  if (state.starts_with("08") || state == "57P01" || state == "57P03") return SqlFailure::cannot_open;
  if (state == "XX001" || state == "XX002") return SqlFailure::corrupt;
  if (state == "58030") return SqlFailure::io;
  return SqlFailure::other;
}

// "?" -> "$n" outside quoted text.
std::string numbered(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int n = 0;
  char quote = 0;
  for (char c : sql) {
    if (quote != 0) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else if (c == '?') {
      out += fmt::format("${}", ++n);
    } else {
      out += c;
    }
  }
  return out;
}

// A column sent in binary (query_binary): its type's OID (PostgreSQL's pg_type.h) and its bytes, big-endian numbers.
constexpr Oid k_bytea_oid = 17, k_int8_oid = 20, k_int2_oid = 21, k_int4_oid = 23, k_text_oid = 25, k_float8_oid = 701,
              k_varchar_oid = 1043;

std::int64_t big_endian(const char* p, int n) {
  std::uint64_t v = 0;
  for (int i = 0; i < n; ++i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  if (n < 8 && (v >> (8 * n - 1)) != 0) v |= ~std::uint64_t{0} << (8 * n);  // sign-extended
  return static_cast<std::int64_t>(v);
}

class PgRow final : public SqlRow {
public:
  PgRow(const LibPq& pq, const PGresult* r, int row, bool binary) : m_pq(pq), m_r(r), m_row(row), m_binary(binary) {}
  bool is_null(int c) const override { return m_pq.getisnull(m_r, m_row, c) != 0; }
  std::int64_t integer(int c) const override {
    if (is_null(c)) return 0;
    const char* p = m_pq.getvalue(m_r, m_row, c);
    if (m_binary) {
      const Oid type = m_pq.ftype(m_r, c);
      const int n = m_pq.getlength(m_r, m_row, c);
      if ((type == k_int8_oid && n == 8) || (type == k_int4_oid && n == 4) || (type == k_int2_oid && n == 2))
        return big_endian(p, n);
      throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not an integer (type {})", type));
    }
    const char* end = p + std::strlen(p);
    std::int64_t v = 0;
    const auto [at, ec] = std::from_chars(p, end, v);
    if (ec != std::errc() || at != end)
      throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not an integer ('{}')", p));
    return v;
  }
  double real(int c) const override {
    if (is_null(c)) return 0;
    const char* p = m_pq.getvalue(m_r, m_row, c);
    if (m_binary) {
      if (m_pq.ftype(m_r, c) != k_float8_oid || m_pq.getlength(m_r, m_row, c) != 8)
        throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not a number (type {})", m_pq.ftype(m_r, c)));
      const auto v = std::bit_cast<double>(static_cast<std::uint64_t>(big_endian(p, 8)));
      if (!std::isfinite(v))  // named as PostgreSQL writes it in text
        throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not a finite number ('{}')", std::isnan(v) ? "NaN"
                                                                                                        : v > 0       ? "Infinity"
                                                                                                                : "-Infinity"));
      return v;
    }
    const char* end = p + std::strlen(p);
    double v = 0;
    const auto [at, ec] = std::from_chars(p, end, v);
    // 'NaN' and 'Infinity' are DOUBLE PRECISION values PostgreSQL takes: no figure of a report, never read as 0.
    if (ec != std::errc() || at != end || !std::isfinite(v))
      throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not a finite number ('{}')", p));
    return v;
  }
  std::string text(int c) const override {
    if (is_null(c)) return {};
    if (m_binary && m_pq.ftype(m_r, c) != k_text_oid && m_pq.ftype(m_r, c) != k_varchar_oid)
      throw SqlError(SqlFailure::other, "a column of a binary result read as text is no text");
    // Text in binary is its bytes, as in text form.
    return std::string(m_pq.getvalue(m_r, m_row, c), static_cast<std::size_t>(m_pq.getlength(m_r, m_row, c)));
  }
  std::string blob(int c) const override {
    if (is_null(c)) return {};
    if (m_binary) {
      if (m_pq.ftype(m_r, c) != k_bytea_oid)
        throw SqlError(SqlFailure::other, "a column of a binary result read as bytes is no bytea");
      return std::string(m_pq.getvalue(m_r, m_row, c), static_cast<std::size_t>(m_pq.getlength(m_r, m_row, c)));
    }
    std::size_t n = 0;
    unsigned char* p = m_pq.unescape_bytea(reinterpret_cast<const unsigned char*>(m_pq.getvalue(m_r, m_row, c)), &n);
    if (p == nullptr) return {};
    std::string out(reinterpret_cast<const char*>(p), n);
    m_pq.freemem(p);
    return out;
  }

private:
  const LibPq& m_pq;
  const PGresult* m_r;
  int m_row;
  bool m_binary;  // the result's columns are in binary (query_binary)
};

struct ResultGuard {
  const LibPq& pq;
  PGresult* r;
  ~ResultGuard() { pq.clear(r); }
};

void ignore_notice(void*, const char*) {}

// A connect timeout libpq reads as "wait forever": 0 or less, or no whole number (libpq then takes 0 too).
bool waits_forever(std::string_view value) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\'')) value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\'')) value.remove_suffix(1);
  int v = 0;
  const auto [at, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  return ec != std::errc() || at != value.data() + value.size() || v <= 0;
}

// The connect_timeout a connection string gives (a URI's query or a keyword/value string), as written; empty when none.
std::optional<std::string_view> connect_timeout_given(std::string_view conn) {
  constexpr std::string_view key = "connect_timeout";
  for (auto at = conn.find(key); at != std::string_view::npos; at = conn.find(key, at + 1)) {
    if (at > 0 && conn[at - 1] != '?' && conn[at - 1] != '&' && conn[at - 1] != ' ' && conn[at - 1] != '\t') continue;
    auto i = at + key.size();
    while (i < conn.size() && conn[i] == ' ') ++i;
    if (i >= conn.size() || conn[i] != '=') continue;
    ++i;
    while (i < conn.size() && conn[i] == ' ') ++i;
    auto end = conn.find_first_of("& \t#", i);
    if (end == std::string_view::npos) end = conn.size();
    return conn.substr(i, end - i);
  }
  return std::nullopt;
}

class PgConnection final : public SqlConnection {
public:
  PgConnection(const std::string& uri, bool write) {
    // A connect timeout unless one is given: a server that accepts and never answers would hold the cron job
    // forever. Keywords are taken in order, so the URI's own connect_timeout (expanded from dbname) wins.
    // A timeout of 0 or less (libpq: wait forever), or none it can read, is no timeout: the default applies whatever
    // libpq is told (the URI's, placed after it, or PGCONNECT_TIMEOUT's, placed before).
    const char* env_timeout = std::getenv("PGCONNECT_TIMEOUT");
    const bool default_timeout = env_timeout == nullptr || *env_timeout == '\0' || waits_forever(env_timeout);
    const auto uri_timeout = connect_timeout_given(uri);
    const std::string timeout = std::to_string(k_pg_connect_timeout_s);
    const char* keys[] = {"connect_timeout", "dbname", "connect_timeout", nullptr};
    const char* values[] = {timeout.c_str(), uri.c_str(), timeout.c_str(), nullptr};
    if (!uri_timeout || !waits_forever(*uri_timeout)) keys[2] = values[2] = nullptr;
    const int skip = default_timeout ? 0 : 1;
    m_conn = m_pq.connectdb_params(keys + skip, values + skip, 1);
    if (m_conn == nullptr) throw SqlError(SqlFailure::cannot_open, "cannot allocate a PostgreSQL connection");
    if (m_pq.status(m_conn) != CONNECTION_OK) {
      std::string m = first_line(m_pq.error_message(m_conn));
      m_pq.finish(m_conn);
      m_conn = nullptr;
      if (m.find("timeout expired") != std::string::npos)
        m = fmt::format(
            "no answer from the server within the connect timeout ({}: connect_timeout= in the URI, or "
            "PGCONNECT_TIMEOUT)",
            default_timeout && (!uri_timeout || waits_forever(*uri_timeout)) ? fmt::format("{} s", k_pg_connect_timeout_s)
                                                                             : std::string("as set"));
      throw SqlError(SqlFailure::cannot_open, m.empty() ? "cannot connect" : m);
    }
    m_pq.set_notice_processor(m_conn, ignore_notice, nullptr);
    try {
      // Statements are sent without blocking and their answers awaited with a deadline (run()). Until the
      // session's timeouts are known, the deadline is the connect timeout: setting up is part of connecting.
      if (m_pq.set_nonblocking(m_conn, 1) != 0) throw SqlError(SqlFailure::cannot_open, first_line(m_pq.error_message(m_conn)));
      m_reply_timeout_s = connect_timeout_s();
      m_reply_why = "the connect timeout";
      // One round trip sets the session up and reads its timeouts back:
      // - shortest round-trip text for doubles (the default from PostgreSQL 12 on; set for older servers);
      // - a held lock ends the wait after 30 s, as SQLite's busy timeout does, and a statement that never ends (a
      //   stuck server) after 60 s, unless the server, database, role or connection sets its own timeouts;
      // - a reading session cannot write;
      // - the timeouts in force, the last statement's rows: the server ends a statement at its statement timeout;
      //   the client waits that long and k_pg_reply_grace_s more, so that a server or network that stopped
      //   answering (a stopped process, a cut link: the server's own timeout is never heard of) ends the run too.
      //   With no statement timeout, the longer of the lock timeout and k_pg_statement_timeout_s.
      const std::string setup = fmt::format(
          "SET extra_float_digits = 3; "
          "SELECT set_config(name, CASE name WHEN 'lock_timeout' THEN '{}s' ELSE '{}s' END, false) FROM pg_settings "
          "WHERE name IN ('lock_timeout', 'statement_timeout') AND source = 'default'; {}"
          "SELECT name, setting FROM pg_settings WHERE name IN ('lock_timeout', 'statement_timeout')",
          k_pg_lock_timeout_s, k_pg_statement_timeout_s, write ? "" : "SET default_transaction_read_only = on; ");
      std::int64_t statement_ms = 0, lock_ms = 0;
      {
        ResultGuard g{m_pq, run(m_pq.send_query(m_conn, setup.c_str()))};
        check(g.r);
        for (int i = 0; i < m_pq.ntuples(g.r); ++i) {
          const PgRow r(m_pq, g.r, i, false);
          (r.text(0) == "lock_timeout" ? lock_ms : statement_ms) = r.integer(1);
        }
      }
      m_lock_timeout_ms = lock_ms;
      const std::int64_t bound_ms =
          statement_ms > 0 ? statement_ms : std::max<std::int64_t>(lock_ms, k_pg_statement_timeout_s * 1000);
      m_reply_timeout_s = static_cast<int>(std::min<std::int64_t>((bound_ms + 999) / 1000, 86400)) + k_pg_reply_grace_s;
      m_reply_why = statement_ms > 0
                        ? fmt::format("its statement timeout and {} s more", k_pg_reply_grace_s)
                        : fmt::format("no statement timeout is set: {} s and {} s more", bound_ms / 1000, k_pg_reply_grace_s);
    } catch (...) {
      m_pq.finish(m_conn);
      m_conn = nullptr;
      throw;
    }
  }
  ~PgConnection() override {
    if (m_conn != nullptr) m_pq.finish(m_conn);
  }

  SqlDialect dialect() const override { return SqlDialect::postgresql; }

  void exec(std::string_view sql) override {
    ResultGuard g{m_pq, run(m_pq.send_query(m_conn, std::string(sql).c_str()))};
    check(g.r);
  }

  void query(std::string_view sql, std::span<const SqlValue> params,
             const std::function<void(const SqlRow&)>& each = {}) override {
    run_query(sql, params, each, false);
  }

  void query_binary(std::string_view sql, std::span<const SqlValue> params,
                    const std::function<void(const SqlRow&)>& each) override {
    run_query(sql, params, each, true);
  }

  void begin_write() override { exec("BEGIN"); }

  std::vector<std::string> tables() override {
    std::vector<std::string> out;
    // From the catalog, not information_schema (which lists only the tables the role has a privilege on): a
    // role without SELECT sees the store's tables, then is told it may not read them, not that the store is empty.
    query(
        "SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname",
        {}, [&](const SqlRow& r) { out.push_back(r.text(0)); });
    return out;
  }

  bool read_only() override {
    bool ro = false;
    query("SELECT current_setting('transaction_read_only')", {}, [&](const SqlRow& r) { ro = r.text(0) == "on"; });
    return ro;
  }

  std::optional<std::int64_t> size_bytes() override {
    std::optional<std::int64_t> out;
    query(
        "SELECT sum(pg_total_relation_size(quote_ident(table_name)))::bigint FROM information_schema.tables "
        "WHERE table_schema = current_schema()",
        {}, [&](const SqlRow& r) { out = r.opt_integer(0); });
    return out;
  }

  void prepare_for_writes() override {}

  void lock_for_write(std::int64_t key) override {
    const SqlValue p[] = {key};
    query("SELECT pg_advisory_xact_lock(?::bigint)", p);
  }

private:
  // One statement with its parameters sent as text (bytes as binary); its rows in text, or all in binary (`binary`).
  void run_query(std::string_view sql, std::span<const SqlValue> params, const std::function<void(const SqlRow&)>& each,
                 bool binary) {
    const std::string text = numbered(sql);
    const auto n = params.size();
    std::vector<std::string> storage(n);
    std::vector<const char*> values(n, nullptr);
    std::vector<int> lengths(n, 0), formats(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const auto& p = params[i];
      if (std::holds_alternative<std::monostate>(p)) continue;
      if (const auto* v = std::get_if<std::int64_t>(&p)) storage[i] = fmt::format("{}", *v);
      else if (const auto* d = std::get_if<double>(&p)) storage[i] = fmt::format("{}", *d);
      else if (const auto* t = std::get_if<std::string>(&p)) storage[i] = *t;
      else if (const auto* b = std::get_if<SqlBlob>(&p)) {
        values[i] = b->bytes.data();
        lengths[i] = static_cast<int>(b->bytes.size());
        formats[i] = 1;
        continue;
      }
      values[i] = storage[i].c_str();
      lengths[i] = static_cast<int>(storage[i].size());
    }
    ResultGuard g{m_pq, run(m_pq.send_query_params(m_conn, text.c_str(), static_cast<int>(n), nullptr, values.data(),
                                                   lengths.data(), formats.data(), binary ? 1 : 0))};
    check(g.r);
    if (!each) return;
    const int rows = m_pq.ntuples(g.r);
    for (int i = 0; i < rows; ++i) each(PgRow(m_pq, g.r, i, binary));
  }

  // The connect timeout in force (the URI's connect_timeout, PGCONNECT_TIMEOUT or the default), in seconds.
  int connect_timeout_s() const {
    int out = k_pg_connect_timeout_s;
    if (PQconninfoOption* options = m_pq.conninfo(m_conn)) {
      for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o)
        if (std::strcmp(o->keyword, "connect_timeout") == 0 && o->val != nullptr) {
          int v = 0;
          const char* end = o->val + std::strlen(o->val);
          if (const auto [at, ec] = std::from_chars(o->val, end, v); ec == std::errc() && at == end && v > 0)
            out = std::max(v, 2);  // libpq's own minimum
        }
      m_pq.conninfo_free(options);
    }
    return out;
  }

  // The answer to the statement just sent (`sent`: what PQsendQuery... returned): its first error, else its
  // last result; nullptr when the connection failed (check() reads why). libpq's own PQexec would wait for it
  // forever; here each wait is a poll() on the socket with a deadline of m_reply_timeout_s. Past it, the
  // connection is given up: this and every later statement throw SqlError naming the silence.
  PGresult* run(int sent) {
    if (!m_silent.empty()) throw SqlError(SqlFailure::other, m_silent);
    if (sent == 0) return nullptr;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(m_reply_timeout_s);
    PGresult* kept = nullptr;
    auto failed = [&] {
      if (kept != nullptr) m_pq.clear(kept);
      return nullptr;
    };
    for (;;) {
      const int flushed = m_pq.flush(m_conn);  // 0: all sent, 1: more to send, -1: failed
      if (flushed < 0) return failed();
      if (flushed == 0 && m_pq.is_busy(m_conn) == 0) {
        PGresult* r = m_pq.get_result(m_conn);  // does not block: not busy
        if (r == nullptr) return kept;
        if (kept != nullptr && failed_result(kept)) {
          m_pq.clear(r);
        } else {
          if (kept != nullptr) m_pq.clear(kept);
          kept = r;
        }
        continue;
      }
      if (!wait_socket(flushed == 1, deadline)) {
        if (kept != nullptr) m_pq.clear(kept);
        m_silent = fmt::format(
            "no answer from the PostgreSQL server for {} s ({}): the server or the network stopped "
            "answering",
            m_reply_timeout_s, m_reply_why);
        throw SqlError(SqlFailure::other, m_silent);
      }
      if (m_pq.consume_input(m_conn) == 0) return failed();
    }
  }

  // Waits until the socket can be read (or written, `writing`); false at the deadline.
  bool wait_socket(bool writing, std::chrono::steady_clock::time_point deadline) const {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p{m_pq.socket(m_conn), static_cast<short>(POLLIN | (writing ? POLLOUT : 0)), 0};
      const int n = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 60000)));
      if (n > 0) return true;
      if (n < 0 && errno != EINTR)
        throw SqlError(SqlFailure::cannot_open, fmt::format("waiting for the server: {}", std::strerror(errno)));
    }
  }

  bool failed_result(const PGresult* r) const {
    const auto st = m_pq.result_status(r);
    return st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK && st != PGRES_EMPTY_QUERY;
  }

  void check(PGresult* r) {
    if (r != nullptr && !failed_result(r)) return;
    const char* state = r != nullptr ? m_pq.result_error_field(r, PG_DIAG_SQLSTATE) : nullptr;
    std::string m = first_line(r != nullptr ? m_pq.result_error_message(r) : m_pq.error_message(m_conn));
    if (m.empty()) m = first_line(m_pq.error_message(m_conn));
    if (m.starts_with("ERROR:  ")) m = m.substr(8);
    // A lock timeout: the one in force (from the server, database, role or connection) said.
    if (state != nullptr && std::string_view(state) == "55P03" && m_lock_timeout_ms > 0 &&
        m.find("lock timeout") != std::string::npos)
      m += fmt::format(" (lock_timeout {:g} s)", static_cast<double>(m_lock_timeout_ms) / 1000);
    const SqlFailure kind = state != nullptr                       ? failure_of_state(state)
                            : m_pq.status(m_conn) != CONNECTION_OK ? SqlFailure::cannot_open
                                                                   : SqlFailure::other;
    throw SqlError(kind, m);
  }

  const LibPq& m_pq = libpq();  // throws SqlError when libpq cannot be loaded
  PGconn* m_conn = nullptr;
  int m_reply_timeout_s = k_pg_connect_timeout_s;  // how long run() waits for an answer
  std::int64_t m_lock_timeout_ms = 0;  // the session's lock_timeout (0: none)
  std::string m_reply_why;  // where that bound comes from, for the message
  std::string m_silent;  // set when the server stopped answering: the message every later statement throws
};

}  // namespace

std::unique_ptr<SqlConnection> open_postgresql(const std::string& uri, bool write) {
  return std::make_unique<PgConnection>(uri, write);
}

}  // namespace awrdiff::detail
