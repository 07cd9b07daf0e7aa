// The metric catalog: direction and materiality floors of every number the diff engine compares.
// Change a floor here and every table, finding and verdict follows.
#include <awrdiff/metrics.hpp>
#include <awrdiff/time.hpp>

#include "support/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <unordered_map>

namespace awrdiff {
namespace {

using D = Direction;
using A = Aggregation;
using R = MetricRole;

OptDouble ratio(const OptDouble& a, const OptDouble& b, double scale = 1) {
  if (!a || !b || *b <= 0) return std::nullopt;
  return *a / *b * scale;
}
OptDouble lp_per_second(const Snapshot& s, std::string_view key) {
  const auto* r = s.load_profile_row(key);
  return r != nullptr ? r->per_second : std::nullopt;
}
using detail::lower;  // support/text.hpp
// An event by name (case-insensitive): the foreground figure as Snapshot::foreground_event reconciles
// the top list and Foreground Wait Events (DB CPU included); a background-only event (log file
// parallel write) from Background Wait Events.
const WaitEvent* find_event(const Snapshot& s, std::string_view name) {
  if (const auto* e = s.foreground_event(name)) return e;
  return s.background_event(name);
}

// The step a printed figure was rounded to, read from the figure itself: its last decimal (3210.4: 0.1), or for a
// whole number its last non-zero digit (94: 1; "182.8K" read as 182,800: 100; "1.8E+08": 10,000,000). A whole number
// that happens to end in 0 is taken as rounded there: the step is then too large, never too small.
double printed_step(double v) {
  v = std::fabs(v);
  if (!(v > 0) || !std::isfinite(v)) return 1;
  double step = 1;
  for (int k = 0; k <= 6; ++k, step /= 10) {
    const double x = v / step;
    if (std::fabs(x - std::round(x)) <= 1e-6 * std::max(1.0, x)) break;
  }
  if (step < 1) return step;
  step = 1;
  while (v >= step * 10 && std::fabs(v / (step * 10) - std::round(v / (step * 10))) <= 1e-9 * v / step) step *= 10;
  return step;
}
// The step of a printed average: its last decimal, a whole number's last digit (an average printed "1,450" or
// "1.45 s" is taken as known to 1 ms: in doubt the printed average keeps its place).
double printed_avg_step(double v) { return std::min(1.0, printed_step(v)); }

OptDouble read_db_time_per_s(const Snapshot& s) { return s.average_active_sessions(); }
OptDouble read_db_cpu_per_s(const Snapshot& s) { return per_second(s.db_cpu_s(), s.interval.elapsed_s); }
OptDouble read_non_cpu_per_s(const Snapshot& s) {
  const auto db = s.db_time_s(), cpu = s.db_cpu_s();
  return db && cpu ? per_second(std::max(0.0, *db - *cpu), s.interval.elapsed_s) : std::nullopt;
}
OptDouble read_outside_per_s(const Snapshot& s) { return per_second(s.unaccounted_db_time_s(), s.interval.elapsed_s); }
OptDouble read_aas_per_cpu(const Snapshot& s) { return ratio(s.average_active_sessions(), s.database.cpus); }
OptDouble read_host_cpu_busy(const Snapshot& s) {
  return s.host_cpu.pct_idle ? OptDouble(100 - *s.host_cpu.pct_idle) : std::nullopt;
}
OptDouble read_db_cpu_pct(const Snapshot& s) { return ratio(s.db_cpu_s(), s.db_time_s(), 100); }
// Counts the Load Profile prints as rates rounded to one or two decimals ("Transactions 0.0" for 31 in 30 minutes,
// "Hard parses 0.2" for 299), which Instance Activity Stats give as the interval's exact totals: the rate is the
// statistics' total over the elapsed time when the report gives every one of them, else the Load Profile's.
struct ExactCount {
  std::string_view lp_key;  // Load Profile row
  std::string_view stats[2];  // Instance Activity statistics added up (the second may be empty)
};
constexpr ExactCount k_exact_counts[] = {
    {"transactions", {"user commits", "user rollbacks"}},
    {"executes", {"execute count", {}}},
    {"user_calls", {"user calls", {}}},
    {"parses", {"parse count (total)", {}}},
    {"hard_parses", {"parse count (hard)", {}}},
    {"user_commits", {"user commits", {}}},
    {"rollbacks", {"user rollbacks", {}}},
    {"logons", {"logons cumulative", {}}},
};
const ExactCount* exact_count(std::string_view lp_key) {
  for (const auto& x : k_exact_counts)
    if (x.lp_key == lp_key) return &x;
  return nullptr;
}
OptDouble exact_per_second(const Snapshot& s, const ExactCount& x) {
  double total = 0;
  for (const auto name : x.stats) {
    if (name.empty()) continue;
    const auto* a = s.activity_stat(name);
    if (a == nullptr || !a->total || !std::isfinite(*a->total) || *a->total < 0) return std::nullopt;
    total += *a->total;
  }
  return per_second(total, s.interval.elapsed_s);
}
// A Load Profile rate, exact where Instance Activity gives its count.
OptDouble lp_rate(const Snapshot& s, std::string_view key) {
  if (const auto* x = exact_count(key))
    if (auto v = exact_per_second(s, *x)) return v;
  return lp_per_second(s, key);
}

OptDouble read_transactions(const Snapshot& s) { return lp_rate(s, "transactions"); }
OptDouble read_db_time_per_txn(const Snapshot& s) { return ratio(s.average_active_sessions(), lp_rate(s, "transactions")); }
OptDouble read_db_time_per_exec(const Snapshot& s) { return ratio(s.average_active_sessions(), lp_rate(s, "executes"), 1000); }
OptDouble read_db_time_per_call(const Snapshot& s) { return ratio(s.average_active_sessions(), lp_rate(s, "user_calls"), 1000); }
OptDouble read_reads_per_cpu_ms(const Snapshot& s) {
  const auto cpu = read_db_cpu_per_s(s);
  return ratio(lp_per_second(s, "logical_reads"), cpu ? OptDouble(*cpu * 1000) : std::nullopt);
}
OptDouble read_single_block_read_ms(const Snapshot& s) {
  const auto* e = find_event(s, "db file sequential read");
  return e != nullptr ? event_avg_wait_ms(*e) : std::nullopt;
}
OptDouble read_log_file_sync_ms(const Snapshot& s) {
  const auto* e = find_event(s, "log file sync");
  return e != nullptr ? event_avg_wait_ms(*e) : std::nullopt;
}
OptDouble read_sessions(const Snapshot& s) {
  const auto& i = s.interval;
  if (i.begin_sessions && i.end_sessions) return (*i.begin_sessions + *i.end_sessions) / 2;
  return i.end_sessions ? i.end_sessions : i.begin_sessions;
}

constexpr OracleTwin k_none{};
constexpr OracleTwin cs_per_s(std::string_view name) { return {name, "CentiSeconds Per Second", 0.01}; }
constexpr OracleTwin same(std::string_view name, std::string_view unit) { return {name, unit, 1}; }

// When a worse value warns in `check` (WarnContext): the parts of DB time, the host's CPUs, a share of DB time, counts.
constexpr PerUnit k_no_unit{};
constexpr WarnContext k_part_of_db_time{WarnGate::part_of_db_time, {}, {}, {}};
constexpr WarnContext k_cpu_share{WarnGate::cpu_share, {}, {}, {}};
constexpr WarnContext k_no_db_time{WarnGate::no_db_time, {}, {}, {}};
constexpr WarnContext k_single_block_share{WarnGate::share_of_db_time, "event:db file sequential read:time_per_s",
                                           "db file sequential read",
                                           "db file sequential read is not among the report's timed events"};
constexpr WarnContext k_log_file_sync_share{WarnGate::share_of_db_time, "event:log file sync:time_per_s", "log file sync",
                                            "log file sync is not among the report's timed events"};
constexpr WarnContext k_hard_parse_share{WarnGate::share_of_db_time, "time_model:hard parse elapsed time:time_per_s",
                                         "hard parsing", "the report gives no hard parse elapsed time"};

// key, display, unit, direction, abs_floor, rel_floor_pct, points, read, twin, twin2, across instances, role,
// family, checked, per_unit, warn
constexpr MetricSpec k_metrics[] = {
    // DB time and its parts, as average active sessions (seconds of DB time per second of elapsed).
    {"db_time_per_s", "DB time per second", "AAS", D::higher_is_worse, 0.05, 10, false, read_db_time_per_s,
     cs_per_s("Database Time Per Sec"), same("Average Active Sessions", "Active Sessions"), A::sum, R::master, false, true},
    {"db_cpu_per_s", "DB CPU per second", "AAS", D::higher_is_worse, 0.05, 10, false, read_db_cpu_per_s,
     cs_per_s("CPU Usage Per Sec"), k_none, A::sum, R::detail, false, true, k_no_unit, k_part_of_db_time},
    {"non_cpu_per_s", "Non-CPU time per second", "AAS", D::higher_is_worse, 0.05, 10, false, read_non_cpu_per_s, k_none, k_none,
     A::sum, R::detail, false, true, k_no_unit, k_part_of_db_time},
    {"outside_per_s", "Time outside DB CPU and waits per second", "AAS", D::higher_is_worse, 0.05, 20, false, read_outside_per_s,
     k_none, k_none, A::sum, R::detail, false, true, k_no_unit, k_part_of_db_time},
    {"aas_per_cpu", "AAS per CPU", "AAS", D::higher_is_worse, 0.02, 10, false, read_aas_per_cpu, k_none, k_none, A::mean,
     R::detail, false, true, k_no_unit, k_part_of_db_time},
    {"db_time_per_txn_s",
     "DB time per transaction",
     "s",
     D::higher_is_worse,
     0.001,
     20,
     false,
     read_db_time_per_txn,
     {"Response Time Per Txn", "CentiSeconds Per Txn", 0.01},
     k_none,
     A::mean,
     R::master,
     false,
     true,
     {"db_time_per_s", "load_profile.transactions", "transaction"}},
    {"db_time_per_exec_ms",
     "DB time per execution",
     "ms",
     D::higher_is_worse,
     0.05,
     20,
     false,
     read_db_time_per_exec,
     k_none,
     k_none,
     A::mean,
     R::master,
     false,
     true,
     {"db_time_per_s", "load_profile.executes", "execution"}},
    {"db_time_per_call_ms",
     "DB time per user call",
     "ms",
     D::higher_is_worse,
     0.05,
     20,
     false,
     read_db_time_per_call,
     {"SQL Service Response Time", "CentiSeconds Per Call", 10},
     k_none,
     A::mean,
     R::master,
     false,
     true,
     {"db_time_per_s", "load_profile.user_calls", "call"}},
    {"logical_reads_per_cpu_ms", "Logical reads per ms of DB CPU", "blocks/ms", D::neutral, 5, 20, false, read_reads_per_cpu_ms,
     k_none, k_none, A::mean, R::detail, false, true, k_no_unit, k_no_db_time},
    {"transactions_per_s", "Transactions per second", "/s", D::neutral, 0.5, 10, false, read_transactions, k_none, k_none, A::sum,
     R::load, false, false},  // the same as load_profile.transactions
    {"host_cpu_busy_pct", "Host CPU busy", "%", D::higher_is_worse, 10, 0, true, read_host_cpu_busy,
     same("Host CPU Utilization (%)", "% Busy/(Idle+Busy)"), k_none, A::mean, R::detail, false, true},
    {"db_cpu_pct_db_time", "DB CPU % of DB time", "%", D::neutral, 10, 0, true, read_db_cpu_pct,
     same("Database CPU Time Ratio", "% Cpu/DB_Time"), k_none, A::mean, R::detail, false, true},
    {"single_block_read_ms", "Single-block read latency (db file sequential read)", "ms", D::higher_is_worse, 0.5, 30, false,
     read_single_block_read_ms, same("Average Synchronous Single-Block Read Latency", "Milliseconds"), k_none, A::mean, R::detail,
     false, true, k_no_unit, k_single_block_share},
    {"log_file_sync_ms", "Commit latency (log file sync)", "ms", D::higher_is_worse, 0.5, 30, false, read_log_file_sync_ms,
     k_none, k_none, A::mean, R::detail, false, true, k_no_unit, k_log_file_sync_share},
    {"sessions", "Sessions", "sessions", D::neutral, 5, 20, false, read_sessions, same("Session Count", "Sessions"), k_none,
     A::sum, R::detail, false, true},
    {"pct_db_time", "% of DB time", "%", D::neutral, 5, 0, true, nullptr, k_none, k_none, A::mean, R::detail, true},
    // Wait events, wait classes, time model: time per second of elapsed, and average wait.
    {"event.time_per_s", "Event wait time per second", "AAS", D::higher_is_worse, 0.02, 20, false, nullptr, k_none, k_none,
     A::sum, R::detail, true},
    {"event.avg_wait_ms", "Average wait", "ms", D::higher_is_worse, 0.5, 30, false, nullptr, k_none, k_none, A::mean, R::detail,
     true},
    {"event.waits_per_s", "Waits per second", "/s", D::neutral, 1, 20, false, nullptr, k_none, k_none, A::sum, R::detail, true},
    {"wait_class.time_per_s", "Wait class time per second", "AAS", D::higher_is_worse, 0.02, 20, false, nullptr, k_none, k_none,
     A::sum, R::detail, true},
    {"time_model.time_per_s", "Time model statistic per second", "AAS", D::higher_is_worse, 0.02, 20, false, nullptr, k_none,
     k_none, A::sum, R::detail, true},
    // The other report sections compared side by side (src/diff/sections.cpp): the measure each section's
    // rows are ranked and assessed by.
    {"activity.per_s", "Instance Activity statistic per second", "/s", D::neutral, 1, 20, false, nullptr, k_none, k_none, A::sum,
     R::detail, true},
    {"activity.value", "Instance Activity level or per-hour figure", "as printed", D::neutral, 0, 20, false, nullptr, k_none,
     k_none, A::sum, R::detail, true},
    {"iostat.requests_per_s", "IOStat requests per second (reads + writes)", "/s", D::neutral, 1, 20, false, nullptr, k_none,
     k_none, A::sum, R::detail, true},
    {"tablespace.requests_per_s", "Tablespace or file I/O requests per second (reads + writes)", "/s", D::neutral, 1, 20, false,
     nullptr, k_none, k_none, A::sum, R::detail, true},
    {"segment.per_s", "Segment logical / physical reads, writes, changes or scans per second", "/s", D::neutral, 1, 20, false,
     nullptr, k_none, k_none, A::sum, R::detail, true},
    {"segment.waits_per_s", "Segment row lock, ITL or buffer busy waits per second", "/s", D::higher_is_worse, 0.01, 20, false,
     nullptr, k_none, k_none, A::sum, R::detail, true},
    {"latch.wait_time_per_s", "Latch wait time per second", "AAS", D::higher_is_worse, 0.005, 20, false, nullptr, k_none, k_none,
     A::sum, R::detail, true},
    {"mutex.wait_time_per_s", "Mutex sleep time per second", "AAS", D::higher_is_worse, 0.005, 20, false, nullptr, k_none, k_none,
     A::sum, R::detail, true},
    {"enqueue.wait_time_per_s", "Enqueue wait time per second", "AAS", D::higher_is_worse, 0.005, 20, false, nullptr, k_none,
     k_none, A::sum, R::detail, true},
    {"library_cache.pct_get_miss", "Library cache get miss %", "%", D::higher_is_worse, 2, 0, true, nullptr, k_none, k_none,
     A::mean, R::detail, true},
    {"dictionary_cache.pct_miss", "Dictionary cache get miss %", "%", D::higher_is_worse, 2, 0, true, nullptr, k_none, k_none,
     A::mean, R::detail, true},
    {"undo.blocks_per_s", "Undo blocks per second", "/s", D::neutral, 1, 20, false, nullptr, k_none, k_none, A::sum, R::detail,
     true},
    {"histogram.pct_fast", "Share of an event's waits under a latency (1 ms, 8 ms, 32 ms)", "%", D::higher_is_better, 5, 0, true,
     nullptr, k_none, k_none, A::mean, R::detail, true},
    {"os_stat.value", "Operating System statistic (per second for times and paged bytes)", "as printed", D::neutral, 0, 20, false,
     nullptr, k_none, k_none, A::sum, R::detail, true},
    {"global_cache.value", "Global cache statistic (per second, or as printed)", "as printed", D::neutral, 0, 20, false, nullptr,
     k_none, k_none, A::sum, R::detail, true},
    {"table.value", "A cell of another report table, as printed", "as printed", D::neutral, 0, 20, false, nullptr, k_none, k_none,
     A::sum, R::detail, true},
    {"memory.mb", "Memory area size", "MB", D::neutral, 1, 1, false, nullptr, k_none, k_none, A::sum, R::detail, true},
    // SQL statements.
    {"sql.elapsed_per_s", "SQL elapsed per second", "AAS", D::higher_is_worse, 0.01, 20, false, nullptr, k_none, k_none, A::sum,
     R::detail, true},
    {"sql.elapsed_per_exec_ms", "SQL elapsed per execution", "ms", D::higher_is_worse, 0.1, 25, false, nullptr, k_none, k_none,
     A::mean, R::detail, true},
    {"sql.executions_per_s", "SQL executions per second", "/s", D::neutral, 0.01, 25, false, nullptr, k_none, k_none, A::sum,
     R::detail, true},
    {"sql.gets_per_exec", "Buffer gets per execution", "blocks", D::higher_is_worse, 10, 25, false, nullptr, k_none, k_none,
     A::mean, R::detail, true},
    // Load Profile rows, per second. Volume is neutral: more work is not by itself a regression.
    {"load_profile", "Load Profile row", "/s", D::neutral, 0.5, 20, false, nullptr, k_none, k_none, A::sum, R::detail, true},
    {"load_profile.db_time", "DB Time(s)", "s/s", D::higher_is_worse, 0.05, 10},
    {"load_profile.db_cpu", "DB CPU(s)", "s/s", D::higher_is_worse, 0.05, 10},
    {"load_profile.background_cpu", "Background CPU(s)", "s/s", D::higher_is_worse, 0.05, 20, false, nullptr,
     cs_per_s("Background CPU Usage Per Sec"), k_none, A::sum, R::detail, false, true, k_no_unit, k_cpu_share},
    {"load_profile.redo_size", "Redo size", "bytes/s", D::neutral, 10240, 20, false, nullptr,
     same("Redo Generated Per Sec", "Bytes Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.logical_reads", "Logical reads", "blocks/s", D::neutral, 1000, 20, false, nullptr,
     same("Logical Reads Per Sec", "Reads Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.block_changes", "Block changes", "/s", D::neutral, 100, 20, false, nullptr,
     same("DB Block Changes Per Sec", "Blocks Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.physical_reads", "Physical reads", "blocks/s", D::neutral, 100, 20, false, nullptr,
     same("Physical Reads Per Sec", "Reads Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.physical_writes", "Physical writes", "blocks/s", D::neutral, 50, 20, false, nullptr,
     same("Physical Writes Per Sec", "Writes Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.read_io_requests", "Read IO requests", "/s", D::neutral, 10, 20, false, nullptr,
     same("Physical Read Total IO Requests Per Sec", "Requests Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.write_io_requests", "Write IO requests", "/s", D::neutral, 10, 20, false, nullptr,
     same("Physical Write Total IO Requests Per Sec", "Requests Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.read_io_mb",
     "Read IO",
     "MB/s",
     D::neutral,
     1,
     20,
     false,
     nullptr,
     {"Physical Read Total Bytes Per Sec", "Bytes Per Second", 1.0 / 1048576},
     k_none,
     A::sum,
     R::detail,
     false,
     true},
    {"load_profile.write_io_mb",
     "Write IO",
     "MB/s",
     D::neutral,
     1,
     20,
     false,
     nullptr,
     {"Physical Write Total Bytes Per Sec", "Bytes Per Second", 1.0 / 1048576},
     k_none,
     A::sum,
     R::detail,
     false,
     true},
    {"load_profile.user_calls", "User calls", "/s", D::neutral, 10, 20, false, nullptr,
     same("User Calls Per Sec", "Calls Per Second"), k_none, A::sum, R::load, false, true},
    {"load_profile.parses", "Parses", "/s", D::neutral, 10, 20, false, nullptr,
     same("Total Parse Count Per Sec", "Parses Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.hard_parses", "Hard parses", "/s", D::higher_is_worse, 1, 30, false, nullptr,
     same("Hard Parse Count Per Sec", "Parses Per Second"), k_none, A::sum, R::detail, false, true, k_no_unit,
     k_hard_parse_share},
    {"load_profile.workarea_mb", "SQL Work Area", "MB/s", D::neutral, 1, 20},
    {"load_profile.logons", "Logons", "/s", D::higher_is_worse, 1, 50, false, nullptr,
     same("Logons Per Sec", "Logons Per Second"), k_none, A::sum, R::detail, false, true, k_no_unit, k_no_db_time},
    {"load_profile.user_logons", "User logons", "/s", D::higher_is_worse, 1, 50},
    {"load_profile.executes", "Executes", "/s", D::neutral, 10, 20, false, nullptr,
     same("Executions Per Sec", "Executes Per Second"), k_none, A::sum, R::load, false, true},
    {"load_profile.rollbacks", "Rollbacks", "/s", D::higher_is_worse, 0.5, 50, false, nullptr,
     same("User Rollbacks Per Sec", "Rollbacks Per Second"), k_none, A::sum, R::detail, false, true, k_no_unit, k_no_db_time},
    {"load_profile.transactions", "Transactions", "/s", D::neutral, 0.5, 10, false, nullptr,
     same("User Transaction Per Sec", "Transactions Per Second"), k_none, A::sum, R::load, false, true},
    {"load_profile.user_commits", "User commits", "/s", D::neutral, 0.5, 10, false, nullptr,
     same("User Commits Per Sec", "Commits Per Second"), k_none, A::sum, R::detail, false, true},
    {"load_profile.gc_blocks_received", "RAC GC blocks received", "/s", D::neutral, 10, 20},
    {"load_profile.gc_blocks_served", "RAC GC blocks served", "/s", D::neutral, 10, 20},
    // Instance Efficiency Percentages (Target 100%), as the report prints them; changes in points.
    {"efficiency.buffer_nowait", "Buffer Nowait %", "%", D::higher_is_better, 0.5, 0, true},
    {"efficiency.redo_nowait", "Redo NoWait %", "%", D::higher_is_better, 0.5, 0, true},
    {"efficiency.buffer_hit", "Buffer Hit %", "%", D::higher_is_better, 1, 0, true},
    {"efficiency.in_memory_sort", "In-memory Sort %", "%", D::higher_is_better, 1, 0, true},
    {"efficiency.library_hit", "Library Hit %", "%", D::higher_is_better, 1, 0, true},
    {"efficiency.soft_parse", "Soft Parse %", "%", D::higher_is_better, 1, 0, true},
    {"efficiency.execute_to_parse", "Execute to Parse %", "%", D::higher_is_better, 5, 0, true},
    {"efficiency.latch_hit", "Latch Hit %", "%", D::higher_is_better, 0.5, 0, true},
    {"efficiency.parse_cpu_to_parse_elapsed", "Parse CPU to Parse Elapsd %", "%", D::higher_is_better, 10, 0, true},
    {"efficiency.non_parse_cpu", "% Non-Parse CPU", "%", D::higher_is_better, 2, 0, true},
    {"efficiency.flash_cache_hit", "Flash Cache Hit %", "%", D::higher_is_better, 5, 0, true},
    {"efficiency.optimal_wa_exec", "Optimal W/A Exec %", "%", D::higher_is_better, 1, 0, true},
};

}  // namespace

// An event's average wait, as compared (pair, sets, check, findings): its time over its waits where the report
// prints both and that is the finer figure. 11.2 prints "Avg wait (ms)" in whole milliseconds (log file sync "1"
// for 94 s over 182,738 waits, 0.51 ms) and a base's "2" beside a target's "1" reads as halved where the times say
// 1.82 -> 0.87 ms. Each printed figure is known to half its last digit (printed_step); carried through the division
// that gives the uncertainty of time / waits, taken when it is smaller than the printed average's and the two agree
// within both (otherwise the printed average: a time in whole seconds over a few waits says less than an average
// printed with decimals). A value the report rounded to 0 is not 0 when its two neighbours say otherwise: an
// average printed 0 is its time over its waits when both are above 0. The snapshot keeps the printed figures.
OptDouble event_avg_wait_ms(const WaitEvent& e) {
  const bool parts = e.time_s && *e.time_s > 0 && std::isfinite(*e.time_s) && e.waits && *e.waits > 0 && std::isfinite(*e.waits);
  if (!parts) return e.avg_wait_ms;
  const double derived = *e.time_s / *e.waits * 1000;
  if (!e.avg_wait_ms || *e.avg_wait_ms == 0 || !std::isfinite(*e.avg_wait_ms)) return derived;
  const double u_derived = 1000 * printed_step(*e.time_s) / 2 / *e.waits + derived * printed_step(*e.waits) / 2 / *e.waits;
  const double u_printed = printed_avg_step(*e.avg_wait_ms) / 2;
  if (u_derived >= u_printed) return e.avg_wait_ms;
  if (std::fabs(derived - *e.avg_wait_ms) > (u_printed + u_derived) * (1 + 1e-9)) return e.avg_wait_ms;  // another measurement
  return derived;
}
OptDouble event_time_s(const WaitEvent& e) {
  if ((!e.time_s || *e.time_s == 0) && e.waits && *e.waits > 0 && e.avg_wait_ms && *e.avg_wait_ms > 0)
    return *e.waits * *e.avg_wait_ms / 1000;
  return e.time_s;
}

const char* to_string(ChangeKind kind) {
  switch (kind) {
    case ChangeKind::unknown:
      return "unknown";
    case ChangeKind::unchanged:
      return "unchanged";
    case ChangeKind::worse:
      return "worse";
    case ChangeKind::better:
      return "better";
    case ChangeKind::changed:
      return "changed";
  }
  return "unknown";
}

std::span<const MetricSpec> all_metrics() { return k_metrics; }

const MetricSpec* find_metric(std::string_view key) {
  for (const auto& m : k_metrics)
    if (m.key == key) return &m;
  if (key.starts_with("load_profile.")) return find_metric("load_profile");
  // A family instance "<kind>:<name>:<measure>": the family "<kind>.<measure>".
  const auto c1 = key.find(':'), c2 = key.rfind(':');
  if (c1 != std::string_view::npos && c2 != c1) {
    const std::string family = std::string(key.substr(0, c1)) + "." + std::string(key.substr(c2 + 1));
    for (const auto& m : k_metrics)
      if (m.family && m.key == family) return &m;
  }
  return nullptr;
}

std::vector<const MetricSpec*> unit_costs(std::string_view total) {
  std::vector<const MetricSpec*> out;
  if (total.empty()) return out;
  for (const auto& m : k_metrics)
    if (m.per_unit.total == total) out.push_back(&m);
  return out;
}

const MetricSpec* find_metric_by_oracle_name(std::string_view metric_name, const OracleTwin** twin) {
  // Called once per dump row (100,000 rows in a year of DBA_HIST_SYSMETRIC_SUMMARY): one map, built once,
  // from the lower-cased METRIC_NAME to its registry row and twin.
  static const auto by_name = [] {
    std::unordered_map<std::string, std::pair<const MetricSpec*, const OracleTwin*>> m;
    for (const auto& spec : k_metrics)
      for (const auto* t : {&spec.twin, &spec.twin2})
        if (!t->metric_name.empty()) m.emplace(lower(t->metric_name), std::pair{&spec, t});
    return m;
  }();
  const auto it = by_name.find(lower(metric_name));
  if (it == by_name.end()) return nullptr;
  if (twin != nullptr) *twin = it->second.second;
  return it->second.first;
}

OptDouble metric_value(const Snapshot& s, std::string_view key) {
  const OptDouble el = s.interval.elapsed_s;
  if (key.find(':') == std::string_view::npos) {
    const MetricSpec* spec = find_metric(key);
    if (spec == nullptr || spec->family) return std::nullopt;
    if (spec->read != nullptr) return spec->read(s);
    if (key.starts_with("load_profile.")) return lp_rate(s, key.substr(13));
    if (key.starts_with("efficiency.")) {
      const auto* r = s.efficiency_row(key.substr(11));
      return r != nullptr ? r->pct : std::nullopt;
    }
    return std::nullopt;
  }
  // "<kind>:<name>:<measure>"
  const auto c1 = key.find(':'), c2 = key.rfind(':');
  if (c2 == c1) return std::nullopt;
  const auto kind = key.substr(0, c1), name = key.substr(c1 + 1, c2 - c1 - 1), measure = key.substr(c2 + 1);
  if (kind == "event") {
    const WaitEvent* e = find_event(s, name);
    if (e == nullptr) return std::nullopt;
    if (measure == "time_per_s") return per_second(event_time_s(*e), el);
    if (measure == "avg_wait_ms") return event_avg_wait_ms(*e);
    if (measure == "waits_per_s") return per_second(e->waits, el);
    return std::nullopt;
  }
  if (kind == "wait_class" && measure == "time_per_s") {
    const auto& list = s.foreground_wait_classes.empty() ? s.wait_classes : s.foreground_wait_classes;
    if (list.empty()) return std::nullopt;
    for (const auto& w : list)
      if (w.name == name) return per_second(w.time_s, el);
    return 0.0;  // the wait class tables list every class with time
  }
  if (kind == "time_model" && measure == "time_per_s") {
    const auto* r = s.time_model_row(name);
    return r != nullptr ? per_second(r->time_s, el) : std::nullopt;
  }
  if (kind == "sql") {
    for (const auto& q : s.sql) {
      if (q.sql_id != name) continue;
      if (measure == "elapsed_per_s") return per_second(q.elapsed_s, el);
      if (measure == "executions_per_s") return per_second(q.executions, el);
      if (measure == "elapsed_per_exec_ms") {
        const auto e = q.elapsed_per_exec_s();
        return e ? OptDouble(*e * 1000) : std::nullopt;
      }
      if (measure == "gets_per_exec") return ratio(q.buffer_gets, q.executions);
      return std::nullopt;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::string RateSource::text() const {
  switch (from) {
    case RateFrom::instance_activity:
      return "Instance Activity: " + statistics;
    case RateFrom::load_profile:
      return "Load Profile";
    case RateFrom::none:
      break;
  }
  return {};
}

RateSource rate_source(const Snapshot& s, std::string_view key) {
  std::string_view lp_key;
  if (key.starts_with("load_profile.")) lp_key = key.substr(13);
  else if (key == "transactions_per_s" || key == "db_time_per_txn_s") lp_key = "transactions";
  else if (key == "db_time_per_exec_ms") lp_key = "executes";
  else if (key == "db_time_per_call_ms") lp_key = "user_calls";
  const auto* x = exact_count(lp_key);
  if (x == nullptr) return {};
  if (exact_per_second(s, *x)) {
    RateSource out{RateFrom::instance_activity, std::string(x->stats[0])};
    if (!x->stats[1].empty()) out.statistics += " + " + std::string(x->stats[1]);
    return out;
  }
  return lp_per_second(s, lp_key) ? RateSource{RateFrom::load_profile, {}} : RateSource{};
}

Assessment assess(const MetricSpec& spec, std::optional<double> base, std::optional<double> target) {
  Assessment a;
  if (!base || !target || !std::isfinite(*base) || !std::isfinite(*target)) return a;
  a.delta = *target - *base;
  if (*base != 0) a.rel_pct = *a.delta / std::fabs(*base) * 100.0;
  a.kind = ChangeKind::unchanged;
  const double d = std::fabs(*a.delta);
  if (d == 0 || d < spec.abs_floor) return a;
  if (!spec.points && spec.rel_floor_pct > 0) {
    // Symmetric relative floor: the larger magnitude must exceed the smaller by rel_floor_pct.
    const double lo = std::min(std::fabs(*base), std::fabs(*target));
    const double hi = std::max(std::fabs(*base), std::fabs(*target));
    if (lo > 0 && hi < lo * (1.0 + spec.rel_floor_pct / 100.0)) return a;
  }
  switch (spec.direction) {
    case Direction::neutral:
      a.kind = ChangeKind::changed;
      break;
    case Direction::higher_is_worse:
      a.kind = *a.delta > 0 ? ChangeKind::worse : ChangeKind::better;
      break;
    case Direction::higher_is_better:
      a.kind = *a.delta > 0 ? ChangeKind::better : ChangeKind::worse;
      break;
  }
  return a;
}

Assessment assess(std::string_view metric_key, std::optional<double> base, std::optional<double> target) {
  static constexpr MetricSpec k_neutral{"", "", "", Direction::neutral, 0, 0};
  const MetricSpec* spec = find_metric(metric_key);
  return assess(spec != nullptr ? *spec : k_neutral, base, target);
}

}  // namespace awrdiff

namespace awrdiff {

std::string metrics_markdown() {
  auto num = [](double v) {
    std::string s = fmt::format("{:.6f}", v);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  };
  std::string out =
      "| Key | Unit | Direction | Absolute floor | Relative floor | Role in `check` | Oracle system metric (unit, factor) |\n"
      "|---|---|---|---:|---:|---|---|\n";
  for (const auto& m : k_metrics) {
    const char* dir = m.direction == Direction::higher_is_worse    ? "higher is worse"
                      : m.direction == Direction::higher_is_better ? "higher is better"
                                                                   : "neutral";
    std::string role = m.family                       ? "family"
                       : !m.checked                   ? "-"
                       : m.role == MetricRole::master ? "master (can fail)"
                       : m.role == MetricRole::load   ? "load (warns)"
                                                      : "warns";
    std::string twins;
    for (const auto* t : {&m.twin, &m.twin2})
      if (!t->metric_name.empty())
        twins += fmt::format("{}{} ({}, × {})", twins.empty() ? "" : "; ", t->metric_name, t->metric_unit, num(t->factor));
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} |\n", m.key, m.unit, dir, num(m.abs_floor),
                       m.points ? std::string("points") : num(m.rel_floor_pct) + "%", role, twins.empty() ? "-" : twins);
  }
  return out;
}

}  // namespace awrdiff
