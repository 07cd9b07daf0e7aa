// awrdiff — the catalog: every report section, column and Load Profile row awrdiff knows, with the
// names they carry across releases (10gR2–23ai, HTML and text). Parsers look things up here and never
// match raw header strings themselves. The tables themselves are in src/catalog/catalog.cpp and are
// printed as docs/catalog.md.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace awrdiff {

/// Sections of an AWR / Statspack report that awrdiff interprets. `unknown` is any other table.
enum class SectionId {
  unknown,
  database_info,   ///< DB Name / DB Id / ... header table
  instance_info,   ///< Instance / Inst Num / Startup Time header table (12c+ splits it out)
  host_info,       ///< Host Name / Platform / CPUs / ... header table
  snapshot_info,   ///< Snap Id / Snap Time / Sessions table (Begin Snap:, End Snap:, Elapsed:, DB Time:)
  load_profile,
  efficiency,
  top_events,      ///< Top 5 Timed Events / Top 5 Timed Foreground Events / Top 10 Foreground Events ...
  wait_classes,    ///< Wait Classes by Total Wait Time (12c+) or Wait Class (10g/11g)
  host_cpu,
  instance_cpu,
  time_model,
  os_stats,
  foreground_wait_class,
  foreground_events,
  background_events,
  wait_events_all, ///< 10g "Wait Events" (foreground and background together)
  sql_elapsed,
  sql_cpu,
  sql_user_io,
  sql_gets,
  sql_reads,
  sql_unoptimized_reads,
  sql_executions,
  sql_parse_calls,
  sql_sharable_memory,
  sql_version_count,
  sql_cluster_wait,
  sql_text,        ///< Complete List of SQL Text
  instance_activity,
  init_ora,
  // RAC global report (awrgrpt.sql): tables with one row per instance (I#) and cluster totals.
  rac_database_summary,      ///< Database Summary: DB Id, name, snap ids, instances, DB time and elapsed (min)
  rac_instances,             ///< Database Instances Included In Report: one row per instance
  rac_time_model,            ///< Time Model: one column per statistic, rows per instance and Sum
  rac_top_foreground_events, ///< Top Timed Foreground Events: '*' rows are cluster-wide
  rac_sysstat_per_second,    ///< System Statistics - Per Second: rows per instance and Sum
  containers,                ///< Container DB Id / Container Name / Open Time (12c+ CDB and PDB reports)
  rac_os_stats,              ///< OS Statistics By Instance: #CPUs, % Usr/Sys/WIO/Idl and CPU time per instance
  rac_foreground_wait_classes, ///< Foreground Wait Classes: one column per wait class (s), rows per instance and Sum
};

/// How a section's rows are laid out in text reports.
enum class TextLayout {
  table,        ///< one line per row under a dashed rule
  sql_records,  ///< one line of figures, then `Module:` and wrapped SQL text, blank line between
  header,       ///< top-of-report header tables (no title line)
};

/// One known section: its catalog key, the titles it has carried (text reports and HTML headings),
/// the substrings of HTML `summary=` attributes that identify it, and whether it is a "SQL ordered
/// by" list.
struct SectionSpec {
  SectionId id;
  std::string_view key;                    ///< stable snake_case id, used in JSON and diagnostics
  std::string_view display;                ///< the title to show
  std::span<const std::string_view> titles;     ///< titles (normalised match: case and spaces folded)
  std::span<const std::string_view> summaries;  ///< HTML summary substrings (lower-case)
  TextLayout layout = TextLayout::table;
  bool is_sql_list = false;
};

/// Columns awrdiff reads, across sections. Each has one canonical unit (the suffix of its key).
enum class ColumnId {
  unknown,
  label,            ///< unnamed first column (Load Profile row label, Begin Snap:/End Snap:)
  db_name, dbid, unique_name, role, edition, release, rac, cdb, container,
  instance, instance_number, startup_time,
  host_name, platform, cpus, cores, sockets, memory_gb,
  snap_id, snap_time, sessions, cursors_per_session, instances,
  per_second, per_transaction, per_exec, per_call,
  event, waits, pct_timeouts, time_s, avg_wait_ms, pct_db_time, wait_class, avg_active_sessions,
  statistic, value, begin_value, end_value, total, per_trans,
  sql_id, elapsed_s, executions, elapsed_per_exec_s, pct_total, pct_cpu, pct_io,
  cpu_s, cpu_per_exec_s, user_io_s, buffer_gets, gets_per_exec, physical_reads, reads_per_exec,
  rows_processed, rows_per_exec, parse_calls, pct_total_parses, module, sql_text,
  parameter,
  hash_value, old_hash_value, plan_hash_value,  ///< Statspack SQL keys; Plan Hash Value
  con_dbid,         ///< Container DB Id (PDB-level reports, 12c+)
  inst_id,          ///< I#: instance number of a RAC global report row ('*', Sum, Avg, Std for totals)
  in_report,        ///< Number of Instances / Hosts "In Report" (RAC global Database Summary)
  elapsed_min, db_time_min,          ///< Elapsed Time(min), DB time(min) (RAC global summaries)
  begin_snap_time, end_snap_time,    ///< Begin Snap Time, End Snap Time (RAC global instance list)
  pdb_name,         ///< PDB Name of a SQL list row (CDB root reports, 12.2+)
  load_average_begin, load_average_end, pct_user, pct_system, pct_wio, pct_idle,
};

/// The unit a column's numbers are normalised to.
enum class Unit {
  none,      ///< text
  count,     ///< plain number (K/M/G/T suffixes 1000-based)
  seconds,
  millis,
  percent,
  bytes,     ///< data size (K/M/G/T suffixes 1024-based)
  megabytes,
  gigabytes,
};

struct ColumnSpec {
  ColumnId id;
  std::string_view key;
  Unit unit;
  std::span<const std::string_view> aliases;  ///< header texts (normalised match)
};

/// A Load Profile row: its catalog key, unit of the per-second figure, and labels across releases.
struct LoadProfileSpec {
  std::string_view key;
  std::string_view display;    ///< label to show
  std::string_view unit;       ///< unit of the Per Second figure, e.g. "s/s", "bytes/s", "/s"
  std::span<const std::string_view> aliases;
};

/// Normalises a title or header for matching: lower-case, whitespace removed, trailing ':' dropped.
std::string normalize_label(std::string_view text);

/// All known sections (for docs and tests).
std::span<const SectionSpec> all_sections();
/// All known columns (for docs and tests).
std::span<const ColumnSpec> all_columns();
/// All known Load Profile rows (for docs and tests).
std::span<const LoadProfileSpec> all_load_profile_rows();

/// The section a title names (HTML heading or text title line, "DB/Inst: ..." suffix removed);
/// nullptr when the title is unknown.
const SectionSpec* find_section_by_title(std::string_view title);
/// The section an HTML table's `summary=` attribute names; nullptr when unknown.
const SectionSpec* find_section_by_summary(std::string_view summary);
/// The catalog entry for a section id (never null for a real id).
const SectionSpec& section_spec(SectionId id);
/// The column a header text names; ColumnId::unknown when none. An empty header is `label`.
ColumnId find_column(std::string_view header);
const ColumnSpec& column_spec(ColumnId id);
/// The Load Profile row a label names ("DB Time(s):", "Redo size:", ...); nullptr when unknown.
const LoadProfileSpec* find_load_profile_row(std::string_view label);
/// Expands a wait class name cut to the text report's column width ("Applicat" → "Application",
/// "Concurrenc" → "Concurrency"); returns the input unchanged when it is not a known prefix.
std::string expand_wait_class(std::string_view name);
/// The time model statistic a column of the RAC global report's Time Model table holds ("DB time (s)"
/// -> "DB time", "SQL Exec Ela (s)" -> "sql execute elapsed time", "bg CPU (s)" -> "background cpu
/// time"); empty when the header is not a known statistic.
std::string_view global_time_model_statistic(std::string_view header);
/// The wait class a column of the RAC global report's Foreground Wait Classes table holds ("User
/// I/O(s)" -> "User I/O", "Concurcy (s)" -> "Concurrency", "DB CPU (s)" -> "DB CPU"); empty when the
/// header is not a wait class.
std::string_view global_wait_class(std::string_view header);
/// True for an event Oracle classes as Idle (wait class "Idle" in V$EVENT_NAME), by name. Used where
/// a report prints no wait class (Statspack, 10g text) or lists idle events among its top events.
bool is_idle_event(std::string_view name);

}  // namespace awrdiff
