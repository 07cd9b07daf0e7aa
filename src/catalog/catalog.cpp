// The catalog's data tables. Add a release's new name for a section or column here, and every
// parser and renderer picks it up.
#include <awrdiff/catalog.hpp>

#include <algorithm>
#include <array>
#include <cctype>

namespace awrdiff {
namespace {

// Static storage for alias lists: each list is a constexpr array, referenced by a span.
#define AWRDIFF_NAMES(var, ...) constexpr std::string_view var[] = {__VA_ARGS__}

// ---- sections --------------------------------------------------------------------------------
AWRDIFF_NAMES(t_none, "");
AWRDIFF_NAMES(t_load_profile, "Load Profile");
AWRDIFF_NAMES(s_load_profile, "load profile");
AWRDIFF_NAMES(t_efficiency, "Instance Efficiency Percentages (Target 100%)",
              "Instance Efficiency Percentages", "Instance Efficiency Indicators");
AWRDIFF_NAMES(s_efficiency, "instance efficiency");
AWRDIFF_NAMES(t_top_events, "Top 10 Foreground Events by Total Wait Time", "Top 5 Timed Foreground Events",
              "Top 5 Timed Events", "Top Timed Events", "Top 10 Foreground Events by Wait Time",
              "Top 10 Events by Total Wait Time");
AWRDIFF_NAMES(s_top_events, "top 10 wait events", "top 5 timed foreground events", "top 5 timed events",
              "top timed events", "top 10 foreground events");
AWRDIFF_NAMES(t_wait_classes, "Wait Classes by Total Wait Time", "Wait Class");
AWRDIFF_NAMES(s_wait_classes, "wait class statistics ordered by total wait time");
AWRDIFF_NAMES(t_host_cpu, "Host CPU", "Host CPU (CPUs:");
AWRDIFF_NAMES(s_host_cpu, "system load statistics");
AWRDIFF_NAMES(t_instance_cpu, "Instance CPU");
AWRDIFF_NAMES(s_instance_cpu, "cpu usage and wait statistics");
AWRDIFF_NAMES(t_time_model, "Time Model Statistics", "Time Model System Stats");
AWRDIFF_NAMES(s_time_model, "time model statistics");
AWRDIFF_NAMES(t_os_stats, "Operating System Statistics", "OS Statistics");
AWRDIFF_NAMES(s_os_stats, "operating systems statistics. for each statistic");
AWRDIFF_NAMES(t_fg_wait_class, "Foreground Wait Class");
AWRDIFF_NAMES(s_fg_wait_class, "foreground wait class statistics");
AWRDIFF_NAMES(t_fg_events, "Foreground Wait Events");
AWRDIFF_NAMES(s_fg_events, "foreground wait events and their wait statistics");
AWRDIFF_NAMES(t_bg_events, "Background Wait Events", "Background Wait Events for DB");
AWRDIFF_NAMES(s_bg_events, "background wait events statistics");
AWRDIFF_NAMES(t_wait_events, "Wait Events");
AWRDIFF_NAMES(t_sql_elapsed, "SQL ordered by Elapsed Time");
AWRDIFF_NAMES(s_sql_elapsed, "top sql by elapsed time");
AWRDIFF_NAMES(t_sql_cpu, "SQL ordered by CPU Time");
AWRDIFF_NAMES(s_sql_cpu, "top sql by cpu time");
AWRDIFF_NAMES(t_sql_user_io, "SQL ordered by User I/O Wait Time");
AWRDIFF_NAMES(s_sql_user_io, "top sql by user i/o time");
AWRDIFF_NAMES(t_sql_gets, "SQL ordered by Gets");
AWRDIFF_NAMES(s_sql_gets, "top sql by buffer gets");
AWRDIFF_NAMES(t_sql_reads, "SQL ordered by Reads");
AWRDIFF_NAMES(s_sql_reads, "top sql by physical reads");
AWRDIFF_NAMES(t_sql_unopt, "SQL ordered by Physical Reads (UnOptimized)");
AWRDIFF_NAMES(s_sql_unopt, "top sql by unoptimized read requests");
AWRDIFF_NAMES(t_sql_exec, "SQL ordered by Executions");
AWRDIFF_NAMES(s_sql_exec, "top sql by number of executions");
AWRDIFF_NAMES(t_sql_parse, "SQL ordered by Parse Calls");
AWRDIFF_NAMES(s_sql_parse, "top sql by number of parse calls");
AWRDIFF_NAMES(t_sql_mem, "SQL ordered by Sharable Memory");
AWRDIFF_NAMES(s_sql_mem, "top sql by amount of shared memory");
AWRDIFF_NAMES(t_sql_version, "SQL ordered by Version Count");
AWRDIFF_NAMES(s_sql_version, "top sql by version count");
AWRDIFF_NAMES(t_sql_cluster, "SQL ordered by Cluster Wait Time");
AWRDIFF_NAMES(s_sql_cluster, "top sql by cluster wait time");
AWRDIFF_NAMES(t_sql_text, "Complete List of SQL Text");
AWRDIFF_NAMES(s_sql_text, "text of the sql statements");
AWRDIFF_NAMES(t_activity, "Instance Activity Stats", "Key Instance Activity Stats", "Other Instance Activity Stats",
              "Instance Activity Statistics");
AWRDIFF_NAMES(s_activity, "instance activity statistics. for each instance");
AWRDIFF_NAMES(t_init_ora, "init.ora Parameters");
AWRDIFF_NAMES(s_init_ora, "initialization parameters", "init.ora parameters");

constexpr SectionSpec k_sections[] = {
    {SectionId::database_info, "database_info", "Database", t_none, {}, TextLayout::header},
    {SectionId::instance_info, "instance_info", "Instance", t_none, {}, TextLayout::header},
    {SectionId::host_info, "host_info", "Host", t_none, {}, TextLayout::header},
    {SectionId::snapshot_info, "snapshot_info", "Snapshots", t_none, {}, TextLayout::header},
    {SectionId::load_profile, "load_profile", "Load Profile", t_load_profile, s_load_profile},
    {SectionId::efficiency, "efficiency", "Instance Efficiency Percentages", t_efficiency, s_efficiency},
    {SectionId::top_events, "top_events", "Top Timed Events", t_top_events, s_top_events},
    {SectionId::wait_classes, "wait_classes", "Wait Classes", t_wait_classes, s_wait_classes},
    {SectionId::host_cpu, "host_cpu", "Host CPU", t_host_cpu, s_host_cpu},
    {SectionId::instance_cpu, "instance_cpu", "Instance CPU", t_instance_cpu, s_instance_cpu},
    {SectionId::time_model, "time_model", "Time Model Statistics", t_time_model, s_time_model},
    {SectionId::os_stats, "os_stats", "Operating System Statistics", t_os_stats, s_os_stats},
    {SectionId::foreground_wait_class, "foreground_wait_class", "Foreground Wait Class", t_fg_wait_class,
     s_fg_wait_class},
    {SectionId::foreground_events, "foreground_events", "Foreground Wait Events", t_fg_events, s_fg_events},
    {SectionId::background_events, "background_events", "Background Wait Events", t_bg_events, s_bg_events},
    {SectionId::wait_events_all, "wait_events", "Wait Events", t_wait_events, {}},
    {SectionId::sql_elapsed, "sql_elapsed", "SQL ordered by Elapsed Time", t_sql_elapsed, s_sql_elapsed,
     TextLayout::sql_records, true},
    {SectionId::sql_cpu, "sql_cpu", "SQL ordered by CPU Time", t_sql_cpu, s_sql_cpu, TextLayout::sql_records, true},
    {SectionId::sql_user_io, "sql_user_io", "SQL ordered by User I/O Wait Time", t_sql_user_io, s_sql_user_io,
     TextLayout::sql_records, true},
    {SectionId::sql_gets, "sql_gets", "SQL ordered by Gets", t_sql_gets, s_sql_gets, TextLayout::sql_records, true},
    {SectionId::sql_reads, "sql_reads", "SQL ordered by Reads", t_sql_reads, s_sql_reads, TextLayout::sql_records,
     true},
    {SectionId::sql_unoptimized_reads, "sql_unoptimized_reads", "SQL ordered by Physical Reads (UnOptimized)",
     t_sql_unopt, s_sql_unopt, TextLayout::sql_records, true},
    {SectionId::sql_executions, "sql_executions", "SQL ordered by Executions", t_sql_exec, s_sql_exec,
     TextLayout::sql_records, true},
    {SectionId::sql_parse_calls, "sql_parse_calls", "SQL ordered by Parse Calls", t_sql_parse, s_sql_parse,
     TextLayout::sql_records, true},
    {SectionId::sql_sharable_memory, "sql_sharable_memory", "SQL ordered by Sharable Memory", t_sql_mem, s_sql_mem,
     TextLayout::sql_records, true},
    {SectionId::sql_version_count, "sql_version_count", "SQL ordered by Version Count", t_sql_version,
     s_sql_version, TextLayout::sql_records, true},
    {SectionId::sql_cluster_wait, "sql_cluster_wait", "SQL ordered by Cluster Wait Time", t_sql_cluster,
     s_sql_cluster, TextLayout::sql_records, true},
    {SectionId::sql_text, "sql_text", "Complete List of SQL Text", t_sql_text, s_sql_text, TextLayout::sql_records},
    {SectionId::instance_activity, "instance_activity", "Instance Activity Stats", t_activity, s_activity},
    {SectionId::init_ora, "init_ora", "init.ora Parameters", t_init_ora, s_init_ora},
};

// ---- columns ---------------------------------------------------------------------------------
AWRDIFF_NAMES(c_label, "");
AWRDIFF_NAMES(c_db_name, "DB Name");
AWRDIFF_NAMES(c_dbid, "DB Id", "DBID");
AWRDIFF_NAMES(c_unique_name, "Unique Name");
AWRDIFF_NAMES(c_role, "Role", "DB Role");
AWRDIFF_NAMES(c_edition, "Edition");
AWRDIFF_NAMES(c_release, "Release");
AWRDIFF_NAMES(c_rac, "RAC");
AWRDIFF_NAMES(c_cdb, "CDB");
AWRDIFF_NAMES(c_container, "Container Name", "Container");
AWRDIFF_NAMES(c_instance, "Instance");
AWRDIFF_NAMES(c_inst_num, "Inst Num", "Inst num", "Instance Number");
AWRDIFF_NAMES(c_startup, "Startup Time");
AWRDIFF_NAMES(c_host, "Host Name", "Host");
AWRDIFF_NAMES(c_platform, "Platform");
AWRDIFF_NAMES(c_cpus, "CPUs");
AWRDIFF_NAMES(c_cores, "Cores");
AWRDIFF_NAMES(c_sockets, "Sockets");
AWRDIFF_NAMES(c_memory, "Memory (GB)", "Memory(GB)", "Memory");
AWRDIFF_NAMES(c_snap_id, "Snap Id");
AWRDIFF_NAMES(c_snap_time, "Snap Time");
AWRDIFF_NAMES(c_sessions, "Sessions");
AWRDIFF_NAMES(c_curs, "Cursors/Session", "Curs/Sess");
AWRDIFF_NAMES(c_instances, "Instances");
AWRDIFF_NAMES(c_per_second, "Per Second", "per Second", "Per Sec");
AWRDIFF_NAMES(c_per_txn, "Per Transaction", "Per Txn");
AWRDIFF_NAMES(c_per_exec, "Per Exec");
AWRDIFF_NAMES(c_per_call, "Per Call");
AWRDIFF_NAMES(c_event, "Event");
AWRDIFF_NAMES(c_waits, "Waits");
AWRDIFF_NAMES(c_timeouts, "%Time -outs", "%Time-outs", "% Timeouts", "%Timeouts");
AWRDIFF_NAMES(c_time_s, "Total Wait Time (sec)", "Total Wait Time (s)", "Time (s)", "Time(s)", "Tota Time",
              "Total Time (s)", "Wait Time (s)", "Total Wait Time(s)");
AWRDIFF_NAMES(c_avg_wait, "Avg Wait", "Avg wait (ms)", "Avg Wait (ms)", "Avg(ms)", "Wait Avg(ms)",
              "Avg Wait(ms)", "Avg wait(ms)", "Wait Avg (ms)", "Avg Wait Time", "Avg Wait Time (ms)");
AWRDIFF_NAMES(c_pct_db_time, "% DB time", "%DB time", "% of DB Time", "% DB Time", "% Total Call Time",
              "%Total Call Time", "% of DB time");
AWRDIFF_NAMES(c_wait_class, "Wait Class");
AWRDIFF_NAMES(c_aas, "Avg Active Sessions", "Active Sessions", "Avg Active Sess");
AWRDIFF_NAMES(c_statistic, "Statistic Name", "Statistic");
AWRDIFF_NAMES(c_value, "Value");
AWRDIFF_NAMES(c_begin_value, "Begin value", "Begin Value");
AWRDIFF_NAMES(c_end_value, "End value (if different)", "End value", "End Value");
AWRDIFF_NAMES(c_total, "Total");
AWRDIFF_NAMES(c_per_trans, "per Trans");
AWRDIFF_NAMES(c_sql_id, "SQL Id", "SQL ID", "SQLId");
AWRDIFF_NAMES(c_elapsed, "Elapsed Time (s)", "Elapsed Time(s)", "Elapsed Time (s)", "Elapsd Time (s)",
              "Elapsed (s)");
AWRDIFF_NAMES(c_executions, "Executions", "Execs", "Executions ");
AWRDIFF_NAMES(c_ela_per_exec, "Elapsed Time per Exec (s)", "Elap per Exec (s)", "Elapsed per Exec (s)");
AWRDIFF_NAMES(c_pct_total, "%Total", "% Total");
AWRDIFF_NAMES(c_pct_cpu, "%CPU");
AWRDIFF_NAMES(c_pct_io, "%IO");
AWRDIFF_NAMES(c_cpu, "CPU Time (s)", "CPU Time(s)", "CPU Time");
AWRDIFF_NAMES(c_cpu_per_exec, "CPU per Exec (s)", "CPU per Exec(s)");
AWRDIFF_NAMES(c_user_io, "User I/O Time (s)", "UIO Time (s)", "User I/O Wait Time (s)");
AWRDIFF_NAMES(c_gets, "Buffer Gets");
AWRDIFF_NAMES(c_gets_per_exec, "Gets per Exec");
AWRDIFF_NAMES(c_reads, "Physical Reads");
AWRDIFF_NAMES(c_reads_per_exec, "Reads per Exec");
AWRDIFF_NAMES(c_rows, "Rows Processed");
AWRDIFF_NAMES(c_rows_per_exec, "Rows per Exec");
AWRDIFF_NAMES(c_parse_calls, "Parse Calls");
AWRDIFF_NAMES(c_pct_parses, "% Total Parses");
AWRDIFF_NAMES(c_module, "SQL Module", "Module");
AWRDIFF_NAMES(c_sql_text, "SQL Text");
AWRDIFF_NAMES(c_parameter, "Parameter Name");
AWRDIFF_NAMES(c_load_begin, "Load Average Begin", "Begin");
AWRDIFF_NAMES(c_load_end, "Load Average End", "End");
AWRDIFF_NAMES(c_pct_user, "%User", "% User");
AWRDIFF_NAMES(c_pct_system, "%System", "% System");
AWRDIFF_NAMES(c_pct_wio, "%WIO", "% WIO");
AWRDIFF_NAMES(c_pct_idle, "%Idle", "% Idle");

constexpr ColumnSpec k_columns[] = {
    {ColumnId::label, "label", Unit::none, c_label},
    {ColumnId::db_name, "db_name", Unit::none, c_db_name},
    {ColumnId::dbid, "dbid", Unit::none, c_dbid},
    {ColumnId::unique_name, "unique_name", Unit::none, c_unique_name},
    {ColumnId::role, "role", Unit::none, c_role},
    {ColumnId::edition, "edition", Unit::none, c_edition},
    {ColumnId::release, "release", Unit::none, c_release},
    {ColumnId::rac, "rac", Unit::none, c_rac},
    {ColumnId::cdb, "cdb", Unit::none, c_cdb},
    {ColumnId::container, "container", Unit::none, c_container},
    {ColumnId::instance, "instance", Unit::none, c_instance},
    {ColumnId::instance_number, "instance_number", Unit::count, c_inst_num},
    {ColumnId::startup_time, "startup_time", Unit::none, c_startup},
    {ColumnId::host_name, "host_name", Unit::none, c_host},
    {ColumnId::platform, "platform", Unit::none, c_platform},
    {ColumnId::cpus, "cpus", Unit::count, c_cpus},
    {ColumnId::cores, "cores", Unit::count, c_cores},
    {ColumnId::sockets, "sockets", Unit::count, c_sockets},
    {ColumnId::memory_gb, "memory_gb", Unit::gigabytes, c_memory},
    {ColumnId::snap_id, "snap_id", Unit::count, c_snap_id},
    {ColumnId::snap_time, "snap_time", Unit::none, c_snap_time},
    {ColumnId::sessions, "sessions", Unit::count, c_sessions},
    {ColumnId::cursors_per_session, "cursors_per_session", Unit::count, c_curs},
    {ColumnId::instances, "instances", Unit::count, c_instances},
    {ColumnId::per_second, "per_second", Unit::count, c_per_second},
    {ColumnId::per_transaction, "per_transaction", Unit::count, c_per_txn},
    {ColumnId::per_exec, "per_exec", Unit::count, c_per_exec},
    {ColumnId::per_call, "per_call", Unit::count, c_per_call},
    {ColumnId::event, "event", Unit::none, c_event},
    {ColumnId::waits, "waits", Unit::count, c_waits},
    {ColumnId::pct_timeouts, "pct_timeouts", Unit::percent, c_timeouts},
    {ColumnId::time_s, "time_s", Unit::seconds, c_time_s},
    {ColumnId::avg_wait_ms, "avg_wait_ms", Unit::millis, c_avg_wait},
    {ColumnId::pct_db_time, "pct_db_time", Unit::percent, c_pct_db_time},
    {ColumnId::wait_class, "wait_class", Unit::none, c_wait_class},
    {ColumnId::avg_active_sessions, "avg_active_sessions", Unit::count, c_aas},
    {ColumnId::statistic, "statistic", Unit::none, c_statistic},
    {ColumnId::value, "value", Unit::count, c_value},
    {ColumnId::begin_value, "begin_value", Unit::none, c_begin_value},
    {ColumnId::end_value, "end_value", Unit::none, c_end_value},
    {ColumnId::total, "total", Unit::count, c_total},
    {ColumnId::per_trans, "per_trans", Unit::count, c_per_trans},
    {ColumnId::sql_id, "sql_id", Unit::none, c_sql_id},
    {ColumnId::elapsed_s, "elapsed_s", Unit::seconds, c_elapsed},
    {ColumnId::executions, "executions", Unit::count, c_executions},
    {ColumnId::elapsed_per_exec_s, "elapsed_per_exec_s", Unit::seconds, c_ela_per_exec},
    {ColumnId::pct_total, "pct_total", Unit::percent, c_pct_total},
    {ColumnId::pct_cpu, "pct_cpu", Unit::percent, c_pct_cpu},
    {ColumnId::pct_io, "pct_io", Unit::percent, c_pct_io},
    {ColumnId::cpu_s, "cpu_s", Unit::seconds, c_cpu},
    {ColumnId::cpu_per_exec_s, "cpu_per_exec_s", Unit::seconds, c_cpu_per_exec},
    {ColumnId::user_io_s, "user_io_s", Unit::seconds, c_user_io},
    {ColumnId::buffer_gets, "buffer_gets", Unit::count, c_gets},
    {ColumnId::gets_per_exec, "gets_per_exec", Unit::count, c_gets_per_exec},
    {ColumnId::physical_reads, "physical_reads", Unit::count, c_reads},
    {ColumnId::reads_per_exec, "reads_per_exec", Unit::count, c_reads_per_exec},
    {ColumnId::rows_processed, "rows_processed", Unit::count, c_rows},
    {ColumnId::rows_per_exec, "rows_per_exec", Unit::count, c_rows_per_exec},
    {ColumnId::parse_calls, "parse_calls", Unit::count, c_parse_calls},
    {ColumnId::pct_total_parses, "pct_total_parses", Unit::percent, c_pct_parses},
    {ColumnId::module, "module", Unit::none, c_module},
    {ColumnId::sql_text, "sql_text", Unit::none, c_sql_text},
    {ColumnId::parameter, "parameter", Unit::none, c_parameter},
    {ColumnId::load_average_begin, "load_average_begin", Unit::count, c_load_begin},
    {ColumnId::load_average_end, "load_average_end", Unit::count, c_load_end},
    {ColumnId::pct_user, "pct_user", Unit::percent, c_pct_user},
    {ColumnId::pct_system, "pct_system", Unit::percent, c_pct_system},
    {ColumnId::pct_wio, "pct_wio", Unit::percent, c_pct_wio},
    {ColumnId::pct_idle, "pct_idle", Unit::percent, c_pct_idle},
};
constexpr ColumnSpec k_unknown_column{ColumnId::unknown, "unknown", Unit::none, {}};

// ---- Load Profile rows -----------------------------------------------------------------------
AWRDIFF_NAMES(l_db_time, "DB Time(s)", "DB time(s)", "DB Time (s)");
AWRDIFF_NAMES(l_db_cpu, "DB CPU(s)", "DB CPU (s)");
AWRDIFF_NAMES(l_bg_cpu, "Background CPU(s)");
AWRDIFF_NAMES(l_redo, "Redo size (bytes)", "Redo size", "Redo size(bytes)");
AWRDIFF_NAMES(l_logical, "Logical read (blocks)", "Logical reads", "Logical read");
AWRDIFF_NAMES(l_block_changes, "Block changes");
AWRDIFF_NAMES(l_phys_read, "Physical read (blocks)", "Physical reads", "Physical read");
AWRDIFF_NAMES(l_phys_write, "Physical write (blocks)", "Physical writes", "Physical write");
AWRDIFF_NAMES(l_read_io_req, "Read IO requests");
AWRDIFF_NAMES(l_write_io_req, "Write IO requests");
AWRDIFF_NAMES(l_read_io_mb, "Read IO (MB)");
AWRDIFF_NAMES(l_write_io_mb, "Write IO (MB)");
AWRDIFF_NAMES(l_im_scan_rows, "IM scan rows");
AWRDIFF_NAMES(l_im_logical, "Session Logical Read IM");
AWRDIFF_NAMES(l_gc_received, "RAC GC blocks received", "Global Cache blocks received");
AWRDIFF_NAMES(l_gc_served, "RAC GC blocks served", "Global Cache blocks served");
AWRDIFF_NAMES(l_user_calls, "User calls");
AWRDIFF_NAMES(l_parses, "Parses (SQL)", "Parses");
AWRDIFF_NAMES(l_hard_parses, "Hard parses (SQL)", "Hard parses");
AWRDIFF_NAMES(l_workarea, "SQL Work Area (MB)", "W/A MB processed");
AWRDIFF_NAMES(l_logons, "Logons");
AWRDIFF_NAMES(l_user_logons, "User logons");
AWRDIFF_NAMES(l_executes, "Executes (SQL)", "Executes");
AWRDIFF_NAMES(l_rollbacks, "Rollbacks");
AWRDIFF_NAMES(l_transactions, "Transactions");
AWRDIFF_NAMES(l_sorts, "Sorts");
AWRDIFF_NAMES(l_user_commits, "User commits");

constexpr LoadProfileSpec k_load_profile[] = {
    {"db_time", "DB Time(s)", "s/s", l_db_time},
    {"db_cpu", "DB CPU(s)", "s/s", l_db_cpu},
    {"background_cpu", "Background CPU(s)", "s/s", l_bg_cpu},
    {"redo_size", "Redo size (bytes)", "bytes/s", l_redo},
    {"logical_reads", "Logical read (blocks)", "blocks/s", l_logical},
    {"block_changes", "Block changes", "/s", l_block_changes},
    {"physical_reads", "Physical read (blocks)", "blocks/s", l_phys_read},
    {"physical_writes", "Physical write (blocks)", "blocks/s", l_phys_write},
    {"read_io_requests", "Read IO requests", "/s", l_read_io_req},
    {"write_io_requests", "Write IO requests", "/s", l_write_io_req},
    {"read_io_mb", "Read IO (MB)", "MB/s", l_read_io_mb},
    {"write_io_mb", "Write IO (MB)", "MB/s", l_write_io_mb},
    {"im_scan_rows", "IM scan rows", "/s", l_im_scan_rows},
    {"im_logical_reads", "Session Logical Read IM", "/s", l_im_logical},
    {"gc_blocks_received", "RAC GC blocks received", "/s", l_gc_received},
    {"gc_blocks_served", "RAC GC blocks served", "/s", l_gc_served},
    {"user_calls", "User calls", "/s", l_user_calls},
    {"parses", "Parses (SQL)", "/s", l_parses},
    {"hard_parses", "Hard parses (SQL)", "/s", l_hard_parses},
    {"workarea_mb", "SQL Work Area (MB)", "MB/s", l_workarea},
    {"logons", "Logons", "/s", l_logons},
    {"user_logons", "User logons", "/s", l_user_logons},
    {"executes", "Executes (SQL)", "/s", l_executes},
    {"rollbacks", "Rollbacks", "/s", l_rollbacks},
    {"transactions", "Transactions", "/s", l_transactions},
    {"sorts", "Sorts", "/s", l_sorts},
    {"user_commits", "User commits", "/s", l_user_commits},
};

constexpr std::string_view k_wait_classes[] = {
    "Administrative", "Application", "Cluster", "Commit", "Concurrency", "Configuration", "Idle",
    "Network", "Other", "Queueing", "Scheduler", "System I/O", "User I/O",
};

#undef AWRDIFF_NAMES

// normalize_label(name) == normalized, without building the string: catalog lookups run for every
// header and title of a report, so they must not allocate (ASCII rules, as in the "C" locale).
bool normalized_equals(std::string_view name, std::string_view normalized) {
  std::size_t j = 0;
  for (char ch : name) {
    auto u = static_cast<unsigned char>(ch);
    if (u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2) continue;
    if (u >= 'A' && u <= 'Z') u = static_cast<unsigned char>(u + ('a' - 'A'));
    if (j < normalized.size()) {
      if (static_cast<unsigned char>(normalized[j]) != u) return false;
      ++j;
    } else if (u != ':') {
      return false;  // only trailing colons may follow (normalize_label drops them)
    }
  }
  return j == normalized.size();
}

bool matches_any(std::string_view normalized, std::span<const std::string_view> names) {
  return std::any_of(names.begin(), names.end(), [&](std::string_view n) { return normalized_equals(n, normalized); });
}

}  // namespace

std::string normalize_label(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2) continue;  // also folds UTF-8 NBSP bytes
    if (u >= 'A' && u <= 'Z') u = static_cast<unsigned char>(u + ('a' - 'A'));  // ASCII, as the "C" locale
    out.push_back(static_cast<char>(u));
  }
  while (!out.empty() && out.back() == ':') out.pop_back();
  return out;
}

std::span<const SectionSpec> all_sections() { return k_sections; }
std::span<const ColumnSpec> all_columns() { return k_columns; }
std::span<const LoadProfileSpec> all_load_profile_rows() { return k_load_profile; }

const SectionSpec* find_section_by_title(std::string_view title) {
  // Text reports follow the title with "DB/Inst: NAME/inst  Snaps: 1-2"; Statspack with "DB/Inst:" too.
  if (auto pos = title.find("DB/Inst:"); pos != std::string_view::npos) title = title.substr(0, pos);
  if (auto pos = title.find("DB/Inst/Cont:"); pos != std::string_view::npos) title = title.substr(0, pos);
  const std::string norm = normalize_label(title);
  if (norm.empty()) return nullptr;
  for (const auto& s : k_sections)
    if (matches_any(norm, s.titles)) return &s;
  return nullptr;
}

const SectionSpec* find_section_by_summary(std::string_view summary) {
  std::string lower;
  lower.reserve(summary.size());
  bool space = false;
  for (char c : summary) {
    auto u = static_cast<unsigned char>(c);
    if (std::isspace(u) != 0) {
      space = true;
      continue;
    }
    if (space && !lower.empty()) lower.push_back(' ');
    space = false;
    lower.push_back(static_cast<char>(std::tolower(u)));
  }
  for (const auto& s : k_sections)
    for (auto sub : s.summaries)
      if (lower.find(sub) != std::string::npos) return &s;
  return nullptr;
}

const SectionSpec& section_spec(SectionId id) {
  static constexpr SectionSpec unknown{SectionId::unknown, "unknown", "Unknown section", {}, {}};
  for (const auto& s : k_sections)
    if (s.id == id) return s;
  return unknown;
}

ColumnId find_column(std::string_view header) {
  const std::string norm = normalize_label(header);
  if (norm.empty()) return ColumnId::label;
  for (const auto& c : k_columns)
    if (c.id != ColumnId::label && matches_any(norm, c.aliases)) return c.id;
  return ColumnId::unknown;
}

const ColumnSpec& column_spec(ColumnId id) {
  for (const auto& c : k_columns)
    if (c.id == id) return c;
  return k_unknown_column;
}

const LoadProfileSpec* find_load_profile_row(std::string_view label) {
  const std::string norm = normalize_label(label);
  for (const auto& r : k_load_profile)
    if (matches_any(norm, r.aliases)) return &r;
  return nullptr;
}

std::string expand_wait_class(std::string_view name) {
  if (name.size() < 4) return std::string(name);
  const std::string* found = nullptr;
  std::string match;
  for (auto wc : k_wait_classes) {
    if (wc.size() >= name.size() && wc.substr(0, name.size()) == name) {
      if (found != nullptr) return std::string(name);  // ambiguous prefix
      match = std::string(wc);
      found = &match;
    }
  }
  return found != nullptr ? match : std::string(name);
}

}  // namespace awrdiff
