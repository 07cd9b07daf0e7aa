// The catalog's data tables. Add a release's new name for a section or column here, and every
// parser and renderer picks it up.
#include <awrdiff/catalog.hpp>

#include "support/text.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace awrdiff {
namespace {

// Static storage for alias lists: each list is a constexpr array, referenced by a span.
#define AWRDIFF_NAMES(var, ...) constexpr std::string_view var[] = {__VA_ARGS__}

// ---- sections --------------------------------------------------------------------------------
AWRDIFF_NAMES(t_none, "");
AWRDIFF_NAMES(t_load_profile, "Load Profile");
AWRDIFF_NAMES(s_load_profile, "load profile");
AWRDIFF_NAMES(t_efficiency, "Instance Efficiency Percentages (Target 100%)", "Instance Efficiency Percentages",
              "Instance Efficiency Indicators");
AWRDIFF_NAMES(s_efficiency, "instance efficiency");
AWRDIFF_NAMES(t_top_events, "Top 10 Foreground Events by Total Wait Time", "Top 5 Timed Foreground Events", "Top 5 Timed Events",
              "Top Timed Events", "Top 10 Foreground Events by Wait Time", "Top 10 Events by Total Wait Time");
AWRDIFF_NAMES(s_top_events, "top 10 wait events", "top 5 timed foreground events", "top 5 timed events", "top timed events",
              "top 10 foreground events");
AWRDIFF_NAMES(t_wait_classes, "Wait Classes by Total Wait Time", "Wait Class");
AWRDIFF_NAMES(s_wait_classes, "wait class statistics ordered by total wait time");
AWRDIFF_NAMES(t_host_cpu, "Host CPU", "Host CPU (CPUs:*");
AWRDIFF_NAMES(s_host_cpu, "system load statistics");
AWRDIFF_NAMES(t_instance_cpu, "Instance CPU");
AWRDIFF_NAMES(s_instance_cpu, "cpu usage and wait statistics");
AWRDIFF_NAMES(t_time_model, "Time Model Statistics", "Time Model System Stats");
AWRDIFF_NAMES(s_time_model, "time model statistics");
AWRDIFF_NAMES(t_os_stats, "Operating System Statistics", "OS Statistics");
AWRDIFF_NAMES(s_os_stats, "operating systems statistics. for each statistic");
AWRDIFF_NAMES(t_fg_wait_class, "Foreground Wait Class");
AWRDIFF_NAMES(s_fg_wait_class, "foreground wait class statistics");
AWRDIFF_NAMES(t_fg_events, "Foreground Wait Events", "Foreground Wait Events (Global)");
AWRDIFF_NAMES(s_fg_events, "foreground wait events and their wait statistics");
AWRDIFF_NAMES(t_bg_events, "Background Wait Events", "Background Wait Events for DB", "Background Wait Events (Global)");
AWRDIFF_NAMES(s_bg_events, "background wait events statistics");
AWRDIFF_NAMES(t_wait_events, "Wait Events", "Wait Events (fg and bg)");
AWRDIFF_NAMES(t_sql_elapsed, "SQL ordered by Elapsed Time", "SQL ordered by Elapsed Time (Global)");
AWRDIFF_NAMES(s_sql_elapsed, "top sql by elapsed time");
AWRDIFF_NAMES(t_sql_cpu, "SQL ordered by CPU Time", "SQL ordered by CPU", "SQL ordered by CPU Time (Global)");
AWRDIFF_NAMES(s_sql_cpu, "top sql by cpu time");
AWRDIFF_NAMES(t_sql_user_io, "SQL ordered by User I/O Wait Time", "SQL ordered by User I/O Time (Global)");
AWRDIFF_NAMES(s_sql_user_io, "top sql by user i/o time");
AWRDIFF_NAMES(t_sql_gets, "SQL ordered by Gets", "SQL ordered by Gets (Global)");
AWRDIFF_NAMES(s_sql_gets, "top sql by buffer gets");
AWRDIFF_NAMES(t_sql_reads, "SQL ordered by Reads", "SQL ordered by Reads (Global)");
AWRDIFF_NAMES(s_sql_reads, "top sql by physical reads");
AWRDIFF_NAMES(t_sql_unopt, "SQL ordered by Physical Reads (UnOptimized)", "SQL ordered by UnOptimized Read Requests (Global)");
AWRDIFF_NAMES(s_sql_unopt, "top sql by unoptimized read requests");
AWRDIFF_NAMES(t_sql_exec, "SQL ordered by Executions", "SQL ordered by Executions (Global)");
AWRDIFF_NAMES(s_sql_exec, "top sql by number of executions");
AWRDIFF_NAMES(t_sql_parse, "SQL ordered by Parse Calls");
AWRDIFF_NAMES(s_sql_parse, "top sql by number of parse calls");
AWRDIFF_NAMES(t_sql_mem, "SQL ordered by Sharable Memory");
AWRDIFF_NAMES(s_sql_mem, "top sql by amount of shared memory");
AWRDIFF_NAMES(t_sql_version, "SQL ordered by Version Count");
AWRDIFF_NAMES(s_sql_version, "top sql by version count");
AWRDIFF_NAMES(t_sql_cluster, "SQL ordered by Cluster Wait Time", "SQL ordered by Cluster Wait Time (Global)");
AWRDIFF_NAMES(s_sql_cluster, "top sql by cluster wait time");
AWRDIFF_NAMES(t_sql_text, "Complete List of SQL Text");
AWRDIFF_NAMES(s_sql_text, "text of the sql statements");
AWRDIFF_NAMES(t_activity, "Instance Activity Stats", "Key Instance Activity Stats", "Other Instance Activity Stats",
              "Instance Activity Statistics");
AWRDIFF_NAMES(s_activity, "instance activity statistics. for each instance");
AWRDIFF_NAMES(t_init_ora, "init.ora Parameters", "Modified Parameters", "Parameters modified by this container");
AWRDIFF_NAMES(s_init_ora, "initialization parameters", "init.ora parameters");  // CDB: "...parametersmodified by"

// ---- instance activity (absolute values, thread activity) --------------------------------------
AWRDIFF_NAMES(t_activity_abs, "Instance Activity Stats - Absolute Values");
AWRDIFF_NAMES(s_activity_abs, "absolute values of instance-related");
AWRDIFF_NAMES(t_activity_thread, "Instance Activity Stats - Thread Activity");
AWRDIFF_NAMES(s_activity_thread, "thread activity stats");
// ---- I/O ---------------------------------------------------------------------------------------
AWRDIFF_NAMES(t_io_profile, "IO Profile");
AWRDIFF_NAMES(s_io_profile, "displays io profile");
AWRDIFF_NAMES(t_iostat_function, "IOStat by Function summary", "IOStat by Function");
AWRDIFF_NAMES(s_iostat_function, "io statistics for different functions");
AWRDIFF_NAMES(t_iostat_filetype, "IOStat by Filetype summary", "IOStat by Filetype");
AWRDIFF_NAMES(s_iostat_filetype, "io statistics for different file types");
AWRDIFF_NAMES(t_iostat_fn_ft, "IOStat by Function/Filetype summary", "IOStat by Function/Filetype");
AWRDIFF_NAMES(s_iostat_fn_ft, "iostat by function/filetype");
AWRDIFF_NAMES(t_tablespace_io, "Tablespace IO Stats");
AWRDIFF_NAMES(s_tablespace_io, "io statistics for different tablespaces");
AWRDIFF_NAMES(t_file_io, "File IO Stats");
AWRDIFF_NAMES(s_file_io, "io statistics for different physical files");
// ---- wait event histograms (all variants share one summary text: titles decide) -----------------
AWRDIFF_NAMES(t_histogram, "Wait Event Histogram");
AWRDIFF_NAMES(s_histogram, "total number of waits, and information about total wait time");
AWRDIFF_NAMES(t_histogram_us, "Wait Event Histogram (up to 64 us)", "Wait Event Histogram (up to 512 us)");
AWRDIFF_NAMES(t_histogram_32ms, "Wait Event Histogram (up to 32 ms)");
AWRDIFF_NAMES(t_histogram_2s, "Wait Event Histogram Detail (64 msec to 2 sec)", "Wait Event Histogram (up to 2 sec)");
AWRDIFF_NAMES(t_histogram_2min, "Wait Event Histogram Detail (4 sec to 2 min)", "Wait Event Histogram (up to 2 min)");
AWRDIFF_NAMES(t_histogram_1hr, "Wait Event Histogram Detail (4 min to 1 hr)", "Wait Event Histogram (up to 1 hr)");
// ---- services, processes, OS -------------------------------------------------------------------
AWRDIFF_NAMES(t_service_stats, "Service Statistics");
AWRDIFF_NAMES(s_service_stats, "displays service statistics");
AWRDIFF_NAMES(t_service_wait_class, "Service Wait Class Stats");
AWRDIFF_NAMES(s_service_wait_class, "service wait class statistics");
AWRDIFF_NAMES(t_channel_waits, "Top 10 Channel Waits");
AWRDIFF_NAMES(s_channel_waits, "top 10 channel wa");
AWRDIFF_NAMES(t_proc_wait_class, "Top Process Types by Wait Class");
AWRDIFF_NAMES(s_proc_wait_class, "top process types by wait class");
AWRDIFF_NAMES(t_proc_cpu, "Top Process Types by CPU Used");
AWRDIFF_NAMES(s_proc_cpu, "top process types by cpu used");
AWRDIFF_NAMES(t_os_detail, "Operating System Statistics - Detail", "OS Statistics - Detail");
AWRDIFF_NAMES(s_os_detail, "detailed operating systems statistics");
// ---- memory, caches, advisories ----------------------------------------------------------------
AWRDIFF_NAMES(t_cache_sizes, "Cache Sizes");
AWRDIFF_NAMES(s_cache_sizes, "cache sizes and other statistics");
AWRDIFF_NAMES(t_memory_stats, "Memory Statistics");
AWRDIFF_NAMES(s_memory_stats, "displays memory statistics");
AWRDIFF_NAMES(t_sp_stats, "Shared Pool Statistics");
AWRDIFF_NAMES(s_sp_stats, "displays shared pool statistics");
AWRDIFF_NAMES(t_db_limits, "Database Resource Limits");
AWRDIFF_NAMES(s_db_limits, "displays database resource limits");
AWRDIFF_NAMES(t_bp_stats, "Buffer Pool Statistics");
AWRDIFF_NAMES(s_bp_stats, "buffer pool statistics");
AWRDIFF_NAMES(t_checkpoint, "Checkpoint Activity");
AWRDIFF_NAMES(s_checkpoint, "checkpoint activity statistics");
AWRDIFF_NAMES(t_recovery, "Instance Recovery Stats");
AWRDIFF_NAMES(s_recovery, "instance recovery statistics");
AWRDIFF_NAMES(t_mttr, "MTTR Advisory");
AWRDIFF_NAMES(t_bp_advisory, "Buffer Pool Advisory");
AWRDIFF_NAMES(s_bp_advisory, "buffer pool advisory");
AWRDIFF_NAMES(t_pga_summary, "PGA Aggr Summary");
AWRDIFF_NAMES(s_pga_summary, "pga aggregate summary");
AWRDIFF_NAMES(t_pga_stats, "PGA Aggr Target Stats");
AWRDIFF_NAMES(s_pga_stats, "pga aggregate target statistics");
AWRDIFF_NAMES(t_pga_histogram, "PGA Aggr Target Histogram");
AWRDIFF_NAMES(s_pga_histogram, "pga aggregate target histogram");
AWRDIFF_NAMES(t_pga_advisory, "PGA Memory Advisory");
AWRDIFF_NAMES(s_pga_advisory, "pga memory advisory");
AWRDIFF_NAMES(t_sp_advisory, "Shared Pool Advisory");
AWRDIFF_NAMES(s_sp_advisory, "displays shared pool advisory");
AWRDIFF_NAMES(t_sga_advisory, "SGA Target Advisory");
AWRDIFF_NAMES(s_sga_advisory, "sga target advisory for different");
AWRDIFF_NAMES(t_streams_advisory, "Streams Pool Advisory");
AWRDIFF_NAMES(s_streams_advisory, "streams pool advisory for different");
AWRDIFF_NAMES(t_java_advisory, "Java Pool Advisory");
AWRDIFF_NAMES(s_java_advisory, "java pool advisory");
AWRDIFF_NAMES(t_addm_advisories, "Buffer Cache Advisory (for ADDM)", "SGA Target Advisory (for ADDM)",
              "Shared Pool Advisory (for ADDM)", "PGA Target Advisory (for ADDM)", "Streams Pool Advisory (for ADDM)");
AWRDIFF_NAMES(s_addm_advisories, "advisory (for addm)");
AWRDIFF_NAMES(t_buffer_waits, "Buffer Wait Statistics");
AWRDIFF_NAMES(s_buffer_waits, "buffer wait statistics");
AWRDIFF_NAMES(t_mem_dynamic, "Memory Dynamic Components");
AWRDIFF_NAMES(s_mem_dynamic, "memory dynamic component statistics");
AWRDIFF_NAMES(t_mem_resize_summary, "Memory Resize Operations Summary");
AWRDIFF_NAMES(s_mem_resize_summary, "memory resize summary");
AWRDIFF_NAMES(t_mem_resize_ops, "Memory Resize Ops");
AWRDIFF_NAMES(s_mem_resize_ops, "memory resize operations");
AWRDIFF_NAMES(t_process_memory, "Process Memory Summary");
AWRDIFF_NAMES(s_process_memory, "process memory summary");
AWRDIFF_NAMES(t_sga_summary, "SGA Memory Summary", "SGA regions");
AWRDIFF_NAMES(s_sga_summary, "sga memory summary");
AWRDIFF_NAMES(t_sga_breakdown, "SGA breakdown difference", "SGA breakdown difference by Pool and Name");
AWRDIFF_NAMES(s_sga_breakdown, "sga breakdown difference");
// ---- enqueues, undo, latches, library and dictionary caches -------------------------------------
AWRDIFF_NAMES(t_enqueue, "Enqueue Activity");
AWRDIFF_NAMES(s_enqueue, "enqueue activity statistics");
AWRDIFF_NAMES(t_undo_summary, "Undo Segment Summary");
AWRDIFF_NAMES(s_undo_summary, "undo segment summary");
AWRDIFF_NAMES(t_undo_stats, "Undo Segment Stats");
AWRDIFF_NAMES(s_undo_stats, "recent undostat rows");
AWRDIFF_NAMES(t_latch_activity, "Latch Activity");
AWRDIFF_NAMES(s_latch_activity, "displays latch statistics");
AWRDIFF_NAMES(t_latch_sleep, "Latch Sleep Breakdown");
AWRDIFF_NAMES(s_latch_sleep, "latch sleep statistics");
AWRDIFF_NAMES(t_latch_miss, "Latch Miss Sources");
AWRDIFF_NAMES(s_latch_miss, "latch miss sources");
AWRDIFF_NAMES(t_mutex, "Mutex Sleep Summary");
AWRDIFF_NAMES(s_mutex, "mutex sleep summary");
AWRDIFF_NAMES(t_parent_latch, "Parent Latch Statistics");
AWRDIFF_NAMES(s_parent_latch, "parent latch statistics");
AWRDIFF_NAMES(t_child_latch, "Child Latch Statistics");
AWRDIFF_NAMES(s_child_latch, "child latch statistics");
AWRDIFF_NAMES(t_dict_cache, "Dictionary Cache Stats");
AWRDIFF_NAMES(s_dict_cache, "dictionary cache statistics. get requests");
AWRDIFF_NAMES(t_dict_cache_rac, "Dictionary Cache Stats (RAC)");
AWRDIFF_NAMES(s_dict_cache_rac, "dictionary cache statistics. ges requests");
AWRDIFF_NAMES(t_lib_cache, "Library Cache Activity");
AWRDIFF_NAMES(s_lib_cache, "library cache statistics. get requests");
AWRDIFF_NAMES(t_lib_cache_rac, "Library Cache Activity (RAC)");
AWRDIFF_NAMES(s_lib_cache_rac, "library cache statistics. ges lock requests");
// ---- segments ----------------------------------------------------------------------------------
AWRDIFF_NAMES(t_seg_logical, "Segments by Logical Reads");
AWRDIFF_NAMES(s_seg_logical, "top segments by logical reads");
AWRDIFF_NAMES(t_seg_phys, "Segments by Physical Reads");
AWRDIFF_NAMES(s_seg_phys, "top segments by physical reads");
AWRDIFF_NAMES(t_seg_phys_req, "Segments by Physical Read Requests");
AWRDIFF_NAMES(s_seg_phys_req, "top segments by physical read requests");
AWRDIFF_NAMES(t_seg_unopt, "Segments by UnOptimized Reads");
AWRDIFF_NAMES(s_seg_unopt, "top segments by unoptimized reads");
AWRDIFF_NAMES(t_seg_opt, "Segments by Optimized Reads");
AWRDIFF_NAMES(s_seg_opt, "top segments by optimized reads");
AWRDIFF_NAMES(t_seg_direct_reads, "Segments by Direct Physical Reads");
AWRDIFF_NAMES(s_seg_direct_reads, "top segments by direct physical reads");
AWRDIFF_NAMES(t_seg_writes, "Segments by Physical Writes");
AWRDIFF_NAMES(s_seg_writes, "top segments by physical writes");
AWRDIFF_NAMES(t_seg_write_req, "Segments by Physical Write Requests");
AWRDIFF_NAMES(s_seg_write_req, "top segments by physical write requests");
AWRDIFF_NAMES(t_seg_direct_writes, "Segments by Direct Physical Writes");
AWRDIFF_NAMES(s_seg_direct_writes, "top segments by direct physical writes");
AWRDIFF_NAMES(t_seg_scans, "Segments by Table Scans");
AWRDIFF_NAMES(s_seg_scans, "top segments by table scans");
AWRDIFF_NAMES(t_seg_changes, "Segments by DB Blocks Changes", "Segments by DB Block Changes");
AWRDIFF_NAMES(s_seg_changes, "top segments by db blocks changes");
AWRDIFF_NAMES(t_seg_row_lock, "Segments by Row Lock Waits");
AWRDIFF_NAMES(s_seg_row_lock, "top segments by row lock waits");
AWRDIFF_NAMES(t_seg_itl, "Segments by ITL Waits");
AWRDIFF_NAMES(s_seg_itl, "top segments by itl waits");
AWRDIFF_NAMES(t_seg_bbw, "Segments by Buffer Busy Waits");
AWRDIFF_NAMES(s_seg_bbw, "top segments by buffer busy waits");
AWRDIFF_NAMES(t_seg_gc_bbw, "Segments by Global Cache Buffer Busy");
AWRDIFF_NAMES(s_seg_gc_bbw, "top segments by global cache buffer busy");
AWRDIFF_NAMES(t_seg_cr, "Segments by CR Blocks Received");
AWRDIFF_NAMES(s_seg_cr, "top segments by cr blocks received");
AWRDIFF_NAMES(t_seg_cur, "Segments by Current Blocks Received");
AWRDIFF_NAMES(s_seg_cur, "top segments by current blocks received");
AWRDIFF_NAMES(t_seg_grants, "Segments by Global Cache Remote Grants");
AWRDIFF_NAMES(s_seg_grants, "top segments by gc remote grants");
// ---- parameters (multi-valued, CDB) ------------------------------------------------------------
AWRDIFF_NAMES(t_init_multi, "init.ora Multi-Valued Parameters", "Modified Multi-Valued Parameters",
              "Multi-Valued Parameters modified by this container");
AWRDIFF_NAMES(s_init_multi, "multi-valued init.ora parameters", "multi-valued parameters",
              "multi-valued initialization parameters");
AWRDIFF_NAMES(t_init_other, "Parameters modified by other containers");
AWRDIFF_NAMES(s_init_other, "inherited by the c");
AWRDIFF_NAMES(t_init_multi_other, "Multi-Valued Parameters modified by other containers");
// ---- RAC: global cache and interconnect --------------------------------------------------------
AWRDIFF_NAMES(t_rac_stats, "RAC Statistics");
AWRDIFF_NAMES(s_rac_stats, "information about rac instances");
AWRDIFF_NAMES(t_gc_load, "Global Cache Load Profile");
AWRDIFF_NAMES(s_gc_load, "global cache load profile");
AWRDIFF_NAMES(t_gc_eff, "Global Cache Efficiency Percentages (Target local+remote 100%)", "Global Cache Efficiency Percentages");
AWRDIFF_NAMES(s_gc_eff, "global cache efficiency percentages");
AWRDIFF_NAMES(t_gc_workload, "Global Cache and Enqueue Services - Workload Characteristics");
AWRDIFF_NAMES(s_gc_workload, "workload characteristics for global cache");
AWRDIFF_NAMES(t_gc_messaging, "Global Cache and Enqueue Services - Messaging Statistics");
AWRDIFF_NAMES(s_gc_messaging, "messaging statistics for global cache");
AWRDIFF_NAMES(t_gc_msg_stats, "Global Messaging Statistics");
AWRDIFF_NAMES(s_gc_msg_stats, "global messaging statistics");
AWRDIFF_NAMES(t_gc_cr, "Global CR Served Stats", "Global CR Server Statistics");
AWRDIFF_NAMES(s_gc_cr, "global cr served statistics");
AWRDIFF_NAMES(t_gc_current, "Global CURRENT Served Stats", "Global Current Server Statistics");
AWRDIFF_NAMES(s_gc_current, "global current served statistics");
AWRDIFF_NAMES(t_gc_transfer, "Global Cache Transfer Stats", "Global Cache Transfer Statistics");
AWRDIFF_NAMES(s_gc_transfer, "global cache transfer stats");
AWRDIFF_NAMES(t_gc_times, "Global Cache Transfer Times (ms)", "Global Cache Transfer Times (us)");
AWRDIFF_NAMES(s_gc_times, "global cache transfer time statistics");
AWRDIFF_NAMES(t_gc_transfer_imm, "Global Cache Transfer (Immediate)");
AWRDIFF_NAMES(s_gc_transfer_imm, "global cache transfer (immediate)");
AWRDIFF_NAMES(t_gc_times_imm, "Global Cache Times (Immediate)");
AWRDIFF_NAMES(s_gc_times_imm, "global cache times (immediate)");
AWRDIFF_NAMES(t_ic_ping, "Interconnect Ping Latency Stats", "Interconnect Ping Latency Statistics");
AWRDIFF_NAMES(s_ic_ping, "ic ping latency statistics");
AWRDIFF_NAMES(t_ic_throughput, "Interconnect Throughput by Client");
AWRDIFF_NAMES(s_ic_throughput, "interconnect throughput by client");
AWRDIFF_NAMES(t_ic_devices, "Interconnect Device Statistics");
AWRDIFF_NAMES(s_ic_devices, "interconnect device statistics");
AWRDIFF_NAMES(t_cluster_ic, "Cluster Interconnect");
AWRDIFF_NAMES(s_cluster_ic, "cluster interconnect");
AWRDIFF_NAMES(t_remaster, "Dynamic Remastering Stats", "Dynamic Remastering Statistics");
AWRDIFF_NAMES(s_remaster, "dynamic remastering statistics");
// ---- ADDM and ASH pieces embedded in AWR -------------------------------------------------------
AWRDIFF_NAMES(t_addm_findings, "Top ADDM Findings by Average Active Sessions", "ADDM Reports");
AWRDIFF_NAMES(s_addm_findings, "top addm findings");
AWRDIFF_NAMES(t_addm_report, "ADDM Report for Task*");
AWRDIFF_NAMES(t_ash_activity, "Activity Over Time");
AWRDIFF_NAMES(s_ash_activity, "activity in ash over time");
AWRDIFF_NAMES(t_ash_events, "Top Events");
AWRDIFF_NAMES(s_ash_events, "shows the top events");
AWRDIFF_NAMES(t_ash_p1p2p3, "Top Event P1/P2/P3 Values");
AWRDIFF_NAMES(s_ash_p1p2p3, "top event p1/p2/p3 values");
AWRDIFF_NAMES(t_ash_sql_events, "Top SQL with Top Events");
AWRDIFF_NAMES(s_ash_sql_events, "top sql by top wait events");
AWRDIFF_NAMES(t_ash_row_sources, "Top SQL with Top Row Sources");
AWRDIFF_NAMES(s_ash_row_sources, "top sqls with top row sources");
AWRDIFF_NAMES(t_ash_sessions, "Top Sessions");
AWRDIFF_NAMES(s_ash_sessions, "top session by wait event");
AWRDIFF_NAMES(t_ash_blocking, "Top Blocking Sessions");
AWRDIFF_NAMES(s_ash_blocking, "sessions that are blocking other sessions");
AWRDIFF_NAMES(t_ash_objects, "Top DB Objects");
AWRDIFF_NAMES(s_ash_objects, "shows the top db objects");
AWRDIFF_NAMES(t_ash_plsql, "Top PL/SQL Procedures");
AWRDIFF_NAMES(s_ash_plsql, "top pl/sql procedures");
// ---- other standard sections -------------------------------------------------------------------
AWRDIFF_NAMES(t_resource_limits, "Resource Limit Stats");
AWRDIFF_NAMES(s_resource_limits, "resource limit statistics");
AWRDIFF_NAMES(t_ss_activity, "Shared Servers Activity");
AWRDIFF_NAMES(s_ss_activity, "shared servers activity statistics");
AWRDIFF_NAMES(t_ss_rates, "Shared Servers Rates");
AWRDIFF_NAMES(s_ss_rates, "shared servers rate statistics");
AWRDIFF_NAMES(t_ss_util, "Shared Servers Utilization");
AWRDIFF_NAMES(s_ss_util, "shared servers utilization statistics");
AWRDIFF_NAMES(t_ss_disp, "Shared Servers Dispatchers");
AWRDIFF_NAMES(s_ss_disp, "shared servers dispatcher statistics");
AWRDIFF_NAMES(t_streams, "Streams CPU/IO Usage", "Advanced Queue CPU/IO Usage", "Streams Capture", "Streams Apply",
              "Buffered Queues", "Buffered Queue Subscribers", "Persistent Queues", "Persistent Queues Rate",
              "Persistent Queue Subscribers", "Rule Set", "Replication SGA Usage", "GoldenGate Capture",
              "GoldenGate Capture Rate", "GoldenGate Apply Reader", "GoldenGate Apply Coordinator", "GoldenGate Apply Server",
              "GoldenGate Apply Coordinator Rate", "GoldenGate Apply Reader and Server Rate", "XStream Capture", "XStream Apply");
AWRDIFF_NAMES(s_streams, "streams cpu i/o usage", "qmmon cpu i/o usage", "buffered queue", "persistent queue", "goldengate",
              "xstream");
AWRDIFF_NAMES(t_asm, "ASM Diskgroups");
AWRDIFF_NAMES(s_asm, "asm diskgroups");
AWRDIFF_NAMES(t_exadata, "Exadata Storage Server Model", "Exadata Storage Server Version", "Exadata Storage Information",
              "Exadata Griddisks", "Exadata Celldisks", "Exadata OS CPU Statistics - Top Cells",
              "Exadata OS CPU Statistics - Outlier Cells", "Exadata OS IO Statistics - Top Cells",
              "Exadata OS IO Statistics - Outlier Cells", "Exadata OS IO Statistics - Top Disks",
              "Exadata OS IO Statistics - Outlier Disks", "Exadata OS IO Latency - Top Cells",
              "Exadata OS IO Latency - Outlier Cells", "Exadata OS IO Latency - Top Disks",
              "Exadata OS IO Latency - Outlier Disks", "Exadata Cell Server IOPS Statistics - Top Cells",
              "Exadata Cell Server IOPS Statistics - Outlier Cells", "Exadata Cell Server IOPS - Top Disks",
              "Exadata Cell Server IOPS Statistics - Outlier Disks", "Exadata Cell Server IO MB/s Statistics - Top Cells",
              "Exadata Cell Server IO MB/s Statistics - Outlier Cells", "Exadata Cell Server IO MB/s - Top Disks",
              "Exadata Cell Server IO MB/s Statistics - Outlier Disks", "Exadata Cell Server IO Latency - Top Cells",
              "Exadata Cell Server IO Latency - Outlier Cells", "Exadata Cell Server IO Latency - Top Disks",
              "Exadata Cell Server IO Latency - Outlier Disks", "Flash Cache Configuration", "Flash Cache Space Usage",
              "Flash Cache User Reads", "Flash Cache User Reads Per Second", "Flash Cache User Reads Efficiency",
              "Flash Cache User Writes", "Flash Cache User Writes - Large Writes", "Flash Cache Internal Reads",
              "Flash Cache Internal Writes", "Flash Cache Scan Summary", "Flash Cache Scan Population", "Flash Log",
              "Cache Savings", "Disk Activity", "Single Block Reads", "Redo Write Histogram", "Temp IO and Large Writes Summary",
              "I/O Summary", "Database Small IO Summary", "Smart IO", "Passthru Reasons", "Top IO Reasons by MB",
              "Top IO Reasons by Requests", "Columnar Cache Efficiency", "Columnar Cache Population",
              "Columnar Cache Population - Current");
AWRDIFF_NAMES(s_exadata, "exadata cells", "flash cache", "cell server", "by cell latency", "cell i/o latency",
              "cell cpu statistics", "top cells by", "top disks by", "outliers of", "smart i/o", "passthru reasons",
              "top io reasons", "columnar cache");
AWRDIFF_NAMES(s_pdb_info, "pdb instance information");

AWRDIFF_NAMES(t_rac_summary, "Database Summary");
AWRDIFF_NAMES(s_rac_summary, "database summary");
AWRDIFF_NAMES(t_rac_instances, "Database Instances Included In Report");
AWRDIFF_NAMES(s_rac_instances, "database instances included in report");
AWRDIFF_NAMES(t_rac_time_model, "Time Model");
AWRDIFF_NAMES(t_rac_top_fg, "Top Timed Foreground Events");
AWRDIFF_NAMES(s_rac_top_fg, "top timed foreground events");
AWRDIFF_NAMES(t_rac_fg_wait_classes, "Foreground Wait Classes");
AWRDIFF_NAMES(t_rac_os_stats, "OS Statistics By Instance");
AWRDIFF_NAMES(s_rac_os_stats, "os statistics by instance");
AWRDIFF_NAMES(t_rac_sysstat_s, "System Statistics - Per Second");
AWRDIFF_NAMES(s_rac_sysstat_s, "system statistics - per second");
// Tables of RAC global reports (awrgrpt) and Statspack that awrdiff keeps as generic tables. Exact
// titles only: the per-instance layouts differ from the instance report's sections of similar names.
AWRDIFF_NAMES(t_rac_other, "Foreground Wait Classes - % of DB time", "Foreground Wait Classes - % of Total DB time",
              "Time Model - % of DB time", "Top Timed Background Events", "System Statistics",
              "System Statistics (Absolute Values)", "System Statistics (Global)", "System Statistics - Per Transaction",
              "SysStat and Global Messaging - RAC", "SysStat and Global Messaging (per Sec)- RAC",
              "SysStat and Global Messaging (per Tx)- RAC", "IO Profile (Global)", "Wait Event Histogram (Global)",
              "Segment Statistics (Global)", "Ping Statistics", "Interconnect Client Statistics",
              "Interconnect Client Statistics (per Second)", "Global Latency Characteristics", "IORM Objective",
              "Open Pluggable Database Counts", "Small Read Histogram - Detail");
AWRDIFF_NAMES(t_statspack_other, "Cache Size Changes", "File Read Histogram Stats", "IO Stat by Function - detail",
              "IO Stat by Function - summary", "IO Stats Function Detail", "Memory Resize Operations", "Memory Target Advice",
              "Mutex Sleep", "Process Memory Summary Stats", "Rule Sets", "SQL Memory Statistics",
              "Top Process Memory (by component)");

// A "Segments by ..." list: its short name for the List column, and whether its values are waits.
constexpr SectionSpec segments(SectionId id, std::string_view key, std::string_view display,
                               std::span<const std::string_view> titles, std::span<const std::string_view> summaries,
                               std::string_view short_name, bool counts_waits) {
  return {id,
          key,
          display,
          titles,
          summaries,
          SectionReader::segment_list,
          TextLayout::table,
          false,
          SectionRows::segment_list,
          short_name,
          counts_waits};
}

// Sections whose rows are sessions, moments or prose (SectionRows::moments).
constexpr SectionSpec moments(SectionId id, std::string_view key, std::string_view display,
                              std::span<const std::string_view> titles, std::span<const std::string_view> summaries,
                              SectionReader reader = SectionReader::generic) {
  return {id, key, display, titles, summaries, reader, TextLayout::table, false, SectionRows::moments};
}

// A section's quirks as marks on its row (SectionSpec's fields of the same names).
constexpr SectionSpec idle_events_last(SectionSpec s) {
  s.idle_events_last = true;
  return s;
}
constexpr SectionSpec gives_cut_off(SectionSpec s) {
  s.gives_cut_off = true;
  return s;
}
constexpr SectionSpec begin_end_values(SectionSpec s) {
  s.begin_end_values = true;
  return s;
}
constexpr SectionSpec first_table_only(SectionSpec s) {
  s.copies = TableCopies::first_read;
  return s;
}
constexpr SectionSpec several_tables(SectionSpec s) {
  s.copies = TableCopies::several;
  return s;
}
constexpr SectionSpec untitled_by(ColumnId a, ColumnId b, SectionSpec s) {
  s.untitled_by = {a, b};
  return s;
}
constexpr SectionSpec text_quirks(unsigned char quirks, SectionSpec s) {
  s.text_quirks = quirks;
  return s;
}
constexpr SectionSpec key_list(SectionSpec s, std::string_view title_prefix, std::string_view summary) {
  s.key_list_title = title_prefix;
  s.key_list_summary = summary;
  return s;
}

constexpr SectionSpec k_sections[] = {
    untitled_by(
        ColumnId::db_name, ColumnId::dbid,
        first_table_only(
            {SectionId::database_info, "database_info", "Database", t_none, {}, SectionReader::header, TextLayout::header})),
    untitled_by(ColumnId::instance, ColumnId::startup_time,
                {SectionId::instance_info, "instance_info", "Instance", t_none, {}, SectionReader::header, TextLayout::header}),
    untitled_by(ColumnId::host_name, ColumnId::platform,
                {SectionId::host_info, "host_info", "Host", t_none, {}, SectionReader::header, TextLayout::header}),
    untitled_by(
        ColumnId::snap_id, ColumnId::snap_time,
        {SectionId::snapshot_info, "snapshot_info", "Snapshots", t_none, {}, SectionReader::snapshot_info, TextLayout::header}),
    {SectionId::load_profile, "load_profile", "Load Profile", t_load_profile, s_load_profile, SectionReader::load_profile},
    {SectionId::efficiency, "efficiency", "Instance Efficiency Percentages", t_efficiency, s_efficiency,
     SectionReader::efficiency, TextLayout::label_pairs},
    {SectionId::top_events, "top_events", "Top Timed Events", t_top_events, s_top_events, SectionReader::top_events},
    {SectionId::wait_classes, "wait_classes", "Wait Classes", t_wait_classes, s_wait_classes, SectionReader::wait_classes},
    text_quirks(text_blank_tail, {SectionId::host_cpu, "host_cpu", "Host CPU", t_host_cpu, s_host_cpu, SectionReader::host_cpu}),
    {SectionId::instance_cpu, "instance_cpu", "Instance CPU", t_instance_cpu, s_instance_cpu},
    {SectionId::time_model, "time_model", "Time Model Statistics", t_time_model, s_time_model, SectionReader::time_model},
    {SectionId::os_stats, "os_stats", "Operating System Statistics", t_os_stats, s_os_stats, SectionReader::os_stats},
    {SectionId::foreground_wait_class, "foreground_wait_class", "Foreground Wait Class", t_fg_wait_class, s_fg_wait_class,
     SectionReader::foreground_wait_class},
    idle_events_last({SectionId::foreground_events, "foreground_events", "Foreground Wait Events", t_fg_events, s_fg_events,
                      SectionReader::foreground_events}),
    idle_events_last({SectionId::background_events, "background_events", "Background Wait Events", t_bg_events, s_bg_events,
                      SectionReader::background_events}),
    {SectionId::wait_events_all, "wait_events", "Wait Events", t_wait_events, {}},
    gives_cut_off({SectionId::sql_elapsed, "sql_elapsed", "SQL ordered by Elapsed Time", t_sql_elapsed, s_sql_elapsed,
                   SectionReader::sql_list, TextLayout::sql_records, true}),
    {SectionId::sql_cpu, "sql_cpu", "SQL ordered by CPU Time", t_sql_cpu, s_sql_cpu, SectionReader::sql_list,
     TextLayout::sql_records, true},
    {SectionId::sql_user_io, "sql_user_io", "SQL ordered by User I/O Wait Time", t_sql_user_io, s_sql_user_io,
     SectionReader::sql_list, TextLayout::sql_records, true},
    {SectionId::sql_gets, "sql_gets", "SQL ordered by Gets", t_sql_gets, s_sql_gets, SectionReader::sql_list,
     TextLayout::sql_records, true},
    {SectionId::sql_reads, "sql_reads", "SQL ordered by Reads", t_sql_reads, s_sql_reads, SectionReader::sql_list,
     TextLayout::sql_records, true},
    {SectionId::sql_unoptimized_reads, "sql_unoptimized_reads", "SQL ordered by Physical Reads (UnOptimized)", t_sql_unopt,
     s_sql_unopt, SectionReader::sql_list, TextLayout::sql_records, true},
    {SectionId::sql_executions, "sql_executions", "SQL ordered by Executions", t_sql_exec, s_sql_exec, SectionReader::sql_list,
     TextLayout::sql_records, true},
    {SectionId::sql_parse_calls, "sql_parse_calls", "SQL ordered by Parse Calls", t_sql_parse, s_sql_parse,
     SectionReader::sql_list, TextLayout::sql_records, true},
    {SectionId::sql_sharable_memory, "sql_sharable_memory", "SQL ordered by Sharable Memory", t_sql_mem, s_sql_mem,
     SectionReader::sql_list, TextLayout::sql_records, true},
    {SectionId::sql_version_count, "sql_version_count", "SQL ordered by Version Count", t_sql_version, s_sql_version,
     SectionReader::sql_list, TextLayout::sql_records, true},
    {SectionId::sql_cluster_wait, "sql_cluster_wait", "SQL ordered by Cluster Wait Time", t_sql_cluster, s_sql_cluster,
     SectionReader::sql_list, TextLayout::sql_records, true},
    text_quirks(text_id_then_text, {SectionId::sql_text, "sql_text", "Complete List of SQL Text", t_sql_text, s_sql_text,
                                    SectionReader::sql_text, TextLayout::sql_records}),
    several_tables(key_list({SectionId::instance_activity, "instance_activity", "Instance Activity Stats", t_activity, s_activity,
                             SectionReader::activity},
                            "key", "Key Instance")),
    {SectionId::init_ora, "init_ora", "init.ora Parameters", t_init_ora, s_init_ora, SectionReader::parameters},
    // ---- instance activity (absolute values, thread activity) ----
    begin_end_values({SectionId::instance_activity_absolute, "instance_activity_absolute",
                      "Instance Activity Stats - Absolute Values", t_activity_abs, s_activity_abs, SectionReader::activity}),
    {SectionId::instance_activity_thread, "instance_activity_thread", "Instance Activity Stats - Thread Activity",
     t_activity_thread, s_activity_thread, SectionReader::activity},
    // ---- I/O ----
    {SectionId::io_profile, "io_profile", "IO Profile", t_io_profile, s_io_profile},
    {SectionId::iostat_function, "iostat_function", "IOStat by Function summary", t_iostat_function, s_iostat_function,
     SectionReader::iostat_function},
    {SectionId::iostat_filetype, "iostat_filetype", "IOStat by Filetype summary", t_iostat_filetype, s_iostat_filetype,
     SectionReader::iostat_filetype},
    {SectionId::iostat_function_filetype, "iostat_function_filetype", "IOStat by Function/Filetype summary", t_iostat_fn_ft,
     s_iostat_fn_ft},
    {SectionId::tablespace_io, "tablespace_io", "Tablespace IO Stats", t_tablespace_io, s_tablespace_io,
     SectionReader::tablespace_io},
    {SectionId::file_io, "file_io", "File IO Stats", t_file_io, s_file_io, SectionReader::file_io},
    // ---- wait event histograms ----
    {SectionId::wait_histogram, "wait_histogram", "Wait Event Histogram", t_histogram, s_histogram,
     SectionReader::wait_histogram},
    {SectionId::wait_histogram_us,
     "wait_histogram_us",
     "Wait Event Histogram (up to 64 us)",
     t_histogram_us,
     {},
     SectionReader::wait_histogram},
    {SectionId::wait_histogram_32ms,
     "wait_histogram_32ms",
     "Wait Event Histogram (up to 32 ms)",
     t_histogram_32ms,
     {},
     SectionReader::wait_histogram},
    {SectionId::wait_histogram_2s,
     "wait_histogram_2s",
     "Wait Event Histogram (up to 2 sec)",
     t_histogram_2s,
     {},
     SectionReader::wait_histogram},
    {SectionId::wait_histogram_2min,
     "wait_histogram_2min",
     "Wait Event Histogram (up to 2 min)",
     t_histogram_2min,
     {},
     SectionReader::wait_histogram},
    {SectionId::wait_histogram_1hr,
     "wait_histogram_1hr",
     "Wait Event Histogram (up to 1 hr)",
     t_histogram_1hr,
     {},
     SectionReader::wait_histogram},
    // ---- services, processes, OS ----
    {SectionId::service_stats, "service_stats", "Service Statistics", t_service_stats, s_service_stats},
    {SectionId::service_wait_class, "service_wait_class", "Service Wait Class Stats", t_service_wait_class, s_service_wait_class},
    {SectionId::top_channel_waits, "top_channel_waits", "Top 10 Channel Waits", t_channel_waits, s_channel_waits},
    {SectionId::process_types_wait_class, "process_types_wait_class", "Top Process Types by Wait Class", t_proc_wait_class,
     s_proc_wait_class},
    {SectionId::process_types_cpu, "process_types_cpu", "Top Process Types by CPU Used", t_proc_cpu, s_proc_cpu},
    moments(SectionId::os_stats_detail, "os_stats_detail", "Operating System Statistics - Detail", t_os_detail, s_os_detail),
    // ---- memory, caches, advisories ----
    several_tables(
        {SectionId::cache_sizes, "cache_sizes", "Cache Sizes", t_cache_sizes, s_cache_sizes, SectionReader::cache_sizes}),
    {SectionId::memory_stats, "memory_stats", "Memory Statistics", t_memory_stats, s_memory_stats},
    {SectionId::shared_pool_stats, "shared_pool_stats", "Shared Pool Statistics", t_sp_stats, s_sp_stats},
    {SectionId::database_resource_limits, "database_resource_limits", "Database Resource Limits", t_db_limits, s_db_limits},
    {SectionId::buffer_pool_stats, "buffer_pool_stats", "Buffer Pool Statistics", t_bp_stats, s_bp_stats},
    {SectionId::checkpoint_activity, "checkpoint_activity", "Checkpoint Activity", t_checkpoint, s_checkpoint},
    {SectionId::instance_recovery, "instance_recovery", "Instance Recovery Stats", t_recovery, s_recovery},
    {SectionId::mttr_advisory, "mttr_advisory", "MTTR Advisory", t_mttr, {}},
    {SectionId::buffer_pool_advisory, "buffer_pool_advisory", "Buffer Pool Advisory", t_bp_advisory, s_bp_advisory},
    {SectionId::pga_aggr_summary, "pga_aggr_summary", "PGA Aggr Summary", t_pga_summary, s_pga_summary},
    {SectionId::pga_aggr_target_stats, "pga_aggr_target_stats", "PGA Aggr Target Stats", t_pga_stats, s_pga_stats},
    {SectionId::pga_aggr_target_histogram, "pga_aggr_target_histogram", "PGA Aggr Target Histogram", t_pga_histogram,
     s_pga_histogram},
    {SectionId::pga_memory_advisory, "pga_memory_advisory", "PGA Memory Advisory", t_pga_advisory, s_pga_advisory},
    {SectionId::shared_pool_advisory, "shared_pool_advisory", "Shared Pool Advisory", t_sp_advisory, s_sp_advisory},
    {SectionId::sga_target_advisory, "sga_target_advisory", "SGA Target Advisory", t_sga_advisory, s_sga_advisory},
    {SectionId::streams_pool_advisory, "streams_pool_advisory", "Streams Pool Advisory", t_streams_advisory, s_streams_advisory},
    {SectionId::java_pool_advisory, "java_pool_advisory", "Java Pool Advisory", t_java_advisory, s_java_advisory},
    {SectionId::advisories_for_addm, "advisories_for_addm", "Advisories (for ADDM)", t_addm_advisories, s_addm_advisories},
    {SectionId::buffer_wait_stats, "buffer_wait_stats", "Buffer Wait Statistics", t_buffer_waits, s_buffer_waits},
    {SectionId::memory_dynamic_components, "memory_dynamic_components", "Memory Dynamic Components", t_mem_dynamic,
     s_mem_dynamic},
    {SectionId::memory_resize_summary, "memory_resize_summary", "Memory Resize Operations Summary", t_mem_resize_summary,
     s_mem_resize_summary},
    {SectionId::memory_resize_ops, "memory_resize_ops", "Memory Resize Ops", t_mem_resize_ops, s_mem_resize_ops},
    {SectionId::process_memory, "process_memory", "Process Memory Summary", t_process_memory, s_process_memory},
    {SectionId::sga_memory_summary, "sga_memory_summary", "SGA Memory Summary", t_sga_summary, s_sga_summary},
    {SectionId::sga_breakdown, "sga_breakdown", "SGA breakdown difference", t_sga_breakdown, s_sga_breakdown},
    // ---- enqueues, undo, latches, library and dictionary caches ----
    {SectionId::enqueue_activity, "enqueue_activity", "Enqueue Activity", t_enqueue, s_enqueue, SectionReader::enqueues},
    {SectionId::undo_summary, "undo_summary", "Undo Segment Summary", t_undo_summary, s_undo_summary, SectionReader::undo},
    {SectionId::undo_stats, "undo_stats", "Undo Segment Stats", t_undo_stats, s_undo_stats},
    {SectionId::latch_activity, "latch_activity", "Latch Activity", t_latch_activity, s_latch_activity, SectionReader::latches},
    {SectionId::latch_sleep_breakdown, "latch_sleep_breakdown", "Latch Sleep Breakdown", t_latch_sleep, s_latch_sleep,
     SectionReader::latches},
    {SectionId::latch_miss_sources, "latch_miss_sources", "Latch Miss Sources", t_latch_miss, s_latch_miss},
    {SectionId::mutex_sleep_summary, "mutex_sleep_summary", "Mutex Sleep Summary", t_mutex, s_mutex, SectionReader::mutex_sleeps},
    {SectionId::parent_latch_stats, "parent_latch_stats", "Parent Latch Statistics", t_parent_latch, s_parent_latch},
    {SectionId::child_latch_stats, "child_latch_stats", "Child Latch Statistics", t_child_latch, s_child_latch},
    {SectionId::dictionary_cache, "dictionary_cache", "Dictionary Cache Stats", t_dict_cache, s_dict_cache,
     SectionReader::dictionary_cache},
    {SectionId::dictionary_cache_rac, "dictionary_cache_rac", "Dictionary Cache Stats (RAC)", t_dict_cache_rac, s_dict_cache_rac},
    {SectionId::library_cache, "library_cache", "Library Cache Activity", t_lib_cache, s_lib_cache, SectionReader::library_cache},
    {SectionId::library_cache_rac, "library_cache_rac", "Library Cache Activity (RAC)", t_lib_cache_rac, s_lib_cache_rac},
    // ---- segments ----
    segments(SectionId::segments_logical_reads, "segments_logical_reads", "Segments by Logical Reads", t_seg_logical,
             s_seg_logical, "logical reads", false),
    segments(SectionId::segments_physical_reads, "segments_physical_reads", "Segments by Physical Reads", t_seg_phys, s_seg_phys,
             "phys reads", false),
    segments(SectionId::segments_physical_read_requests, "segments_physical_read_requests", "Segments by Physical Read Requests",
             t_seg_phys_req, s_seg_phys_req, "read reqs", false),
    segments(SectionId::segments_unoptimized_reads, "segments_unoptimized_reads", "Segments by UnOptimized Reads", t_seg_unopt,
             s_seg_unopt, "unoptim. reads", false),
    segments(SectionId::segments_optimized_reads, "segments_optimized_reads", "Segments by Optimized Reads", t_seg_opt, s_seg_opt,
             "optim. reads", false),
    segments(SectionId::segments_direct_reads, "segments_direct_reads", "Segments by Direct Physical Reads", t_seg_direct_reads,
             s_seg_direct_reads, "direct reads", false),
    segments(SectionId::segments_physical_writes, "segments_physical_writes", "Segments by Physical Writes", t_seg_writes,
             s_seg_writes, "phys writes", false),
    segments(SectionId::segments_physical_write_requests, "segments_physical_write_requests",
             "Segments by Physical Write Requests", t_seg_write_req, s_seg_write_req, "write reqs", false),
    segments(SectionId::segments_direct_writes, "segments_direct_writes", "Segments by Direct Physical Writes",
             t_seg_direct_writes, s_seg_direct_writes, "direct writes", false),
    segments(SectionId::segments_table_scans, "segments_table_scans", "Segments by Table Scans", t_seg_scans, s_seg_scans,
             "table scans", false),
    segments(SectionId::segments_db_block_changes, "segments_db_block_changes", "Segments by DB Blocks Changes", t_seg_changes,
             s_seg_changes, "block changes", false),
    segments(SectionId::segments_row_lock_waits, "segments_row_lock_waits", "Segments by Row Lock Waits", t_seg_row_lock,
             s_seg_row_lock, "row lock waits", true),
    segments(SectionId::segments_itl_waits, "segments_itl_waits", "Segments by ITL Waits", t_seg_itl, s_seg_itl, "ITL waits",
             true),
    segments(SectionId::segments_buffer_busy_waits, "segments_buffer_busy_waits", "Segments by Buffer Busy Waits", t_seg_bbw,
             s_seg_bbw, "buffer busy", true),
    segments(SectionId::segments_gc_buffer_busy, "segments_gc_buffer_busy", "Segments by Global Cache Buffer Busy", t_seg_gc_bbw,
             s_seg_gc_bbw, "gc buffer busy", true),
    segments(SectionId::segments_cr_blocks_received, "segments_cr_blocks_received", "Segments by CR Blocks Received", t_seg_cr,
             s_seg_cr, "gc CR blocks", false),
    segments(SectionId::segments_current_blocks_received, "segments_current_blocks_received",
             "Segments by Current Blocks Received", t_seg_cur, s_seg_cur, "gc cur blocks", false),
    segments(SectionId::segments_gc_remote_grants, "segments_gc_remote_grants", "Segments by Global Cache Remote Grants",
             t_seg_grants, s_seg_grants, "gc grants", false),
    // ---- parameters (multi-valued, CDB) ----
    {SectionId::init_ora_multi, "init_ora_multi", "init.ora Multi-Valued Parameters", t_init_multi, s_init_multi},
    {SectionId::init_ora_other_containers, "init_ora_other_containers", "Parameters modified by other containers", t_init_other,
     s_init_other},
    {SectionId::init_ora_multi_other_containers,
     "init_ora_multi_other_containers",
     "Multi-Valued Parameters modified by other containers",
     t_init_multi_other,
     {}},
    // ---- RAC: global cache and interconnect ----
    {SectionId::rac_statistics, "rac_statistics", "RAC Statistics", t_rac_stats, s_rac_stats},
    {SectionId::gc_load_profile, "gc_load_profile", "Global Cache Load Profile", t_gc_load, s_gc_load,
     SectionReader::global_cache},
    {SectionId::gc_efficiency, "gc_efficiency", "Global Cache Efficiency Percentages", t_gc_eff, s_gc_eff,
     SectionReader::global_cache, TextLayout::key_values},
    {SectionId::gc_workload, "gc_workload", "Global Cache and Enqueue Services - Workload Characteristics", t_gc_workload,
     s_gc_workload, SectionReader::global_cache, TextLayout::key_values},
    {SectionId::gc_messaging, "gc_messaging", "Global Cache and Enqueue Services - Messaging Statistics", t_gc_messaging,
     s_gc_messaging, SectionReader::global_cache, TextLayout::key_values},
    {SectionId::gc_messaging_stats, "gc_messaging_stats", "Global Messaging Statistics", t_gc_msg_stats, s_gc_msg_stats},
    {SectionId::gc_cr_served, "gc_cr_served", "Global CR Served Stats", t_gc_cr, s_gc_cr},
    {SectionId::gc_current_served, "gc_current_served", "Global CURRENT Served Stats", t_gc_current, s_gc_current},
    {SectionId::gc_transfer_stats, "gc_transfer_stats", "Global Cache Transfer Stats", t_gc_transfer, s_gc_transfer},
    {SectionId::gc_transfer_times, "gc_transfer_times", "Global Cache Transfer Times", t_gc_times, s_gc_times},
    {SectionId::gc_transfer_immediate, "gc_transfer_immediate", "Global Cache Transfer (Immediate)", t_gc_transfer_imm,
     s_gc_transfer_imm},
    {SectionId::gc_times_immediate, "gc_times_immediate", "Global Cache Times (Immediate)", t_gc_times_imm, s_gc_times_imm},
    {SectionId::ic_ping_latency, "ic_ping_latency", "Interconnect Ping Latency Stats", t_ic_ping, s_ic_ping},
    {SectionId::ic_throughput, "ic_throughput", "Interconnect Throughput by Client", t_ic_throughput, s_ic_throughput},
    {SectionId::ic_devices, "ic_devices", "Interconnect Device Statistics", t_ic_devices, s_ic_devices},
    {SectionId::cluster_interconnect, "cluster_interconnect", "Cluster Interconnect", t_cluster_ic, s_cluster_ic},
    {SectionId::dynamic_remastering, "dynamic_remastering", "Dynamic Remastering Stats", t_remaster, s_remaster},
    // ---- ADDM and ASH pieces embedded in AWR ----
    moments(SectionId::addm_findings, "addm_findings", "Top ADDM Findings by Average Active Sessions", t_addm_findings,
            s_addm_findings, SectionReader::addm_findings),
    text_quirks(text_appendix, moments(SectionId::addm_report, "addm_report", "ADDM Report", t_addm_report, {})),
    moments(SectionId::ash_activity_over_time, "ash_activity_over_time", "Activity Over Time (ASH)", t_ash_activity,
            s_ash_activity),
    {SectionId::ash_top_events, "ash_top_events", "Top Events (ASH)", t_ash_events, s_ash_events},
    {SectionId::ash_top_event_p1p2p3, "ash_top_event_p1p2p3", "Top Event P1/P2/P3 Values (ASH)", t_ash_p1p2p3, s_ash_p1p2p3},
    {SectionId::ash_top_sql_events, "ash_top_sql_events", "Top SQL with Top Events (ASH)", t_ash_sql_events, s_ash_sql_events},
    {SectionId::ash_top_sql_row_sources, "ash_top_sql_row_sources", "Top SQL with Top Row Sources (ASH)", t_ash_row_sources,
     s_ash_row_sources},
    moments(SectionId::ash_top_sessions, "ash_top_sessions", "Top Sessions (ASH)", t_ash_sessions, s_ash_sessions),
    moments(SectionId::ash_top_blocking_sessions, "ash_top_blocking_sessions", "Top Blocking Sessions (ASH)", t_ash_blocking,
            s_ash_blocking),
    {SectionId::ash_top_db_objects, "ash_top_db_objects", "Top DB Objects (ASH)", t_ash_objects, s_ash_objects},
    {SectionId::ash_top_plsql, "ash_top_plsql", "Top PL/SQL Procedures (ASH)", t_ash_plsql, s_ash_plsql},
    // ---- other standard sections ----
    {SectionId::resource_limits, "resource_limits", "Resource Limit Stats", t_resource_limits, s_resource_limits},
    {SectionId::shared_servers_activity, "shared_servers_activity", "Shared Servers Activity", t_ss_activity, s_ss_activity},
    {SectionId::shared_servers_rates, "shared_servers_rates", "Shared Servers Rates", t_ss_rates, s_ss_rates},
    {SectionId::shared_servers_utilization, "shared_servers_utilization", "Shared Servers Utilization", t_ss_util, s_ss_util},
    {SectionId::shared_servers_dispatchers, "shared_servers_dispatchers", "Shared Servers Dispatchers", t_ss_disp, s_ss_disp},
    {SectionId::streams, "streams", "Streams, Advanced Queuing and GoldenGate", t_streams, s_streams},
    {SectionId::asm_diskgroups, "asm_diskgroups", "ASM Diskgroups", t_asm, s_asm},
    {SectionId::exadata, "exadata", "Exadata and Flash Cache", t_exadata, s_exadata},
    {SectionId::rac_database_summary, "rac_database_summary", "Database Summary", t_rac_summary, s_rac_summary,
     SectionReader::rac_database_summary},
    {SectionId::rac_instances, "rac_instances", "Database Instances Included In Report", t_rac_instances, s_rac_instances,
     SectionReader::rac_instances},
    {SectionId::rac_time_model,
     "rac_time_model",
     "Time Model (per instance)",
     t_rac_time_model,
     {},
     SectionReader::rac_time_model},
    {SectionId::rac_top_foreground_events, "rac_top_foreground_events", "Top Timed Foreground Events", t_rac_top_fg, s_rac_top_fg,
     SectionReader::rac_top_foreground_events},
    untitled_by(
        ColumnId::con_dbid, ColumnId::container,
        {SectionId::containers, "containers", "Containers", t_none, s_pdb_info, SectionReader::containers, TextLayout::header}),
    {SectionId::rac_foreground_wait_classes,
     "rac_foreground_wait_classes",
     "Foreground Wait Classes",
     t_rac_fg_wait_classes,
     {},
     SectionReader::rac_foreground_wait_classes},
    {SectionId::rac_os_stats, "rac_os_stats", "OS Statistics By Instance", t_rac_os_stats, s_rac_os_stats,
     SectionReader::rac_os_stats},
    {SectionId::rac_sysstat_per_second, "rac_sysstat_per_second", "System Statistics - Per Second", t_rac_sysstat_s,
     s_rac_sysstat_s, SectionReader::rac_sysstat_per_second},
    {SectionId::rac_global_other, "rac_global_other", "Other RAC global report tables", t_rac_other, {}},
    {SectionId::statspack_other, "statspack_other", "Other Statspack tables", t_statspack_other, {}},
};

// Every SectionId but unknown has exactly one row, as ccache ties its statistics table to its enum.
constexpr bool one_row_per_section_id() {
  if (std::size(k_sections) != k_section_id_count - 1) return false;
  for (std::size_t id = 1; id < k_section_id_count; ++id) {
    int rows = 0;
    for (const auto& s : k_sections) rows += static_cast<std::size_t>(s.id) == id ? 1 : 0;
    if (rows != 1) return false;
  }
  return true;
}
static_assert(one_row_per_section_id(), "k_sections: exactly one row for every SectionId except unknown");

// A row's reader agrees with what its rows are: the segment lists and the SQL lists have theirs.
constexpr bool readers_agree_with_rows() {
  for (const auto& s : k_sections)
    if ((s.reader == SectionReader::segment_list) != (s.rows == SectionRows::segment_list) ||
        (s.reader == SectionReader::sql_list) != s.is_sql_list)
      return false;
  return true;
}
static_assert(readers_agree_with_rows(), "k_sections: segment and SQL lists read by their readers, and only they");

// The rows every lookup walks: k_sections, then those add_section_for_test added. Reserved once, so a
// pointer to a row stays valid while rows are added.
constexpr std::size_t k_max_test_sections = 16;
std::vector<SectionSpec>& section_rows() {
  static std::vector<SectionSpec> rows = [] {
    std::vector<SectionSpec> v;
    v.reserve(std::size(k_sections) + k_max_test_sections);
    v.insert(v.end(), std::begin(k_sections), std::end(k_sections));
    return v;
  }();
  return rows;
}

// ---- columns ---------------------------------------------------------------------------------
AWRDIFF_NAMES(c_label, "");
AWRDIFF_NAMES(c_db_name, "DB Name", "Database");  // Statspack: "Database    DB Id    Instance ..."
AWRDIFF_NAMES(c_dbid, "DB Id", "DBID");
AWRDIFF_NAMES(c_unique_name, "Unique Name");
AWRDIFF_NAMES(c_role, "Role", "DB Role");
AWRDIFF_NAMES(c_edition, "Edition");
AWRDIFF_NAMES(c_release, "Release");
AWRDIFF_NAMES(c_rac, "RAC", "Cluster");  // 9i Statspack: "Cluster"
AWRDIFF_NAMES(c_cdb, "CDB");
AWRDIFF_NAMES(c_container, "Container Name", "Container");
AWRDIFF_NAMES(c_instance, "Instance");
AWRDIFF_NAMES(c_inst_num, "Inst Num", "Inst num", "Instance Number");
AWRDIFF_NAMES(c_startup, "Startup Time", "Startup");
AWRDIFF_NAMES(c_host, "Host Name", "Host");
AWRDIFF_NAMES(c_platform, "Platform");
AWRDIFF_NAMES(c_cpus, "CPUs", "#CPUs");
AWRDIFF_NAMES(c_cores, "Cores", "#Cores");
AWRDIFF_NAMES(c_sockets, "Sockets", "#Sckts");
AWRDIFF_NAMES(c_memory, "Memory (GB)", "Memory(GB)", "Memory", "Memory (G)");
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
AWRDIFF_NAMES(c_timeouts, "%Time -outs", "%Time-outs", "% Timeouts", "%Timeouts", "%Tim out");
AWRDIFF_NAMES(c_time_s, "Total Wait Time (sec)", "Total Wait Time (s)", "Time (s)", "Time(s)", "Tota Time", "Total Time (s)",
              "Wait Time (s)", "Total Wait Time(s)", "Wt Time (s)", "Total(s)");
AWRDIFF_NAMES(c_avg_wait, "Avg Wait", "Avg wait (ms)", "Avg Wait (ms)", "Avg(ms)", "Wait Avg(ms)", "Avg Wait(ms)", "Avg wait(ms)",
              "Wait Avg (ms)", "Avg Wait Time", "Avg Wait Time (ms)", "Av Wt Time(ms)");
AWRDIFF_NAMES(c_pct_db_time, "% DB time", "%DB time", "% of DB Time", "% DB Time", "% Total Call Time", "%Total Call Time",
              "% of DB time", "% Total Ela Time",
              "%Total Ela Time");  // 9i Statspack: share of elapsed (CPU + non-idle waits)
AWRDIFF_NAMES(c_wait_class, "Wait Class", "Class");
AWRDIFF_NAMES(c_aas, "Avg Active Sessions", "Active Sessions", "Avg Active Sess");
AWRDIFF_NAMES(c_statistic, "Statistic Name", "Statistic");
AWRDIFF_NAMES(c_value, "Value");
AWRDIFF_NAMES(c_begin_value, "Begin value", "Begin Value");
AWRDIFF_NAMES(c_end_value, "End value (if different)", "End value", "End Value");
AWRDIFF_NAMES(c_total, "Total");
AWRDIFF_NAMES(c_per_trans, "per Trans");
AWRDIFF_NAMES(c_sql_id, "SQL Id", "SQL ID", "SQLId");
AWRDIFF_NAMES(c_elapsed, "Elapsed Time (s)", "Elapsed Time(s)", "Elapsed Time (s)", "Elapsd Time (s)", "Elapsed (s)");
AWRDIFF_NAMES(c_executions, "Executions", "Execs", "Executions ");
AWRDIFF_NAMES(c_ela_per_exec, "Elapsed Time per Exec (s)", "Elap per Exec (s)", "Elapsed per Exec (s)");
AWRDIFF_NAMES(c_pct_total, "%Total", "% Total");
AWRDIFF_NAMES(c_pct_cpu, "%CPU");
AWRDIFF_NAMES(c_pct_io, "%IO");
AWRDIFF_NAMES(c_cpu, "CPU Time (s)", "CPU Time(s)", "CPU Time", "CPU (s)");
AWRDIFF_NAMES(c_cpu_per_exec, "CPU per Exec (s)", "CPU per Exec(s)");
AWRDIFF_NAMES(c_user_io, "User I/O Time (s)", "UIO Time (s)", "User I/O Wait Time (s)", "IOWait (s)");
AWRDIFF_NAMES(c_gets, "Buffer Gets", "Gets");
AWRDIFF_NAMES(c_gets_per_exec, "Gets per Exec");
AWRDIFF_NAMES(c_reads, "Physical Reads", "Physical Rds", "Reads");
AWRDIFF_NAMES(c_reads_per_exec, "Reads per Exec", "Rds per Exec");
AWRDIFF_NAMES(c_rows, "Rows Processed", "Rows");
AWRDIFF_NAMES(c_rows_per_exec, "Rows per Exec");
AWRDIFF_NAMES(c_parse_calls, "Parse Calls");
AWRDIFF_NAMES(c_pct_parses, "% Total Parses");
AWRDIFF_NAMES(c_module, "SQL Module", "Module");
AWRDIFF_NAMES(c_sql_text, "SQL Text");
AWRDIFF_NAMES(c_parameter, "Parameter Name");
// ---- instance activity, IOStat ---------------------------------------------------------------
AWRDIFF_NAMES(c_per_hour, "per Hour");
AWRDIFF_NAMES(c_function_name, "Function Name");
AWRDIFF_NAMES(c_filetype_name, "Filetype Name");
AWRDIFF_NAMES(c_reads_data, "Reads: Data", "Reads Data");
AWRDIFF_NAMES(c_reqs_per_sec, "Reqs per sec");
AWRDIFF_NAMES(c_data_per_sec, "Data per sec");
AWRDIFF_NAMES(c_writes_data, "Writes: Data", "Writes Data");
AWRDIFF_NAMES(c_waits_count, "Waits: Count", "Waits Count");
AWRDIFF_NAMES(c_avg_time, "Avg Time", "Avg Tm(ms)", "Avg Time (ms)", "Avg Time(ms)");
AWRDIFF_NAMES(c_small_read, "Small Read");
AWRDIFF_NAMES(c_large_read, "Large Read");
// ---- tablespace / file I/O -------------------------------------------------------------------
AWRDIFF_NAMES(c_tablespace, "Tablespace", "Tablespace Name");
AWRDIFF_NAMES(c_filename, "Filename", "File Name");
AWRDIFF_NAMES(c_reads_per_s, "Av Reads/s", "Av Rds/s", "Reads/s");
AWRDIFF_NAMES(c_avg_read, "Av Rd(ms)", "Av Rd (ms)", "Avg Rd(ms)");
AWRDIFF_NAMES(c_blocks_per_read, "Av Blks/Rd");
AWRDIFF_NAMES(c_1bk_reads_per_s, "1-bk Rds/s");
AWRDIFF_NAMES(c_avg_1bk_read, "Av 1-bk Rd(ms)");
AWRDIFF_NAMES(c_pct_opt_reads, "% Opt Reads");
AWRDIFF_NAMES(c_writes_col, "Writes");
AWRDIFF_NAMES(c_writes_per_s, "Av Writes/s", "Writes avg/s", "Writes/s");
AWRDIFF_NAMES(c_avg_write, "Av Writes(ms)", "Av Wrt(ms)");
AWRDIFF_NAMES(c_buffer_waits, "Buffer Waits");
AWRDIFF_NAMES(c_avg_buffer_wait, "Av Buf Wt(ms)", "Av Buf Wt (ms)");
// ---- segments --------------------------------------------------------------------------------
AWRDIFF_NAMES(c_owner, "Owner");
AWRDIFF_NAMES(c_object_name, "Object Name");
AWRDIFF_NAMES(c_subobject_name, "Subobject Name");
AWRDIFF_NAMES(c_object_type, "Obj. Type", "Object Type");
AWRDIFF_NAMES(c_object_id, "Obj#");
AWRDIFF_NAMES(c_data_object_id, "Dataobj#");
AWRDIFF_NAMES(c_pct_capture, "% of Capture");
// ---- latches, mutexes, enqueues, library / dictionary cache ----------------------------------
AWRDIFF_NAMES(c_latch_name, "Latch Name");
AWRDIFF_NAMES(c_get_requests, "Get Requests");
AWRDIFF_NAMES(c_pct_get_miss, "Pct Get Miss");
AWRDIFF_NAMES(c_avg_sleeps, "Avg Slps /Miss", "Avg Slps/Miss");
AWRDIFF_NAMES(c_nowait_requests, "NoWait Requests");
AWRDIFF_NAMES(c_pct_nowait_miss, "Pct NoWait Miss");
AWRDIFF_NAMES(c_misses, "Misses");
AWRDIFF_NAMES(c_sleeps, "Sleeps");
AWRDIFF_NAMES(c_spin_gets, "Spin Gets");
AWRDIFF_NAMES(c_mutex_type, "Mutex Type");
AWRDIFF_NAMES(c_location, "Location");
AWRDIFF_NAMES(c_wait_time_ms, "Wait Time (ms)");
AWRDIFF_NAMES(c_enqueue_type, "Enqueue Type (Request Reason)");
AWRDIFF_NAMES(c_requests, "Requests");
AWRDIFF_NAMES(c_succ_gets, "Succ Gets");
AWRDIFF_NAMES(c_failed_gets, "Failed Gets");
AWRDIFF_NAMES(c_namespace, "Namespace");
AWRDIFF_NAMES(c_pct_miss, "Pct Miss");
AWRDIFF_NAMES(c_pin_requests, "Pin Requests");
AWRDIFF_NAMES(c_reloads, "Reloads");
AWRDIFF_NAMES(c_invalidations, "Invali- dations", "Invalidations");
AWRDIFF_NAMES(c_cache_name, "Cache");
AWRDIFF_NAMES(c_scan_requests, "Scan Reqs");
AWRDIFF_NAMES(c_mod_requests, "Mod Reqs");
AWRDIFF_NAMES(c_final_usage, "Final Usage");
// ---- undo ------------------------------------------------------------------------------------
AWRDIFF_NAMES(c_undo_ts, "Undo TS#");
AWRDIFF_NAMES(c_undo_blocks, "Num Undo Blocks (K)");
AWRDIFF_NAMES(c_transactions, "Number of Transactions");
AWRDIFF_NAMES(c_max_query, "Max Qry Len (s)");
AWRDIFF_NAMES(c_max_tx_conc, "Max Tx Concurcy", "Max Tx Concy");
AWRDIFF_NAMES(c_tuned_retention, "Min/Max TR (mins)", "Tun Ret (mins)");
AWRDIFF_NAMES(c_sto_oos, "STO/ OOS", "STO/OOS");
// ---- histograms, ADDM, parameters, RAC -------------------------------------------------------
AWRDIFF_NAMES(c_total_waits, "Total Waits", "Waits 64ms to 2s", "Waits 4s to 2m", "Waits 4m to 1h", "Waits 1us - 64us",
              "Waits 1ms to 32ms", "Waits 1ms to 32m", "Waits 64ms to 2", "Waits 4s to 2", "Waits 8us to 512us");
AWRDIFF_NAMES(c_finding_name, "Finding Name");
AWRDIFF_NAMES(c_task_aas, "Avg active sessions of the task", "Avg act");
AWRDIFF_NAMES(c_pct_active_sessions, "Percent active sessions of finding", "Percen");
AWRDIFF_NAMES(c_task_name, "Task Name");
AWRDIFF_NAMES(c_is_default, "Is Default");
AWRDIFF_NAMES(c_resource_name, "Resource Name");
AWRDIFF_NAMES(c_current_util, "Current Utilization");
AWRDIFF_NAMES(c_max_util, "Maximum Utilization");
AWRDIFF_NAMES(c_initial_alloc, "Initial Allocation");
AWRDIFF_NAMES(c_limit, "Limit");
AWRDIFF_NAMES(c_service_name, "Service Name");
AWRDIFF_NAMES(c_db_time_s, "DB Time (s)");
AWRDIFF_NAMES(c_db_cpu_s, "DB CPU (s)");
AWRDIFF_NAMES(c_target_instance, "Target Instance");
// ---- columns of sections kept as generic tables (advisories, memory, RAC, ASH, Exadata, ...) ------
AWRDIFF_NAMES(g_pct_activity, "% Activity");
AWRDIFF_NAMES(g_pct_event, "% Event");
AWRDIFF_NAMES(g_mean, "Mean");
AWRDIFF_NAMES(g_std_dev, "Std Dev");
AWRDIFF_NAMES(g_normal_range, "Normal Range");
AWRDIFF_NAMES(g_cell_name, "Cell Name");
AWRDIFF_NAMES(g_waits_txn, "Waits /txn");
AWRDIFF_NAMES(g_w_a_mb_processed_mb, "W/A MB Processed");
AWRDIFF_NAMES(g_physical_writes, "Physical Writes");
AWRDIFF_NAMES(g_name, "Name");
AWRDIFF_NAMES(g_p, "P");
AWRDIFF_NAMES(g_buffer_busy_waits, "Buffer Busy Waits");
AWRDIFF_NAMES(g_us_ur_uu_es_er_eu, "uS/uR/uU/ eS/eR/eU");
AWRDIFF_NAMES(g_pct_busy, "%Busy");
AWRDIFF_NAMES(g_size_factor, "Size Factor");
AWRDIFF_NAMES(g_disk_type, "Disk Type");
AWRDIFF_NAMES(g_immed, "Immed");
AWRDIFF_NAMES(g_pct_row_source, "% Row Source");
AWRDIFF_NAMES(g_block_class, "Block Class");
AWRDIFF_NAMES(g_component, "Component");
AWRDIFF_NAMES(g_size_factr, "Size Factr");
AWRDIFF_NAMES(g_est_lc_size_mb, "Est LC Size (M)");
AWRDIFF_NAMES(g_est_lc_mem_obj, "Est LC Mem Obj");
AWRDIFF_NAMES(g_est_lc_time_saved_s, "Est LC Time Saved (s)");
AWRDIFF_NAMES(g_est_lc_time_saved_factr, "Est LC Time Saved Factr");
AWRDIFF_NAMES(g_est_lc_load_time_s, "Est LC Load Time (s)");
AWRDIFF_NAMES(g_est_lc_load_time_factr, "Est LC Load Time Factr");
AWRDIFF_NAMES(g_min_size_mb, "Min Size (Mb)");
AWRDIFF_NAMES(g_max_size_mb, "Max Size (Mb)");
AWRDIFF_NAMES(g_load, "Load");
AWRDIFF_NAMES(g_pct_sys, "%sys");
AWRDIFF_NAMES(g_pct_iowait, "%iowait");
AWRDIFF_NAMES(g_pct_bg_time, "% bg time");
AWRDIFF_NAMES(g_physical_reads_k, "Physical Reads (K)");
AWRDIFF_NAMES(g_logical_reads_k, "Logical Reads (K)");
AWRDIFF_NAMES(g_user_i_o_total_wts, "User I/O Total Wts");
AWRDIFF_NAMES(g_user_i_o_wt_time, "User I/O Wt Time");
AWRDIFF_NAMES(g_concurcy_total_wts, "Concurcy Total Wts");
AWRDIFF_NAMES(g_concurcy_wt_time, "Concurcy Wt Time");
AWRDIFF_NAMES(g_admin_total_wts, "Admin Total Wts");
AWRDIFF_NAMES(g_admin_wt_time, "Admin Wt Time");
AWRDIFF_NAMES(g_network_total_wts, "Network Total Wts");
AWRDIFF_NAMES(g_network_wt_time, "Network Wt Time");
AWRDIFF_NAMES(g_number_of_buffers, "Number of Buffers");
AWRDIFF_NAMES(g_pct_pool_hit, "Pool Hit%");
AWRDIFF_NAMES(g_free_buff_wait, "Free Buff Wait");
AWRDIFF_NAMES(g_writ_comp_wait, "Writ Comp Wait");
AWRDIFF_NAMES(g_mttr_writes, "MTTR Writes");
AWRDIFF_NAMES(g_log_size_writes, "Log Size Writes");
AWRDIFF_NAMES(g_log_ckpt_writes, "Log Ckpt Writes");
AWRDIFF_NAMES(g_other_settings_writes, "Other Settings Writes");
AWRDIFF_NAMES(g_autotune_ckpt_writes, "Autotune Ckpt Writes");
AWRDIFF_NAMES(g_thread_ckpt_writes, "Thread Ckpt Writes");
AWRDIFF_NAMES(g_targt_mttr_s, "Targt MTTR (s)");
AWRDIFF_NAMES(g_estd_mttr_s, "Estd MTTR (s)");
AWRDIFF_NAMES(g_recovery_estd_ios, "Recovery Estd IOs");
AWRDIFF_NAMES(g_actual_redoblks, "Actual RedoBlks");
AWRDIFF_NAMES(g_target_redoblks, "Target RedoBlks");
AWRDIFF_NAMES(g_log_sz_redoblks, "Log Sz RedoBlks");
AWRDIFF_NAMES(g_log_ckpt_timeout_redoblks, "Log Ckpt Timeout RedoBlks");
AWRDIFF_NAMES(g_log_ckpt_interval_redoblks, "Log Ckpt Interval RedoBlks");
AWRDIFF_NAMES(g_opt_log_sz_mb, "Opt Log Sz(M)");
AWRDIFF_NAMES(g_estd_rac_avail_time, "Estd RAC Avail Time");
AWRDIFF_NAMES(g_pct_pga_cache_hit, "PGA Cache Hit %");
AWRDIFF_NAMES(g_extra_w_a_mb_read_written_mb, "Extra W/A MB Read/Written");
AWRDIFF_NAMES(g_low_optimal, "Low Optimal");
AWRDIFF_NAMES(g_high_optimal, "High Optimal");
AWRDIFF_NAMES(g_total_execs, "Total Execs");
AWRDIFF_NAMES(g_optimal_execs, "Optimal Execs");
AWRDIFF_NAMES(g_n1_pass_execs, "1-Pass Execs");
AWRDIFF_NAMES(g_m_pass_execs, "M-Pass Execs");
AWRDIFF_NAMES(g_pga_target_est_mb, "PGA Target Est (MB)");
AWRDIFF_NAMES(g_estd_extra_w_a_mb_read_written_to_disk_mb, "Estd Extra W/A MB Read/ Written to Disk");
AWRDIFF_NAMES(g_estd_time, "Estd Time");
AWRDIFF_NAMES(g_shared_pool_size_mb, "Shared Pool Size(M)");
AWRDIFF_NAMES(g_sp_size_factr, "SP Size Factr");
AWRDIFF_NAMES(g_est_lc_mem_obj_hits_k, "Est LC Mem Obj Hits (K)");
AWRDIFF_NAMES(g_begin_snap_size_mb, "Begin Snap Size (Mb)");
AWRDIFF_NAMES(g_current_size_mb, "Current Size (Mb)");
AWRDIFF_NAMES(g_oper_count, "Oper Count");
AWRDIFF_NAMES(g_last_op_typ_mod, "Last Op Typ/Mod");
AWRDIFF_NAMES(g_session_type, "Session Type");
AWRDIFF_NAMES(g_sga_size_factor, "SGA Size Factor");
AWRDIFF_NAMES(g_est_db_time_s, "Est DB Time (s)");
AWRDIFF_NAMES(g_est_physical_reads, "Est Physical Reads");
AWRDIFF_NAMES(g_uio_per_exec_s, "UIO per Exec (s)");
AWRDIFF_NAMES(g_unoptimized_read_reqs, "UnOptimized Read Reqs");
AWRDIFF_NAMES(g_physical_read_reqs, "Physical Read Reqs");
AWRDIFF_NAMES(g_pct_opt, "%Opt");
AWRDIFF_NAMES(g_logical_reads, "Logical Reads");
AWRDIFF_NAMES(g_phys_read_requests, "Phys Read Requests");
AWRDIFF_NAMES(g_unoptimized_reads, "UnOptimized Reads");
AWRDIFF_NAMES(g_phys_write_requests, "Phys Write Requests");
AWRDIFF_NAMES(g_db_block_changes, "DB Block Changes");
AWRDIFF_NAMES(g_where, "Where");
AWRDIFF_NAMES(g_nowait_misses, "NoWait Misses");
AWRDIFF_NAMES(g_waiter_sleeps, "Waiter Sleeps");
AWRDIFF_NAMES(g_category, "Category");
AWRDIFF_NAMES(g_alloc_mb, "Alloc (MB)");
AWRDIFF_NAMES(g_used_mb, "Used (MB)");
AWRDIFF_NAMES(g_avg_alloc_mb, "Avg Alloc (MB)");
AWRDIFF_NAMES(g_std_dev_alloc_mb, "Std Dev Alloc (MB)");
AWRDIFF_NAMES(g_max_alloc_mb, "Max Alloc (MB)");
AWRDIFF_NAMES(g_hist_max_alloc_mb, "Hist Max Alloc (MB)");
AWRDIFF_NAMES(g_num_proc, "Num Proc");
AWRDIFF_NAMES(g_num_alloc, "Num Alloc");
AWRDIFF_NAMES(g_sga_regions, "SGA regions");
AWRDIFF_NAMES(g_begin_size_bytes, "Begin Size (Bytes)");
AWRDIFF_NAMES(g_end_size_bytes_if_different_bytes, "End Size (Bytes) (if different)");
AWRDIFF_NAMES(g_pool, "Pool");
AWRDIFF_NAMES(g_begin_mb, "Begin MB");
AWRDIFF_NAMES(g_end_mb, "End MB");
AWRDIFF_NAMES(g_pct_diff, "% Diff");
AWRDIFF_NAMES(g_avg_total_connections, "Avg Total Connections");
AWRDIFF_NAMES(g_avg_active_connections, "Avg Active Connections");
AWRDIFF_NAMES(g_avg_total_shared_srvrs, "Avg Total Shared Srvrs");
AWRDIFF_NAMES(g_avg_active_shared_srvrs, "Avg Active Shared Srvrs");
AWRDIFF_NAMES(g_avg_total_dispatchers, "Avg Total Dispatchers");
AWRDIFF_NAMES(g_avg_active_dispatchers, "Avg Active Dispatchers");
AWRDIFF_NAMES(g_common_queue_per, "Common Queue Per Sec");
AWRDIFF_NAMES(g_disp_queue_per, "Disp Queue Per Sec");
AWRDIFF_NAMES(g_server_msgs, "Server Msgs/Sec");
AWRDIFF_NAMES(g_server_kb, "Server KB/Sec");
AWRDIFF_NAMES(g_common_queue_total, "Common Queue Total");
AWRDIFF_NAMES(g_disp_queue_total, "Disp Queue Total");
AWRDIFF_NAMES(g_server_total_msgs, "Server Total Msgs");
AWRDIFF_NAMES(g_server_total_kb, "Server Total(KB)");
AWRDIFF_NAMES(g_size_for_est_mb, "Size for Est (M)");
AWRDIFF_NAMES(g_buffers_thousands, "Buffers (thousands)");
AWRDIFF_NAMES(g_est_phys_read_factor, "Est Phys Read Factor");
AWRDIFF_NAMES(g_estimated_phys_reads_thousands, "Estimated Phys Reads (thousands)");
AWRDIFF_NAMES(g_est_phys_read_time, "Est Phys Read Time");
AWRDIFF_NAMES(g_pct_est_dbtime_for_rds, "Est %DBtime for Rds");
AWRDIFF_NAMES(g_sga_target_size_mb, "SGA Target Size (M)");
AWRDIFF_NAMES(g_end_time, "End Time");
AWRDIFF_NAMES(g_num_undo_blocks, "Num Undo Blocks");
AWRDIFF_NAMES(g_user, "User");
AWRDIFF_NAMES(g_program, "Program");
AWRDIFF_NAMES(g_samples_active, "# Samples Active");
AWRDIFF_NAMES(g_xids, "XIDs");
AWRDIFF_NAMES(g_description, "Description");
AWRDIFF_NAMES(g_pct_total_cpu, "%Total CPU");
AWRDIFF_NAMES(g_pct_busy_cpu, "%Busy CPU");
AWRDIFF_NAMES(g_pct_db_time_waiting_for_cpu_resource_manager, "%DB time waiting for CPU (Resource Manager)");
AWRDIFF_NAMES(g_pct_estd_pga_cache_hit, "Estd PGA Cache Hit %");
AWRDIFF_NAMES(g_estd_pga_overalloc_count, "Estd PGA Overalloc Count");
AWRDIFF_NAMES(g_read_write_per_second, "Read+Write Per Second");
AWRDIFF_NAMES(g_read_per_second, "Read per Second");
AWRDIFF_NAMES(g_write_per_second, "Write Per Second");
AWRDIFF_NAMES(g_total_server_time_s, "Total Server Time (s)");
AWRDIFF_NAMES(g_pct_incoming_net, "Incoming Net %");
AWRDIFF_NAMES(g_pct_outgoing_net, "Outgoing Net %");
AWRDIFF_NAMES(g_avg_conns, "Avg Conns");
AWRDIFF_NAMES(g_total_disp_time_s, "Total Disp Time (s)");
AWRDIFF_NAMES(g_total_queued, "Total Queued");
AWRDIFF_NAMES(g_total_queue_wait_s, "Total Queue Wait (s)");
AWRDIFF_NAMES(g_avg_queue_wait_ms, "Avg Queue Wait (ms)");
AWRDIFF_NAMES(g_average, "Average");
AWRDIFF_NAMES(g_process_type, "Process Type");
AWRDIFF_NAMES(g_unoptimized_reqs_per_exec, "UnOptimized Reqs per Exec");
AWRDIFF_NAMES(g_sharable_mem_bytes, "Sharable Mem (b)");
AWRDIFF_NAMES(g_direct_writes, "Direct Writes");
AWRDIFF_NAMES(g_table_scans, "Table Scans");
AWRDIFF_NAMES(g_direct_reads, "Direct Reads");
AWRDIFF_NAMES(g_pct_of_total_cpu_time, "% of Total CPU Time");
AWRDIFF_NAMES(g_row_lock_waits, "Row Lock Waits");
AWRDIFF_NAMES(g_pga_aggr_target_mb, "PGA Aggr Target(M)");
AWRDIFF_NAMES(g_auto_pga_target_mb, "Auto PGA Target(M)");
AWRDIFF_NAMES(g_pga_mem_alloc_mb, "PGA Mem Alloc(M)");
AWRDIFF_NAMES(g_w_a_pga_used_mb, "W/A PGA Used(M)");
AWRDIFF_NAMES(g_pct_pga_w_a_mem, "%PGA W/A Mem");
AWRDIFF_NAMES(g_pct_auto_w_a_mem, "%Auto W/A Mem");
AWRDIFF_NAMES(g_pct_man_w_a_mem, "%Man W/A Mem");
AWRDIFF_NAMES(g_global_mem_bound_k, "Global Mem Bound(K)");
AWRDIFF_NAMES(g_large_writes, "Large Writes");
AWRDIFF_NAMES(g_version_count, "Version Count");
AWRDIFF_NAMES(g_event_class, "Event Class");
AWRDIFF_NAMES(g_slot_time_duration, "Slot Time (Duration)");
AWRDIFF_NAMES(g_slot_count, "Slot Count");
AWRDIFF_NAMES(g_event_count, "Event Count");
AWRDIFF_NAMES(g_pub, "Pub");
AWRDIFF_NAMES(g_all, "All");
AWRDIFF_NAMES(g_busy, "Busy");
AWRDIFF_NAMES(g_congst, "Congst");
AWRDIFF_NAMES(g_immed_blks_received, "Immed Blks Received");
AWRDIFF_NAMES(g_pct_2hop, "% 2hop");
AWRDIFF_NAMES(g_pct_3hop, "% 3hop");
AWRDIFF_NAMES(g_n2hop, "2hop");
AWRDIFF_NAMES(g_n3hop, "3hop");
AWRDIFF_NAMES(g_send_mbytes_mb, "Send Mbytes/sec");
AWRDIFF_NAMES(g_receive_mbytes_mb, "Receive Mbytes/sec");
AWRDIFF_NAMES(g_top_row_source, "Top Row Source");
AWRDIFF_NAMES(g_row_source, "Row Source");
AWRDIFF_NAMES(g_top_event, "Top Event");
AWRDIFF_NAMES(g_sid_serial, "Sid, Serial#");
AWRDIFF_NAMES(g_ip_address, "IP Address");
AWRDIFF_NAMES(g_source, "Source");
AWRDIFF_NAMES(g_inst_no, "Inst No");
AWRDIFF_NAMES(g_est_unspill_time_s, "Est Unspill Time (s)");
AWRDIFF_NAMES(g_blocks_received, "Blocks Received");
AWRDIFF_NAMES(g_pct_immed, "% Immed");
AWRDIFF_NAMES(g_pct_congst, "% Congst");
AWRDIFF_NAMES(g_src_inst, "Src Inst#");
AWRDIFF_NAMES(g_disk_name, "Disk Name");
AWRDIFF_NAMES(g_keep, "Keep");
AWRDIFF_NAMES(g_p1_p2_p3_values, "P1, P2, P3 Values");
AWRDIFF_NAMES(g_parameter_1, "Parameter 1");
AWRDIFF_NAMES(g_parameter_2, "Parameter 2");
AWRDIFF_NAMES(g_parameter_3, "Parameter 3");
AWRDIFF_NAMES(g_channel, "Channel");
AWRDIFF_NAMES(g_size_for_est_mb_2, "Size for Est (MB)");
AWRDIFF_NAMES(g_est_spill_count, "Est Spill Count");
AWRDIFF_NAMES(g_est_spill_time_s, "Est Spill Time (s)");
AWRDIFF_NAMES(g_est_unspill_count, "Est Unspill Count");
AWRDIFF_NAMES(g_cells, "# Cells");
AWRDIFF_NAMES(g_wait_class_type, "Wait Class Type");
AWRDIFF_NAMES(g_wait_time_s, "Wait Time (sec)");
AWRDIFF_NAMES(g_cpu_time_s, "CPU Time (sec)");
AWRDIFF_NAMES(g_first_logon, "First Logon");
AWRDIFF_NAMES(g_user_io_wait_time_s, "User IO Wait time(s)");
AWRDIFF_NAMES(g_sys_io_wait_time_s, "SYS IO Wait time(s)");
AWRDIFF_NAMES(g_queue_name, "Queue Name");
AWRDIFF_NAMES(g_pl_sql_entry_subprogram, "PL/SQL Entry Subprogram");
AWRDIFF_NAMES(g_pl_sql_current_subprogram, "PL/SQL Current Subprogram");
AWRDIFF_NAMES(g_pct_current, "% Current");
AWRDIFF_NAMES(g_enqueue_msgs, "Enqueue Msgs/sec");
AWRDIFF_NAMES(g_dequeue_msgs, "Dequeue Msgs/sec");
AWRDIFF_NAMES(g_ges_lock_requests, "GES Lock Requests");
AWRDIFF_NAMES(g_ges_pin_requests, "GES Pin Requests");
AWRDIFF_NAMES(g_ges_pin_releases, "GES Pin Releases");
AWRDIFF_NAMES(g_ges_inval_requests, "GES Inval Requests");
AWRDIFF_NAMES(g_ges_invali_dations, "GES Invali- dations");
AWRDIFF_NAMES(g_object_id_2, "Object ID");
AWRDIFF_NAMES(g_object_name_type, "Object Name (Type)");
AWRDIFF_NAMES(g_disks, "# Disks");
AWRDIFF_NAMES(g_avg, "Avg");
AWRDIFF_NAMES(g_megabytes_per_second_mb, "MB");
AWRDIFF_NAMES(g_columnar, "Columnar");
AWRDIFF_NAMES(g_pct_hit, "%Hit");
AWRDIFF_NAMES(g_interface, "Interface");
AWRDIFF_NAMES(g_src, "Src");
AWRDIFF_NAMES(g_pct_1ms, "% <1ms");
AWRDIFF_NAMES(g_pct_10ms, "% <10ms");
AWRDIFF_NAMES(g_pct_100ms, "% <100ms");
AWRDIFF_NAMES(g_pct_1s, "% <1s");
AWRDIFF_NAMES(g_pct_10s, "% <10s");
AWRDIFF_NAMES(g_blocks_lost, "Blocks Lost");
AWRDIFF_NAMES(g_lost_time, "Lost Time");
AWRDIFF_NAMES(g_avg_latency_500b_msg, "Avg Latency 500B msg");
AWRDIFF_NAMES(g_stddev_500b_msg, "Stddev 500B msg");
AWRDIFF_NAMES(g_n8k_ping_count, "8K Ping Count");
AWRDIFF_NAMES(g_avg_latency_8k_msg, "Avg Latency 8K msg");
AWRDIFF_NAMES(g_stddev_8k_msg, "Stddev 8K msg");
AWRDIFF_NAMES(g_used_by, "Used By");
AWRDIFF_NAMES(g_send_errors, "Send Errors");
AWRDIFF_NAMES(g_send_dropped, "Send Dropped");
AWRDIFF_NAMES(g_send_buffer_overrun, "Send Buffer Overrun");
AWRDIFF_NAMES(g_send_carrier_lost, "Send Carrier Lost");
AWRDIFF_NAMES(g_receive_errors, "Receive Errors");
AWRDIFF_NAMES(g_receive_dropped, "Receive Dropped");
AWRDIFF_NAMES(g_receive_buffer_overrun, "Receive Buffer Overrun");
AWRDIFF_NAMES(g_receive_frame_errors, "Receive Frame Errors");
AWRDIFF_NAMES(g_blocking_sid_inst, "Blocking Sid (Inst)");
AWRDIFF_NAMES(g_event_caused, "Event Caused");
AWRDIFF_NAMES(g_user_name, "User Name");
AWRDIFF_NAMES(g_system_data_visible, "System Data Visible");
AWRDIFF_NAMES(g_n500b_ping_count, "500B Ping Count");
AWRDIFF_NAMES(g_device_name, "Device Name");
AWRDIFF_NAMES(g_is_public, "Public");
AWRDIFF_NAMES(g_cells_2, "Cells");
AWRDIFF_NAMES(g_temp_spill, "Temp Spill");
AWRDIFF_NAMES(g_data_temp_tables, "Data/Temp Tables");
AWRDIFF_NAMES(g_write_only, "Write Only");
AWRDIFF_NAMES(g_oltp, "OLTP");
AWRDIFF_NAMES(g_dirty_limit, "Dirty Limit");
AWRDIFF_NAMES(g_est_cache_writes, "Est Cache Writes");
AWRDIFF_NAMES(g_est_cache_write_fctr, "Est Cache Write Fctr");
AWRDIFF_NAMES(g_est_total_writes, "Est Total Writes");
AWRDIFF_NAMES(g_est_total_write_fctr, "Est Total Write Fctr");
AWRDIFF_NAMES(g_est_total_ios, "Est Total IOs");
AWRDIFF_NAMES(g_est_total_io_fctr, "Est Total IO Fctr");
AWRDIFF_NAMES(g_cluster_wait_time_s, "Cluster Wait Time (s)");
AWRDIFF_NAMES(g_pct_clu, "%Clu");
AWRDIFF_NAMES(g_gc_buffer_busy, "GC Buffer Busy");
AWRDIFF_NAMES(g_cr_blocks_received, "CR Blocks Received");
AWRDIFF_NAMES(g_current_blocks_received, "Current Blocks Received");
AWRDIFF_NAMES(g_enq_msgs, "Enq Msgs");
AWRDIFF_NAMES(g_deq_msgs, "Deq Msgs");
AWRDIFF_NAMES(g_small_reads, "Small Reads");
AWRDIFF_NAMES(g_small_writes, "Small Writes");
AWRDIFF_NAMES(g_large_reads, "Large Reads");
AWRDIFF_NAMES(g_total_hits, "Total Hits");
AWRDIFF_NAMES(g_scan, "Scan");
AWRDIFF_NAMES(g_first_writes, "First Writes");
AWRDIFF_NAMES(g_overwrites, "Overwrites");
AWRDIFF_NAMES(g_partial_writes, "Partial Writes");
AWRDIFF_NAMES(g_size_for_est_s, "Size for Est (s)");
AWRDIFF_NAMES(g_pct_exp_msgs, "%Exp Msgs");
AWRDIFF_NAMES(g_pct_delay_msgs, "%Delay Msgs");
AWRDIFF_NAMES(g_enq_time_s, "Enq Time(s)");
AWRDIFF_NAMES(g_deq_time_s, "Deq Time(s)");
AWRDIFF_NAMES(g_pct_transf_time, "%Transf Time");
AWRDIFF_NAMES(g_pct_eval_time, "%Eval Time");
AWRDIFF_NAMES(g_avg_enqueue_sec_msg, "Avg Enqueue sec / msg");
AWRDIFF_NAMES(g_avg_dequeue_sec_msg, "Avg Dequeue sec / msg");
AWRDIFF_NAMES(g_subscriber_queue, "Subscriber/Queue");
AWRDIFF_NAMES(g_open_time, "Open Time");
AWRDIFF_NAMES(g_itl_waits, "ITL Waits");
AWRDIFF_NAMES(g_ges_requests, "GES Requests");
AWRDIFF_NAMES(g_ges_conflicts, "GES Conflicts");
AWRDIFF_NAMES(g_ges_releases, "GES Releases");
AWRDIFF_NAMES(g_enqueue_msgs_2, "Enqueue Msgs");
AWRDIFF_NAMES(g_dequeue_msgs_2, "Dequeue Msgs");
AWRDIFF_NAMES(g_expire_msgs, "Expire Msgs");
AWRDIFF_NAMES(g_expire_msgs_2, "Expire Msgs/sec");
AWRDIFF_NAMES(g_pluggable_databases_open, "Pluggable Databases Open");
AWRDIFF_NAMES(g_pct_100us, "% <100us");
AWRDIFF_NAMES(g_per_remaster_op, "per Remaster Op");
AWRDIFF_NAMES(g_begin_snap, "Begin Snap");
AWRDIFF_NAMES(g_end_snap, "End Snap");
AWRDIFF_NAMES(g_griddisks, "# Griddisks");
AWRDIFF_NAMES(g_pct_efficiency, "% Efficiency");
AWRDIFF_NAMES(g_hits, "Hits");
AWRDIFF_NAMES(g_i_o_saved_percent, "I/O Saved Percent");
AWRDIFF_NAMES(g_replicat_name, "Replicat Name");
AWRDIFF_NAMES(g_apply_name, "Apply Name");
AWRDIFF_NAMES(g_service_time, "Service Time");
AWRDIFF_NAMES(g_wait_time, "Wait Time");
AWRDIFF_NAMES(g_cell_latency, "Cell Latency");
AWRDIFF_NAMES(g_small_write, "Small Write");
AWRDIFF_NAMES(g_large_write, "Large Write");
AWRDIFF_NAMES(g_pct_optimized, "% Optimized");
AWRDIFF_NAMES(g_pct_clean, "%Clean");
AWRDIFF_NAMES(g_pct_unflushed, "%Unflushed");
AWRDIFF_NAMES(g_active_secondary_hits, "Active Secondary Hits");
AWRDIFF_NAMES(g_active_secondary_misses, "Active Secondary Misses");
AWRDIFF_NAMES(g_read_hits, "Read Hits");
AWRDIFF_NAMES(g_read_mb, "Read MB");
AWRDIFF_NAMES(g_requests_2, "Requests/s");
AWRDIFF_NAMES(g_megabytes_per_second_mb_2, "MB/s");
AWRDIFF_NAMES(g_imc_capacity, "IMC Capacity");
AWRDIFF_NAMES(g_imc_query, "IMC Query");
AWRDIFF_NAMES(g_no_memcompress, "No Memcompress");
AWRDIFF_NAMES(g_io_reason, "IO Reason");
AWRDIFF_NAMES(g_pct_cell, "%Cell");
AWRDIFF_NAMES(g_total_requests, "Total Requests");
AWRDIFF_NAMES(g_total_mb, "Total MB");
AWRDIFF_NAMES(c_hash_value, "Hash Value");
AWRDIFF_NAMES(c_old_hash_value, "Old Hash Value");
AWRDIFF_NAMES(c_plan_hash_value, "Plan Hash Value", "Plan Hash");
AWRDIFF_NAMES(c_inst_id, "I#");
AWRDIFF_NAMES(c_in_report, "In Report");
AWRDIFF_NAMES(c_elapsed_min, "Elapsed Time(min)", "Elapsed Time (min)", "Elapsed time");
AWRDIFF_NAMES(c_db_time_min, "DB time(min)", "DB time (min)", "DB time");
AWRDIFF_NAMES(c_begin_snap_time, "Begin Snap Time");
AWRDIFF_NAMES(c_end_snap_time, "End Snap Time");
AWRDIFF_NAMES(c_pdb_name, "PDB Name");
AWRDIFF_NAMES(c_con_dbid, "Container DB Id", "Con DBID", "Con DB Id", "Container DBID");
AWRDIFF_NAMES(c_load_begin, "Load Average Begin", "Load Begin");  // "Load Average" spans Begin/End
AWRDIFF_NAMES(c_load_end, "Load Average End", "Average End");
// "Begin" / "End" alone: the values at the begin and end snapshot (Memory Statistics, Database Resource
// Limits, Shared Pool Statistics...); Host CPU's load averages there (k_section_columns), the snap ids in
// the RAC global report's Database Summary.
AWRDIFF_NAMES(c_at_begin, "Begin");
AWRDIFF_NAMES(c_at_end, "End");
AWRDIFF_NAMES(c_pct_user, "%User", "% User");  // Statspack Host CPU "User System Idle WIO": k_section_columns
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
    {ColumnId::sql_id, "sql_id", Unit::none, c_sql_id, StatementKey::sql_id},
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
    {ColumnId::hash_value, "hash_value", Unit::none, c_hash_value, StatementKey::hash},
    {ColumnId::old_hash_value, "old_hash_value", Unit::none, c_old_hash_value, StatementKey::hash_preferred},
    {ColumnId::plan_hash_value, "plan_hash_value", Unit::none, c_plan_hash_value},
    {ColumnId::con_dbid, "con_dbid", Unit::none, c_con_dbid},
    {ColumnId::inst_id, "inst_id", Unit::none, c_inst_id},
    {ColumnId::pdb_name, "pdb_name", Unit::none, c_pdb_name},
    {ColumnId::in_report, "in_report", Unit::count, c_in_report},
    {ColumnId::elapsed_min, "elapsed_min", Unit::count, c_elapsed_min},
    {ColumnId::db_time_min, "db_time_min", Unit::count, c_db_time_min},
    {ColumnId::begin_snap_time, "begin_snap_time", Unit::none, c_begin_snap_time},
    {ColumnId::end_snap_time, "end_snap_time", Unit::none, c_end_snap_time},
    {ColumnId::load_average_begin, "load_average_begin", Unit::count, c_load_begin},
    {ColumnId::load_average_end, "load_average_end", Unit::count, c_load_end},
    {ColumnId::at_begin, "begin", Unit::count, c_at_begin},
    {ColumnId::at_end, "end", Unit::count, c_at_end},
    {ColumnId::pct_user, "pct_user", Unit::percent, c_pct_user},
    {ColumnId::pct_system, "pct_system", Unit::percent, c_pct_system},
    {ColumnId::pct_wio, "pct_wio", Unit::percent, c_pct_wio},
    {ColumnId::pct_idle, "pct_idle", Unit::percent, c_pct_idle},
    // ---- instance activity, IOStat ----
    {ColumnId::per_hour, "per_hour", Unit::count, c_per_hour},
    {ColumnId::function_name, "function_name", Unit::none, c_function_name},
    {ColumnId::filetype_name, "filetype_name", Unit::none, c_filetype_name},
    {ColumnId::reads_data_bytes, "reads_data_bytes", Unit::bytes, c_reads_data},
    {ColumnId::requests_per_second, "requests_per_second", Unit::count, c_reqs_per_sec},
    {ColumnId::data_per_second_bytes, "data_per_second_bytes", Unit::bytes, c_data_per_sec},
    {ColumnId::writes_data_bytes, "writes_data_bytes", Unit::bytes, c_writes_data},
    {ColumnId::waits_count, "waits_count", Unit::count, c_waits_count},
    {ColumnId::avg_time_ms, "avg_time_ms", Unit::millis, c_avg_time},
    {ColumnId::small_read_ms, "small_read_ms", Unit::millis, c_small_read},
    {ColumnId::large_read_ms, "large_read_ms", Unit::millis, c_large_read},
    // ---- tablespace / file I/O ----
    {ColumnId::tablespace, "tablespace", Unit::none, c_tablespace},
    {ColumnId::filename, "filename", Unit::none, c_filename},
    {ColumnId::reads, "reads", Unit::count, {}},  // "Reads" of Tablespace / File IO Stats: k_section_columns
    {ColumnId::reads_per_second, "reads_per_second", Unit::count, c_reads_per_s},
    {ColumnId::avg_read_ms, "avg_read_ms", Unit::millis, c_avg_read},
    {ColumnId::blocks_per_read, "blocks_per_read", Unit::count, c_blocks_per_read},
    {ColumnId::single_block_reads_per_second, "single_block_reads_per_second", Unit::count, c_1bk_reads_per_s},
    {ColumnId::avg_single_block_read_ms, "avg_single_block_read_ms", Unit::millis, c_avg_1bk_read},
    {ColumnId::pct_optimized_reads, "pct_optimized_reads", Unit::percent, c_pct_opt_reads},
    {ColumnId::writes, "writes", Unit::count, c_writes_col},
    {ColumnId::writes_per_second, "writes_per_second", Unit::count, c_writes_per_s},
    {ColumnId::avg_write_ms, "avg_write_ms", Unit::millis, c_avg_write},
    {ColumnId::buffer_waits, "buffer_waits", Unit::count, c_buffer_waits},
    {ColumnId::avg_buffer_wait_ms, "avg_buffer_wait_ms", Unit::millis, c_avg_buffer_wait},
    // ---- segments ----
    {ColumnId::owner, "owner", Unit::none, c_owner},
    {ColumnId::object_name, "object_name", Unit::none, c_object_name},
    {ColumnId::subobject_name, "subobject_name", Unit::none, c_subobject_name},
    {ColumnId::object_type, "object_type", Unit::none, c_object_type},
    {ColumnId::object_id, "object_id", Unit::none, c_object_id},
    {ColumnId::data_object_id, "data_object_id", Unit::none, c_data_object_id},
    {ColumnId::pct_of_capture, "pct_of_capture", Unit::percent, c_pct_capture},
    // ---- latches, mutexes, enqueues, library / dictionary cache ----
    {ColumnId::latch_name, "latch_name", Unit::none, c_latch_name},
    {ColumnId::get_requests, "get_requests", Unit::count, c_get_requests},
    {ColumnId::pct_get_miss, "pct_get_miss", Unit::percent, c_pct_get_miss},
    {ColumnId::avg_sleeps_per_miss, "avg_sleeps_per_miss", Unit::count, c_avg_sleeps},
    {ColumnId::nowait_requests, "nowait_requests", Unit::count, c_nowait_requests},
    {ColumnId::pct_nowait_miss, "pct_nowait_miss", Unit::percent, c_pct_nowait_miss},
    {ColumnId::misses, "misses", Unit::count, c_misses},
    {ColumnId::sleeps, "sleeps", Unit::count, c_sleeps},
    {ColumnId::spin_gets, "spin_gets", Unit::count, c_spin_gets},
    {ColumnId::mutex_type, "mutex_type", Unit::none, c_mutex_type},
    {ColumnId::location, "location", Unit::none, c_location},
    {ColumnId::wait_time_ms, "wait_time_ms", Unit::millis, c_wait_time_ms},
    {ColumnId::enqueue_type, "enqueue_type", Unit::none, c_enqueue_type},
    {ColumnId::requests, "requests", Unit::count, c_requests},
    {ColumnId::successful_gets, "successful_gets", Unit::count, c_succ_gets},
    {ColumnId::failed_gets, "failed_gets", Unit::count, c_failed_gets},
    {ColumnId::namespace_name, "namespace", Unit::none, c_namespace},
    {ColumnId::pct_miss, "pct_miss", Unit::percent, c_pct_miss},
    {ColumnId::pin_requests, "pin_requests", Unit::count, c_pin_requests},
    {ColumnId::reloads, "reloads", Unit::count, c_reloads},
    {ColumnId::invalidations, "invalidations", Unit::count, c_invalidations},
    {ColumnId::cache_name, "cache", Unit::none, c_cache_name},
    {ColumnId::scan_requests, "scan_requests", Unit::count, c_scan_requests},
    {ColumnId::mod_requests, "mod_requests", Unit::count, c_mod_requests},
    {ColumnId::final_usage, "final_usage", Unit::count, c_final_usage},
    // ---- undo ----
    {ColumnId::undo_tablespace, "undo_tablespace", Unit::none, c_undo_ts},
    {ColumnId::undo_blocks_thousands, "undo_blocks_thousands", Unit::count, c_undo_blocks},
    {ColumnId::transactions, "transactions", Unit::count, c_transactions},
    {ColumnId::max_query_length_s, "max_query_length_s", Unit::seconds, c_max_query},
    {ColumnId::max_tx_concurrency, "max_tx_concurrency", Unit::count, c_max_tx_conc},
    {ColumnId::tuned_retention, "tuned_retention", Unit::none, c_tuned_retention},
    {ColumnId::sto_oos, "sto_oos", Unit::none, c_sto_oos},
    // ---- histograms, ADDM, parameters, RAC ----
    {ColumnId::total_waits, "total_waits", Unit::count, c_total_waits},
    {ColumnId::finding_name, "finding_name", Unit::none, c_finding_name},
    {ColumnId::task_avg_active_sessions, "task_avg_active_sessions", Unit::count, c_task_aas},
    {ColumnId::pct_active_sessions, "pct_active_sessions", Unit::percent, c_pct_active_sessions},
    {ColumnId::task_name, "task_name", Unit::none, c_task_name},
    {ColumnId::is_default, "is_default", Unit::none, c_is_default},
    {ColumnId::resource_name, "resource_name", Unit::none, c_resource_name},
    {ColumnId::current_utilization, "current_utilization", Unit::count, c_current_util},
    {ColumnId::max_utilization, "max_utilization", Unit::count, c_max_util},
    {ColumnId::initial_allocation, "initial_allocation", Unit::none, c_initial_alloc},
    {ColumnId::limit_value, "limit", Unit::none, c_limit},
    {ColumnId::service_name, "service_name", Unit::none, c_service_name},
    {ColumnId::db_time_s, "db_time_s", Unit::seconds, c_db_time_s},
    {ColumnId::db_cpu_s, "db_cpu_s", Unit::seconds, c_db_cpu_s},
    {ColumnId::target_instance, "target_instance", Unit::none, c_target_instance},
    // ---- columns of sections kept as generic tables ----
    {ColumnId::pct_activity, "pct_activity", Unit::percent, g_pct_activity},
    {ColumnId::pct_event, "pct_event", Unit::percent, g_pct_event},
    {ColumnId::mean, "mean", Unit::count, g_mean},
    {ColumnId::std_dev, "std_dev", Unit::count, g_std_dev},
    {ColumnId::normal_range, "normal_range", Unit::none, g_normal_range},
    {ColumnId::cell_name, "cell_name", Unit::none, g_cell_name},
    {ColumnId::waits_txn, "waits_txn", Unit::count, g_waits_txn},
    {ColumnId::w_a_mb_processed_mb, "w_a_mb_processed_mb", Unit::megabytes, g_w_a_mb_processed_mb},
    {ColumnId::physical_writes, "physical_writes", Unit::count, g_physical_writes},
    {ColumnId::name, "name", Unit::none, g_name},
    {ColumnId::p, "p", Unit::none, g_p},
    {ColumnId::buffer_busy_waits, "buffer_busy_waits", Unit::count, g_buffer_busy_waits},
    {ColumnId::us_ur_uu_es_er_eu, "us_ur_uu_es_er_eu", Unit::count, g_us_ur_uu_es_er_eu},
    {ColumnId::pct_busy, "pct_busy", Unit::percent, g_pct_busy},
    {ColumnId::size_factor, "size_factor", Unit::count, g_size_factor},
    {ColumnId::disk_type, "disk_type", Unit::none, g_disk_type},
    {ColumnId::immed, "immed", Unit::count, g_immed},
    {ColumnId::pct_row_source, "pct_row_source", Unit::percent, g_pct_row_source},
    {ColumnId::block_class, "block_class", Unit::none, g_block_class},
    {ColumnId::component, "component", Unit::none, g_component},
    {ColumnId::size_factr, "size_factr", Unit::count, g_size_factr},
    {ColumnId::est_lc_size_mb, "est_lc_size_mb", Unit::megabytes, g_est_lc_size_mb},
    {ColumnId::est_lc_mem_obj, "est_lc_mem_obj", Unit::count, g_est_lc_mem_obj},
    {ColumnId::est_lc_time_saved_s, "est_lc_time_saved_s", Unit::seconds, g_est_lc_time_saved_s},
    {ColumnId::est_lc_time_saved_factr, "est_lc_time_saved_factr", Unit::count, g_est_lc_time_saved_factr},
    {ColumnId::est_lc_load_time_s, "est_lc_load_time_s", Unit::seconds, g_est_lc_load_time_s},
    {ColumnId::est_lc_load_time_factr, "est_lc_load_time_factr", Unit::count, g_est_lc_load_time_factr},
    {ColumnId::min_size_mb, "min_size_mb", Unit::megabytes, g_min_size_mb},
    {ColumnId::max_size_mb, "max_size_mb", Unit::megabytes, g_max_size_mb},
    {ColumnId::buffer_class, "buffer_class", Unit::none, {}},  // "Class" of Buffer Wait Statistics: k_section_columns
    {ColumnId::load, "load", Unit::count, g_load},
    {ColumnId::pct_sys, "pct_sys", Unit::percent, g_pct_sys},
    {ColumnId::pct_iowait, "pct_iowait", Unit::percent, g_pct_iowait},
    {ColumnId::pct_bg_time, "pct_bg_time", Unit::percent, g_pct_bg_time},
    {ColumnId::physical_reads_k, "physical_reads_k", Unit::count, g_physical_reads_k},
    {ColumnId::logical_reads_k, "logical_reads_k", Unit::count, g_logical_reads_k},
    {ColumnId::user_i_o_total_wts, "user_i_o_total_wts", Unit::count, g_user_i_o_total_wts},
    {ColumnId::user_i_o_wt_time, "user_i_o_wt_time", Unit::count, g_user_i_o_wt_time},
    {ColumnId::concurcy_total_wts, "concurcy_total_wts", Unit::count, g_concurcy_total_wts},
    {ColumnId::concurcy_wt_time, "concurcy_wt_time", Unit::count, g_concurcy_wt_time},
    {ColumnId::admin_total_wts, "admin_total_wts", Unit::count, g_admin_total_wts},
    {ColumnId::admin_wt_time, "admin_wt_time", Unit::count, g_admin_wt_time},
    {ColumnId::network_total_wts, "network_total_wts", Unit::count, g_network_total_wts},
    {ColumnId::network_wt_time, "network_wt_time", Unit::count, g_network_wt_time},
    {ColumnId::number_of_buffers, "number_of_buffers", Unit::count, g_number_of_buffers},
    {ColumnId::pct_pool_hit, "pct_pool_hit", Unit::percent, g_pct_pool_hit},
    {ColumnId::free_buff_wait, "free_buff_wait", Unit::count, g_free_buff_wait},
    {ColumnId::writ_comp_wait, "writ_comp_wait", Unit::count, g_writ_comp_wait},
    {ColumnId::mttr_writes, "mttr_writes", Unit::count, g_mttr_writes},
    {ColumnId::log_size_writes, "log_size_writes", Unit::count, g_log_size_writes},
    {ColumnId::log_ckpt_writes, "log_ckpt_writes", Unit::count, g_log_ckpt_writes},
    {ColumnId::other_settings_writes, "other_settings_writes", Unit::count, g_other_settings_writes},
    {ColumnId::autotune_ckpt_writes, "autotune_ckpt_writes", Unit::count, g_autotune_ckpt_writes},
    {ColumnId::thread_ckpt_writes, "thread_ckpt_writes", Unit::count, g_thread_ckpt_writes},
    {ColumnId::targt_mttr_s, "targt_mttr_s", Unit::seconds, g_targt_mttr_s},
    {ColumnId::estd_mttr_s, "estd_mttr_s", Unit::seconds, g_estd_mttr_s},
    {ColumnId::recovery_estd_ios, "recovery_estd_ios", Unit::count, g_recovery_estd_ios},
    {ColumnId::actual_redoblks, "actual_redoblks", Unit::count, g_actual_redoblks},
    {ColumnId::target_redoblks, "target_redoblks", Unit::count, g_target_redoblks},
    {ColumnId::log_sz_redoblks, "log_sz_redoblks", Unit::count, g_log_sz_redoblks},
    {ColumnId::log_ckpt_timeout_redoblks, "log_ckpt_timeout_redoblks", Unit::count, g_log_ckpt_timeout_redoblks},
    {ColumnId::log_ckpt_interval_redoblks, "log_ckpt_interval_redoblks", Unit::count, g_log_ckpt_interval_redoblks},
    {ColumnId::opt_log_sz_mb, "opt_log_sz_mb", Unit::megabytes, g_opt_log_sz_mb},
    {ColumnId::estd_rac_avail_time, "estd_rac_avail_time", Unit::count, g_estd_rac_avail_time},
    {ColumnId::pct_pga_cache_hit, "pct_pga_cache_hit", Unit::percent, g_pct_pga_cache_hit},
    {ColumnId::extra_w_a_mb_read_written_mb, "extra_w_a_mb_read_written_mb", Unit::megabytes, g_extra_w_a_mb_read_written_mb},
    {ColumnId::low_optimal, "low_optimal", Unit::count, g_low_optimal},
    {ColumnId::high_optimal, "high_optimal", Unit::count, g_high_optimal},
    {ColumnId::total_execs, "total_execs", Unit::count, g_total_execs},
    {ColumnId::optimal_execs, "optimal_execs", Unit::count, g_optimal_execs},
    {ColumnId::n1_pass_execs, "n1_pass_execs", Unit::count, g_n1_pass_execs},
    {ColumnId::m_pass_execs, "m_pass_execs", Unit::count, g_m_pass_execs},
    {ColumnId::pga_target_est_mb, "pga_target_est_mb", Unit::megabytes, g_pga_target_est_mb},
    {ColumnId::estd_extra_w_a_mb_read_written_to_disk_mb, "estd_extra_w_a_mb_read_written_to_disk_mb", Unit::megabytes,
     g_estd_extra_w_a_mb_read_written_to_disk_mb},
    {ColumnId::estd_time, "estd_time", Unit::count, g_estd_time},
    {ColumnId::shared_pool_size_mb, "shared_pool_size_mb", Unit::megabytes, g_shared_pool_size_mb},
    {ColumnId::sp_size_factr, "sp_size_factr", Unit::count, g_sp_size_factr},
    {ColumnId::est_lc_mem_obj_hits_k, "est_lc_mem_obj_hits_k", Unit::count, g_est_lc_mem_obj_hits_k},
    {ColumnId::begin_snap_size_mb, "begin_snap_size_mb", Unit::megabytes, g_begin_snap_size_mb},
    {ColumnId::current_size_mb, "current_size_mb", Unit::megabytes, g_current_size_mb},
    {ColumnId::oper_count, "oper_count", Unit::count, g_oper_count},
    {ColumnId::last_op_typ_mod, "last_op_typ_mod", Unit::none, g_last_op_typ_mod},
    {ColumnId::session_type, "session_type", Unit::none, g_session_type},
    {ColumnId::sga_size_factor, "sga_size_factor", Unit::count, g_sga_size_factor},
    {ColumnId::est_db_time_s, "est_db_time_s", Unit::seconds, g_est_db_time_s},
    {ColumnId::est_physical_reads, "est_physical_reads", Unit::count, g_est_physical_reads},
    {ColumnId::uio_per_exec_s, "uio_per_exec_s", Unit::seconds, g_uio_per_exec_s},
    {ColumnId::unoptimized_read_reqs, "unoptimized_read_reqs", Unit::count, g_unoptimized_read_reqs},
    {ColumnId::physical_read_reqs, "physical_read_reqs", Unit::count, g_physical_read_reqs},
    {ColumnId::pct_opt, "pct_opt", Unit::percent, g_pct_opt},
    {ColumnId::logical_reads, "logical_reads", Unit::count, g_logical_reads},
    {ColumnId::phys_read_requests, "phys_read_requests", Unit::count, g_phys_read_requests},
    {ColumnId::unoptimized_reads, "unoptimized_reads", Unit::count, g_unoptimized_reads},
    {ColumnId::phys_write_requests, "phys_write_requests", Unit::count, g_phys_write_requests},
    {ColumnId::db_block_changes, "db_block_changes", Unit::count, g_db_block_changes},
    {ColumnId::where, "where", Unit::none, g_where},
    {ColumnId::nowait_misses, "nowait_misses", Unit::count, g_nowait_misses},
    {ColumnId::waiter_sleeps, "waiter_sleeps", Unit::count, g_waiter_sleeps},
    {ColumnId::category, "category", Unit::none, g_category},
    {ColumnId::alloc_mb, "alloc_mb", Unit::megabytes, g_alloc_mb},
    {ColumnId::used_mb, "used_mb", Unit::megabytes, g_used_mb},
    {ColumnId::avg_alloc_mb, "avg_alloc_mb", Unit::megabytes, g_avg_alloc_mb},
    {ColumnId::std_dev_alloc_mb, "std_dev_alloc_mb", Unit::megabytes, g_std_dev_alloc_mb},
    {ColumnId::max_alloc_mb, "max_alloc_mb", Unit::megabytes, g_max_alloc_mb},
    {ColumnId::hist_max_alloc_mb, "hist_max_alloc_mb", Unit::megabytes, g_hist_max_alloc_mb},
    {ColumnId::num_proc, "num_proc", Unit::count, g_num_proc},
    {ColumnId::num_alloc, "num_alloc", Unit::count, g_num_alloc},
    {ColumnId::sga_regions, "sga_regions", Unit::none, g_sga_regions},
    {ColumnId::begin_size_bytes, "begin_size_bytes", Unit::bytes, g_begin_size_bytes},
    {ColumnId::end_size_bytes_if_different_bytes, "end_size_bytes_if_different_bytes", Unit::bytes,
     g_end_size_bytes_if_different_bytes},
    {ColumnId::pool, "pool", Unit::none, g_pool},
    {ColumnId::begin_mb, "begin_mb", Unit::megabytes, g_begin_mb},
    {ColumnId::end_mb, "end_mb", Unit::megabytes, g_end_mb},
    {ColumnId::pct_diff, "pct_diff", Unit::percent, g_pct_diff},
    {ColumnId::avg_total_connections, "avg_total_connections", Unit::count, g_avg_total_connections},
    {ColumnId::avg_active_connections, "avg_active_connections", Unit::count, g_avg_active_connections},
    {ColumnId::avg_total_shared_srvrs, "avg_total_shared_srvrs", Unit::count, g_avg_total_shared_srvrs},
    {ColumnId::avg_active_shared_srvrs, "avg_active_shared_srvrs", Unit::count, g_avg_active_shared_srvrs},
    {ColumnId::avg_total_dispatchers, "avg_total_dispatchers", Unit::count, g_avg_total_dispatchers},
    {ColumnId::avg_active_dispatchers, "avg_active_dispatchers", Unit::count, g_avg_active_dispatchers},
    {ColumnId::common_queue_per, "common_queue_per", Unit::count, g_common_queue_per},
    {ColumnId::disp_queue_per, "disp_queue_per", Unit::count, g_disp_queue_per},
    {ColumnId::server_msgs, "server_msgs", Unit::count, g_server_msgs},
    {ColumnId::server_kb, "server_kb", Unit::count, g_server_kb},
    {ColumnId::common_queue_total, "common_queue_total", Unit::count, g_common_queue_total},
    {ColumnId::disp_queue_total, "disp_queue_total", Unit::count, g_disp_queue_total},
    {ColumnId::server_total_msgs, "server_total_msgs", Unit::count, g_server_total_msgs},
    {ColumnId::server_total_kb, "server_total_kb", Unit::count, g_server_total_kb},
    {ColumnId::size_for_est_mb, "size_for_est_mb", Unit::megabytes, g_size_for_est_mb},
    {ColumnId::buffers_thousands, "buffers_thousands", Unit::count, g_buffers_thousands},
    {ColumnId::est_phys_read_factor, "est_phys_read_factor", Unit::count, g_est_phys_read_factor},
    {ColumnId::estimated_phys_reads_thousands, "estimated_phys_reads_thousands", Unit::count, g_estimated_phys_reads_thousands},
    {ColumnId::est_phys_read_time, "est_phys_read_time", Unit::count, g_est_phys_read_time},
    {ColumnId::pct_est_dbtime_for_rds, "pct_est_dbtime_for_rds", Unit::percent, g_pct_est_dbtime_for_rds},
    {ColumnId::sga_target_size_mb, "sga_target_size_mb", Unit::megabytes, g_sga_target_size_mb},
    {ColumnId::end_time, "end_time", Unit::none, g_end_time},
    {ColumnId::num_undo_blocks, "num_undo_blocks", Unit::count, g_num_undo_blocks},
    {ColumnId::user, "user", Unit::none, g_user},
    {ColumnId::program, "program", Unit::none, g_program},
    {ColumnId::samples_active, "samples_active", Unit::count, g_samples_active},
    {ColumnId::xids, "xids", Unit::count, g_xids},
    {ColumnId::description, "description", Unit::none, g_description},
    {ColumnId::pct_total_cpu, "pct_total_cpu", Unit::percent, g_pct_total_cpu},
    {ColumnId::pct_busy_cpu, "pct_busy_cpu", Unit::percent, g_pct_busy_cpu},
    {ColumnId::pct_db_time_waiting_for_cpu_resource_manager, "pct_db_time_waiting_for_cpu_resource_manager", Unit::percent,
     g_pct_db_time_waiting_for_cpu_resource_manager},
    {ColumnId::pct_estd_pga_cache_hit, "pct_estd_pga_cache_hit", Unit::percent, g_pct_estd_pga_cache_hit},
    {ColumnId::estd_pga_overalloc_count, "estd_pga_overalloc_count", Unit::count, g_estd_pga_overalloc_count},
    {ColumnId::read_write_per_second, "read_write_per_second", Unit::count, g_read_write_per_second},
    {ColumnId::read_per_second, "read_per_second", Unit::count, g_read_per_second},
    {ColumnId::write_per_second, "write_per_second", Unit::count, g_write_per_second},
    {ColumnId::total_server_time_s, "total_server_time_s", Unit::seconds, g_total_server_time_s},
    {ColumnId::pct_incoming_net, "pct_incoming_net", Unit::percent, g_pct_incoming_net},
    {ColumnId::pct_outgoing_net, "pct_outgoing_net", Unit::percent, g_pct_outgoing_net},
    {ColumnId::avg_conns, "avg_conns", Unit::count, g_avg_conns},
    {ColumnId::total_disp_time_s, "total_disp_time_s", Unit::seconds, g_total_disp_time_s},
    {ColumnId::total_queued, "total_queued", Unit::count, g_total_queued},
    {ColumnId::total_queue_wait_s, "total_queue_wait_s", Unit::seconds, g_total_queue_wait_s},
    {ColumnId::avg_queue_wait_ms, "avg_queue_wait_ms", Unit::millis, g_avg_queue_wait_ms},
    {ColumnId::average, "average", Unit::count, g_average},
    {ColumnId::process_type, "process_type", Unit::none, g_process_type},
    {ColumnId::unoptimized_reqs_per_exec, "unoptimized_reqs_per_exec", Unit::count, g_unoptimized_reqs_per_exec},
    {ColumnId::sharable_mem_bytes, "sharable_mem_bytes", Unit::bytes, g_sharable_mem_bytes},
    {ColumnId::direct_writes, "direct_writes", Unit::count, g_direct_writes},
    {ColumnId::table_scans, "table_scans", Unit::count, g_table_scans},
    {ColumnId::direct_reads, "direct_reads", Unit::count, g_direct_reads},
    {ColumnId::pct_of_total_cpu_time, "pct_of_total_cpu_time", Unit::percent, g_pct_of_total_cpu_time},
    {ColumnId::row_lock_waits, "row_lock_waits", Unit::count, g_row_lock_waits},
    {ColumnId::pga_aggr_target_mb, "pga_aggr_target_mb", Unit::megabytes, g_pga_aggr_target_mb},
    {ColumnId::auto_pga_target_mb, "auto_pga_target_mb", Unit::megabytes, g_auto_pga_target_mb},
    {ColumnId::pga_mem_alloc_mb, "pga_mem_alloc_mb", Unit::megabytes, g_pga_mem_alloc_mb},
    {ColumnId::w_a_pga_used_mb, "w_a_pga_used_mb", Unit::megabytes, g_w_a_pga_used_mb},
    {ColumnId::pct_pga_w_a_mem, "pct_pga_w_a_mem", Unit::percent, g_pct_pga_w_a_mem},
    {ColumnId::pct_auto_w_a_mem, "pct_auto_w_a_mem", Unit::percent, g_pct_auto_w_a_mem},
    {ColumnId::pct_man_w_a_mem, "pct_man_w_a_mem", Unit::percent, g_pct_man_w_a_mem},
    {ColumnId::global_mem_bound_k, "global_mem_bound_k", Unit::count, g_global_mem_bound_k},
    {ColumnId::large_writes, "large_writes", Unit::count, g_large_writes},
    {ColumnId::version_count, "version_count", Unit::count, g_version_count},
    {ColumnId::event_class, "event_class", Unit::none, g_event_class},
    {ColumnId::slot_time_duration, "slot_time_duration", Unit::none, g_slot_time_duration},
    {ColumnId::slot_count, "slot_count", Unit::count, g_slot_count},
    {ColumnId::event_count, "event_count", Unit::count, g_event_count},
    {ColumnId::pub, "pub", Unit::none, g_pub},
    {ColumnId::all, "all", Unit::count, g_all},
    {ColumnId::busy, "busy", Unit::count, g_busy},
    {ColumnId::congst, "congst", Unit::count, g_congst},
    {ColumnId::immed_blks_received, "immed_blks_received", Unit::count, g_immed_blks_received},
    {ColumnId::pct_2hop, "pct_2hop", Unit::percent, g_pct_2hop},
    {ColumnId::pct_3hop, "pct_3hop", Unit::percent, g_pct_3hop},
    {ColumnId::n2hop, "n2hop", Unit::count, g_n2hop},
    {ColumnId::n3hop, "n3hop", Unit::count, g_n3hop},
    {ColumnId::send_mbytes_mb, "send_mbytes_mb", Unit::megabytes, g_send_mbytes_mb},
    {ColumnId::receive_mbytes_mb, "receive_mbytes_mb", Unit::megabytes, g_receive_mbytes_mb},
    {ColumnId::top_row_source, "top_row_source", Unit::none, g_top_row_source},
    {ColumnId::row_source, "row_source", Unit::none, g_row_source},
    {ColumnId::top_event, "top_event", Unit::none, g_top_event},
    {ColumnId::sid_serial, "sid_serial", Unit::none, g_sid_serial},
    {ColumnId::ip_address, "ip_address", Unit::none, g_ip_address},
    {ColumnId::source, "source", Unit::none, g_source},
    {ColumnId::inst_no, "inst_no", Unit::none, g_inst_no},
    {ColumnId::est_unspill_time_s, "est_unspill_time_s", Unit::seconds, g_est_unspill_time_s},
    {ColumnId::blocks_received, "blocks_received", Unit::count, g_blocks_received},
    {ColumnId::pct_immed, "pct_immed", Unit::percent, g_pct_immed},
    {ColumnId::pct_congst, "pct_congst", Unit::percent, g_pct_congst},
    {ColumnId::src_inst, "src_inst", Unit::none, g_src_inst},
    {ColumnId::disk_name, "disk_name", Unit::none, g_disk_name},
    {ColumnId::keep, "keep", Unit::none, g_keep},
    {ColumnId::p1_p2_p3_values, "p1_p2_p3_values", Unit::none, g_p1_p2_p3_values},
    {ColumnId::parameter_1, "parameter_1", Unit::none, g_parameter_1},
    {ColumnId::parameter_2, "parameter_2", Unit::none, g_parameter_2},
    {ColumnId::parameter_3, "parameter_3", Unit::none, g_parameter_3},
    {ColumnId::channel, "channel", Unit::none, g_channel},
    {ColumnId::size_for_est_mb_2, "size_for_est_mb_2", Unit::megabytes, g_size_for_est_mb_2},
    {ColumnId::est_spill_count, "est_spill_count", Unit::count, g_est_spill_count},
    {ColumnId::est_spill_time_s, "est_spill_time_s", Unit::seconds, g_est_spill_time_s},
    {ColumnId::est_unspill_count, "est_unspill_count", Unit::count, g_est_unspill_count},
    {ColumnId::cells, "cells", Unit::count, g_cells},
    {ColumnId::wait_class_type, "wait_class_type", Unit::none, g_wait_class_type},
    {ColumnId::wait_time_s, "wait_time_s", Unit::seconds, g_wait_time_s},
    {ColumnId::cpu_time_s, "cpu_time_s", Unit::seconds, g_cpu_time_s},
    {ColumnId::first_logon, "first_logon", Unit::count, g_first_logon},
    {ColumnId::user_io_wait_time_s, "user_io_wait_time_s", Unit::seconds, g_user_io_wait_time_s},
    {ColumnId::sys_io_wait_time_s, "sys_io_wait_time_s", Unit::seconds, g_sys_io_wait_time_s},
    {ColumnId::queue_name, "queue_name", Unit::none, g_queue_name},
    {ColumnId::pl_sql_entry_subprogram, "pl_sql_entry_subprogram", Unit::none, g_pl_sql_entry_subprogram},
    {ColumnId::pl_sql_current_subprogram, "pl_sql_current_subprogram", Unit::none, g_pl_sql_current_subprogram},
    {ColumnId::pct_current, "pct_current", Unit::percent, g_pct_current},
    {ColumnId::enqueue_msgs, "enqueue_msgs", Unit::count, g_enqueue_msgs},
    {ColumnId::dequeue_msgs, "dequeue_msgs", Unit::count, g_dequeue_msgs},
    {ColumnId::ges_lock_requests, "ges_lock_requests", Unit::count, g_ges_lock_requests},
    {ColumnId::ges_pin_requests, "ges_pin_requests", Unit::count, g_ges_pin_requests},
    {ColumnId::ges_pin_releases, "ges_pin_releases", Unit::count, g_ges_pin_releases},
    {ColumnId::ges_inval_requests, "ges_inval_requests", Unit::count, g_ges_inval_requests},
    {ColumnId::ges_invali_dations, "ges_invali_dations", Unit::count, g_ges_invali_dations},
    {ColumnId::object_id_2, "object_id_2", Unit::count, g_object_id_2},
    {ColumnId::object_name_type, "object_name_type", Unit::none, g_object_name_type},
    {ColumnId::disks, "disks", Unit::count, g_disks},
    {ColumnId::avg, "avg", Unit::count, g_avg},
    {ColumnId::megabytes_per_second_mb, "megabytes_per_second_mb", Unit::megabytes, g_megabytes_per_second_mb},
    {ColumnId::columnar, "columnar", Unit::none, g_columnar},
    {ColumnId::pct_hit, "pct_hit", Unit::percent, g_pct_hit},
    {ColumnId::interface, "interface", Unit::none, g_interface},
    {ColumnId::src, "src", Unit::none, g_src},
    {ColumnId::pct_1ms, "pct_1ms", Unit::percent, g_pct_1ms},
    {ColumnId::pct_10ms, "pct_10ms", Unit::percent, g_pct_10ms},
    {ColumnId::pct_100ms, "pct_100ms", Unit::percent, g_pct_100ms},
    {ColumnId::pct_1s, "pct_1s", Unit::percent, g_pct_1s},
    {ColumnId::pct_10s, "pct_10s", Unit::percent, g_pct_10s},
    {ColumnId::blocks_lost, "blocks_lost", Unit::count, g_blocks_lost},
    {ColumnId::lost_time, "lost_time", Unit::count, g_lost_time},
    {ColumnId::avg_latency_500b_msg, "avg_latency_500b_msg", Unit::count, g_avg_latency_500b_msg},
    {ColumnId::stddev_500b_msg, "stddev_500b_msg", Unit::count, g_stddev_500b_msg},
    {ColumnId::n8k_ping_count, "n8k_ping_count", Unit::count, g_n8k_ping_count},
    {ColumnId::avg_latency_8k_msg, "avg_latency_8k_msg", Unit::count, g_avg_latency_8k_msg},
    {ColumnId::stddev_8k_msg, "stddev_8k_msg", Unit::count, g_stddev_8k_msg},
    {ColumnId::used_by, "used_by", Unit::none, g_used_by},
    {ColumnId::send_errors, "send_errors", Unit::count, g_send_errors},
    {ColumnId::send_dropped, "send_dropped", Unit::count, g_send_dropped},
    {ColumnId::send_buffer_overrun, "send_buffer_overrun", Unit::count, g_send_buffer_overrun},
    {ColumnId::send_carrier_lost, "send_carrier_lost", Unit::count, g_send_carrier_lost},
    {ColumnId::receive_errors, "receive_errors", Unit::count, g_receive_errors},
    {ColumnId::receive_dropped, "receive_dropped", Unit::count, g_receive_dropped},
    {ColumnId::receive_buffer_overrun, "receive_buffer_overrun", Unit::count, g_receive_buffer_overrun},
    {ColumnId::receive_frame_errors, "receive_frame_errors", Unit::count, g_receive_frame_errors},
    {ColumnId::blocking_sid_inst, "blocking_sid_inst", Unit::none, g_blocking_sid_inst},
    {ColumnId::event_caused, "event_caused", Unit::none, g_event_caused},
    {ColumnId::user_name, "user_name", Unit::none, g_user_name},
    {ColumnId::system_data_visible, "system_data_visible", Unit::none, g_system_data_visible},
    {ColumnId::n500b_ping_count, "n500b_ping_count", Unit::count, g_n500b_ping_count},
    {ColumnId::device_name, "device_name", Unit::none, g_device_name},
    {ColumnId::is_public, "is_public", Unit::none, g_is_public},
    {ColumnId::cells_2, "cells_2", Unit::count, g_cells_2},
    {ColumnId::temp_spill, "temp_spill", Unit::none, g_temp_spill},
    {ColumnId::data_temp_tables, "data_temp_tables", Unit::none, g_data_temp_tables},
    {ColumnId::write_only, "write_only", Unit::none, g_write_only},
    {ColumnId::oltp, "oltp", Unit::none, g_oltp},
    {ColumnId::dirty_limit, "dirty_limit", Unit::count, g_dirty_limit},
    {ColumnId::est_cache_writes, "est_cache_writes", Unit::count, g_est_cache_writes},
    {ColumnId::est_cache_write_fctr, "est_cache_write_fctr", Unit::count, g_est_cache_write_fctr},
    {ColumnId::est_total_writes, "est_total_writes", Unit::count, g_est_total_writes},
    {ColumnId::est_total_write_fctr, "est_total_write_fctr", Unit::count, g_est_total_write_fctr},
    {ColumnId::est_total_ios, "est_total_ios", Unit::count, g_est_total_ios},
    {ColumnId::est_total_io_fctr, "est_total_io_fctr", Unit::count, g_est_total_io_fctr},
    {ColumnId::cluster_wait_time_s, "cluster_wait_time_s", Unit::seconds, g_cluster_wait_time_s},
    {ColumnId::pct_clu, "pct_clu", Unit::percent, g_pct_clu},
    {ColumnId::gc_buffer_busy, "gc_buffer_busy", Unit::count, g_gc_buffer_busy},
    {ColumnId::cr_blocks_received, "cr_blocks_received", Unit::count, g_cr_blocks_received},
    {ColumnId::current_blocks_received, "current_blocks_received", Unit::count, g_current_blocks_received},
    {ColumnId::enq_msgs, "enq_msgs", Unit::count, g_enq_msgs},
    {ColumnId::deq_msgs, "deq_msgs", Unit::count, g_deq_msgs},
    {ColumnId::small_reads, "small_reads", Unit::count, g_small_reads},
    {ColumnId::small_writes, "small_writes", Unit::count, g_small_writes},
    {ColumnId::large_reads, "large_reads", Unit::count, g_large_reads},
    {ColumnId::total_hits, "total_hits", Unit::count, g_total_hits},
    {ColumnId::scan, "scan", Unit::none, g_scan},
    {ColumnId::first_writes, "first_writes", Unit::count, g_first_writes},
    {ColumnId::overwrites, "overwrites", Unit::count, g_overwrites},
    {ColumnId::partial_writes, "partial_writes", Unit::count, g_partial_writes},
    {ColumnId::size_for_est_s, "size_for_est_s", Unit::seconds, g_size_for_est_s},
    {ColumnId::pct_exp_msgs, "pct_exp_msgs", Unit::percent, g_pct_exp_msgs},
    {ColumnId::pct_delay_msgs, "pct_delay_msgs", Unit::percent, g_pct_delay_msgs},
    {ColumnId::enq_time_s, "enq_time_s", Unit::seconds, g_enq_time_s},
    {ColumnId::deq_time_s, "deq_time_s", Unit::seconds, g_deq_time_s},
    {ColumnId::pct_transf_time, "pct_transf_time", Unit::percent, g_pct_transf_time},
    {ColumnId::pct_eval_time, "pct_eval_time", Unit::percent, g_pct_eval_time},
    {ColumnId::avg_enqueue_sec_msg, "avg_enqueue_sec_msg", Unit::count, g_avg_enqueue_sec_msg},
    {ColumnId::avg_dequeue_sec_msg, "avg_dequeue_sec_msg", Unit::count, g_avg_dequeue_sec_msg},
    {ColumnId::subscriber_queue, "subscriber_queue", Unit::none, g_subscriber_queue},
    {ColumnId::open_time, "open_time", Unit::none, g_open_time},
    {ColumnId::itl_waits, "itl_waits", Unit::count, g_itl_waits},
    {ColumnId::ges_requests, "ges_requests", Unit::count, g_ges_requests},
    {ColumnId::ges_conflicts, "ges_conflicts", Unit::count, g_ges_conflicts},
    {ColumnId::ges_releases, "ges_releases", Unit::count, g_ges_releases},
    {ColumnId::enqueue_msgs_2, "enqueue_msgs_2", Unit::count, g_enqueue_msgs_2},
    {ColumnId::dequeue_msgs_2, "dequeue_msgs_2", Unit::count, g_dequeue_msgs_2},
    {ColumnId::expire_msgs, "expire_msgs", Unit::count, g_expire_msgs},
    {ColumnId::expire_msgs_2, "expire_msgs_2", Unit::count, g_expire_msgs_2},
    {ColumnId::pluggable_databases_open, "pluggable_databases_open", Unit::count, g_pluggable_databases_open},
    {ColumnId::pct_100us, "pct_100us", Unit::percent, g_pct_100us},
    {ColumnId::per_remaster_op, "per_remaster_op", Unit::count, g_per_remaster_op},
    {ColumnId::begin_snap, "begin_snap", Unit::count, g_begin_snap},
    {ColumnId::end_snap, "end_snap", Unit::count, g_end_snap},
    {ColumnId::griddisks, "griddisks", Unit::count, g_griddisks},
    {ColumnId::pct_efficiency, "pct_efficiency", Unit::percent, g_pct_efficiency},
    {ColumnId::hits, "hits", Unit::count, g_hits},
    {ColumnId::i_o_saved_percent, "i_o_saved_percent", Unit::count, g_i_o_saved_percent},
    {ColumnId::replicat_name, "replicat_name", Unit::none, g_replicat_name},
    {ColumnId::apply_name, "apply_name", Unit::none, g_apply_name},
    {ColumnId::service_time, "service_time", Unit::count, g_service_time},
    {ColumnId::wait_time, "wait_time", Unit::count, g_wait_time},
    {ColumnId::cell_latency, "cell_latency", Unit::count, g_cell_latency},
    {ColumnId::small_write, "small_write", Unit::count, g_small_write},
    {ColumnId::large_write, "large_write", Unit::count, g_large_write},
    {ColumnId::pct_optimized, "pct_optimized", Unit::percent, g_pct_optimized},
    {ColumnId::pct_clean, "pct_clean", Unit::percent, g_pct_clean},
    {ColumnId::pct_unflushed, "pct_unflushed", Unit::percent, g_pct_unflushed},
    {ColumnId::active_secondary_hits, "active_secondary_hits", Unit::count, g_active_secondary_hits},
    {ColumnId::active_secondary_misses, "active_secondary_misses", Unit::count, g_active_secondary_misses},
    {ColumnId::read_hits, "read_hits", Unit::count, g_read_hits},
    {ColumnId::read_mb, "read_mb", Unit::megabytes, g_read_mb},
    {ColumnId::requests_2, "requests_2", Unit::count, g_requests_2},
    {ColumnId::megabytes_per_second_mb_2, "megabytes_per_second_mb_2", Unit::megabytes, g_megabytes_per_second_mb_2},
    {ColumnId::imc_capacity, "imc_capacity", Unit::count, g_imc_capacity},
    {ColumnId::imc_query, "imc_query", Unit::count, g_imc_query},
    {ColumnId::no_memcompress, "no_memcompress", Unit::count, g_no_memcompress},
    {ColumnId::io_reason, "io_reason", Unit::none, g_io_reason},
    {ColumnId::pct_cell, "pct_cell", Unit::percent, g_pct_cell},
    {ColumnId::total_requests, "total_requests", Unit::count, g_total_requests},
    {ColumnId::total_mb, "total_mb", Unit::megabytes, g_total_mb},
};
constexpr ColumnSpec k_unknown_column{ColumnId::unknown, "unknown", Unit::none, {}};

// Short headers whose meaning depends on the section. Across the report "Reads" are physical reads
// (SQL lists of RAC global reports), "Class" a wait class (RAC global event lists); these sections
// (Tablespace / File IO Stats; the block classes of Buffer Wait Statistics and Global Cache Transfer)
// use the same words for their own columns. Statspack's Host CPU prints bare "User System Idle WIO", and
// Host CPU's "Load Average" spans "Begin" / "End" (elsewhere the values at either snapshot); the
// RAC global OS Statistics By Instance "% Usr % Sys % WIO % Idl" ("%sys" is the ASH column elsewhere).
constexpr SectionColumnSpec k_section_columns[] = {
    {SectionId::tablespace_io, "Reads", ColumnId::reads},
    {SectionId::file_io, "Reads", ColumnId::reads},
    {SectionId::buffer_wait_stats, "Class", ColumnId::buffer_class},
    {SectionId::gc_transfer_stats, "Class", ColumnId::buffer_class},
    {SectionId::gc_transfer_immediate, "Class", ColumnId::buffer_class},
    {SectionId::host_cpu, "Begin", ColumnId::load_average_begin},
    {SectionId::host_cpu, "End", ColumnId::load_average_end},
    {SectionId::host_cpu, "User", ColumnId::pct_user},
    {SectionId::host_cpu, "System", ColumnId::pct_system},
    {SectionId::host_cpu, "Idle", ColumnId::pct_idle},
    {SectionId::host_cpu, "WIO", ColumnId::pct_wio},
    {SectionId::rac_os_stats, "% Usr", ColumnId::pct_user},  // RAC global OS Statistics By Instance
    {SectionId::rac_os_stats, "% Sys", ColumnId::pct_system},
    {SectionId::rac_os_stats, "% Idl", ColumnId::pct_idle},
};

// ---- Load Profile rows -----------------------------------------------------------------------
AWRDIFF_NAMES(l_db_time, "DB Time(s)", "DB time(s)", "DB Time (s)", "DB time");  // DB time: Compare Periods report
AWRDIFF_NAMES(l_db_cpu, "DB CPU(s)", "DB CPU (s)", "CPU time");  // CPU time: Compare Periods report
AWRDIFF_NAMES(l_bg_cpu, "Background CPU(s)", "Background CPU time");  // the latter: Compare Periods report
AWRDIFF_NAMES(l_redo, "Redo size (bytes)", "Redo size", "Redo size(bytes)", "Redo Size (k)/s");  // (k): KiB
AWRDIFF_NAMES(l_logical, "Logical read (blocks)", "Logical reads", "Logical read", "Logical Reads/s");
AWRDIFF_NAMES(l_block_changes, "Block changes", "Block Changes/s");
AWRDIFF_NAMES(l_phys_read, "Physical read (blocks)", "Physical reads", "Physical read", "Physical Reads/s");
AWRDIFF_NAMES(l_phys_write, "Physical write (blocks)", "Physical writes", "Physical write", "Physical Writes/s");
AWRDIFF_NAMES(l_read_io_req, "Read IO requests");
AWRDIFF_NAMES(l_write_io_req, "Write IO requests");
AWRDIFF_NAMES(l_read_io_mb, "Read IO (MB)");
AWRDIFF_NAMES(l_write_io_mb, "Write IO (MB)");
AWRDIFF_NAMES(l_im_scan_rows, "IM scan rows");
AWRDIFF_NAMES(l_im_logical, "Session Logical Read IM");
AWRDIFF_NAMES(l_gc_received, "RAC GC blocks received", "Global Cache blocks received");
AWRDIFF_NAMES(l_gc_served, "RAC GC blocks served", "Global Cache blocks served");
AWRDIFF_NAMES(l_user_calls, "User calls", "User Calls/s");
AWRDIFF_NAMES(l_parses, "Parses (SQL)", "Parses", "Parses/s");
AWRDIFF_NAMES(l_hard_parses, "Hard parses (SQL)", "Hard parses");
AWRDIFF_NAMES(l_workarea, "SQL Work Area (MB)", "W/A MB processed");
AWRDIFF_NAMES(l_logons, "Logons", "Logons/s");
AWRDIFF_NAMES(l_user_logons, "User logons");
AWRDIFF_NAMES(l_executes, "Executes (SQL)", "Executes", "Execs/s");
AWRDIFF_NAMES(l_rollbacks, "Rollbacks");
AWRDIFF_NAMES(l_transactions, "Transactions", "Txns/s");
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

// ---- Instance Efficiency Percentages (Statspack: Instance Efficiency Indicators) -----------------
AWRDIFF_NAMES(e_buffer_nowait, "Buffer Nowait %");
AWRDIFF_NAMES(e_redo_nowait, "Redo NoWait %");
AWRDIFF_NAMES(e_buffer_hit, "Buffer Hit %");
AWRDIFF_NAMES(e_in_memory_sort, "In-memory Sort %");
AWRDIFF_NAMES(e_library_hit, "Library Hit %");
AWRDIFF_NAMES(e_soft_parse, "Soft Parse %");
AWRDIFF_NAMES(e_execute_to_parse, "Execute to Parse %");
AWRDIFF_NAMES(e_latch_hit, "Latch Hit %");
AWRDIFF_NAMES(e_parse_cpu, "Parse CPU to Parse Elapsd %", "Parse CPU to Parse Elapsed %");
AWRDIFF_NAMES(e_non_parse_cpu, "% Non-Parse CPU");
AWRDIFF_NAMES(e_flash_cache_hit, "Flash Cache Hit %");
AWRDIFF_NAMES(e_optimal_wa, "Optimal W/A Exec %");

constexpr LoadProfileSpec k_efficiency[] = {
    {"buffer_nowait", "Buffer Nowait %", "%", e_buffer_nowait},
    {"redo_nowait", "Redo NoWait %", "%", e_redo_nowait},
    {"buffer_hit", "Buffer Hit %", "%", e_buffer_hit},
    {"in_memory_sort", "In-memory Sort %", "%", e_in_memory_sort},
    {"library_hit", "Library Hit %", "%", e_library_hit},
    {"soft_parse", "Soft Parse %", "%", e_soft_parse},
    {"execute_to_parse", "Execute to Parse %", "%", e_execute_to_parse},
    {"latch_hit", "Latch Hit %", "%", e_latch_hit},
    {"parse_cpu_to_parse_elapsed", "Parse CPU to Parse Elapsd %", "%", e_parse_cpu},
    {"non_parse_cpu", "% Non-Parse CPU", "%", e_non_parse_cpu},
    {"flash_cache_hit", "Flash Cache Hit %", "%", e_flash_cache_hit},
    {"optimal_wa_exec", "Optimal W/A Exec %", "%", e_optimal_wa},
};

constexpr std::string_view k_wait_classes[] = {
    "Administrative", "Application", "Cluster",  "Commit",    "Concurrency", "Configuration", "Idle",
    "Network",        "Other",       "Queueing", "Scheduler", "System I/O",  "User I/O",
};

// Events of wait class Idle (V$EVENT_NAME, 9i–23ai) that reports print without their class: Statspack
// lists some of them among its Top 5 Timed Events on 12c+, where its own idle list is out of date.
constexpr std::string_view k_idle_events[] = {
    "AQ Cross Master idle",
    "AQ Proxy Cleanup Wait",
    "AQPC idle",
    "ASM background timer",
    "BMR idle",
    "class slave wait",
    "cmon timer",
    "DIAG idle wait",
    "dispatcher timer",
    "EMON slave idle wait",
    "fbar timer",
    "gcs remote message",
    "GCR sleep",
    "ges remote message",
    "heartbeat monitor sleep",
    "heartbeat redo informer",
    "i/o slave wait",
    "IORM Scheduler Slave Idle Wait",
    "jobq slave wait",
    "JOX Jit Process Sleep",
    "LGWR real time apply sync",
    "LGWR worker group idle",
    "LNS ASYNC archive log",
    "LNS ASYNC dest activation",
    "LNS ASYNC end of log",
    "lreg timer",
    "MRP redo arrival",
    "OFS idle",
    "parallel recovery coordinator idle wait",
    "parallel recovery slave idle wait",
    "parallel recovery slave next change",
    "pipe get",
    "pman timer",
    "pmon timer",
    "PING",
    "PL/SQL lock timer",
    "PX Deq: Execute Reply",
    "PX Deq: Execution Msg",
    "PX Deq: Parse Reply",
    "PX Deq: Table Q Normal",
    "PX Deque wait",
    "PX Idle Wait",
    "queue messages",
    "rdbms ipc message",
    "REPL Apply: txns",
    "REPL Capture/Apply: messages",
    "Space Manager: slave idle wait",
    "shared server idle wait",
    "single-task message",
    "SGA: MMAN sleep for component shrink",
    "simulated log write delay",
    "smon timer",
    "SQL*Net message from client",
    "SQL*Net message from dblink",
    "Streams AQ: deallocate messages from Streams Pool",
    "Streams AQ: delete acknowledged messages",
    "Streams AQ: emn coordinator idle wait",
    "Streams AQ: qmn coordinator idle wait",
    "Streams AQ: qmn slave idle wait",
    "Streams AQ: waiting for messages in the queue",
    "Streams AQ: waiting for time management or cleanup tasks",
    "Streams fetch slave: waiting for txns",
    "virtual circuit next request",
    "VKRM Idle",
    "VKTM Init Wait for GSGA",
    "VKTM Logical Idle Wait",
    "wait for unread message on broadcast channel",
    "wait for unread message on multiple broadcast channels",
    "watchdog main loop",
    "Data Guard: Gap Manager",
    "Data Guard: Timer",
    "nologging fetch slave idle",
    "imco timer",
    "IMFS defer writes scheduler",
};

#undef AWRDIFF_NAMES

// ---- lookup tables over the catalog, built at compile time -------------------------------------
// Every key is a normalised text (normalize_label's: white space and no-break space bytes dropped,
// ASCII lower-cased, trailing ':' dropped), kept back to back in one array of characters; the first
// entry in table order wins, as a linear scan over the tables would. Nothing is built at run time
// but the titles of the sections add_section_for_test adds (TestTitles).

// normalize_label, byte by byte: -1 for a byte it drops (white space, the bytes of a UTF-8 no-break
// space), else the byte lower-cased (ASCII only, as the "C" locale).
constexpr auto k_label_byte = [] {
  std::array<short, 256> t{};
  for (unsigned u = 0; u < 256; ++u) {
    const bool dropped = u == ' ' || (u >= '\t' && u <= '\r') || u == 0xA0 || u == 0xC2;
    t[u] = dropped ? short{-1} : static_cast<short>(u >= 'A' && u <= 'Z' ? u + ('a' - 'A') : u);
  }
  return t;
}();

// normalize_label(text) written to out, which has room for `cap` bytes. `longer`: the normalised
// form goes on past `cap` bytes with a byte other than ':' (then `size` is `cap`, out holds its first
// `cap` bytes, trailing ':' kept); else out[0, size) is the normalised form.
struct Normalised {
  std::size_t size = 0;
  bool longer = false;
};
constexpr Normalised normalize_into(std::string_view text, char* out, std::size_t cap) {
  std::size_t n = 0, i = 0;
  for (; i < text.size(); ++i) {
    const short b = k_label_byte[static_cast<unsigned char>(text[i])];
    if (b < 0) continue;
    if (n == cap) break;
    out[n++] = static_cast<char>(b);
  }
  for (; i < text.size(); ++i) {  // out is full: the rest may hold only dropped bytes and ':'
    const short b = k_label_byte[static_cast<unsigned char>(text[i])];
    if (b >= 0 && b != ':') return {cap, true};
  }
  while (n > 0 && out[n - 1] == ':') --n;
  return {n, false};
}

// The hash of a normalised key (the same at compile time and at run time): its bytes eight at a
// time, little-endian, each word mixed in with a multiplication.
constexpr std::uint64_t key_hash(const char* s, std::size_t n) {
  auto word = [&](std::size_t at, std::size_t len) {
    std::uint64_t w = 0;
    if (std::is_constant_evaluated() || std::endian::native != std::endian::little) {
      for (std::size_t j = 0; j < len; ++j) w |= std::uint64_t{static_cast<unsigned char>(s[at + j])} << (8 * j);
    } else {
      std::memcpy(&w, s + at, len);
    }
    return w;
  };
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) h = (h ^ word(i, 8)) * 0xBF58476D1CE4E5B9ULL;
  if (i < n) h = (h ^ word(i, n - i)) * 0xBF58476D1CE4E5B9ULL;
  return h ^ (h >> 29);
}

// A key of a table: its normalised text and what it names (a ColumnId, an index in a data table).
struct KeyEntry {
  std::string_view raw;  // as in the data table; normalised when the table is built
  int value;
};

// How many keys a source gives, and how many bytes their normalised forms need in all.
struct TableSizes {
  std::size_t keys = 0;
  std::size_t chars = 0;
};
template <class Source>
constexpr TableSizes table_sizes(Source source) {
  TableSizes s;
  source([&](KeyEntry e) {
    ++s.keys;
    s.chars += e.raw.size();  // (the normalised form is never longer)
  });
  return s;
}

// An open-addressing hash table of normalised keys, at most half full.
template <std::size_t Keys, std::size_t Chars>
struct KeyTable {
  static constexpr std::size_t k_slots = std::bit_ceil(std::max<std::size_t>(16, 2 * Keys));
  struct Slot {
    std::uint32_t offset = 0;  // of the key in chars
    std::uint16_t size = 0;
    std::int16_t value = -1;  // -1: empty
  };
  std::array<Slot, k_slots> slots{};
  std::array<char, Chars + 1> chars{};
  std::size_t used = 0;  // bytes of chars in use
  std::size_t longest = 0;  // the longest key

  static constexpr std::size_t slot_of(std::uint64_t h) { return static_cast<std::size_t>(h >> 32) & (k_slots - 1); }
  constexpr std::string_view key(const Slot& s) const { return {chars.data() + s.offset, s.size}; }

  // The value of the key `norm` (normalised), or -1.
  constexpr int find(std::string_view norm) const {
    for (std::size_t at = slot_of(key_hash(norm.data(), norm.size()));; at = (at + 1) & (k_slots - 1)) {
      const Slot& s = slots[at];
      if (s.value < 0) return -1;
      if (s.size == norm.size() && key(s) == norm) return s.value;
    }
  }

  // Adds `raw` normalised, unless that key is already there (the first one wins).
  constexpr void add(KeyEntry e) {
    if (e.value < 0 || e.value > 32767) throw "KeyTable: value out of range";
    char* out = chars.data() + used;
    const std::size_t n = normalize_into(e.raw, out, e.raw.size()).size;
    const std::string_view norm(out, n);
    std::size_t at = slot_of(key_hash(out, n));
    for (; slots[at].value >= 0; at = (at + 1) & (k_slots - 1))
      if (key(slots[at]) == norm) return;  // already there: its bytes are left unused
    slots[at] = {static_cast<std::uint32_t>(used), static_cast<std::uint16_t>(n), static_cast<std::int16_t>(e.value)};
    used += n;
    longest = std::max(longest, n);
  }
};

template <std::size_t Keys, std::size_t Chars, class Source>
constexpr KeyTable<Keys, Chars> build_key_table(Source source) {
  KeyTable<Keys, Chars> t;
  source([&](KeyEntry e) { t.add(e); });
  return t;
}

// Title prefixes (catalog titles ending in '*'), sorted byte-wise, each with the longest other
// prefix it starts with (`parent`) and the least row index among itself and its parents (`best`).
// The prefixes a normalised title starts with are the greatest prefix not after it in byte order
// (q) and q's parents, as far as they agree with the title: found by one binary search.
template <std::size_t Keys, std::size_t Chars>
struct PrefixTable {
  struct Entry {
    std::uint32_t offset = 0;
    std::uint16_t size = 0;
    int row = 0;
    int parent = -1;
    int best = 0;
  };
  std::array<Entry, Keys + 1> entries{};
  std::size_t count = 0;
  std::array<char, Chars + 1> chars{};
  std::size_t used = 0;
  std::size_t longest = 0;

  constexpr std::string_view key(const Entry& e) const { return {chars.data() + e.offset, e.size}; }

  // The least row index of the prefixes `norm` starts with, or -1.
  constexpr int find(std::string_view norm) const {
    std::size_t lo = 0, hi = count;  // entries [0, lo) are <= norm, [hi, count) are after it
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (key(entries[mid]) <= norm) lo = mid + 1;
      else hi = mid;
    }
    if (lo == 0) return -1;
    int q = static_cast<int>(lo - 1);
    const std::string_view k = key(entries[static_cast<std::size_t>(q)]);
    std::size_t common = 0;
    while (common < k.size() && common < norm.size() && k[common] == norm[common]) ++common;
    while (q >= 0 && entries[static_cast<std::size_t>(q)].size > common) q = entries[static_cast<std::size_t>(q)].parent;
    return q < 0 ? -1 : entries[static_cast<std::size_t>(q)].best;
  }
};

template <std::size_t Keys, std::size_t Chars, class Source>
constexpr PrefixTable<Keys, Chars> build_prefix_table(Source source) {
  PrefixTable<Keys, Chars> t;
  source([&](KeyEntry e) {
    char* out = t.chars.data() + t.used;
    const std::size_t n = normalize_into(e.raw, out, e.raw.size()).size;
    if (n == 0) return;  // an empty prefix matches nothing (find_section_by_title asks about no empty title)
    const std::string_view norm(out, n);
    for (std::size_t j = 0; j < t.count; ++j)
      if (t.key(t.entries[j]) == norm) return;  // the same prefix on an earlier row wins
    t.entries[t.count++] = {static_cast<std::uint32_t>(t.used), static_cast<std::uint16_t>(n), e.value, -1, e.value};
    t.used += n;
    t.longest = std::max(t.longest, n);
  });
  std::sort(t.entries.begin(), t.entries.begin() + static_cast<std::ptrdiff_t>(t.count),
            [&](const auto& a, const auto& b) { return t.key(a) < t.key(b); });
  for (std::size_t j = 0; j < t.count; ++j) {
    const std::string_view k = t.key(t.entries[j]);
    for (std::size_t p = j; p-- > 0;)  // a prefix of k sorts before k; the nearest one is the longest
      if (k.starts_with(t.key(t.entries[p]))) {
        t.entries[j].parent = static_cast<int>(p);
        t.entries[j].best = std::min(t.entries[j].row, t.entries[p].best);
        break;
      }
  }
  return t;
}

// Sources of keys: each calls `add` with every key of one lookup, in table order.
constexpr auto exact_title_keys = [](auto add) {
  for (std::size_t i = 0; i < std::size(k_sections); ++i)
    for (auto t : k_sections[i].titles)
      if (t.empty() || t.back() != '*') add(KeyEntry{t, static_cast<int>(i)});
};
constexpr auto title_prefix_keys = [](auto add) {
  for (std::size_t i = 0; i < std::size(k_sections); ++i)
    for (auto t : k_sections[i].titles)
      if (!t.empty() && t.back() == '*') add(KeyEntry{t.substr(0, t.size() - 1), static_cast<int>(i)});
};
constexpr auto column_keys = [](auto add) {  // every alias of every column except `label`
  for (const auto& c : k_columns)
    if (c.id != ColumnId::label)
      for (auto a : c.aliases) add(KeyEntry{a, static_cast<int>(c.id)});
};
constexpr auto load_profile_keys = [](auto add) {  // value: index in k_load_profile
  for (std::size_t i = 0; i < std::size(k_load_profile); ++i)
    for (auto a : k_load_profile[i].aliases) add(KeyEntry{a, static_cast<int>(i)});
};
constexpr auto efficiency_keys = [](auto add) {  // value: index in k_efficiency
  for (std::size_t i = 0; i < std::size(k_efficiency); ++i)
    for (auto a : k_efficiency[i].aliases) add(KeyEntry{a, static_cast<int>(i)});
};

constexpr auto k_exact_title_sizes = table_sizes(exact_title_keys);
constexpr auto k_exact_titles = build_key_table<k_exact_title_sizes.keys, k_exact_title_sizes.chars>(exact_title_keys);
constexpr auto k_title_prefix_sizes = table_sizes(title_prefix_keys);
constexpr auto k_title_prefixes = build_prefix_table<k_title_prefix_sizes.keys, k_title_prefix_sizes.chars>(title_prefix_keys);
constexpr auto k_column_sizes = table_sizes(column_keys);
constexpr auto k_column_index = build_key_table<k_column_sizes.keys, k_column_sizes.chars>(column_keys);
constexpr auto k_load_profile_sizes = table_sizes(load_profile_keys);
constexpr auto k_load_profile_index = build_key_table<k_load_profile_sizes.keys, k_load_profile_sizes.chars>(load_profile_keys);
constexpr auto k_efficiency_sizes = table_sizes(efficiency_keys);
constexpr auto k_efficiency_index = build_key_table<k_efficiency_sizes.keys, k_efficiency_sizes.chars>(efficiency_keys);

// k_section_columns with their aliases normalised (a dozen rows: scanned in order, the first wins).
struct SectionColumnKey {
  SectionId section;
  std::array<char, 16> alias;
  std::size_t size;
  ColumnId column;
};
constexpr auto k_section_column_keys = [] {
  std::array<SectionColumnKey, std::size(k_section_columns)> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto& sc = k_section_columns[i];
    if (sc.alias.size() > out[i].alias.size()) throw "k_section_columns: alias too long";
    out[i].section = sc.section;
    out[i].size = normalize_into(sc.alias, out[i].alias.data(), sc.alias.size()).size;
    out[i].column = sc.column;
  }
  return out;
}();
constexpr std::size_t k_longest_section_column = [] {
  std::size_t n = 0;
  for (const auto& k : k_section_column_keys) n = std::max(n, k.size);
  return n;
}();

// Header texts are normalised on the stack up to one byte more than the longest column alias (a
// longer header names no column).
constexpr std::size_t k_column_cap = std::max(k_column_index.longest, k_longest_section_column) + 1;

// column_spec's table: index ColumnId, the first k_columns row of each id; -1 for an id without one.
constexpr std::size_t k_column_id_end = [] {
  std::size_t end = 0;
  for (const auto& c : k_columns) end = std::max(end, static_cast<std::size_t>(c.id) + 1);
  return end;
}();
constexpr auto k_column_rows = [] {
  std::array<short, k_column_id_end> rows{};
  for (auto& r : rows) r = -1;
  for (std::size_t i = 0; i < std::size(k_columns); ++i)
    if (auto& r = rows[static_cast<std::size_t>(k_columns[i].id)]; r < 0) r = static_cast<short>(i);
  return rows;
}();

// section_spec's table: index SectionId (every enumerator), the first k_sections row of each; -1 for
// none (`unknown`).
constexpr auto k_section_row_of_id = [] {
  std::array<int, k_section_id_count> rows{};
  for (auto& r : rows) r = -1;
  for (std::size_t i = 0; i < std::size(k_sections); ++i) {
    const auto id = static_cast<std::size_t>(k_sections[i].id);
    if (id >= rows.size()) throw "k_sections: a row's id is past k_section_id_count";
    if (rows[id] < 0) rows[id] = static_cast<int>(i);
  }
  return rows;
}();

// The titles of the sections add_section_for_test added (normalised; value: index in
// section_rows()), looked up after the compile-time tables, whose rows all come first.
struct TestTitles {
  std::vector<std::pair<std::string, std::size_t>> exact;
  std::vector<std::pair<std::string, std::size_t>> prefixes;
  std::size_t longest = 0;  // the longest of either
};
constinit TestTitles g_test_titles;  // (constant-initialised: no guard on each lookup)
TestTitles& test_titles() { return g_test_titles; }

// The longest normalised title or title prefix of the catalog as built.
constexpr std::size_t k_longest_title_key = std::max(k_exact_titles.longest, k_title_prefixes.longest);

}  // namespace

std::string_view without_footnote_marker(std::string_view text) {
  if (text.size() < 4 || text.back() != ']') return text;
  const auto open = text.rfind(" [");
  if (open == std::string_view::npos || open + 3 > text.size() - 1) return text;  // at least one digit
  const auto digits = text.substr(open + 2, text.size() - 1 - (open + 2));
  const bool all_digits =
      std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
  return all_digits ? text.substr(0, open) : text;
}

const char* to_string(Unit unit) {
  switch (unit) {
    case Unit::none:
      return "none";
    case Unit::count:
      return "count";
    case Unit::seconds:
      return "s";
    case Unit::millis:
      return "ms";
    case Unit::percent:
      return "%";
    case Unit::bytes:
      return "bytes";
    case Unit::megabytes:
      return "MB";
    case Unit::gigabytes:
      return "GB";
  }
  return "none";
}

std::span<const SectionSpec> all_sections() { return section_rows(); }

SectionId add_section_for_test(const SectionSpec& spec) {
  auto& rows = section_rows();
  const std::size_t added = rows.size() - std::size(k_sections);
  if (added >= k_max_test_sections) throw std::length_error("add_section_for_test: at most 16 sections");
  SectionSpec row = spec;
  row.id = static_cast<SectionId>(k_section_id_count + added);
  rows.push_back(row);
  TestTitles& tt = test_titles();
  for (auto t : row.titles) {
    const bool prefix = !t.empty() && t.back() == '*';
    auto norm = normalize_label(prefix ? t.substr(0, t.size() - 1) : t);
    tt.longest = std::max(tt.longest, norm.size());
    if (!prefix) tt.exact.emplace_back(std::move(norm), rows.size() - 1);
    else if (!norm.empty()) tt.prefixes.emplace_back(std::move(norm), rows.size() - 1);
  }
  return row.id;
}

void remove_sections_for_test() {
  auto& rows = section_rows();
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(std::size(k_sections)), rows.end());
  test_titles() = TestTitles{};
}
std::span<const ColumnSpec> all_columns() { return k_columns; }
std::span<const LoadProfileSpec> all_load_profile_rows() { return k_load_profile; }
std::span<const LoadProfileSpec> all_efficiency_rows() { return k_efficiency; }

const SectionSpec* find_section_by_title(std::string_view title) {
  // Text reports follow the title with "DB/Inst: NAME/inst  Snaps: 1-2"; Statspack with "DB/Inst:" too.
  if (auto pos = title.find("DB/Inst:"); pos != std::string_view::npos) title = title.substr(0, pos);
  // Statspack: "SQL ordered by Elapsed time for DB: HRDB  Instance: hrdb1  Snaps: 512 -513".
  // (Found as "for DB:" after a space: searching for the leading space would stop at every word.)
  for (auto pos = title.find("for DB:"); pos != std::string_view::npos; pos = title.find("for DB:", pos + 1))
    if (pos > 0 && title[pos - 1] == ' ') {
      title = title.substr(0, pos - 1);
      break;
    }
  if (auto pos = title.find("DB/Inst/Cont:"); pos != std::string_view::npos) title = title.substr(0, pos);
  title = without_footnote_marker(title);  // "SQL ordered by Elapsed Time [1]" (Autonomous Database)
  // The text tokenizer asks about every line: normalise only as far as the longest title or prefix
  // needs, into a buffer on the stack. A candidate whose normalised form goes on past that (with
  // more than trailing ':') can match no title exactly, and its first longest + 1 bytes decide every
  // prefix. The compile-time tables hold the catalog's rows, which come before every row
  // add_section_for_test added: a row they find is the first that matches.
  const TestTitles& tt = test_titles();
  const std::size_t cap = std::max(k_longest_title_key, tt.longest) + 1;
  char small[k_longest_title_key + 1 + 64];
  std::string large;  // (only for a longer title added by a test)
  char* buf = small;
  if (cap > sizeof small) {
    large.resize(cap);
    buf = large.data();
  }
  const Normalised got = normalize_into(title, buf, cap);
  if (got.size == 0) return nullptr;
  const std::string_view norm(buf, got.size);
  const auto& rows = section_rows();
  int best = got.longer || norm.size() > k_exact_titles.longest ? -1 : k_exact_titles.find(norm);
  if (const int p = k_title_prefixes.find(norm); p >= 0 && (best < 0 || p < best)) best = p;
  if (best >= 0) return &rows[static_cast<std::size_t>(best)];
  std::size_t added = rows.size();
  if (!got.longer)
    for (const auto& [key, i] : tt.exact)
      if (i < added && key == norm) added = i;
  for (const auto& [prefix, i] : tt.prefixes)
    if (i < added && norm.starts_with(prefix)) added = i;
  return added < rows.size() ? &rows[added] : nullptr;
}

const SectionSpec* find_section_by_summary(std::string_view summary) {
  // White space (as isspace in the "C" locale) folded to single spaces, trimmed, ASCII lower-cased.
  static constexpr auto k_byte = [] {
    std::array<short, 256> t{};
    for (unsigned u = 0; u < 256; ++u)
      t[u] = u == ' ' || (u >= '\t' && u <= '\r') ? short{-1} : static_cast<short>(u >= 'A' && u <= 'Z' ? u + ('a' - 'A') : u);
    return t;
  }();
  std::string lower(summary.size(), '\0');
  std::size_t n = 0;
  bool space = false;
  for (char c : summary) {
    const short b = k_byte[static_cast<unsigned char>(c)];
    if (b < 0) {
      space = true;
      continue;
    }
    if (space && n > 0) lower[n++] = ' ';
    space = false;
    lower[n++] = static_cast<char>(b);
  }
  lower.resize(n);
  // The longest matching substring wins: "global cache load profile" beats "load profile".
  const SectionSpec* best = nullptr;
  std::size_t best_len = 0;
  for (const auto& s : section_rows())
    for (auto sub : s.summaries)
      if (sub.size() > best_len && lower.find(sub) != std::string::npos) {
        best = &s;
        best_len = sub.size();
      }
  return best;
}

const SectionSpec* find_section_by_key(std::string_view key) {
  for (const auto& s : section_rows())
    if (s.key == key) return &s;
  return nullptr;
}

std::string_view logical_reads_segment_list() { return section_spec(SectionId::segments_logical_reads).key; }

const SectionSpec& section_spec(SectionId id) {
  static constexpr SectionSpec unknown{SectionId::unknown, "unknown", "Unknown section", {}, {}};
  const auto& rows = section_rows();
  // A SectionId's row, from a table built at compile time; the rows add_section_for_test added
  // (ids past every enumerator) come after k_sections and are scanned.
  if (const auto i = static_cast<std::size_t>(id); i < k_section_row_of_id.size()) {
    const int row = k_section_row_of_id[i];
    return row >= 0 ? rows[static_cast<std::size_t>(row)] : unknown;
  }
  for (std::size_t i = std::size(k_sections); i < rows.size(); ++i)
    if (rows[i].id == id) return rows[i];
  return unknown;
}

ColumnId find_column(std::string_view header) {
  char buf[k_column_cap];
  const Normalised got = normalize_into(header, buf, k_column_cap);
  if (got.longer) return ColumnId::unknown;  // longer than every alias
  if (got.size == 0) return ColumnId::label;
  const int id = k_column_index.find({buf, got.size});
  return id >= 0 ? static_cast<ColumnId>(id) : ColumnId::unknown;
}

ColumnId find_column(std::string_view header, SectionId section) {
  // One normalisation for both lookups (the section's aliases, then every column's).
  char buf[k_column_cap];
  const Normalised got = normalize_into(header, buf, k_column_cap);
  if (got.longer) return ColumnId::unknown;  // longer than every alias
  const std::string_view norm(buf, got.size);
  if (section != SectionId::unknown)
    for (const auto& k : k_section_column_keys)
      if (k.section == section && std::string_view(k.alias.data(), k.size) == norm) return k.column;
  if (norm.empty()) return ColumnId::label;
  const int id = k_column_index.find(norm);
  return id >= 0 ? static_cast<ColumnId>(id) : ColumnId::unknown;
}

std::span<const SectionColumnSpec> all_section_columns() { return k_section_columns; }

const ColumnSpec& column_spec(ColumnId id) {
  const auto i = static_cast<std::size_t>(id);
  return i < k_column_rows.size() && k_column_rows[i] >= 0 ? k_columns[static_cast<std::size_t>(k_column_rows[i])]
                                                           : k_unknown_column;
}

const LoadProfileSpec* find_load_profile_row(std::string_view label) {
  char buf[k_load_profile_index.longest + 1];  // a longer label names no row
  const Normalised got = normalize_into(label, buf, sizeof buf);
  const int i = got.longer ? -1 : k_load_profile_index.find({buf, got.size});
  return i >= 0 ? &k_load_profile[static_cast<std::size_t>(i)] : nullptr;
}

const LoadProfileSpec* find_efficiency_row(std::string_view label) {
  char buf[k_efficiency_index.longest + 1];  // a longer label names no row
  const Normalised got = normalize_into(label, buf, sizeof buf);
  const int i = got.longer ? -1 : k_efficiency_index.find({buf, got.size});
  return i >= 0 ? &k_efficiency[static_cast<std::size_t>(i)] : nullptr;
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

std::string_view global_time_model_statistic(std::string_view header) {
  static constexpr std::pair<std::string_view, std::string_view> k_map[] = {
      {"DB time (s)", "DB time"},
      {"DB CPU (s)", "DB CPU"},
      {"SQL Exec Ela (s)", "sql execute elapsed time"},
      {"Parse Ela (s)", "parse time elapsed"},
      {"Hard Parse Ela (s)", "hard parse elapsed time"},
      {"PL/SQL Ela (s)", "PL/SQL execution elapsed time"},
      {"Java Ela (s)", "Java execution elapsed time"},
      {"bg time (s)", "background elapsed time"},
      {"bg CPU (s)", "background cpu time"},
  };
  const std::string norm = normalize_label(header);
  for (const auto& [h, stat] : k_map)
    if (normalize_label(h) == norm) return stat;
  return {};
}

std::string_view global_wait_class(std::string_view header) {
  static constexpr std::pair<std::string_view, std::string_view> k_map[] = {
      {"User I/O(s)", "User I/O"},     {"Sys I/O(s)", "System I/O"},    {"Other(s)", "Other"},
      {"Applic (s)", "Application"},   {"Commit (s)", "Commit"},        {"Network (s)", "Network"},
      {"Concurcy (s)", "Concurrency"}, {"Config (s)", "Configuration"}, {"Cluster (s)", "Cluster"},
      {"Admin (s)", "Administrative"}, {"Scheduler (s)", "Scheduler"},  {"Queueing (s)", "Queueing"},
      {"DB CPU (s)", "DB CPU"},
  };
  const std::string norm = normalize_label(header);
  for (const auto& [h, wc] : k_map)
    if (normalize_label(h) == norm) return wc;
  return {};
}

bool is_idle_event(std::string_view name) {
  for (auto e : k_idle_events)
    if (e == name) return true;
  return false;
}

}  // namespace awrdiff
