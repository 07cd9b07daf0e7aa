// The history store's two databases behind one small interface: SQLite (the embedded default) and
// PostgreSQL (shared across hosts). The store (store.cpp) writes its SQL once, with `?` placeholders and
// types named in braces ({id}, {int}, {real}, {blob}, ...), and each connection speaks its own dialect.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace awrdiff::detail {

/// Bytes stored as a BLOB (SQLite) / BYTEA (PostgreSQL).
struct SqlBlob {
  std::string bytes;
};

/// One parameter of a statement: NULL, an integer, a double, text or bytes.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string, SqlBlob>;

/// Why a statement failed, as far as the store's user needs to know.
enum class SqlFailure {
  other,  ///< anything else (a bug, a constraint): the message says what
  busy,  ///< another process held the store longer than the busy timeout
  full,  ///< the disk (or a file size limit) is full
  read_only,  ///< the store cannot be written (a read-only file, directory, file system or transaction)
  denied,  ///< the role lacks a privilege on a table (PostgreSQL SQLSTATE 42501): SELECT to read, INSERT... to write
  corrupt,  ///< the file is damaged or is no SQLite database
  io,  ///< an I/O error
  cannot_open,  ///< the file or server cannot be opened / reached
};

/// A failed statement: the failure kind and the database's own message (one line).
class SqlError : public std::runtime_error {
public:
  SqlError(SqlFailure kind, const std::string& message) : std::runtime_error(message), m_kind(kind) {}
  SqlFailure kind() const noexcept { return m_kind; }

private:
  SqlFailure m_kind;
};

/// One result row, valid only inside the callback it is given to. Columns are 0-based.
class SqlRow {
public:
  virtual ~SqlRow() = default;
  virtual bool is_null(int column) const = 0;
  /// 0 for NULL. Throws SqlError (corrupt) for a value that is no integer (text written by another program).
  virtual std::int64_t integer(int column) const = 0;
  /// 0 for NULL. Throws SqlError (corrupt) for a value that is no finite number ('NaN' or other text, infinity):
  /// never read as 0.
  virtual double real(int column) const = 0;
  virtual std::string text(int column) const = 0;  ///< "" for NULL
  virtual std::string blob(int column) const = 0;  ///< "" for NULL
  std::optional<std::int64_t> opt_integer(int column) const {
    return is_null(column) ? std::nullopt : std::optional<std::int64_t>(integer(column));
  }
  std::optional<double> opt_real(int column) const {
    return is_null(column) ? std::nullopt : std::optional<double>(real(column));
  }
};

enum class SqlDialect { sqlite, postgresql };

/// A connection to one store. Not thread-safe: one thread uses it at a time.
class SqlConnection {
public:
  virtual ~SqlConnection() = default;
  virtual SqlDialect dialect() const = 0;
  /// Runs statements without parameters or rows (DDL, PRAGMA, BEGIN / COMMIT). Throws SqlError.
  virtual void exec(std::string_view sql) = 0;
  /// Runs one statement with `?` placeholders bound to `params`; calls `each` for every row. Throws SqlError.
  virtual void query(std::string_view sql, std::span<const SqlValue> params,
                     const std::function<void(const SqlRow&)>& each = {}) = 0;
  /// As query(), for a statement whose columns are BIGINT / INTEGER, DOUBLE PRECISION, TEXT and bytes only (the
  /// window's values, snapshot bodies): PostgreSQL sends its rows in binary, the bytes as they are stored rather
  /// than as hex text, a double as its 8 bytes rather than digits (the same value, no formatting nor parsing).
  virtual void query_binary(std::string_view sql, std::span<const SqlValue> params,
                            const std::function<void(const SqlRow&)>& each) {
    query(sql, params, each);
  }
  /// Starts a write transaction that holds the store's write lock from its start (SQLite BEGIN
  /// IMMEDIATE; PostgreSQL BEGIN): two writers never interleave their statements.
  virtual void begin_write() = 0;
  /// The tables of the store's schema (SQLite: the file; PostgreSQL: the current schema).
  virtual std::vector<std::string> tables() = 0;
  /// True when the store can only be read (a read-only file, directory, or session).
  virtual bool read_only() = 0;
  /// The store's size in bytes, when it can be told.
  virtual std::optional<std::int64_t> size_bytes() = 0;
  /// Sets the connection up for writing once the store is known to be a history store (or empty):
  /// SQLite's WAL journal and synchronous=NORMAL (never on a file of another program); nothing for
  /// PostgreSQL. Not inside a transaction.
  virtual void prepare_for_writes() = 0;
  /// Takes a lock that serialises writers of one database (`key`: its DB Id) until the transaction
  /// ends. SQLite needs none (BEGIN IMMEDIATE already serialises); PostgreSQL takes an advisory lock.
  virtual void lock_for_write(std::int64_t key) = 0;
};

/// Opens an SQLite store file, for writing (`write`) or reading, with a busy timeout of `busy_timeout_ms`.
/// `create` (with `write`): creates it (and its directory) when missing; otherwise a missing file is an error,
/// and nothing is created. Throws SqlError.
std::unique_ptr<SqlConnection> open_sqlite(const std::string& path, bool write, bool create, int busy_timeout_ms);

/// Connects to a PostgreSQL database (a postgresql:// URI or a libpq connection string). Throws SqlError.
/// Nothing waits forever: a connect timeout of k_pg_connect_timeout_s unless the URI (connect_timeout=) or
/// PGCONNECT_TIMEOUT sets one; lock_timeout of k_pg_lock_timeout_s (as SQLite's busy timeout) and statement_timeout
/// of k_pg_statement_timeout_s (longer, so that a lock wait is named as such), unless the
/// server, database, role or connection (options=-c...) sets them. The client waits for each answer at most the
/// session's statement timeout and k_pg_reply_grace_s more (the connect timeout while setting up the session), so
/// that a server or network that stops answering mid-session ends the run too: SqlError (other) naming it.
std::unique_ptr<SqlConnection> open_postgresql(const std::string& uri, bool write);
inline constexpr int k_pg_connect_timeout_s = 10;
inline constexpr int k_pg_lock_timeout_s = 30;
inline constexpr int k_pg_statement_timeout_s = 60;
inline constexpr int k_pg_reply_grace_s = 10;

/// RAII: a write transaction rolled back unless committed.
class SqlTransaction {
public:
  explicit SqlTransaction(SqlConnection& c) : m_c(c) { m_c.begin_write(); }
  SqlTransaction(const SqlTransaction&) = delete;
  SqlTransaction& operator=(const SqlTransaction&) = delete;
  ~SqlTransaction() {
    if (!m_done) try {
        m_c.exec("ROLLBACK");
      } catch (...) {  // the connection is gone or the transaction was already rolled back
      }
  }
  void commit() {
    m_c.exec("COMMIT");
    m_done = true;
  }

private:
  SqlConnection& m_c;
  bool m_done = false;
};

}  // namespace awrdiff::detail
