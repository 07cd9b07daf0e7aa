// awrdiff — the catalog: every report section, column and Load Profile row awrdiff knows, with the
// names they carry across releases (10gR2–23ai, HTML and text). Parsers look things up here and never
// match raw header strings themselves. The tables themselves are in src/catalog/catalog.cpp and are
// printed as docs/catalog.md.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace awrdiff {

/// Sections of an AWR / Statspack report that awrdiff interprets. `unknown` is any other table.
enum class SectionId {
  unknown,
  database_info,  ///< DB Name / DB Id / ... header table
  instance_info,  ///< Instance / Inst Num / Startup Time header table (12c+ splits it out)
  host_info,  ///< Host Name / Platform / CPUs / ... header table
  snapshot_info,  ///< Snap Id / Snap Time / Sessions table (Begin Snap:, End Snap:, Elapsed:, DB Time:)
  load_profile,
  efficiency,
  top_events,  ///< Top 5 Timed Events / Top 5 Timed Foreground Events / Top 10 Foreground Events ...
  wait_classes,  ///< Wait Classes by Total Wait Time (12c+) or Wait Class (10g/11g)
  host_cpu,
  instance_cpu,
  time_model,
  os_stats,
  foreground_wait_class,
  foreground_events,
  background_events,
  wait_events_all,  ///< 10g "Wait Events" (foreground and background together)
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
  sql_text,  ///< Complete List of SQL Text
  instance_activity,
  init_ora,
  // ---- Instance activity --------------------------------------------------------------------
  instance_activity_absolute,  ///< Instance Activity Stats - Absolute Values (begin/end values)
  instance_activity_thread,  ///< Instance Activity Stats - Thread Activity (log switches)
  // ---- I/O ----------------------------------------------------------------------------------
  io_profile,  ///< IO Profile (12c+ summary)
  iostat_function,  ///< IOStat by Function summary
  iostat_filetype,  ///< IOStat by Filetype summary
  iostat_function_filetype,  ///< IOStat by Function/Filetype summary
  tablespace_io,  ///< Tablespace IO Stats
  file_io,  ///< File IO Stats
  // ---- wait event histograms ------------------------------------------------------------------
  wait_histogram,  ///< Wait Event Histogram (<1ms ... >1s)
  wait_histogram_us,  ///< Wait Event Histogram (up to 64 us) / the 512 us variant, 12.2+
  wait_histogram_32ms,  ///< Wait Event Histogram (up to 32 ms), 12.2+
  wait_histogram_2s,  ///< Wait Event Histogram Detail (64 msec to 2 sec) / (up to 2 sec)
  wait_histogram_2min,  ///< Wait Event Histogram Detail (4 sec to 2 min) / (up to 2 min)
  wait_histogram_1hr,  ///< Wait Event Histogram Detail (4 min to 1 hr) / (up to 1 hr)
  // ---- services, processes, OS --------------------------------------------------------------
  service_stats,  ///< Service Statistics
  service_wait_class,  ///< Service Wait Class Stats
  top_channel_waits,  ///< Top 10 Channel Waits (12.2+)
  process_types_wait_class,  ///< Top Process Types by Wait Class (19c)
  process_types_cpu,  ///< Top Process Types by CPU Used (19c)
  os_stats_detail,  ///< Operating System Statistics - Detail
  // ---- memory, caches, advisories ------------------------------------------------------------
  cache_sizes,  ///< Cache Sizes (Buffer Cache, Shared Pool Size, Std Block Size, Log Buffer)
  memory_stats,  ///< Memory Statistics (Host Mem, SGA use, PGA use)
  shared_pool_stats,  ///< Shared Pool Statistics (% memory used, % SQL with executions > 1)
  database_resource_limits,  ///< Database Resource Limits (19c summary)
  buffer_pool_stats,  ///< Buffer Pool Statistics
  checkpoint_activity,  ///< Checkpoint Activity
  instance_recovery,  ///< Instance Recovery Stats
  mttr_advisory,  ///< MTTR Advisory
  buffer_pool_advisory,  ///< Buffer Pool Advisory
  pga_aggr_summary,  ///< PGA Aggr Summary
  pga_aggr_target_stats,  ///< PGA Aggr Target Stats
  pga_aggr_target_histogram,  ///< PGA Aggr Target Histogram
  pga_memory_advisory,  ///< PGA Memory Advisory
  shared_pool_advisory,  ///< Shared Pool Advisory
  sga_target_advisory,  ///< SGA Target Advisory
  streams_pool_advisory,  ///< Streams Pool Advisory
  java_pool_advisory,  ///< Java Pool Advisory
  advisories_for_addm,  ///< "... Advisory (for ADDM)" tables (19c)
  buffer_wait_stats,  ///< Buffer Wait Statistics
  memory_dynamic_components,  ///< Memory Dynamic Components
  memory_resize_summary,  ///< Memory Resize Operations Summary
  memory_resize_ops,  ///< Memory Resize Ops
  process_memory,  ///< Process Memory Summary
  sga_memory_summary,  ///< SGA Memory Summary (SGA regions)
  sga_breakdown,  ///< SGA breakdown difference (by Pool and Name)
  // ---- enqueues, undo, latches, caches -------------------------------------------------------
  enqueue_activity,  ///< Enqueue Activity
  undo_summary,  ///< Undo Segment Summary
  undo_stats,  ///< Undo Segment Stats
  latch_activity,  ///< Latch Activity
  latch_sleep_breakdown,  ///< Latch Sleep Breakdown
  latch_miss_sources,  ///< Latch Miss Sources
  mutex_sleep_summary,  ///< Mutex Sleep Summary
  parent_latch_stats,  ///< Parent Latch Statistics
  child_latch_stats,  ///< Child Latch Statistics
  dictionary_cache,  ///< Dictionary Cache Stats
  dictionary_cache_rac,  ///< Dictionary Cache Stats (RAC)
  library_cache,  ///< Library Cache Activity
  library_cache_rac,  ///< Library Cache Activity (RAC)
  // ---- segments -------------------------------------------------------------------------------
  segments_logical_reads,
  segments_physical_reads,
  segments_physical_read_requests,
  segments_unoptimized_reads,
  segments_optimized_reads,
  segments_direct_reads,
  segments_physical_writes,
  segments_physical_write_requests,
  segments_direct_writes,
  segments_table_scans,
  segments_db_block_changes,
  segments_row_lock_waits,
  segments_itl_waits,
  segments_buffer_busy_waits,
  segments_gc_buffer_busy,
  segments_cr_blocks_received,
  segments_current_blocks_received,
  segments_gc_remote_grants,
  // ---- parameters -----------------------------------------------------------------------------
  init_ora_multi,  ///< init.ora Multi-Valued Parameters / Modified Multi-Valued Parameters
  init_ora_other_containers,  ///< Parameters modified by other containers (CDB)
  init_ora_multi_other_containers,  ///< Multi-Valued Parameters modified by other containers (CDB)
  // ---- RAC ------------------------------------------------------------------------------------
  rac_statistics,  ///< RAC Statistics (number of instances)
  gc_load_profile,  ///< Global Cache Load Profile
  gc_efficiency,  ///< Global Cache Efficiency Percentages (Target local+remote 100%)
  gc_workload,  ///< Global Cache and Enqueue Services - Workload Characteristics
  gc_messaging,  ///< Global Cache and Enqueue Services - Messaging Statistics
  gc_messaging_stats,  ///< Global Messaging Statistics
  gc_cr_served,  ///< Global CR Served Stats / Global CR Server Statistics
  gc_current_served,  ///< Global CURRENT Served Stats / Global Current Server Statistics
  gc_transfer_stats,  ///< Global Cache Transfer Stats / Statistics
  gc_transfer_times,  ///< Global Cache Transfer Times (ms) / (us)
  gc_transfer_immediate,  ///< Global Cache Transfer (Immediate)
  gc_times_immediate,  ///< Global Cache Times (Immediate)
  ic_ping_latency,  ///< Interconnect Ping Latency Stats / Statistics
  ic_throughput,  ///< Interconnect Throughput by Client
  ic_devices,  ///< Interconnect Device Statistics
  cluster_interconnect,  ///< Cluster Interconnect
  dynamic_remastering,  ///< Dynamic Remastering Stats / Statistics
  // ---- ADDM and ASH pieces embedded in AWR ---------------------------------------------------
  addm_findings,  ///< Top ADDM Findings by Average Active Sessions (12c+)
  addm_report,  ///< ADDM Report for Task ... (text report appendix)
  ash_activity_over_time,  ///< Activity Over Time
  ash_top_events,  ///< Top Events (ASH)
  ash_top_event_p1p2p3,  ///< Top Event P1/P2/P3 Values
  ash_top_sql_events,  ///< Top SQL with Top Events
  ash_top_sql_row_sources,  ///< Top SQL with Top Row Sources
  ash_top_sessions,  ///< Top Sessions
  ash_top_blocking_sessions,  ///< Top Blocking Sessions
  ash_top_db_objects,  ///< Top DB Objects
  ash_top_plsql,  ///< Top PL/SQL Procedures
  // ---- other standard sections ----------------------------------------------------------------
  resource_limits,  ///< Resource Limit Stats
  shared_servers_activity,  ///< Shared Servers Activity
  shared_servers_rates,  ///< Shared Servers Rates
  shared_servers_utilization,  ///< Shared Servers Utilization
  shared_servers_dispatchers,  ///< Shared Servers Dispatchers
  streams,  ///< Streams / Advanced Queue / GoldenGate / XStream tables
  asm_diskgroups,  ///< ASM Diskgroups
  exadata,  ///< Exadata storage server, flash cache and cell tables
  // RAC global report (awrgrpt.sql): tables with one row per instance (I#) and cluster totals.
  rac_database_summary,  ///< Database Summary: DB Id, name, snap ids, instances, DB time and elapsed (min)
  rac_instances,  ///< Database Instances Included In Report: one row per instance
  rac_time_model,  ///< Time Model: one column per statistic, rows per instance and Sum
  rac_top_foreground_events,  ///< Top Timed Foreground Events: '*' rows are cluster-wide
  rac_sysstat_per_second,  ///< System Statistics - Per Second: rows per instance and Sum
  containers,  ///< Container DB Id / Container Name / Open Time (12c+ CDB and PDB reports)
  rac_os_stats,  ///< OS Statistics By Instance: #CPUs, % Usr/Sys/WIO/Idl and CPU time per instance
  rac_foreground_wait_classes,  ///< Foreground Wait Classes: one column per wait class (s), rows per instance and Sum
  rac_global_other,  ///< other RAC global report tables (per-instance breakdowns), kept as generic tables
  statspack_other,  ///< Statspack-only tables (memory, IO by function detail, ...), kept as generic tables
  // Append new sections above this line and keep statspack_other last, or update k_section_id_count.
};

/// The number of SectionId values, `unknown` included. The catalog has exactly one row for every other
/// value (a static_assert in catalog.cpp checks it, as ccache ties its statistics table to its enum).
inline constexpr std::size_t k_section_id_count = static_cast<std::size_t>(SectionId::statspack_other) + 1;

/// The snapshot builder's reader of a section's table (src/parse/snapshot_builder*.cpp), named on the
/// section's catalog row: the builder looks the row up and runs its reader, it does not switch on the
/// section. `generic` keeps the table as printed (Snapshot::other_tables, each column's catalog key and
/// unit; compared cell by cell). The others fill the model's typed rows: those in `k_bound_sections` (section_fields.hpp) by
/// their row struct's field binding alone, the rest by a hand-written reader, for a section whose layout, precedence or names
/// need one; several sections may share a reader (`header`, `sql_list`, `activity`, `wait_histogram`, `segment_list`,
/// `global_cache`).
enum class SectionReader : unsigned char {
  generic,  ///< kept as printed (GenericTable)
  header,  ///< Database / Instance / Host header tables -> DatabaseInfo
  snapshot_info,  ///< Begin Snap / End Snap / Elapsed / DB Time -> Interval
  load_profile,  ///< -> Snapshot::load_profile (rows by catalog label)
  efficiency,  ///< Instance Efficiency Percentages -> Snapshot::efficiency
  top_events,  ///< the first top list only (a RAC global report's foreground list replaces it)
  foreground_events,  ///< Foreground Wait Events
  background_events,  ///< Background Wait Events
  wait_classes,  ///< Wait Classes; replaces a Foreground Wait Class that stood in for it
  foreground_wait_class,  ///< Foreground Wait Class; stands in for Wait Classes in 11.2.0.2 and older
  time_model,  ///< Time Model Statistics
  host_cpu,  ///< Host CPU (load averages, %User ...)
  os_stats,  ///< Operating System Statistics
  sql_list,  ///< every "SQL ordered by ..." list, merged by sql_id (SectionSpec::is_sql_list)
  sql_text,  ///< Complete List of SQL Text
  containers,  ///< Container DB Id / Container Name (CDB and PDB reports)
  activity,  ///< Instance Activity Stats (and Absolute Values, Thread Activity), merged by statistic
  parameters,  ///< init.ora Parameters
  iostat_function,  ///< IOStat by Function summary
  iostat_filetype,  ///< IOStat by Filetype summary
  cache_sizes,  ///< Cache Sizes (an instance report's; a RAC global report's is kept as printed)
  tablespace_io,  ///< Tablespace IO Stats
  file_io,  ///< File IO Stats
  segment_list,  ///< a "Segments by ..." list (SectionRows::segment_list) -> Snapshot::segments
  latches,  ///< Latch Activity, Latch Sleep Breakdown, merged by latch
  mutex_sleeps,  ///< Mutex Sleep Summary
  enqueues,  ///< Enqueue Activity
  library_cache,  ///< Library Cache Activity
  dictionary_cache,  ///< Dictionary Cache Stats
  undo,  ///< Undo Segment Summary
  wait_histogram,  ///< every Wait Event Histogram table -> Snapshot::wait_histograms
  addm_findings,  ///< Top ADDM Findings
  global_cache,  ///< RAC Global Cache Load Profile, Efficiency, Workload, Messaging (key/value rows)
  rac_database_summary,  ///< RAC global report: Database Summary
  rac_instances,  ///< RAC global report: Database Instances Included In Report
  rac_time_model,  ///< RAC global report: Time Model, one column per statistic
  rac_top_foreground_events,  ///< RAC global report: Top Timed Foreground Events (replaces top_events)
  rac_sysstat_per_second,  ///< RAC global report: System Statistics - Per Second
  rac_os_stats,  ///< RAC global report: OS Statistics By Instance
  rac_foreground_wait_classes,  ///< RAC global report: Foreground Wait Classes
  // Add new readers above this line: `count_` stays last.
  count_,  ///< not a reader: the number of readers (k_section_reader_count)
};

/// The number of SectionReader values (the builder's table of readers has one entry for each).
inline constexpr std::size_t k_section_reader_count = static_cast<std::size_t>(SectionReader::count_);

/// How a section's rows are laid out in text reports.
enum class TextLayout {
  table,  ///< one line per row under a dashed rule
  sql_records,  ///< one line of figures, then `Module:` and wrapped SQL text, blank line between
  header,  ///< top-of-report header tables (no title line)
  key_values,  ///< "Label:   value" lines under a "~~~" underline, no dashed rule (text reports)
  /// Lines of "Label %:  value" pairs under a "~~~" underline, two pairs a line (Instance Efficiency
  /// Percentages): each line a row [label:, value, label:, value], as the HTML table prints it; the
  /// first blank line after the rows ends the section (Shared Pool Statistics follows, untitled).
  label_pairs,
};

/// What a section's rows are, for reading and comparing them.
enum class SectionRows : unsigned char {
  items,  ///< one row per statistic, event, object...: a row of one period is a row of another
  segment_list,  ///< one of the "Segments by ..." top-N lists: read into Snapshot::segments, compared as one table
  /// Sessions, moments or prose (ASH's activity over time, top and blocking sessions, ADDM's findings and
  /// report, OS Statistics - Detail): no row of one period is a row of another, so not compared.
  moments,
};

enum class ColumnId;  // below: the columns awrdiff reads

/// How a section's tables are read when a report prints more than one (SectionSpec::copies).
enum class TableCopies : unsigned char {
  /// Printed once: a second copy is read once when it is the same, and makes the report inconsistent when it
  /// is not (reconcile).
  one,
  /// Only the first table is read (the header's DB Name / DB Id); later ones (Exadata's tables of the other
  /// databases the cells served) are kept as printed.
  first_read,
  /// Printed as several tables read together (Instance Activity's key list beside its full list, Cache Sizes'
  /// halves in text): a second table is no repeat.
  several,
};

/// One known section: its catalog key, the titles it has carried (text reports and HTML headings),
/// the substrings of HTML `summary=` attributes that identify it, the builder's reader of its table,
/// whether it is a "SQL ordered by" list, and what its rows are.
struct SectionSpec {
  SectionId id;
  std::string_view key;  ///< stable snake_case id, used in JSON and diagnostics
  std::string_view display;  ///< the title to show
  std::span<const std::string_view> titles;  ///< titles (normalised match: case and spaces folded)
  std::span<const std::string_view> summaries;  ///< HTML summary substrings (lower-case)
  SectionReader reader = SectionReader::generic;  ///< how the snapshot builder reads the section's table
  TextLayout layout = TextLayout::table;
  bool is_sql_list = false;
  SectionRows rows = SectionRows::items;
  /// A segment list's short name, shown in its rows' "List" column ("row lock waits", "phys reads").
  std::string_view short_name = {};
  /// A segment list whose values are waits (row lock, ITL, buffer busy): assessed under the registry's
  /// `segment.waits_per_s`, the rest (reads, writes, scans, blocks) under `segment.per_s`.
  bool counts_waits = false;
  /// Idle events are listed last (Foreground / Background Wait Events): a cut name below an idle
  /// event is expanded to an idle event.
  bool idle_events_last = false;
  /// The list ranked by elapsed time (SQL ordered by Elapsed Time): its %Total is the statement's share
  /// of DB time, and its smallest elapsed time is the list's cut-off (Snapshot::sql_elapsed_cutoff_s).
  bool gives_cut_off = false;
  /// The rows are values at the begin and end snapshot (Begin Value / End Value), not a total and rates
  /// (Instance Activity Stats - Absolute Values).
  bool begin_end_values = false;
  /// A table of this section whose normalised title starts with `key_list_title`, or whose HTML summary
  /// contains `key_list_summary`, is the report's short list of key statistics ("Key Instance Activity
  /// Stats"): its rows are marked (ActivityStat::key).
  std::string_view key_list_title = {};
  std::string_view key_list_summary = {};
  /// How the report's tables of this section are read when it prints more than one (TableCopies).
  TableCopies copies = TableCopies::one;
  /// A table with no title of its own (the report's header tables) is this section when its headers name
  /// both columns (DB Name and DB Id: the database table). Rows are tried in catalog order; unknown: none.
  std::array<ColumnId, 2> untitled_by = {};
  /// How a text report prints the section, where it differs from its layout's rule (TextQuirk, or-ed).
  unsigned char text_quirks = 0;
};

/// The ways a section is printed in text reports that its TextLayout does not tell (SectionSpec::text_quirks).
enum TextQuirk : unsigned char {
  /// An appendix (the ADDM report after a text AWR report): its title line is indented, and it runs to the end
  /// of the file, its headings underlined with indented rules that end no section.
  text_appendix = 1,
  /// A row's figures may be packed left of blank trailing columns (Host CPU's "4  0.09  0.04" under
  /// CPUs Cores Sockets Begin End ...): such a row is re-aligned to the right.
  text_blank_tail = 2,
  /// A record's first line is its statement id and text, no figures (Complete List of SQL Text).
  text_id_then_text = 4,
};

/// Columns awrdiff reads, across sections. Each has one canonical unit (the suffix of its key).
enum class ColumnId : int {
  unknown,
  label,  ///< unnamed first column (Load Profile row label, Begin Snap:/End Snap:)
  db_name,
  dbid,
  unique_name,
  role,
  edition,
  release,
  rac,
  cdb,
  container,
  instance,
  instance_number,
  startup_time,
  host_name,
  platform,
  cpus,
  cores,
  sockets,
  memory_gb,
  snap_id,
  snap_time,
  sessions,
  cursors_per_session,
  instances,
  per_second,
  per_transaction,
  per_exec,
  per_call,
  event,
  waits,
  pct_timeouts,
  time_s,
  avg_wait_ms,
  pct_db_time,
  wait_class,
  avg_active_sessions,
  statistic,
  value,
  begin_value,
  end_value,
  total,
  per_trans,
  sql_id,
  elapsed_s,
  executions,
  elapsed_per_exec_s,
  pct_total,
  pct_cpu,
  pct_io,
  cpu_s,
  cpu_per_exec_s,
  user_io_s,
  buffer_gets,
  gets_per_exec,
  physical_reads,
  reads_per_exec,
  rows_processed,
  rows_per_exec,
  parse_calls,
  pct_total_parses,
  module,
  sql_text,
  parameter,
  hash_value,
  old_hash_value,
  plan_hash_value,  ///< Statspack SQL keys; Plan Hash Value
  con_dbid,  ///< Container DB Id (PDB-level reports, 12c+)
  inst_id,  ///< I#: instance number of a RAC global report row ('*', Sum, Avg, Std for totals)
  in_report,  ///< Number of Instances / Hosts "In Report" (RAC global Database Summary)
  elapsed_min,
  db_time_min,  ///< Elapsed Time(min), DB time(min) (RAC global summaries)
  begin_snap_time,
  end_snap_time,  ///< Begin Snap Time, End Snap Time (RAC global instance list)
  pdb_name,  ///< PDB Name of a SQL list row or of Tablespace / File IO Stats (CDB root reports, 12.2+)
  load_average_begin,
  load_average_end,
  at_begin,  ///< "Begin": a value at the begin snapshot (Memory Statistics...); Host CPU's load average there
  at_end,  ///< "End": a value at the end snapshot; Host CPU's load average there
  pct_user,
  pct_system,
  pct_wio,
  pct_idle,
  // ---- instance activity, IOStat ----------------------------------------------------------------
  per_hour,
  function_name,
  filetype_name,
  reads_data_bytes,
  requests_per_second,
  data_per_second_bytes,
  writes_data_bytes,
  waits_count,
  avg_time_ms,
  small_read_ms,
  large_read_ms,
  // ---- tablespace / file I/O ------------------------------------------------------------------
  tablespace,
  filename,
  reads,
  reads_per_second,
  avg_read_ms,
  blocks_per_read,
  single_block_reads_per_second,
  avg_single_block_read_ms,
  pct_optimized_reads,
  writes,
  writes_per_second,
  avg_write_ms,
  buffer_waits,
  avg_buffer_wait_ms,
  // ---- segments ---------------------------------------------------------------------------------
  owner,
  object_name,
  subobject_name,
  object_type,
  object_id,
  data_object_id,
  pct_of_capture,
  // ---- latches, mutexes, enqueues, library / dictionary cache -----------------------------------
  latch_name,
  get_requests,
  pct_get_miss,
  avg_sleeps_per_miss,
  nowait_requests,
  pct_nowait_miss,
  misses,
  sleeps,
  spin_gets,
  mutex_type,
  location,
  wait_time_ms,
  enqueue_type,
  requests,
  successful_gets,
  failed_gets,
  namespace_name,
  pct_miss,
  pin_requests,
  reloads,
  invalidations,
  cache_name,
  scan_requests,
  mod_requests,
  final_usage,
  // ---- undo -------------------------------------------------------------------------------------
  undo_tablespace,
  undo_blocks_thousands,
  transactions,
  max_query_length_s,
  max_tx_concurrency,
  tuned_retention,
  sto_oos,
  // ---- histograms, ADDM, parameters, RAC --------------------------------------------------------
  total_waits,
  finding_name,
  task_avg_active_sessions,
  pct_active_sessions,
  task_name,
  is_default,
  resource_name,
  current_utilization,
  max_utilization,
  initial_allocation,
  limit_value,
  service_name,
  db_time_s,
  db_cpu_s,
  target_instance,
  // ---- columns of sections kept as generic tables (named so their units are known) -------------
  pct_activity,
  pct_event,
  mean,
  std_dev,
  normal_range,
  cell_name,
  waits_txn,
  w_a_mb_processed_mb,
  physical_writes,
  name,
  p,
  buffer_busy_waits,
  us_ur_uu_es_er_eu,
  pct_busy,
  size_factor,
  disk_type,
  immed,
  pct_row_source,
  block_class,
  component,
  size_factr,
  est_lc_size_mb,
  est_lc_mem_obj,
  est_lc_time_saved_s,
  est_lc_time_saved_factr,
  est_lc_load_time_s,
  est_lc_load_time_factr,
  min_size_mb,
  max_size_mb,
  buffer_class,
  load,
  pct_sys,
  pct_iowait,
  pct_bg_time,
  physical_reads_k,
  logical_reads_k,
  user_i_o_total_wts,
  user_i_o_wt_time,
  concurcy_total_wts,
  concurcy_wt_time,
  admin_total_wts,
  admin_wt_time,
  network_total_wts,
  network_wt_time,
  number_of_buffers,
  pct_pool_hit,
  free_buff_wait,
  writ_comp_wait,
  mttr_writes,
  log_size_writes,
  log_ckpt_writes,
  other_settings_writes,
  autotune_ckpt_writes,
  thread_ckpt_writes,
  targt_mttr_s,
  estd_mttr_s,
  recovery_estd_ios,
  actual_redoblks,
  target_redoblks,
  log_sz_redoblks,
  log_ckpt_timeout_redoblks,
  log_ckpt_interval_redoblks,
  opt_log_sz_mb,
  estd_rac_avail_time,
  pct_pga_cache_hit,
  extra_w_a_mb_read_written_mb,
  low_optimal,
  high_optimal,
  total_execs,
  optimal_execs,
  n1_pass_execs,
  m_pass_execs,
  pga_target_est_mb,
  estd_extra_w_a_mb_read_written_to_disk_mb,
  estd_time,
  shared_pool_size_mb,
  sp_size_factr,
  est_lc_mem_obj_hits_k,
  begin_snap_size_mb,
  current_size_mb,
  oper_count,
  last_op_typ_mod,
  session_type,
  sga_size_factor,
  est_db_time_s,
  est_physical_reads,
  uio_per_exec_s,
  unoptimized_read_reqs,
  physical_read_reqs,
  pct_opt,
  logical_reads,
  phys_read_requests,
  unoptimized_reads,
  phys_write_requests,
  db_block_changes,
  where,
  nowait_misses,
  waiter_sleeps,
  category,
  alloc_mb,
  used_mb,
  avg_alloc_mb,
  std_dev_alloc_mb,
  max_alloc_mb,
  hist_max_alloc_mb,
  num_proc,
  num_alloc,
  sga_regions,
  begin_size_bytes,
  end_size_bytes_if_different_bytes,
  pool,
  begin_mb,
  end_mb,
  pct_diff,
  avg_total_connections,
  avg_active_connections,
  avg_total_shared_srvrs,
  avg_active_shared_srvrs,
  avg_total_dispatchers,
  avg_active_dispatchers,
  common_queue_per,
  disp_queue_per,
  server_msgs,
  server_kb,
  common_queue_total,
  disp_queue_total,
  server_total_msgs,
  server_total_kb,
  size_for_est_mb,
  buffers_thousands,
  est_phys_read_factor,
  estimated_phys_reads_thousands,
  est_phys_read_time,
  pct_est_dbtime_for_rds,
  sga_target_size_mb,
  end_time,
  num_undo_blocks,
  user,
  program,
  samples_active,
  xids,
  description,
  pct_total_cpu,
  pct_busy_cpu,
  pct_db_time_waiting_for_cpu_resource_manager,
  pct_estd_pga_cache_hit,
  estd_pga_overalloc_count,
  read_write_per_second,
  read_per_second,
  write_per_second,
  total_server_time_s,
  pct_incoming_net,
  pct_outgoing_net,
  avg_conns,
  total_disp_time_s,
  total_queued,
  total_queue_wait_s,
  avg_queue_wait_ms,
  average,
  process_type,
  unoptimized_reqs_per_exec,
  sharable_mem_bytes,
  direct_writes,
  table_scans,
  direct_reads,
  pct_of_total_cpu_time,
  row_lock_waits,
  pga_aggr_target_mb,
  auto_pga_target_mb,
  pga_mem_alloc_mb,
  w_a_pga_used_mb,
  pct_pga_w_a_mem,
  pct_auto_w_a_mem,
  pct_man_w_a_mem,
  global_mem_bound_k,
  large_writes,
  version_count,
  event_class,
  slot_time_duration,
  slot_count,
  event_count,
  pub,
  all,
  busy,
  congst,
  immed_blks_received,
  pct_2hop,
  pct_3hop,
  n2hop,
  n3hop,
  send_mbytes_mb,
  receive_mbytes_mb,
  top_row_source,
  row_source,
  top_event,
  sid_serial,
  ip_address,
  source,
  inst_no,
  est_unspill_time_s,
  blocks_received,
  pct_immed,
  pct_congst,
  src_inst,
  disk_name,
  keep,
  p1_p2_p3_values,
  parameter_1,
  parameter_2,
  parameter_3,
  channel,
  size_for_est_mb_2,
  est_spill_count,
  est_spill_time_s,
  est_unspill_count,
  cells,
  wait_class_type,
  wait_time_s,
  cpu_time_s,
  first_logon,
  user_io_wait_time_s,
  sys_io_wait_time_s,
  queue_name,
  pl_sql_entry_subprogram,
  pl_sql_current_subprogram,
  pct_current,
  enqueue_msgs,
  dequeue_msgs,
  ges_lock_requests,
  ges_pin_requests,
  ges_pin_releases,
  ges_inval_requests,
  ges_invali_dations,
  object_id_2,
  object_name_type,
  disks,
  avg,
  megabytes_per_second_mb,
  columnar,
  pct_hit,
  interface,
  src,
  pct_1ms,
  pct_10ms,
  pct_100ms,
  pct_1s,
  pct_10s,
  blocks_lost,
  lost_time,
  avg_latency_500b_msg,
  stddev_500b_msg,
  n8k_ping_count,
  avg_latency_8k_msg,
  stddev_8k_msg,
  used_by,
  send_errors,
  send_dropped,
  send_buffer_overrun,
  send_carrier_lost,
  receive_errors,
  receive_dropped,
  receive_buffer_overrun,
  receive_frame_errors,
  blocking_sid_inst,
  event_caused,
  user_name,
  system_data_visible,
  n500b_ping_count,
  device_name,
  is_public,
  cells_2,
  temp_spill,
  data_temp_tables,
  write_only,
  oltp,
  dirty_limit,
  est_cache_writes,
  est_cache_write_fctr,
  est_total_writes,
  est_total_write_fctr,
  est_total_ios,
  est_total_io_fctr,
  cluster_wait_time_s,
  pct_clu,
  gc_buffer_busy,
  cr_blocks_received,
  current_blocks_received,
  enq_msgs,
  deq_msgs,
  small_reads,
  small_writes,
  large_reads,
  total_hits,
  scan,
  first_writes,
  overwrites,
  partial_writes,
  size_for_est_s,
  pct_exp_msgs,
  pct_delay_msgs,
  enq_time_s,
  deq_time_s,
  pct_transf_time,
  pct_eval_time,
  avg_enqueue_sec_msg,
  avg_dequeue_sec_msg,
  subscriber_queue,
  open_time,
  itl_waits,
  ges_requests,
  ges_conflicts,
  ges_releases,
  enqueue_msgs_2,
  dequeue_msgs_2,
  expire_msgs,
  expire_msgs_2,
  pluggable_databases_open,
  pct_100us,
  per_remaster_op,
  begin_snap,
  end_snap,
  griddisks,
  pct_efficiency,
  hits,
  i_o_saved_percent,
  replicat_name,
  apply_name,
  service_time,
  wait_time,
  cell_latency,
  small_write,
  large_write,
  pct_optimized,
  pct_clean,
  pct_unflushed,
  active_secondary_hits,
  active_secondary_misses,
  read_hits,
  read_mb,
  requests_2,
  megabytes_per_second_mb_2,
  imc_capacity,
  imc_query,
  no_memcompress,
  io_reason,
  pct_cell,
  total_requests,
  total_mb,
};

/// The unit a column's numbers are normalised to.
enum class Unit {
  none,  ///< text
  count,  ///< plain number (K/M/G/T suffixes 1000-based)
  seconds,
  millis,
  percent,
  bytes,  ///< data size (K/M/G/T suffixes 1024-based)
  megabytes,
  gigabytes,
};

/// The unit's short name, as used in JSON and docs: "none", "count", "s", "ms", "%", "bytes", "MB", "GB".
const char* to_string(Unit unit);

/// A column that names a statement (a row of a "SQL ordered by" list): AWR's sql_id, or Statspack's hash
/// values (Old Hash Value preferred over Hash Value when a table has both).
enum class StatementKey : unsigned char { none, sql_id, hash_preferred, hash };

struct ColumnSpec {
  ColumnId id;
  std::string_view key;
  Unit unit;
  std::span<const std::string_view> aliases;  ///< header texts (normalised match)
  StatementKey statement_key = StatementKey::none;
};

/// A Load Profile row: its catalog key, unit of the per-second figure, and labels across releases.
struct LoadProfileSpec {
  std::string_view key;
  std::string_view display;  ///< label to show
  std::string_view unit;  ///< unit of the Per Second figure, e.g. "s/s", "bytes/s", "/s"
  std::span<const std::string_view> aliases;
};

/// `text` without a trailing footnote marker " [n]" (n: one or more digits): Autonomous Database
/// numbers repeated headings ("SQL ordered by Elapsed Time [1]"), newer reports link statistic names
/// to a footnote ("sql execute elapsed time [1]"). Otherwise `text` unchanged.
std::string_view without_footnote_marker(std::string_view text);

/// All known sections (for docs and tests), in catalog order; with the sections add_section_for_test
/// added, last.
std::span<const SectionSpec> all_sections();

/// For tests: adds one section to the catalog, as if `spec` were one more row of its table, so that a
/// test can show that one row is all a section needs to be read (HTML reports: by its title or
/// `summary=`), kept in the snapshot and its JSON, and compared in every format. `spec.id` is ignored:
/// the section gets the returned id, past every SectionId enumerator. The titles, summaries and key
/// must outlive the catalog's use of them (string literals). Every lookup in this header sees the row,
/// except the text tokenizer's quick test of a line's first bytes (built once per process), so a text
/// report may not find the added title. Not thread-safe: call it, and remove_sections_for_test, while
/// no report is being read or compared. At most 16 sections; throws std::length_error beyond.
SectionId add_section_for_test(const SectionSpec& spec);
/// Removes every section add_section_for_test added (the catalog is then as built).
void remove_sections_for_test();
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
/// The catalog entry for a section key ("segments_row_lock_waits"); nullptr when unknown.
const SectionSpec* find_section_by_key(std::string_view key);
/// The key of the "Segments by ..." list whose measure is logical reads (buffer gets): where the work is when logical
/// reads per execution rise (the work_per_unit finding names its top segment).
std::string_view logical_reads_segment_list();
/// The column a header text names; ColumnId::unknown when none. An empty header is `label`.
ColumnId find_column(std::string_view header);
/// The column a header text names inside one section: a short header that means something else
/// there than across the report ("Reads" of Tablespace IO Stats is a read count, elsewhere
/// physical reads; "Class" of Buffer Wait Statistics is a block class, elsewhere a wait class)
/// resolves to the section's own column; every other header as find_column(header).
ColumnId find_column(std::string_view header, SectionId section);

/// A header text whose column depends on the section it appears in (see find_column(header, section)).
struct SectionColumnSpec {
  SectionId section;
  std::string_view alias;  ///< header text (normalised match)
  ColumnId column;  ///< the column it names in `section`
};
/// All section-specific header texts (for docs and tests).
std::span<const SectionColumnSpec> all_section_columns();
const ColumnSpec& column_spec(ColumnId id);
/// The Load Profile row a label names ("DB Time(s):", "Redo size:", ...); nullptr when unknown.
const LoadProfileSpec* find_load_profile_row(std::string_view label);
/// All known Instance Efficiency Percentages rows (Statspack: Instance Efficiency Indicators), in
/// report order; `unit` is "%" for every one. For docs, tests and the diff.
std::span<const LoadProfileSpec> all_efficiency_rows();
/// The Instance Efficiency Percentages row a label names ("Buffer  Hit   %:", "Soft Parse %",
/// "% Non-Parse CPU:"; spaces and case folded); nullptr when unknown.
const LoadProfileSpec* find_efficiency_row(std::string_view label);
/// True for a wait event histogram bucket header: "<1ms", "<=1s", ">1s", "<1/8s", ">=2m", "< 1h".
bool is_histogram_bucket(std::string_view header);
/// Expands a name a text report cut to its column width to the one catalog name it starts with
/// (Instance Activity statistic, wait event, IOStat function or file type: `kind` is "statistic",
/// "event", "function", "filetype", "latch" or "parameter"). `name` is returned unchanged when it is itself a known name,
/// shorter than `min_length`, or the prefix of no or of several known names; for a statistic that is the prefix
/// of several, the catalog may name the one it stands for when printed once ("cell physical IO interconnect by":
/// "... bytes", not "... bytes returned by smart scan").
std::string expand_cut_name(std::string_view name, std::string_view kind, std::size_t min_length = 10);
/// The catalog names of `kind` that start with `prefix` and are longer, in sorted order (the order
/// of the report sections that list them). Used to resolve a cut name printed more than once
/// ("cell physical IO interconnect by" for "... bytes" and "... bytes returned by smart scan").
std::vector<std::string_view> names_starting_with(std::string_view prefix, std::string_view kind);
/// All catalog names of one `kind` (see expand_cut_name), for docs and tests.
std::span<const std::string_view> known_names(std::string_view kind);

/// The whole catalog (sections, columns, Load Profile rows, name lists) as a Markdown document:
/// the content of docs/catalog.md.
std::string catalog_markdown();

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
