// The snapshot JSON (`awrdiff snapshot`), checked on the text the streaming writer produces, parsed
// back with nlohmann::json: shape and key order, nulls, numbers, strings and invalid UTF-8, the array
// of several results.
#include <awrdiff/parse.hpp>
#include <awrdiff/section_fields.hpp>
#include <awrdiff/snapshot_json.hpp>

#include "tests/support/samples.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using nlohmann::json;

// A snapshot with one row in every list, so that every kind of object the writer produces appears.
awrdiff::Snapshot full_snapshot() {
  awrdiff::Snapshot s;
  s.source = "full.html";
  s.kind = awrdiff::ReportKind::awr_global;
  s.format = awrdiff::ReportFormat::text;
  s.database.name = "ORCL";
  s.database.dbid = std::numeric_limits<std::uint64_t>::max();
  s.database.instance_number = 3;
  s.database.rac = true;
  s.database.memory_gb = 0.1;
  s.interval.begin_snap = -5;
  s.interval.end_snap = std::numeric_limits<std::int64_t>::max();
  s.interval.elapsed_s = 600.0;
  s.interval.db_time_s = 1200.0;
  s.load_profile.push_back({"db_time", "DB Time(s):", 2.0, std::nullopt, 0.0, std::nan("")});
  s.efficiency.push_back({"soft_parse", "Soft Parse %", std::nullopt});
  awrdiff::WaitEvent e;
  e.name = "log file sync";
  e.waits = 1e300;
  e.time_s = std::numeric_limits<double>::infinity();
  e.avg_wait_ms = -std::numeric_limits<double>::infinity();
  e.pct_db_time = -0.0;
  s.top_events.push_back(e);
  s.foreground_events.push_back(e);
  s.background_events.push_back(e);
  s.wait_classes.push_back({"Commit", 1.0, 2.0, 3.0, 4.0});
  s.foreground_wait_classes.push_back({"User I/O", 5e-324, std::nullopt, std::nullopt, std::nullopt});
  s.host_cpu.pct_idle = 50.0;
  s.time_model.push_back({"DB time", 1200.0, std::nullopt});
  awrdiff::SqlStat q;
  q.sql_id = "abcd1234efgh5";
  q.plan_hash_value = 4294967295u;
  q.elapsed_s = 10.0;
  q.executions = 4.0;
  q.lists = {"sql_elapsed", "sql_cpu"};
  s.sql.push_back(q);
  s.sql_elapsed_cutoff_s = 0.5;
  s.activity.push_back({"user commits", "user commits", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, true});
  awrdiff::Parameter p;
  p.name = "sga_target";
  p.begin_value = "0";
  p.end_value = "1G";
  p.is_default = false;
  s.parameters.push_back(p);
  awrdiff::IoStatRow io;
  io.name = io.raw_name = "Buffer Cache Reads";
  s.iostat_function.push_back(io);
  s.iostat_filetype.push_back(io);
  s.cache_sizes.std_block_size_bytes = 8192.0;
  awrdiff::TablespaceIo ts;
  ts.tablespace = "SYSTEM";
  s.tablespace_io.push_back(ts);
  ts.filename = "/u01/system01.dbf";
  s.file_io.push_back(ts);
  s.segments.push_back({"segments_logical_reads", "SYS", "SYSTEM", "OBJ$", "", "TABLE", 1.0, 2.0});
  s.latches.emplace_back().name = "cache buffers chains";
  s.mutex_sleeps.push_back({"Library Cache", "kglpin1 4", 1.0, 2.0});
  s.enqueues.emplace_back().name = "TX-Transaction (row lock contention)";
  s.library_cache.emplace_back().name = "SQL AREA";
  s.dictionary_cache.emplace_back().name = "dc_objects";
  s.undo.emplace_back().undo_tablespace = "2";
  awrdiff::WaitHistogramRow h;
  h.section = "wait_histogram";
  h.event = h.raw_name = "db file sequential read";
  h.buckets = {{"<2ms", 20.0}, {"<1ms", 10.0}, {">=1s", std::nullopt}, {"<1ms", 30.0}};
  s.wait_histograms.push_back(h);
  s.addm_findings.emplace_back().name = "Top SQL Statements";
  s.global_cache.emplace_back().section = "gc_efficiency";
  s.os_stats.push_back({"NUM_CPUS", 8.0, 8.0});
  awrdiff::InstanceRow i;
  i.instance_number = 1;
  s.instance_rows.push_back(i);
  awrdiff::GenericTable g;
  g.section = "sga_breakdown";
  g.known = true;
  g.headers = {"Pool", "Name", "Begin MB"};
  g.columns = {"pool"};
  g.units = {"none", "none"};
  g.rows = {{"java", "free memory", "16.0"}, {"large", "free memory", "32.0"}};
  s.other_tables.push_back(g);
  s.diagnostics.push_back({awrdiff::Diagnostic::Level::info, "load_profile", 42, "cell 'x' not a number"});
  return s;
}

// Every object's keys strictly ascending byte-wise (so also no key twice), checked while parsing.
void expect_sorted_keys(const std::string& text, const std::string& what) {
  std::vector<std::pair<bool, std::string>> stack;  // per open object: a key seen yet, the last key
  int problems = 0;
  const auto check = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) stack.emplace_back(false, "");
    if (event == json::parse_event_t::object_end) stack.pop_back();
    if (event == json::parse_event_t::key) {
      const auto key = parsed.get<std::string>();
      auto& [seen, last] = stack.back();
      if (seen && !(last < key) && problems++ < 5) ADD_FAILURE() << what << ": key '" << key << "' after '" << last << "'";
      seen = true;
      last = key;
    }
    return true;
  };
  const auto parsed = json::parse(text, check);
  EXPECT_FALSE(parsed.is_discarded()) << what;
}

std::string keys(const json& object) {
  std::string out;
  for (const auto& [k, v] : object.items()) out += (out.empty() ? "" : " ") + k;
  return out;
}

// The snapshot object's keys, in byte order: those snapshot_fields writes by hand, and the list of every
// bound section under its declared key (k_bound_sections), so that a section declared there needs no line here.
std::string top_level_keys() {
  std::vector<std::string> k = {"activity",
                                "awrdiff_snapshot",
                                "background_events",
                                "cache_sizes",
                                "database",
                                "diagnostics",
                                "efficiency",
                                "foreground_events",
                                "foreground_wait_classes",
                                "format",
                                "global_cache",
                                "has_sql_sections",
                                "host_cpu",
                                "instance_rows",
                                "interval",
                                "invalid_reason",
                                "iostat_filetype",
                                "iostat_function",
                                "kind",
                                "load_profile",
                                "other_sections",
                                "parameters",
                                "segments",
                                "source",
                                "sql",
                                "sql_elapsed_cutoff_s",
                                "time_model",
                                "timings_valid",
                                "top_events",
                                "truncated",
                                "valid",
                                "wait_classes",
                                "wait_histograms"};
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (k.emplace_back(awrdiff::BoundSection<awrdiff::k_bound_sections[I]>::key), ...);
  }
  (std::make_index_sequence<std::size(awrdiff::k_bound_sections)>{});
  std::sort(k.begin(), k.end());
  std::string out;
  for (const auto& key : k) out += (out.empty() ? "" : " ") + key;
  return out;
}

TEST(SnapshotJson, EveryObjectHasItsKeysInOrder) {
  const auto text = awrdiff::snapshot_json_text(full_snapshot(), true);
  expect_sorted_keys(text, "full snapshot");
  const auto j = json::parse(text);
  // The format's contract: every object and its fields.
  const std::map<std::string, std::string> expected = {
      {"", top_level_keys()},
      {"activity", "begin_value end_value key name per_hour per_second per_trans raw_name total"},
      {"addm_findings", "name pct_active_sessions task_avg_active_sessions task_name"},
      {"background_events", "avg_wait_ms is_cpu is_idle name pct_db_time time_s wait_class waits"},
      {"cache_sizes",
       "buffer_cache_begin_bytes buffer_cache_end_bytes in_memory_area_begin_bytes "
       "in_memory_area_end_bytes log_buffer_bytes shared_pool_begin_bytes shared_pool_end_bytes "
       "std_block_size_bytes"},
      {"database",
       "cdb con_dbid container cores cpus dbid edition host instance instance_number instances memory_gb "
       "name platform rac release role scope sockets startup_time unique_name"},
      {"diagnostics", "level line message section"},
      {"dictionary_cache", "cache final_usage get_requests mod_requests pct_miss scan_requests"},
      {"efficiency", "key label pct"},
      {"enqueues", "avg_wait_ms failed_gets name requests succ_gets wait_time_s waits"},
      {"file_io",
       "avg_buffer_wait_ms avg_read_ms blocks_per_read buffer_waits filename reads reads_per_s tablespace "
       "writes writes_per_s"},
      {"foreground_events", "avg_wait_ms is_cpu is_idle name pct_db_time time_s wait_class waits"},
      {"foreground_wait_classes", "avg_wait_ms name pct_db_time time_s waits"},
      {"global_cache", "name per_second per_transaction section value"},
      {"host_cpu", "load_average_begin load_average_end pct_idle pct_system pct_user pct_wio"},
      {"instance_rows",
       "average_active_sessions db_cpu_s db_time_s elapsed_s host instance instance_number platform "
       "release startup_time"},
      {"interval",
       "average_active_sessions begin_cursors_per_session begin_sessions begin_snap begin_time db_cpu_s "
       "db_time_s elapsed_s end_cursors_per_session end_sessions end_snap end_time header_db_cpu_s pdb_snapshots "
       "unaccounted_db_time_s"},
      {"iostat_filetype",
       "avg_time_ms large_read_ms name raw_name reads_data_bytes reads_data_per_s_bytes "
       "reads_requests_per_s small_read_ms waits_count writes_data_bytes writes_data_per_s_bytes "
       "writes_requests_per_s"},
      {"iostat_function",
       "avg_time_ms large_read_ms name raw_name reads_data_bytes reads_data_per_s_bytes "
       "reads_requests_per_s small_read_ms waits_count writes_data_bytes writes_data_per_s_bytes "
       "writes_requests_per_s"},
      {"latches",
       "avg_sleeps_per_miss get_requests misses name nowait_requests pct_get_miss pct_nowait_miss sleeps "
       "spin_gets wait_time_s"},
      {"library_cache", "get_requests invalidations namespace pct_get_miss pct_pin_miss pin_requests reloads"},
      {"load_profile", "key label per_call per_exec per_second per_transaction"},
      {"mutex_sleeps", "location mutex_type sleeps wait_time_ms"},
      {"os_stats", "end_value name value"},
      {"other_sections", "columns known rows section title"},
      {"parameters", "begin_value changed end_value is_default name pdb"},
      {"segments", "list object owner pct_total subobject tablespace type value"},
      {"sql",
       "buffer_gets cpu_s elapsed_per_exec_s elapsed_s executions id_kind lists module parse_calls pct_db_time "
       "pdb_name physical_reads plan_hash_value rows_processed sql_id text text_complete user_io_s"},
      {"tablespace_io",
       "avg_buffer_wait_ms avg_read_ms blocks_per_read buffer_waits reads reads_per_s tablespace "
       "writes writes_per_s"},
      {"time_model", "name pct_db_time time_s"},
      {"top_events", "avg_wait_ms is_cpu is_idle name pct_db_time time_s wait_class waits"},
      {"undo",
       "max_query_length_s max_tx_concurrency sto_oos transactions tuned_retention undo_blocks "
       "undo_tablespace"},
      {"wait_classes", "avg_wait_ms name pct_db_time time_s waits"},
      {"wait_histograms", "event pct_waits raw_name section total_waits"},
  };
  for (const auto& [name, fields] : expected) {
    if (name.empty()) {
      EXPECT_EQ(keys(j), fields);
      continue;
    }
    ASSERT_TRUE(j.contains(name)) << name;
    const auto& v = j[name];
    if (v.is_array()) {
      ASSERT_EQ(v.size(), 1u) << name;
      EXPECT_EQ(keys(v[0]), fields) << name;
    } else {
      EXPECT_EQ(keys(v), fields) << name;
    }
  }
  const auto& columns = j["other_sections"][0]["columns"];
  ASSERT_EQ(columns.size(), 3u);
  EXPECT_EQ(keys(columns[0]), "column header unit");
  EXPECT_EQ(columns[0], json({{"column", "pool"}, {"header", "Pool"}, {"unit", "none"}}));
  EXPECT_EQ(columns[2], json({{"column", "unknown"}, {"header", "Begin MB"}, {"unit", "none"}}));  // no key, no unit
  EXPECT_EQ(j["other_sections"][0]["rows"], json({{"java", "free memory", "16.0"}, {"large", "free memory", "32.0"}}));

  // Without diagnostics, no "diagnostics"; a Tablespace IO row has no filename.
  const auto plain = json::parse(awrdiff::snapshot_json_text(full_snapshot()));
  EXPECT_FALSE(plain.contains("diagnostics"));
  EXPECT_FALSE(plain["tablespace_io"][0].contains("filename"));
}

// The two lists a reader of the format reads (the comment of snapshot_json.hpp and docs/snapshot-json.md's
// table) name every top-level key, `key` or `key[]`: a section added to k_bound_sections fails here until both
// name its list.
TEST(SnapshotJson, DocumentedListsNameEveryTopLevelKey) {
  const auto read = [](const char* path) {
    std::ifstream in(std::string(AWRDIFF_SOURCE_DIR) + "/" + path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  const std::string header = read("include/awrdiff/snapshot_json.hpp");
  const std::string doc = read("docs/snapshot-json.md");
  ASSERT_FALSE(header.empty());
  ASSERT_FALSE(doc.empty());
  std::istringstream keys(top_level_keys());
  for (std::string k; keys >> k;) {
    for (const auto& [name, text] : {std::pair{"snapshot_json.hpp", &header}, std::pair{"snapshot-json.md", &doc}})
      EXPECT_TRUE(text->find("`" + k + "`") != std::string::npos || text->find("`" + k + "[]`") != std::string::npos)
          << name << " does not name the key " << k;
  }
}

TEST(SnapshotJson, NullsNumbersAndFormatting) {
  const auto text = awrdiff::snapshot_json_text(full_snapshot(), true);
  const auto j = json::parse(text);
  // Integers stay integers, full range.
  EXPECT_TRUE(j["database"]["dbid"].is_number_unsigned());
  EXPECT_EQ(j["database"]["dbid"].get<std::uint64_t>(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(j["interval"]["begin_snap"].get<std::int64_t>(), -5);
  EXPECT_EQ(j["interval"]["end_snap"].get<std::int64_t>(), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(j["database"]["instance_number"], 3);
  EXPECT_EQ(j["sql"][0]["plan_hash_value"], 4294967295u);
  EXPECT_EQ(j["diagnostics"][0],
            json({{"level", "info"}, {"line", 42}, {"message", "cell 'x' not a number"}, {"section", "load_profile"}}));
  // Doubles round-trip exactly; 0 is 0, absent / NaN / infinite are null.
  const auto& lp = j["load_profile"][0];
  EXPECT_TRUE(lp["per_second"].is_number_float());
  EXPECT_EQ(lp["per_second"].get<double>(), 2.0);
  EXPECT_TRUE(lp["per_transaction"].is_null());
  EXPECT_TRUE(lp["per_exec"].is_number_float());
  EXPECT_EQ(lp["per_exec"].get<double>(), 0.0);
  EXPECT_TRUE(lp["per_call"].is_null());  // NaN
  const auto& e = j["top_events"][0];
  EXPECT_EQ(e["waits"].get<double>(), 1e300);
  EXPECT_TRUE(e["time_s"].is_null());  // +inf
  EXPECT_TRUE(e["avg_wait_ms"].is_null());  // -inf
  EXPECT_TRUE(std::signbit(e["pct_db_time"].get<double>()));
  EXPECT_TRUE(e["wait_class"].is_null());  // optional text, empty
  EXPECT_EQ(e["is_cpu"], false);
  EXPECT_EQ(j["foreground_wait_classes"][0]["waits"].get<double>(), 5e-324);
  EXPECT_EQ(j["database"]["memory_gb"].get<double>(), 0.1);
  EXPECT_TRUE(j["database"]["cdb"].is_null());
  EXPECT_EQ(j["database"]["rac"], true);
  EXPECT_EQ(j["database"]["scope"], "database");
  EXPECT_EQ(j["kind"], "awr_global");
  EXPECT_EQ(j["format"], "text");
  EXPECT_TRUE(j["invalid_reason"].is_null());
  // The version key: an integer, the format's major version.
  EXPECT_TRUE(j["awrdiff_snapshot"].is_number_unsigned());
  EXPECT_EQ(j["awrdiff_snapshot"], awrdiff::snapshot_json_version);
  EXPECT_EQ(j["has_sql_sections"], false);
  EXPECT_EQ(j["interval"]["average_active_sessions"].get<double>(), 2.0);
  EXPECT_EQ(j["sql"][0]["elapsed_per_exec_s"].get<double>(), 2.5);
  EXPECT_TRUE(j["sql"][0]["module"].is_null());
  EXPECT_EQ(j["sql"][0]["lists"], json({"sql_elapsed", "sql_cpu"}));
  EXPECT_EQ(j["parameters"][0]["changed"], true);
  EXPECT_EQ(j["parameters"][0]["is_default"], false);
  EXPECT_TRUE(j["parameters"][0]["pdb"].is_null());
  EXPECT_TRUE(j["segments"][0]["subobject"].is_null());
  EXPECT_EQ(j["latches"][0]["name"], "cache buffers chains");
  // Histogram buckets: label -> percent, sorted; a label given twice keeps its last value.
  EXPECT_EQ(j["wait_histograms"][0]["pct_waits"], json({{"<1ms", 30.0}, {"<2ms", 20.0}, {">=1s", nullptr}}));
  // Pretty-printed with 2 spaces, ending with a newline; empty lists as [].
  EXPECT_EQ(text.rfind("{\n  \"activity\": [\n    {\n      \"begin_value\": 4.0,\n", 0), 0u) << text.substr(0, 80);
  EXPECT_EQ(text.substr(text.size() - 2), "}\n");
  EXPECT_NE(awrdiff::snapshot_json_text(awrdiff::Snapshot{}).find("\n  \"activity\": [],\n"), std::string::npos);
}

TEST(SnapshotJson, StringsEscapedAndInvalidUtf8Replaced) {
  auto s = full_snapshot();
  constexpr char tricky[] = "a\"b\\c/\n\t\x01\x1f\x7f \0 end \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80";
  s.source = std::string(tricky, sizeof tricky - 1);  // with its NUL
  s.wait_histograms[0].buckets = {{"<1ms\xFF", 1.0}, {"<1ms\xFE", 2.0}};
  // Random byte strings biased towards the bytes that matter for UTF-8, after ASCII runs of any length
  // (the validity check reads ASCII eight bytes at a time): each must come out as nlohmann's
  // error_handler_t::replace made it (U+FFFD per maximal invalid subpart).
  const unsigned char interesting[] = {'a',  0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                       0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF};
  std::mt19937 rng(20240601);
  std::vector<std::string> strings;
  for (int n = 0; n < 20000; ++n) {
    std::string t(rng() % 12, 'x');
    const auto len = rng() % 9;
    for (unsigned k = 0; k < len; ++k) t += static_cast<char>(interesting[rng() % sizeof(interesting)]);
    if (rng() % 2) t += "tail";
    strings.push_back(t);
  }
  s.sql[0].lists = strings;
  const auto text = awrdiff::snapshot_json_text(s);
  ASSERT_TRUE(json::accept(text));  // strict: invalid UTF-8 would be refused
  const auto j = json::parse(text);
  EXPECT_EQ(j["source"].get<std::string>(), s.source);
  // Two labels that differ only in invalid bytes: one key, the later label's value.
  EXPECT_EQ(j["wait_histograms"][0]["pct_waits"], json({{"<1ms\xEF\xBF\xBD", 2.0}}));
  expect_sorted_keys(text, "invalid UTF-8");
  const auto& lists = j["sql"][0]["lists"];
  ASSERT_EQ(lists.size(), strings.size());
  int mismatches = 0;
  for (std::size_t i = 0; i < strings.size(); ++i) {
    const auto expected = json::parse(json(strings[i]).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
    if (lists[i].get<std::string>() != expected && mismatches++ < 5) {
      std::ostringstream hex;
      for (unsigned char c : strings[i]) hex << std::hex << static_cast<int>(c) << ' ';
      ADD_FAILURE() << "bytes " << hex.str();
    }
  }
  EXPECT_EQ(mismatches, 0);
}

// Every control character escaped, also in long strings (a SIMD scan of 16 bytes at a time once let
// 0x1A-0x1F through): found by fuzz_pipeline.
TEST(SnapshotJson, ControlCharactersEscapedInLongStrings) {
  auto s = full_snapshot();
  std::vector<std::string> strings;
  for (int c = 1; c < 0x20; ++c)
    for (std::size_t pad : {0, 7, 15, 16, 17, 40})
      strings.push_back(std::string(pad, '/') + static_cast<char>(c) + std::string(40, '/'));
  s.sql[0].lists = strings;
  const auto text = awrdiff::snapshot_json_text(s);
  ASSERT_TRUE(json::accept(text));
  const auto j = json::parse(text);
  for (std::size_t i = 0; i < strings.size(); ++i) EXPECT_EQ(j["sql"][0]["lists"][i].get<std::string>(), strings[i]);
}

TEST(SnapshotJson, SeveralResultsAsOneArray) {
  std::vector<awrdiff::LoadResult> results(3);
  results[0].file = "a.html";
  results[0].snapshot = full_snapshot();
  results[1].file = "missing.html";
  results[1].error = awrdiff::Error("missing.html", "cannot open");
  results[2].file = "b\xFF.txt";
  results[2].snapshot = awrdiff::Snapshot{};
  const auto text = awrdiff::snapshots_json_text(results, true);
  expect_sorted_keys(text, "array");
  const auto j = json::parse(text);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(keys(j[0]), "file snapshot");
  EXPECT_EQ(j[0]["file"], "a.html");
  EXPECT_EQ(j[0]["snapshot"], json::parse(awrdiff::snapshot_json_text(*results[0].snapshot, true)));
  EXPECT_EQ(j[1], json({{"error", results[1].error->what()}, {"file", "missing.html"}}));
  EXPECT_EQ(j[2]["file"], "b\xEF\xBF\xBD.txt");
  EXPECT_EQ(j[2]["snapshot"]["diagnostics"], json::array());
  EXPECT_EQ(awrdiff::snapshots_json_text({}), "[]\n");
}

TEST(SnapshotJson, SampleReports) {
  for (const char* name : {"good.html", "bad.html", "good.txt", "commit_spike.txt", "lgwr_after.html"}) {
    const auto text = awrdiff::snapshot_json_text(awrdiff::testing::sample_report(name), true);
    ASSERT_TRUE(json::accept(text)) << name;
    expect_sorted_keys(text, name);
    const auto j = json::parse(text);
    EXPECT_EQ(j["source"], awrdiff::testing::sample_path(name).string()) << name;
    EXPECT_FALSE(j["load_profile"].empty()) << name;
  }
}

}  // namespace
