// Snapshot -> JSON text (`awrdiff snapshot FILE --format json`), written straight into one buffer by
// RapidJSON's PrettyWriter: no document tree is built. Absent values are null, never 0.
//
// Every object's keys are written in byte-wise ascending order (the order the output has always had),
// so each writer below lists its fields alphabetically: keep it so when adding one
// (tests/unit/snapshot_json_test.cpp checks every object).
#include "parse/tokenizer_common.hpp"

#include <awrdiff/snapshot_json.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

// RapidJSON measures strings in 32 bits unless told otherwise; the model's strings are bounded by the
// input limit, but size_t leaves no doubt. Set before any RapidJSON header (only this file has them).
#define RAPIDJSON_NO_SIZETYPEDEFINE
namespace rapidjson {
using SizeType = std::size_t;
}  // namespace rapidjson
// Not RAPIDJSON_SSE2: RapidJSON 1.1.0's SSE2 string scan lets control characters 0x1A-0x1F through
// unescaped (it tests `<= 0x19`), which makes invalid JSON; found by fuzz_pipeline.
#include <rapidjson/prettywriter.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <rapidjson/stringbuffer.h>

namespace awrdiff {
namespace {

// ---- UTF-8 -------------------------------------------------------------------------------------
// The writer copies bytes as they are (no kWriteValidateEncodingFlag: that would only make it fail),
// so strings are checked first and an invalid sequence replaced by U+FFFD, one per maximal invalid
// subpart (what nlohmann's error_handler_t::replace did). Valid text, the usual case, is not copied.

constexpr std::string_view k_replacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the well-formed UTF-8 sequence (Unicode Table 3-7) starting at s[i], or 0 when there is
// none; then `subpart` is the length of the invalid bytes to replace (at least 1).
std::size_t utf8_sequence(std::string_view s, std::size_t i, std::size_t& subpart) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    n = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    n = 3;
    if (b0 == 0xE0) lo = 0xA0;  // overlong
    if (b0 == 0xED) hi = 0x9F;  // surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    n = 4;
    if (b0 == 0xF0) lo = 0x90;  // overlong
    if (b0 == 0xF4) hi = 0x8F;  // beyond U+10FFFF
  } else {
    subpart = 1;
    return 0;
  }
  std::size_t k = 1;
  for (; k < n && i + k < s.size(); ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if (c < lo || c > hi) break;
    lo = 0x80;
    hi = 0xBF;
  }
  if (k == n) return n;
  subpart = k;
  return 0;
}

// Offset of the first invalid byte sequence in `s`, or s.size() when it is all valid UTF-8.
std::size_t valid_utf8_prefix(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    i = detail::ascii_run_end(s, i);
    if (i >= s.size()) break;
    std::size_t subpart = 0;
    const std::size_t n = utf8_sequence(s, i, subpart);
    if (n == 0) return i;
    i += n;
  }
  return i;
}

// `s` with every invalid sequence from `from` on replaced by U+FFFD, into `out`.
void replace_invalid_utf8(std::string_view s, std::size_t from, std::string& out) {
  out.assign(s.substr(0, from));
  for (std::size_t i = from; i < s.size();) {
    std::size_t subpart = 0;
    if (const std::size_t n = utf8_sequence(s, i, subpart); n > 0) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out.append(k_replacement);
      i += subpart;
    }
  }
}

// ---- the writer ----------------------------------------------------------------------------------

// Field writers: key, then value. Named by the value's type rather than overloaded, so that a string
// literal never turns into a bool.
class Json {
public:
  explicit Json(rapidjson::StringBuffer& buffer) : m_buffer(buffer), m_w(buffer) { m_w.SetIndent(' ', 2); }

  void begin_object() { m_w.StartObject(); }
  void end_object() { m_w.EndObject(); }
  void begin_array() { m_w.StartArray(); }
  void end_array() { m_w.EndArray(); }

  void key(std::string_view k) { m_w.Key(k.data(), k.size()); }  // keys are ASCII literals
  void key_text(std::string_view k) { write_string(k, true); }    // keys from the report

  /// A string value, sanitised (see above).
  void text(std::string_view s) { write_string(s, false); }
  void text(std::string_view k, std::string_view s) {
    key(k);
    text(s);
  }
  /// A string value, or null when empty (text the report may not give).
  void text_or_null(std::string_view k, std::string_view s) {
    key(k);
    if (s.empty()) m_w.Null();
    else text(s);
  }
  void boolean(std::string_view k, bool b) {
    key(k);
    m_w.Bool(b);
  }
  void boolean(std::string_view k, const std::optional<bool>& b) {
    key(k);
    if (b) m_w.Bool(*b);
    else m_w.Null();
  }
  /// A double, or null when absent, NaN or infinite (RapidJSON would refuse those mid-document).
  void number(const OptDouble& v) {
    if (v && std::isfinite(*v)) m_w.Double(*v);
    else m_w.Null();
  }
  void number(std::string_view k, const OptDouble& v) {
    key(k);
    number(v);
  }
  /// An integer (signed or unsigned as the model holds it), or null when absent.
  template <class T>
  void integer(std::string_view k, const T& v) {
    key(k);
    write_integer(v);
  }
  template <class T>
  void integer(std::string_view k, const std::optional<T>& v) {
    key(k);
    if (v) write_integer(*v);
    else m_w.Null();
  }
  /// An array of strings.
  void texts(std::string_view k, const std::vector<std::string>& items) {
    key(k);
    m_w.StartArray();
    for (const auto& s : items) text(s);
    m_w.EndArray();
  }
  /// `k`: an array with one object per row, its fields written by `fields(row)`.
  template <class Rows, class Fields>
  void rows(std::string_view k, const Rows& items, Fields&& fields) {
    key(k);
    m_w.StartArray();
    for (const auto& r : items) {
      m_w.StartObject();
      fields(r);
      m_w.EndObject();
    }
    m_w.EndArray();
  }
  /// `k`: an object whose fields `fields()` writes.
  template <class Fields>
  void object(std::string_view k, Fields&& fields) {
    key(k);
    m_w.StartObject();
    fields();
    m_w.EndObject();
  }

private:
  template <class T>
  void write_integer(T v) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>);
    if constexpr (std::is_signed_v<T>) m_w.Int64(static_cast<std::int64_t>(v));
    else m_w.Uint64(static_cast<std::uint64_t>(v));
  }
  void write_string(std::string_view s, bool as_key) {
    const std::size_t bad = valid_utf8_prefix(s);
    if (bad != s.size()) {
      replace_invalid_utf8(s, bad, m_scratch);
      s = m_scratch;
    }
    if (as_key) {
      m_w.Key(s.data(), s.size());
    } else if (s.size() >= 16 && nothing_to_escape(s)) {
      // Long text with nothing to escape (most SQL text): the writer puts the separator, indentation
      // and opening quote, the bytes are copied at once, then the closing quote. RapidJSON escapes
      // byte by byte (its SSE2 scan is not used: see above).
      m_w.RawValue("\"", 1, rapidjson::kStringType);
      std::memcpy(m_buffer.Push(s.size()), s.data(), s.size());
      m_buffer.Put('"');
    } else {
      m_w.String(s.data(), s.size());
    }
  }

  // No byte JSON escapes: control characters (below 0x20), '"' and '\\'.
  static bool nothing_to_escape(std::string_view s) {
    const char* p = s.data();
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), top = _mm_set1_epi8(0x1F);
    for (; i + 16 <= s.size(); i += 16) {
      const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(x, top), top);  // x <= 0x1F, unsigned
      if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)), control)) != 0)
        return false;
    }
#endif
    for (; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(p[i]);
      if (c < 0x20 || c == '"' || c == '\\') return false;
    }
    return true;
  }

  rapidjson::StringBuffer& m_buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> m_w;
  std::string m_scratch;  // the sanitised copy of an invalid string
};

void event_fields(Json& j, const WaitEvent& e) {
  j.number("avg_wait_ms", e.avg_wait_ms);
  j.boolean("is_cpu", e.is_cpu);
  j.boolean("is_idle", e.is_idle);
  j.text("name", e.name);
  j.number("pct_db_time", e.pct_db_time);
  j.number("time_s", e.time_s);
  j.text_or_null("wait_class", e.wait_class);
  j.number("waits", e.waits);
}

void wait_class_fields(Json& j, const WaitClassRow& w) {
  j.number("avg_wait_ms", w.avg_wait_ms);
  j.text("name", w.name);
  j.number("pct_db_time", w.pct_db_time);
  j.number("time_s", w.time_s);
  j.number("waits", w.waits);
}

void iostat_fields(Json& j, const IoStatRow& r) {
  j.number("avg_time_ms", r.avg_time_ms);
  j.number("large_read_ms", r.large_read_ms);
  j.text("name", r.name);
  j.text("raw_name", r.raw_name);
  j.number("reads_data_bytes", r.reads_data_bytes);
  j.number("reads_data_per_s_bytes", r.reads_data_per_s_bytes);
  j.number("reads_requests_per_s", r.reads_requests_per_s);
  j.number("small_read_ms", r.small_read_ms);
  j.number("waits_count", r.waits_count);
  j.number("writes_data_bytes", r.writes_data_bytes);
  j.number("writes_data_per_s_bytes", r.writes_data_per_s_bytes);
  j.number("writes_requests_per_s", r.writes_requests_per_s);
}

void io_fields(Json& j, const TablespaceIo& r) {
  j.number("avg_buffer_wait_ms", r.avg_buffer_wait_ms);
  j.number("avg_read_ms", r.avg_read_ms);
  j.number("blocks_per_read", r.blocks_per_read);
  j.number("buffer_waits", r.buffer_waits);
  if (!r.filename.empty()) j.text("filename", r.filename);  // File IO Stats only
  j.number("reads", r.reads);
  j.number("reads_per_s", r.reads_per_s);
  j.text("tablespace", r.tablespace);
  j.number("writes", r.writes);
  j.number("writes_per_s", r.writes_per_s);
}

void database_fields(Json& j, const DatabaseInfo& d) {
  j.boolean("cdb", d.cdb);
  j.integer("con_dbid", d.con_dbid);
  j.text_or_null("container", d.container);
  j.number("cores", d.cores);
  j.number("cpus", d.cpus);
  j.integer("dbid", d.dbid);
  j.text_or_null("edition", d.edition);
  j.text_or_null("host", d.host);
  j.text_or_null("instance", d.instance);
  j.integer("instance_number", d.instance_number);
  j.integer("instances", d.instances);
  j.number("memory_gb", d.memory_gb);
  j.text_or_null("name", d.name);
  j.text_or_null("platform", d.platform);
  j.boolean("rac", d.rac);
  j.text_or_null("release", d.release);
  j.text_or_null("role", d.role);
  j.text("scope", to_string(d.scope));
  j.number("sockets", d.sockets);
  j.text_or_null("startup_time", d.startup_time);
  j.text_or_null("unique_name", d.unique_name);
}

void interval_fields(Json& j, const Snapshot& s) {
  const auto& iv = s.interval;
  j.number("average_active_sessions", s.average_active_sessions());
  j.number("begin_cursors_per_session", iv.begin_cursors_per_session);
  j.number("begin_sessions", iv.begin_sessions);
  j.integer("begin_snap", iv.begin_snap);
  j.text_or_null("begin_time", iv.begin_time);
  j.number("db_cpu_s", s.db_cpu_s());
  j.number("db_time_s", s.db_time_s());
  j.number("elapsed_s", iv.elapsed_s);
  j.number("end_cursors_per_session", iv.end_cursors_per_session);
  j.number("end_sessions", iv.end_sessions);
  j.integer("end_snap", iv.end_snap);
  j.text_or_null("end_time", iv.end_time);
  j.boolean("pdb_snapshots", iv.pdb_snapshots);
  j.number("unaccounted_db_time_s", s.unaccounted_db_time_s());
}

void sql_fields(Json& j, const SqlStat& q) {
  j.number("buffer_gets", q.buffer_gets);
  j.number("cpu_s", q.cpu_s);
  j.number("elapsed_per_exec_s", q.elapsed_per_exec_s());
  j.number("elapsed_s", q.elapsed_s);
  j.number("executions", q.executions);
  j.text("id_kind", q.id_kind);
  j.texts("lists", q.lists);
  j.text_or_null("module", q.module);
  j.number("parse_calls", q.parse_calls);
  j.number("pct_db_time", q.pct_db_time);
  j.text_or_null("pdb_name", q.pdb_name);
  j.number("physical_reads", q.physical_reads);
  j.integer("plan_hash_value", q.plan_hash_value);
  j.number("rows_processed", q.rows_processed);
  j.text("sql_id", q.sql_id);
  j.text_or_null("text", q.text);
  j.boolean("text_complete", q.text_complete);
  j.number("user_io_s", q.user_io_s);
}

// A histogram's buckets as one object, label -> percent: keys sorted byte-wise, a label given twice
// keeping its last value (as a map assigned in report order would). Labels are made valid UTF-8
// before they are compared, so that two labels that differ only in invalid bytes give one key.
void histogram_buckets(Json& j, const std::vector<HistogramBucket>& buckets) {
  std::vector<std::pair<std::string, const OptDouble*>> order;
  order.reserve(buckets.size());
  std::string label;
  for (const auto& b : buckets) {
    const std::size_t bad = valid_utf8_prefix(b.label);
    if (bad == b.label.size()) label = b.label;
    else replace_invalid_utf8(b.label, bad, label);
    order.emplace_back(label, &b.pct);
  }
  // Stable: equal labels stay in report order, and the last of them is the one written.
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  j.begin_object();
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() && order[i + 1].first == order[i].first) continue;
    j.key_text(order[i].first);
    j.number(*order[i].second);
  }
  j.end_object();
}

void snapshot_fields(Json& j, const Snapshot& s, bool with_diagnostics) {
  j.rows("activity", s.activity, [&](const ActivityStat& a) {
    j.number("begin_value", a.begin_value);
    j.number("end_value", a.end_value);
    j.boolean("key", a.key);
    j.text("name", a.name);
    j.number("per_hour", a.per_hour);
    j.number("per_second", a.per_second);
    j.number("per_trans", a.per_trans);
    j.text("raw_name", a.raw_name);
    j.number("total", a.total);
  });
  j.rows("addm_findings", s.addm_findings, [&](const AddmFinding& f) {
    j.text("name", f.name);
    j.number("pct_active_sessions", f.pct_active_sessions);
    j.number("task_avg_active_sessions", f.task_avg_active_sessions);
    j.text_or_null("task_name", f.task_name);
  });
  j.integer("awrdiff_snapshot", snapshot_json_version);  // the format's major version
  j.rows("background_events", s.background_events, [&](const WaitEvent& e) { event_fields(j, e); });
  j.object("cache_sizes", [&] {
    const auto& c = s.cache_sizes;
    j.number("buffer_cache_begin_bytes", c.buffer_cache_begin_bytes);
    j.number("buffer_cache_end_bytes", c.buffer_cache_end_bytes);
    j.number("in_memory_area_begin_bytes", c.in_memory_area_begin_bytes);
    j.number("in_memory_area_end_bytes", c.in_memory_area_end_bytes);
    j.number("log_buffer_bytes", c.log_buffer_bytes);
    j.number("shared_pool_begin_bytes", c.shared_pool_begin_bytes);
    j.number("shared_pool_end_bytes", c.shared_pool_end_bytes);
    j.number("std_block_size_bytes", c.std_block_size_bytes);
  });
  j.object("database", [&] { database_fields(j, s.database); });
  if (with_diagnostics)
    j.rows("diagnostics", s.diagnostics, [&](const Diagnostic& d) {
      j.text("level", d.level == Diagnostic::Level::info ? "info" : "warning");
      j.integer("line", d.line);
      j.text("message", d.message);
      j.text("section", d.section);
    });
  j.rows("dictionary_cache", s.dictionary_cache, [&](const DictionaryCacheStat& d) {
    j.text("cache", d.name);
    j.number("final_usage", d.final_usage);
    j.number("get_requests", d.get_requests);
    j.number("mod_requests", d.mod_requests);
    j.number("pct_miss", d.pct_miss);
    j.number("scan_requests", d.scan_requests);
  });
  j.rows("enqueues", s.enqueues, [&](const EnqueueStat& e) {
    j.number("avg_wait_ms", e.avg_wait_ms);
    j.number("failed_gets", e.failed_gets);
    j.text("name", e.name);
    j.number("requests", e.requests);
    j.number("succ_gets", e.succ_gets);
    j.number("wait_time_s", e.wait_time_s);
    j.number("waits", e.waits);
  });
  j.rows("file_io", s.file_io, [&](const TablespaceIo& r) { io_fields(j, r); });
  j.rows("foreground_events", s.foreground_events, [&](const WaitEvent& e) { event_fields(j, e); });
  j.rows("foreground_wait_classes", s.foreground_wait_classes, [&](const WaitClassRow& w) { wait_class_fields(j, w); });
  j.text("format", to_string(s.format));
  j.rows("global_cache", s.global_cache, [&](const GlobalCacheStat& g) {
    j.text("name", g.name);
    j.number("per_second", g.per_second);
    j.number("per_transaction", g.per_transaction);
    j.text("section", g.section);
    j.number("value", g.value);
  });
  j.boolean("has_sql_sections", s.has_sql_sections);
  j.object("host_cpu", [&] {
    const auto& h = s.host_cpu;
    j.number("load_average_begin", h.load_average_begin);
    j.number("load_average_end", h.load_average_end);
    j.number("pct_idle", h.pct_idle);
    j.number("pct_system", h.pct_system);
    j.number("pct_user", h.pct_user);
    j.number("pct_wio", h.pct_wio);
  });
  j.rows("instance_rows", s.instance_rows, [&](const InstanceRow& i) {
    j.number("average_active_sessions", i.average_active_sessions);
    j.number("db_cpu_s", i.db_cpu_s);
    j.number("db_time_s", i.db_time_s);
    j.number("elapsed_s", i.elapsed_s);
    j.text_or_null("host", i.host);
    j.text_or_null("instance", i.instance);
    j.integer("instance_number", i.instance_number);
    j.text_or_null("platform", i.platform);
    j.text_or_null("release", i.release);
    j.text_or_null("startup_time", i.startup_time);
  });
  j.object("interval", [&] { interval_fields(j, s); });
  j.text_or_null("invalid_reason", s.invalid_reason);
  j.rows("iostat_filetype", s.iostat_filetype, [&](const IoStatRow& r) { iostat_fields(j, r); });
  j.rows("iostat_function", s.iostat_function, [&](const IoStatRow& r) { iostat_fields(j, r); });
  j.text("kind", to_string(s.kind));
  j.rows("latches", s.latches, [&](const LatchStat& l) {
    j.number("avg_sleeps_per_miss", l.avg_sleeps_per_miss);
    j.number("get_requests", l.get_requests);
    j.number("misses", l.misses);
    j.text("name", l.name);
    j.number("nowait_requests", l.nowait_requests);
    j.number("pct_get_miss", l.pct_get_miss);
    j.number("pct_nowait_miss", l.pct_nowait_miss);
    j.number("sleeps", l.sleeps);
    j.number("spin_gets", l.spin_gets);
    j.number("wait_time_s", l.wait_time_s);
  });
  j.rows("library_cache", s.library_cache, [&](const LibraryCacheStat& l) {
    j.number("get_requests", l.get_requests);
    j.number("invalidations", l.invalidations);
    j.text("namespace", l.name);
    j.number("pct_get_miss", l.pct_get_miss);
    j.number("pct_pin_miss", l.pct_pin_miss);
    j.number("pin_requests", l.pin_requests);
    j.number("reloads", l.reloads);
  });
  j.rows("load_profile", s.load_profile, [&](const LoadProfileRow& r) {
    j.text("key", r.key);
    j.text("label", r.label);
    j.number("per_call", r.per_call);
    j.number("per_exec", r.per_exec);
    j.number("per_second", r.per_second);
    j.number("per_transaction", r.per_transaction);
  });
  j.rows("mutex_sleeps", s.mutex_sleeps, [&](const MutexSleep& m) {
    j.text("location", m.location);
    j.text("mutex_type", m.mutex_type);
    j.number("sleeps", m.sleeps);
    j.number("wait_time_ms", m.wait_time_ms);
  });
  j.rows("os_stats", s.os_stats, [&](const OsStat& o) {
    j.number("end_value", o.end_value);
    j.text("name", o.name);
    j.number("value", o.value);
  });
  j.rows("other_sections", s.other_tables, [&](const GenericTable& g) {
    j.key("columns");
    j.begin_array();
    for (std::size_t i = 0; i < g.headers.size(); ++i) {
      j.begin_object();
      j.text("column", i < g.columns.size() ? std::string_view(g.columns[i]) : "unknown");
      j.text("header", g.headers[i]);
      j.text("unit", i < g.units.size() ? std::string_view(g.units[i]) : "none");
      j.end_object();
    }
    j.end_array();
    j.boolean("known", g.known);
    j.integer("rows", g.rows.size());
    j.text("section", g.section);
    j.text("title", g.title);
  });
  j.rows("parameters", s.parameters, [&](const Parameter& p) {
    j.text("begin_value", p.begin_value);
    j.boolean("changed", p.changed());
    j.text_or_null("end_value", p.end_value);
    j.boolean("is_default", p.is_default);
    j.text("name", p.name);
    j.text_or_null("pdb", p.pdb);
  });
  j.rows("segments", s.segments, [&](const SegmentStat& g) {
    j.text("list", g.list);
    j.text("object", g.object);
    j.text("owner", g.owner);
    j.number("pct_total", g.pct_total);
    j.text_or_null("subobject", g.subobject);
    j.text_or_null("tablespace", g.tablespace);
    j.text_or_null("type", g.type);
    j.number("value", g.value);
  });
  j.text("source", s.source);
  j.rows("sql", s.sql, [&](const SqlStat& q) { sql_fields(j, q); });
  j.number("sql_elapsed_cutoff_s", s.sql_elapsed_cutoff_s);
  j.rows("tablespace_io", s.tablespace_io, [&](const TablespaceIo& r) { io_fields(j, r); });
  j.rows("time_model", s.time_model, [&](const TimeModelRow& r) {
    j.text("name", r.name);
    j.number("pct_db_time", r.pct_db_time);
    j.number("time_s", r.time_s);
  });
  j.boolean("timings_valid", s.timings_valid);
  j.rows("top_events", s.top_events, [&](const WaitEvent& e) { event_fields(j, e); });
  j.boolean("truncated", s.truncated);  // no "End of Report": later sections may be missing
  j.rows("undo", s.undo, [&](const UndoSummary& u) {
    j.number("max_query_length_s", u.max_query_length_s);
    j.number("max_tx_concurrency", u.max_tx_concurrency);
    j.text_or_null("sto_oos", u.sto_oos);
    j.number("transactions", u.transactions);
    j.text_or_null("tuned_retention", u.tuned_retention);
    j.number("undo_blocks", u.undo_blocks);
    j.text("undo_tablespace", u.undo_tablespace);
  });
  j.boolean("valid", s.valid);
  j.rows("wait_classes", s.wait_classes, [&](const WaitClassRow& w) { wait_class_fields(j, w); });
  j.rows("wait_histograms", s.wait_histograms, [&](const WaitHistogramRow& h) {
    j.text("event", h.event);
    j.key("pct_waits");
    histogram_buckets(j, h.buckets);
    j.text("raw_name", h.raw_name);
    j.text("section", h.section);
    j.number("total_waits", h.total_waits);
  });
}

// The text, with the final newline.
std::string take(rapidjson::StringBuffer& buffer) {
  buffer.Put('\n');
  return std::string(buffer.GetString(), buffer.GetSize());
}

// Room for a snapshot's JSON, so the buffer is not grown (and copied) a score of times: about
// 300 bytes a row of every section plus the SQL text, which is most of a large report's JSON.
std::size_t json_size_hint(const Snapshot& s) {
  std::size_t size = 64 * 1024;
  for (const auto& q : s.sql) size += q.text.size() + 1024;
  size += 300 * (s.activity.size() + s.parameters.size() + s.latches.size() + s.segments.size() + s.file_io.size() +
                 s.tablespace_io.size() + s.wait_histograms.size() + s.foreground_events.size() +
                 s.background_events.size());
  return size;
}

}  // namespace

std::string snapshot_json_text(const Snapshot& snapshot, bool with_diagnostics) {
  rapidjson::StringBuffer buffer(nullptr, json_size_hint(snapshot));
  Json j(buffer);
  j.begin_object();
  snapshot_fields(j, snapshot, with_diagnostics);
  j.end_object();
  return take(buffer);
}

std::string snapshots_json_text(const std::vector<LoadResult>& results, bool with_diagnostics) {
  std::size_t hint = 1024;
  for (const auto& r : results)
    if (r.snapshot) hint += json_size_hint(*r.snapshot);
  rapidjson::StringBuffer buffer(nullptr, hint);
  Json j(buffer);
  j.begin_array();
  for (const auto& r : results) {
    j.begin_object();
    if (r.snapshot) {
      j.text("file", r.file.string());
      j.object("snapshot", [&] { snapshot_fields(j, *r.snapshot, with_diagnostics); });
    } else {
      if (r.error) j.text("error", r.error->what());
      j.text("file", r.file.string());
    }
    j.end_object();
  }
  j.end_array();
  return take(buffer);
}

}  // namespace awrdiff
