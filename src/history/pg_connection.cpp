// The history store in PostgreSQL (shared across hosts), through libpq: the same statements as the
// SQLite store, `?` placeholders rewritten to $1, $2, ...; values sent and read as text (doubles in
// shortest round-trip form, so a value reads back exactly as SQLite gives it), bytes as binary.
#include "history/sql.hpp"

#include <libpq-fe.h>

#include <fmt/format.h>

#include <charconv>
#include <cstring>

namespace awrdiff::detail {
namespace {

std::string first_line(const char* message) {
  std::string m = message != nullptr ? message : "";
  if (auto nl = m.find('\n'); nl != std::string::npos) m.resize(nl);
  while (!m.empty() && (m.back() == ' ' || m.back() == '\r')) m.pop_back();
  return m;
}

SqlFailure failure_of_state(std::string_view state) {
  if (state == "53100" || state == "53200" || state == "53300") return SqlFailure::full;  // disk full, out of memory, too many connections
  if (state.starts_with("53")) return SqlFailure::full;
  if (state == "25006" || state == "42501") return SqlFailure::read_only;  // read-only transaction, insufficient privilege
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

class PgRow final : public SqlRow {
public:
  PgRow(const PGresult* r, int row) : m_r(r), m_row(row) {}
  bool is_null(int c) const override { return PQgetisnull(m_r, m_row, c) != 0; }
  std::int64_t integer(int c) const override {
    if (is_null(c)) return 0;
    const char* p = PQgetvalue(m_r, m_row, c);
    std::int64_t v = 0;
    std::from_chars(p, p + std::strlen(p), v);
    return v;
  }
  double real(int c) const override {
    if (is_null(c)) return 0;
    const char* p = PQgetvalue(m_r, m_row, c);
    double v = 0;
    std::from_chars(p, p + std::strlen(p), v);
    return v;
  }
  std::string text(int c) const override {
    return is_null(c) ? std::string() : std::string(PQgetvalue(m_r, m_row, c), static_cast<std::size_t>(PQgetlength(m_r, m_row, c)));
  }
  std::string blob(int c) const override {
    if (is_null(c)) return {};
    std::size_t n = 0;
    unsigned char* p = PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(m_r, m_row, c)), &n);
    if (p == nullptr) return {};
    std::string out(reinterpret_cast<const char*>(p), n);
    PQfreemem(p);
    return out;
  }

private:
  const PGresult* m_r;
  int m_row;
};

struct ResultGuard {
  PGresult* r;
  ~ResultGuard() { PQclear(r); }
};

void ignore_notice(void*, const char*) {}

class PgConnection final : public SqlConnection {
public:
  PgConnection(const std::string& uri, bool write) {
    m_conn = PQconnectdb(uri.c_str());
    if (m_conn == nullptr) throw SqlError(SqlFailure::cannot_open, "cannot allocate a PostgreSQL connection");
    if (PQstatus(m_conn) != CONNECTION_OK) {
      const std::string m = first_line(PQerrorMessage(m_conn));
      PQfinish(m_conn);
      m_conn = nullptr;
      throw SqlError(SqlFailure::cannot_open, m.empty() ? "cannot connect" : m);
    }
    PQsetNoticeProcessor(m_conn, ignore_notice, nullptr);
    try {
      // Shortest round-trip text for doubles (the default from PostgreSQL 12 on; set for older servers).
      exec("SET extra_float_digits = 3");
      if (!write) exec("SET default_transaction_read_only = on");
    } catch (...) {
      PQfinish(m_conn);
      m_conn = nullptr;
      throw;
    }
  }
  ~PgConnection() override {
    if (m_conn != nullptr) PQfinish(m_conn);
  }

  SqlDialect dialect() const override { return SqlDialect::postgresql; }

  void exec(std::string_view sql) override {
    ResultGuard g{PQexec(m_conn, std::string(sql).c_str())};
    check(g.r);
  }

  void query(std::string_view sql, std::span<const SqlValue> params, const std::function<void(const SqlRow&)>& each = {}) override {
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
    ResultGuard g{PQexecParams(m_conn, text.c_str(), static_cast<int>(n), nullptr, values.data(), lengths.data(), formats.data(), 0)};
    check(g.r);
    if (!each) return;
    const int rows = PQntuples(g.r);
    for (int i = 0; i < rows; ++i) each(PgRow(g.r, i));
  }

  void begin_write() override { exec("BEGIN"); }

  std::vector<std::string> tables() override {
    std::vector<std::string> out;
    query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name", {},
          [&](const SqlRow& r) { out.push_back(r.text(0)); });
    return out;
  }

  bool read_only() override {
    bool ro = false;
    query("SELECT current_setting('transaction_read_only')", {}, [&](const SqlRow& r) { ro = r.text(0) == "on"; });
    return ro;
  }

  std::optional<std::int64_t> size_bytes() override {
    std::optional<std::int64_t> out;
    query("SELECT sum(pg_total_relation_size(quote_ident(table_name)))::bigint FROM information_schema.tables "
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
  void check(PGresult* r) {
    const auto st = r != nullptr ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK || st == PGRES_EMPTY_QUERY) return;
    const char* state = r != nullptr ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    std::string m = first_line(r != nullptr ? PQresultErrorMessage(r) : PQerrorMessage(m_conn));
    if (m.empty()) m = first_line(PQerrorMessage(m_conn));
    if (m.starts_with("ERROR:  ")) m = m.substr(8);
    const SqlFailure kind = state != nullptr ? failure_of_state(state)
                            : PQstatus(m_conn) != CONNECTION_OK ? SqlFailure::cannot_open
                                                                : SqlFailure::other;
    throw SqlError(kind, m);
  }

  PGconn* m_conn = nullptr;
};

}  // namespace

std::unique_ptr<SqlConnection> open_postgresql(const std::string& uri, bool write) {
  return std::make_unique<PgConnection>(uri, write);
}

}  // namespace awrdiff::detail
