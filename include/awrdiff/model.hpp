// awrdiff — the normalized snapshot model.
//
// One Snapshot holds what one AWR or Statspack report says about one period. Every value carries
// its unit in its name (`_s` seconds, `_ms` milliseconds, `_bytes`, `_gb`, `pct_` percent 0–100,
// plain counts otherwise). A value the report does not give is an empty std::optional, never 0.
#pragma once

#include <awrdiff/error.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace awrdiff {

using OptDouble = std::optional<double>;

/// What produced the report.
enum class ReportKind {
  awr_instance,  ///< awrrpt.sql / awrrpti.sql: one instance
  awr_global,  ///< awrgrpt.sql: RAC global report; figures are cluster-wide totals
  statspack,  ///< spreport.sql (9i–23ai, text)
};
/// Which part of a multitenant database a report covers (12c+). Source: the report title
/// ("WORKLOAD REPOSITORY PDB report ...") and the CDB / Container columns of the header.
enum class ContainerScope {
  database,  ///< a non-CDB, or a release without containers
  cdb_root,  ///< a CDB, reported from the root: the whole container database
  pdb,  ///< one pluggable database (the report names it in Container Name)
};
/// The file's markup.
enum class ReportFormat { html, text };

const char* to_string(ReportKind kind);
const char* to_string(ReportFormat format);
const char* to_string(ContainerScope scope);

/// The database and host the report describes. Source: the header tables at the top of the report
/// (DB Name / DB Id / Instance / Inst Num / Startup Time / Release / RAC / CDB; Host Name / Platform /
/// CPUs / Cores / Sockets / Memory (GB)).
struct DatabaseInfo {
  std::string name;  ///< DB Name
  std::optional<std::uint64_t> dbid;  ///< DB Id
  std::string unique_name;  ///< Unique Name (12c+)
  std::string role;  ///< Role (PRIMARY, ...), 12c+
  std::string edition;  ///< Edition (EE, SE, ...), 12c+
  std::string instance;  ///< Instance name
  std::optional<int> instance_number;  ///< Inst Num
  std::string startup_time;  ///< Startup Time, as printed (e.g. "20-Dec-23 19:37")
  std::string release;  ///< Release, e.g. "19.0.0.0.0"
  std::optional<bool> rac;  ///< RAC: YES/NO
  std::optional<bool> cdb;  ///< CDB: YES/NO (12c+)
  std::string container;  ///< Container Name for a PDB-level report, else empty
  std::optional<std::uint64_t> con_dbid;  ///< Container DB Id of a PDB-level report, else empty
  ContainerScope scope = ContainerScope::database;  ///< CDB root, PDB or plain database
  /// Instances: the Instances column of the Snap Id table of a RAC instance report (instances
  /// open in the cluster), or the number of instances a RAC global report (awrgrpt) sums.
  std::optional<int> instances;
  std::string host;  ///< Host Name
  std::string platform;  ///< Platform
  OptDouble cpus;  ///< CPUs (logical)
  OptDouble cores;  ///< Cores
  OptDouble sockets;  ///< Sockets
  OptDouble memory_gb;  ///< Memory (GB), GiB as Oracle prints it
};

/// The snapshot interval. Source: the Snap Id / Snap Time table (Begin Snap:, End Snap:, Elapsed:,
/// DB Time:).
struct Interval {
  std::optional<std::int64_t> begin_snap;  ///< Begin Snap id
  std::optional<std::int64_t> end_snap;  ///< End Snap id
  std::string begin_time;  ///< Begin Snap time as printed ("22-Dec-23 01:30:13")
  std::string end_time;  ///< End Snap time as printed
  /// Elapsed, seconds (printed in minutes; RAC global: the Database Summary's Report Total)
  OptDouble elapsed_s;
  /// DB Time, seconds (printed in minutes; RAC global: summed over the instances; Statspack releases
  /// without it in the header: "-> Total DB Time (s)" of SQL ordered by Elapsed time)
  OptDouble db_time_s;
  /// DB CPU, seconds, as the header prints it ("DB CPU:  15.64 (mins)" beside DB time in Statspack
  /// 11g+): used by Snapshot::db_cpu_s() when neither the time model nor the top events give DB CPU.
  OptDouble header_db_cpu_s;
  OptDouble begin_sessions;  ///< Sessions at begin snap
  OptDouble end_sessions;  ///< Sessions at end snap
  OptDouble begin_cursors_per_session;  ///< Curs/Sess (Cursors/Session) at begin snap
  OptDouble end_cursors_per_session;  ///< Curs/Sess at end snap
  /// The snap ids are a PDB's own ("PDB report (PDB snapshots)"), not the CDB root's: they do not
  /// line up with root or other PDBs' snap ids.
  bool pdb_snapshots = false;
  /// Database Replay: "capture" when the period captured a workload (a WCR: capture event has time in it),
  /// "replay" when it replayed one (a WCR: replay event of the replay clients); empty otherwise. Read from a
  /// compare report's Wait Events table; for an AWR report see detail::replay_role (its wait event lists).
  std::string replay_role;
};

/// One row of the Load Profile section. `key` is the catalog id (e.g. "db_time", "hard_parses");
/// `label` is the row label as printed. Units are the row's own (s/s for DB Time(s), bytes for
/// Redo size (bytes), blocks, MB, counts), as given by the catalog entry for `key`.
struct LoadProfileRow {
  std::string key;
  std::string label;
  OptDouble per_second;  ///< Per Second column
  OptDouble per_transaction;  ///< Per Transaction column
  OptDouble per_exec;  ///< Per Exec column (11g+)
  OptDouble per_call;  ///< Per Call column (11g+)
};

/// One figure of Instance Efficiency Percentages (Target 100%) (Statspack: Instance Efficiency
/// Indicators): Buffer Nowait %, Buffer Hit %, Library Hit %, Soft Parse %, Execute to Parse %, ...
/// `key` is the catalog id (all_efficiency_rows(): "buffer_hit", "soft_parse", ...), `label` the row
/// label as printed, spaces folded and the ':' removed ("Buffer Hit %").
struct EfficiencyRow {
  std::string key;
  std::string label;
  /// Percent. Not bounded to 0-100: Execute to Parse % is negative when there were more parses than
  /// executions (-7.97), Parse CPU to Parse Elapsd % can exceed 100.
  OptDouble pct;
};

/// One row of a wait event table: Top 10 Foreground Events by Total Wait Time (or the release's
/// equivalent), Foreground Wait Events, Background Wait Events. DB CPU appears as a pseudo-event
/// with `is_cpu` set and no waits, average or wait class; its name is always "DB CPU" (10g and
/// Statspack print it as "CPU time"). Statspack's `%Total Call Time` is kept in `pct_db_time`: it is
/// the share of total call time (DB CPU + non-idle waits, background included), which is not DB time.
struct WaitEvent {
  std::string name;  ///< Event
  OptDouble waits;  ///< Waits
  OptDouble time_s;  ///< Total Wait Time (sec) / Time (s)
  OptDouble avg_wait_ms;  ///< Avg Wait / Avg wait (ms), milliseconds (units in cells normalised)
  OptDouble pct_db_time;  ///< % DB time (can exceed 100 on real reports)
  std::string wait_class;  ///< Wait Class, expanded when the text report truncated it
  bool is_cpu = false;  ///< the DB CPU / CPU time pseudo-event
  /// An idle event (wait class Idle, or a known idle event listed by a report that prints no wait
  /// class, e.g. Statspack 12c+ listing 'heartbeat redo informer' among its top events). Its time is
  /// not database time; `wait_class` is set to "Idle".
  bool is_idle = false;
  int line = 0;  ///< source line, for diagnostics
};

/// One row of Wait Classes by Total Wait Time (or the Wait Class section of older releases; on
/// 11.2.0.2 and older, which print neither, the Foreground Wait Class section).
struct WaitClassRow {
  std::string name;  ///< Wait Class (DB CPU included as a row on 12c+)
  OptDouble waits;  ///< Waits
  OptDouble time_s;  ///< Total Wait Time (sec)
  OptDouble avg_wait_ms;  ///< Avg Wait, milliseconds
  OptDouble pct_db_time;  ///< % DB time
};

/// One row of Time Model Statistics. `pct_db_time` is empty for DB time itself and for the
/// background rows, which do not contribute to DB time.
struct TimeModelRow {
  std::string name;  ///< Statistic Name, as printed (text reports may truncate it)
  OptDouble time_s;  ///< Time (s)
  OptDouble pct_db_time;  ///< % of DB Time
};

/// One SQL statement, merged by its id across every "SQL ordered by ..." section of the report.
/// Totals are for the whole interval. AWR keys statements by SQL Id; Statspack by (Old) Hash Value,
/// a number that is not a SQL Id: `id_kind` says which one `sql_id` holds.
struct SqlStat {
  std::string sql_id;  ///< SQL Id (13 characters), or the hash value as printed (see id_kind)
  std::string id_kind = "sql_id";  ///< "sql_id", "hash_value" or "old_hash_value"
  std::optional<std::uint64_t> plan_hash_value;  ///< Plan Hash Value, when a section prints one
  OptDouble elapsed_s;  ///< Elapsed Time (s)
  OptDouble cpu_s;  ///< CPU Time (s)
  OptDouble user_io_s;  ///< User I/O Time (s) (from "by User I/O Wait Time", or %IO × elapsed)
  OptDouble executions;  ///< Executions (absent when blank: no completed execution)
  OptDouble buffer_gets;  ///< Buffer Gets
  OptDouble physical_reads;  ///< Physical Reads
  OptDouble parse_calls;  ///< Parse Calls
  OptDouble rows_processed;  ///< Rows Processed
  OptDouble pct_db_time;  ///< %Total in SQL ordered by Elapsed Time: elapsed / DB time × 100
  std::string module;  ///< SQL Module / Module:
  /// PDB Name (CDB root reports list each statement with its PDB); a statement run in several PDBs is
  /// one row per PDB in the report: its figures are their sum and its PDBs are listed here, joined
  /// by ", " in the report's order (each PDB's figures are in a diagnostic of the snapshot).
  std::string pdb_name;
  std::string text;  ///< SQL text: complete when the report has "Complete List of SQL Text"
  bool text_complete = false;  ///< text came from the complete list (not truncated)
  std::vector<std::string> lists;  ///< catalog keys of the "SQL ordered by" sections that list it

  /// Elapsed per execution, seconds; empty when executions is absent or 0.
  OptDouble elapsed_per_exec_s() const;
};

/// Host CPU section: load average and CPU utilisation of the whole host over the interval.
struct HostCpu {
  OptDouble load_average_begin;  ///< Load Average Begin
  OptDouble load_average_end;  ///< Load Average End
  OptDouble pct_user;  ///< %User
  OptDouble pct_system;  ///< %System
  OptDouble pct_wio;  ///< %WIO
  OptDouble pct_idle;  ///< %Idle; busy = 100 - idle
};

/// One instance of a RAC global report (awrgrpt.sql). Source: Database Instances Included In Report
/// (I#, Instance, Host, Startup, Begin/End Snap Time, Release, Elapsed Time(min), DB time(min), Avg
/// Active Sessions, Platform) and the I# rows of the Time Model table (DB time (s), DB CPU (s)).
struct InstanceRow {
  std::optional<int> instance_number;  ///< I#
  std::string instance;  ///< Instance name
  std::string host;  ///< Host
  std::string startup_time;  ///< Startup, as printed
  std::string release;  ///< Release
  std::string platform;  ///< Platform
  OptDouble elapsed_s;  ///< Elapsed Time, seconds (printed in minutes)
  OptDouble db_time_s;  ///< DB time, seconds (printed in minutes; Time Model's DB time (s) when given)
  OptDouble db_cpu_s;  ///< DB CPU (s), from the Time Model table
  OptDouble average_active_sessions;  ///< Avg Active Sessions
};

/// A table the catalog does not know, or knows but awrdiff does not interpret yet: kept as text so
/// nothing is dropped silently.
struct GenericTable {
  std::string section;  ///< catalog key of the section, or its title when unknown
  std::string title;  ///< title as printed (may be empty)
  bool known = false;  ///< the catalog knows the section (`section` is a key)
  std::vector<std::string> headers;  ///< column headers as printed
  std::vector<std::string> columns;  ///< catalog column key per header ("unknown" when none)
  std::vector<std::string> units;  ///< unit of each column ("none", "count", "ms", "bytes", ...)
  std::vector<std::vector<std::string>> rows;  ///< cells as printed (trimmed)
  int line = 0;
};

// ---- sections beyond the summary ---------------------------------------------------------------

/// One Instance Activity statistic, merged by name across "Key Instance Activity Stats", "Other
/// Instance Activity Stats", "Instance Activity Stats" (Statistic / Total / per Second / per Trans),
/// "Instance Activity Stats - Absolute Values" (Begin Value / End Value) and "- Thread Activity"
/// (Total / per Hour). Counts as Oracle prints them (bytes for "... bytes" statistics, centiseconds
/// for "... time" statistics: awrdiff does not rescale them).
struct ActivityStat {
  std::string name;  ///< full statistic name (expanded when a text report cut it to 32 characters)
  std::string raw_name;  ///< name as printed
  OptDouble total;  ///< Total over the interval
  OptDouble per_second;  ///< per Second
  OptDouble per_trans;  ///< per Trans
  OptDouble begin_value;  ///< Absolute Values: Begin Value
  OptDouble end_value;  ///< Absolute Values: End Value
  OptDouble per_hour;  ///< Thread Activity: per Hour
  bool key = false;  ///< listed in "Key Instance Activity Stats"
};

/// One init.ora parameter. Source: "init.ora Parameters" (11g–18c), "Modified Parameters" (19c) or
/// "Parameters modified by this container" (CDB): Parameter Name / Begin value / End value (if
/// different) / Is Default (CDB only).
struct Parameter {
  std::string name;  ///< Parameter Name
  std::string begin_value;  ///< Begin value, as printed (quotes kept)
  std::string end_value;  ///< End value (if different); empty when unchanged
  std::optional<bool> is_default;  ///< Is Default (CDB reports); absent otherwise
  std::string pdb;  ///< PDB Name column of CDB reports, else empty
  /// The value at the end of the interval (end_value when given, else begin_value).
  const std::string& value() const { return end_value.empty() ? begin_value : end_value; }
  /// The value changed during the interval (an End value is printed).
  bool changed() const { return !end_value.empty(); }
};

/// One row of "IOStat by Function summary" or "IOStat by Filetype summary". Data columns are bytes
/// (printed with M/G/T suffixes in multiples of 1024), request and wait counts plain numbers (K/M
/// suffixes in multiples of 1000), times milliseconds (printed as us/ms/ns in 12c+).
struct IoStatRow {
  std::string name;  ///< Function Name / Filetype Name, expanded when cut ("Buffer Cache Re")
  std::string raw_name;  ///< as printed
  OptDouble reads_data_bytes;  ///< Reads: Data
  OptDouble reads_requests_per_s;  ///< Reads: Reqs per sec
  OptDouble reads_data_per_s_bytes;  ///< Reads: Data per sec
  OptDouble writes_data_bytes;  ///< Writes: Data
  OptDouble writes_requests_per_s;  ///< Writes: Reqs per sec
  OptDouble writes_data_per_s_bytes;  ///< Writes: Data per sec
  OptDouble waits_count;  ///< Waits: Count (by Function only)
  OptDouble avg_time_ms;  ///< Avg Time / Avg Tm(ms) (by Function only)
  OptDouble small_read_ms;  ///< Small Read average service time (by Filetype only)
  OptDouble large_read_ms;  ///< Large Read average service time (by Filetype only)
};

/// Cache Sizes section: sizes at the begin and end snapshot, bytes ("24,576M" and "8K" are 1024-based).
struct CacheSizes {
  OptDouble buffer_cache_begin_bytes;  ///< Buffer Cache: Begin
  OptDouble buffer_cache_end_bytes;  ///< Buffer Cache: End
  OptDouble shared_pool_begin_bytes;  ///< Shared Pool Size: Begin
  OptDouble shared_pool_end_bytes;  ///< Shared Pool Size: End
  OptDouble std_block_size_bytes;  ///< Std Block Size
  OptDouble log_buffer_bytes;  ///< Log Buffer
  OptDouble in_memory_area_begin_bytes;  ///< In-Memory Area: Begin (12.1.0.2+)
  OptDouble in_memory_area_end_bytes;  ///< In-Memory Area: End
};

/// One row of "Tablespace IO Stats" (filename empty) or "File IO Stats".
struct TablespaceIo {
  std::string tablespace;  ///< Tablespace
  std::string filename;  ///< Filename (File IO Stats only)
  OptDouble reads;  ///< Reads
  OptDouble reads_per_s;  ///< Av Reads/s / Av Rds/s
  OptDouble avg_read_ms;  ///< Av Rd(ms)
  OptDouble blocks_per_read;  ///< Av Blks/Rd
  OptDouble writes;  ///< Writes
  OptDouble writes_per_s;  ///< Av Writes/s / Writes avg/s
  OptDouble buffer_waits;  ///< Buffer Waits
  OptDouble avg_buffer_wait_ms;  ///< Av Buf Wt(ms)
};

/// One row of a "Segments by ..." list. `list` names the list (catalog key, e.g.
/// "segments_physical_reads"); `value` is its measure (Logical Reads, Physical Reads, Row Lock
/// Waits, ...: the column before %Total / % of Capture).
struct SegmentStat {
  std::string list;  ///< catalog key of the "Segments by ..." section
  std::string owner;  ///< Owner
  std::string tablespace;  ///< Tablespace Name
  std::string object;  ///< Object Name
  std::string subobject;  ///< Subobject Name (partition), may be empty
  std::string type;  ///< Obj. Type
  OptDouble value;  ///< the list's measure (count)
  OptDouble pct_total;  ///< %Total or % of Capture
};

/// One latch, merged from "Latch Activity" and "Latch Sleep Breakdown".
struct LatchStat {
  std::string name;  ///< Latch Name
  OptDouble get_requests;  ///< Get Requests
  OptDouble pct_get_miss;  ///< Pct Get Miss
  OptDouble avg_sleeps_per_miss;  ///< Avg Slps /Miss
  OptDouble wait_time_s;  ///< Wait Time (s)
  OptDouble nowait_requests;  ///< NoWait Requests
  OptDouble pct_nowait_miss;  ///< Pct NoWait Miss
  OptDouble misses;  ///< Misses (Latch Sleep Breakdown)
  OptDouble sleeps;  ///< Sleeps (Latch Sleep Breakdown)
  OptDouble spin_gets;  ///< Spin Gets (Latch Sleep Breakdown)
};

/// One row of "Mutex Sleep Summary".
struct MutexSleep {
  std::string mutex_type;  ///< Mutex Type
  std::string location;  ///< Location
  OptDouble sleeps;  ///< Sleeps
  OptDouble wait_time_ms;  ///< Wait Time (ms)
};

/// One row of "Enqueue Activity".
struct EnqueueStat {
  std::string name;  ///< Enqueue Type (Request Reason), e.g. "TX-Transaction (row lock contention)"
  OptDouble requests;  ///< Requests
  OptDouble succ_gets;  ///< Succ Gets
  OptDouble failed_gets;  ///< Failed Gets
  OptDouble waits;  ///< Waits
  OptDouble wait_time_s;  ///< Wt Time (s)
  OptDouble avg_wait_ms;  ///< Av Wt Time(ms)
};

/// One namespace of "Library Cache Activity".
struct LibraryCacheStat {
  std::string name;  ///< Namespace
  OptDouble get_requests;  ///< Get Requests
  OptDouble pct_get_miss;  ///< Pct Miss (of gets)
  OptDouble pin_requests;  ///< Pin Requests
  OptDouble pct_pin_miss;  ///< Pct Miss (of pins)
  OptDouble reloads;  ///< Reloads
  OptDouble invalidations;  ///< Invalidations
};

/// One cache of "Dictionary Cache Stats".
struct DictionaryCacheStat {
  std::string name;  ///< Cache
  OptDouble get_requests;  ///< Get Requests
  OptDouble pct_miss;  ///< Pct Miss (of gets)
  OptDouble scan_requests;  ///< Scan Reqs
  OptDouble mod_requests;  ///< Mod Reqs
  OptDouble final_usage;  ///< Final Usage
};

/// One row of "Undo Segment Summary".
struct UndoSummary {
  std::string undo_tablespace;  ///< Undo TS#
  OptDouble undo_blocks;  ///< Num Undo Blocks (printed in thousands, stored as blocks)
  OptDouble transactions;  ///< Number of Transactions
  OptDouble max_query_length_s;  ///< Max Qry Len (s)
  OptDouble max_tx_concurrency;  ///< Max Tx Concurcy
  std::string tuned_retention;  ///< Min/Max TR (mins), as printed
  std::string sto_oos;  ///< STO/ OOS (snapshot-too-old / out-of-space counts), as printed
};

/// One bucket of a wait event histogram: its label as printed ("<1ms", "<=1s", ">=2m") and the
/// percentage of the event's waits that fell in it (absent when the cell is blank: truly 0).
struct HistogramBucket {
  std::string label;
  OptDouble pct;
};

/// One event of a wait event histogram ("Wait Event Histogram" and its "(up to ...)" / "Detail
/// (...)" variants; `section` is the catalog key of the variant).
struct WaitHistogramRow {
  std::string section;  ///< catalog key, e.g. "wait_histogram", "wait_histogram_2s"
  std::string event;  ///< Event, expanded when a text report cut it
  std::string raw_name;  ///< Event as printed
  OptDouble total_waits;  ///< Total Waits / Waits 64ms to 2s / ... (K, M, G 1000-based)
  std::vector<HistogramBucket> buckets;  ///< % of waits per bucket, in report order

  /// The bucket with this label ("<1ms"), or nullptr.
  const HistogramBucket* bucket(std::string_view label) const;
};

/// One row of "Top ADDM Findings by Average Active Sessions" (12c+).
struct AddmFinding {
  std::string name;  ///< Finding Name
  OptDouble task_avg_active_sessions;  ///< Avg active sessions of the task
  OptDouble pct_active_sessions;  ///< Percent active sessions of finding (% of activity)
  std::string task_name;  ///< Task Name
};

/// One statistic of the RAC global cache sections: Global Cache Load Profile (per second / per
/// transaction), Global Cache Efficiency Percentages (value, %), Global Cache and Enqueue Services -
/// Workload Characteristics and - Messaging Statistics (value, ms or %).
struct GlobalCacheStat {
  std::string section;  ///< catalog key: gc_load_profile, gc_efficiency, gc_workload, gc_messaging
  std::string name;  ///< row label as printed, trailing ':' removed
  OptDouble value;  ///< the single value column (efficiency, workload, messaging)
  OptDouble per_second;  ///< Per Second (load profile)
  OptDouble per_transaction;  ///< Per Transaction (load profile)
};

/// One row of "Operating System Statistics" (Statistic / Value / End Value).
struct OsStat {
  std::string name;  ///< Statistic (e.g. BUSY_TIME, NUM_CPUS, PHYSICAL_MEMORY_BYTES)
  OptDouble value;  ///< Value (a delta for times, the begin value for gauges)
  OptDouble end_value;  ///< End Value (gauges such as NUM_CPUS, LOAD), absent when not printed
};

/// Everything awrdiff knows about one report.
struct Snapshot {
  std::string source;  ///< file name as given on the command line
  ReportKind kind = ReportKind::awr_instance;
  ReportFormat format = ReportFormat::html;
  DatabaseInfo database;
  Interval interval;
  std::vector<LoadProfileRow> load_profile;  ///< in report order
  std::vector<EfficiencyRow> efficiency;  ///< Instance Efficiency Percentages, in report order
  std::vector<WaitEvent> top_events;  ///< Top N (Foreground) Events, in report order
  std::vector<WaitEvent> foreground_events;  ///< Foreground Wait Events (full list), report order
  std::vector<WaitEvent> background_events;  ///< Background Wait Events (full list), report order
  std::vector<WaitClassRow> wait_classes;  ///< in report order (12c+: foreground and background waits)
  std::vector<WaitClassRow> foreground_wait_classes;  ///< Foreground Wait Class: waits of user sessions only
  HostCpu host_cpu;  ///< Host CPU section
  std::vector<TimeModelRow> time_model;  ///< in report order
  std::vector<SqlStat> sql;  ///< merged by sql_id, sorted by elapsed_s descending
  bool truncated = false;  ///< no "End of Report" marker: sections may be missing
  /// False when the report itself says its figures are invalid, e.g. the snapshots span an instance
  /// restart ("ERROR: Snapshots chosen span an instance shutdown: RESULTS ARE INVALID"). Such a
  /// report must not be compared; `invalid_reason` says why.
  bool valid = true;
  std::string invalid_reason;  ///< why `valid` is false, else empty
  /// False when the report warns that timed_statistics changed between the snapshots ("TIMINGS
  /// ARE INVALID"): times and averages are unreliable.
  bool timings_valid = true;
  bool has_sql_sections = false;  ///< the report had at least one "SQL ordered by" list
  OptDouble sql_elapsed_cutoff_s;  ///< smallest elapsed listed in SQL ordered by Elapsed Time
  std::vector<ActivityStat> activity;  ///< Instance Activity Stats, merged by name, report order
  std::vector<Parameter> parameters;  ///< init.ora / modified parameters, report order
  std::vector<IoStatRow> iostat_function;  ///< IOStat by Function summary, report order (TOTAL: last)
  std::vector<IoStatRow> iostat_filetype;  ///< IOStat by Filetype summary, report order
  CacheSizes cache_sizes;  ///< Cache Sizes section
  std::vector<TablespaceIo> tablespace_io;  ///< Tablespace IO Stats
  std::vector<TablespaceIo> file_io;  ///< File IO Stats
  std::vector<SegmentStat> segments;  ///< every "Segments by ..." list, report order
  std::vector<LatchStat> latches;  ///< Latch Activity + Latch Sleep Breakdown, by latch name
  std::vector<MutexSleep> mutex_sleeps;  ///< Mutex Sleep Summary
  std::vector<EnqueueStat> enqueues;  ///< Enqueue Activity
  std::vector<LibraryCacheStat> library_cache;  ///< Library Cache Activity
  std::vector<DictionaryCacheStat> dictionary_cache;  ///< Dictionary Cache Stats
  std::vector<UndoSummary> undo;  ///< Undo Segment Summary
  std::vector<WaitHistogramRow> wait_histograms;  ///< all wait event histogram variants
  std::vector<AddmFinding> addm_findings;  ///< Top ADDM Findings by Average Active Sessions
  std::vector<GlobalCacheStat> global_cache;  ///< RAC global cache load profile / efficiency / workload
  std::vector<OsStat> os_stats;  ///< Operating System Statistics
  /// RAC global reports: one row per instance (the other fields hold the cluster-wide figures:
  /// DB time and DB CPU summed over instances, elapsed = the report's total, events and SQL as the
  /// report's cluster-wide '*' / (Global) tables print them). Empty for other kinds.
  std::vector<InstanceRow> instance_rows;
  std::vector<GenericTable> other_tables;  ///< tables not interpreted above
  int members = 1;  ///< reports merged into this snapshot (merge_snapshots); 1 for a report
  std::vector<Diagnostic> diagnostics;

  /// DB CPU in seconds: the time model row, else the DB CPU pseudo-event, else the header's DB CPU
  /// (minutes, two decimals). Empty when none.
  OptDouble db_cpu_s() const;
  /// DB time in seconds: the time model's DB time row (seconds), else the header's DB Time (minutes,
  /// two decimals).
  OptDouble db_time_s() const;
  /// DB time that is neither DB CPU nor a wait (DB time - DB CPU - non-idle foreground wait class
  /// time), seconds: mostly time spent in the CPU run queue. Uses Foreground Wait Class when the report
  /// has it (background waits are not DB time), else the wait class table. Empty without either.
  /// Clamped at 0.
  OptDouble unaccounted_db_time_s() const;
  /// Average active sessions = DB time / elapsed. Empty when either is absent or elapsed is 0.
  OptDouble average_active_sessions() const;
  /// Why a statement's figures cannot be this period's, or "" when they can: its elapsed is more than
  /// every session of the period (the more of Sessions at begin and end) busy in it for the whole
  /// period, or more than 10 times the period's DB time (its %Total would pass 999.9%, which the
  /// report prints as "######"). Such a statement is kept as printed; the builder names it in a
  /// diagnostic and the comparison never takes it for a cause (src/model/model.cpp).
  std::string impossible_sql(const SqlStat& q) const;
  /// A foreground wait event by name (case-insensitive; "DB CPU" and "CPU time" find the DB CPU
  /// pseudo-event of the top list): the Foreground Wait Events row when it has a time, else the top
  /// list's row, else a Foreground Wait Events row without a time; nullptr when neither list has the
  /// event. Where both lists print an event and agree within rounding, the snapshot builder has given
  /// both rows the more precise figure of each (2,048.1 s from the top list, 2,198,777 s from the full
  /// list rather than the top list's 2198.8K), so either row reads the same; where they disagree (a
  /// Statspack top list counts background sessions too), the Foreground Wait Events row is the
  /// foreground figure. Every consumer (diff, findings, sets, the metric registry) reads events here.
  const WaitEvent* foreground_event(std::string_view name) const;
  /// The top list's row for an event (case-insensitive; "DB CPU" / "CPU time": the CPU pseudo-event);
  /// nullptr when the top list does not show it.
  const WaitEvent* top_event(std::string_view name) const;
  /// A Background Wait Events row by name (case-insensitive); nullptr when absent.
  const WaitEvent* background_event(std::string_view name) const;
  /// Looks up a Load Profile row by catalog key; nullptr when the report has no such row.
  const LoadProfileRow* load_profile_row(std::string_view key) const;
  /// Looks up an Instance Efficiency Percentages row by catalog key ("buffer_hit"); nullptr when the
  /// report has no such row.
  const EfficiencyRow* efficiency_row(std::string_view key) const;
  /// Looks up a time model row by its (case-insensitive) statistic name; nullptr when absent.
  const TimeModelRow* time_model_row(std::string_view name) const;
  /// Looks up an Instance Activity statistic by its full name (exact); nullptr when absent.
  const ActivityStat* activity_stat(std::string_view name) const;
  /// Looks up a parameter by name (case-insensitive); nullptr when absent.
  const Parameter* parameter(std::string_view name) const;
  /// Looks up an IOStat by Function row (`by_function`) or by Filetype row by name; nullptr when absent.
  const IoStatRow* iostat(std::string_view name, bool by_function = true) const;
  /// Looks up an OS statistic by name; nullptr when absent.
  const OsStat* os_stat(std::string_view name) const;
};

}  // namespace awrdiff
