// Reading the snapshot JSON back (snapshot_from_json): the text written again is the same byte for
// byte, the Snapshot is the same in every field (compared here field by field, independently of the
// field list the writer and reader share), errors name the JSON path, hostile text never crashes, and
// parse_report / load_report take a saved snapshot for a report.
#include <awrdiff/compare.hpp>
#include <awrdiff/diff.hpp>
#include <awrdiff/parse.hpp>
#include <awrdiff/render.hpp>
#include <awrdiff/snapshot_json.hpp>

#include "tests/support/samples.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using awrdiff::Snapshot;
using nlohmann::json;

std::string write(const Snapshot& s, bool diagnostics = false) { return awrdiff::snapshot_json_text(s, diagnostics); }
// snapshot_from_json of `text`, which snapshot_from_json_in_place reads the same (below).
Snapshot read(const std::string& text);

// ---- Snapshot equality, field by field -------------------------------------------------------------

// Doubles compared by value and sign (-0.0 is not 0.0); absent is absent.
::testing::AssertionResult same_number(const awrdiff::OptDouble& a, const awrdiff::OptDouble& b) {
  if (a.has_value() != b.has_value()) return ::testing::AssertionFailure() << "one is absent";
  if (a && (*a != *b || std::signbit(*a) != std::signbit(*b))) return ::testing::AssertionFailure() << *a << " != " << *b;
  return ::testing::AssertionSuccess();
}

#define SAME(field) EXPECT_EQ(a.field, b.field) << where << "." #field
#define SAME_NUMBER(field) EXPECT_TRUE(same_number(a.field, b.field)) << where << "." #field

void same(const awrdiff::WaitEvent& a, const awrdiff::WaitEvent& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(waits);
  SAME_NUMBER(time_s);
  SAME_NUMBER(avg_wait_ms);
  SAME_NUMBER(pct_db_time);
  SAME(wait_class);
  SAME(is_cpu);
  SAME(is_idle);  // `line` is not in the text
}
void same(const awrdiff::WaitClassRow& a, const awrdiff::WaitClassRow& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(waits);
  SAME_NUMBER(time_s);
  SAME_NUMBER(avg_wait_ms);
  SAME_NUMBER(pct_db_time);
}
void same(const awrdiff::LoadProfileRow& a, const awrdiff::LoadProfileRow& b, const std::string& where) {
  SAME(key);
  SAME(label);
  SAME_NUMBER(per_second);
  SAME_NUMBER(per_transaction);
  SAME_NUMBER(per_exec);
  SAME_NUMBER(per_call);
}
void same(const awrdiff::EfficiencyRow& a, const awrdiff::EfficiencyRow& b, const std::string& where) {
  SAME(key);
  SAME(label);
  SAME_NUMBER(pct);
}
void same(const awrdiff::TimeModelRow& a, const awrdiff::TimeModelRow& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(time_s);
  SAME_NUMBER(pct_db_time);
}
void same(const awrdiff::SqlStat& a, const awrdiff::SqlStat& b, const std::string& where) {
  SAME(sql_id);
  SAME(id_kind);
  SAME(plan_hash_value);
  SAME_NUMBER(elapsed_s);
  SAME_NUMBER(cpu_s);
  SAME_NUMBER(user_io_s);
  SAME_NUMBER(executions);
  SAME_NUMBER(buffer_gets);
  SAME_NUMBER(physical_reads);
  SAME_NUMBER(parse_calls);
  SAME_NUMBER(rows_processed);
  SAME_NUMBER(pct_db_time);
  SAME(module);
  SAME(pdb_name);
  SAME(text);
  SAME(text_complete);
  SAME(lists);
}
void same(const awrdiff::InstanceRow& a, const awrdiff::InstanceRow& b, const std::string& where) {
  SAME(instance_number);
  SAME(instance);
  SAME(host);
  SAME(startup_time);
  SAME(release);
  SAME(platform);
  SAME_NUMBER(elapsed_s);
  SAME_NUMBER(db_time_s);
  SAME_NUMBER(db_cpu_s);
  SAME_NUMBER(average_active_sessions);
}
// Cells are not in the text: their number is.
void same(const awrdiff::GenericTable& a, const awrdiff::GenericTable& b, const std::string& where) {
  SAME(section);
  SAME(title);
  SAME(known);
  SAME(headers);
  EXPECT_EQ(b.columns.size(), a.headers.size()) << where;
  EXPECT_EQ(b.units.size(), a.headers.size()) << where;
  for (std::size_t i = 0; i < a.headers.size() && i < b.columns.size() && i < b.units.size(); ++i) {
    EXPECT_EQ(b.columns[i], i < a.columns.size() ? a.columns[i] : "unknown") << where;
    EXPECT_EQ(b.units[i], i < a.units.size() ? a.units[i] : "none") << where;
  }
  EXPECT_EQ(a.rows.size(), b.rows.size()) << where;
}
void same(const awrdiff::ActivityStat& a, const awrdiff::ActivityStat& b, const std::string& where) {
  SAME(name);
  SAME(raw_name);
  SAME_NUMBER(total);
  SAME_NUMBER(per_second);
  SAME_NUMBER(per_trans);
  SAME_NUMBER(begin_value);
  SAME_NUMBER(end_value);
  SAME_NUMBER(per_hour);
  SAME(key);
}
void same(const awrdiff::Parameter& a, const awrdiff::Parameter& b, const std::string& where) {
  SAME(name);
  SAME(begin_value);
  SAME(end_value);
  SAME(is_default);
  SAME(pdb);
}
void same(const awrdiff::IoStatRow& a, const awrdiff::IoStatRow& b, const std::string& where) {
  SAME(name);
  SAME(raw_name);
  SAME_NUMBER(reads_data_bytes);
  SAME_NUMBER(reads_requests_per_s);
  SAME_NUMBER(reads_data_per_s_bytes);
  SAME_NUMBER(writes_data_bytes);
  SAME_NUMBER(writes_requests_per_s);
  SAME_NUMBER(writes_data_per_s_bytes);
  SAME_NUMBER(waits_count);
  SAME_NUMBER(avg_time_ms);
  SAME_NUMBER(small_read_ms);
  SAME_NUMBER(large_read_ms);
}
void same(const awrdiff::TablespaceIo& a, const awrdiff::TablespaceIo& b, const std::string& where) {
  SAME(tablespace);
  SAME(filename);
  SAME_NUMBER(reads);
  SAME_NUMBER(reads_per_s);
  SAME_NUMBER(avg_read_ms);
  SAME_NUMBER(blocks_per_read);
  SAME_NUMBER(writes);
  SAME_NUMBER(writes_per_s);
  SAME_NUMBER(buffer_waits);
  SAME_NUMBER(avg_buffer_wait_ms);
}
void same(const awrdiff::SegmentStat& a, const awrdiff::SegmentStat& b, const std::string& where) {
  SAME(list);
  SAME(owner);
  SAME(tablespace);
  SAME(object);
  SAME(subobject);
  SAME(type);
  SAME_NUMBER(value);
  SAME_NUMBER(pct_total);
}
void same(const awrdiff::LatchStat& a, const awrdiff::LatchStat& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(get_requests);
  SAME_NUMBER(pct_get_miss);
  SAME_NUMBER(avg_sleeps_per_miss);
  SAME_NUMBER(wait_time_s);
  SAME_NUMBER(nowait_requests);
  SAME_NUMBER(pct_nowait_miss);
  SAME_NUMBER(misses);
  SAME_NUMBER(sleeps);
  SAME_NUMBER(spin_gets);
}
void same(const awrdiff::MutexSleep& a, const awrdiff::MutexSleep& b, const std::string& where) {
  SAME(mutex_type);
  SAME(location);
  SAME_NUMBER(sleeps);
  SAME_NUMBER(wait_time_ms);
}
void same(const awrdiff::EnqueueStat& a, const awrdiff::EnqueueStat& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(requests);
  SAME_NUMBER(succ_gets);
  SAME_NUMBER(failed_gets);
  SAME_NUMBER(waits);
  SAME_NUMBER(wait_time_s);
  SAME_NUMBER(avg_wait_ms);
}
void same(const awrdiff::LibraryCacheStat& a, const awrdiff::LibraryCacheStat& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(get_requests);
  SAME_NUMBER(pct_get_miss);
  SAME_NUMBER(pin_requests);
  SAME_NUMBER(pct_pin_miss);
  SAME_NUMBER(reloads);
  SAME_NUMBER(invalidations);
}
void same(const awrdiff::DictionaryCacheStat& a, const awrdiff::DictionaryCacheStat& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(get_requests);
  SAME_NUMBER(pct_miss);
  SAME_NUMBER(scan_requests);
  SAME_NUMBER(mod_requests);
  SAME_NUMBER(final_usage);
}
void same(const awrdiff::UndoSummary& a, const awrdiff::UndoSummary& b, const std::string& where) {
  SAME(undo_tablespace);
  SAME_NUMBER(undo_blocks);
  SAME_NUMBER(transactions);
  SAME_NUMBER(max_query_length_s);
  SAME_NUMBER(max_tx_concurrency);
  SAME(tuned_retention);
  SAME(sto_oos);
}
// Buckets come back one per label, in label order: compared by label.
void same(const awrdiff::WaitHistogramRow& a, const awrdiff::WaitHistogramRow& b, const std::string& where) {
  SAME(section);
  SAME(event);
  SAME(raw_name);
  SAME_NUMBER(total_waits);
  std::size_t labels = 0;
  for (std::size_t i = 0; i < a.buckets.size(); ++i) {
    bool last = true;  // the last bucket of its label is the one kept
    for (std::size_t k = i + 1; k < a.buckets.size(); ++k) last = last && a.buckets[k].label != a.buckets[i].label;
    if (!last) continue;
    ++labels;
    const auto* kept = b.bucket(a.buckets[i].label);
    ASSERT_NE(kept, nullptr) << where << " " << a.buckets[i].label;
    EXPECT_TRUE(same_number(a.buckets[i].pct, kept->pct)) << where << " " << a.buckets[i].label;
  }
  EXPECT_EQ(b.buckets.size(), labels) << where;
}
void same(const awrdiff::AddmFinding& a, const awrdiff::AddmFinding& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(task_avg_active_sessions);
  SAME_NUMBER(pct_active_sessions);
  SAME(task_name);
}
void same(const awrdiff::GlobalCacheStat& a, const awrdiff::GlobalCacheStat& b, const std::string& where) {
  SAME(section);
  SAME(name);
  SAME_NUMBER(value);
  SAME_NUMBER(per_second);
  SAME_NUMBER(per_transaction);
}
void same(const awrdiff::OsStat& a, const awrdiff::OsStat& b, const std::string& where) {
  SAME(name);
  SAME_NUMBER(value);
  SAME_NUMBER(end_value);
}
void same(const awrdiff::Diagnostic& a, const awrdiff::Diagnostic& b, const std::string& where) {
  SAME(level);
  SAME(section);
  SAME(line);
  SAME(message);
}

template <class T>
void same_rows(const std::vector<T>& a, const std::vector<T>& b, const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (std::size_t i = 0; i < a.size(); ++i) same(a[i], b[i], where + "[" + std::to_string(i) + "]");
}

// `b` read back from the text of `a`: the same in every field the text carries.
void expect_same_snapshot(const Snapshot& a, const Snapshot& b, bool with_diagnostics, const std::string& where) {
  SAME(source);
  SAME(kind);
  SAME(format);
  {
    const auto& da = a.database;
    const auto& db = b.database;
    EXPECT_EQ(da.name, db.name) << where;
    EXPECT_EQ(da.dbid, db.dbid) << where;
    EXPECT_EQ(da.unique_name, db.unique_name) << where;
    EXPECT_EQ(da.role, db.role) << where;
    EXPECT_EQ(da.edition, db.edition) << where;
    EXPECT_EQ(da.instance, db.instance) << where;
    EXPECT_EQ(da.instance_number, db.instance_number) << where;
    EXPECT_EQ(da.startup_time, db.startup_time) << where;
    EXPECT_EQ(da.release, db.release) << where;
    EXPECT_EQ(da.rac, db.rac) << where;
    EXPECT_EQ(da.cdb, db.cdb) << where;
    EXPECT_EQ(da.container, db.container) << where;
    EXPECT_EQ(da.con_dbid, db.con_dbid) << where;
    EXPECT_EQ(da.scope, db.scope) << where;
    EXPECT_EQ(da.instances, db.instances) << where;
    EXPECT_EQ(da.host, db.host) << where;
    EXPECT_EQ(da.platform, db.platform) << where;
    EXPECT_TRUE(same_number(da.cpus, db.cpus)) << where;
    EXPECT_TRUE(same_number(da.cores, db.cores)) << where;
    EXPECT_TRUE(same_number(da.sockets, db.sockets)) << where;
    EXPECT_TRUE(same_number(da.memory_gb, db.memory_gb)) << where;
  }
  SAME(interval.begin_snap);
  SAME(interval.end_snap);
  SAME(interval.begin_time);
  SAME(interval.end_time);
  SAME_NUMBER(interval.elapsed_s);
  SAME_NUMBER(interval.begin_sessions);
  SAME_NUMBER(interval.end_sessions);
  SAME_NUMBER(interval.begin_cursors_per_session);
  SAME_NUMBER(interval.end_cursors_per_session);
  SAME(interval.pdb_snapshots);
  SAME(interval.replay_role);
  // The header's DB time is in the text only where the time model gives none.
  const auto* tm = a.time_model_row("DB time");
  if (tm == nullptr || !tm->time_s) { SAME_NUMBER(interval.db_time_s); }
  // So every value computed from the fields is the same.
  EXPECT_TRUE(same_number(a.db_time_s(), b.db_time_s())) << where;
  EXPECT_TRUE(same_number(a.db_cpu_s(), b.db_cpu_s())) << where;
  EXPECT_TRUE(same_number(a.average_active_sessions(), b.average_active_sessions())) << where;
  EXPECT_TRUE(same_number(a.unaccounted_db_time_s(), b.unaccounted_db_time_s())) << where;
  same_rows(a.load_profile, b.load_profile, where + " load_profile");
  same_rows(a.efficiency, b.efficiency, where + " efficiency");
  SAME_NUMBER(interval.header_db_cpu_s);
  same_rows(a.top_events, b.top_events, where + " top_events");
  same_rows(a.foreground_events, b.foreground_events, where + " foreground_events");
  same_rows(a.background_events, b.background_events, where + " background_events");
  same_rows(a.wait_classes, b.wait_classes, where + " wait_classes");
  same_rows(a.foreground_wait_classes, b.foreground_wait_classes, where + " foreground_wait_classes");
  SAME_NUMBER(host_cpu.load_average_begin);
  SAME_NUMBER(host_cpu.load_average_end);
  SAME_NUMBER(host_cpu.pct_user);
  SAME_NUMBER(host_cpu.pct_system);
  SAME_NUMBER(host_cpu.pct_wio);
  SAME_NUMBER(host_cpu.pct_idle);
  same_rows(a.time_model, b.time_model, where + " time_model");
  same_rows(a.sql, b.sql, where + " sql");
  SAME(truncated);
  SAME(valid);
  SAME(invalid_reason);
  SAME(timings_valid);
  SAME(has_sql_sections);
  SAME_NUMBER(sql_elapsed_cutoff_s);
  same_rows(a.activity, b.activity, where + " activity");
  same_rows(a.parameters, b.parameters, where + " parameters");
  same_rows(a.iostat_function, b.iostat_function, where + " iostat_function");
  same_rows(a.iostat_filetype, b.iostat_filetype, where + " iostat_filetype");
  SAME_NUMBER(cache_sizes.buffer_cache_begin_bytes);
  SAME_NUMBER(cache_sizes.buffer_cache_end_bytes);
  SAME_NUMBER(cache_sizes.shared_pool_begin_bytes);
  SAME_NUMBER(cache_sizes.shared_pool_end_bytes);
  SAME_NUMBER(cache_sizes.std_block_size_bytes);
  SAME_NUMBER(cache_sizes.log_buffer_bytes);
  SAME_NUMBER(cache_sizes.in_memory_area_begin_bytes);
  SAME_NUMBER(cache_sizes.in_memory_area_end_bytes);
  same_rows(a.tablespace_io, b.tablespace_io, where + " tablespace_io");
  same_rows(a.file_io, b.file_io, where + " file_io");
  same_rows(a.segments, b.segments, where + " segments");
  same_rows(a.latches, b.latches, where + " latches");
  same_rows(a.mutex_sleeps, b.mutex_sleeps, where + " mutex_sleeps");
  same_rows(a.enqueues, b.enqueues, where + " enqueues");
  same_rows(a.library_cache, b.library_cache, where + " library_cache");
  same_rows(a.dictionary_cache, b.dictionary_cache, where + " dictionary_cache");
  same_rows(a.undo, b.undo, where + " undo");
  same_rows(a.wait_histograms, b.wait_histograms, where + " wait_histograms");
  same_rows(a.addm_findings, b.addm_findings, where + " addm_findings");
  same_rows(a.global_cache, b.global_cache, where + " global_cache");
  same_rows(a.os_stats, b.os_stats, where + " os_stats");
  same_rows(a.instance_rows, b.instance_rows, where + " instance_rows");
  same_rows(a.other_tables, b.other_tables, where + " other_sections");
  EXPECT_EQ(b.members, 1) << where;
  if (with_diagnostics) same_rows(a.diagnostics, b.diagnostics, where + " diagnostics");
  else EXPECT_TRUE(b.diagnostics.empty()) << where;
}

#undef SAME
#undef SAME_NUMBER

// snapshot_from_json, and snapshot_from_json_in_place (the history store's reader of an inflated body, which parses
// the text where it lies) of a copy: the same snapshot in every field, or the same error. Every text of these tests
// (truncated anywhere, damaged at random, hostile) is read both ways.
Snapshot read(const std::string& text) {
  std::string copy = text;
  std::optional<Snapshot> in_place;
  std::string in_place_error;
  try {
    in_place = awrdiff::snapshot_from_json_in_place(copy, "saved.json");
  } catch (const awrdiff::Error& e) { in_place_error = e.what(); }
  try {
    Snapshot s = awrdiff::snapshot_from_json(text, "saved.json");
    EXPECT_TRUE(in_place.has_value()) << "read in place: " << in_place_error;
    if (in_place) expect_same_snapshot(s, *in_place, true, "read in place");
    return s;
  } catch (const awrdiff::Error& e) {
    EXPECT_FALSE(in_place.has_value()) << "read in place, not as a view: " << e.what();
    EXPECT_EQ(in_place_error, e.what());
    throw;
  }
}

// write(read(write(s))) == write(s), with and without diagnostics, and the Snapshot the same.
void expect_round_trip(const Snapshot& s, const std::string& where) {
  for (bool diagnostics : {false, true}) {
    const auto text = write(s, diagnostics);
    const Snapshot back = read(text);
    EXPECT_EQ(write(back, diagnostics), text) << where << (diagnostics ? " (with diagnostics)" : "");
    expect_same_snapshot(s, back, diagnostics, where);
  }
}

// A snapshot with every field of the model set, none to its default: a field the text does not
// carry shows up in expect_same_snapshot.
Snapshot every_field() {
  Snapshot s;
  s.source = "every field.html";
  s.kind = awrdiff::ReportKind::awr_global;
  s.format = awrdiff::ReportFormat::text;
  auto& d = s.database;
  d.name = "ORCL";
  d.dbid = std::numeric_limits<std::uint64_t>::max();
  d.unique_name = "ORCL_A";
  d.role = "PRIMARY";
  d.edition = "EE";
  d.instance = "orcl1";
  d.instance_number = std::numeric_limits<int>::min();
  d.startup_time = "20-Dec-23 19:37";
  d.release = "19.0.0.0.0";
  d.rac = true;
  d.cdb = false;
  d.container = "PDB1";
  d.con_dbid = 12345;
  d.scope = awrdiff::ContainerScope::pdb;
  d.instances = std::numeric_limits<int>::max();
  d.host = "db01";
  d.platform = "Linux x86 64-bit";
  d.cpus = 64;
  d.cores = 32;
  d.sockets = 2;
  d.memory_gb = 503.49;
  auto& iv = s.interval;
  iv.begin_snap = std::numeric_limits<std::int64_t>::min();
  iv.end_snap = std::numeric_limits<std::int64_t>::max();
  iv.begin_time = "22-Dec-23 01:30:13";
  iv.end_time = "22-Dec-23 02:30:13";
  iv.elapsed_s = 3600.6;
  iv.db_time_s = 7201.2;  // no DB time in the time model below: this is the one in the text
  iv.begin_sessions = 58;
  iv.end_sessions = 61;
  iv.begin_cursors_per_session = 2.8;
  iv.end_cursors_per_session = 3.1;
  iv.pdb_snapshots = true;
  iv.replay_role = "capture";
  s.load_profile.push_back({"db_time", "DB Time(s):", 2.0, 0.1, 0.0, -0.0});
  s.efficiency.push_back({"execute_to_parse", "Execute to Parse %", -7.97});
  iv.header_db_cpu_s = 3322.2;
  awrdiff::WaitEvent e{"log file sync", 1e300, 5e-324, 1.5, 0.25, "Commit", true, true, 0};
  s.top_events = {e, e};
  s.foreground_events = {e};
  e.name = "db file sequential read";
  s.background_events = {e};
  s.wait_classes.push_back({"Commit", 1.0, 2.0, 3.0, 4.0});
  s.foreground_wait_classes.push_back({"User I/O", 5.0, 6.0, 7.0, 8.0});
  s.host_cpu = {0.5, 0.75, 10.0, 5.0, 1.0, 84.0};
  s.time_model.push_back({"DB CPU", 1200.0, 16.7});
  awrdiff::SqlStat q;
  q.sql_id = "abcd1234efgh5";
  q.id_kind = "old_hash_value";
  q.plan_hash_value = std::numeric_limits<std::uint64_t>::max();
  q.elapsed_s = 10.0;
  q.cpu_s = 9.0;
  q.user_io_s = 0.5;
  q.executions = 4.0;
  q.buffer_gets = 1e12;
  q.physical_reads = 3;
  q.parse_calls = 4;
  q.rows_processed = 5;
  q.pct_db_time = 12.5;
  q.module = "SQL*Plus";
  q.pdb_name = "PDB1";
  q.text = "select \"x\" from dual where a = '\\' -- \xC3\xA9\n\ttab";
  q.text_complete = true;
  q.lists = {"sql_elapsed", "sql_cpu"};
  s.sql = {q, q};
  s.truncated = true;
  s.valid = false;
  s.invalid_reason = "instance restart";
  s.timings_valid = false;
  s.has_sql_sections = true;
  s.sql_elapsed_cutoff_s = 0.5;
  s.activity.push_back({"user commits", "user commits", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, true});
  awrdiff::Parameter p;
  p.name = "sga_target";
  p.begin_value = "0";
  p.end_value = "1G";
  p.is_default = false;
  p.pdb = "PDB1";
  s.parameters.push_back(p);
  s.iostat_function.push_back({"Buffer Cache Reads", "Buffer Cache Re", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  s.iostat_filetype.push_back({"Data File", "Data File", 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
  s.cache_sizes = {1, 2, 3, 4, 8192, 5, 6, 7};
  s.tablespace_io.push_back({"SYSTEM", "", 1, 2, 3, 4, 5, 6, 7, 8});
  s.file_io.push_back({"SYSTEM", "/u01/system01.dbf", 1, 2, 3, 4, 5, 6, 7, 8});
  s.segments.push_back({"segments_logical_reads", "SYS", "SYSTEM", "OBJ$", "P1", "TABLE", 1.0, 2.0});
  s.latches.push_back({"cache buffers chains", 1, 2, 3, 4, 5, 6, 7, 8, 9});
  s.mutex_sleeps.push_back({"Library Cache", "kglpin1 4", 1.0, 2.0});
  s.enqueues.push_back({"TX-Transaction (row lock contention)", 1, 2, 3, 4, 5, 6});
  s.library_cache.push_back({"SQL AREA", 1, 2, 3, 4, 5, 6});
  s.dictionary_cache.push_back({"dc_objects", 1, 2, 3, 4, 5});
  s.undo.push_back({"2", 1, 2, 3, 4, "15/30", "0/0"});
  awrdiff::WaitHistogramRow h;
  h.section = "wait_histogram";
  h.event = "db file sequential read";
  h.raw_name = "db file sequential rea";
  h.total_waits = 1000;
  h.buckets = {{"<1ms", 10.0}, {"<2ms", std::nullopt}, {">=1s", 90.0}};
  s.wait_histograms.push_back(h);
  s.addm_findings.push_back({"Top SQL Statements", 1.5, 40.0, "ADDM:123_1_2"});
  s.global_cache.push_back({"gc_efficiency", "Buffer access - local %", 99.0, 1.0, 2.0});
  s.os_stats.push_back({"NUM_CPUS", 8.0, 16.0});
  s.instance_rows.push_back({1, "orcl1", "db01", "20-Dec-23 19:37", "19.0.0.0.0", "Linux", 3600.0, 7200.0, 1200.0, 2.0});
  awrdiff::GenericTable g;
  g.section = "sga_breakdown";
  g.title = "SGA breakdown difference";
  g.known = true;
  g.headers = {"Pool", "Name", "Begin MB"};
  g.columns = {"pool", "name", "begin_mb"};
  g.units = {"none", "none", "mb"};
  g.rows = {{"java", "free memory", "16.0"}, {"large", "free memory", "32.0"}};
  s.other_tables.push_back(g);
  s.diagnostics.push_back({awrdiff::Diagnostic::Level::info, "load_profile", 42, "cell 'x' not a number"});
  s.diagnostics.push_back({awrdiff::Diagnostic::Level::warning, "", 0, "no 'End of Report' marker"});
  return s;
}

// A small snapshot, for the tests that try every prefix or many mutations of its text.
Snapshot small() {
  Snapshot s;
  s.source = "small.txt";
  s.interval.elapsed_s = 600.0;
  s.interval.begin_snap = 1;
  s.database.dbid = 42;
  s.time_model.push_back({"DB time", 120.0, std::nullopt});
  s.top_events.push_back({"DB CPU", std::nullopt, 60.0, std::nullopt, 50.0, "", true, false, 0});
  awrdiff::SqlStat q;
  q.sql_id = "abcd1234efgh5";
  q.elapsed_s = 10.0;
  q.lists = {"sql_elapsed"};
  s.sql = {q, q, q, q};
  s.sql[3].sql_id = "zzzz1234efgh5";
  awrdiff::WaitHistogramRow h;
  h.section = "wait_histogram";
  h.event = h.raw_name = "log file sync";
  h.buckets = {{"<1ms", 10.0}};
  s.wait_histograms.push_back(h);
  awrdiff::GenericTable g;
  g.section = "x";
  g.headers = {"A"};
  g.rows.resize(3);
  s.other_tables.push_back(g);
  return s;
}

// ---- round trips -------------------------------------------------------------------------------

TEST(SnapshotJsonRead, EveryFieldComesBack) {
  const Snapshot s = every_field();
  expect_round_trip(s, "every field");
  // The time model's DB time wins over the header's, which is then not in the text.
  Snapshot t = s;
  t.time_model.push_back({"DB time", 7200.0, std::nullopt});
  const Snapshot back = read(write(t));
  EXPECT_EQ(back.db_time_s(), 7200.0);
  EXPECT_FALSE(back.interval.db_time_s.has_value());
  EXPECT_EQ(write(back), write(t));
}

TEST(SnapshotJsonRead, EmptySnapshot) { expect_round_trip(Snapshot{}, "empty"); }

TEST(SnapshotJsonRead, SampleReports) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(AWRDIFF_SOURCE_DIR "/samples")) {
    const auto ext = entry.path().extension();
    if (ext != ".html" && ext != ".txt") continue;
    const auto name = entry.path().filename().string();
    const Snapshot& s = awrdiff::testing::sample_report(name);
    expect_round_trip(s, name);
    ++n;
  }
  EXPECT_GT(n, 10);
}

// Numbers keep every bit: the extremes, the sign of zero, doubles that need 17 digits; integers their
// full range. NaN and infinities are written null: absent when read.
TEST(SnapshotJsonRead, NumbersExactly) {
  Snapshot s = small();
  std::mt19937_64 rng(7);
  std::vector<double> values = {0.0,
                                -0.0,
                                5e-324,
                                -5e-324,
                                2.2250738585072014e-308,
                                1.7976931348623157e308,
                                0.1,
                                1.0 / 3,
                                123456789012345680.0,
                                9007199254740993.0,
                                1e21,
                                1e-7,
                                600.0};
  for (int i = 0; i < 4000; ++i) {
    const std::uint64_t bits = rng();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    if (std::isfinite(v)) values.push_back(v);
    values.push_back(static_cast<double>(rng() % 100000000) / 100.0);  // report-like: two decimals
  }
  s.activity.clear();
  for (double v : values) {
    awrdiff::ActivityStat a;
    a.name = a.raw_name = "x";
    a.total = v;
    s.activity.push_back(a);
  }
  const Snapshot back = read(write(s));
  ASSERT_EQ(back.activity.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_TRUE(same_number(back.activity[i].total, values[i])) << i;
  EXPECT_EQ(write(back), write(s));

  s.activity = {{"nan", "nan", std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                 std::nullopt, std::nullopt, std::nullopt, false}};
  const Snapshot odd = read(write(s));
  EXPECT_FALSE(odd.activity[0].total.has_value());
  EXPECT_FALSE(odd.activity[0].per_second.has_value());
  EXPECT_FALSE(odd.activity[0].per_trans.has_value());
  EXPECT_EQ(write(odd), write(s));
}

// Text that is not valid UTF-8 is written with U+FFFD, and read back so: the second text is the first.
TEST(SnapshotJsonRead, StringsAndInvalidUtf8) {
  Snapshot s = small();
  constexpr char tricky[] = "a\"b\\c/\n\t\x01\x1f\x7f \0 end \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80";
  s.source = std::string(tricky, sizeof tricky - 1);  // with its NUL
  s.sql[0].text = "bad \xFF\xFE bytes \xC3";
  s.wait_histograms[0].buckets = {{"<1ms\xFF", 1.0}, {"<1ms\xFE", 2.0}, {"<2ms", 3.0}};
  const auto text = write(s);
  const Snapshot back = read(text);
  EXPECT_EQ(back.source, s.source);  // valid UTF-8 with a NUL and control characters: as it was
  EXPECT_EQ(back.sql[0].text, "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes \xEF\xBF\xBD");
  ASSERT_EQ(back.wait_histograms[0].buckets.size(), 2u);
  EXPECT_EQ(back.wait_histograms[0].buckets[0].label, "<1ms\xEF\xBF\xBD");
  EXPECT_EQ(back.wait_histograms[0].buckets[0].pct, 2.0);
  EXPECT_EQ(write(back), text);
}

// Keys this reader does not know (a later release's) are passed over; keys missing leave the model's
// defaults; derived values in the text are not read.
TEST(SnapshotJsonRead, UnknownMissingAndDerivedKeys) {
  auto j = json::parse(write(every_field(), true));
  j["zz_future"] = {{"nested", {1, 2, 3}}};
  j["sql"][0]["a_new_measure_s"] = 1.5;
  j["database"]["cluster"] = "x";
  j["interval"]["average_active_sessions"] = 99.0;
  j["interval"]["db_cpu_s"] = "not even a number";
  j["sql"][0]["elapsed_per_exec_s"] = nullptr;
  j["parameters"][0]["changed"] = false;
  const Snapshot back = read(j.dump());
  expect_same_snapshot(every_field(), back, true, "extra keys");

  auto minimal = json::parse(R"({"awrdiff_snapshot": 1, "sql": [{"sql_id": "abc"}]})");
  const Snapshot m = read(minimal.dump());
  EXPECT_EQ(m.source, "saved.json");  // no source in the text: the name given
  EXPECT_TRUE(m.valid);
  EXPECT_TRUE(m.timings_valid);
  EXPECT_TRUE(m.has_sql_sections);  // SQL, and no key saying otherwise
  EXPECT_EQ(m.sql[0].id_kind, "sql_id");
  EXPECT_EQ(m.kind, awrdiff::ReportKind::awr_instance);
  EXPECT_FALSE(m.interval.elapsed_s.has_value());
  EXPECT_FALSE(read(R"({"awrdiff_snapshot": 1})").has_sql_sections);

  // Null for every optional and text field is absent / empty.
  auto nulls = json::parse(write(every_field()));
  for (auto& [k, v] : nulls["database"].items())
    if (k != "scope") v = nullptr;
  const Snapshot n = read(nulls.dump());
  EXPECT_FALSE(n.database.dbid.has_value());
  EXPECT_FALSE(n.database.rac.has_value());
  EXPECT_TRUE(n.database.host.empty());
}

TEST(SnapshotJsonRead, GenericTablesAndDiagnostics) {
  const Snapshot s = every_field();
  const Snapshot back = read(write(s, true));
  ASSERT_EQ(back.other_tables.size(), 1u);
  EXPECT_EQ(back.other_tables[0].rows.size(), 2u);
  EXPECT_EQ(back.other_tables[0].rows, s.other_tables[0].rows);  // the cells as printed
  // A file written before the cells were kept gives a row count: that many empty rows.
  auto j = json::parse(write(s, true));
  j["other_sections"][0]["rows"] = 2;
  const Snapshot old = read(j.dump());
  ASSERT_EQ(old.other_tables[0].rows.size(), 2u);
  EXPECT_TRUE(old.other_tables[0].rows[0].empty());
  EXPECT_EQ(back.other_tables[0].units[2], "mb");
  ASSERT_EQ(back.diagnostics.size(), 2u);
  EXPECT_EQ(back.diagnostics[0].level, awrdiff::Diagnostic::Level::info);
  EXPECT_EQ(back.diagnostics[1].level, awrdiff::Diagnostic::Level::warning);
  EXPECT_TRUE(read(write(s, false)).diagnostics.empty());
}

// ---- errors ------------------------------------------------------------------------------------

// The message of the Error snapshot_from_json throws for `text` (one line, naming "saved.json").
std::string error_of(const std::string& text) {
  try {
    (void)read(text);
  } catch (const awrdiff::Error& e) {
    EXPECT_EQ(e.file(), "saved.json");
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.reason();
  }
  ADD_FAILURE() << "no error for " << text.substr(0, 200);
  return {};
}

std::string with(const std::function<void(json&)>& change) {
  auto j = json::parse(write(small()));
  change(j);
  return j.dump(2);
}

TEST(SnapshotJsonRead, ErrorsNameThePath) {
  EXPECT_EQ(error_of(with([](json& j) { j["sql"][3]["elapsed_s"] = "10"; })), "snapshot JSON: sql[3].elapsed_s is not a number");
  EXPECT_EQ(error_of(with([](json& j) { j["database"]["dbid"] = -1; })), "snapshot JSON: database.dbid is out of range");
  EXPECT_EQ(error_of(with([](json& j) { j["database"]["instance_number"] = 4294967296LL; })),
            "snapshot JSON: database.instance_number is out of range");
  EXPECT_EQ(error_of(with([](json& j) { j["database"]["instance_number"] = 1.0; })),
            "snapshot JSON: database.instance_number is not an integer");
  EXPECT_EQ(error_of(with([](json& j) { j["interval"]["begin_snap"] = "1"; })),
            "snapshot JSON: interval.begin_snap is not an integer");
  EXPECT_EQ(error_of(with([](json& j) { j["kind"] = "awr"; })),
            "snapshot JSON: kind is not one of awr_instance, awr_global, statspack");
  EXPECT_EQ(error_of(with([](json& j) { j["format"] = nullptr; })), "snapshot JSON: format is not one of html, text");
  EXPECT_EQ(error_of(with([](json& j) { j["database"]["scope"] = 1; })),
            "snapshot JSON: database.scope is not one of database, cdb_root, pdb");
  EXPECT_EQ(error_of(with([](json& j) { j["valid"] = nullptr; })), "snapshot JSON: valid is not true or false");
  EXPECT_EQ(error_of(with([](json& j) { j["database"]["rac"] = "YES"; })),
            "snapshot JSON: database.rac is not true, false or null");
  EXPECT_EQ(error_of(with([](json& j) { j["source"] = 1; })), "snapshot JSON: source is not a string");
  EXPECT_EQ(error_of(with([](json& j) { j["activity"] = json::object(); })), "snapshot JSON: activity is not an array");
  EXPECT_EQ(error_of(with([](json& j) { j["top_events"][0] = 1; })), "snapshot JSON: top_events[0] is not an object");
  EXPECT_EQ(error_of(with([](json& j) { j["sql"][1]["lists"][0] = 7; })), "snapshot JSON: sql[1].lists[0] is not a string");
  EXPECT_EQ(error_of(with([](json& j) { j["interval"] = json::array(); })), "snapshot JSON: interval is not an object");
  EXPECT_EQ(error_of(with([](json& j) { j["wait_histograms"][0]["pct_waits"]["<1ms"] = "10%"; })),
            "snapshot JSON: wait_histograms[0].pct_waits.<1ms is not a number");
  EXPECT_EQ(error_of(with([](json& j) { j["wait_histograms"][0]["pct_waits"] = json::array(); })),
            "snapshot JSON: wait_histograms[0].pct_waits is not an object");
  EXPECT_EQ(error_of(with([](json& j) { j["other_sections"][0]["columns"][0]["unit"] = false; })),
            "snapshot JSON: other_sections[0].columns[0].unit is not a string");
  EXPECT_EQ(error_of(with([](json& j) {
              j["diagnostics"] = {{{"level", "error"}}};
            })),
            "snapshot JSON: diagnostics[0].level is not one of info, warning");
  // A key from the text is shown on one line, cut when long.
  EXPECT_EQ(error_of(with([](json& j) { j["wait_histograms"][0]["pct_waits"]["a\nb"] = true; })),
            "snapshot JSON: wait_histograms[0].pct_waits.a?b is not a number");
  const auto long_key = error_of(with([](json& j) { j["wait_histograms"][0]["pct_waits"][std::string(500, 'k')] = true; }));
  EXPECT_LT(long_key.size(), 200u) << long_key;
}

TEST(SnapshotJsonRead, ErrorsForWhatIsNotASnapshot) {
  EXPECT_EQ(error_of(""), "snapshot JSON: empty");
  EXPECT_EQ(error_of(" \n"), "snapshot JSON: empty");
  EXPECT_EQ(error_of("WORKLOAD REPOSITORY report for"), "snapshot JSON: not valid JSON at byte 0: Invalid value.");
  EXPECT_EQ(error_of("[]"), "snapshot JSON: is not a JSON object: not a snapshot written by `awrdiff snapshot`");
  EXPECT_EQ(error_of("{\"verdict\": \"regressed\"}").rfind("snapshot JSON: no \"awrdiff_snapshot\" key: not a snapshot", 0), 0u);
  EXPECT_EQ(error_of(with([](json& j) { j["awrdiff_snapshot"] = 2; })),
            "snapshot JSON: version 2 is newer than this awrdiff reads (version 1): read it with a later awrdiff");
  EXPECT_EQ(error_of(with([](json& j) { j["awrdiff_snapshot"] = 0; })),
            "snapshot JSON: version 0 is not one this awrdiff reads (version 1)");
  for (const json& v : {json("1"), json(1.0), json(nullptr)})
    EXPECT_EQ(error_of(with([&](json& j) { j["awrdiff_snapshot"] = v; })), "snapshot JSON: awrdiff_snapshot is not an integer");
  // The version is checked before any field: a later version's fields are not misread.
  EXPECT_NE(error_of(with([](json& j) {
              j["awrdiff_snapshot"] = 2;
              j["activity"] = "changed meaning";
            })).find("version 2 is newer"),
            std::string::npos);
  EXPECT_EQ(error_of(write(small()) + "x").rfind("snapshot JSON: not valid JSON at byte ", 0), 0u);
  EXPECT_EQ(error_of(write(small()) + "{}"), "snapshot JSON: not valid JSON at byte " + std::to_string(write(small()).size()) +
                                                 ": The document root must not be followed by other values.");
  const std::string huge = R"({"awrdiff_snapshot": 1, "interval": {"elapsed_s": 1.8e308}})";
  EXPECT_EQ(error_of(huge),
            "snapshot JSON: a number out of the range of a double at byte " + std::to_string(huge.find("1.8e308")));
  EXPECT_EQ(error_of(R"({"awrdiff_snapshot": 1, "interval": {"elapsed_s": 1e-400}})").rfind("snapshot JSON: a number out of", 0),
            0u);
  EXPECT_EQ(error_of(R"({"awrdiff_snapshot": 1, "interval": {"elapsed_s": 1e999}})"),
            "snapshot JSON: not valid JSON at byte 50: Number too big to be stored in double.");
  EXPECT_EQ(error_of(R"({"awrdiff_snapshot": 1, "x": "\uD800"})").rfind("snapshot JSON: not valid JSON at byte ", 0), 0u);
  // A row count that would make the reader allocate without bound.
  EXPECT_EQ(error_of(with([](json& j) { j["other_sections"][0]["rows"] = 1ULL << 40; })),
            "snapshot JSON: other_sections[0].rows makes more than 1048576 rows in other_sections");
  EXPECT_EQ(error_of(with([](json& j) {
              j["other_sections"] = json::array({j["other_sections"][0], j["other_sections"][0]});
              j["other_sections"][0]["rows"] = 1 << 20;
            })),
            "snapshot JSON: other_sections[1].rows makes more than 1048576 rows in other_sections");
}

// A text with a NUL in it is read in place as it is read as a view: an error at the NUL, not a text cut short there.
TEST(SnapshotJsonRead, InPlaceWithANul) {
  const auto text = write(small());
  std::string nul = text;
  nul.insert(nul.find("\"source\"") + 11, std::string(1, '\0'));
  const auto message = error_of(nul);
  EXPECT_EQ(message.rfind("snapshot JSON: not valid JSON at byte ", 0), 0u) << message;
  std::string whole = text;
  expect_same_snapshot(read(text), awrdiff::snapshot_from_json_in_place(whole, "saved.json"), true, "in place");
}

// Every prefix of a snapshot's text: an error that says it was cut short, never a crash.
TEST(SnapshotJsonRead, TruncatedAnywhere) {
  Snapshot s = small();
  s.source = "small \"q\" \\ \xC3\xA9 \x01 \xF0\x9F\x98\x80.txt";  // escapes, \u0001, multi-byte characters
  const auto text = write(s, true);
  ASSERT_NE(text.find("\\u0001"), std::string::npos);
  for (std::size_t n = 1; n + 1 < text.size(); ++n) {
    const auto message = error_of(text.substr(0, n));
    EXPECT_NE(message.find("(truncated?)"), std::string::npos) << n << ": " << message;
  }
  EXPECT_NO_THROW((void)read(text.substr(0, text.size() - 1)));  // the final newline is white space
}

// Deep nesting, long strings and random damage: an Error or a snapshot, never anything else; a
// snapshot read from damaged text is written and read again to the same text.
TEST(SnapshotJsonRead, HostileText) {
  const std::string deep = "{\"awrdiff_snapshot\": 1, \"x\": " + std::string(1000000, '[') + std::string(1000000, ']') + "}";
  EXPECT_NO_THROW((void)read(deep));
  EXPECT_FALSE(error_of("{\"awrdiff_snapshot\": 1, \"x\": " + std::string(1000000, '[')).empty());
  EXPECT_FALSE(error_of(std::string(1000000, '{')).empty());
  const std::string wide = "{\"awrdiff_snapshot\": 1, \"sql\": [" + [] {
    std::string rows;
    for (int i = 0; i < 20000; ++i) rows += std::string(i ? "," : "") + "{\"elapsed_s\": " + std::to_string(i) + "}";
    return rows;
  }() + "]}";
  EXPECT_EQ(read(wide).sql.size(), 20000u);

  const auto text = write(every_field(), true);
  std::mt19937 rng(20240610);
  const char bytes[] = {'{', '}', '[', ']', '"', ':', ',', '\\', '-', '.', 'e', '0', '9', 'n', 't', 'u', ' ', '\0', '\xFF'};
  int read_ok = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string damaged = text;
    for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k) {
      const std::size_t at = rng() % damaged.size();
      switch (rng() % 3) {
        case 0:
          damaged[at] = bytes[rng() % sizeof bytes];
          break;
        case 1:
          damaged.erase(at, 1 + rng() % 8);
          break;
        default:
          damaged.insert(at, 1, bytes[rng() % sizeof bytes]);
          break;
      }
    }
    try {
      const Snapshot s = read(damaged);
      ++read_ok;
      const auto again = write(s, true);
      EXPECT_EQ(write(read(again), true), again) << round;
    } catch (const awrdiff::Error&) {}
  }
  EXPECT_GT(read_ok, 100);  // damage inside strings and numbers still reads
}

// ---- recognised by content ---------------------------------------------------------------------

TEST(SnapshotJsonRead, LooksLikeSnapshotJson) {
  const auto text = write(small());
  EXPECT_TRUE(awrdiff::looks_like_snapshot_json(text));
  EXPECT_TRUE(awrdiff::looks_like_snapshot_json("\n  " + json::parse(text).dump()));  // compact, after white space
  EXPECT_TRUE(awrdiff::looks_like_snapshot_json(text.substr(0, 20)));  // cut short: its first key
  EXPECT_TRUE(awrdiff::looks_like_snapshot_json("{\"b\": 1, \"awrdiff_snapshot\"  :1}"));  // anywhere
  EXPECT_FALSE(awrdiff::looks_like_snapshot_json(""));
  EXPECT_FALSE(awrdiff::looks_like_snapshot_json("{\"verdict\": \"regressed\"}"));
  EXPECT_FALSE(awrdiff::looks_like_snapshot_json("{\"text\": \"the key \\\"awrdiff_snapshot\\\": 1 in a string\"}"));
  EXPECT_FALSE(awrdiff::looks_like_snapshot_json("<html>\"awrdiff_snapshot\": 1"));
  EXPECT_FALSE(awrdiff::looks_like_snapshot_json("[{\"file\": \"a\", \"snapshot\": {\"awrdiff_snapshot\": 1}}]"));
  EXPECT_FALSE(
      awrdiff::looks_like_snapshot_json("WORKLOAD REPOSITORY report for\n{\"awrdiff_snapshot\": 1}"));  // a report quoting one
}

// A fresh directory for saved snapshots, removed at the end of the test.
class SavedSnapshot : public ::testing::Test {
protected:
  void SetUp() override {
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    m_dir = std::filesystem::temp_directory_path() / ("awrdiff_snapshot_read_test_" + test + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(m_dir);
    std::filesystem::create_directories(m_dir);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(m_dir, ec);
  }
  std::filesystem::path save(const std::string& name, const std::string& text) {
    const auto p = m_dir / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  std::filesystem::path m_dir;
};

std::string rendered(const awrdiff::Comparison& c) {
  std::ostringstream out;
  awrdiff::RenderOptions options;
  options.verbose = true;
  awrdiff::render(c, awrdiff::Format::text, options, out);
  return out.str();
}

// A saved snapshot loads in place of its report: named by its own file, the rest as the report; a
// comparison with it is the comparison with the report.
TEST_F(SavedSnapshot, LoadReportTakesASavedSnapshot) {
  const Snapshot& good = awrdiff::testing::sample_report("good.html");
  const Snapshot& bad = awrdiff::testing::sample_report("bad.txt");
  const auto path = save("good.json", write(good, true));
  const Snapshot loaded = awrdiff::load_report(path);
  EXPECT_EQ(loaded.source, path.string());
  Snapshot renamed = good;
  renamed.source = path.string();
  expect_same_snapshot(renamed, loaded, true, "loaded");
  EXPECT_EQ(rendered(awrdiff::compare(loaded, bad)), rendered(awrdiff::compare(renamed, bad)));
  EXPECT_EQ(rendered(awrdiff::compare(bad, loaded)), rendered(awrdiff::compare(bad, renamed)));
  EXPECT_EQ(rendered(awrdiff::describe(loaded)), rendered(awrdiff::describe(renamed)));

  // load_reports too, and parse_report on the text.
  const auto results = awrdiff::load_reports({path, awrdiff::testing::sample_path("bad.txt")});
  ASSERT_TRUE(results[0].snapshot.has_value());
  EXPECT_EQ(write(*results[0].snapshot, true), write(loaded, true));
  EXPECT_EQ(awrdiff::parse_report(write(good), "x.json").source, "x.json");
}

TEST_F(SavedSnapshot, LoadReportErrors) {
  auto message = [&](const std::string& name, const std::string& text) {
    try {
      (void)awrdiff::load_report(save(name, text));
    } catch (const awrdiff::Error& e) {
      EXPECT_EQ(e.file(), (m_dir / name).string());
      return e.reason();
    }
    return std::string("no error");
  };
  const auto text = write(small());
  // Other JSON is not a report, and is named as JSON.
  const std::string other_json =
      "is JSON, but neither a report snapshot saved by `awrdiff snapshot` nor a baseline saved by `awrdiff baseline save`";
  EXPECT_EQ(message("cmp.json", "{\"verdict\": \"regressed\"}\n"), other_json);
  EXPECT_EQ(message("list.json", "[1, 2]\n"), other_json);
  // A snapshot's errors are the reader's.
  EXPECT_EQ(message("cut.json", text.substr(0, text.size() / 2)).rfind("snapshot JSON: ends at byte ", 0), 0u);
  EXPECT_EQ(message("v2.json", with([](json& j) { j["awrdiff_snapshot"] = 2; })).rfind("snapshot JSON: version 2 is newer", 0),
            0u);
  EXPECT_EQ(message("bad.json", with([](json& j) { j["sql"][3]["elapsed_s"] = "10"; })),
            "snapshot JSON: sql[3].elapsed_s is not a number");
  // A snapshot without figures, like a report without sections.
  EXPECT_EQ(message("empty.json", write(Snapshot{})),
            "snapshot JSON: no figures (no elapsed time, snap ids, load profile, events, time model or SQL)");
  // Several snapshots in one array (`awrdiff snapshot A B`): named.
  std::vector<awrdiff::LoadResult> results(1);
  results[0].file = "a.html";
  results[0].snapshot = small();
  EXPECT_EQ(message("many.json", awrdiff::snapshots_json_text(results)).rfind("several snapshots in one JSON array", 0), 0u);
}

}  // namespace
