// Test support: one period of one instance built in code, for the tests of SQL in a comparison (nested SQL,
// literal SQL, figures that cannot be the period's). Its DB time is `aas` average active sessions, split between
// DB CPU and db file sequential read (5 ms a wait); its time model, Load Profile (the same work per second in every
// period: a change is never a load change) and Top Events say so; its SQL lists are cut off at `sql_cutoff_s`.
// Each test adds its own statements.
#pragma once

#include <awrdiff/model.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace awrdiff::testing {

/// What sets one test's periods apart; designated initializers name what differs from these.
struct PeriodShape {
  std::string db_name = "TESTDB";
  std::uint64_t dbid = 42;
  std::string instance = "test1";
  std::optional<double> cpus = 16;  ///< empty: not given (also cores)
  std::optional<double> cores = 8;
  double elapsed_s = 3600;  ///< an hour: begin and end times on the hour (snap % 20 o'clock); else the test sets them
  double sessions = 100;  ///< at begin and end
  double cpu_pct = 50;  ///< DB CPU, % of DB time; the rest is db file sequential read
  double sql_cutoff_s = 1;  ///< the smallest elapsed the SQL lists show
  bool load_profile = true;  ///< a Load Profile (DB time, DB CPU, executes, transactions, user calls per second)
};

/// The period of snaps `snap` to `snap + 1`, read from `source`.
inline Snapshot sql_period(const std::string& source, double aas, std::int64_t snap, const PeriodShape& shape = {}) {
  const double cpu_share = shape.cpu_pct / 100;
  Snapshot s;
  s.source = source;
  s.database.name = shape.db_name;
  s.database.dbid = shape.dbid;
  s.database.instance = shape.instance;
  s.database.instance_number = 1;
  s.database.cpus = shape.cpus;
  s.database.cores = shape.cores;
  s.interval.begin_snap = snap;
  s.interval.end_snap = snap + 1;
  if (shape.elapsed_s == 3600) {
    const int hour = static_cast<int>(snap % 20);
    s.interval.begin_time = "01-Mar-24 " + std::to_string(hour) + ":00:00";
    s.interval.end_time = "01-Mar-24 " + std::to_string(hour + 1) + ":00:00";
  }
  s.interval.elapsed_s = shape.elapsed_s;
  s.interval.begin_sessions = shape.sessions;
  s.interval.end_sessions = shape.sessions;
  const double db = aas * shape.elapsed_s, cpu = db * cpu_share;
  s.interval.db_time_s = db;
  s.time_model = {{"DB time", db, std::nullopt}, {"DB CPU", cpu, shape.cpu_pct}, {"sql execute elapsed time", db * 0.9, 90}};
  if (shape.load_profile)
    s.load_profile = {{"db_time", "DB Time(s)", aas, std::nullopt, std::nullopt, std::nullopt},
                      {"db_cpu", "DB CPU(s)", aas * cpu_share, std::nullopt, std::nullopt, std::nullopt},
                      {"executes", "Executes (SQL)", 1000, std::nullopt, std::nullopt, std::nullopt},
                      {"transactions", "Transactions", 100, std::nullopt, std::nullopt, std::nullopt},
                      {"user_calls", "User calls", 2000, std::nullopt, std::nullopt, std::nullopt}};
  WaitEvent c;
  c.name = "DB CPU";
  c.is_cpu = true;
  c.time_s = cpu;
  c.pct_db_time = shape.cpu_pct;
  WaitEvent io;
  io.name = "db file sequential read";
  io.wait_class = "User I/O";
  io.time_s = db - cpu;
  io.waits = (db - cpu) / 0.005;
  io.avg_wait_ms = 5;
  io.pct_db_time = 100 - shape.cpu_pct;
  s.top_events = {c, io};
  s.has_sql_sections = true;
  s.sql_elapsed_cutoff_s = shape.sql_cutoff_s;
  return s;
}

}  // namespace awrdiff::testing
