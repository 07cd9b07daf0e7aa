// The history store's backends, one row each, chosen by the location's scheme (as ccache picks its storage
// backends): an SQLite file (a path, or file:PATH) and a PostgreSQL database (postgresql://, postgres://, or libpq's
// keyword/value form). A new backend is one row here and its SqlConnection (sql.hpp).
#include <awrdiff/history.hpp>

#include "history/sql.hpp"
#include "history/store_internal.hpp"

#include <array>

namespace awrdiff {

namespace detail::history {

namespace {

// libpq's keyword/value form: "host=dbhost dbname=history user=dba" (its first keyword one of libpq's).
bool is_libpq_keywords(std::string_view location) {
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

// "file:///var/x.sqlite" and "file:/var/x.sqlite" -> "/var/x.sqlite"; "file:x.sqlite" -> "x.sqlite"; a path as it is.
std::string sqlite_path(std::string_view location) {
  if (location.starts_with("file://")) return std::string(location.substr(7));
  if (location.starts_with("file:")) return std::string(location.substr(5));
  return std::string(location);
}

std::unique_ptr<SqlConnection> open_sqlite_store(std::string_view location, bool write, bool create) {
  return open_sqlite(sqlite_path(location), write, create, k_busy_timeout_ms);
}

std::unique_ptr<SqlConnection> open_postgresql_store(std::string_view location, bool write, bool /*create*/) {
  return open_postgresql(std::string(location), write);
}

// PostgreSQL first: its keyword/value form is tested before the catch-all path of SQLite.
const std::array<Backend, 2> k_backends = {{
    {{"PostgreSQL", "postgresql:// or postgres:// URI, or libpq's keyword/value form", true},
     {"postgresql://", "postgres://"},
     is_libpq_keywords,
     nullptr,
     true,
     open_postgresql_store},
    {{"SQLite", "a file path, or file:PATH", false}, {"file:"}, nullptr, sqlite_path, false, open_sqlite_store},
}};

}  // namespace

const Backend& backend_of(std::string_view location) {
  for (const auto& b : k_backends) {
    for (auto scheme : b.schemes)
      if (!scheme.empty() && location.starts_with(scheme)) return b;
    if (b.matches != nullptr && b.matches(location)) return b;
  }
  return k_backends.back();  // any other location is an SQLite file's path
}

}  // namespace detail::history

const HistoryBackendInfo& history_backend_of(std::string_view location) { return detail::history::backend_of(location).info; }

std::optional<std::string> history_local_path(std::string_view location) {
  const auto& b = detail::history::backend_of(location);
  if (b.local_path == nullptr) return std::nullopt;
  return b.local_path(location);
}

bool is_postgresql_location(std::string_view location) { return history_backend_of(location).server; }

}  // namespace awrdiff
