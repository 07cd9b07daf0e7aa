// The fields of the snapshot JSON, listed once for the writer (src/json/snapshot_json_write.cpp) and the
// reader (src/json/snapshot_json_read.cpp): each function below names every key of one object and the model field it
// holds, and is run with the writer's or the reader's visitor. A field added here is written and read.
// The lists of the sections declared with a field binding (include/awrdiff/section_fields.hpp,
// k_bound_sections: mutex sleeps, enqueues, library and dictionary cache, undo, latches, tablespace and file
// I/O, OS statistics, ADDM findings) are not listed here: WithBoundLists writes and reads each under its
// declared key, in the keys' order, and bound_fields walks its binding, so a section or a field declared
// there is read, written and read back.
//
// Keys are listed in byte-wise ascending order: the writer writes them in the order listed, and the
// text has every object's keys in that order (tests/unit/render/snapshot_json_test.cpp checks it).
//
// A visitor V has, for a key `k` and a model field `x` (const for the writer):
//   number(k, OptDouble)            a double or null
//   integer(k, T / optional<T>)     an integer (null when absent)
//   text(k, string)                 a string
//   text_or_null(k, string)         a string, null when empty
//   text_if_any(k, string)          a string, the key left out when empty
//   boolean(k, bool / optional<bool>)
//   texts(k, vector<string>)        an array of strings
//   enumeration(k, E)               the name of an enumerator (enum_name, enum_values below)
//   rows(k, vector<T>, f)           an array of objects, f(V&, T&) for each
//   object(k, f)                    an object, f(V&)
//   computed(k, f[, x])             f(): a value the model computes (written; read into x if given,
//                                   else not read)
//   version(k)                      snapshot_json_version
//   with_diagnostics()              whether `diagnostics` is there
//   histogram(k, vector<HistogramBucket>), generic_columns(k, GenericTable), cells(k, rows):
//                                   the three objects of their own shape (see the visitors)
#pragma once

#include <awrdiff/error.hpp>
#include <awrdiff/model.hpp>
#include <awrdiff/section_fields.hpp>
#include <awrdiff/snapshot_json.hpp>

#include <array>
#include <cstddef>
#include <iterator>
#include <string_view>
#include <type_traits>
#include <utility>

namespace awrdiff::detail::snapshot_json {

// ---- enumerations: their names in the text -------------------------------------------------------

inline const char* enum_name(ReportKind k) { return to_string(k); }
inline const char* enum_name(ReportFormat f) { return to_string(f); }
inline const char* enum_name(ContainerScope c) { return to_string(c); }
inline const char* enum_name(Diagnostic::Level l) { return l == Diagnostic::Level::info ? "info" : "warning"; }

/// Every enumerator of E, for the reader.
template <class E>
struct EnumValues;
template <>
struct EnumValues<ReportKind> {
  static constexpr ReportKind values[] = {ReportKind::awr_instance, ReportKind::awr_global, ReportKind::statspack};
};
template <>
struct EnumValues<ReportFormat> {
  static constexpr ReportFormat values[] = {ReportFormat::html, ReportFormat::text};
};
template <>
struct EnumValues<ContainerScope> {
  static constexpr ContainerScope values[] = {ContainerScope::database, ContainerScope::cdb_root, ContainerScope::pdb};
};
template <>
struct EnumValues<Diagnostic::Level> {
  static constexpr Diagnostic::Level values[] = {Diagnostic::Level::info, Diagnostic::Level::warning};
};

// ---- the objects -------------------------------------------------------------------------------

/// Field `K` of a bound row struct's table (section_fields.hpp): a number, or a text written as its
/// binding says (always, null when empty, left out when empty).
template <std::size_t K, class V, class T>
void bound_field(V& j, T& row) {
  constexpr auto f = RowBinding<std::remove_const_t<T>>::fields[K];
  if constexpr (f.number != nullptr) j.number(f.json_key, row.*f.number);
  else if constexpr (f.json_text == JsonText::text_or_null) j.text_or_null(f.json_key, row.*f.text);
  else if constexpr (f.json_text == JsonText::text_if_any) j.text_if_any(f.json_key, row.*f.text);
  else j.text(f.json_key, row.*f.text);
}

/// Every field of a row struct with a binding (RowBinding), in byte-wise order of their keys
/// (json_order): the binding is the field list of these objects. Unrolled at compile time, so the
/// writer does what a hand-written list would.
template <class V, class T>
void bound_fields(V& j, T& row) {
  static constexpr auto order = json_order<std::remove_const_t<T>>();
  [&]<std::size_t... I>(std::index_sequence<I...>) { (bound_field<order[I]>(j, row), ...); }
  (std::make_index_sequence<order.size()>{});
}

template <class V, class T>
void event_fields(V& j, T& e) {
  j.number("avg_wait_ms", e.avg_wait_ms);
  j.boolean("is_cpu", e.is_cpu);
  j.boolean("is_idle", e.is_idle);
  j.text("name", e.name);
  j.number("pct_db_time", e.pct_db_time);
  j.number("time_s", e.time_s);
  j.text_or_null("wait_class", e.wait_class);
  j.number("waits", e.waits);
}

template <class V, class T>
void wait_class_fields(V& j, T& w) {
  j.number("avg_wait_ms", w.avg_wait_ms);
  j.text("name", w.name);
  j.number("pct_db_time", w.pct_db_time);
  j.number("time_s", w.time_s);
  j.number("waits", w.waits);
}

template <class V, class T>
void iostat_fields(V& j, T& r) {
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

template <class V, class T>
void database_fields(V& j, T& d) {
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
  j.enumeration("scope", d.scope);
  j.number("sockets", d.sockets);
  j.text_or_null("startup_time", d.startup_time);
  j.text_or_null("unique_name", d.unique_name);
}

// `db_time_s` is Snapshot::db_time_s(): the time model's DB time, else the header's, which is
// Interval::db_time_s. The reader reads it there, and leaves it empty again when the time model has
// DB time (then the header's own figure is not in the text).
template <class V, class S>
void interval_fields(V& j, S& s) {
  auto& iv = s.interval;
  j.computed("average_active_sessions", [&] { return s.average_active_sessions(); });
  j.number("begin_cursors_per_session", iv.begin_cursors_per_session);
  j.number("begin_sessions", iv.begin_sessions);
  j.integer("begin_snap", iv.begin_snap);
  j.text_or_null("begin_time", iv.begin_time);
  j.computed("db_cpu_s", [&] { return s.db_cpu_s(); });
  j.computed(
      "db_time_s", [&] { return s.db_time_s(); }, iv.db_time_s);
  j.number("elapsed_s", iv.elapsed_s);
  j.number("end_cursors_per_session", iv.end_cursors_per_session);
  j.number("end_sessions", iv.end_sessions);
  j.integer("end_snap", iv.end_snap);
  j.text_or_null("end_time", iv.end_time);
  j.number("header_db_cpu_s", iv.header_db_cpu_s);
  j.boolean("pdb_snapshots", iv.pdb_snapshots);
  j.text_if_any("replay_role", iv.replay_role);
  j.computed("unaccounted_db_time_s", [&] { return s.unaccounted_db_time_s(); });
}

template <class V, class T>
void sql_fields(V& j, T& q) {
  j.number("buffer_gets", q.buffer_gets);
  j.number("cpu_s", q.cpu_s);
  j.computed("elapsed_per_exec_s", [&] { return q.elapsed_per_exec_s(); });
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

/// The snapshot object's visitor with the lists of the bound sections (k_bound_sections, section_fields.hpp)
/// merged into its keys: before each key, the bound lists whose keys come before it (byte-wise), the rest at
/// the end. So a section declared there is written and read without a line here.
template <class V, class S>
class WithBoundLists {
public:
  WithBoundLists(V& j, S& s) : m_j(j), m_s(s) {}
  template <class... A>
  void rows(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.rows(k, std::forward<A>(a)...);
  }
  template <class... A>
  void object(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.object(k, std::forward<A>(a)...);
  }
  template <class... A>
  void text(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.text(k, std::forward<A>(a)...);
  }
  template <class... A>
  void text_or_null(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.text_or_null(k, std::forward<A>(a)...);
  }
  template <class... A>
  void number(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.number(k, std::forward<A>(a)...);
  }
  template <class... A>
  void boolean(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.boolean(k, std::forward<A>(a)...);
  }
  template <class... A>
  void enumeration(std::string_view k, A&&... a) {
    lists_before(k);
    m_j.enumeration(k, std::forward<A>(a)...);
  }
  void version(std::string_view k) {
    lists_before(k);
    m_j.version(k);
  }
  bool with_diagnostics() const { return m_j.with_diagnostics(); }
  /// The bound lists whose keys come after every other key.
  void finish() {
    while (m_next < k_count) k_write[k_order[m_next++]](m_j, m_s);
  }

private:
  static constexpr std::size_t k_count = std::size(k_bound_sections);
  template <SectionReader R>
  static void write(V& j, S& s) {
    j.rows(BoundSection<R>::key, s.*BoundSection<R>::list, [](V& o, auto& r) { bound_fields(o, r); });
  }
  static constexpr auto k_write = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<void (*)(V&, S&), k_count>{&write<k_bound_sections[I]>...};
  }
  (std::make_index_sequence<k_count>{});
  static constexpr auto k_keys = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<std::string_view, k_count>{BoundSection<k_bound_sections[I]>::key...};
  }
  (std::make_index_sequence<k_count>{});
  static constexpr auto k_order = [] {  // k_bound_sections by key, byte-wise
    std::array<std::size_t, k_count> order{};
    for (std::size_t i = 0; i < k_count; ++i) order[i] = i;
    for (std::size_t i = 1; i < k_count; ++i)
      for (std::size_t k = i; k > 0 && k_keys[order[k]] < k_keys[order[k - 1]]; --k) std::swap(order[k], order[k - 1]);
    return order;
  }();
  void lists_before(std::string_view k) {
    while (m_next < k_count && k_keys[k_order[m_next]] < k) k_write[k_order[m_next++]](m_j, m_s);
  }
  V& m_j;
  S& m_s;
  std::size_t m_next = 0;
};

/// snapshot_fields' first part: the keys from "activity" to "interval", in key order.
template <class V, class S>
void fields_activity_to_interval(WithBoundLists<V, S>& j, S& s) {
  j.rows("activity", s.activity, [](V& o, auto& a) {
    o.number("begin_value", a.begin_value);
    o.number("end_value", a.end_value);
    o.boolean("key", a.key);
    o.text("name", a.name);
    o.number("per_hour", a.per_hour);
    o.number("per_second", a.per_second);
    o.number("per_trans", a.per_trans);
    o.text("raw_name", a.raw_name);
    o.number("total", a.total);
  });
  j.version("awrdiff_snapshot");  // the format's major version
  j.rows("background_events", s.background_events, [](V& o, auto& e) { event_fields(o, e); });
  j.object("cache_sizes", [&](V& o) {
    auto& c = s.cache_sizes;
    o.number("buffer_cache_begin_bytes", c.buffer_cache_begin_bytes);
    o.number("buffer_cache_end_bytes", c.buffer_cache_end_bytes);
    o.number("in_memory_area_begin_bytes", c.in_memory_area_begin_bytes);
    o.number("in_memory_area_end_bytes", c.in_memory_area_end_bytes);
    o.number("log_buffer_bytes", c.log_buffer_bytes);
    o.number("shared_pool_begin_bytes", c.shared_pool_begin_bytes);
    o.number("shared_pool_end_bytes", c.shared_pool_end_bytes);
    o.number("std_block_size_bytes", c.std_block_size_bytes);
  });
  j.object("database", [&](V& o) { database_fields(o, s.database); });
  if (j.with_diagnostics())
    j.rows("diagnostics", s.diagnostics, [](V& o, auto& d) {
      o.enumeration("level", d.level);
      o.integer("line", d.line);
      o.text("message", d.message);
      o.text("section", d.section);
    });
  j.rows("efficiency", s.efficiency, [](V& o, auto& r) {
    o.text("key", r.key);
    o.text("label", r.label);
    o.number("pct", r.pct);
  });
  j.rows("foreground_events", s.foreground_events, [](V& o, auto& e) { event_fields(o, e); });
  j.rows("foreground_wait_classes", s.foreground_wait_classes, [](V& o, auto& w) { wait_class_fields(o, w); });
  j.enumeration("format", s.format);
  j.rows("global_cache", s.global_cache, [](V& o, auto& g) {
    o.text("name", g.name);
    o.number("per_second", g.per_second);
    o.number("per_transaction", g.per_transaction);
    o.text("section", g.section);
    o.number("value", g.value);
  });
  j.boolean("has_sql_sections", s.has_sql_sections);
  j.object("host_cpu", [&](V& o) {
    auto& h = s.host_cpu;
    o.number("load_average_begin", h.load_average_begin);
    o.number("load_average_end", h.load_average_end);
    o.number("pct_idle", h.pct_idle);
    o.number("pct_system", h.pct_system);
    o.number("pct_user", h.pct_user);
    o.number("pct_wio", h.pct_wio);
  });
  j.rows("instance_rows", s.instance_rows, [](V& o, auto& i) {
    o.number("average_active_sessions", i.average_active_sessions);
    o.number("db_cpu_s", i.db_cpu_s);
    o.number("db_time_s", i.db_time_s);
    o.number("elapsed_s", i.elapsed_s);
    o.text_or_null("host", i.host);
    o.text_or_null("instance", i.instance);
    o.integer("instance_number", i.instance_number);
    o.text_or_null("platform", i.platform);
    o.text_or_null("release", i.release);
    o.text_or_null("startup_time", i.startup_time);
  });
  j.object("interval", [&](V& o) { interval_fields(o, s); });
}

/// snapshot_fields' second part: the keys from "invalid_reason" to "wait_histograms", in key order.
template <class V, class S>
void fields_invalid_reason_to_wait_histograms(WithBoundLists<V, S>& j, S& s) {
  j.text_or_null("invalid_reason", s.invalid_reason);
  j.rows("iostat_filetype", s.iostat_filetype, [](V& o, auto& r) { iostat_fields(o, r); });
  j.rows("iostat_function", s.iostat_function, [](V& o, auto& r) { iostat_fields(o, r); });
  j.enumeration("kind", s.kind);
  j.rows("load_profile", s.load_profile, [](V& o, auto& r) {
    o.text("key", r.key);
    o.text("label", r.label);
    o.number("per_call", r.per_call);
    o.number("per_exec", r.per_exec);
    o.number("per_second", r.per_second);
    o.number("per_transaction", r.per_transaction);
  });
  // Tables not interpreted: their columns and their cells as printed.
  j.rows("other_sections", s.other_tables, [](V& o, auto& g) {
    o.generic_columns("columns", g);
    o.boolean("known", g.known);
    o.cells("rows", g.rows);
    o.text("section", g.section);
    o.text("title", g.title);
  });
  j.rows("parameters", s.parameters, [](V& o, auto& p) {
    o.text("begin_value", p.begin_value);
    o.computed("changed", [&] { return p.changed(); });
    o.text_or_null("end_value", p.end_value);
    o.boolean("is_default", p.is_default);
    o.text("name", p.name);
    o.text_or_null("pdb", p.pdb);
  });
  j.rows("segments", s.segments, [](V& o, auto& g) {
    o.text("list", g.list);
    o.text("object", g.object);
    o.text("owner", g.owner);
    o.number("pct_total", g.pct_total);
    o.text_or_null("subobject", g.subobject);
    o.text_or_null("tablespace", g.tablespace);
    o.text_or_null("type", g.type);
    o.number("value", g.value);
  });
  j.text("source", s.source);
  j.rows("sql", s.sql, [](V& o, auto& q) { sql_fields(o, q); });
  j.number("sql_elapsed_cutoff_s", s.sql_elapsed_cutoff_s);
  j.rows("time_model", s.time_model, [](V& o, auto& r) {
    o.text("name", r.name);
    o.number("pct_db_time", r.pct_db_time);
    o.number("time_s", r.time_s);
  });
  j.boolean("timings_valid", s.timings_valid);
  j.rows("top_events", s.top_events, [](V& o, auto& e) { event_fields(o, e); });
  j.boolean("truncated", s.truncated);  // no "End of Report": later sections may be missing
  j.boolean("valid", s.valid);
  j.rows("wait_classes", s.wait_classes, [](V& o, auto& w) { wait_class_fields(o, w); });
  j.rows("wait_histograms", s.wait_histograms, [](V& o, auto& h) {
    o.text("event", h.event);
    o.histogram("pct_waits", h.buckets);
    o.text("raw_name", h.raw_name);
    o.text("section", h.section);
    o.number("total_waits", h.total_waits);
  });
}

/// The whole snapshot object: every key but the bound sections' lists, which WithBoundLists adds in order.
template <class V, class S>
void snapshot_fields(V& visitor, S& s) {
  WithBoundLists<V, S> j(visitor, s);
  fields_activity_to_interval(j, s);
  fields_invalid_reason_to_wait_histograms(j, s);
  j.finish();
}

}  // namespace awrdiff::detail::snapshot_json
