// The history store in one SQLite file (the embedded default): WAL mode, a busy timeout, statements
// prepared once per connection. A file that is not an SQLite database is never opened for writing.
//
// libsqlite3 is loaded when an SQLite store is first opened (dlopen), not linked, as libpq is for a
// PostgreSQL store: linked, the dynamic loader maps and relocates it at every start of awrdiff (about
// 1 million instructions, a third of `awrdiff --version`), for a store that most commands never open.
// Only the header (libsqlite3-dev) is needed to build; the functions come from SQLite's stable C ABI
// (soname libsqlite3.so.0).
#include "history/sql.hpp"
#include "support/lazy_library.hpp"

#include <sqlite3.h>

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <chrono>
#include <map>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#ifndef AWRDIFF_SQLITE3_SONAME
#define AWRDIFF_SQLITE3_SONAME "libsqlite3.so.0"
#endif

namespace awrdiff::detail {
namespace {

namespace fs = std::filesystem;

// The SQLite functions the store calls, resolved once from the library loaded at first use.
struct LibSqlite {
  decltype(&sqlite3_open_v2) open_v2 = nullptr;
  decltype(&sqlite3_close_v2) close_v2 = nullptr;
  decltype(&sqlite3_extended_result_codes) extended_result_codes = nullptr;
  decltype(&sqlite3_busy_timeout) busy_timeout = nullptr;
  decltype(&sqlite3_db_readonly) db_readonly = nullptr;
  decltype(&sqlite3_exec) exec = nullptr;
  decltype(&sqlite3_free) free = nullptr;
  decltype(&sqlite3_errmsg) errmsg = nullptr;
  decltype(&sqlite3_errstr) errstr = nullptr;
  decltype(&sqlite3_system_errno) system_errno = nullptr;
  decltype(&sqlite3_prepare_v3) prepare_v3 = nullptr;
  decltype(&sqlite3_finalize) finalize = nullptr;
  decltype(&sqlite3_reset) reset = nullptr;
  decltype(&sqlite3_clear_bindings) clear_bindings = nullptr;
  decltype(&sqlite3_bind_null) bind_null = nullptr;
  decltype(&sqlite3_bind_int64) bind_int64 = nullptr;
  decltype(&sqlite3_bind_double) bind_double = nullptr;
  decltype(&sqlite3_bind_text64) bind_text64 = nullptr;
  decltype(&sqlite3_bind_blob64) bind_blob64 = nullptr;
  decltype(&sqlite3_step) step = nullptr;
  decltype(&sqlite3_column_type) column_type = nullptr;
  decltype(&sqlite3_column_int64) column_int64 = nullptr;
  decltype(&sqlite3_column_double) column_double = nullptr;
  decltype(&sqlite3_column_text) column_text = nullptr;
  decltype(&sqlite3_column_blob) column_blob = nullptr;
  decltype(&sqlite3_column_bytes) column_bytes = nullptr;
  std::string error;  // why it could not be loaded; empty when loaded
};

// libsqlite3, loaded on the first call (thread-safe); never unloaded. Throws SqlError (cannot_open)
// with one line saying what is missing when the library or one of its functions cannot be found.
const LibSqlite& libsqlite() {
  static const LibSqlite k_lib = [] {
    LibSqlite lib;
    LazyLibrary so(AWRDIFF_SQLITE3_SONAME);
    auto load = [&](auto& fn, const char* name) { so.load(fn, name); };
    load(lib.open_v2, "sqlite3_open_v2");
    load(lib.close_v2, "sqlite3_close_v2");
    load(lib.extended_result_codes, "sqlite3_extended_result_codes");
    load(lib.busy_timeout, "sqlite3_busy_timeout");
    load(lib.db_readonly, "sqlite3_db_readonly");
    load(lib.exec, "sqlite3_exec");
    load(lib.free, "sqlite3_free");
    load(lib.errmsg, "sqlite3_errmsg");
    load(lib.errstr, "sqlite3_errstr");
    load(lib.system_errno, "sqlite3_system_errno");
    load(lib.prepare_v3, "sqlite3_prepare_v3");
    load(lib.finalize, "sqlite3_finalize");
    load(lib.reset, "sqlite3_reset");
    load(lib.clear_bindings, "sqlite3_clear_bindings");
    load(lib.bind_null, "sqlite3_bind_null");
    load(lib.bind_int64, "sqlite3_bind_int64");
    load(lib.bind_double, "sqlite3_bind_double");
    load(lib.bind_text64, "sqlite3_bind_text64");
    load(lib.bind_blob64, "sqlite3_bind_blob64");
    load(lib.step, "sqlite3_step");
    load(lib.column_type, "sqlite3_column_type");
    load(lib.column_int64, "sqlite3_column_int64");
    load(lib.column_double, "sqlite3_column_double");
    load(lib.column_text, "sqlite3_column_text");
    load(lib.column_blob, "sqlite3_column_blob");
    load(lib.column_bytes, "sqlite3_column_bytes");
    lib.error = so.error();
    return lib;
  }();
  if (!k_lib.error.empty())
    throw SqlError(SqlFailure::cannot_open,
                   "the SQLite library could not be loaded (" + k_lib.error +
                       "); install SQLite 3 (Debian/Ubuntu: libsqlite3-0, RHEL: sqlite-libs) to use an SQLite store");
  return k_lib;
}

SqlFailure failure_of(int rc, int sys_errno) {
  switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return SqlFailure::busy;
    case SQLITE_FULL:
      return SqlFailure::full;
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return SqlFailure::read_only;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return SqlFailure::corrupt;
    case SQLITE_CANTOPEN:
      return SqlFailure::cannot_open;
    case SQLITE_IOERR:
      // A write refused for lack of room (ENOSPC), a quota or a file size limit (EFBIG) is a full disk.
      if (sys_errno == ENOSPC || sys_errno == EFBIG || sys_errno == EDQUOT) return SqlFailure::full;
      if (sys_errno == EROFS || sys_errno == EACCES || sys_errno == EPERM) return SqlFailure::read_only;
      return SqlFailure::io;
    default:
      return SqlFailure::other;
  }
}

// Whether this user may write the store and what SQLite writes beside it: the directory (a new store, its -wal and
// -shm), a -wal or -shm already there (one left by a reader running as another user). `err`: errno of the first
// refusal (EROFS: a read-only file system), 0 when all may be written; `what`: the refusal, one clause.
struct WriteCheck {
  int err = 0;
  std::string what;
};
WriteCheck may_write(const std::string& path) {
  std::error_code ec;
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  auto refused = [](const std::string& what) {
    const int e = errno;
    return WriteCheck{e, e == EROFS ? "the file system is read-only" : what};
  };
  if (fs::exists(path, ec) && ::access(path.c_str(), W_OK) != 0) return refused("no write permission on the file");
  if (::access(dir.c_str(), W_OK) != 0)
    return refused(
        fmt::format("no write permission on its directory {} (SQLite creates its -wal and -shm files there)", dir.string()));
  for (const char* suffix : {"-wal", "-shm"}) {
    const std::string side = path + suffix;
    struct stat st {};
    if (::stat(side.c_str(), &st) == 0 && ::access(side.c_str(), W_OK) != 0)
      return refused(
          fmt::format("{} belongs to uid {} and this user may not write it (an older awrdiff reading the store "
                      "as that user left it): give it to the store's owner (chown)",
                      side, st.st_uid));
  }
  return {};
}

// "file:" URI of a path, for the read-only fallback (immutable=1).
std::string file_uri(const std::string& path) {
  std::string out = "file:";
  for (unsigned char c : fs::absolute(path).string()) {
    if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) out += fmt::format("%{:02X}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

class SqliteRow final : public SqlRow {
public:
  SqliteRow(const LibSqlite& lib, sqlite3_stmt* s) : m_lib(lib), m_s(s) {}
  bool is_null(int c) const override { return m_lib.column_type(m_s, c) == SQLITE_NULL; }
  // A number stored as text (another program's 'NaN', '12abc') is refused, not read as 0 as SQLite would.
  std::int64_t integer(int c) const override {
    const int type = m_lib.column_type(m_s, c);
    if (type == SQLITE_TEXT || type == SQLITE_BLOB)
      throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not an integer ('{}')", shown(c)));
    return m_lib.column_int64(m_s, c);
  }
  double real(int c) const override {
    const int type = m_lib.column_type(m_s, c);
    const double v = m_lib.column_double(m_s, c);
    if (type == SQLITE_TEXT || type == SQLITE_BLOB || !std::isfinite(v))
      throw SqlError(SqlFailure::corrupt, fmt::format("a stored value is not a finite number ('{}')", shown(c)));
    return v;
  }
  std::string text(int c) const override {
    const auto* p = m_lib.column_text(m_s, c);
    return p == nullptr ? std::string()
                        : std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(m_lib.column_bytes(m_s, c)));
  }
  std::string blob(int c) const override {
    const void* p = m_lib.column_blob(m_s, c);
    return p == nullptr ? std::string()
                        : std::string(static_cast<const char*>(p), static_cast<std::size_t>(m_lib.column_bytes(m_s, c)));
  }

private:
  std::string shown(int c) const {
    std::string t = m_lib.column_type(m_s, c) == SQLITE_FLOAT ? fmt::format("{}", m_lib.column_double(m_s, c)) : text(c);
    if (t.size() > 40) t = t.substr(0, 40) + "...";
    for (char& ch : t)
      if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f) ch = '?';
    return t;
  }

  const LibSqlite& m_lib;
  sqlite3_stmt* m_s;
};

class SqliteConnection final : public SqlConnection {
public:
  // The library is loaded first (a missing one is said before any directory is created).
  SqliteConnection(const std::string& path, bool write, bool create, int busy_timeout_ms) : m_lib(libsqlite()), m_path(path) {
    std::error_code ec;
    const auto st = fs::status(path, ec);
    if (fs::exists(st)) {
      if (fs::is_directory(st)) throw SqlError(SqlFailure::cannot_open, "is a directory, not a history store");
      // A FIFO would block the open, a device is no store: only a regular file (or a link to one) is opened.
      if (!fs::is_regular_file(st))
        throw SqlError(SqlFailure::cannot_open, "not a regular file (a FIFO, socket or device), not a history store");
      // Never let SQLite near a file that is not an SQLite database: it would be reported as
      // damaged at best. An empty file is a new store.
      if (fs::is_regular_file(st) && fs::file_size(path, ec) > 0) {
        std::ifstream in(path, std::ios::binary);
        if (!in.is_open()) throw SqlError(SqlFailure::cannot_open, "cannot be read (permissions?)");
        char header[16] = {};
        in.read(header, sizeof header);
        if (in.gcount() < static_cast<std::streamsize>(sizeof header))
          throw SqlError(SqlFailure::cannot_open,
                         "the file is too short to be an SQLite database, so it is no history store; it was left untouched");
        // Not a damaged store (that has the header): some other file, named by mistake. No talk of backups.
        if (std::memcmp(header, "SQLite format 3", 16) != 0)
          throw SqlError(SqlFailure::cannot_open,
                         "the file is not an SQLite database, so it is no history store; it was left untouched");
      }
    } else if (!write || !create) {
      throw SqlError(SqlFailure::cannot_open,
                     "no history store here (`awrdiff history add` or `check --history --add` creates one)");
    } else {
      const fs::path parent = fs::path(path).parent_path();
      if (!parent.empty() && !fs::exists(parent, ec)) {
        fs::create_directories(parent, ec);
        if (ec)
          throw SqlError(SqlFailure::read_only, fmt::format("cannot create the directory {}: {}", parent.string(), ec.message()));
      }
    }
    m_busy_timeout_ms = busy_timeout_ms;
    const WriteCheck writable = may_write(path);
    try {
      if (write) {
        // Said before SQLite is asked: on a read-only file system it would only say "unable to open database file".
        if (writable.err != 0) throw SqlError(SqlFailure::read_only, writable.what);
        // One connection is used by one thread at a time (SqlConnection), so no mutex per call.
        open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
        start();
      } else {
        open_reader(path, writable.err == 0);
      }
    } catch (...) {
      close();
      throw;
    }
  }

  // A reader never writes, and never leaves a -wal or -shm file behind that the store's owner could not reuse:
  // - a user who may write the store (its owner) opens it query-only (SQLite refuses every write): the last
  //   connection to close removes the -wal and -shm files, as a writer's does (a read-only connection leaves them);
  // - another user, or a read-only file system: with the -wal and -shm there (a writer has the store open), read-only
  //   through them (SQLite creates nothing); without a -wal, every commit is in the file itself: it is read as
  //   immutable, creating nothing (a writer that starts meanwhile is said if the read goes wrong: see fail()).
  void open_reader(const std::string& path, bool may_write) {
    if (may_write) {
      open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
      exec("PRAGMA query_only=1");
      start();
      return;
    }
    std::error_code ec;
    const bool wal = fs::exists(path + "-wal", ec);
    if (wal && fs::exists(path + "-shm", ec)) {
      try {
        open(file_uri(path) + "?mode=ro", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX);
        start();
        return;
      } catch (const SqlError& e) {
        if (e.kind() == SqlFailure::corrupt) throw;
        close();
      }
    }
    m_immutable = !wal;  // see fail()
    open(file_uri(path) + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX);
    start();
  }

  void start() {
    m_lib.busy_timeout(m_db, m_busy_timeout_ms);
    // A year of values is read in one pass: mapped, not copied page by page.
    exec("PRAGMA mmap_size=268435456");
    query("SELECT count(*) FROM sqlite_master", {});
  }

  ~SqliteConnection() override { close(); }

  void close() {
    for (auto& [sql, stmt] : m_statements) m_lib.finalize(stmt);
    m_statements.clear();
    if (m_db != nullptr) m_lib.close_v2(m_db);
    m_db = nullptr;
  }

  SqlDialect dialect() const override { return SqlDialect::sqlite; }

  void exec(std::string_view sql) override {
    char* message = nullptr;
    const int rc = m_lib.exec(m_db, std::string(sql).c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
      std::string m = message != nullptr ? message : m_lib.errstr(rc);
      m_lib.free(message);
      fail(rc, m);
    }
  }

  void query(std::string_view sql, std::span<const SqlValue> params,
             const std::function<void(const SqlRow&)>& each = {}) override {
    sqlite3_stmt* s = statement(sql);
    struct Reset {
      const LibSqlite& lib;
      sqlite3_stmt* s;
      ~Reset() {
        lib.reset(s);
        lib.clear_bindings(s);
      }
    } reset{m_lib, s};
    for (std::size_t i = 0; i < params.size(); ++i) {
      const int n = static_cast<int>(i) + 1;
      int rc = SQLITE_OK;
      const auto& p = params[i];
      if (std::holds_alternative<std::monostate>(p)) rc = m_lib.bind_null(s, n);
      else if (const auto* v = std::get_if<std::int64_t>(&p)) rc = m_lib.bind_int64(s, n, *v);
      else if (const auto* d = std::get_if<double>(&p)) rc = m_lib.bind_double(s, n, *d);
      else if (const auto* t = std::get_if<std::string>(&p))
        rc = m_lib.bind_text64(s, n, t->data(), t->size(), SQLITE_STATIC, SQLITE_UTF8);
      else if (const auto* b = std::get_if<SqlBlob>(&p))
        rc = m_lib.bind_blob64(s, n, b->bytes.data(), b->bytes.size(), SQLITE_STATIC);
      if (rc != SQLITE_OK) fail(rc, m_lib.errmsg(m_db));
    }
    SqliteRow row(m_lib, s);
    for (;;) {
      const int rc = m_lib.step(s);
      if (rc == SQLITE_DONE) break;
      if (rc != SQLITE_ROW) fail(rc, m_lib.errmsg(m_db));
      if (each) each(row);
    }
  }

  void begin_write() override { exec("BEGIN IMMEDIATE"); }

  std::vector<std::string> tables() override {
    std::vector<std::string> out;
    query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name", {},
          [&](const SqlRow& r) { out.push_back(r.text(0)); });
    return out;
  }

  bool read_only() override { return m_lib.db_readonly(m_db, "main") == 1; }

  std::optional<std::int64_t> size_bytes() override {
    std::int64_t pages = 0, size = 0;
    query("PRAGMA page_count", {}, [&](const SqlRow& r) { pages = r.integer(0); });
    query("PRAGMA page_size", {}, [&](const SqlRow& r) { size = r.integer(0); });
    return pages * size;
  }

  void prepare_for_writes() override {
    // WAL: readers never wait for a writer, and a writer killed mid-transaction leaves only frames
    // that no commit record covers. NORMAL: a commit survives a process crash (a power cut may lose
    // the last commits, never the store).
    // Switching a new file to WAL needs it to itself, and SQLite reports a busy file at once there
    // (no busy handler): retried for as long as the busy timeout.
    std::string mode;
    query("PRAGMA journal_mode", {}, [&](const SqlRow& r) { mode = r.text(0); });
    for (int waited_ms = 0; mode != "wal";) {
      try {
        query("PRAGMA journal_mode=WAL", {}, [&](const SqlRow& r) { mode = r.text(0); });
        if (mode != "wal") throw SqlError(SqlFailure::other, "cannot switch the store to WAL mode (journal mode " + mode + ")");
      } catch (const SqlError& e) {
        if (e.kind() != SqlFailure::busy || waited_ms >= m_busy_timeout_ms) throw;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        waited_ms += 10;
      }
    }
    exec("PRAGMA synchronous=NORMAL");
  }

  void lock_for_write(std::int64_t) override {}  // BEGIN IMMEDIATE holds the one write lock already

private:
  void open(const std::string& name, int flags) {
    const int rc = m_lib.open_v2(name.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
      const std::string m = m_db != nullptr ? m_lib.errmsg(m_db) : m_lib.errstr(rc);
      const int e = m_db != nullptr ? m_lib.system_errno(m_db) : 0;
      if (m_db != nullptr) m_lib.close_v2(m_db);
      m_db = nullptr;
      throw SqlError(failure_of(rc, e), m);
    }
    m_lib.extended_result_codes(m_db, 1);
  }

  sqlite3_stmt* statement(std::string_view sql) {
    auto it = m_statements.find(sql);
    if (it != m_statements.end()) return it->second;
    sqlite3_stmt* s = nullptr;
    const int rc = m_lib.prepare_v3(m_db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &s, nullptr);
    if (rc != SQLITE_OK) fail(rc, m_lib.errmsg(m_db));
    m_statements.emplace(std::string(sql), s);
    return s;
  }

  [[noreturn]] void fail(int rc, const std::string& message) {
    const int saved_errno = errno;  // SQLite's own record of it is not always kept (sqlite3_system_errno)
    int e = m_db != nullptr ? m_lib.system_errno(m_db) : 0;
    if (e == 0 && (rc & 0xff) == SQLITE_IOERR) e = saved_errno;
    std::string m = message;
    if ((rc & 0xff) == SQLITE_IOERR && e != 0) m += fmt::format(" ({})", std::strerror(e));
    // An immutable read (another user's store) takes no lock: a writer that started meanwhile may have moved pages
    // under it. Its -wal, absent when the read began, says so; that is no damage.
    std::error_code ec;
    if (m_immutable && failure_of(rc, e) == SqlFailure::corrupt && fs::exists(m_path + "-wal", ec))
      throw SqlError(SqlFailure::other,
                     "the store was written to while it was read without a lock (this user may not write it, so cannot take "
                     "SQLite's; " +
                         m + "): run again");
    throw SqlError(failure_of(rc, e), m);
  }

  const LibSqlite& m_lib;
  std::string m_path;
  int m_busy_timeout_ms = 0;
  bool m_immutable = false;  // read as immutable=1 (no lock, no -wal, no -shm), and there was no -wal then
  sqlite3* m_db = nullptr;
  std::map<std::string, sqlite3_stmt*, std::less<>> m_statements;
};

}  // namespace

std::unique_ptr<SqlConnection> open_sqlite(const std::string& path, bool write, bool create, int busy_timeout_ms) {
  return std::make_unique<SqliteConnection>(path, write, create, busy_timeout_ms);
}

}  // namespace awrdiff::detail
